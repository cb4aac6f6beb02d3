// The game database's tests' helpers: a database in a temporary directory (the SQLite file, its
// game database store and the explorer's index beside it), the repository's real games and
// random ones, and an explorer computed the plain way to compare with the index's.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"
#include "gamedb/collector.hpp"
#include "gamedb/index_keeper.hpp"
#include "store/open.hpp"
#include "test_support.hpp"

namespace chess960::testing {

namespace fs = std::filesystem;

// A fresh database: `path` the SQLite file, `explorer` its index's directory.
struct TempDatabase {
    std::string dir, path, explorer;
    std::unique_ptr<server::Store> games;  // made first: it makes and migrates the schema
    std::unique_ptr<server::GameDbStore> store;
    std::unique_ptr<server::gamedb::IndexKeeper> index;

    TempDatabase() {
        std::string pattern = (fs::path(::testing::TempDir()) / "gamedb_test_XXXXXX").string();
        EXPECT_NE(mkdtemp(pattern.data()), nullptr);
        dir = pattern;
        path = dir + "/games.db";
        explorer = server::default_explorer_dir(path);
        games = server::open_store(path);
        store = server::open_game_db_store(path);
        open_index();
    }
    ~TempDatabase() {
        index.reset();
        store.reset();
        games.reset();
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
    void open_index() {
        index.reset();
        index = std::make_unique<server::gamedb::IndexKeeper>(
            *store, std::make_unique<server::ExplorerIndex>(explorer));
    }
    // Reads PGN text into the database as collection `collection`; the games added.
    int add_pgn(const std::string& text, int collection, bool masters = false) {
        server::gamedb::DbGameCollector collector({collection, masters, std::nullopt});
        pgn::Reader reader{std::string_view(text)};
        reader.read_all(collector);
        EXPECT_TRUE(collector.skipped.empty())
            << collector.skipped.front().line << ": " << collector.skipped.front().why;
        const int added = store->add_games(collector.games);
        index->added(collector.games);
        return added;
    }
};

// Every game of tests/data/pgn, as one PGN text.
inline std::string real_games() {
    std::string all;
    for (const auto& entry : fs::directory_iterator(std::string(CHESS960_TEST_DATA) + "/pgn"))
        all += slurp(entry.path().string()) + "\n\n";
    return all;
}

// The position's identity written as text (FEN's first four fields, en passant only when a
// capture is legal): what the explorer's key stands for, computed without it.
inline std::string position_text(const Position& pos) {
    const std::string fen = write_fen(pos);
    std::size_t cut = 0;
    for (int spaces = 0; cut < fen.size(); ++cut)
        if (fen[cut] == ' ' && ++spaces == 4) break;
    return fen.substr(0, cut);
}

}  // namespace chess960::testing
