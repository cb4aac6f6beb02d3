#!/bin/bash
# The puzzle generator's benchmark (issue 43): puzzles a CPU hour, and the independent proof that
# its solutions are only-moves.
#
#   bench/puzzles/puzzles_bench.sh [--sample N] [--sf-sample N] [--real-sample N]
#                                  [--real-sf-sample N] [--proof N] [--proof-minutes M]
#                                  [--lanes 1|2] [--out FILE]
#
#   --sample N          corpus games our engine analyses for the rate (default
#                       $PUZZLES_BENCH_SAMPLE, else 200)
#   --sf-sample N       corpus games Stockfish analyses (default $PUZZLES_BENCH_SF_SAMPLE, else 20)
#   --real-sample N     real games our engine analyses (default $PUZZLES_BENCH_REAL_SAMPLE, else
#                       all 33)
#   --real-sf-sample N  real games Stockfish analyses (default $PUZZLES_BENCH_REAL_SF_SAMPLE,
#                       else all 33)
#   --proof N           puzzles of our engine's from the corpus to check (default
#                       $PUZZLES_BENCH_PROOF, else 200): after the sample, more corpus games are
#                       analysed until N puzzles exist or --proof-minutes have passed
#   --proof-minutes M   that time limit, in wall minutes from the script's start (default
#                       $PUZZLES_BENCH_PROOF_MINUTES, else 120)
#   --lanes 2           our engine's runs and Stockfish's side by side (two single-threaded
#                       processes: CPU time, the rates' measure, is each process's own), instead
#                       of one after the other (default $PUZZLES_BENCH_LANES, else 1)
#   --out FILE          a Markdown report (default: only the terminal)
#
# Environment: BUILD (the CMake build directory, default build/), WORK (corpus, databases,
# outputs, default $BUILD/puzzles-bench; never in git), STOCKFISH (default /usr/games/stockfish,
# Debian's 15.1), JOBS (build jobs, default 2), the PUZZLES_BENCH_* above, and for a quick trial
# of the script PUZZLES_BENCH_SF_NODES (Stockfish's probe nodes when generating; default the
# generator's 2,000,000, its scan a twentieth) and PUZZLES_BENCH_CHECK_NODES (the proof's,
# default 2,000,000).
#
# Steps:
#  1. Builds chess960, make_pgn_corpus and puzzle_check (bench/puzzles/puzzle_check.cpp) in $BUILD.
#  2. The corpus: make_pgn_corpus --games 10000 --seed 1 --style lichess --moves policy (kept in
#     $WORK); the real games: tests/data/pgn/*.pgn and tests/data/puzzles/hand_checked.pgn (33).
#  3. Rates: for each corpus and engine (ours in process at its defaults: each position scanned
#     at 50,000 nodes, a candidate and its line probed at 1,000,000, a margin of 0.1 inside the
#     only-move criterion; Stockfish by --engine at 100,000 and 2,000,000, no margin), a new
#     database (`chess960 db import`),
#     then `chess960 puzzles generate --threads 1 --max-games SAMPLE` under GNU time: CPU time is
#     user + system, which includes the Stockfish child's (waited for). Puzzles a CPU hour =
#     puzzles / CPU s * 3600; games a CPU hour likewise. Every run is under nice.
#  4. Proof: our engine's corpus database is given more games (`generate --max-games 25` at a
#     time) until it holds --proof puzzles or --proof-minutes have passed; then every database's
#     puzzles (`chess960 puzzles export`: ours and Stockfish's, corpus and real games) are
#     checked by puzzle_check: each solver move searched by Stockfish 15.1 at MultiPV 2 and
#     2,000,000 nodes (PUZZLES_BENCH_CHECK_NODES), an only-move when it is Stockfish's best and
#     its win chance beats the second's by more than 0.7 (a mate in one: the best non-mate at
#     most 0.6; or the only legal move). Goal (issue 43): 95% of puzzles sound with our engine
#     generating, 99% with Stockfish.
#  5. The report: the rates' table, the proof's shares per generating engine, every puzzle whose
#     first solver move is not an only-move, and the machine's load before and after (other
#     processes' busy cores from /proc/stat, load average, the busiest processes).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build}
work=${WORK:-$build/puzzles-bench}
stockfish=${STOCKFISH:-/usr/games/stockfish}
sample=${PUZZLES_BENCH_SAMPLE:-200}
sf_sample=${PUZZLES_BENCH_SF_SAMPLE:-20}
real_sample=${PUZZLES_BENCH_REAL_SAMPLE:-33}
real_sf_sample=${PUZZLES_BENCH_REAL_SF_SAMPLE:-33}
proof=${PUZZLES_BENCH_PROOF:-200}
proof_minutes=${PUZZLES_BENCH_PROOF_MINUTES:-120}
lanes=${PUZZLES_BENCH_LANES:-1}
check_nodes=${PUZZLES_BENCH_CHECK_NODES:-2000000}
sf_nodes=${PUZZLES_BENCH_SF_NODES:-}
corpus_games=10000
out_file=
usage() {
    echo "usage: bench/puzzles/puzzles_bench.sh [--sample N] [--sf-sample N] [--real-sample N] [--real-sf-sample N] [--proof N] [--proof-minutes M] [--lanes 1|2] [--out FILE]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
        --sample) sample=$2 ;;
        --sf-sample) sf_sample=$2 ;;
        --real-sample) real_sample=$2 ;;
        --real-sf-sample) real_sf_sample=$2 ;;
        --proof) proof=$2 ;;
        --proof-minutes) proof_minutes=$2 ;;
        --lanes) lanes=$2 ;;
        --out) out_file=$2 ;;
        *) usage ;;
    esac
    shift 2
