// The evaluation `chess960 match` writes in each engine move's PGN comment ("+0.35/12 0.52s":
// score in pawns from the mover's side, depth, time), and reading it back for the tools that
// learn from match games (tools/tune, tools/nnue).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "match/uci_engine.hpp"

namespace chess960::match {

// The comment of a move: "+0.35/12 0.52s", "-M3/20 0.10s", or only the time when the engine gave
// no score.
std::string move_comment(const SearchReply& reply);

// The comment's score in centipawns: "+0.32/8 0.01s" -> 32, "-1.05/12 0.50s" -> -105; nothing
// for a mate score ("+M3/20 ..."), a comment with only the time, or any other text.
std::optional<int> comment_centipawns(std::string_view comment);

}  // namespace chess960::match
