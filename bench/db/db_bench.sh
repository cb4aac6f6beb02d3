#!/bin/bash
# The game database's benchmark (issue 42): `chess960 db import` on a generated corpus of
# lichess-like Chess960 games (default 1,000,000), against `chess960 pgn check` on the same file
# (the ratio to beat: an import replays every game as a check does, then codes, indexes and
# stores it); the sizes of the PGN, its .zst and the database, split into the games (SQLite) and
# the explorer's index (RocksDB, DB.explorer); bits a move; an import killed three times at random moments and
# restarted, which must end with every game stored exactly once; and the explorer's and the
# search's latency, by bench/db/db_query_bench when it is built.
#
#   bench/db/db_bench.sh [--games N] [--kills K] [--out FILE]
#
#   --games N   games in the corpus (default $BENCH_DB_GAMES, else 1000000: about 2.5 GB of PGN)
#   --kills K   times the second import is killed (SIGKILL) before it is let finish (default 3)
#   --out FILE  a Markdown report (default: only the terminal)
#
# Environment: BUILD (the CMake build directory, default build/), WORK (the corpus and the
# databases, default $BUILD/db-bench; never in git), BENCH_DB_GAMES (as --games), JOBS (build
# jobs, default 2).
#
# Steps:
#  1. Builds chess960 and make_pgn_corpus (and db_query_bench when CMake knows it) in $BUILD.
#  2. The corpus: make_pgn_corpus --style lichess --moves policy --seed 1 (moves drawn by their
#     rank in the database's move order, players from a pool of 5,000, lichess's tags and
#     clocks; see bench/make_pgn_corpus.cpp), kept in $WORK for the next run. Its distinct
#     games are counted by their Site tag (each game's own lichess-like URL).
#  3. `chess960 pgn check` on one thread and on every core: games/s.
#  4. `chess960 db import FILE --db $WORK/bench.db` into a new database (on every core, as
#     pgn check): wall and CPU time, games/s, peak memory; what it printed.
#  5. Sizes: the PGN, its .zst (zstd's default level), the .db file (after a WAL checkpoint) and
#     the explorer's index beside it (bench.db.explorer, a RocksDB directory); every table and
#     index of the SQLite file from its dbstat virtual table (the sqlite3 command), grouped as
#     games (db_games and the names and collections it points to, with their indexes), the
#     start positions' counts (db_start_counts) and the rest (the server's other tables, empty
#     here); bits a move from the stored move codes (db_games.moves), as the import says it, and
#     for the whole database. The index's rows are counted by RocksDB's ldb (Debian
#     rocksdb-tools) when it is installed.
#  6. Kills: a second database is imported into from scratch; K times the import is started and
#     killed with SIGKILL after a random time (uniform between 5% and 50% of the first import's
#     wall time, scaled by the share of the games not yet stored: the same import took 94 to 215
#     s on this shared machine, and a kill after the end tests nothing), then run to its end. The
#     games table must then hold each distinct game of the corpus exactly once, its hashes the
#     same as the first database's, SQLite's integrity check must pass, and the explorer's index
#     hold as many rows as the first (when ldb can count). The import writes 50,000 games a
#     transaction (alone on the file): on a corpus that small a kill stores all or nothing.
#  7. $BUILD/bench/db_query_bench --db $WORK/bench.db, when built: explorer and search latency.
#
# Everything runs under nice (the Makefile's bench-db target starts it with nice -n 10); the
# load of the machine before and after is in the report.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build}
work=${WORK:-$build/db-bench}
games=${BENCH_DB_GAMES:-1000000}
kills=3
out_file=
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --kills) kills=$2; shift 2 ;;
        --out) out_file=$2; shift 2 ;;
        *) echo "usage: bench/db/db_bench.sh [--games N] [--kills K] [--out FILE]" >&2; exit 2 ;;
    esac
done
die() { echo "db_bench: $*" >&2; exit 1; }

command -v sqlite3 >/dev/null || die "sqlite3 is missing: apt-get install -y sqlite3"
[ -x /usr/bin/time ] || die "GNU time is missing: apt-get install -y time"
have_zstd=$(command -v zstd >/dev/null && echo 1 || echo 0)