done
die() { echo "puzzles_bench: $*" >&2; exit 1; }

[ -x /usr/bin/time ] || die "GNU time is missing: apt-get install -y time"
[ -x "$stockfish" ] || die "$stockfish is missing: apt-get install -y stockfish"

# --- 1. Tools --------------------------------------------------------------------------------
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCHESS960_BENCH=ON >/dev/null
cmake --build "$build" -j"${JOBS:-2}" --target chess960_cli make_pgn_corpus puzzle_check >/dev/null
ours=$build/chess960
checker=$build/bench/puzzle_check
mkdir -p "$work"

# How busy the machine is, in cores, over 3 seconds of /proc/stat; and its busiest processes.
cores_busy() {
    local a b
    a=$(head -1 /proc/stat)
    sleep 3
    b=$(head -1 /proc/stat)
    awk -v a="$a" -v b="$b" -v cores="$(nproc)" 'BEGIN {
        n = split(a, x); split(b, y); total = 0
        for (i = 2; i <= n; ++i) total += y[i] - x[i]
        idle = (y[5] - x[5]) + (y[6] - x[6])
        printf "%.1f", (total > 0 ? cores * (total - idle) / total : 0)
    }'
}
busiest() { ps -eo pcpu=,ni=,etime=,comm= --sort=-pcpu | head -5 | awk '{ printf "%s%s (%s%% CPU, nice %s, up %s)", (NR > 1 ? ", " : ""), $4, $1, $2, $3 }'; }
busy_before=$(cores_busy)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
procs_before=$(busiest)
started=$(date -u +%H:%M)
t0=$(date +%s)

# --- 2. The games ----------------------------------------------------------------------------
corpus=$work/lichess-policy-$corpus_games.pgn
if [ ! -s "$corpus" ]; then
    echo "== generating $corpus_games games: $corpus"
    "$build/bench/make_pgn_corpus" --games "$corpus_games" --seed 1 --style lichess \
        --moves policy --output "$corpus.tmp"
    mv "$corpus.tmp" "$corpus"
fi
real=$work/real.pgn
cat "$root"/tests/data/pgn/*.pgn "$root/tests/data/puzzles/hand_checked.pgn" >"$real"

# new_db NAME PGN: a new game database $work/NAME.db holding PGN's games; prints their number.
new_db() {
    local db=$work/$1.db
    rm -rf "$db" "$db-wal" "$db-shm" "$db.explorer"
    "$ours" db import "$2" --db "$db" >"$work/$1.import" 2>&1 || die "import of $2: $(tail -3 "$work/$1.import")"
    sed -n 's/^imported \([0-9]*\) games.*/\1/p' "$work/$1.import"
}

