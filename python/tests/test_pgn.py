"""The shared PGN files replay, by the stream and by read_game, and agree with python-chess."""

import io

import pytest

import chess960
import chess960.pgn
from conftest import PGN_FILES

# Games and plies of each shared file, as tests/data/SOURCES.md records them (python-chess
# 1.11.2's replay).
EXPECTED = {
    "games_chess960_mainz2009_rapid_wch.pgn": (20, 1692),
    "games_chess960_cutechess_engines.pgn": (4, 396),
    "games_chess960_kokopu_castle_swap.pgn": (1, 1),
    "games_chess960_kokopu_variant_tags.pgn": (4, 103),
}


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda p: p.name)
def test_stream_replays_every_game(path):
    games = list(chess960.pgn.games(path))
    assert (len(games), sum(g.ply_count for g in games)) == EXPECTED[path.name]
    for game in games:
        assert game.error is None, game.error
        assert game.result in ("1-0", "0-1", "1/2-1/2", "*")
        assert len(game.moves.split()) == game.ply_count
        assert "Variant" in game.headers or "FEN" in game.headers


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda p: p.name)
def test_read_game_agrees_with_the_stream(path):
    streamed = list(chess960.pgn.games(str(path)))
    with open(path, encoding="utf-8-sig") as handle:
        read = []
        while (game := chess960.pgn.read_game(handle)) is not None:
            read.append(game)
    assert len(read) == len(streamed)
    for game, summary in zip(read, streamed):
        assert game.errors == []
        assert game.headers == summary.headers and game.result == summary.result
        board = game.board()
        ucis = []
        for move in game.mainline_moves():
            ucis.append(board.uci(move))
            board.push(move)
        assert " ".join(ucis) == summary.moves
        assert game.end_board().fen() == board.fen()


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda p: p.name)
def test_final_positions_agree_with_python_chess(python_chess, path):
    """Every game python-chess can read (it does not know every spelling of the Variant tag)
    ends in the same position."""
    chess = python_chess
    with open(path, encoding="utf-8-sig") as handle:
        theirs = []
        while (game := chess.pgn.read_game(handle)) is not None:
            theirs.append(None if game.errors else game.end().board().fen())
    ours = list(chess960.pgn.games(path))
    assert len(ours) == len(theirs)
    compared = 0
    for summary, their_fen in zip(ours, theirs):
        if their_fen is None:
            continue
        fen = summary.headers.get("FEN")
        board = chess960.Board(fen) if fen else chess960.Board()
        for uci in summary.moves.split():
            board.push_uci(uci)
        assert board.fen() == their_fen
        compared += 1
    assert compared >= 1


def test_stream_from_file_objects_text_and_binary():
    path = PGN_FILES[0]
    by_path = [(g.headers, g.moves) for g in chess960.pgn.games(path)]
    with open(path, "rb") as binary:
        assert [(g.headers, g.moves) for g in chess960.pgn.games(binary)] == by_path
    with open(path, encoding="utf-8") as text:
        assert [(g.headers, g.moves) for g in chess960.pgn.games(text)] == by_path


def test_problems_are_reported_with_the_library_message():
    text = '[Event "x"]\n[Variant "Chess960"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]\n\n1. e4 e5 2. Ke3 *\n'
    (game,) = list(chess960.pgn.games(io.StringIO(text)))
    assert game.ply_count == 2
    assert "illegal move" in game.error and "Ke3" in game.error
    read = chess960.pgn.read_game(io.StringIO(text))
    assert len(read.mainline_moves()) == 2 and "Ke3" in read.errors[0]


def test_moves_and_results_after_an_automatic_draw_are_problems():
    """Fivefold repetition ends the game at once (FIDE Laws 9.6.1): the start position for the
    fifth time after 8... Ng8, so 9. e4 is not part of the game, and 1-0 contradicts the draw."""
    shuffle = " ".join(f"{2 * i + 1}. Nf3 Nf6 {2 * i + 2}. Ng1 Ng8" for i in range(4))
    (after,) = list(chess960.pgn.games(io.StringIO(shuffle + " 9. e4 1-0\n")))
    assert after.ply_count == 16
    assert "played after the game was drawn by fivefold repetition at ply 16" in after.error
    read = chess960.pgn.read_game(io.StringIO(shuffle + " 1-0\n"))
    assert len(read.mainline_moves()) == 16
    assert read.errors == [
        "game 1 (? - ?), ply 16: result 1-0 contradicts the draw by fivefold repetition at ply 16 "
        "(FIDE Laws 9.6.1)"
    ]
    assert chess960.pgn.read_game(io.StringIO(shuffle + " 1/2-1/2\n")).errors == []


def test_missing_file_is_an_os_error():
    with pytest.raises(OSError):
        chess960.pgn.games("/nonexistent/games.pgn")
