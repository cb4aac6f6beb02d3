#include "board.hpp"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/outcome.hpp"
#include "chess960/perft.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "errors.hpp"
#include "fast_property.hpp"
#include "legal_moves.hpp"

namespace py = pybind11;

namespace chess960::python {

namespace {

// The move as UCI text without a board: king takes own rook for a castle.
std::string plain_uci(Move m) {
    std::string out = square_name(m.from()) + square_name(m.to());
    if (m.is_promotion()) out += char(piece_char(make_piece(Black, m.promotion())));
    return out;
}

Move move_from_uci(std::string_view text) {
    auto fail = [&]() -> Move {
        raise(Error{ErrorCode::InvalidMove,
                    "invalid UCI move '" + std::string(text) +
                        "': expected from and to squares and an optional promotion (e2e4, e7e8q)",
                    -1});
    };
    if (text.size() != 4 && text.size() != 5) return fail();
    Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
    if (from == NoSquare || to == NoSquare || from == to) return fail();
    if (text.size() == 4) return Move(from, to);
    Piece p = piece_from_char(text[4]);
    PieceType t = p == NoPiece ? NoPieceType : type_of(p);
    if (t != Knight && t != Bishop && t != Rook && t != Queen) return fail();
    return Move(from, to, Move::Promotion, t);
}

// The legal move a Python Move stands for on this board (UCI text read in the board's mode,
// so that e1g1 castles on an ordinary-chess board); IllegalMoveError if there is none.
Move resolve(const Board& b, Move m) {
    for (Move legal : b.position().legal_moves())
        if (same_move(legal, m)) return legal;
    return unwrap(parse_uci(b.position(), plain_uci(m), b.mode()));
}

// Python's Termination for the library's (python-chess's names; Laws articles in outcome.hpp).
enum class PyTermination {
    CHECKMATE,
    STALEMATE,
    INSUFFICIENT_MATERIAL,
    SEVENTYFIVE_MOVES,
    FIVEFOLD_REPETITION,
    FIFTY_MOVES,
    THREEFOLD_REPETITION,
};

struct PyOutcome {
    PyTermination termination;
    std::optional<bool> winner;  // True: White, False: Black, None: a draw