# generate NAME TAG GAMES [ENGINE ARGS...]: `puzzles generate` on $work/NAME.db, single-threaded,
# under GNU time; appends "TAG wall cpu games puzzles" to $work/NAME.runs.
generate() {
    local name=$1 tag=$2 games=$3 wall user sys said
    shift 3
    /usr/bin/time -o "$work/$name.$tag.time" -f '%e %U %S' \
        "$ours" puzzles generate --db "$work/$name.db" --threads 1 --max-games "$games" "$@" \
        >"$work/$name.$tag.out" 2>"$work/$name.$tag.err" ||
        die "generate $name: $(tail -3 "$work/$name.$tag.err")"
    read -r wall user sys <"$work/$name.$tag.time"
    said=$(grep -m1 ' puzzles made, ' "$work/$name.$tag.out") || die "generate $name said: $(cat "$work/$name.$tag.out")"
    echo "$tag $wall $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $(echo "$said" |
        sed -n 's/^\([0-9]*\) puzzles made, \([0-9]*\) games analysed.*/\2 \1/p')" >>"$work/$name.runs"
    echo "== $name ($tag): $said [${wall}s wall, $user user, $sys sys]"
}

# check NAME: puzzle_check on every puzzle of $work/NAME.db (or the first LIMIT).
check() {
    local name=$1 limit=${2:-}
    "$ours" puzzles export --db "$work/$name.db" >"$work/$name.csv"
    local args=(--engine "$stockfish" --nodes "$check_nodes" --summary "$work/$name.summary")
    [ -n "$limit" ] && args+=(--limit "$limit")
    /usr/bin/time -o "$work/$name.check.time" -f '%e %U %S' \
        "$checker" "${args[@]}" "$work/$name.csv" >"$work/$name.check.md" 2>"$work/$name.check.err" ||
        die "puzzle_check $name: $(tail -3 "$work/$name.check.err")"
    echo "== checked $name: $(cat "$work/$name.summary")"
}

# --- 3 and 4. The lanes ----------------------------------------------------------------------
lane_ours() {
    rm -f "$work/ours-real.runs" "$work/ours-corpus.runs"
    new_db ours-real "$real" >"$work/ours-real.games"
    generate ours-real rate "$real_sample"
    new_db ours-corpus "$corpus" >"$work/ours-corpus.games"
    generate ours-corpus rate "$sample"
    local deadline=$((t0 + 60 * proof_minutes)) made
    made=$(awk '{ p += $5 } END { print p + 0 }' "$work/ours-corpus.runs")
    local round=0
    while [ "$made" -lt "$proof" ] && [ "$(date +%s)" -lt "$deadline" ]; do
        round=$((round + 1))
        generate ours-corpus "more$round" 25
        made=$(awk '{ p += $5 } END { print p + 0 }' "$work/ours-corpus.runs")
    done
    check ours-corpus "$proof"
    check ours-real
}
lane_stockfish() {
    rm -f "$work/sf-real.runs" "$work/sf-corpus.runs"
    new_db sf-corpus "$corpus" >"$work/sf-corpus.games"
    local nodes=()
    [ -n "$sf_nodes" ] && nodes=(--nodes "$sf_nodes")
    generate sf-corpus rate "$sf_sample" --engine "$stockfish" "${nodes[@]}"
    new_db sf-real "$real" >"$work/sf-real.games"
    generate sf-real rate "$real_sf_sample" --engine "$stockfish" "${nodes[@]}"
    check sf-corpus
    check sf-real
}
if [ "$lanes" = 2 ]; then
    lane_stockfish >"$work/lane-sf.log" 2>&1 &
    sf_pid=$!
    lane_ours
    wait "$sf_pid" || die "the Stockfish lane failed: $(tail -5 "$work/lane-sf.log")"
    cat "$work/lane-sf.log"
else
    lane_ours
    lane_stockfish
fi

busy_after=$(cores_busy)
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
procs_after=$(busiest)
minutes=$((($(date +%s) - t0 + 59) / 60))

