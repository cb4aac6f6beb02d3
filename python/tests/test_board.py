"""The Board API on facts from the repository's data: start positions, perft counts, rules."""

import copy

import pytest

import chess960
from conftest import DATA


def start_positions():
    for line in (DATA / "chess960_start_positions.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            number, rank, xfen, shredder = line.split("\t")
            yield int(number), rank, xfen, shredder


def test_the_960_start_positions_by_number_and_back():
    rows = list(start_positions())
    assert len(rows) == 960
    for number, rank, xfen, shredder in rows:
        board = chess960.Board.from_chess960_pos(number)
        assert board.fen() == xfen
        assert board.fen(shredder=True) == shredder
        assert board.chess960_pos() == number
        assert chess960.Board(shredder).chess960_pos() == number


def test_double_chess960_start():
    board = chess960.Board.from_chess960_pos(0, 959)
    assert board.fen() == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    assert board.chess960_pos() is None
    assert board.double_chess960_pos() == (0, 959)
    with pytest.raises(chess960.InvalidStartPositionError, match="960"):
        chess960.Board.from_chess960_pos(960)


def perft_lines(count):
    for line in (DATA / "chess960_perft.epd").read_text().splitlines()[:count]:
        fen, *depths = line.split(" ;")
        yield fen, {int(d.split()[0][1:]): int(d.split()[1]) for d in depths}


@pytest.mark.parametrize("fen,counts", list(perft_lines(20)))
def test_perft_of_the_shared_suite(fen, counts):
    board = chess960.Board(fen)
    for depth in (1, 2, 3):
        assert board.perft(depth) == counts[depth]
    assert len(board.legal_moves) == counts[1]


def test_push_pop_and_the_move_stack():
    board = chess960.Board()
    e4 = board.push_san("e4")
    assert e4 == chess960.Move.from_uci("e2e4")
    board.push_uci("e7e5")
    board.push(chess960.Move(chess960.G1, chess960.F3))
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    assert board.pop() == chess960.Move.from_uci("g1f3")
    assert board.peek() == chess960.Move.from_uci("e7e5")
    assert board.fullmove_number == 2 and board.turn == chess960.WHITE
    assert board.ply() == 2


def test_castling_is_king_takes_rook_and_ordinary_chess_may_write_it_e1g1():
    fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    board = chess960.Board(fen)
    castle = board.parse_san("O-O")
    assert castle.uci() == "e1h1"
    assert board.uci(castle) == "e1h1"
    standard = chess960.Board(fen, chess960=False)
    assert standard.uci(castle) == "e1g1"
    assert standard.push_uci("e1g1") == castle
    assert standard.fen() == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"


def test_errors_carry_the_library_message():
    with pytest.raises(chess960.InvalidFenError, match="black king is missing"):
        chess960.Board("8/8/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(chess960.InvalidFenError, match="side to move 'x'"):
        chess960.Board("4k3/8/8/8/8/8/8/4K3 x - - 0 1")
    board = chess960.Board()
    with pytest.raises(chess960.IllegalMoveError, match="e2e5"):
        board.push_uci("e2e5")
    with pytest.raises(chess960.InvalidMoveError):
        board.push_san("Zz9")
    with pytest.raises(ValueError):  # every error is a ValueError, as in python-chess
        board.push_san("Ke2")
    with pytest.raises(IndexError):
        chess960.Board().pop()


def test_outcomes():
    mate = chess960.Board("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1")
    mate.push_san("Qg7#")
    assert mate.is_checkmate() and mate.is_check() and mate.is_game_over()
    outcome = mate.outcome()
    assert outcome.termination == chess960.Termination.CHECKMATE
    assert outcome.winner is chess960.WHITE and outcome.result() == "1-0"

    stalemate = chess960.Board("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1")
    stalemate.push_san("Qf7")
    assert stalemate.is_stalemate() and not stalemate.is_check()
    assert stalemate.outcome().winner is None and stalemate.result() == "1/2-1/2"

    bare = chess960.Board("8/8/4k3/8/8/3K4/8/8 w - - 0 1")
    assert bare.is_insufficient_material()
    assert bare.outcome().termination == chess960.Termination.INSUFFICIENT_MATERIAL

    board = chess960.Board()
    for _ in range(2):
        for uci in ("g1f3", "g8f6", "f3g1", "f6g8"):
            board.push_uci(uci)
    assert board.is_repetition(3) and board.can_claim_threefold_repetition()
    assert board.outcome() is None and board.result() == "*"
    assert board.outcome(claim_draw=True).termination == chess960.Termination.THREEFOLD_REPETITION


def test_impossible_material_on_request():
    fen = "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1"
    with pytest.raises(chess960.InvalidFenError, match="allow_impossible_material"):
        chess960.Board(fen)
    board = chess960.Board(fen, allow_impossible_material=True)
    assert len(board.legal_moves) == 270
    assert len(set(board.legal_moves.uci())) == 270


def test_legal_moves_object():
    board = chess960.Board()
    moves = board.legal_moves
    assert len(moves) == moves.count() == 20 and bool(moves)
    assert chess960.Move.from_uci("e2e4") in moves
    assert chess960.Move.from_uci("e2e5") not in moves
    assert [m.uci() for m in moves] == moves.uci()
    assert moves[-1] == list(moves)[-1]
    assert sorted(moves.san())[:3] == ["Na3", "Nc3", "Nf3"]
    # A live view of the board, as python-chess's: after a move it shows the new position's.
    board.push_san("e4")
    assert chess960.Move.from_uci("e2e4") not in moves
    assert chess960.Move.from_uci("e7e5") in moves
    assert moves.san() == board.legal_moves.san() and "e5" in moves.san()
    board.push_san("e5")
    board.push_san("Qh5")
    assert len(moves) == moves.count() == len(list(moves)) == 26
    board.pop()
    board.pop()
    board.pop()
    assert moves.uci() == board.legal_moves.uci() and len(moves) == 20


def test_legal_moves_iteration_and_indexing():
    board = chess960.Board.from_chess960_pos(0)
    moves = board.legal_moves
    listed = list(moves)
    assert len(listed) == len(moves) and listed == [moves[i] for i in range(len(moves))]
    assert moves[-1] == listed[-1] and moves[-len(moves)] == listed[0]
    with pytest.raises(IndexError):
        moves[len(moves)]
    # An iteration goes on over the moves of the position where it began.
    it = iter(moves)
    first = next(it)
    board.push(first)
    assert [first] + list(it) == listed
    assert it.__length_hint__() == 0
    board.pop()
    mate = chess960.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    assert not mate.legal_moves and len(mate.legal_moves) == 0 and list(mate.legal_moves) == []


def test_copy_and_equality():
    board = chess960.Board.from_chess960_pos(123)
    other = board.copy()
    other.push_san("g3")
    assert board != other and len(board.move_stack) == 0
    assert copy.copy(other) == other
    assert repr(board).startswith("Board('")
    assert board.piece_at(chess960.A1) == "N" and board.piece_at(chess960.E4) is None


def test_squares():
    assert chess960.square_name(chess960.E4) == "e4" and chess960.parse_square("h8") == 63
    with pytest.raises(ValueError):
        chess960.parse_square("i9")
