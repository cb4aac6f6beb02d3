#!/usr/bin/env bash
# `pip install .` as a user runs it: a virtual environment with the system's site packages,
# made by PYTHON (the first python3 on PATH by default), the package built offline by the
# in-tree backend (--no-index: no index is asked for anything), then imported and used.
#
# usage: pip_install_test.sh SOURCE_DIR WORK_DIR PYTHON
set -euo pipefail
source_dir=$1
work=$2
python=$3

rm -rf "$work"
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install --no-index --disable-pip-version-check --quiet "$source_dir"
cd "$work"  # not the source tree: the installed package must be the one imported
"$work/venv/bin/python" - <<'PY'
import chess960, chess960.pgn, pathlib, sys
assert "site-packages" in chess960.__file__, chess960.__file__
board = chess960.Board.from_chess960_pos(0)
assert len(board.legal_moves) == 20 and board.perft(2) == 400
assert board.fen(shredder=True) == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
try:
    board.push_uci("a1a8")
except chess960.IllegalMoveError as error:
    assert "a1a8" in str(error)
else:
    raise AssertionError("an illegal move was accepted")
stub = pathlib.Path(chess960.__file__).with_name("_chess960.pyi")
assert stub.exists() and stub.with_name("py.typed").exists()
print("pip_install_test:", sys.executable, chess960.__version__, "ok")
PY
rm -rf "$work"
