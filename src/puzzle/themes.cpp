// A puzzle's themes: lichess-puzzler's tagger (tagger/cook.py) rewritten over our Position, and
// lichess's phase (scalachess's Divider on the board after the opponent's move). Castling is
// read the Chess960 way: the move is king-takes-own-rook, the king lands on g or c whatever its
// start square, and where cook.py looks at "the square the piece moved to" we take the king's
// destination (and for a check, the rook's too: a check by the castled rook is not discovered).
// Unlike cook.py, a mate in more than five is only "mate", and a line without mate is
// "crushing" above 600 cp and "advantage" otherwise (never "equality").
#include "puzzle/themes.hpp"

#include <algorithm>
#include <cstdlib>

#include "chess960/bitboard.hpp"

namespace chess960::puzzle {

namespace {

constexpr Bitboard kAllSquares = ~Bitboard{0};

// cook.py's piece values; the king's 99 only matters where it compares kings (king_values).
int value(PieceType t) {
    switch (t) {
        case Pawn:
            return 1;
        case Knight:
        case Bishop:
            return 3;
        case Rook:
            return 5;
        case Queen:
            return 9;
        case King:
            return 99;
        default:
            return 0;
    }
}

bool is_slider(PieceType t) { return t == Bishop || t == Rook || t == Queen; }

// The puzzle's line played out: pos[i] is the position before moves[i], pos[n] the end.
struct Line {
    std::vector<Position> pos;
    std::vector<Move> moves;
    std::vector<Square> to;        // where the moving piece lands (the king, for castling)
    std::vector<PieceType> moved;  // what stands there after the move (the promoted piece)
    std::vector<Piece> taken;      // what stood on the target square (none for castling)
    std::vector<bool> capture;     // the move captures (en passant too)
    Color pov = White;             // the solver

    int size() const { return int(moves.size()); }
};

// The squares the piece on `s` attacks (a pawn: its two capture squares).
Bitboard attacks_from(const Position& p, Square s) {
    const Piece piece = p.piece_on(s);
    if (piece == NoPiece) return 0;
    if (type_of(piece) == Pawn) return pawn_attacks(color_of(piece), s);
    return attacks_of(type_of(piece), s, p.pieces());
}

Bitboard attackers(const Position& p, Color c, Square s) {
    return p.attackers_to(s, p.pieces()) & p.pieces(c);
}

bool is_checkmate(const Position& p) { return p.in_check() && p.count_legal() == 0; }

int material(const Position& p, Color c) {
    int total = 0;
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen}) {
        total += popcount(p.pieces(c, t)) * value(t);
    }
    return total;
}

int material_diff(const Position& p, Color c) { return material(p, c) - material(p, ~c); }

// Defended: a piece of its own side attacks it, also through an attacking slider (an x-ray:
// the slider that takes first is taken back by the piece behind it).
bool is_defended(const Position& p, Square s) {
    const Color c = color_of(p.piece_on(s));
    if (attackers(p, c, s)) return true;
    for (Bitboard b = attackers(p, ~c, s); b;) {
        const Square a = pop_lsb(b);
        if (!is_slider(type_of(p.piece_on(a)))) continue;
        if (p.attackers_to(s, p.pieces() ^ square_bb(a)) & p.pieces(c)) return true;
    }
    return false;
}

bool is_hanging(const Position& p, Square s) { return !is_defended(p, s); }

bool can_be_taken_by_lower_piece(const Position& p, Square s) {
    const Piece piece = p.piece_on(s);
    for (Bitboard b = attackers(p, ~color_of(piece), s); b;) {
        const PieceType t = type_of(p.piece_on(pop_lsb(b)));
        if (t != King && value(t) < value(type_of(piece))) return true;
    }
    return false;
}

// Attacked, and either undefended or attacked by something cheaper.
bool is_in_bad_spot(const Position& p, Square s) {
    const Color c = color_of(p.piece_on(s));
    return attackers(p, ~c, s) && (is_hanging(p, s) || can_be_taken_by_lower_piece(p, s));
}

// The line (edge to edge) the piece on `s` is pinned along to its own king, or every square
// when it is not pinned (python-chess's Board.pin).
Bitboard pin_ray(const Position& p, Square s) {
    const Color c = color_of(p.piece_on(s));
    const Square king = p.king_square(c);
    if (s == king) return kAllSquares;
    const Color them = ~c;
    Bitboard snipers = (rook_attacks(king, 0) & (p.pieces(them, Rook) | p.pieces(them, Queen))) |
                       (bishop_attacks(king, 0) & (p.pieces(them, Bishop) | p.pieces(them, Queen)));
    while (snipers) {
        const Square sniper = pop_lsb(snipers);
        const Bitboard gap = between(king, sniper);
        if ((gap & square_bb(s)) && (gap & p.pieces()) == square_bb(s)) {
            return line_through(king, sniper);
        }
    }
    return kAllSquares;
}

