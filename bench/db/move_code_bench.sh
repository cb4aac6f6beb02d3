#!/bin/bash
# The game database's decoding speed on one core (issue 42's goal: 5 M moves a second), by
# bench/db/move_code_bench: on a corpus of lichess-like games (make_pgn_corpus --style lichess
# --moves policy --seed 1, as bench/db/db_bench.sh makes, default 20,000 games) and on the real
# Chess960 games of tests/data/pgn (a few thousand moves: timed more times). When chess-library
# and clang are found, its replay of the same moves (bench/db/chess_library_replay.cpp) too.
#
#   bench/db/move_code_bench.sh [GAMES]
#
# Environment: BUILD (the CMake build directory, default build/), REPEAT (runs of each timing,
# default 7; 10 times more on the real games), PEERS (the shared peers folder, default
# ../shared/peers or ../../shared/peers from a worktree). The corpus is kept in
# $BUILD/move-code-bench.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build}
games=${1:-20000}
repeat=${REPEAT:-7}
work=$build/move-code-bench
nice cmake --build "$build" -j2 --target move_code_bench make_pgn_corpus >/dev/null
mkdir -p "$work"
corpus=$work/policy-$games.pgn
[ -s "$corpus" ] || nice "$build/bench/make_pgn_corpus" --games "$games" --seed 1 --style lichess \
    --moves policy --output "$corpus"

peers=${PEERS:-}
for candidate in "$root/../shared/peers" "$root/../../shared/peers"; do
    [ -z "$peers" ] && [ -f "$candidate/chess-library/chess.hpp" ] && peers=$candidate
done
clang=$(command -v clang++-19 || command -v clang++ || true)
peer=
if [ -n "$peers" ] && [ -n "$clang" ]; then
    peer=$work/chess_library_replay
    nice "$clang" -std=c++20 -O3 -march=native -DNDEBUG -w -I"$peers/chess-library" \
        "$root/bench/db/chess_library_replay.cpp" -o "$peer"
else
    echo "(chess-library or clang++ not found: no peer replay)"
fi

# One data set: our three timings, then the peer's replay of the same moves.
run() {
    local runs=$1; shift
    nice "$build/bench/move_code_bench" --repeat "$runs" ${peer:+--dump "$work/games.txt"} "$@"
    [ -n "$peer" ] && nice "$peer" --repeat "$runs" "$work/games.txt"
    return 0
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== generated: $games games (make_pgn_corpus --style lichess --moves policy --seed 1)"
run "$repeat" "$corpus"
echo "== real: tests/data/pgn"
run $((10 * repeat)) "$root"/tests/data/pgn/*.pgn
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
