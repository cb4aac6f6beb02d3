#!/bin/bash
# The engine's strength, measured by `chess960 match` against the Debian engines, and the
# UCI_Elo levels against each other. Writes bench/results/strength-DATE.md with each command,
# its report, and the `chess960 pgn check` of its games.
#
#   bench/strength.sh [sf|glaurung|ethereal|fairy|levels|calibrate|all]   (default: all)
#
#   sf         against Stockfish 15.1 at UCI_Elo 2000
#   glaurung   against Glaurung 2.2
#   ethereal   against Ethereal 12, the strongest hand-written evaluation Debian has
#   fairy      against Fairy-Stockfish
#   levels     our UCI_Elo 2000 against our UCI_Elo 1400
#   calibrate  our UCI_Elo X against Stockfish's UCI_Elo X for each X of ELOS (default 1400
#              1800 2200 2600): a calibrated level scores 50%
#
# At 10+0.1 a game takes about 20 s of one core, so 200 games take about 35 minutes with
# CONCURRENCY=2 on 2 cores; `all` takes about 5 hours. Every engine plays on one thread
# (Glaurung's default is 2) without an opening book. The engines come from `make deps-strength`.
# GAMES_SF, GAMES_GLAURUNG, GAMES_ETHEREAL, GAMES_FAIRY, GAMES_LEVELS, GAMES_CALIBRATE, ELOS, TC,
# CONCURRENCY and SEED override the defaults; OUR_OPTIONS adds UCI options to our engine,
# separated by ';' because option names may hold spaces (OUR_OPTIONS='option.Use NNUE=false;
# option.Hash=128'); RESULTS names the results file.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
BIN=$BUILD/chess960
OUT_DIR=$BUILD/strength
RESULTS=${RESULTS:-bench/results/strength-$(date -u +%Y-%m-%d).md}
TC=${TC:-10+0.1}
CONCURRENCY=${CONCURRENCY:-2}
SEED=${SEED:-960}
which=${1:-all}
case $which in
sf | glaurung | ethereal | fairy | levels | calibrate | all) ;;
*)
    echo "strength.sh: unknown match '$which': sf, glaurung, ethereal, fairy, levels, calibrate or all" >&2
    exit 2
    ;;
esac
mkdir -p "$OUT_DIR"
IFS=';' read -r -a OUR_OPTIONS <<<"${OUR_OPTIONS:-}"

# needs ENGINE: stops with the package to install when a Debian engine is missing.
needs() {
    [ -x "$1" ] || {
        echo "strength.sh: $1 is missing: make deps-strength (apt-get install -y $2)" >&2
        exit 1
    }
}

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
ENGINE=(--engine "cmd=$BIN" arg=uci name=chess960 option.Hash=64 "${OUR_OPTIONS[@]}")
if [ "$which" = sf ] || [ "$which" = all ]; then
    needs /usr/games/stockfish stockfish
    run vs-stockfish-2000 "${ENGINE[@]}" \
        --engine cmd=/usr/games/stockfish name=stockfish-elo2000 option.Hash=64 \
        option.UCI_LimitStrength=true option.UCI_Elo=2000 --games "${GAMES_SF:-200}"
fi
if [ "$which" = glaurung ] || [ "$which" = all ]; then
    needs /usr/games/glaurung glaurung
    run vs-glaurung "${ENGINE[@]}" --engine cmd=/usr/games/glaurung name=glaurung-2.2 \
        option.Hash=64 option.Threads=1 option.OwnBook=false --games "${GAMES_GLAURUNG:-200}"
fi
if [ "$which" = ethereal ] || [ "$which" = all ]; then
    needs /usr/games/ethereal-chess ethereal-chess
    run vs-ethereal-12 "${ENGINE[@]}" --engine cmd=/usr/games/ethereal-chess name=ethereal-12 \
        option.Hash=64 option.Threads=1 --games "${GAMES_ETHEREAL:-200}"
fi
if [ "$which" = fairy ] || [ "$which" = all ]; then
    needs /usr/games/fairy-stockfish fairy-stockfish
    run vs-fairy-stockfish "${ENGINE[@]}" --engine cmd=/usr/games/fairy-stockfish \
        name=fairy-stockfish option.Hash=64 option.Threads=1 --games "${GAMES_FAIRY:-200}"
fi
if [ "$which" = calibrate ] || [ "$which" = all ]; then
    needs /usr/games/stockfish stockfish
    for elo in ${ELOS:-1400 1800 2200 2600}; do
        run "calibrate-$elo" --engine "cmd=$BIN" arg=uci "name=chess960-elo$elo" option.Hash=64 \
            "${OUR_OPTIONS[@]}" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
            --engine cmd=/usr/games/stockfish "name=stockfish-elo$elo" option.Hash=64 \
            option.UCI_LimitStrength=true "option.UCI_Elo=$elo" --games "${GAMES_CALIBRATE:-200}"
    done
fi
if [ "$which" = levels ] || [ "$which" = all ]; then
    run levels-2000-vs-1400 --engine "cmd=$BIN" arg=uci name=chess960-elo2000 \
        option.UCI_LimitStrength=true option.UCI_Elo=2000 \
        --engine "cmd=$BIN" arg=uci name=chess960-elo1400 option.UCI_LimitStrength=true \
        option.UCI_Elo=1400 --games "${GAMES_LEVELS:-100}"
fi
echo "Results appended to $RESULTS"
