#!/usr/bin/env bash
# The game database's explorer and search checked against an independent implementation
# (tests/db/explorer_check.mjs, lichess's chessops in node): games imported with
# `chess960 db import` into a fresh database, `chess960 serve` on it on a free port, and the
# check asking it. The games: 2000 generated in lichess's export style when the benchmarks'
# make_pgn_corpus is built, the real Chess960 games of tests/data/pgn, and tests/db/explorer_games.pgn
# (transpositions, castling both ways, repetitions).
#
# usage: explorer_check.sh BINARY_DIR SOURCE_DIR
#   BINARY_DIR: the build directory (chess960, bench/make_pgn_corpus); SOURCE_DIR: the source tree
#   (tests/, web/node_modules with chessops: `make web` or `cd web && npm ci`).
#   NODE (default: node on the PATH) runs the check; EXPLORER_CHECK_ARGS adds to its options.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BINARY_DIR SOURCE_DIR" >&2
  exit 2
fi
binary_dir=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
chess960="$binary_dir/chess960"
corpus_maker="$binary_dir/bench/make_pgn_corpus"
node=${NODE:-node}

if [ ! -x "$chess960" ]; then
  echo "explorer_check: $chess960 is not built" >&2
  exit 1
fi
if [ ! -f "$source_dir/web/node_modules/chessops/package.json" ]; then
  echo "explorer_check: chessops is not installed in $source_dir/web/node_modules: run \`make web\` (or \`cd web && npm ci\`)" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/explorer_check.XXXXXX")
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

files=()
if [ -x "$corpus_maker" ]; then
  "$corpus_maker" --games 2000 --seed 7 --style lichess --output "$work/corpus.pgn"
  files+=("$work/corpus.pgn")
else
  echo "explorer_check: $corpus_maker is not built: checking the real games and explorer_games.pgn only"
fi
files+=("$source_dir"/tests/data/pgn/*.pgn "$source_dir/tests/db/explorer_games.pgn")

echo "== chess960 db import (${#files[@]} files)"
"$chess960" db import "${files[@]}" --db "$work/x.db" 2> "$work/import.err" | tee "$work/import.out"
if [ -s "$work/import.err" ]; then
  echo "-- its complaints (stderr):"
  head -n 40 "$work/import.err"
fi

# `serve --port 0` picks a free port and says which on its first line; the check asks thousands
# of questions at once, past a client's share of the database (no limit here):
# "Listening on http://127.0.0.1:PORT/".
mkfifo "$work/out"
"$chess960" serve --host 127.0.0.1 --port 0 --db "$work/x.db" --max-db-queries-per-second 0 > "$work/out" 2> "$work/serve.err" &
server_pid=$!
exec 3< "$work/out"
base=""
if IFS= read -r -t 30 line <&3 && [[ $line =~ ^Listening\ on\ (http://[0-9.]+:[0-9]+) ]]; then
  base=${BASH_REMATCH[1]}
fi
# The rest of its output is read and dropped, so that it never blocks on a full pipe.
cat <&3 > "$work/serve.out" &
if [ -z "$base" ]; then
  echo "explorer_check: chess960 serve did not start: ${line:-}" >&2
  cat "$work/serve.err" >&2
  exit 1
fi
echo "== chess960 serve on $base"

echo "== node explorer_check.mjs"
status=0
# shellcheck disable=SC2086 # EXPLORER_CHECK_ARGS is a list of options
"$node" "$source_dir/tests/db/explorer_check.mjs" --base "$base" ${EXPLORER_CHECK_ARGS:-} "${files[@]}" || status=$?
if [ "$status" -ne 0 ] && [ -s "$work/serve.err" ]; then
  echo "-- the server's stderr:"
  tail -n 20 "$work/serve.err"
fi
exit "$status"