bool is_pinned(const Position& p, Square s) { return pin_ray(p, s) != kAllSquares; }

// The squares the piece on `s` could move to were it not pinned (pseudo-legal; not castling).
Bitboard pseudo_targets(const Position& p, Square s) {
    const Piece piece = p.piece_on(s);
    const Color c = color_of(piece);
    if (type_of(piece) != Pawn) return attacks_of(type_of(piece), s, p.pieces()) & ~p.pieces(c);
    Bitboard targets = pawn_attacks(c, s) & p.pieces(~c);
    if (p.double_step_square() != NoSquare) {
        targets |= pawn_attacks(c, s) & square_bb(p.double_step_square());
    }
    const int step = c == White ? 8 : -8;
    const Square one = Square(s + step);
    if (p.piece_on(one) == NoPiece) {
        targets |= square_bb(one);
        const Square two = Square(s + 2 * step);
        if (relative_rank(c, rank_of(s)) == 1 && p.piece_on(two) == NoPiece) {
            targets |= square_bb(two);
        }
    }
    return targets;
}

// cook.py's is_trapped: the side to move's piece on `s` is attacked where it stands and every
// move it has either lands in a bad spot too or takes something worth less.
bool is_trapped(const Position& p, Square s) {
    const Piece piece = p.piece_on(s);
    if (piece == NoPiece || color_of(piece) != p.side_to_move()) return false;
    if (p.in_check() || is_pinned(p, s)) return false;
    if (type_of(piece) == Pawn || type_of(piece) == King) return false;
    if (!is_in_bad_spot(p, s)) return false;
    for (Move m : p.legal_moves()) {
        if (m.from() != s) continue;
        const Piece capturing = p.piece_on(m.to());
        if (capturing != NoPiece && value(type_of(capturing)) >= value(type_of(piece))) {
            return false;
        }
        if (!is_in_bad_spot(p.after(m), m.to())) return false;
    }
    return true;
}

// A pawn move to the opponent's half's far side (the 6th rank or beyond), or a promotion.
bool is_advanced_pawn_move(const Line& l, int i) {
    if (l.moves[i].is_promotion()) return true;
    if (l.moved[i] != Pawn) return false;
    return relative_rank(l.pos[i].side_to_move(), rank_of(l.to[i])) >= 5;
}

// Opponent pieces the piece that just moved attacks from where it landed.
Bitboard attacked_opponent_squares(const Line& l, int i) {
    return attacks_from(l.pos[i + 1], l.to[i]) & l.pos[i + 1].pieces(~l.pov);
}

std::vector<int> solver_moves(const Line& l) {
    std::vector<int> out;
    for (int i = 1; i < l.size(); i += 2) out.push_back(i);
    return out;
}

// --- Mates -----------------------------------------------------------------------------------

// The mating knight's victim has its own pieces on every square around it.
bool smothered_mate(const Line& l) {
    const Position& end = l.pos.back();
    const Square king = end.king_square(~l.pov);
    if (!(end.checkers() & end.pieces(Knight))) return false;
    return (king_attacks(king) & ~end.pieces(~l.pov)) == 0;
}

// Mated on its back rank, the three squares in front of the king held by its own pieces (none
// of them covered by the solver), by a piece checking along that rank.
bool back_rank_mate(const Line& l) {
    const Position& end = l.pos.back();
    const Color loser = ~l.pov;
    const Square king = end.king_square(loser);
    if (!is_checkmate(end) || rank_of(king) != back_rank(loser)) return false;
    const int forward_rank = loser == White ? 1 : 6;
    for (int df = -1; df <= 1; ++df) {
        const int file = file_of(king) + df;
        if (file < 0 || file > 7) continue;
        const Square s = make_square(file, forward_rank);
        const Piece piece = end.piece_on(s);
        if (piece == NoPiece || color_of(piece) == l.pov || attackers(end, l.pov, s)) return false;
    }
    return (end.checkers() & rank_bb(back_rank(loser))) != 0;
}

// --- Motifs ----------------------------------------------------------------------------------

bool double_check(const Line& l) {
    for (int i : solver_moves(l)) {
        if (more_than_one(l.pos[i + 1].checkers())) return true;
    }
    return false;
}

