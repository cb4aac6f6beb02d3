// The board classes of the Python module: Move, LegalMoves, Termination, Outcome and Board, a
// python-chess-like face on the library's Game (its positions and moves).
#pragma once

#include <pybind11/pybind11.h>

#include "chess960/game.hpp"
#include "chess960/uci_move.hpp"

namespace chess960::python {

// A board as Python sees it: the game so far and how castling is written in UCI. The current
// position is also kept inline (the game's is behind a vector): move generation from Python
// over many boards reads it without one more cache miss.
class Board {
  public:
    explicit Board(Position start, bool chess960 = true)
        : game_(start), current_(start), chess960_(chess960) {}

    const Game& game() const { return game_; }
    const Position& position() const { return current_; }
    bool chess960() const { return chess960_; }
    void set_chess960(bool on) { chess960_ = on; }
    CastlingMode mode() const {
        return chess960_ ? CastlingMode::Chess960 : CastlingMode::Standard;
    }

    // Plays a legal move (the game's checks: an error if illegal or the game is over).
    Result<void> play(Move m) {
        auto played = game_.play(m);
        if (played) current_ = game_.position();
        return played;
    }
    // Takes back the last move; false if there is none.
    bool undo() {
        if (!game_.undo()) return false;
        current_ = game_.position();
        return true;
    }

  private:
    Game game_;
    Position current_;
    bool chess960_ = true;
};

// Python's piece type numbers (python-chess's: PAWN = 1 .. KING = 6) for the library's.
inline int python_piece_type(PieceType t) { return int(t) + 1; }

void bind_board(pybind11::module_& m);

}  // namespace chess960::python
