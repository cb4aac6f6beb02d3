// `chess960 serve migrate`: an existing server's games copied from one store to another (an
// SQLite file to a PostgreSQL database, typically), then checked move by move: every game is
// read back from the target and compared with the source, its row and each of its moves.
#pragma once

#include <cstddef>
#include <functional>

#include "store/store.hpp"

namespace chess960::server {

struct MigrationReport {
    std::size_t games = 0;
    std::size_t moves = 0;
};

// Copies every game of `from`, with its moves, to `to`, which must hold no game yet, in
// transactions of `batch` games; then compares each game read back from `to` with the one read
// from `from`. `progress(step, done, total)` is told how far it is ("copied", "checked").
// Throws StoreError when `to` holds games, a store fails, or a game differs after the copy (the
// message names the game and the first column or move that differs).
MigrationReport migrate_games(
    Store& from, Store& to,
    std::function<void(const char* step, std::size_t done, std::size_t total)> progress = {},
    std::size_t batch = 500);

// The check migrate_games ends with: every game of `from` read back from `to` and compared, its
// row and each of its moves; returns the number of games checked. Throws StoreError naming the
// first game that differs and how.
std::size_t check_migration(
    Store& from, Store& to,
    std::function<void(const char* step, std::size_t done, std::size_t total)> progress = {});

}  // namespace chess960::server
