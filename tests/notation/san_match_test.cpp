// parse_san finds the move a SAN text names without generating every legal move (the speed of
// `chess960 pgn check`). This checks it against the plain definition, over many positions and
// texts: the legal moves whose piece, destination, disambiguation and promotion fit the text
// (castling aside; a pawn move without a file is a push). When exactly one fits, parse_san must
// return it; otherwise it must fail.
//
// Positions: every position of chess960_perft.epd and frc_tricky_perft.epd, and the positions
// of seeded random games from them (captures preferred, so that promotions, en passant, pins and
// checks come up). Texts: for each piece type, every destination its pieces attack plus a few
// others, bare and disambiguated by the file, the rank and the square of each piece of that
// type; for pawns, pushes and captures from each file, with and without each promotion piece.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

struct Query {
    PieceType piece;
    int from_file = -1, from_rank = -1;
    Square to;
    PieceType promotion = NoPieceType;

    std::string text() const {
        std::string s;
        if (piece != Pawn) s += "PNBRQK"[piece];
        if (from_file >= 0) s += char('a' + from_file);
        if (from_rank >= 0) s += char('1' + from_rank);
        if (piece == Pawn && from_file >= 0 && from_file != file_of(to)) s += 'x';
        s += square_name(to);
        if (promotion != NoPieceType) {
            s += '=';
            s += "PNBRQK"[promotion];
        }
        return s;
    }
};

// The legal moves that fit the query, by the definition.
std::vector<Move> reference(const Position& pos, const Query& q) {
    std::vector<Move> out;
    for (Move m : pos.legal_moves()) {
        if (m.is_castling() || m.to() != q.to) continue;
        if (type_of(pos.piece_on(m.from())) != q.piece) continue;
        if (q.from_file >= 0 && file_of(m.from()) != q.from_file) continue;
        if (q.from_rank >= 0 && rank_of(m.from()) != q.from_rank) continue;
        if (m.is_promotion() ? m.promotion() != q.promotion : q.promotion != NoPieceType) continue;
        if (q.piece == Pawn && q.from_file < 0 && file_of(m.from()) != file_of(q.to)) continue;
        out.push_back(m);
    }
    return out;
}

std::vector<Query> queries(const Position& pos, startpos::Random& rng) {
    std::vector<Query> out;
    const Color us = pos.side_to_move();
    for (PieceType t : {Knight, Bishop, Rook, Queen, King}) {
        const Bitboard ours = pos.pieces(us, t);
        Bitboard targets = 0;
        for (Bitboard b = ours; b;) targets |= attacks_of(t, pop_lsb(b), pos.pieces());
        for (int i = 0; i < 3; ++i) targets |= square_bb(Square(rng.below(64)));
        for (Bitboard b = targets; b;) {
            const Square to = pop_lsb(b);
            out.push_back({t, -1, -1, to});
            for (Bitboard f = ours; f;) {
                const Square from = pop_lsb(f);
                out.push_back({t, file_of(from), -1, to});
                out.push_back({t, -1, rank_of(from), to});
                out.push_back({t, file_of(from), rank_of(from), to});
            }
        }
    }
    const Bitboard pawns = pos.pieces(us, Pawn);
    Bitboard targets = us == White ? (pawns << 8) | (pawns << 16) : (pawns >> 8) | (pawns >> 16);
    for (Bitboard b = pawns; b;) targets |= pawn_attacks(us, pop_lsb(b));
    for (int i = 0; i < 3; ++i) targets |= square_bb(Square(rng.below(64)));
    for (Bitboard b = targets; b;) {
        const Square to = pop_lsb(b);
        const bool last = rank_of(to) == relative_rank(us, 7);
        for (int file = -1; file < 8; ++file) {
            if (file >= 0 && (file < file_of(to) - 1 || file > file_of(to) + 1)) continue;
            out.push_back({Pawn, file, -1, to});
            if (last)
                for (PieceType promo : {Knight, Bishop, Rook, Queen})
                    out.push_back({Pawn, file, -1, to, promo});
            else if (rng.below(8) == 0)
                out.push_back({Pawn, file, -1, to, Queen});
        }
    }
    return out;
}

std::vector<Position> test_positions() {
    std::vector<Position> out;
    for (const char* name : {"chess960_perft.epd", "frc_tricky_perft.epd"}) {
        std::ifstream in(std::string(CHESS960_TEST_DATA) + "/" + name);
        EXPECT_TRUE(in) << name;
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') continue;
            auto pos = position_from_fen(line.substr(0, line.find(';')));
            if (pos) out.push_back(*pos);
        }
    }
    return out;
}

}  // namespace

TEST(SanMatch, AgreesWithTheLegalMovesOverManyPositionsAndTexts) {
    const std::vector<Position> starts = test_positions();
    ASSERT_GT(starts.size(), 900u);
    startpos::Random rng(20261122);
    long texts = 0, unique = 0, ambiguous = 0, positions = 0;
    auto check = [&](const Position& pos) {
        ++positions;
        for (const Query& q : queries(pos, rng)) {
            const std::vector<Move> expected = reference(pos, q);
            const std::string text = q.text();
            auto got = parse_san(pos, text);
            ++texts;
            if (expected.size() == 1) {
                ++unique;
                ASSERT_TRUE(got) << text << " in " << write_fen(pos) << ": " << got.error().message;
                ASSERT_EQ(got->raw(), expected[0].raw()) << text << " in " << write_fen(pos);
            } else {
                ambiguous += expected.size() > 1;
                ASSERT_FALSE(got) << text << " in " << write_fen(pos) << " gave "
                                  << to_uci(pos, *got, CastlingMode::Chess960) << ", expected "
                                  << expected.size() << " matches";
            }
        }
    };
    for (std::size_t i = 0; i < starts.size(); ++i) {
        Position pos = starts[i];
        check(pos);
        // Every fourth start position: a random game from it, checked every third ply.
        if (i % 4 != 0) continue;
        for (int ply = 1; ply <= 90; ++ply) {
            const MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            MoveList captures;
            for (Move m : moves)
                if (pos.is_capture(m) || m.is_promotion()) captures.push(m);
            const MoveList& from = !captures.empty() && rng.below(3) != 0 ? captures : moves;
            pos.play(from[int(rng.below(std::uint64_t(from.size())))]);
            if (ply % 3 == 0) check(pos);
        }
    }
    // The texts must have covered every outcome many times.
    EXPECT_GT(positions, 6000);
    EXPECT_GT(unique, 300000);
    EXPECT_GT(ambiguous, 1000);
    std::printf("SanMatch: %ld positions, %ld texts, %ld with one match, %ld ambiguous\n",
                positions, texts, unique, ambiguous);
}
