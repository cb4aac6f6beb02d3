// A PGN text cut into chunks of whole games, each read on its own (on another thread) with the
// same calls to the visitor as one reader of the whole text would make.
//
// A chunk ends before a line where every reader starts a new game, whatever it was doing: a tag
// pair [Name "value"] whose previous line with content (blank and % lines do not count) holds
// no '[' first and no binary data. After movetext with or without a result, and after a comment
// left open, the reader takes such a line for the next game; after tags or binary data it
// might not, and the text is not cut there. The chunk also carries that line (the sentinel):
// its reader sees the next game begin, so a game cut off without a result gets the message a
// reader of the whole text gives ("no result (a new game starts at line N)"), and the next
// game's calls are dropped (they belong to the next chunk).
#pragma once

#include <istream>
#include <string>

#include "chess960/pgn.hpp"

namespace chess960::cli {

struct PgnChunk {
    std::string text;        // the chunk's lines, then the sentinel line if there is one
    long first_line = 1;     // the line number of the chunk's first line in the whole text
    long sentinel_line = 0;  // the next chunk's first line, or 0 for the last chunk
};

// Cuts a stream into chunks of about `target` bytes (more when no line allows a cut).
class PgnChunker {
  public:
    PgnChunker(std::istream& in, std::size_t target) : in_(in), target_(target) {}
    // The next chunk; false at the end of the input.
    bool next(PgnChunk& chunk);

  private:
    // The start of the last line of pending_ (before `limit`) where a chunk may end, or 0.
    std::size_t cut_before(std::size_t limit) const;

    std::istream& in_;
    std::size_t target_;
    std::string pending_;
    long line_ = 1;
    bool eof_ = false;
};

// Reads the games of `chunk` into `visitor` (game numbers from 1 within the chunk, line numbers
// of the whole text); returns the number of games.
long read_chunk(const PgnChunk& chunk, pgn::Visitor& visitor);

}  // namespace chess960::cli
