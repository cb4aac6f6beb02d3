// `chess960 pgn ...` subcommands. Each returns the exit status.
#pragma once

#include <string>
#include <vector>

namespace chess960::cli {

int pgn_check(const std::vector<std::string>& files);
int pgn_normalize(const std::string& path);
int pgn_stats(const std::string& path);
// ply < 0: the final position; only_game <= 0: every game.
int pgn_fen(const std::string& path, long only_game, long ply);

}  // namespace chess960::cli
