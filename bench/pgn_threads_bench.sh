#!/bin/bash
# `chess960 pgn check` on one core and on all cores, on plain and compressed files, against
# Disservin's chess-library (pgn::StreamParser + uci::parseSan + Board::makeMove, the single
# header in ../shared/peers/chess-library, compiled here by bench/chess_library_pgn.cpp, never
# copied) and pgn-extract, all on the same generated file of random Chess960 games.
#
#   bench/pgn_threads_bench.sh [--games N] [--repeat R] [--out FILE]
#
#   --games N   games in the generated file (default 300000: about 260 MB, 29 M moves, so
#               that a run on all cores lasts over a second and thread start-up is noise)
#   --repeat R  timed runs of each, in turn, best kept (default 3)
#   --out FILE  a Markdown report (default: only the terminal)
#
# Environment: BUILD (default build/), WORK (generated files, default $BUILD/pgn-threads-bench),
# PEERS (default ../shared/peers, or ../../shared/peers from a worktree).
#
# A second file holds the same games as lichess exports its databases (make_pgn_corpus --style
# lichess: twenty tags, a clock comment after every move; about 3.5 times the bytes): the plain
# file and its .pgn.zst, against chess-library. Its comments cost the replay little and the
# decompression much, so the .pgn.zst ratio is lower there (the CPU bound printed beside it).
#
# The peers run on one core (they have no threads); ours with --threads 1 and with every core.
# With --threads 1 a compressed file is decompressed on a second thread (one thread replays): its
# CPU time, printed beside the wall time, is both threads'.
# The compressed files are made by the zstd, gzip and bzip2 commands at their default levels.
# Wall-clock time of the whole process, start-up included (GNU time); CPU time (user + system)
# beside it, which a shared machine disturbs less. The report gives the load average before and
# after the runs and says when the machine was busy (then the all-cores figures are not the
# threads' speed-up: other processes held the second core).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
work=${WORK:-$build/pgn-threads-bench}
games=300000
repeat=3
out_file=
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --repeat) repeat=$2; shift 2 ;;
        --out) out_file=$2; shift 2 ;;
        *) echo "usage: bench/pgn_threads_bench.sh [--games N] [--repeat R] [--out FILE]" >&2
           exit 2 ;;
    esac
done
die() { echo "pgn_threads_bench: $*" >&2; exit 1; }

peers=${PEERS:-}
for candidate in "$root/../shared/peers" "$root/../../shared/peers"; do
    [ -z "$peers" ] && [ -f "$candidate/chess-library/chess.hpp" ] && peers=$candidate
done
[ -n "$peers" ] || die "chess-library not found: set PEERS to the shared peers folder"
clang=$(command -v clang++-19 || command -v clang++ || true)
[ -n "$clang" ] || die "clang++ is needed for chess-library (GCC 12 fails on it): apt-get install clang-19"
pgn_extract=$(command -v pgn-extract || true)
[ -z "$pgn_extract" ] && [ -x /usr/games/pgn-extract ] && pgn_extract=/usr/games/pgn-extract
[ -n "$pgn_extract" ] || die "pgn-extract is missing: apt-get install -y pgn-extract"
for tool in zstd gzip bzip2; do command -v $tool >/dev/null || die "$tool is missing"; done
[ -x /usr/bin/time ] || die "GNU time is missing: apt-get install -y time"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCHESS960_BENCH=ON >/dev/null
cmake --build "$build" -j"${JOBS:-2}" --target chess960_cli make_pgn_corpus >/dev/null
ours=$build/chess960
mkdir -p "$work"
peer=$work/chess_library_pgn
"$clang" -std=c++20 -O3 -march=native -DNDEBUG -w -I"$peers/chess-library" \
    "$root/bench/chess_library_pgn.cpp" -o "$peer"

file=$work/games-$games.pgn
if [ ! -s "$file" ]; then
    "$build/bench/make_pgn_corpus" --games "$games" --seed 1 --output "$file.tmp"
    mv "$file.tmp" "$file"
fi
[ -s "$file.zst" ] || zstd -q -f "$file" -o "$file.zst"
lichess=$work/lichess-$games.pgn
if [ ! -s "$lichess" ]; then
    "$build/bench/make_pgn_corpus" --games "$games" --seed 1 --style lichess --output "$lichess.tmp"
    mv "$lichess.tmp" "$lichess"
fi
[ -s "$lichess.zst" ] || zstd -q -f "$lichess" -o "$lichess.zst"
[ -s "$file.gz" ] || gzip -k -f "$file"
[ -s "$file.bz2" ] || bzip2 -k -f "$file"
cores=$(nproc)

