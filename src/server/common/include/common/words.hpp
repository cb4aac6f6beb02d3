// The API's words for colours, terminations and results, and the sentence a person reads.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chess960/online_game.hpp"

namespace chess960::server {

// Colours are the library's words: color_name ("white") and color_title ("White"),
// chess960/types.hpp.
std::optional<Color> parse_color(std::string_view text);

// "checkmate", "resignation", "time", ...; nullptr for Termination::None.
const char* termination_word(Termination t);
inline constexpr const char* kAbortedWord = "aborted";
// Back from a stored word and result (a time forfeit is a draw when the opponent can't mate).
Termination termination_from_word(std::string_view word, GameResult result);
// "active" | "over" | "aborted"
const char* status_word(GameStatus status);

}  // namespace chess960::server