# --- 5. Report -------------------------------------------------------------------------------
rate_row() { # corpus engine NAME: the rate run's line of $work/NAME.runs
    local _tag wall cpu games puzzles
    read -r _tag wall cpu games puzzles < <(grep '^rate ' "$work/$3.runs")
    awk -v c="$1" -v e="$2" -v g="$games" -v p="$puzzles" -v cpu="$cpu" -v w="$wall" \
        'BEGIN { printf "| %s | %s | %d | %d | %.1f | %.1f | %.1f | %.0f |\n", c, e, g, p, cpu, w,
                 p / cpu * 3600, g / cpu * 3600 }'
}
limits_of() { # NAME: the engine and limits its rate run said ("... by chess960 nodes=N scan=M; ...")
    sed -n 's/.* searches, \([0-9]*\) at the probe.s limit) by \(.*\); [0-9]* games analysed by it in all/\2 (\1 probes)/p' \
        "$work/$1.rate.out" | sed "s|$stockfish|Stockfish 15.1|"
}
summary_of() { # NAME KEY
    tr ' ' '\n' <"$work/$1.summary" | sed -n "s/^$2=//p"
}
share() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f%%", b ? 100 * a / b : 0 }'; }
total_runs() { # NAME: games, puzzles, CPU s over all its runs
    awk '{ g += $4; p += $5; c += $3 } END { printf "%d %d %.1f", g, p, c }' "$work/$1.runs"
}
report=$(
    echo "### Puzzles a CPU hour"
    echo
    echo "| corpus | engine | games analysed | puzzles | CPU s | wall s | puzzles/CPU hour | games/CPU hour |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    rate_row "generated ($corpus_games, lichess style)" "$(limits_of ours-corpus)" ours-corpus
    rate_row "generated ($corpus_games, lichess style)" "$(limits_of sf-corpus)" sf-corpus
    rate_row "real ($(cat "$work/ours-real.games") games)" "$(limits_of ours-real)" ours-real
    rate_row "real ($(cat "$work/sf-real.games") games)" "$(limits_of sf-real)" sf-real
    echo
    echo "CPU s: user + system of \`chess960 puzzles generate --threads 1\` and its Stockfish child"
    echo "(GNU time). Games are analysed in the database's order: a sample is its first games."
    echo
    read -r g p c < <(total_runs ours-corpus)
    echo "### Proof: each solver move searched by Stockfish 15.1 (MultiPV 2, $check_nodes nodes)"
    echo
    echo "Our engine's corpus puzzles: $g corpus games analysed in all ($c CPU s) made $p puzzles; the"
    echo "first $(summary_of ours-corpus puzzles) were checked (goal: $proof)."
    echo
    echo "| generating engine | games | puzzles checked | solver moves only-moves | puzzles sound | first move not | goal |"
    echo "|---|---|---:|---:|---:|---:|---|"
    proof_row() { # engine games goal NAME... (the sums of their summaries)
        local engine=$1 games=$2 goal=$3 pz=0 sd=0 sm=0 om=0 ff=0 n
        shift 3
        for n in "$@"; do
            pz=$((pz + $(summary_of "$n" puzzles))) sd=$((sd + $(summary_of "$n" sound)))
            sm=$((sm + $(summary_of "$n" solver_moves))) om=$((om + $(summary_of "$n" only_moves)))
            ff=$((ff + $(summary_of "$n" first_failed)))
        done
        echo "| $engine | $games | $pz | $om of $sm ($(share "$om" "$sm")) | $sd ($(share "$sd" "$pz")) | $ff | $goal |"
    }
    proof_row "ours" "corpus" "95%" ours-corpus
    proof_row "ours" "real" "95%" ours-real
    proof_row "**ours**" "**both**" "**95%**" ours-corpus ours-real
    proof_row "Stockfish" "corpus" "99%" sf-corpus
    proof_row "Stockfish" "real" "99%" sf-real
    proof_row "**Stockfish**" "**both**" "**99%**" sf-corpus sf-real
    echo
    for n in ours-corpus ours-real sf-corpus sf-real; do
        echo "#### $n"
        echo
        cat "$work/$n.check.md"
        echo
    done
    echo "### Machine"
    echo
    echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, shared."
    echo "Before: other processes kept $busy_before cores busy (load average $load_before); busiest:"
    echo "$procs_before."
    echo "After: $busy_after cores busy (load average $load_after); busiest: $procs_after."
    echo "Lanes: $lanes ($([ "$lanes" = 2 ] && echo "our engine's runs and Stockfish's side by side, each single-threaded" || echo "one run at a time")); $minutes minutes in all."
)
echo
echo "$report"
if [ -n "$out_file" ]; then
    {
        echo "# Puzzle generator: puzzles a CPU hour and the only-move proof ($(date +%F))"
        echo
        echo "\`bench/puzzles/puzzles_bench.sh --sample $sample --sf-sample $sf_sample --real-sample $real_sample --real-sf-sample $real_sf_sample --proof $proof --proof-minutes $proof_minutes --lanes $lanes\`"
        echo "Run at $started-$(date -u +%H:%M) UTC on branch $(git -C "$root" rev-parse --abbrev-ref HEAD) ($(git -C "$root" rev-parse --short HEAD)), under nice."
        echo
        echo "$report"
    } >"$out_file"
    echo "wrote $out_file"
fi
