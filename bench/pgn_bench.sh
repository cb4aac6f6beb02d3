#!/bin/bash
# PGN speed benchmark: `chess960 pgn check` against two peers checking the same file on one core:
# pgn-extract (Debian package pgn-extract, the C tool arbiters use) and lichess's chessops in
# Node (bench/chessops/check.mjs). pgn-extract runs as the task names it, `pgn-extract -s -o
# /dev/null FILE` (which still writes every game out, to /dev/null), and also as `pgn-extract -r
# FILE` (report errors, write nothing), its fastest way to only check a file. Also the peak memory of `chess960 pgn check` at 1x and 10x
# the games, to show that it stays flat.
#
#   bench/pgn_bench.sh [--games N] [--repeat R] [--cpu C]
#
#   --games N   games in the generated file (default 100000; the 10x file repeats it 10 times)
#   --repeat R  timed runs of each tool, alternating, best kept (default 3)
#   --cpu C     the core every timed run is pinned to with taskset (default 1)
#
# Environment: BUILD (the CMake build directory, default build/), WORK (where the generated
# files go, default $BUILD/pgn-bench; never in git: about 1 GB for 100000 games at 10x).
#
# Steps:
#  1. Builds chess960 and make_pgn_corpus in $BUILD (Release), installs chessops with `npm ci`
#     in bench/chessops if needed, and checks for pgn-extract and GNU time.
#  2. Generates N random Chess960 games (bench/make_pgn_corpus --seed 1: seeded start positions
#     and moves, [Variant "Chess960"], [SetUp "1"], [FEN ...]) and the 10x file by repetition.
#  3. Sanity: each tool must find no error in the generated games (thousands of Chess960
#     castlings among them), and exactly one in a copy of the first 2000 games where one game's
#     first move was replaced by an illegal castling "O-O".
#  4. Times the three tools on the 1x file, pinned to one core, R times each in turn, and prints
#     games/s and moves/s of the best run of each and the ratios. Wall-clock time of the whole
#     process (start-up included) from GNU time; user+sys CPU time shown beside it.
#  5. Peak RSS of `chess960 pgn check` on the 1x and the 10x file (GNU time's maximum resident
#     set size), and its speed on the 10x file.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
work=${WORK:-$build/pgn-bench}
games=100000
repeat=3
cpu=1
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --repeat) repeat=$2; shift 2 ;;
        --cpu) cpu=$2; shift 2 ;;
        *) echo "usage: bench/pgn_bench.sh [--games N] [--repeat R] [--cpu C]" >&2; exit 2 ;;
    esac
done

die() { echo "pgn_bench: $*" >&2; exit 1; }

# --- 1. Tools --------------------------------------------------------------------------------
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCHESS960_BENCH=ON >/dev/null
cmake --build "$build" -j"${JOBS:-2}" --target chess960_cli make_pgn_corpus >/dev/null
ours=$build/chess960
gen=$build/bench/make_pgn_corpus

pgn_extract=$(command -v pgn-extract || true)
[ -z "$pgn_extract" ] && [ -x /usr/games/pgn-extract ] && pgn_extract=/usr/games/pgn-extract
[ -n "$pgn_extract" ] || die "pgn-extract is missing: apt-get install -y pgn-extract"
[ -x /usr/bin/time ] || die "GNU time is missing: apt-get install -y time"
command -v taskset >/dev/null || die "taskset is missing: apt-get install -y util-linux"
command -v node >/dev/null || die "Node.js is missing: apt-get install -y nodejs npm"
command -v python3 >/dev/null || die "python3 is missing: apt-get install -y python3"
chessops_dir=$root/bench/chessops
if [ ! -d "$chessops_dir/node_modules/chessops" ]; then
    (cd "$chessops_dir" && npm ci --no-audit --no-fund >/dev/null 2>&1) ||
        die "npm ci failed in bench/chessops"
fi
chessops_version=$(node -p "require('$chessops_dir/node_modules/chessops/package.json').version")

# --- 2. The files ----------------------------------------------------------------------------
mkdir -p "$work"
one=$work/games-$games.pgn
ten=$work/games-$games-x10.pgn
if [ ! -s "$one" ]; then
    "$gen" --games "$games" --seed 1 --output "$one.tmp" && mv "$one.tmp" "$one"
