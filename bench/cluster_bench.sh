#!/bin/bash
# The 3-instance cluster benchmark (issue 10), under a throwaway PostgreSQL:
#   PGPORT=25600 pg_virtualenv -t -v 15 bench/cluster_bench.sh [build] [out.md]
# Runs bench/serve_load four times with the same games (300, 2 watchers each):
#   1. one instance on SQLite, unpaced (its capacity in moves/s);
#   2. one instance on this PostgreSQL, unpaced, the same load;
#   3. three instances on this PostgreSQL: the load spread over them (paced), watchers on
#      another instance than the moves, `kill -9` of one half-way with its clients reconnecting
#      elsewhere and its engine games taken over, every acknowledged move then looked for in
#      the database;
#   4. the same three instances unpaced, no kill: the cluster's total.
# Each run writes its own Markdown report next to OUT (OUT.sqlite.md, ...); OUT gathers them.
set -u
BUILD=${1:-build}
OUT=${2:-/tmp/cluster-bench.md}
GAMES=${GAMES:-300}
SECONDS_EACH=${SECONDS_EACH:-20}
CLUSTER_RATE=${CLUSTER_RATE:-300}
CLUSTER_SECONDS=${CLUSTER_SECONDS:-30}
LOAD=$BUILD/bench/serve_load
BIN=$BUILD/chess960
URI="postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE"
export PGPASSWORD
echo "cluster_bench: PostgreSQL $(psql -tAc 'show server_version'), synchronous_commit=$(psql -tAc 'show synchronous_commit')" >&2

common=(--binary "$BIN" --games "$GAMES" --watchers 2 --addresses 1000)
status=0
"$LOAD" "${common[@]}" --scenario games-capacity --capacity-seconds "$SECONDS_EACH" \
  --out "$OUT.sqlite.md" >/dev/null || status=1
"$LOAD" "${common[@]}" --scenario games-capacity --capacity-seconds "$SECONDS_EACH" \
  --db "$URI" --out "$OUT.postgres.md" >/dev/null || status=1
"$LOAD" "${common[@]}" --scenario cluster --instances 3 --db "$URI" \
  --move-rate "$CLUSTER_RATE" --cluster-seconds "$CLUSTER_SECONDS" \
  --engine-games 3 --engine-level 8 --out "$OUT.cluster.md" >/dev/null || status=1
# The cluster's capacity: the same three instances, unpaced, no kill.
"$LOAD" "${common[@]}" --scenario cluster --instances 3 --db "$URI" --move-rate 0 \
  --cluster-seconds "$SECONDS_EACH" --cluster-kill 0 --engine-games 0 \
  --out "$OUT.cluster-capacity.md" >/dev/null || true
{
  echo "moves stored in the database at the end: $(psql -tAc 'select count(*) from moves')"
  for part in sqlite postgres cluster cluster-capacity; do
    echo
    echo "===== $part ====="
    cat "$OUT.$part.md"
  done
} >"$OUT"
exit $status