# --- 1. Tools --------------------------------------------------------------------------------
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCHESS960_BENCH=ON >/dev/null
targets="chess960_cli make_pgn_corpus"
cmake --build "$build" --target help | grep -q '\bdb_query_bench\b' && targets="$targets db_query_bench"
# shellcheck disable=SC2086
cmake --build "$build" -j"${JOBS:-2}" --target $targets >/dev/null
ours=$build/chess960
query_bench=$build/bench/db_query_bench
mkdir -p "$work"

# How busy the machine is, in cores, over 3 seconds of /proc/stat.
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
busy_before=$(cores_busy)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u +%H:%M)

# timed NAME COMMAND...: runs COMMAND (its output in $work/NAME.out and .err) and sets
# wall, cpu (user + system) and rss (KB) from GNU time, and others: the cores other processes
# kept busy meanwhile on average (the machine's busy time from /proc/stat less COMMAND's).
timed() {
    local name=$1 user sys before after
    shift
    before=$(head -1 /proc/stat)
    /usr/bin/time -o "$work/$name.time" -f '%e %U %S %M' "$@" >"$work/$name.out" 2>"$work/$name.err" ||
        die "$name failed: $(tail -3 "$work/$name.err")"
    after=$(head -1 /proc/stat)
    read -r wall user sys rss <"$work/$name.time"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    others=$(awk -v a="$before" -v b="$after" -v hz="$(getconf CLK_TCK)" -v c="$cpu" -v w="$wall" \
        'BEGIN { n = split(a, x); split(b, y); busy = 0
                 for (i = 2; i <= n; ++i) busy += y[i] - x[i]
                 busy -= (y[5] - x[5]) + (y[6] - x[6])
                 o = (busy / hz - c) / (w > 0 ? w : 1); printf "%.1f", (o > 0 ? o : 0) }')
}
bytes() { stat -c %s "$1"; }
human() { numfmt --to=iec --suffix=B --format=%.1f "$1"; }

# --- 2. The corpus ---------------------------------------------------------------------------
corpus=$work/lichess-policy-$games.pgn
if [ ! -s "$corpus" ]; then
    echo "== generating $games games: $corpus"
    timed generate "$build/bench/make_pgn_corpus" --games "$games" --seed 1 --style lichess \
        --moves policy --output "$corpus.tmp"
    mv "$corpus.tmp" "$corpus"
    generate_wall=$wall
else
    generate_wall=
fi
if [ "$have_zstd" = 1 ] && [ ! -s "$corpus.zst" ]; then zstd -q -f "$corpus" -o "$corpus.zst"; fi
distinct=$(grep '^\[Site ' "$corpus" | sort -u | wc -l)

# --- 3. pgn check ----------------------------------------------------------------------------
timed check1 "$ours" pgn check --threads 1 "$corpus"
check1_wall=$wall check1_cpu=$cpu check1_others=$others
summary=$(tail -1 "$work/check1.out")
n_games=$(echo "$summary" | sed -n 's/^\([0-9]*\) games, .*/\1/p')
n_moves=$(echo "$summary" | sed -n 's/^[0-9]* games, \([0-9]*\) moves, .*/\1/p')
[ "$summary" = "$n_games games, $n_moves moves, 0 errors" ] || die "pgn check: $summary"
[ "$n_games" = "$games" ] || die "pgn check counts $n_games games, the corpus has $games"
timed check_all "$ours" pgn check "$corpus"
check_all_wall=$wall check_all_cpu=$cpu check_all_others=$others
echo "== $n_games games ($distinct distinct), $n_moves moves; pgn check ${check1_wall}s on one thread, ${check_all_wall}s on all cores"

# --- 4. Import -------------------------------------------------------------------------------
probe=$("$ours" db import 2>&1 || true)
[[ $probe != *"unknown command 'db'"* ]] ||
    die "\`chess960 db import\` is missing from this build (issue 42: merge main when it has it)"
