#!/usr/bin/env bash
# `make run` as a newcomer runs it: from the source tree, into a build directory of its own,
# it must build the `chess960` program and nothing else of the tree (no test, benchmark, tool or
# Python module), then serve the page. Its build directory sits next to this one so that ccache
# (when found) shares this build's objects.
#
# usage: make_run_test.sh SOURCE_DIR WORK_BUILD_DIR
set -euo pipefail
source_dir=$1
build=$2

rm -rf "$build"
mkdir -p "$build"
log="$build/make-run.log"
# Not the jobserver of the make that runs the tests.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL setsid make --no-print-directory -C "$source_dir" run \
  BUILD="$build" PORT=0 DB="$build/games.db" >"$log" 2>&1 &
make_pid=$!
cleanup() {
  kill -TERM -- "-$make_pid" 2>/dev/null || true
  wait "$make_pid" 2>/dev/null || true
  rm -rf "$build"
}
trap cleanup EXIT

port=""
for _ in $(seq 1 1200); do
  if line=$(grep -m1 -o 'Listening on http://127.0.0.1:[0-9]*/' "$log"); then
    port=${line##*:}
    port=${port%/}
    break
  fi
  if ! kill -0 "$make_pid" 2>/dev/null; then break; fi
  sleep 0.5
done
if [ -z "$port" ]; then
  echo "make run did not start the server:" >&2
  tail -n 40 "$log" >&2
  exit 1
fi

# The page is served.
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
status=$(head -n 1 <&3)
exec 3>&-
case "$status" in
  "HTTP/1.1 200"*) ;;
  *) echo "GET / answered: $status" >&2; exit 1 ;;
esac

# What was built: the program, and no other program of the tree.
[ -x "$build/chess960" ] || { echo "no $build/chess960" >&2; exit 1; }
others=$(find "$build" -path "$build/CMakeFiles" -prune -o -type f -perm -u+x \
  ! -name chess960 -print | sed "s|^$build/||" | sort)
if [ -n "$others" ]; then
  echo "make run built more than it runs:" >&2
  echo "$others" >&2
  exit 1
fi
echo "make_run_test: built only chess960 ($(du -h "$build/chess960" | cut -f1)), served / on port $port"
