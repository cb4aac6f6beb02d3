#!/bin/bash
# Engine takeover across instances: two `chess960 serve` on one PostgreSQL; an engine game
# (level 8: 2 s a move, the engine White) created on A, A killed with SIGKILL while it thinks,
# then the game asked for on B, which claims the engine's move once A's advisory lock is gone
# (PostgreSQL drops it with A's connection) and plays it. Prints the seconds from the kill to
# the stored move, and the moves stored (one). Run it under a throwaway cluster:
#   PGPORT=25500 pg_virtualenv -t -v 15 bench/engine_takeover.sh
set -u
B=${CHESS960:-build/chess960}
URI="postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE"
export PGPASSWORD
$B serve --port 18961 --db "$URI" --web /nonexistent >/tmp/A.log 2>&1 & A=$!
$B serve --port 18962 --db "$URI" --web /nonexistent >/tmp/B.log 2>&1 & Bp=$!
sleep 1.5
# human black: the engine (white, level 8: 2 s a move) moves first, on A
r=$(curl -s -XPOST localhost:18961/api/games -H 'content-type: application/json' -d '{"opponent":"engine","level":8,"color":"black","start":{"type":"number","number":518}}')
id=$(echo "$r" | python3 -c 'import sys,json; print(json.load(sys.stdin)["id"])')
echo "game $id: $(echo "$r" | python3 -c 'import sys,json; g=json.load(sys.stdin)["game"]; print(g["engineColor"], g["thinking"])')"
sleep 0.5
kill -9 $A; t0=$(date +%s.%N)
echo "killed A while it thought"
for i in $(seq 1 100); do
  ply=$(curl -s localhost:18962/api/games/$id | python3 -c 'import sys,json; print(json.load(sys.stdin)["ply"])')
  if [ "$ply" = "1" ]; then echo "B played the engine's move $(python3 -c "print(round($(date +%s.%N)-$t0,2))") s after the kill"; break; fi
  sleep 0.1
done
psql -tAc "select ply, uci from moves where game_id='$id'"
kill $Bp; wait
