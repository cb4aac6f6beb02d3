#!/usr/bin/env bash
# Agreement of `chess960 pairings --dutch` with bbpPairings (FIDE-endorsed Dutch engine):
# random tournaments made by bbpPairings' generator, every round checked by our engine (-c),
# and tournaments made by our generator checked by bbpPairings' checker. Any discrepancy is
# kept under $WORK/fail-*. Usage:
#   bench/pairings_agreement.sh [--chess960 BIN] [--bbp BIN] [--out REPORT.md] [--scale F]
#                               [--suites 20x9,10x5,varied,570x9,ours]
# --scale multiplies every suite's count (0.01 for a quick look). bbpPairings is built from
# ../shared/peers by ../shared/tools/build_bbpPairings.sh when --bbp is not given.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chess960=$root/build/chess960
bbp=""
out=""
scale=1
suites="20x9,10x5,varied,570x9,ours"
while [ $# -gt 0 ]; do
  case $1 in
    --chess960) chess960=$2; shift 2 ;;
    --bbp) bbp=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --suites) suites=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$bbp" ]; then
  bbp=$("$root/../shared/tools/build_bbpPairings.sh" "${BBP_BUILD:-/tmp/bbpPairings-build}")
fi
work=${WORK:-$(mktemp -d /tmp/pairings-agreement.XXXXXX)}
mkdir -p "$work"
count() { python3 -c "import sys; print(max(1, round($1 * float(sys.argv[1]))))" "$scale"; }
report=$work/report.txt
: > "$report"

# One suite of bbpPairings-generated tournaments checked by our engine.
# bbp_suite NAME COUNT SEED0 CONFIG-FUNCTION
bbp_suite() {
  local name=$1 n=$2 seed0=$3 configure=$4
  local dir=$work/$name generated=0 differ=0 skipped=0 rounds=0 start=$SECONDS
  mkdir -p "$dir"
  for ((k = 0; k < n; k++)); do
    local seed=$((seed0 + k))
    "$configure" "$seed" > "$dir/cfg.txt"
    if ! "$bbp" --dutch -g "$dir/cfg.txt" -o "$dir/t.trf" -s "$seed" > /dev/null 2>&1; then
      skipped=$((skipped + 1)); continue
    fi
    generated=$((generated + 1))
    if "$chess960" pairings --dutch "$dir/t.trf" -c > "$dir/out.txt" 2>&1; then :; else
      differ=$((differ + 1))
      cp "$dir/t.trf" "$work/fail-$name-$seed.trf"
      cp "$dir/out.txt" "$work/fail-$name-$seed.txt"
    fi
    rounds=$((rounds + $(sed -n 's/.*: \([0-9]*\) rounds checked.*/\1/p' "$dir/out.txt" | tail -1)))
  done
  printf '| %s | %d | %d | %d | %d | %ds |\n' "$name" "$generated" "$rounds" "$differ" "$skipped" \
    $((SECONDS - start)) | tee -a "$report"
}

config_20x9() { printf 'PlayersNumber=20\nRoundsNumber=9\n'; }
config_10x5() { printf 'PlayersNumber=10\nRoundsNumber=5\n'; }
config_570x9() {
  printf 'PlayersNumber=570\nRoundsNumber=9\nDrawPercentage=30\nForfeitRate=20\n'
  printf 'HalfPointByeRate=20\nRetiredRate=20\n'
}
# Odd and varied sizes with draws, forfeits, half-point byes and withdrawals (zero-point
# byes), a third of them with 3-1-0 points.
config_varied() {
  local seed=$1
  local players=$((5 + seed * 7919 % 97)) rounds=$((3 + seed * 104729 % 9))
  printf 'PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=%d\n' "$players" "$rounds" $((seed * 31 % 60))
  printf 'ForfeitRate=%d\nHalfPointByeRate=%d\nRetiredRate=%d\n' $((4 + seed % 20)) \
    $((2 + seed % 9)) $((2 + seed % 7))
  if [ $((seed % 3)) = 0 ]; then printf 'PointsForWin=3\nPointsForDraw=1\n'; fi
}

# Our generator's tournaments checked by bbpPairings' checker (which exits 0 either way: a
# discrepancy is a "Checker pairings" table or "No valid pairing" in its output).
ours_suite() {
  local n=$1 dir=$work/ours checked=0 differ=0 failed=0 start=$SECONDS
  mkdir -p "$dir"
  for ((k = 0; k < n; k++)); do
    local seed=$((900000 + k))
    config_varied "$seed" > "$dir/cfg.txt"
    if ! "$chess960" pairings --dutch -g "$dir/cfg.txt" -o "$dir/t.trf" -s "$seed" > /dev/null 2> "$dir/err.txt"; then
      failed=$((failed + 1)); continue
    fi
    checked=$((checked + 1))
    "$bbp" --dutch "$dir/t.trf" -c > "$dir/out.txt" 2>&1 || true
    if grep -q "Checker pairings\|No valid pairing\|Error" "$dir/out.txt"; then
      differ=$((differ + 1))
      cp "$dir/t.trf" "$work/fail-ours-$seed.trf"
      cp "$dir/out.txt" "$work/fail-ours-$seed.txt"
    fi
  done
  printf '| ours (checked by bbpPairings) | %d | - | %d | %d | %ds |\n' "$checked" "$differ" \
    "$failed" $((SECONDS - start)) | tee -a "$report"
}

echo "| suite | tournaments | rounds | differ | not generated | time |" | tee -a "$report"
echo "|---|---:|---:|---:|---:|---:|" | tee -a "$report"
IFS=, read -ra wanted <<< "$suites"
for suite in "${wanted[@]}"; do
  case $suite in
    20x9) bbp_suite 20x9 "$(count 5000)" 1 config_20x9 ;;
    10x5) bbp_suite 10x5 "$(count 5000)" 100001 config_10x5 ;;
    varied) bbp_suite varied "$(count 1000)" 200001 config_varied ;;
    570x9) bbp_suite 570x9 "$(count 20)" 300001 config_570x9 ;;
    ours) ours_suite "$(count 1000)" ;;
    *) echo "unknown suite $suite" >&2; exit 2 ;;
  esac
done
if [ -n "$out" ]; then
  {
    echo "# Dutch pairings: agreement with bbpPairings ($(date +%F))"
    echo
    echo "\`bench/pairings_agreement.sh\` ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')),"
    echo "bbpPairings $("$bbp" 2>&1 | head -1 | sed 's/.*- \(v[^ ]*\).*/\1/')."
    echo "Each tournament generated by bbpPairings is checked round by round by"
    echo "\`chess960 pairings --dutch FILE -c\`; \"ours\" are generated by"
    echo "\`chess960 pairings --dutch -g\` and checked by \`bbpPairings.exe --dutch FILE -c\`."
    echo
    cat "$report"
  } > "$out"
fi
grep -q '| [1-9][0-9]* | [0-9]* | [0-9]*s |$' "$report" && exit 1 || exit 0
