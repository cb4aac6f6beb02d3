# chess960 — the two commands that do everything on a fresh Debian machine:
#   make run    installs what is missing, builds, starts `chess960 serve` (prints the URL)
#   make test   installs what is missing, builds, runs every test (and once more under ASan+UBSan)
# Other targets: build, docs, python, test-slow, bench, bench-pgn, bench-pgn-threads, bench-db, bench-db-cluster, bench-puzzles, bench-python, bench-serve, bench-cluster, bench-lobby-cluster, bench-pairings, bench-event, diffperft, fuzz, format, clean,
# tune-data, tune, nnue-data, nnue-train, strength.

SHELL := /bin/bash
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

# ccache (found by CMakeLists.txt) shares compiled objects between this tree's build directories
# (the release build, the install and pip tests' rebuilds of the library) when paths are taken
# relative to the source tree. The sanitizer build keeps line tables (-g1), for which ccache by
# default hashes the directory it compiles in, so a clone elsewhere (CI's, a `mktemp -d`) shared
# nothing with the last one: it is told not to (CCACHE_NOHASHDIR), and the debug information names
# the tree relatively (-fdebug-prefix-map), so that what it stores is the same from any directory.
export CCACHE_BASEDIR ?= $(CURDIR)
export CCACHE_NOHASHDIR ?= 1

# Debian packages each kind of work needs.
BUILD_PACKAGES := cmake g++ make pkg-config libgtest-dev libbenchmark-dev libcpp-httplib-dev \
                  libsqlite3-dev nlohmann-json3-dev libsodium-dev libboost1.81-dev libcli11-dev \
                  libjemalloc-dev doxygen ccache python3-dev python3-venv python3-pybind11 \
                  python3-pytest libzstd-dev zlib1g-dev libbz2-dev libpq-dev libicu-dev \
                  clang-format librocksdb-dev
# sqlite3 and rocksdb-tools (ldb): the game database's benchmark reads its tables' sizes and
# counts its explorer index's rows (bench/db/db_bench.sh).
BENCH_PACKAGES := stockfish python3 pgn-extract time zstd gzip bzip2 clang-19 sqlite3 rocksdb-tools
# The server's load generator (bench/serve_load) is built on Boost.Asio and Beast.
SERVE_BENCH_PACKAGES := libboost1.81-dev
# The engines the strength matches play (bench/strength.sh).
STRENGTH_PACKAGES := stockfish ethereal-chess fairy-stockfish glaurung
FUZZ_PACKAGES := clang-19 libclang-rt-19-dev
# The browser page is built with node and npm (any recent node will do, so these are installed
# only when the commands are missing); its end-to-end test drives Debian's Chromium.
WEB_PACKAGES := nodejs npm
E2E_PACKAGES := chromium
# The PostgreSQL back end's tests run a throwaway cluster under pg_virtualenv (postgresql-common).
POSTGRES_TEST_PACKAGES := postgresql-15 postgresql-common
# The puzzle generator's tests prove its puzzles with an independent engine (Debian's Stockfish).
ENGINE_TEST_PACKAGES := stockfish

.PHONY: run test build build-server docs python test-fast test-asan test-slow bench bench-pgn bench-pgn-threads bench-db bench-db-cluster bench-puzzles bench-python bench-serve bench-cluster bench-lobby-cluster bench-pairings bench-event diffperft fuzz \
        format snapshots clean tune-data tune nnue-data nnue-train strength \
        deps deps-bench deps-bench-serve deps-strength deps-fuzz deps-web deps-e2e deps-postgres deps-engines web

# Installs the Debian packages given in $(1) that are missing: with apt-get when root, else
# it says which are missing and how to install them.
define install_packages
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "Missing Debian packages:$$missing"; \
	    echo "Install them with: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
endef

deps:
	$(call install_packages,$(BUILD_PACKAGES))

deps-bench: deps
	$(call install_packages,$(BENCH_PACKAGES))

