// Adjudication: a match game ended before the rules end it, to save time once the outcome is
// clear from the engines' own scores (cutechess's and fastchess's -draw, -resign and -maxmoves).
// The rules of chess come first: the runner asks these only while the game is not over.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "match/config.hpp"
#include "match/game_end.hpp"

namespace chess960::match {

class Adjudicator {
  public:
    Adjudicator(std::optional<DrawAdjudication> draw, std::optional<ResignAdjudication> resign,
                int max_moves);

    // Before the next move, with `plies` played: a draw once each side has made `max_moves`.
    std::optional<GameEnd> before_move(int plies) const;
    // After `mover`'s move, with the score its engine gave (centipawns from its side; none
    // when it gave none, which breaks any run) and the move number of the position now on the
    // board: a resignation (checked first), or a draw.
    std::optional<GameEnd> after_move(Color mover, std::optional<int> score, int fullmove_number);

  private:
    // The last `count` scores of `c`, newest first; empty if it has made fewer moves.
    std::vector<std::optional<int>> last_scores(Color c, int count) const;

    std::optional<DrawAdjudication> draw_;
    std::optional<ResignAdjudication> resign_;
    int max_moves_;
    std::vector<std::pair<Color, std::optional<int>>> scores_;  // each move's, in order
};

}  // namespace chess960::match
