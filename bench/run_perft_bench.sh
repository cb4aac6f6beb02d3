#!/bin/sh
# Builds perft_bench twice, with PEXT sliding attacks (build-pext/) and with magic bitboards
# (build-magic/, -DCHESS960_PEXT=OFF), both Release with -march=native, and runs both against
# Stockfish. Arguments are passed on to perft_bench (default: --depth 5 --repeat 5).
# The build trees are its own (ignored by git via /build*/), so it never reconfigures build/.
#
#   bench/run_perft_bench.sh [--depth D] [--repeat R] [--stockfish PATH]
#
# Environment: JOBS (parallel build jobs, default 2); GENERIC=1 also builds and runs build-generic/
# (-DCHESS960_NATIVE=OFF: baseline x86-64, magic bitboards, no POPCNT), which matches the
# instruction set of a distribution's generic Stockfish build.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
if [ "$#" -eq 0 ]; then set -- --depth 5 --repeat 5; fi

build() {  # build DIR CMAKE-OPTIONS...
    dir=$1
    shift
    cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCHESS960_BENCH=ON -DCHESS960_TESTS=OFF "$@" >/dev/null
    cmake --build "$dir" -j"$jobs" --target perft_bench >/dev/null
}

build "$root/build-pext" -DCHESS960_NATIVE=ON -DCHESS960_PEXT=ON
build "$root/build-magic" -DCHESS960_NATIVE=ON -DCHESS960_PEXT=OFF
if [ "${GENERIC:-0}" = 1 ]; then build "$root/build-generic" -DCHESS960_NATIVE=OFF; fi

run() {  # run LABEL DIR ARGS...: runs DIR/bench/perft_bench ARGS, output kept in DIR/perft_bench.txt
    label=$1
    dir=$2
    shift 2
    echo
    echo "== $label: ${dir#"$root"/}/bench/perft_bench $*"
    if ! "$dir/bench/perft_bench" "$@" >"$dir/perft_bench.txt"; then
        cat "$dir/perft_bench.txt"
        exit 1
    fi
    cat "$dir/perft_bench.txt"
}

grep -m1 'model name' /proc/cpuinfo || true
run PEXT "$root/build-pext" "$@"
run magic "$root/build-magic" "$@"
if [ "${GENERIC:-0}" = 1 ]; then run "generic x86-64" "$root/build-generic" "$@"; fi

# Summary: total nodes/s of each variant (wall clock and CPU time) and PEXT against magic.
wall() { sed -n 's/^ours: \([0-9]*\) nodes.*/\1/p' "$1/perft_bench.txt"; }
cpu() { sed -n 's/^cpu time: ours \([0-9]*\) nodes.*/\1/p' "$1/perft_bench.txt"; }
line() {  # line LABEL DIR
    echo "$1 $(wall "$2") nodes/s, $(grep '^ratio' "$2/perft_bench.txt");" \
        "cpu time $(cpu "$2") nodes/s, ratio $(sed -n 's/^cpu time.*ratio ours\/stockfish //p' "$2/perft_bench.txt")"
}
echo
echo "== summary"
line "pext:   " "$root/build-pext"
line "magic:  " "$root/build-magic"
if [ "${GENERIC:-0}" = 1 ]; then line "generic:" "$root/build-generic"; fi
awk -v p="$(wall "$root/build-pext")" -v m="$(wall "$root/build-magic")" \
    -v pc="$(cpu "$root/build-pext")" -v mc="$(cpu "$root/build-magic")" \
    'BEGIN { printf "ratio pext/magic: %.3f (cpu time %.3f)\n", p / m, pc / mc }'
