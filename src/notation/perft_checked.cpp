#include "chess960/perft_checked.hpp"

#include <string>

#include "chess960/fen.hpp"

namespace chess960 {

namespace {

std::string check_node(const Position& pos) {
    if (std::string broken = pos.validate_internal(); !broken.empty()) return broken;
    for (auto castling : {CastlingNotation::XFen, CastlingNotation::Shredder}) {
        for (auto ep : {EnPassantNotation::Legal, EnPassantNotation::DoubleStep}) {
            std::string fen = write_fen(pos, {castling, ep});
            auto back = position_from_fen(fen);
            if (!back) return "FEN " + fen + " does not parse back: " + back.error().to_string();
            if (!back->same_position(pos) || back->key() != pos.key())
                return "FEN " + fen + " parses back to a different position";
        }
    }
    return {};
}

std::string walk(const Position& pos, int depth, std::uint64_t& nodes) {
    if (std::string broken = check_node(pos); !broken.empty())
        return broken + " in " + write_fen(pos, {CastlingNotation::Shredder});
    if (depth == 0) {
        ++nodes;
        return {};
    }
    for (Move m : pos.legal_moves()) {
        const Position before = pos;
        Position next = pos;
        next.play(m);
        if (!(before == pos) || before.key() != pos.key())
            return "playing a move changed its parent position";
        Position unmade = pos;
        Position::Undo undo = unmade.make(m);
        if (!(unmade == next) || unmade.key() != next.key() || unmade.checkers() != next.checkers())
            return "make() and play() disagree";
        unmade.unmake(m, undo);
        if (!(unmade == pos) || unmade.key() != pos.key() || unmade.checkers() != pos.checkers() ||
            !unmade.validate_internal().empty())
            return "unmake did not restore the position exactly after " + square_name(m.from()) +
                   square_name(m.to());
        bool check_expected =
            next.is_attacked_by(pos.side_to_move(), next.king_square(next.side_to_move()));
        if (check_expected != next.in_check()) return "check flag wrong after a move";
        if (std::string broken = walk(next, depth - 1, nodes); !broken.empty()) return broken;
    }
    return {};
}

}  // namespace

Result<std::uint64_t> perft_checked(const Position& pos, int depth) {
    std::uint64_t nodes = 0;
    if (std::string broken = walk(pos, depth, nodes); !broken.empty())
        return make_error(ErrorCode::InvalidPosition, "perft invariant broken: " + broken);
    return nodes;
}

}  // namespace chess960
