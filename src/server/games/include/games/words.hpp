// The API's words for colours, terminations and results, and the sentence a person reads.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chess960/online_game.hpp"

namespace chess960::server {

const char* color_name(Color c);   // "white" | "black"
const char* color_title(Color c);  // "White" | "Black"
std::optional<Color> parse_color(std::string_view text);

// "checkmate", "resignation", "time", ...; nullptr for Termination::None.
const char* termination_word(Termination t);
inline constexpr const char* kAbortedWord = "aborted";
// Back from a stored word and result (a time forfeit is a draw when the opponent can't mate).
Termination termination_from_word(std::string_view word, GameResult result);
// "active" | "over" | "aborted"
const char* status_word(GameStatus status);

}  // namespace chess960::server