deps-bench-serve: deps
	$(call install_packages,$(SERVE_BENCH_PACKAGES))

deps-strength: deps
	$(call install_packages,$(STRENGTH_PACKAGES))

deps-postgres: deps
	$(call install_packages,$(POSTGRES_TEST_PACKAGES))

deps-engines: deps
	$(call install_packages,$(ENGINE_TEST_PACKAGES))

deps-fuzz: deps
	$(call install_packages,$(FUZZ_PACKAGES))

deps-web:
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	  $(MAKE) --no-print-directory deps-web-packages; fi

deps-web-packages:
	$(call install_packages,$(WEB_PACKAGES))

deps-e2e: deps-web
	$(call install_packages,$(E2E_PACKAGES))

# The browser page (web/): npm ci when the lock file changed, esbuild when a source changed.
WEB_SOURCES := $(shell find web/src -type f) web/index.html web/build.mjs web/package.json
web: deps-web web/dist/index.html

web/node_modules/.package-lock.json: web/package-lock.json | deps-web
	cd web && npm ci --no-audit --no-fund

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run --silent build

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

# Only the `chess960` program (what `make run` starts): not the tests, benchmarks, tools or the
# Python module, which `make build` adds.
build-server: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	cmake --build $(BUILD) -j $(JOBS) --target chess960_cli

# The library's API reference from the public headers (Doxygen; fails on any warning):
# $(BUILD)/docs/html/index.html.
docs: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	cmake --build $(BUILD) --target docs
	@echo "API reference: $(BUILD)/docs/html/index.html"

# The Python package chess960 in a virtual environment that sees the system's packages
# (VENV, default .venv): `pip install .` builds it offline with the in-tree backend
# (pyproject.toml, python/build_backend). PYTHON is the interpreter (the first python3 on PATH).
PYTHON ?= python3
VENV ?= .venv
python: deps
	$(PYTHON) -m venv --system-site-packages $(VENV)
	$(VENV)/bin/python -m pip install --no-index --disable-pip-version-check .
	$(VENV)/bin/python -c "import chess960; print('chess960', chess960.__version__, 'in $(VENV):', chess960.Board().legal_moves.san())"

# The main job: the web server with the browser board (http://HOST:PORT/, printed at start).
# WEB_DIR is the built web app (web/dist, built by `make web`); DB keeps the games.
HOST ?= 127.0.0.1
PORT ?= 8960
DB ?= chess960.db
WEB_DIR ?= web/dist
run: build-server web
	$(BUILD)/chess960 serve --host $(HOST) --port $(PORT) --db $(DB) --web $(WEB_DIR)

# Every test: the sanitizer pass first, then the release suite, whose CTest summary ends the run.
test: test-asan test-fast

test-fast: build web deps-e2e deps-postgres deps-engines
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

# The unit tests and perft suites (at lower depths) under AddressSanitizer + UBSan: built at -O1
# with line tables only and just the test programs (and the CLI they run), which halves the
# build; the browser, install, docs, layer and format tests, which run no C++ of ours, run once,
# below.
# The <room>_serve_tests_postgres run in the other pass only (here it took a minute and a half alone at
# the end); store_tests_postgres runs in both, so the PostgreSQL store is under the sanitizers.
# So do three tests that repeat one computation many times (a chi-square over 192,000 draws, the
# engine's pinned search signatures: 78 s here together, the same code paths as their quicker
# neighbours), to keep `make test` within its half hour on 2 cores.
ASAN_TARGETS := core_tests notation_tests game_tests engine_tests uci_tests text_tests draw_tests \
                match_tests cli_tests db_tests store_tests perft_suite generic_consumer_tests rating_tests \
                pairing_tests http_tests events_tests games_tests live_tests lobby_tests \
                games_serve_tests http_serve_tests events_serve_tests accounts_serve_tests \
                lobby_serve_tests gamedb_tests gamedb_serve_tests puzzle_tests puzzles_tests puzzles_serve_tests snapshot_check
