#!/bin/bash
# The engine's strength, measured by `chess960 match` against the Debian engines, and the
# UCI_Elo levels against each other. Writes bench/results/strength-DATE.md with each command,
# its report, and the `chess960 pgn check` of its games.
#
#   bench/strength.sh [sf|glaurung|levels|all]   (default: all; about 90 minutes on 2 cores)
#
# Every engine plays on one thread (Glaurung's default is 2) without an opening book.
# GAMES_SF, GAMES_GLAURUNG, GAMES_LEVELS, TC, CONCURRENCY and SEED override the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
BIN=$BUILD/chess960
OUT_DIR=$BUILD/strength
RESULTS=bench/results/strength-$(date -u +%Y-%m-%d).md
TC=${TC:-10+0.1}
CONCURRENCY=${CONCURRENCY:-2}
SEED=${SEED:-960}
which=${1:-all}
mkdir -p "$OUT_DIR"

# run NAME ARGS...: plays a match, checks its PGN, appends both to the results file.
run() {
    local name=$1
    shift
    local pgn=$OUT_DIR/$name.pgn
    local cmd=("$BIN" match "$@" --tc "$TC" --concurrency "$CONCURRENCY" --seed "$SEED" --pgn "$pgn")
    echo "== $name: ${cmd[*]}"
    local start=$SECONDS
    "${cmd[@]}" --quiet | tee "$OUT_DIR/$name.txt"
    local check
    check=$("$BIN" pgn check "$pgn" 2>&1 | tail -3)
    {
        echo
        echo "## $name"
        echo
        echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $((SECONDS - start)) s, $(nproc) cores, commit $(git rev-parse --short HEAD)"
        echo
        echo '```sh'
        echo "${cmd[*]}"
        echo '```'
        echo
        echo '```'
        cat "$OUT_DIR/$name.txt"
        echo '```'
        echo
        echo "\`chess960 pgn check $pgn\`:"
        echo
        echo '```'
        echo "$check"
        echo '```'
    } >>"$RESULTS"
}

[ -f "$RESULTS" ] || echo "# Engine strength, $(date -u +%Y-%m-%d)" >"$RESULTS"
ENGINE=(--engine "cmd=$BIN" arg=uci name=chess960 option.Hash=64)
if [ "$which" = sf ] || [ "$which" = all ]; then
    run vs-stockfish-2000 "${ENGINE[@]}" \
        --engine cmd=/usr/games/stockfish name=stockfish-elo2000 option.Hash=64 \
        option.UCI_LimitStrength=true option.UCI_Elo=2000 --games "${GAMES_SF:-200}"
fi
if [ "$which" = glaurung ] || [ "$which" = all ]; then
    run vs-glaurung "${ENGINE[@]}" --engine cmd=/usr/games/glaurung name=glaurung-2.2 \
        option.Hash=64 option.Threads=1 option.OwnBook=false --games "${GAMES_GLAURUNG:-200}"
fi
if [ "$which" = levels ] || [ "$which" = all ]; then
    run levels-2000-vs-1400 --engine "cmd=$BIN" arg=uci name=chess960-elo2000 \
        option.UCI_LimitStrength=true option.UCI_Elo=2000 \
        --engine "cmd=$BIN" arg=uci name=chess960-elo1400 option.UCI_LimitStrength=true \
        option.UCI_Elo=1400 --games "${GAMES_LEVELS:-100}"
fi
echo "Results appended to $RESULTS"
