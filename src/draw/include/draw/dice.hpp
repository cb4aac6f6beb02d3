// Drawing a start position with an ordinary six-sided die, by a published procedure in which each
// of the 960 is exactly equally likely (docs/event-draw.md; FIDE Guidelines II.2 allow a draw
// "using dice"). The pieces go onto White's first rank one at a time, each throw choosing among
// the squares still allowed; a face that chooses nothing is thrown again.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chess960/startpos.hpp"

namespace chess960::dice {

// One counted throw of the procedure.
struct Step {
    std::string_view piece;  // "light-squared bishop"
    int faces;               // the faces 1..faces count; a higher face is thrown again
    std::string_view rule;   // what a counted face means
};

// The five steps, in order.
const std::vector<Step>& steps();

class Procedure {
  public:
    enum class Outcome { Placed, ThrowAgain };

    Procedure();
    // The step the next throw is for; only while !complete().
    const Step& next() const;
    // Takes one throw (1..6; std::invalid_argument otherwise): the piece is placed, or the face
    // does not count for this step and the die is thrown again. Only while !complete().
    Outcome take(int face);
    bool complete() const { return step_ == steps().size(); }
    std::size_t counted_throws() const { return step_; }
    // After a Placed outcome: "light-squared bishop on f1".
    std::string last_placement() const { return last_; }
    // The last three squares, which get rook, king, rook with no throw: "b1, d1, e1" (complete).
    std::string rook_king_rook_squares() const;
    // The finished arrangement and its number (complete).
    startpos::BackRank back_rank() const;
    int number() const;

  private:
    startpos::BackRank rank_;
    std::size_t step_ = 0;
    std::string last_;
    std::string rest_;
};

// The procedure as an arbiter reads it aloud or prints it (`chess960 dice --explain`).
std::string explanation();

}  // namespace chess960::dice