test-asan: deps deps-postgres deps-engines
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -fdebug-prefix-map=$(CURDIR)=." -DCHESS960_SANITIZE=ON -DCHESS960_BENCH=OFF >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target $(ASAN_TARGETS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS) -LE 'slow|e2e|web|db|install|docs|layers|format' \
	  -E '^([a-z]+_serve_tests_postgres|EventDraw\.ChiSquareEveryNumberEquallyLikely|Bench\.SignatureIsPinned|Bench\.UciBenchPrintsThePinnedSignature)$$'

# Perft of every file at every depth (about 800 billion nodes: half an hour on 2 cores).
test-slow: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

bench: deps-bench build
	$(BUILD)/bench/perft_bench

# PGN checking speed against pgn-extract and chessops (generates about 1 GB under build/).
bench-pgn: deps-bench deps-web build
	cd bench/chessops && npm ci --silent
	bench/pgn_bench.sh

# `pgn check` on one core and all cores, plain and .zst/.gz/.bz2, against Disservin's
# chess-library and pgn-extract (generates about 100 MB under build/; the peer's header comes from
# ../shared/peers). Report in bench/results/pgn-threads-<date>.md.
bench-pgn-threads: deps-bench build
	bench/pgn_threads_bench.sh --out bench/results/pgn-threads-$$(date +%F).md

# The game database (issue 42, bench/db/db_bench.sh): `chess960 db import` of 1,000,000 generated
# lichess-like Chess960 games against `pgn check` on them, the database's sizes (games, explorer
# index, bits a move), an import killed three times and restarted, and the explorer's latency
# (bench/db/db_query_bench, when built). About 2.5 GB of PGN and two databases under
# build/db-bench; BENCH_DB_GAMES=20000 for a quick run. Report in bench/results/db-<date>.md.
bench-db: deps-bench build
	nice -n 10 bench/db/db_bench.sh --out bench/results/db-$$(date +%F).md

# The puzzle generator (issue 43, bench/puzzles/puzzles_bench.sh): puzzles a CPU hour on a
# generated 10,000-game corpus (a sample of it analysed) and on the repository's 33 real games, by
# our engine and by Stockfish; then each solver move of the puzzles searched by Stockfish 15.1 at
# MultiPV 2 and 2 M nodes (bench/puzzles/puzzle_check), the share that are only-moves. Hours at
# the defaults (200 puzzles of ours to check, about 1.5 CPU hours; Stockfish scanning at 100,000
# nodes and probing at 2 M analyses a game in about 15 CPU s): PUZZLES_BENCH_SAMPLE, _SF_SAMPLE,
# _REAL_SAMPLE, _REAL_SF_SAMPLE, _PROOF,
# _PROOF_MINUTES, _LANES=2 for a shorter run (see the script). Report in
# bench/results/puzzles-<date>.md.
bench-puzzles: deps-bench build
	nice -n 10 bench/puzzles/puzzles_bench.sh --out bench/results/puzzles-$$(date +%F).md

# The game database on a throwaway PostgreSQL as a cluster uses it (bench/db/db_cluster_bench.sh):
# the import into the shared tables, two servers' copies of the explorer made from them, games
# imported while two servers run. Report in bench/results/db-cluster-<date>.md.
bench-db-cluster: deps-bench deps-postgres build
	PGPORT=$${PGPORT:-25610} pg_virtualenv -t -v 15 bench/db/db_cluster_bench.sh $(BUILD) \
	  $${BENCH_DB_CLUSTER_GAMES:-50000} bench/results/db-cluster-$$(date +%F).md

# The Python package against python-chess (../shared/peers/python-chess): PGN replay, legal
# moves, perft. Report in bench/results/python-<date>.md.
bench-python: deps-bench build
	$(BUILD)/bench/make_pgn_corpus --games 5000 --seed 1 --output $(BUILD)/python-bench.pgn
	PYTHONPATH=$(BUILD)/python:../shared/peers/python-chess:../../shared/peers/python-chess \
	  /usr/bin/python3 bench/python_bench.py --pgn $(BUILD)/python-bench.pgn \
	  --out bench/results/python-$$(date +%F).md