# The same verdict from everyone: every game, every move, no error.
summary=$("$ours" pgn check --threads 1 "$file" 2>/dev/null | tail -1)
n_games=$(echo "$summary" | sed -n 's/^\([0-9]*\) games, .*/\1/p')
n_moves=$(echo "$summary" | sed -n 's/^[0-9]* games, \([0-9]*\) moves, .*/\1/p')
[ "$summary" = "$n_games games, $n_moves moves, 0 errors" ] || die "ours: $summary"
for f in "$file.zst" "$file.gz" "$file.bz2" "$lichess" "$lichess.zst"; do
    s=$("$ours" pgn check "$f" 2>/dev/null | tail -1)
    [ "$s" = "$summary" ] || die "$(basename "$f"): '$s', $(basename "$file"): '$summary'"
done
for f in "$file" "$lichess"; do
    s=$("$peer" "$f" 2>/dev/null)
    [ "$s" = "$summary" ] || die "chess-library on $(basename "$f"): '$s', ours: '$summary'"
done
pgn_extract_errors=$("$pgn_extract" -r "$file" 2>&1 | grep -c 'Failed to make move' || true)
[ "$pgn_extract_errors" = 0 ] || die "pgn-extract finds $pgn_extract_errors errors"

# name|command: each timed as a whole process.
runs=(
    "chess960 pgn check --threads 1|$ours pgn check --threads 1 $file"
    "chess960 pgn check (all $cores cores)|$ours pgn check $file"
    "chess960 pgn check --threads 1, .pgn.zst|$ours pgn check --threads 1 $file.zst"
    "chess960 pgn check (all $cores cores), .pgn.zst|$ours pgn check $file.zst"
    "chess960 pgn check --threads 1, .pgn.gz|$ours pgn check --threads 1 $file.gz"
    "chess960 pgn check (all $cores cores), .pgn.gz|$ours pgn check $file.gz"
    "chess960 pgn check --threads 1, .pgn.bz2|$ours pgn check --threads 1 $file.bz2"
    "chess960 pgn check (all $cores cores), .pgn.bz2|$ours pgn check $file.bz2"
    "chess-library (1aafb2e, clang -O3)|$peer $file"
    "pgn-extract -r|$pgn_extract -r $file"
    "lichess style: chess960 pgn check --threads 1|$ours pgn check --threads 1 $lichess"
    "lichess style: chess960 pgn check (all $cores cores)|$ours pgn check $lichess"
    "lichess style: chess960 pgn check --threads 1, .pgn.zst|$ours pgn check --threads 1 $lichess.zst"
    "lichess style: chess960 pgn check (all $cores cores), .pgn.zst|$ours pgn check $lichess.zst"
    "lichess style: chess-library (1aafb2e, clang -O3)|$peer $lichess"
)
declare -A best_wall best_cpu
# How busy the machine is, in cores, measured over 3 seconds from /proc/stat (the load average
# would still count this script's own preparation: building, generating, compressing).
cores_busy() {
    local a b
    a=$(head -1 /proc/stat)
    sleep 3
    b=$(head -1 /proc/stat)
    awk -v a="$a" -v b="$b" 'BEGIN {
        n = split(a, x); split(b, y); total = 0
        for (i = 2; i <= n; ++i) total += y[i] - x[i]
        idle = (y[5] - x[5]) + (y[6] - x[6])
        printf "%.1f", (total > 0 ? '"$(nproc)"' * (total - idle) / total : 0)
    }'
}
busy_before=$(cores_busy)
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "== $n_games games, $n_moves moves; best of $repeat; $busy_before cores busy before (load average $load)"
for r in $(seq "$repeat"); do
    for entry in "${runs[@]}"; do
        name=${entry%%|*}
        command=${entry#*|}
        # shellcheck disable=SC2086
        /usr/bin/time -o "$work/time.txt" -f '%e %U %S' $command >/dev/null 2>&1 || true
        read -r wall user sys <"$work/time.txt"
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        if [ -z "${best_wall[$name]:-}" ] ||
            awk -v a="$wall" -v b="${best_wall[$name]}" 'BEGIN { exit !(a < b) }'; then
            best_wall[$name]=$wall
            best_cpu[$name]=$cpu
        fi
    done
    echo "run $r done"
done

busy_after=$(cores_busy)
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
busy=$(awk -v a="$busy_before" -v b="$busy_after" 'BEGIN { print (a > 0.2 || b > 0.2) ? 1 : 0 }')

report=$(
    echo "| what | wall s | CPU s | games/s | moves/s |"
    echo "|---|---:|---:|---:|---:|"
    for entry in "${runs[@]}"; do
        name=${entry%%|*}
        awk -v n="$name" -v w="${best_wall[$name]}" -v c="${best_cpu[$name]}" -v g="$n_games" \
            -v m="$n_moves" 'BEGIN { printf "| %s | %.2f | %.2f | %.0f | %.0f |\n", n, w, c, g / w, m / w }'
    done
    echo
    one="chess960 pgn check --threads 1"
    all="chess960 pgn check (all $cores cores)"
    peer_name="chess-library (1aafb2e, clang -O3)"
    awk -v o="${best_wall[$one]}" -v a="${best_wall[$all]}" -v p="${best_wall[$peer_name]}" \
        -v x="${best_wall[pgn-extract -r]}" \
        -v oz="${best_wall[$one, .pgn.zst]}" -v az="${best_wall[$all, .pgn.zst]}" \
        -v oc="${best_cpu[$one]}" -v ac="${best_cpu[$all]}" \
        -v ozc="${best_cpu[$one, .pgn.zst]}" -v azc="${best_cpu[$all, .pgn.zst]}" \
        'BEGIN {
            printf "- all cores against chess-library: %.2fx (target >= 2x); one core: %.2fx\n", p / a, p / o
            printf "- all cores against pgn-extract -r: %.1fx; one core: %.1fx\n", x / a, x / o
            printf "- .pgn.zst at %.0f%% of the plain file'"'"'s speed with --threads 1 (replaying on one thread, decompressing on another), %.0f%% on all cores (target >= 90%%)\n", 100 * o / oz, 100 * a / az
            printf "- .pgn.zst CPU time (user + system) against plain: %.0f%% with --threads 1, %.0f%% on all cores (the bound of the ratio when every core is busy)\n", 100 * oc / ozc, 100 * ac / azc
            printf "- all cores against one: %.2fx\n", o / a
        }'
    l="lichess style: chess960 pgn check"
    awk -v o="${best_wall[$l --threads 1]}" -v a="${best_wall[$l (all $cores cores)]}" \
        -v p="${best_wall[lichess style: $peer_name]}" \
        -v oz="${best_wall[$l --threads 1, .pgn.zst]}" -v az="${best_wall[$l (all $cores cores), .pgn.zst]}" \
        -v ac="${best_cpu[$l (all $cores cores)]}" -v azc="${best_cpu[$l (all $cores cores), .pgn.zst]}" \
        'BEGIN {
            printf "- lichess style, all cores against chess-library: %.2fx; one core: %.2fx\n", p / a, p / o
            printf "- lichess style, .pgn.zst at %.0f%% of the plain file'"'"'s speed with --threads 1, %.0f%% on all cores (CPU bound: %.0f%%)\n", 100 * o / oz, 100 * a / az, 100 * ac / azc
        }'
    echo
    if [ "$busy" = 1 ]; then
        echo "The machine was busy: other processes used $busy_before of its $cores cores just before the"
        echo "runs and $busy_after just after (load average $load before, $load_after after), so the"
        echo "all-cores figures understate the threads; rerun in a quiet window."
    else
        echo "The machine was quiet: other processes used $busy_before of its $cores cores just before the"
        echo "runs and $busy_after just after (load average $load before, $load_after after)."
    fi
)
echo
echo "$report"
if [ -n "$out_file" ]; then
    {
        echo "# pgn check on one and all cores, compressed inputs, against chess-library and pgn-extract ($(date +%F))"
        echo
        echo "\`bench/pgn_threads_bench.sh --games $games --repeat $repeat\`: $n_games random Chess960 games"
        echo "(bench/make_pgn_corpus --seed 1), $n_moves moves, $(du -h "$file" | cut -f1) of PGN;"
        echo ".zst $(du -h "$file.zst" | cut -f1), .gz $(du -h "$file.gz" | cut -f1), .bz2 $(du -h "$file.bz2" | cut -f1) (default levels); the same games as"
        echo "lichess exports them (make_pgn_corpus --style lichess): $(du -h "$lichess" | cut -f1), .zst $(du -h "$lichess.zst" | cut -f1)."
        echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $cores cores; best of $repeat, whole"
        echo "processes (wall time; CPU time is user + system of all threads)."
        echo
        echo "$report"
    } >"$out_file"
    echo "wrote $out_file"
fi
