"""PGN for chess960: ``read_game`` reads one game from a text file into objects (as python-chess's
``chess.pgn.read_game``), ``games`` streams every game of a file fast, without an object per
move. Both replay every move against the rules: Chess960 from ``[Variant]`` and ``[FEN]``."""

import os
from typing import IO, Iterator, Optional, Union

from ._chess960 import _pgn

Game = _pgn.Game
StreamedGame = _pgn.StreamedGame


def _reads_on(text: str, depth: int) -> int:
    """The comment depth after `text` (braces outside ';' comments)."""
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif ch == ";" and not depth:
            break
    return depth


def read_game(handle: IO[str]) -> Optional[Game]:
    """Reads the next game from a text file and returns it, or None at the end of the file.

    The file is left at the start of the next game. The game's ``errors`` list what its replay
    found wrong (an illegal move stops the main line there)."""
    lines = []
    in_movetext = False
    depth = 0
    while True:
        position = handle.tell() if handle.seekable() else None
        line = handle.readline()
        if not line:
            break
        stripped = line.strip()
        if not lines and (not stripped or stripped.startswith("%")):
            continue
        if in_movetext and not depth:
            if not stripped:
                break
            if stripped.startswith("[") and position is not None:
                handle.seek(position)  # the next game's tags: leave them to the next call
                break
        if not stripped.startswith("[") or depth:
            in_movetext = in_movetext or bool(stripped)
            depth = _reads_on(stripped, depth)
        lines.append(line)
    if not lines:
        return None
    return _pgn.read_game_text("".join(lines))


def games(source: Union[str, "os.PathLike[str]", IO], chess960: bool = True) -> Iterator[StreamedGame]:
    """Every game of a PGN file (a path, or a file object opened in text or binary mode), read
    and replayed in C++. Each yields ``headers`` (dict), ``moves`` (the main line in UCI, one
    string: castling as king takes own rook, or e1g1 with ``chess960=False``), ``result``,
    ``ply_count`` and ``error`` (the first problem, or None). Memory stays constant."""
    return _pgn.GameStream(source, chess960)


__all__ = ["Game", "StreamedGame", "read_game", "games"]
