// What the store's tests (tests/store/*_test.cpp, the store_tests binary) share: games and moves
// to store, the SQL that makes an older database from a new one, a direct SQLite connection, and
// the fixtures, StoreTest (a temporary directory) and StoreBackendTest (each back end).
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/types.hpp"
#include "chess960/uci_move.hpp"
#include "postgres_test_db.hpp"
#include "store/account_store.hpp"
#include "store/event_store.hpp"
#include "store/open.hpp"
#include "store/secrets.hpp"
#include "store/store.hpp"

namespace chess960::server::store_test {

namespace fs = std::filesystem;

inline std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// A database of an older version is made from a new one by undoing each later version, newest
// first: kUndoVersionN takes away what version N adds, so kUndoVersion14 down to kUndoVersionN
// leave a version N - 1 database.

// Version 14's tables (puzzles), dropped to build a version 13 database.
inline constexpr const char* kUndoVersion14[] = {
    "DROP TABLE puzzle_attempts",
    "DROP TABLE puzzle_players",
    "DROP TABLE puzzles",
    "DROP TABLE puzzle_analyses",
};

// Version 13's tables (the game database), dropped to build a version 12 database.
inline constexpr const char* kUndoVersion13[] = {
    "DROP TABLE db_start_counts",
    "DROP TABLE db_games",
    "DROP TABLE db_collections",
    "DROP TABLE db_names",
};

// Version 12's column, dropped to build a version 11 database.
inline constexpr const char* kUndoVersion12[] = {
    "DROP INDEX account_games_second_seek",
    "ALTER TABLE account_games DROP COLUMN second_seek_id",
};

// Version 11's column, dropped to build a version 10 database.
inline constexpr const char* kUndoVersion11[] = {
    "DROP INDEX event_players_account",
    "ALTER TABLE event_players DROP COLUMN account_id",
};

// Version 10's tables and column, dropped to build a version 9 database.
inline constexpr const char* kUndoVersion10[] = {
    "DROP TABLE lobby_presence",
    "DROP TABLE lobby_servers",
    "DROP INDEX seeks_quick",
    "ALTER TABLE seeks DROP COLUMN quick",
};

// Version 9's tables and column, dropped to build a version 8 database.
inline constexpr const char* kUndoVersion9[] = {
    "DROP TABLE account_games",
    "DROP TABLE seeks",
    "DROP TABLE ratings",
    "ALTER TABLE games DROP COLUMN clock_per_move_ms",
};

// Version 8's tables, dropped to build a version 7 database.
inline constexpr const char* kUndoVersion8[] = {
    "DROP TABLE invitations",
    "DROP TABLE account_sessions",
    "DROP TABLE accounts",
};

// What version 7 adds (the paired events), dropped to build a version 6 database.
inline constexpr const char* kUndoVersion7[] = {
    "DROP TABLE event_results",
    "DROP TABLE event_byes",
    "DROP TABLE event_players",
    "ALTER TABLE events DROP COLUMN kind",
    "ALTER TABLE events DROP COLUMN tiebreaks",
    "ALTER TABLE events DROP COLUMN join_token_hash",
    "ALTER TABLE event_boards DROP COLUMN white_number",
    "ALTER TABLE event_boards DROP COLUMN black_number",
};

// A direct SQLite connection, to build databases the store did not write (version 1, foreign,
// newer) and to look at what it wrote.
class RawDatabase {
  public:
    explicit RawDatabase(const std::string& path) {
        if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK)
            ADD_FAILURE() << "cannot open " << path << ": " << sqlite3_errmsg(db_);
    }
    ~RawDatabase() { sqlite3_close(db_); }
    RawDatabase(const RawDatabase&) = delete;
    RawDatabase& operator=(const RawDatabase&) = delete;

