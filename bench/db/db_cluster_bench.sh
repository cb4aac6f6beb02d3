#!/bin/bash
# The game database on PostgreSQL, as a cluster uses it (issue 42, item 6), under a throwaway
# PostgreSQL:
#   PGPORT=25610 pg_virtualenv -t -v 15 bench/db/db_cluster_bench.sh [build] [games] [out.md]
# 1. `chess960 db import` of GAMES lichess-like games (make_pgn_corpus --style lichess) into the
#    shared tables: games a second (the index is left to the servers there);
# 2. db_query_bench on that database, twice, as two servers each making their copy of the
#    explorer's index from the tables (games a second) and answering explorer and search queries
#    (p50/p99);
# 3. two `chess960 serve` on it, each with its own index; 2,000 more games imported while they
#    run; the time until each server's explorer counts them all.
set -u
BUILD=${1:-build}
GAMES=${2:-${BENCH_DB_CLUSTER_GAMES:-100000}}
OUT=${3:-/tmp/db-cluster-bench.md}
BIN=$BUILD/chess960
URI="postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE"
export PGPASSWORD
work=$(mktemp -d)
servers=()
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT

{
echo "# Game database on PostgreSQL ($(date -u +%F), $(git rev-parse --short HEAD 2>/dev/null))"
echo
echo "PostgreSQL $(psql -tAc 'show server_version'), $(nproc) cores; $GAMES games (make_pgn_corpus --style lichess --seed 42)."
echo
"$BUILD/bench/make_pgn_corpus" --games "$GAMES" --seed 42 --style lichess --output "$work/games.pgn"
"$BUILD/bench/make_pgn_corpus" --games 2000 --seed 43 --style lichess --output "$work/more.pgn"
echo "## 1. Import into the shared tables"
echo '```'
/usr/bin/time -f "%e s wall, %U s user, %S s system, %M KB" "$BIN" db import "$work/games.pgn" --db "$URI" 2>&1
echo "database size: $(psql -tAc "select pg_size_pretty(pg_database_size(current_database()))")"
echo '```'
echo "## 2. Two servers' copies of the explorer made from the tables, and their queries"
for copy in 1 2; do
  echo '```'
  "$BUILD/bench/db_query_bench" --db "$URI" --queries 2000 --seed "$copy" 2>&1
  echo '```'
done
echo "## 3. Games imported while two servers run: when each explorer counts them"
for n in 1 2; do
  mkfifo "$work/out$n"
  "$BIN" serve --host 127.0.0.1 --port 0 --db "$URI" --max-db-queries-per-second 0 \
    > "$work/out$n" 2> "$work/serve$n.err" &
  servers+=($!)
  read -r line < "$work/out$n"
  port[$n]=$(echo "$line" | sed -n 's|.*127.0.0.1:\([0-9]*\).*|\1|p')
done
# The start position of the newest game imported, and how many decided games the database
# says it has: each server's explorer counts them all once it has read the new games.
decided_at() {  # start -> decided games there (the database's count)
  curl -s "http://127.0.0.1:${port[1]}/api/db/starts?source=imported" |
    python3 -c "import json,sys; s=json.load(sys.stdin)['starts'][$1]; print(s['white']+s['draws']+s['black'])"
}
explored_at() {  # port start -> the explorer's games there
  curl -s "http://127.0.0.1:$1/api/explorer/imported?start=$2&moves=0&topGames=0&recentGames=0" |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["white"]+d["draws"]+d["black"])'
}
for n in 1 2; do  # each server made its copy of the index at its start
  until [ "$(explored_at "${port[$n]}" 518)" = "$(decided_at 518)" ]; do sleep 0.2; done
done
"$BIN" db import "$work/more.pgn" --db "$URI" > "$work/more.out" 2>&1
imported=$(date +%s.%N)
newest=$(curl -s "http://127.0.0.1:${port[1]}/api/db/games?collection=imported&max=1" |
  python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["start"])')
want=$(decided_at "$newest")
for n in 1 2; do
  until [ "$(explored_at "${port[$n]}" "$newest")" = "$want" ]; do sleep 0.05; done
  seen=$(date +%s.%N)
  echo "server $n: the explorer at start $newest counts the newest game (all $want there) $(python3 -c "print(f'{$seen - $imported:.2f}')") s after the import of 2,000 more ended ($(tail -1 "$work/more.out"))"
done
} | tee "$OUT"
