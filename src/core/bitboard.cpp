#include "chess960/bitboard.hpp"

#include <array>
#include <cstdlib>

namespace chess960 {
namespace detail {
namespace {

constexpr int kRookDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

Bitboard slow_slider_attacks(const int (&dirs)[4][2], Square s, Bitboard occupied) {
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (on_board(f, r)) {
            Bitboard b = square_bb(make_square(f, r));
            result |= b;
            if (occupied & b) break;
            f += d[0];
            r += d[1];
        }
    }
    return result;
}

// xorshift64*: deterministic, so magic search gives the same tables on every run.
struct Prng {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void init_slider(SliderTable& table, const int (&dirs)[4][2], Bitboard* storage) {
    Prng prng{0x9E3779B97F4A7C15ULL};
    std::array<Bitboard, 4096> occupancy{}, reference{};
    std::array<int, 4096> epoch{};
    int attempt = 0;
    Bitboard* next = storage;
    for (int sq = 0; sq < 64; ++sq) {
        Square s = Square(sq);
        // Edges are irrelevant to the attack set unless the slider stands on them.
        Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                         ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
        table.mask[sq] = slow_slider_attacks(dirs, s, 0) & ~edges;
        int bits = popcount(table.mask[sq]);
        table.shift[sq] = unsigned(64 - bits);
        table.attacks[sq] = next;
        int size = 0;
        Bitboard subset = 0;
        do {  // Carry-Rippler enumeration of all subsets of the mask.
            occupancy[size] = subset;
            reference[size] = slow_slider_attacks(dirs, s, subset);
#if CHESS960_USE_PEXT
            next[pext(subset, table.mask[sq])] = reference[size];
#endif
            ++size;
            subset = (subset - table.mask[sq]) & table.mask[sq];
        } while (subset);
        next += size;
#if !CHESS960_USE_PEXT
        for (;;) {
            Bitboard magic;
            do magic = prng.sparse();
            while (popcount((table.mask[sq] * magic) >> 56) < 6);
            table.magic[sq] = magic;
            ++attempt;
            bool ok = true;
            for (int i = 0; i < size && ok; ++i) {
                unsigned index =
                    unsigned(((occupancy[i] & table.mask[sq]) * magic) >> table.shift[sq]);
                if (epoch[index] < attempt) {
                    epoch[index] = attempt;
                    table.attacks[sq][index] = reference[i];
                } else if (table.attacks[sq][index] != reference[i]) {
                    ok = false;
                }
            }
            if (ok) break;
        }
#else
        (void)prng;
        (void)attempt;
        (void)epoch;
        table.magic[sq] = 0;
#endif
    }
}

Bitboard rook_storage[0x19000];
Bitboard bishop_storage[0x1480];

// Fills `tables` during static initialisation; nothing else in the library uses the tables
// before main(), so the order of initialisation between files does not matter.
struct TableBuilder {
    TableBuilder() {
        Tables& t = tables;
        for (int sq = 0; sq < 64; ++sq) {
            int f = sq & 7, r = sq >> 3;
            auto add = [&](Bitboard& target, int df, int dr) {
                if (on_board(f + df, r + dr)) target |= square_bb(make_square(f + df, r + dr));
            };
            t.pawn_attacks[White][sq] = t.pawn_attacks[Black][sq] = 0;
            t.knight_attacks[sq] = t.king_attacks[sq] = 0;
            add(t.pawn_attacks[White][sq], -1, 1);
            add(t.pawn_attacks[White][sq], 1, 1);
            add(t.pawn_attacks[Black][sq], -1, -1);
            add(t.pawn_attacks[Black][sq], 1, -1);
            for (auto [df, dr] :
                 {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
                add(t.knight_attacks[sq], df, dr);
            for (int df = -1; df <= 1; ++df)
                for (int dr = -1; dr <= 1; ++dr)
                    if (df || dr) add(t.king_attacks[sq], df, dr);
        }
        init_slider(t.rook, kRookDirections, rook_storage);
        init_slider(t.bishop, kBishopDirections, bishop_storage);
        for (int a = 0; a < 64; ++a) {
            for (int b = 0; b < 64; ++b) {
                t.between[a][b] = t.line[a][b] = 0;
                if (a == b) continue;
                Square sa = Square(a), sb = Square(b);
                for (const SliderTable* st : {&t.rook, &t.bishop}) {
                    if (st->lookup(sa, 0) & square_bb(sb)) {
                        t.between[a][b] =
                            st->lookup(sa, square_bb(sb)) & st->lookup(sb, square_bb(sa));
                        t.line[a][b] =
                            (st->lookup(sa, 0) & st->lookup(sb, 0)) | square_bb(sa) | square_bb(sb);
                    }
                }
            }
        }
    }
};

}  // namespace

Tables tables;

namespace {
const TableBuilder builder;
}  // namespace

}  // namespace detail

Bitboard attacks_of(PieceType t, Square s, Bitboard occupied) {
    switch (t) {
        case Knight:
            return knight_attacks(s);
        case Bishop:
            return bishop_attacks(s, occupied);
        case Rook:
            return rook_attacks(s, occupied);
        case Queen:
            return queen_attacks(s, occupied);
        case King:
            return king_attacks(s);
        default:
            return 0;
    }
}

const char* slider_implementation() {
#if CHESS960_USE_PEXT
    return "pext";
#else
    return "magic";
#endif
}

}  // namespace chess960