    void exec(const std::string& sql) {
        char* message = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK)
            ADD_FAILURE() << sql << ": " << (message ? message : "error");
        sqlite3_free(message);
    }
    // The first column of every row, as text.
    std::vector<std::string> column(const std::string& sql, int index = 0) {
        std::vector<std::string> values;
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
            ADD_FAILURE() << sql << ": " << sqlite3_errmsg(db_);
            return values;
        }
        int rc;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            const unsigned char* text = sqlite3_column_text(stmt, index);
            values.emplace_back(text ? reinterpret_cast<const char*>(text) : "NULL");
        }
        if (rc != SQLITE_DONE) ADD_FAILURE() << sql << ": " << sqlite3_errmsg(db_);
        sqlite3_finalize(stmt);
        return values;
    }
    // EXPLAIN QUERY PLAN's details, one line each.
    std::string plan(const std::string& sql) {
        std::string text;
        for (const std::string& line : column("EXPLAIN QUERY PLAN " + sql, 3)) text += line + "\n";
        return text;
    }

  private:
    sqlite3* db_ = nullptr;
};

inline GameRow full_game(const std::string& id) {
    GameRow g;
    g.id = id;
    g.white_token_hash = sha256_hex("white seat of " + id);
    g.black_token_hash = "";
    g.opponent = "engine";
    g.level = 7;
    g.engine_color = "black";
    g.start_number = 518;
    g.start_black_number = 959;
    g.initial_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    g.clock_initial_ms = 5'400'000;
    g.clock_increment_ms = 30'000;
    g.white_ms = 4'000'000'123;  // beyond 32 bits: the columns are 64-bit
    g.black_ms = 5'399'999;
    g.clock_running = "white";
    g.clock_at = 1'763'000'000'456;
    g.draw_offer = "black";
    g.takeback = "white";
    g.event_id = "fedcba9876543210";
    g.result = "*";
    g.termination = std::nullopt;
    g.plies = 0;
    g.created_at = 1'763'000'000'000;
    g.updated_at = 1'763'000'000'456;
    return g;
}

// A game with every optional column absent.
inline GameRow bare_game(const std::string& id) {
    GameRow g;
    g.id = id;
    g.white_token_hash = sha256_hex("white of " + id);
    g.black_token_hash = sha256_hex("black of " + id);
    g.opponent = "friend";
    g.initial_fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    g.white_ms = 0;
    g.black_ms = 0;
    g.clock_at = 0;
    g.result = "1/2-1/2";
    g.termination = "agreement";
    g.created_at = 1'700'000'000'000;
    g.updated_at = 1'700'000'100'000;
    return g;
}

inline void expect_same(const GameRow& a, const GameRow& b) {
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.white_token_hash, b.white_token_hash);
    EXPECT_EQ(a.black_token_hash, b.black_token_hash);
    EXPECT_EQ(a.opponent, b.opponent);
    EXPECT_EQ(a.level, b.level);
    EXPECT_EQ(a.engine_color, b.engine_color);
    EXPECT_EQ(a.start_number, b.start_number);
    EXPECT_EQ(a.start_black_number, b.start_black_number);
    EXPECT_EQ(a.initial_fen, b.initial_fen);
    EXPECT_EQ(a.clock_initial_ms, b.clock_initial_ms);
    EXPECT_EQ(a.clock_increment_ms, b.clock_increment_ms);
    EXPECT_EQ(a.white_ms, b.white_ms);
    EXPECT_EQ(a.black_ms, b.black_ms);
    EXPECT_EQ(a.clock_running, b.clock_running);
    EXPECT_EQ(a.clock_at, b.clock_at);
    EXPECT_EQ(a.draw_offer, b.draw_offer);
    EXPECT_EQ(a.takeback, b.takeback);
    EXPECT_EQ(a.event_id, b.event_id);
    EXPECT_EQ(a.clock_per_move_ms, b.clock_per_move_ms);
    EXPECT_EQ(a.result, b.result);
    EXPECT_EQ(a.termination, b.termination);
    EXPECT_EQ(a.plies, b.plies);
    EXPECT_EQ(a.created_at, b.created_at);
    EXPECT_EQ(a.updated_at, b.updated_at);
}

inline void expect_same(const MoveRow& a, const MoveRow& b) {
    EXPECT_EQ(a.ply, b.ply);
    EXPECT_EQ(a.uci, b.uci);
    EXPECT_EQ(a.san, b.san);
    EXPECT_EQ(a.fen, b.fen);
    EXPECT_EQ(a.created_at, b.created_at);
}

