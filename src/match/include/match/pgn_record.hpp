// The PGN of a match game, as --pgn writes it: the tags (the seven-tag roster, TimeControl,
// Termination and the StartPosition label), each move with the engine's evaluation as its
// comment, and how the game ended as the last comment.
#pragma once

#include <string>

#include "chess960/pgn.hpp"
#include "match/game_end.hpp"
#include "match/uci_engine.hpp"

namespace chess960::match {

// What the tags say besides the result and the termination.
struct GameTags {
    std::string event;
    std::string date;  // "2024.05.01"
    int round = 1;     // the game's number in the match, from 1
    std::string white, black;
    std::string time_control;    // "10+0.1"; "-" with a node or depth limit
    std::string start_position;  // "518", "12:700" (Double Chess960) or "FILE:LINE"
};

class PgnRecord {
  public:
    explicit PgnRecord(const Position& start);
    // A move the engine chose, with its evaluation as comment ("+0.35/12 0.52s").
    void add_move(Move move, const SearchReply& reply);
    // The game in PGN, followed by a blank line.
    std::string write(const GameTags& tags, const GameEnd& end) const;

  private:
    pgn::GameRecord record_;
};

}  // namespace chess960::match