# Load on `chess960 serve` (bench/serve_load, over loopback, about six minutes): 10,000 idle
# live connections and 1,000 slow-header ones while ordinary requests are timed; 1,000 games
# played over WebSocket at 10,000 moves/s offered (--move-rate), then 20 s unpaced for the
# capacity, then by HTTP POST; SIGKILL mid-load and a check that every acknowledged move
# survived the restart; the lobby (5,000 signed-in watchers while 100 seeks a second are made
# and accepted; 1,000 accounts made first, about five minutes on 2 cores). Report in
# bench/results/serve-<date>.md; run parts with
# SERVE_LOAD_ARGS, e.g. SERVE_LOAD_ARGS="--scenario games --seconds 20 --move-rate 5000".
SERVE_LOAD_ARGS ?=
bench-serve: deps-bench-serve build
	$(BUILD)/bench/serve_load --binary $(BUILD)/chess960 \
	  --out bench/results/serve-$$(date +%F).md $(SERVE_LOAD_ARGS)

# Three `chess960 serve` on one throwaway PostgreSQL (bench/cluster_bench.sh, about five
# minutes): one instance on SQLite and one on PostgreSQL unpaced, then three paced with watchers
# on another instance and `kill -9` of one half-way, then three unpaced. The reports go to
# /tmp/cluster-bench-<date>.md*; bench/results/cluster-<date>.md says what they showed.
bench-cluster: deps-bench-serve deps-postgres build
	PGPORT=$${PGPORT:-25600} pg_virtualenv -t -v 15 bench/cluster_bench.sh $(BUILD) \
	  /tmp/cluster-bench-$$(date +%F).md

# The lobby scenario on two `chess960 serve` sharing a throwaway PostgreSQL (the watchers split
# over both, seeks made on one and accepted on the other; about five minutes, most of it
# making 1,000 accounts). Report in bench/results/lobby-cluster-<date>.md; LOBBY_ARGS to change
# it, e.g. LOBBY_ARGS="--lobby-watchers 1000 --lobby-seconds 20".
LOBBY_ARGS ?=
bench-lobby-cluster: deps-bench-serve deps-postgres build
	PGPORT=$${PGPORT:-25601} pg_virtualenv -t -v 15 bash -c 'export PGPASSWORD; \
	  $(BUILD)/bench/serve_load --binary $(BUILD)/chess960 --scenario lobby-cluster \
	  --db "postgresql://$$PGUSER@$$PGHOST:$$PGPORT/$$PGDATABASE" \
	  --out bench/results/lobby-cluster-$$(date +%F).md $(LOBBY_ARGS) >/dev/null'

# The Dutch pairing engine against bbpPairings (../shared/peers/bbpPairings, built outside the
# tree by ../shared/tools/build_bbpPairings.sh): 5,000 tournaments of 20 players and 9 rounds,
# 5,000 of 10 and 5, 1,000 of odd and varied sizes with draws, forfeits, byes and withdrawals and
# 20 of 570 players made by its generator and checked round by round by ours, then 1,000 made by
# ours checked by its checker (about two hours on one core, niced); then the speed of round 9
# of a 570-player Swiss, both programs in the same run. Reports in
# bench/results/pairings-<date>.md and pairings-speed-<date>.md; PAIRINGS_SCALE=0.01 for a
# quick look (1% of every count).
PAIRINGS_SCALE ?= 1
bench-pairings: deps-bench build
	nice -n 19 bench/pairings_agreement.sh --scale $(PAIRINGS_SCALE) \
	  --out bench/results/pairings-$$(date +%F).md
	bench/pairings_bench.sh --out bench/results/pairings-speed-$$(date +%F).md