    std::string result() const { return !winner ? "1/2-1/2" : *winner ? "1-0" : "0-1"; }
};

std::optional<PyOutcome> outcome_of(const Board& b, bool claim_draw) {
    Outcome o = b.game().outcome();
    if (!o.is_over() && claim_draw) {
        if (auto claim = b.game().claimable_draw()) o = Outcome{GameResult::Draw, *claim};
    }
    if (!o.is_over()) return std::nullopt;
    PyTermination t;
    switch (o.termination) {
        case Termination::Checkmate:
            t = PyTermination::CHECKMATE;
            break;
        case Termination::Stalemate:
            t = PyTermination::STALEMATE;
            break;
        case Termination::DeadPosition:
            t = PyTermination::INSUFFICIENT_MATERIAL;
            break;
        case Termination::SeventyFiveMoves:
            t = PyTermination::SEVENTYFIVE_MOVES;
            break;
        case Termination::FivefoldRepetition:
            t = PyTermination::FIVEFOLD_REPETITION;
            break;
        case Termination::FiftyMoves:
            t = PyTermination::FIFTY_MOVES;
            break;
        default:
            t = PyTermination::THREEFOLD_REPETITION;
            break;
    }
    std::optional<bool> winner;
    if (o.result == GameResult::WhiteWins) winner = true;
    if (o.result == GameResult::BlackWins) winner = false;
    return PyOutcome{t, winner};
}

Board make_board(const std::optional<std::string>& fen, bool chess960, bool impossible) {
    if (!fen) return Board(Position(), chess960);
    return Board(
        unwrap(position_from_fen(*fen, SetupOptions{.allow_impossible_material = impossible})),
        chess960);
}

std::string fen_of(const Position& pos, bool shredder, const std::string& en_passant) {
    FenOptions options;
    options.castling = shredder ? CastlingNotation::Shredder : CastlingNotation::XFen;
    if (en_passant == "fen")
        options.en_passant = EnPassantNotation::DoubleStep;
    else if (en_passant != "legal")
        throw py::value_error("en_passant must be 'legal' or 'fen', not '" + en_passant + "'");
    return write_fen(pos, options);
}

void check_square(int square) {
    if (square < 0 || square > 63)
        throw py::value_error("square must be 0 (a1) .. 63 (h8), not " + std::to_string(square));
}

}  // namespace

void bind_board(py::module_& m) {
    py::class_<Move>(m, "Move", "A move: from and to squares (0 = a1 .. 63 = h8) and a promotion.")
        .def(py::init([](int from, int to, std::optional<int> promotion) {
                 check_square(from);
                 check_square(to);
                 if (!promotion) return Move(Square(from), Square(to));
                 if (*promotion < 2 || *promotion > 5)
                     throw py::value_error("promotion must be KNIGHT, BISHOP, ROOK or QUEEN");
                 return Move(Square(from), Square(to), Move::Promotion, PieceType(*promotion - 1));
             }),
             py::arg("from_square"), py::arg("to_square"), py::arg("promotion") = py::none())
        .def_static("from_uci", &move_from_uci, py::arg("uci"),
                    "The move written in UCI (e2e4, e7e8q; a castle as king takes own rook).")
        .def_property_readonly("from_square", [](Move mv) { return int(mv.from()); })
        .def_property_readonly("to_square", [](Move mv) { return int(mv.to()); })
        .def_property_readonly("promotion",
                               [](Move mv) -> std::optional<int> {
                                   if (!mv.is_promotion()) return std::nullopt;
                                   return python_piece_type(mv.promotion());
                               })
        .def("uci", &plain_uci, "UCI text; a castle as king takes own rook (e1h1).")
        .def("__eq__", [](Move a, Move b) { return same_move(a, b); })
        .def("__hash__",
             [](Move mv) {
                 return int(mv.from()) | int(mv.to()) << 6 |
                        (mv.is_promotion() ? int(mv.promotion()) << 12 : 0);
             })
        .def("__str__", &plain_uci)
        .def("__repr__", [](Move mv) { return "Move.from_uci('" + plain_uci(mv) + "')"; });

    bind_legal_moves(m);

    py::enum_<PyTermination>(m, "Termination", "How a game ended (FIDE Laws 5 and 9).")
        .value("CHECKMATE", PyTermination::CHECKMATE)
        .value("STALEMATE", PyTermination::STALEMATE)
        .value("INSUFFICIENT_MATERIAL", PyTermination::INSUFFICIENT_MATERIAL)
        .value("SEVENTYFIVE_MOVES", PyTermination::SEVENTYFIVE_MOVES)
        .value("FIVEFOLD_REPETITION", PyTermination::FIVEFOLD_REPETITION)
        .value("FIFTY_MOVES", PyTermination::FIFTY_MOVES)
        .value("THREEFOLD_REPETITION", PyTermination::THREEFOLD_REPETITION);

    py::class_<PyOutcome>(m, "Outcome", "The end of a game: how, and who won (None: a draw).")
        .def_readonly("termination", &PyOutcome::termination)
        .def_readonly("winner", &PyOutcome::winner)
        .def("result", &PyOutcome::result, "'1-0', '0-1' or '1/2-1/2'.")
        .def("__repr__", [](const PyOutcome& o) {
            std::string winner = !o.winner ? "None" : *o.winner ? "True" : "False";
            return "Outcome(termination=Termination." +
                   py::str(py::cast(o.termination).attr("name")).cast<std::string>() +
                   ", winner=" + winner + ")";
        });

    py::class_<Board> board(m, "Board", "A position and the moves that led to it.");
    board
        .def(py::init(&make_board), py::arg("fen") = py::none(), py::arg("chess960") = true,
             py::kw_only(), py::arg("allow_impossible_material") = false)
        .def_static(
            "from_chess960_pos",
            [](int white, std::optional<int> black) {
                auto pos = black ? startpos::position(white, *black) : startpos::position(white);
                return Board(unwrap(std::move(pos)));
            },
            py::arg("scharnagl"), py::arg("black") = py::none(),
            "Start position `scharnagl` (0..959; 518 is ordinary chess), or with `black` a Double "
            "Chess960 start.")
        .def(
            "chess960_pos",
            [](const Board& b) -> std::optional<int> {
                auto numbers = startpos::numbers_of(b.position());
                if (!numbers || numbers->is_double()) return std::nullopt;
                return numbers->white;
            },
            "The start position number (0..959) if the board is one, else None.")
        .def(
            "double_chess960_pos",
            [](const Board& b) -> std::optional<std::pair<int, int>> {
                auto numbers = startpos::numbers_of(b.position());
                if (!numbers) return std::nullopt;
                return std::pair{numbers->white, numbers->black};
            },
            "White's and Black's arrangement numbers if the board is a start, else None.")
        .def_property("chess960", &Board::chess960, &Board::set_chess960,
                      "Castling in UCI as king takes own rook (True) or the king's two-square "
                      "move (False).")
        .def(
            "push",
            [](Board& b, Move mv) {
                Move legal = resolve(b, mv);
                unwrap(b.play(legal));
            },
            py::arg("move"), "Plays a legal move; IllegalMoveError otherwise.")
        .def(
            "push_uci",
            [](Board& b, std::string_view uci) {
                Move mv = unwrap(parse_uci(b.position(), uci, b.mode()));
                unwrap(b.play(mv));
                return mv;
            },
            py::arg("uci"), "Plays a move given in UCI and returns it.")
        .def(
            "push_san",
            [](Board& b, std::string_view san) {
                Move mv = unwrap(parse_san(b.position(), san));
                unwrap(b.play(mv));
                return mv;
            },
            py::arg("san"), "Plays a move given in SAN and returns it.")
        .def(
            "parse_uci",
            [](const Board& b, std::string_view uci) {
                return unwrap(parse_uci(b.position(), uci, b.mode()));
            },
            py::arg("uci"))
        .def(
            "parse_san",
            [](const Board& b, std::string_view san) {
                return unwrap(parse_san(b.position(), san));
            },
            py::arg("san"))
        .def(
            "pop",
            [](Board& b) {
                if (b.game().moves().empty()) throw py::index_error("pop from an empty move stack");
                Move last = b.game().moves().back();
                b.undo();
                return last;
            },
            "Takes back the last move and returns it.")
        .def("peek",
             [](const Board& b) {
                 if (b.game().moves().empty()) throw py::index_error("no move played");
                 return b.game().moves().back();
             })
        .def_property_readonly("move_stack", [](const Board& b) { return b.game().moves(); })
        .def(
            "san", [](const Board& b, Move mv) { return to_san(b.position(), resolve(b, mv)); },
            py::arg("move"), "The move in SAN (Laws Appendix C).")
        .def(
            "uci",
            [](const Board& b, Move mv) { return to_uci(b.position(), resolve(b, mv), b.mode()); },
            py::arg("move"), "The move in UCI, castling in the board's mode.")
        .def(
            "fen",
            [](const Board& b, bool shredder, const std::string& en_passant) {
                return fen_of(b.position(), shredder, en_passant);
            },
            py::kw_only(), py::arg("shredder") = false, py::arg("en_passant") = "legal",
            "FEN: X-FEN castling (KQkq, a file letter for an inner rook) or Shredder-FEN; the en "
            "passant square when a capture is legal ('legal') or after any double step ('fen').")
        .def("board_fen",
             [](const Board& b) {
                 std::string fen = write_fen(b.position());
                 return fen.substr(0, fen.find(' '));
             })
        .def_property_readonly("turn",
                               [](const Board& b) { return b.position().side_to_move() == White; })
        .def_property_readonly("fullmove_number",
                               [](const Board& b) { return b.position().fullmove_number(); })
        .def_property_readonly("halfmove_clock",
                               [](const Board& b) { return b.position().halfmove_clock(); })
        .def("ply", [](const Board& b) { return b.position().game_ply(); })
        .def(
            "piece_at",
            [](const Board& b, int square) -> std::optional<std::string> {
                check_square(square);
                Piece p = b.position().piece_on(Square(square));
                if (p == NoPiece) return std::nullopt;
                return std::string(1, piece_char(p));
            },
            py::arg("square"), "The piece's FEN letter (P, n, ...), or None.")
        .def("is_check", [](const Board& b) { return b.position().in_check(); })
        .def("is_checkmate",
             [](const Board& b) {
                 return b.position().in_check() && b.position().count_legal() == 0;
             })
        .def("is_stalemate",
             [](const Board& b) {
                 return !b.position().in_check() && b.position().count_legal() == 0;
             })
        .def("is_insufficient_material",
             [](const Board& b) { return is_insufficient_material(b.position()); })
        .def(
            "is_repetition",
            [](const Board& b, int count) { return b.game().repetition_count() >= count; },
            py::arg("count") = 3)
        .def("is_fivefold_repetition",
             [](const Board& b) { return b.game().repetition_count() >= 5; })
        .def("is_seventyfive_moves",
             [](const Board& b) { return b.position().halfmove_clock() >= 150; })
        .def("can_claim_threefold_repetition",
             [](const Board& b) { return b.game().repetition_count() >= 3; })
        .def("can_claim_fifty_moves",
             [](const Board& b) { return b.position().halfmove_clock() >= 100; })
        .def("can_claim_draw", [](const Board& b) { return b.game().claimable_draw().has_value(); })
        .def("outcome", &outcome_of, py::kw_only(), py::arg("claim_draw") = false,
             "The outcome if the game has ended (with claim_draw: or a draw may be claimed).")
        .def(
            "is_game_over",
            [](const Board& b, bool claim_draw) { return outcome_of(b, claim_draw).has_value(); },
            py::kw_only(), py::arg("claim_draw") = false)
        .def(
            "result",
            [](const Board& b, bool claim_draw) -> std::string {
                auto o = outcome_of(b, claim_draw);
                return o ? o->result() : "*";
            },
            py::kw_only(), py::arg("claim_draw") = false)
        .def(
            "perft",
            [](const Board& b, int depth) {
                Position pos = b.position();
                py::gil_scoped_release release;
                return perft(pos, depth);
            },
            py::arg("depth"), "Leaf nodes of the legal move tree `depth` plies deep.")
        .def("copy", [](const Board& b) { return b; })
        .def("__copy__", [](const Board& b) { return b; })
        .def("__eq__", [](const Board& a, const Board& b) { return a.position() == b.position(); })
        .def("__str__", [](const Board& b) { return b.position().diagram(); })
        .def("__repr__", [](const Board& b) { return "Board('" + write_fen(b.position()) + "')"; });
    // Without pybind11's dispatcher: the hot path of move generation from Python.
    board.attr("legal_moves") = fast_property(
        typeid(Board),
        [](PyObject* instance, void* object) -> PyObject* {
            return make_legal_moves(instance, *static_cast<const Board*>(object)).release().ptr();
        },
        "The legal moves (Laws 3.10; castling under Guidelines II.3), a LegalMoves.");
}

}  // namespace chess960::python
