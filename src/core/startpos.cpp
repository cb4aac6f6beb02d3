#include "chess960/startpos.hpp"

#include <random>

namespace chess960::startpos {

namespace {

// Knight placements by index into the five empty squares left after bishops and queen.
constexpr int kKnightTable[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                     {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

constexpr char kLetters[] = "PNBRQK";

}  // namespace

Result<BackRank> back_rank(int number) {
    if (number < 0 || number >= kCount)
        return make_error(ErrorCode::InvalidNumber,
                          "start position number " + std::to_string(number) + " is not in 0..959");
    BackRank rank;
    rank.fill(NoPieceType);
    int n = number;
    rank[2 * (n % 4) + 1] = Bishop;  // light-squared bishop: b, d, f, h
    n /= 4;
    rank[2 * (n % 4)] = Bishop;  // dark-squared bishop: a, c, e, g
    n /= 4;
    auto place_nth_empty = [&](int index, PieceType piece) {
        for (int f = 0; f < 8; ++f)
            if (rank[f] == NoPieceType && index-- == 0) {
                rank[f] = piece;
                return;
            }
    };
    place_nth_empty(n % 6, Queen);
    n /= 6;
    // Place the second knight first so the first knight's index is not shifted.
    place_nth_empty(kKnightTable[n][1], Knight);
    place_nth_empty(kKnightTable[n][0], Knight);
    place_nth_empty(0, Rook);
    place_nth_empty(0, King);
    place_nth_empty(0, Rook);
    return rank;
}

Result<int> number_of(const BackRank& rank) {
    int counts[7] = {};
    for (PieceType t : rank) counts[t]++;
    if (counts[King] != 1 || counts[Queen] != 1 || counts[Rook] != 2 || counts[Bishop] != 2 ||
        counts[Knight] != 2)
        return make_error(
            ErrorCode::NotStartPosition,
            "back rank " + to_string(rank) +
                " does not have one king, one queen and two rooks, bishops and knights");
    int light = -1, dark = -1, king = -1, rooks = 0;
    for (int f = 0; f < 8; ++f) {
        if (rank[f] == Bishop) (f % 2 ? light : dark) = f;
        if (rank[f] == King) king = f;
        if (rank[f] == Rook && king < 0) ++rooks;
    }
    if (light < 0 || dark < 0)
        return make_error(
            ErrorCode::NotStartPosition,
            "back rank " + to_string(rank) + ": the bishops stand on squares of one colour");
    if (rooks != 1)
        return make_error(ErrorCode::NotStartPosition,
                          "back rank " + to_string(rank) + ": the king is not between the rooks");
    // Invert the numbering: queen index among the six squares left by the bishops, knight pair
    // among the five left by the queen.
    int queen_index = 0, empties = 0, knights[2], k = 0;
    for (int f = 0; f < 8; ++f) {
        if (rank[f] == Bishop) continue;
        if (rank[f] == Queen) queen_index = empties;
        ++empties;
    }
    empties = 0;
    for (int f = 0; f < 8; ++f) {
        if (rank[f] == Bishop || rank[f] == Queen) continue;
        if (rank[f] == Knight) knights[k++] = empties;
        ++empties;
    }
    int knight_code = 0;
    for (int i = 0; i < 10; ++i)
        if (kKnightTable[i][0] == knights[0] && kKnightTable[i][1] == knights[1]) knight_code = i;
    return ((knight_code * 6 + queen_index) * 4 + dark / 2) * 4 + (light - 1) / 2;
}

std::string to_string(const BackRank& rank) {
    std::string s;
    for (PieceType t : rank) s += t == NoPieceType ? '?' : kLetters[t];
    return s;
}

Result<BackRank> parse_back_rank(std::string_view text) {
    if (text.size() != 8)
        return make_error(ErrorCode::NotStartPosition,
                          "back rank '" + std::string(text) + "' does not have 8 pieces");
    BackRank rank;
    for (int f = 0; f < 8; ++f) {
        Piece p = piece_from_char(char(text[f] & ~0x20));
        if (p == NoPiece || type_of(p) == Pawn)
            return make_error(
                ErrorCode::NotStartPosition,
                "back rank '" + std::string(text) + "': '" + text[f] + "' is not K, Q, R, B or N",
                f + 1);
        rank[f] = type_of(p);
    }
    if (auto n = number_of(rank); !n) return std::unexpected(n.error());
    return rank;
}

Result<Position> position(int number) { return position(number, number); }

Result<Position> position(int white_number, int black_number) {
    auto white = back_rank(white_number);
    if (!white) return std::unexpected(white.error());
    auto black = back_rank(black_number);
    if (!black) return std::unexpected(black.error());
    Setup setup;
    for (int f = 0; f < 8; ++f) {
        setup.board[make_square(f, 0)] = make_piece(White, (*white)[f]);
        setup.board[make_square(f, 1)] = WhitePawn;
        setup.board[make_square(f, 6)] = BlackPawn;
        setup.board[make_square(f, 7)] = make_piece(Black, (*black)[f]);
    }
    for (int f = 0; f < 8; ++f) {
        if ((*white)[f] == Rook) setup.castling_rooks |= square_bb(make_square(f, 0));
        if ((*black)[f] == Rook) setup.castling_rooks |= square_bb(make_square(f, 7));
    }
    return Position::from_setup(setup);
}

Result<Numbers> numbers_of(const Position& pos) {
    auto not_start = [](std::string why) {
        return make_error(ErrorCode::NotStartPosition, "not a Chess960 start position: " + why);
    };
    int number[2];
    for (Color c : {White, Black}) {
        const char* name = color_name(c);
        int pawn_rank = c == White ? 1 : 6;
        if (pos.pieces(c, Pawn) != rank_bb(pawn_rank))
            return not_start(std::string(name) + " pawns are not all on rank " +
                             std::to_string(pawn_rank + 1));
        if ((pos.pieces(c) & ~pos.pieces(c, Pawn)) != rank_bb(back_rank(c)))
            return not_start(std::string(name) + " pieces do not fill rank " +
                             std::to_string(back_rank(c) + 1));
        BackRank rank;
        for (int f = 0; f < 8; ++f) rank[f] = type_of(pos.piece_on(make_square(f, back_rank(c))));
        auto n = number_of(rank);
        if (!n) return not_start(n.error().message);
        for (CastlingSide side : {GSide, CSide})
            if (!pos.has_castling_right(c, side))
                return not_start(std::string(name) + " has lost a castling right");
        number[c] = *n;
    }
    if (pos.side_to_move() != White) return not_start("black to move");
    return Numbers{number[White], number[Black]};
}

Result<int> number_of(const Position& pos) {
    auto numbers = numbers_of(pos);
    if (!numbers) return std::unexpected(numbers.error());
    if (numbers->is_double())
        return make_error(ErrorCode::NotStartPosition,
                          "a Double Chess960 start (white " + std::to_string(numbers->white) +
                              ", black " + std::to_string(numbers->black) +
                              "), not one of the 960 start positions");
    return numbers->white;
}

// xoshiro-style mixing through splitmix64: fast, and the same sequence on every platform
// (std::uniform_int_distribution is not specified bit for bit).
std::uint64_t Random::next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Rejection sampling: draws above the largest multiple of `bound` are thrown away, so every
// value is exactly equally likely.
std::uint64_t Random::below(std::uint64_t bound) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % bound;
}

int Random::draw(bool exclude_standard) {
    if (!exclude_standard) return int(below(kCount));
    int n = int(below(kCount - 1));
    return n >= kStandard ? n + 1 : n;
}

std::uint64_t random_seed() {
    std::random_device device;
    return (std::uint64_t(device()) << 32) ^ device();
}

}  // namespace chess960::startpos