# A 570-player Swiss through 9 rounds on one `chess960 serve` (bench/event_bench.py, a few
# minutes): the organiser's publish of each round to its 285 games created (bound: 2 s), a
# `kill -9` mid-round 5 with nothing lost on restart, the TRF checked by bbpPairings' checker
# (built outside the tree by ../shared/tools/build_bbpPairings.sh when ../shared is there).
# Report in bench/results/event-<date>.md; EVENT_BENCH_ARGS="--players 100 --rounds 5" for a
# shorter run.
EVENT_BENCH_ARGS ?=
bench-event: build
	bbp=$$(../shared/tools/build_bbpPairings.sh 2>/dev/null || true); \
	python3 bench/event_bench.py --binary $(BUILD)/chess960 $${bbp:+--bbp $$bbp} \
	  --out bench/results/event-$$(date +%F).md $(EVENT_BENCH_ARGS)

diffperft: deps-bench build
	python3 ../shared/tools/diffperft.py '$(BUILD)/chess960 uci' 500 4

# Builds the libFuzzer targets (clang 19: clang 14 cannot compile GCC 12's <expected>) and runs
# each for FUZZ_SECONDS, one after the other (see fuzz/README.md): FEN, PGN and SAN readers, the
# server's JSON bodies (games and events) and WebSocket messages, the UCI loop, the tournament
# report (TRF) reader with the Dutch engine.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS := fen pgn san json event_json ws uci trf engine_info
fuzz: deps-fuzz
	cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCHESS960_FUZZ=ON -DCHESS960_TESTS=OFF -DCHESS960_BENCH=OFF >/dev/null
	cmake --build build-fuzz -j $(JOBS) --target $(patsubst %,%_fuzzer,$(FUZZ_TARGETS))
	for t in $(FUZZ_TARGETS); do mkdir -p fuzz/corpus/$$t; \
	  build-fuzz/fuzz/$${t}_fuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=build-fuzz/ fuzz/corpus/$$t fuzz/corpus_seed/$$t || exit 1; done

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

# Rewrites the golden files of the command line's output (tests/snapshots/) from what the built
# program prints now; review them with git diff tests/snapshots before committing.
snapshots: build
	cd $(BUILD) && CHESS960_UPDATE_SNAPSHOTS=1 ctest -L snapshots -j $(JOBS) --output-on-failure

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-fuzz build-magic $(BUILD)-install-test $(BUILD)-install-test-generic \
	  build-python-* $(VENV)

# Evaluation tuning (tools/tune/README.md): Stockfish self-play games, then the fit.
TUNE_DIR ?= $(BUILD)/tune
tune-data: deps-bench build
	mkdir -p $(TUNE_DIR)
	$(BUILD)/chess960 match --engine cmd=/usr/games/stockfish name=sfA option.Hash=16 \
	  --engine cmd=/usr/games/stockfish name=sfB option.Hash=16 --games 1920 --positions all \
	  --nodes 2000 --concurrency $(JOBS) --pgn $(TUNE_DIR)/games_all_2000.pgn --quiet
	$(BUILD)/chess960 match --engine cmd=/usr/games/stockfish name=sf2500 nodes=2500 option.Hash=16 \
	  --engine cmd=/usr/games/stockfish name=sf4000 nodes=4000 option.Hash=16 --games 3000 \
	  --double960 --nodes 3000 --seed 11 --concurrency $(JOBS) --pgn $(TUNE_DIR)/games_d960.pgn --quiet