fi
if [ ! -s "$ten" ]; then
    for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$one"; echo; done >"$ten.tmp" && mv "$ten.tmp" "$ten"
fi

# --- 3. Sanity -------------------------------------------------------------------------------
planted=$work/planted.pgn
python3 - "$one" "$planted" <<'EOF'
# The first 2000 games; in game 1000 (or the next one whose start position cannot castle g-side
# at once) the first move becomes "O-O", which is then illegal.
import re, sys
text = open(sys.argv[1]).read()
games = re.split(r'\n\n(?=\[Event )', text)[:2000]
for i in range(999, len(games)):
    rank = re.search(r'\[FEN "[^/]*/[^/]*/[^/]*/[^/]*/[^/]*/[^/]*/[^/]*/(\w+) ', games[i]).group(1)
    if 'KR' not in rank:  # the king not right beside a rook on its g-side: O-O is blocked
        games[i] = re.sub(r'\n\n1\. \S+', '\n\n1. O-O', games[i], count=1)
        print(f"planted: game {i + 1}, back rank {rank}: first move O-O", file=sys.stderr)
        break
open(sys.argv[2], 'w').write('\n\n'.join(games) + '\n')
EOF

# summary TOOL FILE: "G games, M moves, E errors" from ours and chessops; pgn-extract prints
# no such line, so for it the number of "Failed to make move" reports stands in for E.
summary() {
    case $1 in
        ours) "$ours" pgn check --threads 1 "$2" 2>/dev/null | tail -1 || true ;;
        pgn-extract)
            echo "? games, ? moves, $("$pgn_extract" -s -o /dev/null "$2" 2>&1 |
                grep -c 'Failed to make move' || true) errors" ;;
        pgn-extract-r)
            echo "? games, ? moves, $("$pgn_extract" -r "$2" 2>&1 |
                grep -c 'Failed to make move' || true) errors" ;;
        chessops) node "$chessops_dir/check.mjs" "$2" 2>/dev/null || true ;;
    esac
}
errors_in() { sed -n 's/.*, \([0-9]*\) errors$/\1/p'; }
echo "== sanity"
castlings=$(grep -o 'O-O' "$one" | wc -l)
echo "generated: $one ($(du -h "$one" | cut -f1)), $castlings castling moves"
ours_summary=$(summary ours "$one")
for tool in ours pgn-extract pgn-extract-r chessops; do
    if [ $tool = ours ]; then clean=$ours_summary; else clean=$(summary $tool "$one"); fi
    bad=$(summary $tool "$planted")
    printf '%-13s generated games: %-42s planted copy: %s errors\n' "$tool" "$clean" \
        "$(echo "$bad" | errors_in)"
    [ "$(echo "$clean" | errors_in)" = 0 ] || die "$tool finds errors in the generated games"
    [ "$(echo "$bad" | errors_in)" = 1 ] || die "$tool does not find the planted illegal move"
    if [ $tool = chessops ] && [ "$clean" != "$ours_summary" ]; then
        die "chessops counts '$clean', ours '$ours_summary'"
    fi
done
n_games=$(echo "$ours_summary" | sed -n 's/^\([0-9]*\) games, .*/\1/p')
n_moves=$(echo "$ours_summary" | sed -n 's/^[0-9]* games, \([0-9]*\) moves, .*/\1/p')

# --- 4. Speed --------------------------------------------------------------------------------
# run TOOL FILE: one timed run pinned to $cpu; prints "wall user+sys maxrss_kb"
run() {
    local out=$work/time.txt
    case $1 in
        ours) /usr/bin/time -o "$out" -f '%e %U %S %M' taskset -c "$cpu" "$ours" pgn check --threads 1 "$2" \
                  >/dev/null 2>&1 ;;
        pgn-extract) /usr/bin/time -o "$out" -f '%e %U %S %M' taskset -c "$cpu" \
                         "$pgn_extract" -s -o /dev/null "$2" >/dev/null 2>&1 ;;
        pgn-extract-r) /usr/bin/time -o "$out" -f '%e %U %S %M' taskset -c "$cpu" \
                           "$pgn_extract" -r "$2" >/dev/null 2>&1 ;;
        chessops) /usr/bin/time -o "$out" -f '%e %U %S %M' taskset -c "$cpu" \
                      node "$chessops_dir/check.mjs" "$2" >/dev/null 2>&1 ;;
    esac
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out"
}