// Down two points or more against the start after a later move of the solver's, unless the
// opponent promoted on the way.
bool sacrifice(const Line& l) {
    const int initial = material_diff(l.pos[1], l.pov);
    for (int i = 3; i < l.size(); i += 2) {
        if (material_diff(l.pos[i + 1], l.pov) - initial <= -2) {
            for (int j = 2; j < l.size(); j += 2) {
                if (l.moves[j].is_promotion()) return false;
            }
            return true;
        }
    }
    return false;
}

// A move (not the last, not the king's) to a safe square from where the piece attacks two
// opponent pieces (not pawns) that are each worth more or undefended and unable to take it.
bool fork(const Line& l) {
    std::vector<int> solver = solver_moves(l);
    if (!solver.empty()) solver.pop_back();
    for (int i : solver) {
        if (l.moved[i] == King) continue;
        const Position& after = l.pos[i + 1];
        if (is_in_bad_spot(after, l.to[i])) continue;
        int forked = 0;
        for (Bitboard b = attacked_opponent_squares(l, i); b;) {
            const Square s = pop_lsb(b);
            const PieceType t = type_of(after.piece_on(s));
            if (t == Pawn) continue;
            const bool takes_back = attackers(after, ~l.pov, l.to[i]) & square_bb(s);
            if (value(t) > value(l.moved[i]) || (is_hanging(after, s) && !takes_back)) ++forked;
        }
        if (forked > 1) return true;
    }
    return false;
}

// The solver's first move takes an undefended piece (not a pawn) the opponent's move left,
// and not just back after the opponent took as much, nor giving it back next move.
bool hanging_piece(const Line& l) {
    const Position& before = l.pos[1];
    const Piece captured = l.taken[1];
    if (captured == NoPiece || type_of(captured) == Pawn) return false;
    if (!is_hanging(before, l.to[1])) return false;
    if (l.taken[0] != NoPiece && value(type_of(l.taken[0])) >= value(type_of(captured)) &&
        l.to[0] == l.to[1]) {
        return false;
    }
    if (l.size() < 4) return true;
    return material_diff(l.pos[4], l.pov) >= material_diff(l.pos[2], l.pov);
}

// A later capture of a piece (not a pawn) that had no safe square to go to on the opponent's
// previous turn.
bool trapped_piece(const Line& l) {
    for (int i = 3; i < l.size(); i += 2) {
        if (l.taken[i] == NoPiece || type_of(l.taken[i]) == Pawn) continue;
        Square s = l.to[i];
        // The opponent moved the piece there: it was trapped where it came from.
        if (l.to[i - 1] == s) s = l.moves[i - 1].from();
        if (is_trapped(l.pos[i - 1], s)) return true;
    }
    return false;
}

// A check only by pieces other than the one that moved (a double check where the moved piece
// checks too does not count, as in cook.py; for castling, king and rook both moved).
bool discovered_check(const Line& l) {
    for (int i : solver_moves(l)) {
        Bitboard movers = square_bb(l.to[i]);
        if (l.moves[i].is_castling()) {
            const Position& before = l.pos[i];
            movers |= square_bb(
                rook_castling_destination(before.side_to_move(), before.castling_side(l.moves[i])));
        }
        const Bitboard checkers = l.pos[i + 1].checkers();
        if (checkers && !(checkers & movers)) return true;
    }
    return false;
}

// A discovered check, or a capture along a line the solver's previous move opened by moving
// off it (not the same piece, not onto the same square, not castling).
bool discovered_attack(const Line& l) {
    if (discovered_check(l)) return true;
    for (int i = 3; i < l.size(); i += 2) {
        if (!l.capture[i]) continue;
        if (l.to[i - 1] == l.to[i]) return false;  // a recapture: as cook.py, stop looking
        const Bitboard gap = between(l.moves[i].from(), l.moves[i].to());
        const int prev = i - 2;
        if ((gap & square_bb(l.moves[prev].from())) && l.to[i] != l.to[prev] &&
            l.moves[i].from() != l.to[prev] && !l.moves[prev].is_castling()) {
            return true;
        }
    }
    return false;
}

// A move of the solver's, not the last, that neither checks, escapes a check, captures,
// attacks a piece, pushes a pawn far nor moves the king (castling included).
bool quiet_move(const Line& l) {
    for (int i : solver_moves(l)) {
        if (i == l.size() - 1) continue;
        if (l.pos[i + 1].in_check() || l.pos[i].in_check() || l.capture[i]) continue;
        if (attacked_opponent_squares(l, i) || is_advanced_pawn_move(l, i)) continue;
        if (l.moved[i] == King) continue;
        return true;
    }
    return false;
}