// Real moves: `count` plies from start position `number`, chosen by a fixed rule so each start
// position gives its own short game.
inline std::vector<MoveRow> real_moves(int number, int count, std::int64_t time) {
    std::vector<MoveRow> moves;
    auto start = startpos::position(number);
    if (!start) {
        ADD_FAILURE() << "no start position " << number;
        return moves;
    }
    Position pos = *start;
    for (int ply = 1; ply <= count; ++ply) {
        const MoveList legal = pos.legal_moves();
        if (legal.size() == 0) break;  // the game is over (mate or stalemate) before `count`
        const Move m = legal.begin()[(number * 7 + ply * 3) % legal.size()];
        MoveRow row;
        row.ply = ply;
        row.uci = to_uci(pos, m, CastlingMode::Chess960);
        row.san = to_san(pos, m);
        pos.play(m);
        row.fen = write_fen(pos);
        row.created_at = time + ply;
        moves.push_back(row);
    }
    return moves;
}

// The row a game has after `move`: what the server would store with it.
inline GameChange move_change(GameRow row, const MoveRow& move) {
    row.plies = move.ply;
    row.updated_at = move.created_at;
    row.clock_running = move.ply % 2 ? "black" : "white";
    return GameChange{std::move(row), move};
}

// An event row with a made-up secret and commitment.
inline EventRow an_event(const std::string& id, const std::string& name, int rounds) {
    EventRow event;
    event.id = id;
    event.name = name;
    event.rounds = rounds;
    event.secret = std::string(64, 'a');
    event.commitment = std::string(64, 'b');
    event.organiser_token_hash = sha256_hex("organiser");
    return event;
}

inline AccountRow an_account(const std::string& id, const std::string& name) {
    AccountRow a;
    a.id = id;
    a.name = name;
    a.name_key = "key:" + name;  // the service's skeleton; any unique text here
    a.password_hash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA";
    a.display_name = name + " the player";
    a.language = "de";
    a.theme = "dark";
    a.created_at = 1'763'000'000'000;
    return a;
}

class StoreTest : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern = (fs::path(::testing::TempDir()) / "store_test_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr) << "mkdtemp " << pattern;
        dir_ = pattern;
        path_ = dir_ + "/chess960.db";
    }
    void TearDown() override {
        // Undo what a test did to make things unwritable, then remove everything.
        chmod(dir_.c_str(), 0700);
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }

    // Opens the store on `path` and returns StoreError's message ("" if it opened).
    static std::string open_error(const std::string& path) {
        try {
            const auto store = open_store(path);
        } catch (const StoreError& e) {
            std::cout << "StoreError: " << e.what() << "\n";
            return e.what();
        }
        return "";
    }

    std::string dir_;
    std::string path_;
};

// The tests of what a store keeps and refuses run on both back ends: SQLite on a file in the
// test's directory, PostgreSQL in a schema of its own (tests/postgres_test_db.hpp; skipped
// without CHESS960_TEST_POSTGRES, which the store_tests_postgres run sets under pg_virtualenv).
// Its tests are in several files; game_store_test.cpp instantiates it once for all of them, as
// Sqlite/StoreBackendTest.* and Postgres/StoreBackendTest.* (the filter store_tests_postgres
// runs).
enum class Backend { Sqlite, Postgres };

class StoreBackendTest : public StoreTest, public ::testing::WithParamInterface<Backend> {
  protected:
    void SetUp() override {
        StoreTest::SetUp();
        if (!postgres()) {
            db_ = path_;
            return;
        }
        const std::string uri = test::postgres_test_uri();
        if (uri.empty())
            GTEST_SKIP() << "no PostgreSQL to test on: set CHESS960_TEST_POSTGRES (ctest runs "
                            "these under pg_virtualenv: store_tests_postgres)";
        schema_.emplace(uri);
        db_ = schema_->uri();
    }
    void TearDown() override {
        schema_.reset();
        StoreTest::TearDown();
    }

    bool postgres() const { return GetParam() == Backend::Postgres; }
    // The test's own SQL on the store's database: column 0 of every row.
    std::vector<std::string> column(const std::string& sql) {
        if (postgres()) return test::PgRaw(db_).column(sql);
        return RawDatabase(path_).column(sql);
    }
    void exec(const std::string& sql) {
        if (postgres())
            test::PgRaw(db_).exec(sql);
        else
            RawDatabase(path_).exec(sql);
    }

    std::string db_;  // what Store is given: the file's path or the schema's URI
    std::optional<test::PgTestSchema> schema_;
};

}  // namespace chess960::server::store_test
