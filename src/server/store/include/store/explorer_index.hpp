// The opening explorer's index: for each position (a zobrist key) the games that reached it, with
// each game's packed entry there (db/explorer_entry.hpp). Made from the game database's rows by
// id (game_db_store.hpp: games_after), it says how far it got (indexed_to), so that whoever holds
// it brings it up to date from the database: after a kill, after an import by another process,
// or on each server of a PostgreSQL cluster, each keeping its own copy of one explorer.
//
// A RocksDB database in a directory of its own (lila-openingexplorer keeps its explorer in
// RocksDB too): a game's rows are appended, never rewritten, where a B-tree in the SQL database
// rewrote a page of its index for nearly every row of each batch (measured: 3,200 games a second
// on 100,000 games, falling as the index grew). One process holds it at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace chess960::server {

struct IndexRow {
    std::int64_t key = 0;
    std::int64_t game = 0;
    std::int64_t entry = 0;
};

struct IndexHit {
    std::int64_t game = 0;
    std::int64_t entry = 0;
};

// The index is open in another process (a server that keeps it up to date itself).
class ExplorerIndexBusy : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class ExplorerIndex {
  public:
    // Opens the index in `dir`, made if there is none (and removed when closed if `temporary`).
    // Throws ExplorerIndexBusy when another process has it open, StoreError when it cannot be
    // opened.
    explicit ExplorerIndex(const std::string& dir, bool temporary = false);
    ~ExplorerIndex();
    ExplorerIndex(const ExplorerIndex&) = delete;
    ExplorerIndex& operator=(const ExplorerIndex&) = delete;

    // Adds `rows` (a row there already is written again, the same) and notes that the games up
    // to id `indexed_to` are in. A large batch goes in as a sorted file, a small one through the
    // log. Throws StoreError.
    void add(std::vector<IndexRow> rows, std::int64_t indexed_to);
    // The rows of a position, by game id. Throws StoreError.
    std::vector<IndexHit> position(std::int64_t key) const;
    // The id up to which the games are in (0 for an empty index).
    std::int64_t indexed_to() const;
    // The bytes of its files (the index's size on disk).
    std::uint64_t bytes_on_disk() const;
    const std::string& dir() const { return dir_; }

  private:
    struct Impl;
    std::string dir_;
    bool temporary_;
    std::unique_ptr<Impl> impl_;
};

// The index's directory for an SQLite database: beside the file (FILE.explorer).
std::string default_explorer_dir(const std::string& db);

// A new empty directory for a temporary index (a server of a PostgreSQL cluster not given one
// keeps its copy there, made again from the database at each start), in the system's temporary
// directory, with its owner (this process) written in it. The ones whose owner is gone (a
// server killed before it could remove its own) are removed first. Throws StoreError.
// (store/explorer_temp_dir.cpp)
std::string temporary_explorer_dir();

}  // namespace chess960::server