// The last move is like a quiet move (no check, capture, attack or far pawn push) with at least
// three moves to choose from.
bool defensive_last_move(const Line& l) {
    const int last = l.size() - 1;
    if (l.pos[last].count_legal() < 3) return false;
    if (l.pos[last + 1].in_check() || l.capture[last]) return false;
    if (attacked_opponent_squares(l, last)) return false;
    return !is_advanced_pawn_move(l, last);
}

// The first solver move that neither checks nor captures, with three moves or more to choose
// from, steps out of a check.
bool check_escape(const Line& l) {
    for (int i : solver_moves(l)) {
        if (l.pos[i + 1].in_check() || l.capture[i]) return false;
        if (l.pos[i].count_legal() < 3) return false;
        if (l.pos[i].in_check()) return true;
    }
    return false;
}

// Whether `test(position, square, ray)` holds for an opponent piece pinned to its king (along
// `ray`) after some solver move.
template <class Test>
bool after_a_solver_move_a_pinned_piece(const Line& l, Test test) {
    for (int i : solver_moves(l)) {
        const Position& p = l.pos[i + 1];
        for (Bitboard b = p.pieces(~l.pov); b;) {
            const Square s = pop_lsb(b);
            const Bitboard ray = pin_ray(p, s);
            if (ray != kAllSquares && test(p, s, ray)) return true;
        }
    }
    return false;
}

// After a solver move an opponent piece pinned to its king attacks, off the pin line, a solver
// piece worth more or undefended.
bool pin_prevents_attack(const Line& l) {
    return after_a_solver_move_a_pinned_piece(l, [&](const Position& p, Square s, Bitboard ray) {
        const PieceType pinned = type_of(p.piece_on(s));
        for (Bitboard a = attacks_from(p, s) & p.pieces(l.pov) & ~ray; a;) {
            const Square target = pop_lsb(a);
            if (value(type_of(p.piece_on(target))) > value(pinned) || is_hanging(p, target))
                return true;
        }
        return false;
    });
}

// After a solver move an opponent piece pinned to its king is attacked along the pin line by a
// cheaper piece, or is undefended, cannot take its attacker and could otherwise step away.
bool pin_prevents_escape(const Line& l) {
    return after_a_solver_move_a_pinned_piece(l, [&](const Position& p, Square s, Bitboard ray) {
        const PieceType pinned = type_of(p.piece_on(s));
        for (Bitboard a = attackers(p, l.pov, s) & ray; a;) {
            const Square attacker = pop_lsb(a);
            if (value(pinned) > value(type_of(p.piece_on(attacker)))) return true;
            const bool takes_attacker = attackers(p, ~l.pov, attacker) & square_bb(s);
            if (is_hanging(p, s) && !takes_attacker && (pseudo_targets(p, s) & ~ray)) return true;
        }
        return false;
    });
}

// A later slider capture along the line the opponent's piece just moved off, that piece worth
// more than the one taken behind it, which stood in a bad spot.
bool skewer(const Line& l) {
    for (int i = 3; i < l.size(); i += 2) {
        if (l.taken[i] == NoPiece || !is_slider(l.moved[i]) || is_checkmate(l.pos[i + 1])) {
            continue;
        }
        const Bitboard gap = between(l.moves[i].from(), l.moves[i].to());
        if (l.to[i - 1] == l.to[i] || !(gap & square_bb(l.moves[i - 1].from()))) continue;
        if (value(l.moved[i - 1]) > value(type_of(l.taken[i])) &&
            is_in_bad_spot(l.pos[i], l.to[i])) {
            return true;
        }
    }
    return false;
}

// A solver promotion to something else than a queen; a mating one counts only as a knight.
bool under_promotion(const Line& l) {
    for (int i : solver_moves(l)) {
        const Move m = l.moves[i];
        if (is_checkmate(l.pos[i + 1])) return m.is_promotion() && m.promotion() == Knight;
        if (m.is_promotion() && m.promotion() != Queen) return true;
    }
    return false;
}

// --- Phase -----------------------------------------------------------------------------------

