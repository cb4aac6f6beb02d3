// libFuzzer target for the FEN parser and Position::from_setup.
//
// Any bytes go to parse_fen; a Setup that parses goes to Position::from_setup (strict; when only
// the castling rights are wrong, again with drop_invalid_castling). Every position accepted, and
// every position one legal move away from it, must then satisfy:
//  - validate_internal() is empty (bitboards vs mailbox, incremental key, checkers, rights);
//  - write_fen in X-FEN and Shredder-FEN (both en passant forms) parses back to the same
//    position, key and clocks, and writing that again gives the same text;
//  - to_setup() goes back through from_setup to the same position;
//  - the en passant square is set exactly when an en passant capture is among the legal moves.
// Moreover the legal moves of the accepted position are distinct and each is_legal(); playing
// one leaves the parent untouched and gives a correct check flag; perft to depth 1 and 2 equals
// the number of moves and the sum of the children's move counts.
// A broken invariant prints what broke and where, then aborts (libFuzzer reports a crash).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

std::string fen_of(const Position& pos) {
    return write_fen(pos, {CastlingNotation::Shredder, EnPassantNotation::DoubleStep});
}

// `where` names the position: the parsed one, or a move from it.
[[noreturn]] void broken(const std::string& what, const std::string& where) {
    std::fprintf(stderr, "fen_fuzzer: invariant broken: %s\n  in %s\n", what.c_str(),
                 where.c_str());
    std::abort();
}

void check_round_trips(const Position& pos, const std::string& where) {
    for (auto castling : {CastlingNotation::XFen, CastlingNotation::Shredder}) {
        for (auto ep : {EnPassantNotation::Legal, EnPassantNotation::DoubleStep}) {
            const std::string fen = write_fen(pos, {castling, ep});
            auto back = position_from_fen(fen);
            if (!back) broken("FEN " + fen + " does not parse: " + back.error().to_string(), where);
            if (!back->same_position(pos))
                broken("FEN " + fen + " parses to another position", where);
            if (back->key() != pos.key()) broken("FEN " + fen + " parses to another key", where);
            if (!(*back == pos)) broken("FEN " + fen + " parses to other clocks", where);
            if (write_fen(*back, {castling, ep}) != fen)
                broken("FEN " + fen + " is written differently after parsing it", where);
        }
    }
    auto again = Position::from_setup(pos.to_setup());
    if (!again) broken("from_setup rejects to_setup(): " + again.error().to_string(), where);
    if (!(*again == pos) || again->key() != pos.key())
        broken("from_setup(to_setup()) gives another position", where);
}

// The invariants of one position, parsed or reached by a move. Returns its legal moves.
MoveList check_node(const Position& pos, const std::string& where) {
    if (std::string problems = pos.validate_internal(); !problems.empty()) broken(problems, where);
    check_round_trips(pos, where);
    const MoveList moves = pos.legal_moves();
    bool en_passant_move = false;
    for (Move m : moves) en_passant_move = en_passant_move || m.is_en_passant();
    if (en_passant_move != (pos.en_passant_square() != NoSquare))
        broken("en passant square and en passant moves disagree", where);
    return moves;
}

void check_position(const Position& pos) {
    const std::string fen = fen_of(pos);
    const MoveList moves = check_node(pos, fen);
    const Position before = pos;
    std::uint64_t leaves = 0;
    for (int i = 0; i < moves.size(); ++i) {
        const Move m = moves[i];
        const std::string where =
            "the position after " + to_uci(pos, m, CastlingMode::Chess960) + " in " + fen;
        for (int j = 0; j < i; ++j)
            if (moves[j] == m) broken("the move is generated twice", where);
        if (!pos.is_legal(m)) broken("the move is generated but not is_legal()", where);
        const Position child = pos.after(m);
        if (!(before == pos) || before.key() != pos.key())
            broken("playing the move changed the parent", where);
        if (child.in_check() !=
            child.is_attacked_by(pos.side_to_move(), child.king_square(child.side_to_move())))
            broken("wrong check flag", where);
        leaves += std::uint64_t(check_node(child, where).size());
    }
    if (perft(pos, 1) != std::uint64_t(moves.size())) broken("perft(1) != move count", fen);
    if (perft(pos, 2) != leaves) broken("perft(2) != sum of the children's move counts", fen);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto setup = parse_fen(text);
    if (!setup) {
        if (setup.error().message.empty()) std::abort();  // every error says what is wrong
        return 0;
    }
    auto pos = Position::from_setup(*setup);
    if (!pos && pos.error().code == ErrorCode::InvalidCastling)
        pos = Position::from_setup(*setup, {.drop_invalid_castling = true});
    if (!pos) {
        if (pos.error().message.empty()) std::abort();
        return 0;
    }
    check_position(*pos);
    return 0;
}
