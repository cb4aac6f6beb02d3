"""Shared fixtures: the repository's test data, and python-chess (pure Python, from the team's
shared peers directory on PYTHONPATH; tests that compare with it are skipped without it)."""

import os
import pathlib

import pytest

DATA = pathlib.Path(os.environ.get("CHESS960_TEST_DATA") or
                    pathlib.Path(__file__).resolve().parents[2] / "tests" / "data")
PGN_FILES = sorted((DATA / "pgn").glob("*.pgn"))


@pytest.fixture(scope="session")
def python_chess():
    chess = pytest.importorskip("chess", reason="python-chess is not on PYTHONPATH")
    import chess.pgn  # noqa: F401

    return chess