db=$work/bench.db
rm -rf "$db" "$db-wal" "$db-shm" "$db.explorer"
timed import "$ours" db import "$corpus" --db "$db"
import_wall=$wall import_cpu=$cpu import_rss=$rss import_others=$others
import_said=$(grep -m1 '^imported ' "$work/import.out" || true)
skipped_lines=$(grep -cE ':[0-9]+: ' "$work/import.err" || true)
echo "== import: ${import_wall}s wall, ${import_cpu}s CPU, max RSS ${import_rss} KB: $import_said"

# --- 5. Sizes --------------------------------------------------------------------------------
sql() { sqlite3 -batch -noheader -separator ' ' "$@"; }
sql "$db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
pgn_bytes=$(bytes "$corpus")
zst_bytes=$([ "$have_zstd" = 1 ] && bytes "$corpus.zst" || echo 0)
db_bytes=$(bytes "$db")
# Every b-tree: its name, the table it belongs to, its bytes (pages) and the bytes of its cells.
sql "$db" "SELECT d.name, COALESCE(s.tbl_name, d.name), SUM(d.pgsize), SUM(d.payload)
           FROM dbstat d LEFT JOIN sqlite_schema s ON s.name = d.name
           GROUP BY d.name ORDER BY SUM(d.pgsize) DESC" >"$work/btrees.txt"
games_bytes=0 starts_bytes=0
while read -r _ table size _; do
    case $table in
        db_games | db_names | db_collections) games_bytes=$((games_bytes + size)) ;;
        db_start_counts) starts_bytes=$((starts_bytes + size)) ;;
    esac
