#include "draw/dice.hpp"

#include <stdexcept>

namespace chess960::dice {

namespace {

std::string square_name(int file) { return std::string(1, char('a' + file)) + "1"; }

// The files a counted face chooses from in `step`: the light squares b, d, f, h and the dark
// squares a, c, e, g for the bishops (a1 is dark), then the empty squares from the a-file.
std::vector<int> candidate_files(const startpos::BackRank& rank, std::size_t step) {
    std::vector<int> files;
    if (step == 0) return {1, 3, 5, 7};
    if (step == 1) return {0, 2, 4, 6};
    for (int f = 0; f < 8; ++f)
        if (rank[std::size_t(f)] == NoPieceType) files.push_back(f);
    return files;
}

constexpr PieceType kStepPiece[] = {Bishop, Bishop, Queen, Knight, Knight};

}  // namespace

const std::vector<Step>& steps() {
    static const std::vector<Step> kSteps = {
        {"light-squared bishop", 4, "1, 2, 3, 4 put it on b1, d1, f1, h1"},
        {"dark-squared bishop", 4, "1, 2, 3, 4 put it on a1, c1, e1, g1"},
        {"queen", 6, "1 to 6 put it on the first to sixth empty square"},
        {"first knight", 5, "1 to 5 put it on the first to fifth empty square"},
        {"second knight", 4, "1 to 4 put it on the first to fourth empty square"},
    };
    return kSteps;
}

Procedure::Procedure() { rank_.fill(NoPieceType); }

const Step& Procedure::next() const {
    if (complete()) throw std::logic_error("dice::Procedure::next: the position is complete");
    return steps()[step_];
}

Procedure::Outcome Procedure::take(int face) {
    if (face < 1 || face > 6)
        throw std::invalid_argument("a die shows 1 to 6, not " + std::to_string(face));
    const Step& step = next();
    if (face > step.faces) return Outcome::ThrowAgain;
    const std::vector<int> files = candidate_files(rank_, step_);
    const int file = files[std::size_t(face - 1)];
    rank_[std::size_t(file)] = kStepPiece[step_];
    last_ = std::string(step.piece) + " on " + square_name(file);
    if (++step_ == steps().size()) {
        // Rook, king, rook on the three squares left, from the a-file: the king stands between
        // the rooks (Guidelines II.2.1).
        const std::vector<int> rest = candidate_files(rank_, step_);
        rank_[std::size_t(rest[0])] = Rook;
        rank_[std::size_t(rest[1])] = King;
        rank_[std::size_t(rest[2])] = Rook;
        rest_ = square_name(rest[0]) + ", " + square_name(rest[1]) + ", " + square_name(rest[2]);
    }
    return Outcome::Placed;
}

std::string Procedure::rook_king_rook_squares() const { return rest_; }

startpos::BackRank Procedure::back_rank() const {
    if (!complete()) throw std::logic_error("dice::Procedure::back_rank: not complete");
    return rank_;
}

int Procedure::number() const { return *startpos::number_of(back_rank()); }

std::string explanation() {
    return R"(Drawing a Chess960 start position with one six-sided die

Every one of the 960 start positions is equally likely. Work on White's first rank.
"The n-th empty square" counts the squares still empty, from the a-file.

1. Light-squared bishop: throw. 1, 2, 3, 4 put it on b1, d1, f1, h1.
   On 5 or 6, throw again.
2. Dark-squared bishop: throw. 1, 2, 3, 4 put it on a1, c1, e1, g1.
   On 5 or 6, throw again.
3. Queen: throw. 1 to 6 put it on the n-th of the six empty squares.
4. First knight: throw. 1 to 5 put it on the n-th of the five empty squares.
   On 6, throw again.
5. Second knight: throw. 1 to 4 put it on the n-th of the four empty squares.
   On 5 or 6, throw again.
6. No throw: the three squares left get rook, king, rook, from the a-file
   (the king between the rooks, FIDE Guidelines II.2.1).
Black's pieces stand opposite White's (II.2.3); pawns as in ordinary chess.

Why it is fair: a throw that is repeated does not count, so each counted throw is
equally likely to be any of the faces that count for it. The 4 x 4 x 6 x 5 x 4 = 1920
sequences of counted throws are therefore equally likely, and each start position comes
from exactly two of them (the two knights are alike: either may be placed first), so
each of the 1920 / 2 = 960 positions has probability 1/960.

With the throws typed in, 'chess960 dice' places the pieces the same way and prints the
start position number (Scharnagl numbering), its FEN and a diagram.
)";
}

}  // namespace chess960::dice
