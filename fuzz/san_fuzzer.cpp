// libFuzzer target for the SAN reader (parse_san) and writer (to_san).
//
// Input layout:
//   byte 0      the position: below kFens.size() an index into the list below (Chess960
//               castling set-ups, promotions, en passant, ambiguous pieces, pins, checks, mate
//               and stalemate); otherwise, with byte 1, a start position number (mod 960);
//   next byte   low 3 bits: how many plies (0..7) to play first, each chosen by one more byte
//               (index into the legal moves, modulo their count);
//   the rest    SAN text given to parse_san.
// Invariants:
//  - parse_san never crashes; an error has a message and is InvalidMove or IllegalMove;
//  - a move it returns is among the legal moves and is_legal();
//  - text starting with 'K' is never read as castling (a king move is never castling);
//  - to_san, to_san_without_suffix and the UCI text of that move read back to the same move;
//  - every legal move of the position has its own SAN, which reads back to that move.
// A broken invariant prints what broke, then aborts (__builtin_trap): libFuzzer reports a crash.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

constexpr std::array<const char*, 22> kFens = {
    // Ordinary chess and the standard test positions.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    // Chess960 start positions and castling set-ups.
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "1r2k3/8/8/8/8/8/8/RK5R w AHb - 0 1",      // king b1: O-O-O puts it on c1
    "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",         // king g1: O-O leaves it there
    "k7/8/8/8/8/8/8/4RK1R w H - 0 1",          // Kg1 is a king move, O-O too goes to g1
    "2r1k3/8/8/8/8/8/8/1KR5 w C - 0 1",        // O-O with the rook next to the king
    "rk6/8/8/8/8/8/8/RK6 w Aa - 0 1",          // king b1, rook a1
    "r3k1r1/8/8/8/8/8/8/R3K1R1 b AGag - 0 1",  // rooks on a and g, Black to move
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w ACbg - 0 1",  // Double Chess960
    // Promotions, with and without captures.
    "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1",
    "r1n1k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
    "r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1",
    // En passant, one and two capturers; a pinned en passant capturer.
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2",
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
    // Ambiguous pieces: knights, queens on a file, rank and diagonal.
    "4k3/8/8/8/8/2N3N1/8/1N2K1N1 w - - 0 1",
    "6k1/8/8/8/Q3Q3/8/8/Q3K3 w - - 0 1",
    // A pinned knight, a check, and a stalemate (no legal move).
    "4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
};

[[noreturn]] void broken(const std::string& what, const Position& pos, std::string_view text) {
    std::fprintf(
        stderr, "san_fuzzer: invariant broken: %s\n  position %s\n  text '%.*s'\n", what.c_str(),
        write_fen(pos, {CastlingNotation::Shredder, EnPassantNotation::DoubleStep}).c_str(),
        int(text.size()), text.data());
    std::fflush(stderr);
    __builtin_trap();
}

std::string uci(const Position& pos, Move m) { return to_uci(pos, m, CastlingMode::Chess960); }

// `text`, written for `m`, must read back to `m`.
void check_reads_back(const Position& pos, Move m, const std::string& text, const char* what) {
    auto back = parse_san(pos, text);
    if (!back)
        broken(std::string(what) + " '" + text + "' of " + uci(pos, m) +
                   " does not read back: " + back.error().message,
               pos, text);
    if (!(*back == m))
        broken(std::string(what) + " '" + text + "' of " + uci(pos, m) + " reads back as " +
                   uci(pos, *back),
               pos, text);
}

void check_all_moves(const Position& pos) {
    const MoveList moves = pos.legal_moves();
    std::array<std::string, MoveList::kCapacity> sans;
    for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        sans[std::size_t(i)] = to_san(pos, m);
        check_reads_back(pos, m, sans[std::size_t(i)], "SAN");
        check_reads_back(pos, m, to_san_without_suffix(pos, m), "SAN without suffix");
        check_reads_back(pos, m, uci(pos, m), "UCI");
        for (int j = 0; j < i; ++j)
            if (sans[std::size_t(j)] == sans[std::size_t(i)])
                broken("two moves have the SAN " + sans[std::size_t(i)], pos, sans[std::size_t(i)]);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    static std::array<Position, kFens.size()> positions = [] {
        std::array<Position, kFens.size()> out;
        for (std::size_t i = 0; i < kFens.size(); ++i) {
            auto pos = position_from_fen(kFens[i]);
            if (!pos) {
                std::fprintf(stderr, "san_fuzzer: bad FEN %s: %s\n", kFens[i],
                             pos.error().to_string().c_str());
                __builtin_trap();
            }
            out[i] = *pos;
        }
        return out;
    }();

    std::size_t at = 0;
    Position pos;
    if (data[0] < kFens.size()) {
        pos = positions[data[0]];
        at = 1;
    } else {
        const int number = ((data[0] - int(kFens.size())) * 256 + data[1]) % startpos::kCount;
        pos = *startpos::position(number);
        at = 2;
    }
    if (at < size) {
        int plies = data[at++] & 7;
        for (; plies > 0 && at < size; --plies) {
            const MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            pos.play(moves[data[at++] % moves.size()]);
        }
    }
    const std::string_view text(reinterpret_cast<const char*>(data) + at, size - at);

    auto m = parse_san(pos, text);
    if (!m) {
        if (m.error().message.empty()) broken("an error without a message", pos, text);
        if (m.error().code != ErrorCode::InvalidMove && m.error().code != ErrorCode::IllegalMove)
            broken("an error of an unexpected kind: " + m.error().message, pos, text);
    } else {
        if (!pos.legal_moves().contains(*m) || !pos.is_legal(*m))
            broken("parse_san returned an illegal move " + uci(pos, *m), pos, text);
        if (!text.empty() && text[0] == 'K' && m->is_castling())
            broken("a king move read as castling", pos, text);
        check_reads_back(pos, *m, to_san(pos, *m), "SAN");
        check_reads_back(pos, *m, to_san_without_suffix(pos, *m), "SAN without suffix");
        check_reads_back(pos, *m, uci(pos, *m), "UCI");
    }
    check_all_moves(pos);
    return 0;
}