tune: build
	$(BUILD)/chess960_tune --out src/engine/eval_weights.inc $(TUNE_DIR)/*.pgn
	cmake --build $(BUILD) -j $(JOBS)

# The learned evaluation (tools/nnue/README.md): Stockfish games at fixed nodes from random
# Chess960 and Double Chess960 start positions, their quiet scored positions as samples, and
# the net trained on them, written where the build embeds it.
NNUE_DIR ?= $(BUILD)/nnue
# The games of the net in the repository (tools/nnue/README.md): two streams side by side, each
# one game at a time (Stockfish at a node count is deterministic, so the same games come out on
# every run). Stream a: Double Chess960 games (seeds 96021, 96023, 96025, 96027, 96029, then
# 96031); stream b: every Chess960 start position twice (at two pairs of node counts), then
# Double Chess960 games (seeds 96022, 96024, 96026, 96028, 96030, then 96032). If either stream
# fails, so does the target.
NNUE_GAMES_D960A ?= 25368
NNUE_GAMES_D960B ?= 20858
NNUE_GAMES_D960C ?= 17719
NNUE_GAMES_D960D ?= 17753
NNUE_GAMES_D960E ?= 18282
NNUE_GAMES_D960F ?= 18389
NNUE_GAMES_D960G ?= 23743
NNUE_GAMES_D960H ?= 23709
NNUE_GAMES_D960I ?= 20111
NNUE_GAMES_D960J ?= 20229
NNUE_GAMES_D960K ?= 24484
NNUE_GAMES_D960L ?= 24540
NNUE_EPOCHS ?= 20
NNUE_BATCH ?= 4096
NNUE_LAMBDA ?= 0.1
# $(1) and $(2): the two engines' nodes a move.
NNUE_MATCH = $(BUILD)/chess960 match --engine cmd=/usr/games/stockfish name=sf$(1) nodes=$(1) \
  option.Hash=16 --engine cmd=/usr/games/stockfish name=sf$(2) nodes=$(2) option.Hash=16 \
  --nodes $(1) --concurrency 1 --resign movecount=4 score=1500 --quiet
# $(1), $(2), $(3): a Double Chess960 stream's letter in NNUE_GAMES_D960*, its file's letter,
# its seed.
NNUE_D960 = $(call NNUE_MATCH,1000,1600) --games $(NNUE_GAMES_D960$(1)) --seed $(3) --double960 \
  --pgn $(NNUE_DIR)/d960$(2).pgn
# The games' files, in the order the extractor reads them (the validation set is the last's end).
NNUE_PGNS = 960a 960b d960a d960b d960c d960d d960e d960f d960g d960h d960i d960j d960k d960l
nnue-data: deps-bench build
	mkdir -p $(NNUE_DIR)
	{ $(call NNUE_D960,A,a,96021) && $(call NNUE_D960,C,c,96023) && \
	  $(call NNUE_D960,E,e,96025) && $(call NNUE_D960,G,g,96027) && \
	  $(call NNUE_D960,I,i,96029) && $(call NNUE_D960,K,k,96031); } & a=$$!; \
	{ $(call NNUE_MATCH,1000,1600) --games 1920 --positions all --pgn $(NNUE_DIR)/960a.pgn && \
	  $(call NNUE_MATCH,1300,2000) --games 1920 --positions all --pgn $(NNUE_DIR)/960b.pgn && \
	  $(call NNUE_D960,B,b,96022) && $(call NNUE_D960,D,d,96024) && \
	  $(call NNUE_D960,F,f,96026) && $(call NNUE_D960,H,h,96028) && \
	  $(call NNUE_D960,J,j,96030) && $(call NNUE_D960,L,l,96032); } & b=$$!; \
	wait $$a; status=$$?; wait $$b && [ $$status = 0 ]
	$(BUILD)/chess960_nnue_data --out $(NNUE_DIR)/samples.bin \
	  $(patsubst %,$(NNUE_DIR)/%.pgn,$(NNUE_PGNS))

# The engine's strength against the Debian engines and the UCI_Elo calibration (hours on 2
# cores; STRENGTH=sf|glaurung|ethereal|fairy|levels|calibrate|all, see bench/strength.sh).
STRENGTH ?= all
strength: deps-strength build
	bench/strength.sh $(STRENGTH)

nnue-train: build
	$(BUILD)/chess960_nnue_train --out src/engine/net/default.nnue --epochs $(NNUE_EPOCHS) \
	  --batch $(NNUE_BATCH) --lambda $(NNUE_LAMBDA) --threads $(JOBS) $(NNUE_DIR)/samples.bin
	cmake --build $(BUILD) -j $(JOBS)
