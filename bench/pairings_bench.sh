#!/usr/bin/env bash
# Speed of `chess960 pairings --dutch FILE -p` against bbpPairings in the same run: round 9 of
# a 570-player Swiss (the Grenke Freestyle Open's size) with 8 rounds played, for a few
# tournaments made by bbpPairings' generator. Each program pairs each file RUNS times (the
# fastest run counts); both outputs must be identical. Peak memory from /usr/bin/time -v.
#   bench/pairings_bench.sh [--chess960 BIN] [--bbp BIN] [--seeds "1 2 3"] [--runs 3] [--out F]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chess960=$root/build/chess960
bbp=""
seeds="1 2 3"
runs=3
out=""
while [ $# -gt 0 ]; do
  case $1 in
    --chess960) chess960=$2; shift 2 ;;
    --bbp) bbp=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$bbp" ]; then
  bbp=$("$root/../shared/tools/build_bbpPairings.sh" "${BBP_BUILD:-/tmp/bbpPairings-build}")
fi
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)" >&2; exit 2; }
work=${WORK:-$(mktemp -d /tmp/pairings-bench.XXXXXX)}
mkdir -p "$work"
printf 'PlayersNumber=570\nRoundsNumber=9\nDrawPercentage=30\nForfeitRate=20\nHalfPointByeRate=20\nRetiredRate=20\n' \
  > "$work/cfg.txt"

# best_of PROGRAM-ARGS...: the fastest wall time (s) and the peak memory (KiB) of RUNS runs.
best_of() {
  local best="" peak=0
  for ((k = 0; k < runs; k++)); do
    /usr/bin/time -v "$@" > "$work/pairs.txt" 2> "$work/time.txt"
    local wall rss
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): \(.*\)/\1/p' "$work/time.txt" |
      awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): \([0-9]*\)/\1/p' "$work/time.txt")
    if [ -z "$best" ] || awk "BEGIN { exit !($wall < $best) }"; then best=$wall; fi
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  echo "$best $peak"
}

table="| tournament | boards | chess960 (s) | bbpPairings (s) | speed-up | chess960 peak memory | bbpPairings peak memory |"
table+=$'\n|---|---:|---:|---:|---:|---:|---:|'
for seed in $seeds; do
  "$bbp" --dutch -g "$work/cfg.txt" -o "$work/full-$seed.trf" -s "$seed" > /dev/null
  python3 "$root/bench/trf_truncate.py" "$work/full-$seed.trf" "$work/r8-$seed.trf" 8
  read -r ours ours_kb < <(best_of "$chess960" pairings --dutch "$work/r8-$seed.trf" -p)
  cp "$work/pairs.txt" "$work/ours-$seed.txt"
  read -r theirs theirs_kb < <(best_of "$bbp" --dutch "$work/r8-$seed.trf" -p)
  cp "$work/pairs.txt" "$work/bbp-$seed.txt"
  if ! cmp -s "$work/ours-$seed.txt" "$work/bbp-$seed.txt"; then
    echo "seed $seed: the pairings differ ($work/ours-$seed.txt, $work/bbp-$seed.txt)" >&2
    exit 1
  fi
  boards=$(head -1 "$work/ours-$seed.txt")
  ratio=$(awk "BEGIN { printf \"%.1fx\", $theirs / $ours }")
  row=$(printf '| 570 players, seed %s, round 9 | %s | %.2f | %.2f | %s | %d MiB | %d MiB |' "$seed" \
    "$boards" "$ours" "$theirs" "$ratio" $((ours_kb / 1024)) $((theirs_kb / 1024)))
  echo "$row"
  table+=$'\n'"$row"
done
if [ -n "$out" ]; then
  {
    echo "# Dutch pairings: speed against bbpPairings ($(date +%F))"
    echo
    echo "\`bench/pairings_bench.sh\` ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')):"
    echo "round 9 of a 570-player Swiss with 8 rounds played (bbpPairings' generator: 30% draws,"
    echo "one game in 20 forfeited, one player in 20 with half-point byes and one in 20 missing"
    echo "rounds), paired by \`chess960 pairings --dutch FILE -p\` and \`bbpPairings.exe --dutch"
    echo "FILE -p\` one after the other on the same machine ($(nproc) cores, $(uname -m)); the"
    echo "fastest of $runs runs each; identical output checked. Peak memory: maximum resident set"
    echo "size (/usr/bin/time -v)."
    echo
    echo "$table"
  } > "$out"
fi
