#!/bin/bash
# The game database's decoding speed on one core (issue 42's goal: 5 M moves a second), by
# bench/db/move_code_bench: on a corpus of lichess-like games (make_pgn_corpus --style lichess
# --moves policy --seed 1, as bench/db/db_bench.sh makes, default 20,000 games) and on the real
# Chess960 games of tests/data/pgn (a few thousand moves: timed more times).
#
#   bench/db/move_code_bench.sh [GAMES]
#
# Environment: BUILD (the CMake build directory, default build/), REPEAT (runs of each timing,
# default 7; 10 times more on the real games). The corpus is kept in $BUILD/move-code-bench.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build}
games=${1:-20000}
repeat=${REPEAT:-7}
nice cmake --build "$build" -j2 --target move_code_bench make_pgn_corpus >/dev/null
mkdir -p "$build/move-code-bench"
corpus=$build/move-code-bench/policy-$games.pgn
[ -s "$corpus" ] || nice "$build/bench/make_pgn_corpus" --games "$games" --seed 1 --style lichess \
    --moves policy --output "$corpus"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== generated: $games games (make_pgn_corpus --style lichess --moves policy --seed 1)"
nice "$build/bench/move_code_bench" --repeat "$repeat" "$corpus"
echo "== real: tests/data/pgn"
nice "$build/bench/move_code_bench" --repeat $((10 * repeat)) "$root"/tests/data/pgn/*.pgn
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
