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
// game's calls are dropped (they belong to the next chunk). A line longer than the reader keeps
// (pgn::kMaxLineBytes) is never such a line: the reader skips it.
//
// A chunk holds at most `max_bytes` (twice the longest game the reader reads, pgn::kMaxGameBytes,
// or more): where the input has no line to cut at within that (a line without end, a game or
// a run of games without tags that long), the rest of the input is left to one reader
// (has_rest, rest), so that memory stays bounded.
#pragma once

#include <istream>
#include <memory>
#include <streambuf>
#include <string>

#include "chess960/pgn.hpp"

namespace chess960::cli {

struct PgnChunk {
    std::string text;        // the chunk's lines, then the sentinel line if there is one
    long first_line = 1;     // the line number of the chunk's first line in the whole text
    long sentinel_line = 0;  // the next chunk's first line, or 0 for the last chunk
};

// Cuts a stream into chunks of about `target` bytes (more when no line allows a cut, up to
// max_chunk_bytes(target)).
class PgnChunker {
  public:
    PgnChunker(std::istream& in, std::size_t target);
    ~PgnChunker();
    PgnChunker(const PgnChunker&) = delete;
    PgnChunker& operator=(const PgnChunker&) = delete;

    // The largest chunk for a target size.
    static std::size_t max_chunk_bytes(std::size_t target);
    // The next chunk; false at the end of the input, or where the rest is left to one reader.
    bool next(PgnChunk& chunk);
    // After next() returned false: whether input is left that has no line to cut at within
    // the largest chunk; rest() is then that input, from line rest_line() of the whole text.
    bool has_rest() const { return has_rest_; }
    std::istream& rest();
    long rest_line() const { return line_; }

  private:
    // The start of the last line of pending_ (before `limit`) where a chunk may end, or 0.
    std::size_t cut_before(std::size_t limit) const;

    std::istream& in_;
    std::size_t target_, max_bytes_;
    std::string pending_;
    long line_ = 1;
    bool eof_ = false;
    bool has_rest_ = false;
    std::unique_ptr<std::streambuf> rest_buffer_;
    std::unique_ptr<std::istream> rest_;
};

// Reads the games of `chunk` into `visitor` (game numbers from 1 within the chunk, line numbers
// of the whole text); returns the number of games.
long read_chunk(const PgnChunk& chunk, pgn::Visitor& visitor);

}  // namespace chess960::cli
