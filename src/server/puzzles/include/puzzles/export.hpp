// The puzzles as lichess's puzzle CSV (puzzle/csv.hpp), for `chess960 puzzles export`.
#pragma once

#include <ostream>
#include <string>

#include "store/puzzle_store.hpp"

namespace chess960::server::puzzles {

// Every puzzle, in the order they were made, after the header line. A puzzle of this server's
// own game links to `base_url`/game/ID (relative without a base); one of an imported game to
// its Site when that is a URL; each with #PLY, the ply of the puzzle's first move, as lichess's.
void export_csv(PuzzleStore& puzzles, std::ostream& out, const std::string& base_url);

}  // namespace chess960::server::puzzles
