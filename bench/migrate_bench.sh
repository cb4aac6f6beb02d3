#!/bin/sh
# `chess960 serve migrate` at the issue's scale: the migration test
# (tests/store/migration_test.cpp, MigrationCopiesEveryGameAndChecksItMoveByMove) with 10,000
# games instead of 300, from an SQLite file to a throwaway PostgreSQL cluster (pg_virtualenv),
# each game read back and compared move by move. Usage: bench/migrate_bench.sh [BUILD_DIR] [GAMES]
set -eu
build=${1:-build}
games=${2:-10000}
exec nice -n 19 env PGPORT=${PGPORT:-25432} pg_virtualenv -t -v 15 -- env CHESS960_TEST_POSTGRES=pg_virtualenv \
    CHESS960_MIGRATION_GAMES="$games" "$build/tests/store_tests" \
    --gtest_filter='*MigrationCopiesEveryGameAndChecksItMoveByMove*'
