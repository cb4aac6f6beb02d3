"""Legal moves, SAN and FEN agree with python-chess on 10,000 random Chess960 positions, a third
of them from Double Chess960 starts (each side its own arrangement)."""

import random

import chess960

POSITIONS = 10_000
SAMPLES_PER_GAME = 10


def random_games(chess, rng):
    """Yields (ours, theirs) board pairs along random games, the same moves on both."""
    while True:
        white = rng.randrange(960)
        black = rng.randrange(960) if rng.random() < 1 / 3 else white
        ours = chess960.Board.from_chess960_pos(white, black)
        theirs = chess.Board(ours.fen(shredder=True), chess960=True)
        plies = rng.randrange(1, 120)
        sample_at = set(rng.sample(range(plies), min(SAMPLES_PER_GAME, plies)))
        for ply in range(plies):
            if ply in sample_at:
                yield ours, theirs
            moves = ours.legal_moves.uci()
            if not moves:
                break
            uci = rng.choice(moves)
            ours.push_uci(uci)
            theirs.push(chess.Move.from_uci(uci))


def test_legal_moves_san_and_fen_agree(python_chess):
    chess = python_chess
    rng = random.Random(960)
    checked = 0
    for ours, theirs in random_games(chess, rng):
        fen = theirs.fen()
        assert ours.fen() == fen, theirs.fen()
        assert ours.fen(shredder=True) == theirs.fen(shredder=True), fen
        assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), fen

        their_moves = {m.uci(): theirs.san(m) for m in theirs.legal_moves}
        our_moves = dict(zip(ours.legal_moves.uci(), ours.legal_moves.san()))
        assert our_moves == their_moves, fen

        assert ours.is_check() == theirs.is_check(), fen
        assert ours.is_checkmate() == theirs.is_checkmate(), fen
        assert ours.is_stalemate() == theirs.is_stalemate(), fen
        checked += 1
        if checked == POSITIONS:
            break
    assert checked == POSITIONS


def test_double_chess960_starts_agree(python_chess):
    chess = python_chess
    rng = random.Random(1920)
    for _ in range(500):
        white, black = rng.randrange(960), rng.randrange(960)
        ours = chess960.Board.from_chess960_pos(white, black)
        theirs = chess.Board(ours.fen(shredder=True), chess960=True)
        assert sorted(ours.legal_moves.uci()) == sorted(m.uci() for m in theirs.legal_moves)
        assert ours.double_chess960_pos() == (white, black)


def test_ordinary_chess_castling_text_agrees(python_chess):
    """On a board in ordinary-chess mode, castling is written e1g1 by both."""
    chess = python_chess
    fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    ours = chess960.Board(fen, chess960=False)
    theirs = chess.Board(fen)
    assert sorted(ours.legal_moves.uci()) == sorted(m.uci() for m in theirs.legal_moves)