done <"$work/btrees.txt"
# The explorer's index: the bytes of its files.
dir_bytes() { find "$1" -type f -printf '%s\n' 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'; }
index_bytes=$(dir_bytes "$db.explorer")
# Its rows ('p', position key, game id: explorer_index.cpp), when RocksDB's ldb is there.
ldb=$(command -v ldb || command -v rocksdb_ldb || true)
index_rows_of() {
    if [ -n "$ldb" ]; then
        "$ldb" --db="$1" --key_hex scan --no_value 2>/dev/null | grep -c '^0x70' || true
    else
        echo "?"
    fi
}
read -r stored_games stored_plies code_bytes < <(sql "$db" \
    'SELECT COUNT(*), COALESCE(SUM(plies), 0), COALESCE(SUM(LENGTH(moves)), 0) FROM db_games')
index_rows=$(index_rows_of "$db.explorer")
import_bits=$(echo "$import_said" | sed -n 's/.* \([0-9.]*\) bits a move.*/\1/p')
[ "$stored_games" = "$distinct" ] ||
    die "the database holds $stored_games games, the corpus $distinct distinct ones"

# --- 6. Killed imports -----------------------------------------------------------------------
killed_db=$work/killed.db
rm -rf "$killed_db" "$killed_db-wal" "$killed_db-shm" "$killed_db.explorer"
kill_log=()
held=0
for k in $(seq "$kills"); do
    # A moment within what is left of the import, as far as the games stored tell.
    delay=$(awk -v w="$import_wall" -v r="$RANDOM" -v h="$held" -v d="$distinct" \
        'BEGIN { left = 1 - h / d; if (left < 0.1) left = 0.1
                 printf "%.2f", w * left * (0.05 + 0.45 * r / 32767) }')
    "$ours" db import "$corpus" --db "$killed_db" >"$work/kill-$k.out" 2>"$work/kill-$k.err" &
    pid=$!
    sleep "$delay"
    if kill -KILL "$pid" 2>/dev/null; then
        wait "$pid" 2>/dev/null || true
        held=$(sql "$killed_db" 'SELECT COUNT(*) FROM db_games' 2>/dev/null || echo 0)
        kill_log+=("killed after ${delay} s: $held games stored")
    else
        wait "$pid" 2>/dev/null || true
        kill_log+=("finished before its kill at ${delay} s: $(grep -m1 '^imported ' "$work/kill-$k.out" || true)")
    fi
    echo "== ${kill_log[-1]}"
done
timed resume "$ours" db import "$corpus" --db "$killed_db"
resume_wall=$wall
resume_said=$(grep -m1 '^imported ' "$work/resume.out" || true)
read -r killed_games killed_distinct < <(sql "$killed_db" 'SELECT COUNT(*), COUNT(DISTINCT hash) FROM db_games')
killed_index=$(index_rows_of "$killed_db.explorer")
integrity=$(sql "$killed_db" 'PRAGMA integrity_check' | head -3 | tr '\n' ' ' | sed 's/ $//')
hashes() { sql "$1" 'SELECT hash FROM db_games ORDER BY hash' | md5sum | cut -d' ' -f1; }
same_hashes=$([ "$(hashes "$db")" = "$(hashes "$killed_db")" ] && echo yes || echo no)
kill_ok=no
[ "$killed_games" = "$distinct" ] && [ "$killed_distinct" = "$distinct" ] &&
    [ "$killed_index" = "$index_rows" ] && [ "$same_hashes" = yes ] && [ "$integrity" = ok ] &&
    kill_ok=yes
echo "== after $kills kills and a last run ($resume_said): $killed_games games, $killed_distinct distinct, index $killed_index rows; same games as the first import: $same_hashes; integrity: $integrity"

# --- 7. Queries ------------------------------------------------------------------------------
query_report=
if [ -x "$query_bench" ]; then
    query_report=$("$query_bench" --db "$db" 2>&1) || query_report="db_query_bench failed: $query_report"
    echo "$query_report"
fi

busy_after=$(cores_busy)
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# --- Report ----------------------------------------------------------------------------------
report=$(
    echo "| what | wall s | CPU s | games/s | moves/s | max RSS | other processes (cores) |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    row() {
        awk -v n="$1" -v w="$2" -v c="$3" -v g="$n_games" -v m="$n_moves" -v r="$4" -v o="$5" \
            'BEGIN { printf "| %s | %.2f | %.2f | %.0f | %.0f | %s | %s |\n", n, w, c, g / w, m / w, r, o }'
    }
    row "chess960 pgn check --threads 1" "$check1_wall" "$check1_cpu" "" "$check1_others"
    row "chess960 pgn check (all $(nproc) cores)" "$check_all_wall" "$check_all_cpu" "" "$check_all_others"
    row "chess960 db import (new database)" "$import_wall" "$import_cpu" "$((import_rss / 1024)) MB" "$import_others"
    echo
    awk -v i="$import_wall" -v c="$check1_wall" -v a="$check_all_wall" -v ic="$import_cpu" \
        -v ac="$check_all_cpu" \
        'BEGIN { printf "- import against pgn check, both on all cores: %.2fx the wall time, %.2fx the CPU time (against one thread'"'"'s check: %.2fx the wall time)\n", i / a, ic / ac, i / c }'
    echo "- the import said: \`$import_said\`; $skipped_lines lines on its standard error"
    [ -n "$generate_wall" ] && echo "- generating the corpus took ${generate_wall} s"
    echo
    echo "| file or part | bytes | per game | per move |"
    echo "|---|---:|---:|---:|"
    size_row() {
        awk -v n="$1" -v b="$2" -v h="$(human "$2")" -v g="$n_games" -v m="$n_moves" \
            'BEGIN { printf "| %s | %s (%.0f) | %.1f B | %.2f bits |\n", n, h, b, b / g, 8 * b / m }'
    }
    size_row "PGN (lichess style, clocks)" "$pgn_bytes"
    [ "$have_zstd" = 1 ] && size_row "PGN .zst (zstd -3)" "$zst_bytes"
    size_row "database: .db file and explorer index" "$((db_bytes + index_bytes))"
    size_row "  .db file (SQLite)" "$db_bytes"
    size_row "    games (db_games, names, collections, their indexes)" "$games_bytes"
    size_row "    start positions' counts (db_start_counts)" "$starts_bytes"
    size_row "    other tables and free pages" "$((db_bytes - games_bytes - starts_bytes))"
    size_row "    the move codes alone (db_games.moves)" "$code_bytes"
    size_row "  explorer index (bench.db.explorer, RocksDB)" "$index_bytes"
    echo
    awk -v b="$code_bytes" -v p="$stored_plies" -v said="$import_bits" \
        'BEGIN { printf "- %.3f bits a move in the move codes (%.0f bytes for %.0f plies; the import said %s)\n", 8 * b / p, b, p, said }'
    if [ "$index_rows" != "?" ]; then
        awk -v r="$index_rows" -v ib="$index_bytes" -v g="$stored_games" \
            'BEGIN { printf "- the explorer index: %.0f rows (a game at a position), %.1f a game, %.1f bytes a row on disk\n", r, r / g, ib / r }'
    else
        echo "- the explorer index's rows not counted (no ldb: apt-get install rocksdb-tools)"
    fi
    echo
    echo "<details><summary>the game database's b-trees in the .db (dbstat: bytes in pages, bytes of payload)</summary>"
    echo
    echo "| b-tree | table | bytes | payload |"
    echo "|---|---|---:|---:|"
    awk '$2 ~ /^db_/ { printf "| %s | %s | %.0f | %.0f |\n", $1, $2, $3, $4 }' "$work/btrees.txt"
    awk '$2 !~ /^db_/ { n += 1; b += $3 } END { printf "\nand %d b-trees of the server'"'"'s other tables and the schema: %.0f bytes\n", n, b }' \
        "$work/btrees.txt"
    echo
    echo "</details>"
    echo
    echo "Killed imports (SIGKILL at a random moment, then restarted), into a new database:"
    echo
    for line in "${kill_log[@]}"; do echo "- $line"; done
    echo "- then run to its end: \`$resume_said\` (${resume_wall} s)"
    echo "- result: $killed_games games ($killed_distinct distinct hashes) for $distinct distinct games in the corpus, explorer index $killed_index rows (first import: $index_rows; ? when not counted), the same hashes as the first import: $same_hashes, integrity check: $integrity -> **$([ "$kill_ok" = yes ] && echo pass || echo FAIL)**"
    echo
    if [ -n "$query_report" ]; then
        echo "Explorer and search (bench/db/db_query_bench --db bench.db):"
        echo
        echo '```'
        echo "$query_report"
        echo '```'
    else
        echo "Explorer and search latency: not measured (bench/db/db_query_bench is not built)."
    fi
    echo
    echo "Machine: other processes used $busy_before of its $(nproc) cores just before the runs and"
    echo "$busy_after just after (load average $load_before before, $load_after after); during each timed"
    echo "run, the cores in the table's last column."
    if awk -v a="$busy_before" -v b="$busy_after" -v c="$check1_others" -v d="$check_all_others" \
        -v i="$import_others" 'BEGIN { exit !(a > 0.2 || b > 0.2 || c > 0.2 || d > 0.2 || i > 0.2) }'; then
        echo "The machine was busy: the times are longer than on a quiet one, and the all-cores figures"
        echo "understate the threads (other processes held the second core); rerun in a quiet window."
    fi
)
echo
echo "$report"
if [ -n "$out_file" ]; then
    {
        echo "# Game database: import, sizes, killed imports ($(date +%F))"
        echo
        echo "\`bench/db/db_bench.sh --games $games --kills $kills\`: $n_games lichess-like Chess960 games"
        echo "(bench/make_pgn_corpus --style lichess --moves policy --seed 1: moves drawn by their rank in"
        echo "the database's move order, 5,000 players), $n_moves moves, $(human "$pgn_bytes") of PGN."
        echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; one run each, whole"
        echo "processes (wall time; CPU time is user + system of all threads), under nice."
        echo "Run at $started-$(date -u +%H:%M) UTC on branch $(git -C "$root" rev-parse --abbrev-ref HEAD) ($(git -C "$root" rev-parse --short HEAD))."
        echo
        echo "$report"
    } >"$out_file"
    echo "wrote $out_file"
fi
[ "$kill_ok" = yes ] || die "the killed imports did not end with every game exactly once"
