// `chess960 pgn ...` subcommands. Each returns the exit status. Inputs may be plain or
// compressed (zstd, gzip, bzip2); `threads` > 1 replays games on that many threads, with the
// same output as one.
#pragma once

#include <string>
#include <vector>

namespace chess960::cli {

int pgn_check(const std::vector<std::string>& files, int threads);
int pgn_normalize(const std::string& path, int threads);
int pgn_stats(const std::string& path, int threads);
// ply < 0: the final position; only_game <= 0: every game.
int pgn_fen(const std::string& path, long only_game, long ply, int threads);

}  // namespace chess960::cli
