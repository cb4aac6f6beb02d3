"""Chess960 (Fischer Random Chess) rules for Python, on the chess960 C++ library.

A python-chess-like API: ``Board(fen=None, chess960=True)``, ``Board.from_chess960_pos(n)``,
``board.legal_moves``, ``push``, ``push_san``, ``push_uci``, ``san``, ``uci``,
``fen(shredder=False)``, ``is_check``, ``is_checkmate``, ``outcome()``, ``perft``; and
``chess960.pgn`` to read games. Squares are numbered a1 = 0 .. h8 = 63, piece types PAWN = 1 ..
KING = 6, colours WHITE = True and BLACK = False, as in python-chess. A castling move is the
king taking its own rook (e1h1); ``Board.uci`` writes it as e1g1 on a board made with
``chess960=False``. Errors are ValueError subclasses carrying the library's message.
"""

from ._chess960 import (
    LIBRARY_VERSION,
    Board,
    GameOverError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    InvalidStartPositionError,
    LegalMoves,
    Move,
    Outcome,
    Termination,
)

__version__ = "0.1.0"

WHITE = True
BLACK = False
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
SQUARES = list(range(64))
(
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
) = SQUARES  # fmt: skip

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def square_name(square: int) -> str:
    """The name of a square: 0 -> 'a1', 63 -> 'h8'."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    """The square a name stands for: 'e4' -> 28. ValueError for anything else."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"invalid square name {name!r}") from None


from . import pgn  # noqa: E402  (pgn uses the names above)

__all__ = [
    "Board", "Move", "LegalMoves", "Outcome", "Termination", "InvalidFenError",
    "InvalidMoveError", "IllegalMoveError", "InvalidStartPositionError", "GameOverError",
    "WHITE", "BLACK", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "SQUARE_NAMES",
    "SQUARES", "STARTING_FEN", "square_name", "parse_square", "pgn", "LIBRARY_VERSION",
]