// scalachess's mixedness score of a 2x2 block with `white` and `black` pieces whose lower row is
// on rank `y` (1..7): high where the two sides' pieces meet, the higher on the other side's half.
int mixedness_score(int y, int white, int black) {
    switch (white * 10 + black) {
        case 0:
            return 0;
        case 10:
            return 1 + (8 - y);
        case 20:
            return y > 2 ? 2 + (y - 2) : 0;
        case 30:
        case 40:  // four white pieces on the home rows count as three (none there)
            return y > 1 ? 3 + (y - 1) : 0;
        case 1:
            return 1 + y;
        case 11:
            return 5 + std::abs(3 - y);
        case 21:
            return 4 + y;
        case 31:
            return 5 + y;
        case 2:
            return y < 6 ? 2 + (6 - y) : 0;
        case 12:
            return 4 + (6 - y);
        case 22:
            return 7;
        case 3:
        case 4:
            return y < 7 ? 3 + (7 - y) : 0;
        case 13:
            return 5 + (6 - y);
        default:
            return 0;
    }
}

int mixedness(const Position& p) {
    int total = 0;
    for (int y = 0; y < 7; ++y) {
        for (int x = 0; x < 7; ++x) {
            const Bitboard block = Bitboard{0x0303} << (x + 8 * y);
            total += mixedness_score(y + 1, popcount(p.pieces(White) & block),
                                     popcount(p.pieces(Black) & block));
        }
    }
    return total;
}

// lichess's phase of a puzzle: scalachess's Divider on the one board after the opponent's move.
// The middlegame has begun when ten pieces or fewer (not kings or pawns) are left, a side has
// fewer than four pieces on its back rank, or the sides' pieces are mixed; the endgame, once
// begun, when six or fewer are left. The game's ply plays no part.
const char* phase(const Position& p) {
    const int pieces = popcount(p.pieces() & ~(p.pieces(King) | p.pieces(Pawn)));
    const bool back_rank_sparse =
        popcount(p.pieces(White) & rank_bb(0)) < 4 || popcount(p.pieces(Black) & rank_bb(7)) < 4;
    const bool middle = pieces <= 10 || back_rank_sparse || mixedness(p) > 150;
    if (!middle) return "opening";
    return pieces <= 6 ? "endgame" : "middlegame";
}

}  // namespace

std::vector<std::string> themes(const ThemeInput& puzzle) {
    // A line that cannot be played, or without a solver move, has no themes.
    if (puzzle.moves.size() < 2) return {};
    Line l;
    l.moves = puzzle.moves;
    l.pos.push_back(puzzle.start);
    for (Move m : puzzle.moves) {
        const Position& before = l.pos.back();
        if (!before.is_legal(m)) return {};
        const Square to = before.destination(m);
        l.to.push_back(to);
        l.taken.push_back(m.is_castling() ? NoPiece : before.piece_on(m.to()));
        l.capture.push_back(before.is_capture(m));
        l.pos.push_back(before.after(m));
        l.moved.push_back(type_of(l.pos.back().piece_on(to)));
    }
    l.pov = l.pos[1].side_to_move();

    std::vector<std::string> out;
    const int solver_count = int(puzzle.moves.size()) / 2;
    if (puzzle.mate) {
        out.push_back("mate");
        if (solver_count <= 5) out.push_back("mateIn" + std::to_string(solver_count));
        if (smothered_mate(l)) {
            out.push_back("smotheredMate");
        } else if (back_rank_mate(l)) {
            out.push_back("backRankMate");
        }
    } else {
        out.push_back(puzzle.final_cp > 600 ? "crushing" : "advantage");
    }
    out.push_back(solver_count == 1   ? "oneMove"
                  : solver_count == 2 ? "short"
                  : solver_count == 3 ? "long"
                                      : "veryLong");
    out.push_back(phase(l.pos[1]));

    const auto solver_any = [&](auto pred) {
        for (int i : solver_moves(l)) {
            if (pred(l.moves[i])) return true;
        }
        return false;
    };
    if (solver_any([](Move m) { return m.is_castling(); })) out.push_back("castling");
    if (solver_any([](Move m) { return m.is_en_passant(); })) out.push_back("enPassant");
    if (solver_any([](Move m) { return m.is_promotion(); })) out.push_back("promotion");
    if (under_promotion(l)) out.push_back("underPromotion");
    if (double_check(l)) out.push_back("doubleCheck");
    if (fork(l)) out.push_back("fork");
    if (pin_prevents_attack(l) || pin_prevents_escape(l)) out.push_back("pin");
    if (skewer(l)) out.push_back("skewer");
    if (discovered_attack(l)) out.push_back("discoveredAttack");
    if (hanging_piece(l)) out.push_back("hangingPiece");
    if (sacrifice(l)) out.push_back("sacrifice");
    if (quiet_move(l)) out.push_back("quietMove");
    if (trapped_piece(l)) out.push_back("trappedPiece");
    if (defensive_last_move(l) || check_escape(l)) out.push_back("defensiveMove");

    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace chess960::puzzle