declare -A best_wall best_cpu
tools="ours pgn-extract pgn-extract-r chessops"
echo
echo "== speed: $n_games games, $n_moves moves, core $cpu, best of $repeat"
for r in $(seq "$repeat"); do
    for tool in $tools; do
        read -r wall cputime rss < <(run $tool "$one")
        echo "run $r: $tool: ${wall} s wall, ${cputime} s cpu, max RSS ${rss} KB"
        if [ -z "${best_wall[$tool]:-}" ] ||
            awk -v a="$wall" -v b="${best_wall[$tool]}" 'BEGIN { exit !(a < b) }'; then
            best_wall[$tool]=$wall
            best_cpu[$tool]=$cputime
        fi
    done
done

echo
printf '%-36s %9s %9s %12s %14s\n' tool "wall s" "cpu s" "games/s" "moves/s"
label() {
    case $1 in
        ours) echo "chess960 pgn check --threads 1" ;;
        pgn-extract) echo "pgn-extract $("$pgn_extract" --version 2>&1 | head -1 | awk '{print $2}') -s -o /dev/null" ;;
        pgn-extract-r) echo "pgn-extract $("$pgn_extract" --version 2>&1 | head -1 | awk '{print $2}') -r" ;;
        chessops) echo "chessops $chessops_version (node $(node --version))" ;;
    esac
}
for tool in $tools; do
    awk -v name="$(label $tool)" -v w="${best_wall[$tool]}" -v c="${best_cpu[$tool]}" \
        -v g="$n_games" -v m="$n_moves" \
        'BEGIN { printf "%-36s %9.2f %9.2f %12.0f %14.0f\n", name, w, c, g / w, m / w }'
done
awk -v o="${best_wall[ours]}" -v p="${best_wall[pgn-extract]}" -v c="${best_wall[chessops]}" \
    -v oc="${best_cpu[ours]}" -v pc="${best_cpu[pgn-extract]}" -v cc="${best_cpu[chessops]}" \
    -v r="${best_wall[pgn-extract-r]}" -v rc="${best_cpu[pgn-extract-r]}" \
    'BEGIN {
        printf "ratio ours/pgn-extract -s -o /dev/null: %5.1fx (cpu time: %5.1fx)   target >= 5x\n", p / o, pc / oc
        printf "ratio ours/pgn-extract -r:              %5.1fx (cpu time: %5.1fx)\n", r / o, rc / oc
        printf "ratio ours/chessops:                    %5.1fx (cpu time: %5.1fx)   target >= 20x\n", c / o, cc / oc
    }'

# --- 5. Memory -------------------------------------------------------------------------------
echo
echo "== memory of chess960 pgn check (GNU time -v, maximum resident set size)"
rss_of() {  # rss_of FILE: prints "rss_kb wall games"
    local out=$work/time-v.txt summary
    summary=$(/usr/bin/time -v -o "$out" taskset -c "$cpu" "$ours" pgn check --threads 1 "$1" 2>/dev/null | tail -1)
    echo "$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out")" \
        "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out")" \
        "$summary"
}
read -r rss1 wall1 rest1 < <(rss_of "$one")
read -r rss10 wall10 rest10 < <(rss_of "$ten")
printf '1x  %-42s (%s): max RSS %6d KB, %s wall\n' "$(basename "$one")" "$(du -h "$one" | cut -f1)" "$rss1" "$wall1"
echo "    $rest1"
printf '10x %-42s (%s): max RSS %6d KB, %s wall\n' "$(basename "$ten")" "$(du -h "$ten" | cut -f1)" "$rss10" "$wall10"
echo "    $rest10"
awk -v a="$rss1" -v b="$rss10" 'BEGIN { printf "RSS 10x / 1x: %.2f\n", b / a }'
