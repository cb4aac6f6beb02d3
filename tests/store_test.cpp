// The game store on real SQLite files: what it keeps and gives back, the databases it refuses
// to start on (damaged, read-only, newer, not a database), the migration from version 1, the
// indexes behind load_in_play and recent_games, and the seat-token secrets.
#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <iostream>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "postgres_test_db.hpp"
#include "store/account_store.hpp"
#include "store/checkpointer.hpp"
#include "store/event_store.hpp"
#include "store/migration.hpp"
#include "store/open.hpp"
#include "store/postgres_connection.hpp"
#include "store/secrets.hpp"
#include "store/sqlite_schema.hpp"
#include "store/store.hpp"
#include "store/writer.hpp"

namespace chess960::server {
namespace {

namespace fs = std::filesystem;

// The user the read-only tests drop to when they run as root (nobody on Debian).
constexpr uid_t kUnprivileged = 65534;

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// What version 7 adds (the paired events), taken away again: a database of an older version is
// made from a new one by undoing each later version.
// Version 9's tables, dropped to build a version 8 database (and, before kUndoVersion8, older).
// Version 12's column, dropped to build a version 11 database (and, before kUndoVersion11, older).
constexpr const char* kUndoVersion12[] = {
    "DROP INDEX account_games_second_seek",
    "ALTER TABLE account_games DROP COLUMN second_seek_id",
};

// Version 11's column, dropped to build a version 10 database (and, before kUndoVersion10, older).
constexpr const char* kUndoVersion11[] = {
    "DROP INDEX event_players_account",
    "ALTER TABLE event_players DROP COLUMN account_id",
};

// Version 10's tables and column, dropped to build a version 9 database (and, before
// kUndoVersion9, older).
constexpr const char* kUndoVersion10[] = {
    "DROP TABLE lobby_presence",
    "DROP TABLE lobby_servers",
    "DROP INDEX seeks_quick",
    "ALTER TABLE seeks DROP COLUMN quick",
};

constexpr const char* kUndoVersion9[] = {
    "DROP TABLE account_games",
    "DROP TABLE seeks",
    "DROP TABLE ratings",
    "ALTER TABLE games DROP COLUMN clock_per_move_ms",
};

// Version 8's tables, dropped to build a version 7 database (and, before kUndoVersion7, older).
constexpr const char* kUndoVersion8[] = {
    "DROP TABLE invitations",
    "DROP TABLE account_sessions",
    "DROP TABLE accounts",
};

constexpr const char* kUndoVersion7[] = {
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

GameRow full_game(const std::string& id) {
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
GameRow bare_game(const std::string& id) {
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

void expect_same(const GameRow& a, const GameRow& b) {
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

void expect_same(const MoveRow& a, const MoveRow& b) {
    EXPECT_EQ(a.ply, b.ply);
    EXPECT_EQ(a.uci, b.uci);
    EXPECT_EQ(a.san, b.san);
    EXPECT_EQ(a.fen, b.fen);
    EXPECT_EQ(a.created_at, b.created_at);
}

// Real moves: `count` plies from start position `number`, chosen by a fixed rule so each start
// position gives its own short game.
std::vector<MoveRow> real_moves(int number, int count, std::int64_t time) {
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

INSTANTIATE_TEST_SUITE_P(Sqlite, StoreBackendTest, ::testing::Values(Backend::Sqlite));
INSTANTIATE_TEST_SUITE_P(Postgres, StoreBackendTest, ::testing::Values(Backend::Postgres));

// ---- Secrets ----

TEST(Secrets, RandomHexHasTwoDigitsPerByteAndDiffersEachTime) {
    EXPECT_EQ(random_hex(0), "");
    for (int bytes : {1, 16, 32}) {
        const std::string hex = random_hex(bytes);
        EXPECT_EQ(hex.size(), std::size_t(2 * bytes));
        EXPECT_EQ(hex.find_first_not_of("0123456789abcdef"), std::string::npos) << hex;
    }
    std::set<std::string> seen;
    for (int i = 0; i < 10'000; ++i) seen.insert(random_hex(16));
    EXPECT_EQ(seen.size(), 10'000u);
    EXPECT_THROW(random_hex(-1), std::invalid_argument);
}

TEST(Secrets, Sha256HexIsTheStandardDigest) {
    // FIPS 180-2, appendix B.1 and the empty message.
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex(std::string_view("a\0b", 3)).size(), 64u);
    EXPECT_NE(sha256_hex(std::string_view("a\0b", 3)), sha256_hex("a"));
}

TEST(Secrets, TokenMatchesOnlyItsOwnHash) {
    const std::string token = random_hex(16);
    const std::string hash = sha256_hex(token);
    EXPECT_TRUE(token_matches(token, hash));
    EXPECT_FALSE(token_matches(random_hex(16), hash));
    std::string one_digit_off = token;
    one_digit_off.back() = one_digit_off.back() == '0' ? '1' : '0';
    EXPECT_FALSE(token_matches(one_digit_off, hash));
    EXPECT_FALSE(token_matches(hash, hash));  // the hash is not a token
    // An empty hash is the engine's seat: no token holds it, not even an empty one.
    EXPECT_FALSE(token_matches(token, ""));
    EXPECT_FALSE(token_matches("", ""));
    EXPECT_FALSE(token_matches("", sha256_hex("")));
    EXPECT_FALSE(token_matches(token, hash.substr(0, 63)));
}

// ---- What the store keeps ----

TEST_P(StoreBackendTest, EveryColumnRoundTripsIncludingTheOptionalOnes) {
    GameRow full = full_game("full");
    const GameRow bare = bare_game("bare");
    {
        const auto store = open_store(db_);
        store->insert_game(full);
        store->insert_game(bare);
    }
    const auto store = open_store(db_);  // from the file, not from a cache
    auto loaded_full = store->load_game("full");
    auto loaded_bare = store->load_game("bare");
    ASSERT_TRUE(loaded_full && loaded_bare);
    expect_same(loaded_full->game, full);
    expect_same(loaded_bare->game, bare);
    EXPECT_TRUE(loaded_full->moves.empty());
    EXPECT_FALSE(loaded_bare->game.level.has_value());
    EXPECT_FALSE(loaded_bare->game.clock_running.has_value());

    // update_game writes every column, an optional one back to absent included.
    full.level = std::nullopt;
    full.draw_offer = std::nullopt;
    full.white_ms = 12;
    full.result = "0-1";
    full.termination = "resignation";
    full.updated_at += 1000;
    store->update_game(full);
    expect_same(store->load_game("full")->game, full);
}

TEST_P(StoreBackendTest, AddMoveKeepsTheMovesInOrderAndSetsPlies) {
    const auto store = open_store(db_);
    GameRow game = full_game("g1");
    store->insert_game(game);
    const std::vector<MoveRow> moves = real_moves(518, 3, game.created_at);
    for (const MoveRow& move : moves) {
        game.white_ms -= 1000;
        game.clock_running = move.ply % 2 ? "black" : "white";
        game.updated_at = move.created_at;
        game.plies = 0;  // add_move sets it from the move, whatever the row says
        store->add_move(game, move);
    }
    auto loaded = store->load_game("g1");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->game.plies, 3);
    EXPECT_EQ(loaded->game.white_ms, game.white_ms);
    EXPECT_EQ(loaded->game.clock_running, game.clock_running);
    ASSERT_EQ(loaded->moves.size(), moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) expect_same(loaded->moves[i], moves[i]);
}

TEST_P(StoreBackendTest, BadWritesThrowAndLeaveNothingBehind) {
    const auto store = open_store(db_);
    store->insert_game(full_game("g1"));
    EXPECT_THROW(store->insert_game(full_game("g1")), StoreError);  // the id is taken
    EXPECT_THROW(store->update_game(full_game("nobody")), StoreError);
    const MoveRow move = real_moves(0, 1, 5)[0];
    EXPECT_THROW(store->add_move(full_game("nobody"), move), StoreError);
    store->add_move(full_game("g1"), move);
    GameRow changed = full_game("g1");
    changed.result = "1-0";
    EXPECT_THROW(store->add_move(changed, move), StoreError);  // ply 1 is there already
    // The failed add_move is rolled back as a whole: the game row is untouched.
    EXPECT_EQ(store->load_game("g1")->game.result, "*");
    EXPECT_EQ(store->load_game("g1")->moves.size(), 1u);
    // import_games is all or nothing too.
    std::vector<StoredGame> batch{{bare_game("new1"), {}}, {bare_game("g1"), {}}};
    EXPECT_THROW(store->import_games(batch), StoreError);
    EXPECT_FALSE(store->load_game("new1"));
    EXPECT_THROW(store->recent_games(-1), std::invalid_argument);
}

TEST_F(StoreTest, TheFileHoldsTheTokensHashNeverTheToken) {
    const std::string white_token = random_hex(16), black_token = random_hex(16);
    {
        const auto store = open_store(path_);
        GameRow game = bare_game("g1");
        game.white_token_hash = sha256_hex(white_token);
        game.black_token_hash = sha256_hex(black_token);
        store->insert_game(game);
        const GameRow loaded = store->load_game("g1")->game;
        EXPECT_TRUE(token_matches(white_token, loaded.white_token_hash));
        EXPECT_TRUE(token_matches(black_token, loaded.black_token_hash));
    }
    // Closed: the WAL is checkpointed into the file and removed.
    EXPECT_FALSE(fs::exists(path_ + "-wal"));
    const std::string bytes = read_bytes(path_);
    EXPECT_NE(bytes.find(sha256_hex(white_token)), std::string::npos);  // the search works
    EXPECT_EQ(bytes.find(white_token), std::string::npos);
    EXPECT_EQ(bytes.find(black_token), std::string::npos);
}

TEST_P(StoreBackendTest, LoadInPlayReturnsOnlyTheGamesStillInPlay) {
    const auto store = open_store(db_);
    std::vector<StoredGame> games;
    auto add = [&](const std::string& id, const std::string& result,
                   std::optional<std::string> termination, std::int64_t created) {
        GameRow g = bare_game(id);
        g.result = result;
        g.termination = std::move(termination);
        g.created_at = created;
        games.push_back(StoredGame{g, real_moves(int(created % 960), 2, created)});
    };
    add("playing-late", "*", std::nullopt, 300);
    add("mated", "1-0", "checkmate", 100);
    add("aborted", "*", "aborted", 150);  // no result, but over
    add("playing-early", "*", std::nullopt, 200);
    add("drawn", "1/2-1/2", "agreement", 250);
    store->import_games(games);

    const std::vector<StoredGame> in_play = store->load_in_play();
    ASSERT_EQ(in_play.size(), 2u);
    EXPECT_EQ(in_play[0].game.id, "playing-early");  // oldest first
    EXPECT_EQ(in_play[1].game.id, "playing-late");
    for (const StoredGame& stored : in_play) {
        EXPECT_TRUE(stored.game.in_play());
        EXPECT_EQ(stored.game.plies, 2);
        ASSERT_EQ(stored.moves.size(), 2u);
        EXPECT_EQ(stored.moves[1].ply, 2);
    }

    // A finished game is still there when asked for by id, with its moves.
    auto mated = store->load_game("mated");
    ASSERT_TRUE(mated);
    EXPECT_EQ(mated->game.result, "1-0");
    EXPECT_EQ(mated->game.termination, "checkmate");
    EXPECT_EQ(mated->moves.size(), 2u);
    EXPECT_FALSE(store->load_game("no-such-game"));
}

TEST_P(StoreBackendTest, RecentGamesAreTheNewestFirstUpToTheLimit) {
    const auto store = open_store(db_);
    std::vector<StoredGame> games;
    // updated_at deliberately out of insertion order, with one tie (broken by id, descending).
    const std::vector<std::pair<std::string, std::int64_t>> rows = {
        {"a", 50}, {"b", 10}, {"c", 40}, {"d", 30}, {"e", 40}, {"f", 20}};
    for (const auto& [id, updated] : rows) {
        GameRow g = bare_game(id);
        g.updated_at = updated;
        games.push_back(StoredGame{g, real_moves(int(updated), 1, updated)});
    }
    store->import_games(games);
    auto ids = [](const std::vector<GameRow>& list) {
        std::string text;
        for (const GameRow& g : list) text += g.id;
        return text;
    };
    EXPECT_EQ(ids(store->recent_games(4)), "aecd");
    EXPECT_EQ(ids(store->recent_games(100)), "aecdfb");
    EXPECT_EQ(ids(store->recent_games(0)), "");
    const std::vector<GameRow> one = store->recent_games(1);
    ASSERT_EQ(one.size(), 1u);
    expect_same(one[0], store->load_game("a")->game);
}

// A read that fails is an error, never "no more rows" (a game loaded without its moves).
TEST_F(StoreTest, AReadErrorWhileLoadingThrows) {
    const auto store = open_store(path_);
    GameRow playing = bare_game("playing");
    playing.result = "*";
    playing.termination = std::nullopt;
    store->import_games({{playing, real_moves(1, 3, 1)}, {bare_game("over"), real_moves(2, 3, 2)}});
    ASSERT_EQ(store->load_in_play().size(), 1u);
    {
        // Damage the running database: the moves table (a WITHOUT ROWID table, an index b-tree
        // inside) gets the games table's root page (a table b-tree), which SQLite reports as
        // corruption when it reads it.
        RawDatabase db(path_);
        const std::string games_root =
            db.column("SELECT rootpage FROM sqlite_schema WHERE name = 'games'")[0];
        const int schema_version = std::stoi(db.column("PRAGMA schema_version")[0]);
        db.exec("PRAGMA writable_schema=ON");
        db.exec("UPDATE sqlite_schema SET rootpage = " + games_root + " WHERE name = 'moves'");
        db.exec("PRAGMA schema_version=" + std::to_string(schema_version + 1));
    }
    for (const auto& load : std::vector<std::function<void()>>{[&] { store->load_in_play(); },
                                                               [&] { store->load_game("over"); }}) {
        try {
            load();
            ADD_FAILURE() << "loaded moves from a damaged table";
        } catch (const StoreError& e) {
            std::cout << "StoreError: " << e.what() << "\n";
            EXPECT_NE(std::string(e.what()).find(path_ + ": the database is damaged"),
                      std::string::npos)
                << e.what();
        }
    }
}

// The plans of the very SQL the store runs (sqlite_schema.hpp): both lists read an index, in the
// order asked for, and the in-play one reads the partial index of the games in play only.
TEST_F(StoreTest, InPlayAndRecentGamesAreReadFromTheirIndexes) {
    { const auto store = open_store(path_); }
    RawDatabase db(path_);
    const std::string in_play = db.plan(schema::kSelectInPlay);
    EXPECT_NE(in_play.find("USING INDEX games_in_play"), std::string::npos) << in_play;
    EXPECT_EQ(in_play.find("TEMP B-TREE"), std::string::npos) << in_play;
    const std::string recent = db.plan(schema::kSelectRecent);
    EXPECT_NE(recent.find("USING INDEX games_recent"), std::string::npos) << recent;
    EXPECT_EQ(recent.find("TEMP B-TREE"), std::string::npos) << recent;
    const std::string moves = db.plan(schema::kSelectMoves);
    EXPECT_NE(moves.find("USING PRIMARY KEY (game_id=?)"), std::string::npos) << moves;
    std::cout << "in play: " << in_play << "recent: " << recent << "moves: " << moves;
}

TEST_F(StoreTest, TheDatabaseAndItsWalAreCreatedOwnerOnly) {
    const mode_t old_umask = umask(0);  // a umask cannot be what keeps the file private
    {
        const auto store = open_store(path_);
        store->insert_game(full_game("g1"));
        for (const std::string& file : {path_, path_ + "-wal", path_ + "-shm"}) {
            struct stat info {};
            ASSERT_EQ(stat(file.c_str(), &info), 0) << file;
            EXPECT_EQ(info.st_mode & 07777, 0600u) << file;
        }
    }
    umask(old_umask);
}

// ---- Databases the store refuses ----

TEST_F(StoreTest, ADamagedDatabaseIsRefused) {
    {
        const auto store = open_store(path_);
        std::vector<StoredGame> games;
        for (int i = 0; i < 400; ++i) {
            GameRow g = bare_game("game-" + std::to_string(i));
            games.push_back(StoredGame{g, real_moves(i, 4, i)});
        }
        store->import_games(games);
    }
    ASSERT_FALSE(fs::exists(path_ + "-wal"));
    const std::string whole = read_bytes(path_);
    constexpr std::size_t kPage = 4096;  // SQLite's default page size
    const std::size_t pages = whole.size() / kPage;
    ASSERT_GT(pages, 20u) << "too small a database to damage in the middle";
    {
        // Four whole pages in the middle of the file become noise, as a failing disk might
        // leave them; the header (page 1) stays intact, so SQLite still opens the file.
        std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
        std::mt19937 noise(960);
        std::string garbage(4 * kPage, '\0');
        for (char& c : garbage) c = char(noise());
        file.seekp(std::streamoff(pages / 2 * kPage));
        file.write(garbage.data(), std::streamsize(garbage.size()));
    }
    const std::string message = open_error(path_);
    EXPECT_NE(message.find(path_ + ": the database is damaged"), std::string::npos) << message;
    EXPECT_NE(message.find("Restore it from a backup"), std::string::npos) << message;
}

TEST_F(StoreTest, AFileThatIsNotADatabaseIsRefused) {
    {
        std::ofstream file(path_, std::ios::binary);
        std::mt19937 noise(1);
        for (int i = 0; i < 64 * 1024; ++i) file.put(char(noise()));
    }
    std::string message = open_error(path_);
    EXPECT_NE(message.find(path_ + ": the file is not an SQLite database"), std::string::npos)
        << message;
    {
        std::ofstream file(path_, std::ios::binary | std::ios::trunc);
        file << "[Event \"a PGN file given as the database\"]\n\n1. e4 e5 *\n";
    }
    message = open_error(path_);
    EXPECT_NE(message.find(path_ + ": the file is not an SQLite database"), std::string::npos)
        << message;
    // The garbage is left as it was: refusing never overwrites.
    EXPECT_EQ(read_bytes(path_).substr(0, 7), "[Event ");
}

TEST_F(StoreTest, AnotherProgramsDatabaseIsRefused) {
    {
        RawDatabase db(path_);
        db.exec("CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT)");
    }
    const std::string message = open_error(path_);
    EXPECT_NE(message.find("not a chess960 one"), std::string::npos) << message;
}

TEST_P(StoreBackendTest, ANewerSchemaIsRefused) {
    { const auto store = open_store(db_); }
    const std::string newer = std::to_string(Store::kSchemaVersion + 1);
    exec(postgres() ? "UPDATE chess960_schema SET version = " + newer
                    : "PRAGMA user_version=" + newer);
    const std::string message = open_error(db_);
    EXPECT_NE(
        message.find(db_ + ": the database has schema version " + newer +
                     ", newer than this program's (" + std::to_string(Store::kSchemaVersion) + ")"),
        std::string::npos)
        << message;
    // Untouched: the newer program can still use it.
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{newer});
}

TEST_F(StoreTest, AMissingDirectoryOrADirectoryAsTheFileIsRefused) {
    std::string message = open_error(dir_ + "/no-such-dir/chess960.db");
    EXPECT_NE(message.find("no-such-dir/chess960.db: cannot create the database"),
              std::string::npos)
        << message;
    message = open_error(dir_);
    EXPECT_NE(message.find(dir_ + ": not a regular file"), std::string::npos) << message;
}

// Root ignores file permissions, so a read-only test run as root opens the store in a child
// process that has dropped to an unprivileged user (allowed to root); as another user, the child
// just keeps its identity. The child reports StoreError's message through a pipe.
struct ChildOutcome {
    bool opened = false;
    std::string error;
};

ChildOutcome open_in_unprivileged_child(const std::string& path) {
    int fds[2];
    if (pipe(fds) != 0) {
        ADD_FAILURE() << "pipe failed";
        return {};
    }
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        std::string report;
        if (geteuid() == 0 && (setgroups(0, nullptr) != 0 || setgid(kUnprivileged) != 0 ||
                               setuid(kUnprivileged) != 0)) {
            report = "Xcannot drop to uid 65534";
        } else {
            try {
                const auto store = open_store(path);
                report = "O";
            } catch (const StoreError& e) {
                report = std::string("E") + e.what();
            } catch (const std::exception& e) {
                report = std::string("Xnot a StoreError: ") + e.what();
            }
        }
        const ssize_t written = write(fds[1], report.data(), report.size());
        _exit(written == ssize_t(report.size()) ? 0 : 1);
    }
    close(fds[1]);
    std::string report;
    char buffer[4096];
    ssize_t n;
    while ((n = read(fds[0], buffer, sizeof buffer)) > 0) report.append(buffer, std::size_t(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child failed";
    ChildOutcome outcome;
    if (report.starts_with("O")) {
        outcome.opened = true;
    } else if (report.starts_with("E")) {
        outcome.error = report.substr(1);
        std::cout << "StoreError (uid " << (geteuid() == 0 ? kUnprivileged : geteuid())
                  << "): " << outcome.error << "\n";
    } else {
        ADD_FAILURE() << "child: " << report.substr(report.empty() ? 0 : 1);
    }
    return outcome;
}

class ReadOnlyTest : public StoreTest {
  protected:
    void SetUp() override {
        StoreTest::SetUp();
        // The unprivileged child must be able to reach the temporary directory.
        if (geteuid() == 0) {
            for (fs::path p = fs::path(dir_).parent_path(); !p.empty(); p = p.parent_path()) {
                struct stat info {};
                if (stat(p.c_str(), &info) == 0 && !(info.st_mode & S_IXOTH))
                    GTEST_SKIP() << p << " is not searchable by other users, so the "
                                 << "unprivileged child cannot reach the test's files (set "
                                    "TEST_TMPDIR to a directory under /tmp)";
                if (p == p.root_path()) break;
            }
        }
        { const auto store = open_store(path_); }
        hand_over(dir_);
        hand_over(path_);
        chmod(dir_.c_str(), 0700);
    }
    // Files the test makes unwritable belong to the child's user, as the server's would.
    static void hand_over(const std::string& path) {
        if (geteuid() == 0) {
            ASSERT_EQ(chown(path.c_str(), kUnprivileged, kUnprivileged), 0) << path;
        }
    }
};

TEST_F(ReadOnlyTest, AReadOnlyFileIsRefused) {
    // The same file and user open when the file is writable: what refuses is the mode.
    EXPECT_TRUE(open_in_unprivileged_child(path_).opened);
    ASSERT_EQ(chmod(path_.c_str(), 0400), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the database is read-only"), std::string::npos)
        << outcome.error;
    EXPECT_NE(outcome.error.find("writable"), std::string::npos) << outcome.error;
}

TEST_F(ReadOnlyTest, AReadOnlyDirectoryIsRefused) {
    EXPECT_TRUE(open_in_unprivileged_child(path_).opened);
    ASSERT_EQ(chmod(dir_.c_str(), 0500), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the directory " + dir_ + " is read-only"),
              std::string::npos)
        << outcome.error;
    EXPECT_NE(outcome.error.find("chess960.db-wal"), std::string::npos) << outcome.error;
}

TEST_F(ReadOnlyTest, AnUnreadableFileIsRefused) {
    ASSERT_EQ(chmod(path_.c_str(), 0200), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the database cannot be read"), std::string::npos)
        << outcome.error;
}

// What access() on the file and the directory cannot see: a -wal file left by another user,
// which SQLite opens read-only. The write the store tries at start-up finds it.
TEST_F(ReadOnlyTest, AWalFileTheServerCannotWriteIsRefused) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root, to leave a -wal file of another user";
    {
        std::ofstream wal(path_ + "-wal", std::ios::binary);  // root's, mode 0644
    }
    ASSERT_EQ(chmod((path_ + "-wal").c_str(), 0644), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the database "), std::string::npos) << outcome.error;
}

// ---- The migration from version 1 ----

TEST_F(StoreTest, AVersion1DatabaseIsMigratedInPlaceAndItsTokensStillWork) {
    // A version 1 database as the old store made it: its own SQL, plain tokens.
    struct OldGame {
        std::string id, white_token, black_token;
        bool in_play;
        int plies;
    };
    std::vector<OldGame> old_games;
    {
        RawDatabase db(path_);
        db.exec("PRAGMA journal_mode=WAL");
        db.exec(schema::kMigrations[0]);
        db.exec("PRAGMA user_version=1");
        db.exec("BEGIN");
        for (int i = 0; i < 200; ++i) {
            const bool engine = i % 3 == 0;  // the engine's seat had an empty token
            OldGame old{"old" + std::to_string(i), random_hex(16), engine ? "" : random_hex(16),
                        i == 77, i % 5};
            std::ostringstream sql;
            sql << "INSERT INTO games VALUES('" << old.id << "','" << old.white_token << "','"
                << old.black_token << "','" << (engine ? "engine" : "friend") << "',"
                << (engine ? "3" : "NULL") << "," << (engine ? "'black'" : "NULL")
                << ",518,NULL,'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1',"
                << "60000,1000,60000,60000," << (old.in_play ? "'white'" : "NULL") << ",0,NULL,"
                << (old.in_play ? "'*'" : "'1-0'") << "," << (old.in_play ? "NULL" : "'time'")
                << "," << i << "," << 1000 + i << ")";
            db.exec(sql.str());
            for (const MoveRow& m : real_moves(i, old.plies, i))
                db.exec("INSERT INTO moves VALUES('" + old.id + "'," + std::to_string(m.ply) +
                        ",'" + m.uci + "','" + m.san + "','" + m.fen + "'," +
                        std::to_string(m.created_at) + ")");
            old_games.push_back(old);
        }
        db.exec("COMMIT");
    }
    // The plain tokens are in the old file (so their absence later means something).
    ASSERT_NE(read_bytes(path_).find(old_games[1].white_token), std::string::npos);

    // No plain token is left anywhere in the files, free space included.
    auto expect_no_plain_token = [&] {
        const std::string bytes = read_bytes(path_) + read_bytes(path_ + "-wal");
        for (const OldGame& old : old_games) {
            EXPECT_EQ(bytes.find(old.white_token), std::string::npos) << old.id;
            if (!old.black_token.empty()) {
                EXPECT_EQ(bytes.find(old.black_token), std::string::npos) << old.id;
            }
        }
    };

    {
        const auto store = open_store(path_);
        expect_no_plain_token();  // already while the server runs, not only once it stops
        const std::vector<StoredGame> in_play = store->load_in_play();
        ASSERT_EQ(in_play.size(), 1u);
        const OldGame& playing = old_games[77];
        EXPECT_EQ(in_play[0].game.id, playing.id);
        EXPECT_EQ(in_play[0].game.plies, playing.plies);
        EXPECT_EQ(in_play[0].moves.size(), std::size_t(playing.plies));
        EXPECT_EQ(in_play[0].game.clock_running, "white");
        EXPECT_TRUE(token_matches(playing.white_token, in_play[0].game.white_token_hash));
        EXPECT_TRUE(token_matches(playing.black_token, in_play[0].game.black_token_hash));
        for (const OldGame& old : old_games) {
            auto stored = store->load_game(old.id);
            ASSERT_TRUE(stored) << old.id;
            EXPECT_EQ(stored->game.white_token_hash, sha256_hex(old.white_token));
            // The engine's seat stays empty, which no token matches.
            EXPECT_EQ(stored->game.black_token_hash,
                      old.black_token.empty() ? "" : sha256_hex(old.black_token));
            EXPECT_EQ(stored->game.plies, old.plies);
            EXPECT_EQ(stored->moves.size(), std::size_t(old.plies));
        }
    }
    RawDatabase db(path_);
    EXPECT_EQ(db.column("PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    const std::vector<std::string> columns = db.column("PRAGMA table_info(games)", 1);
    EXPECT_EQ(std::count(columns.begin(), columns.end(), "white_token"), 0);
    EXPECT_EQ(std::count(columns.begin(), columns.end(), "white_token_hash"), 1);
    expect_no_plain_token();
}

// ---- The migration from version 2 (events) ----

TEST_F(StoreTest, AVersion2DatabaseGainsTheEventTablesAndKeepsItsGames) {
    // A version 2 database: what the store makes now, less version 3's tables (which is
    // exactly what migrations 1 and 2 make), holding a game.
    GameRow playing = full_game("playing");
    playing.takeback.reset();  // version 5's column
    playing.event_id.reset();  // version 6's
    {
        const auto store = open_store(path_);
        store->insert_game(playing);
    }
    {
        RawDatabase db(path_);
        for (const char* sql : kUndoVersion12) db.exec(sql);
        for (const char* sql : kUndoVersion11) db.exec(sql);
        for (const char* sql : kUndoVersion10) db.exec(sql);
        for (const char* sql : kUndoVersion9) db.exec(sql);
        for (const char* sql : kUndoVersion8) db.exec(sql);
        for (const char* sql : kUndoVersion7) db.exec(sql);
        db.exec("ALTER TABLE games DROP COLUMN takeback");
        db.exec("ALTER TABLE games DROP COLUMN event_id");
        db.exec("DROP TABLE event_boards");
        db.exec("DROP TABLE event_rounds");
        db.exec("DROP TABLE events");
        for (const char* column : {"white_ms", "black_ms", "clock_running", "clock_at"})
            db.exec(std::string("ALTER TABLE moves DROP COLUMN ") + column);
        db.exec("PRAGMA user_version=2");
    }
    {
        const auto store = open_store(path_);
        auto stored = store->load_game("playing");
        ASSERT_TRUE(stored);
        expect_same(stored->game, playing);
        const auto events = open_event_store(path_);
        EventRow row;
        row.id = "0123456789abcdef";
        row.name = "After the upgrade";
        row.rounds = 2;
        row.secret = std::string(64, 'a');
        row.commitment = std::string(64, 'b');
        row.organiser_token_hash = sha256_hex("organiser");
        events->insert_event(row);
        EXPECT_TRUE(events->load_event(row.id));
    }
    RawDatabase db(path_);
    EXPECT_EQ(db.column("PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    EXPECT_EQ(db.column("SELECT name FROM events"), std::vector<std::string>{"After the upgrade"});
}

// ---- The event store ----

TEST_P(StoreBackendTest, AnEventItsRoundsAndBoardsRoundTrip) {
    { const auto store = open_store(db_); }  // creates and migrates the file
    const auto events = open_event_store(db_);
    EventRow e;
    e.id = "00000000000000e1";
    e.name = "Café Open — 2025";
    e.rounds = 7;
    e.excluded = {0, 518, 534, 959};
    e.allow_repeats = true;
    e.double960 = true;
    e.clock_initial_ms = 5'400'000;
    e.clock_increment_ms = 30'000;
    e.secret = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    e.commitment = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
    e.organiser_token_hash = sha256_hex("the organiser");
    e.created_at = 1'763'000'000'000;
    events->insert_event(e);

    EventRoundRow r;
    r.round = 1;
    r.entropy = "3 5 2 6";
    r.reveal_at = 1'763'000'100'000;
    r.start_at = 1'763'000'700'000;
    r.created_at = 1'763'000'000'500;
    r.boards = {{1, "Ann", "Bob", sha256_hex("a"), sha256_hex("b"), "00000000000000a1", {}, {}},
                {2, "Cy", "Di", sha256_hex("c"), sha256_hex("d"), "00000000000000a2", {}, {}}};
    events->insert_round(e.id, r);

    auto pending = events->pending_rounds();
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_EQ(pending[0].event_id, e.id);
    EXPECT_EQ(pending[0].reveal_at, r.reveal_at);
    EXPECT_FALSE(pending[0].revealed);

    events->move_reveal(e.id, 1, 1'763'000'050'000, 1'763'000'650'000);
    events->set_revealed(e.id, 1, 623, 871, 1'763'000'050'001);
    EXPECT_TRUE(events->pending_rounds().at(0).revealed);
    // A round is revealed once: a second reveal is an error, not a new draw.
    EXPECT_THROW(events->set_revealed(e.id, 1, 1, 1, 1'763'000'050'002), StoreError);
    events->set_started(e.id, 1, 1'763'000'650'001);
    EXPECT_TRUE(events->pending_rounds().empty());
    events->set_closed(e.id, 1'763'001'000'000);

    auto loaded = events->load_event(e.id);
    ASSERT_TRUE(loaded);
    const EventRow& l = loaded->event;
    EXPECT_EQ(l.name, e.name);
    EXPECT_EQ(l.rounds, 7);
    EXPECT_EQ(l.excluded, e.excluded);
    EXPECT_TRUE(l.allow_repeats);
    EXPECT_TRUE(l.double960);
    EXPECT_EQ(l.clock_initial_ms, e.clock_initial_ms);
    EXPECT_EQ(l.clock_increment_ms, e.clock_increment_ms);
    EXPECT_EQ(l.secret, e.secret);
    EXPECT_EQ(l.commitment, e.commitment);
    EXPECT_EQ(l.organiser_token_hash, e.organiser_token_hash);
    EXPECT_EQ(l.created_at, e.created_at);
    EXPECT_EQ(l.closed_at, 1'763'001'000'000);
    ASSERT_EQ(loaded->rounds.size(), 1u);
    const EventRoundRow& lr = loaded->rounds[0];
    EXPECT_EQ(lr.entropy, r.entropy);
    EXPECT_EQ(lr.reveal_at, 1'763'000'050'000);
    EXPECT_EQ(lr.start_at, 1'763'000'650'000);
    EXPECT_EQ(lr.white_number, 623);
    EXPECT_EQ(lr.black_number, 871);
    EXPECT_EQ(lr.revealed_at, 1'763'000'050'001);
    EXPECT_EQ(lr.started_at, 1'763'000'650'001);
    ASSERT_EQ(lr.boards.size(), 2u);
    EXPECT_EQ(lr.boards[1].white_name, "Cy");
    EXPECT_EQ(lr.boards[1].black_token_hash, sha256_hex("d"));
    EXPECT_EQ(lr.boards[1].game_id, "00000000000000a2");

    EXPECT_FALSE(events->load_event("ffffffffffffffff"));
    // A round of an event that does not exist breaks the foreign key: nothing is written.
    EXPECT_THROW(events->insert_round("ffffffffffffffff", r), StoreError);
    // The same board twice: the whole round is rolled back.
    EventRoundRow twice = r;
    twice.round = 2;
    twice.boards[1].board = 1;
    EXPECT_THROW(events->insert_round(e.id, twice), StoreError);
    EXPECT_EQ(events->load_event(e.id)->rounds.size(), 1u);
}

// ---- Start-up with many finished games (the issue's time bounds) ----

TEST_F(StoreTest, StartUpAndRecentGamesStayFastWithAHundredThousandFinishedGames) {
    constexpr int kFinished = 100'000;
    // 960 real four-move openings, one per start position, reused.
    std::vector<std::vector<MoveRow>> openings;
    for (int n = 0; n < startpos::kCount; ++n) openings.push_back(real_moves(n, 4, 0));

    const auto import_start = std::chrono::steady_clock::now();
    {
        const auto store = open_store(path_);
        std::vector<StoredGame> batch;
        auto game = [&](int i, bool in_play) {
            char id[17];
            std::snprintf(id, sizeof id, "%016x", unsigned(i) * 2654435761u);
            GameRow g = full_game(id);
            g.white_token_hash = sha256_hex(std::to_string(i) + "w");
            g.black_token_hash = sha256_hex(std::to_string(i) + "b");
            g.start_number = i % startpos::kCount;
            g.created_at = 1'700'000'000'000 + std::int64_t(i) * 60'000;
            g.updated_at = g.created_at + 600'000;
            if (!in_play) {
                g.result = i % 2 ? "1-0" : "0-1";
                g.termination = "resignation";
                g.clock_running = std::nullopt;
            }
            std::vector<MoveRow> moves = openings[std::size_t(i % startpos::kCount)];
            for (MoveRow& m : moves) m.created_at = g.created_at + m.ply * 1000;
            batch.push_back(StoredGame{g, std::move(moves)});
        };
        for (int i = 0; i < kFinished + 3; ++i) {
            // Three games in play, spread among the finished ones.
            game(i, i == 10 || i == kFinished / 2 || i == kFinished + 2);
            if (batch.size() == 10'000) {
                store->import_games(batch);
                batch.clear();
            }
        }
        store->import_games(batch);
    }
    const double import_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - import_start).count();

    const auto open_start = std::chrono::steady_clock::now();
    const auto store = open_store(path_);
    const std::vector<StoredGame> in_play = store->load_in_play();
    const auto opened = std::chrono::steady_clock::now();
    const std::vector<GameRow> recent = store->recent_games(20);
    const auto listed = std::chrono::steady_clock::now();

    const double open_ms = std::chrono::duration<double, std::milli>(opened - open_start).count();
    const double recent_ms = std::chrono::duration<double, std::milli>(listed - opened).count();
    std::cout << "100,003 games (400,012 moves): import " << import_s << " s, database "
              << fs::file_size(path_) / 1024 / 1024 << " MiB (+ WAL "
              << (fs::exists(path_ + "-wal") ? fs::file_size(path_ + "-wal") / 1024 : 0)
              << " KiB); open + load_in_play " << open_ms << " ms; recent_games(20) " << recent_ms
              << " ms\n";

    ASSERT_EQ(in_play.size(), 3u);
    for (const StoredGame& stored : in_play) {
        EXPECT_TRUE(stored.game.in_play());
        EXPECT_EQ(stored.moves.size(), 4u);
        EXPECT_EQ(stored.game.plies, 4);
    }
    ASSERT_EQ(recent.size(), 20u);
    EXPECT_EQ(recent[0].updated_at,
              1'700'000'000'000 + std::int64_t(kFinished + 2) * 60'000 + 600'000);
    for (std::size_t i = 1; i < recent.size(); ++i)
        EXPECT_GT(recent[i - 1].updated_at, recent[i].updated_at);
    EXPECT_LT(open_ms, 2000.0);
    EXPECT_LT(recent_ms, 10.0);
}

// ---- Group commit: Store::write and the StoreWriter ----

// The row a game has after `move`: what the server would store with it.
GameChange move_change(GameRow row, const MoveRow& move) {
    row.plies = move.ply;
    row.updated_at = move.created_at;
    row.clock_running = move.ply % 2 ? "black" : "white";
    return GameChange{std::move(row), move};
}

TEST_P(StoreBackendTest, WriteStoresManyChangesInOneTransactionAndRefusesOneThatDoesNotFollow) {
    const auto store = open_store(db_);
    GameRow a = full_game("a"), b = full_game("b");
    store->insert_game(a);
    store->insert_game(b);
    const std::vector<MoveRow> moves = real_moves(518, 3, a.created_at);
    GameRow resigned = a;
    resigned.plies = 2;
    resigned.result = "0-1";
    resigned.termination = "resignation";
    const std::vector<GameChange> changes = {
        move_change(a, moves[0]),
        move_change(a, moves[1]),
        move_change(b, moves[1]),                     // b has no first move: refused
        GameChange{resigned, std::nullopt},           // a, at ply 2 after the two moves before it
        move_change(full_game("nowhere"), moves[0]),  // no such game: refused
    };
    const auto refused = store->write(changes);
    ASSERT_EQ(refused.size(), changes.size());
    EXPECT_FALSE(refused[0]) << refused[0]->message;
    EXPECT_FALSE(refused[1]) << refused[1]->message;
    ASSERT_TRUE(refused[2]);
    std::cout << "refused: " << refused[2]->message << "\n";
    EXPECT_EQ(refused[2]->reason, WriteRefusal::Reason::NotAtPly);
    EXPECT_NE(refused[2]->message.find("'b'"), std::string::npos);
    EXPECT_NE(refused[2]->message.find("ply 1"), std::string::npos);
    EXPECT_FALSE(refused[3]) << refused[3]->message;
    EXPECT_TRUE(refused[4]);

    auto loaded_a = store->load_game("a");
    ASSERT_TRUE(loaded_a);
    EXPECT_EQ(loaded_a->game.plies, 2);
    EXPECT_EQ(loaded_a->game.result, "0-1");
    ASSERT_EQ(loaded_a->moves.size(), 2u);
    expect_same(loaded_a->moves[1], moves[1]);
    auto loaded_b = store->load_game("b");
    ASSERT_TRUE(loaded_b);
    EXPECT_EQ(loaded_b->game.plies, 0);
    EXPECT_TRUE(loaded_b->moves.empty());
}

// A move that changes only the clock is one row: the game's row (and the recent-games index)
// stays as it was, and the game is read back with the clock and ply of its last move.
TEST_P(StoreBackendTest, AMoveThatChangesOnlyTheClockWritesOnlyItsOwnRow) {
    const auto store = open_store(db_);
    GameRow a = full_game("a");
    a.draw_offer.reset();
    store->insert_game(a);
    const std::vector<MoveRow> moves = real_moves(518, 2, a.created_at);
    GameChange first = move_change(a, moves[0]);
    first.row.white_ms -= 1'234;
    first.row.clock_at = moves[0].created_at;
    first.row_changed = false;
    GameChange second = move_change(first.row, moves[1]);
    second.row.black_ms -= 777;
    second.row.clock_at = moves[1].created_at;
    second.row_changed = false;
    const auto refused = store->write(std::vector<GameChange>{first, second});
    EXPECT_FALSE(refused[0]);
    EXPECT_FALSE(refused[1]);

    EXPECT_EQ(column("SELECT plies || ' ' || white_ms || ' ' || updated_at FROM games"),
              std::vector<std::string>{"0 " + std::to_string(a.white_ms) + " " +
                                       std::to_string(a.updated_at)});
    auto loaded = store->load_game("a");
    ASSERT_TRUE(loaded);
    expect_same(loaded->game, second.row);
    ASSERT_EQ(loaded->moves.size(), 2u);
    expect_same(loaded->moves[1], moves[1]);
    const std::vector<StoredGame> in_play = store->load_in_play();
    ASSERT_EQ(in_play.size(), 1u);
    expect_same(in_play[0].game, second.row);
    const std::vector<GameRow> recent = store->recent_games(5);
    ASSERT_EQ(recent.size(), 1u);
    expect_same(recent[0], second.row);

    // A change other than a move follows the last stored move, not the row's plies.
    GameRow offered = second.row;
    offered.draw_offer = "white";
    GameRow stale = first.row;
    stale.draw_offer = "black";
    const auto answers = store->write(std::vector<GameChange>{GameChange{stale, std::nullopt},
                                                              GameChange{offered, std::nullopt}});
    ASSERT_TRUE(answers[0]);
    EXPECT_NE(answers[0]->message.find("ply 1"), std::string::npos) << answers[0]->message;
    EXPECT_FALSE(answers[1]);
    expect_same(store->load_game("a")->game, offered);
    // A move played again, or one that skips a ply, is refused.
    const auto again = store->write(std::vector<GameChange>{move_change(offered, moves[1])});
    EXPECT_TRUE(again[0]);
    const std::vector<MoveRow> more = real_moves(518, 4, a.created_at);
    const auto skipped = store->write(std::vector<GameChange>{move_change(offered, more[3])});
    EXPECT_TRUE(skipped[0]);
    EXPECT_EQ(store->load_game("a")->moves.size(), 2u);
}

// A move that claims a token (the move limit on a shared database) is stored only while its
// client's bucket gives one, taken in the write's transaction; the bucket is the database's, so
// a second server (another Store on the same database) finds it as spent. On SQLite (one server
// per file, which limits moves in memory) claims are not looked at.
TEST_P(StoreBackendTest, MovesClaimingTokensAreStoredWhileTheClientsBucketGivesThem) {
    const auto store = open_store(db_);
    store->insert_game(full_game("a"));
    store->insert_game(full_game("b"));
    const std::vector<MoveRow> moves = real_moves(518, 4, 1'763'000'000'000);
    // A bucket of 3 that refills one token in 1,000 s: nothing comes back during the test.
    auto claimed = [](GameChange change, const std::string& client) {
        change.token = TokenClaim{"moves", client, 0.001, 3};
        return change;
    };
    const std::vector<GameChange> changes{
        claimed(move_change(full_game("a"), moves[0]), "c1"),
        claimed(move_change(full_game("a"), moves[1]), "c1"),
        claimed(move_change(full_game("b"), moves[0]), "c2"),  // another client: its own bucket
        claimed(move_change(full_game("a"), moves[2]), "c1"),
        claimed(move_change(full_game("b"), moves[1]), "c1"),  // c1's fourth: refused
        move_change(full_game("b"), moves[1]),                 // the same ply, no claim
    };
    const auto refused = store->write(changes);
    ASSERT_EQ(refused.size(), changes.size());
    for (std::size_t i : {0u, 1u, 2u, 3u}) EXPECT_FALSE(refused[i]) << refused[i]->message;
    EXPECT_EQ(store->load_game("b")->moves.size(), 2u);
    if (!postgres()) {
        EXPECT_FALSE(refused[4]) << refused[4]->message;
        ASSERT_TRUE(refused[5]);
        EXPECT_EQ(refused[5]->reason, WriteRefusal::Reason::NotAtPly);
        return;
    }
    EXPECT_FALSE(refused[5]) << refused[5]->message;
    ASSERT_TRUE(refused[4]);
    std::cout << "refused: " << refused[4]->message << "\n";
    EXPECT_EQ(refused[4]->reason, WriteRefusal::Reason::NoToken);
    // One token comes back in 1,000 s.
    EXPECT_GE(refused[4]->retry_after_seconds, 900);
    EXPECT_LE(refused[4]->retry_after_seconds, 1000);
    EXPECT_EQ(store->load_game("a")->moves.size(), 3u);
    // Through another server: c1's bucket is spent there too, c2 has two tokens left.
    const auto other = open_store(db_);
    const auto again = other->write(std::vector<GameChange>{
        claimed(move_change(full_game("a"), moves[3]), "c1"),
        claimed(move_change(full_game("b"), moves[2]), "c2"),
        claimed(move_change(full_game("b"), moves[3]), "c2"),
    });
    ASSERT_TRUE(again[0]);
    EXPECT_EQ(again[0]->reason, WriteRefusal::Reason::NoToken);
    EXPECT_FALSE(again[1]) << again[1]->message;
    EXPECT_FALSE(again[2]) << again[2]->message;
    EXPECT_EQ(store->load_game("a")->moves.size(), 3u);
    EXPECT_EQ(store->load_game("b")->moves.size(), 4u);
}

// The checkpointer copies the log into the database file on its own connection once the log
// has grown past its threshold, and not before.
TEST_F(StoreTest, TheCheckpointerCopiesTheLogIntoTheDatabaseFilePastItsThreshold) {
    RawDatabase db(path_);
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA wal_autocheckpoint=0");
    db.exec("CREATE TABLE pages(bytes BLOB)");
    db.exec(
        "INSERT INTO pages WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < 200) SELECT randomblob(2000) FROM n");
    const auto size_before = fs::file_size(path_);
    std::vector<std::string> failures;
    StoreCheckpointer checkpointer(path_, 100,
                                   [&](const std::string& line) { failures.push_back(line); });
    checkpointer.log_grew(99);  // under the threshold: nothing happens
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(checkpointer.checkpoints(), 0);
    EXPECT_EQ(fs::file_size(path_), size_before);
    checkpointer.log_grew(150);
    for (int i = 0; i < 500 && checkpointer.checkpoints() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(checkpointer.checkpoints(), 1);
    EXPECT_GT(fs::file_size(path_), size_before + 200 * 2000);
    EXPECT_TRUE(failures.empty());
}

// The checkpointer's thread runs at a lower priority than the threads serving moves, under a
// name an operator finds in `top -H` (the copy of a large log once delayed acknowledgements).
TEST_F(StoreTest, TheCheckpointerRunsAtALowerPriorityUnderItsOwnName) {
    RawDatabase db(path_);
    db.exec("PRAGMA journal_mode=WAL");
    StoreCheckpointer checkpointer(path_, 100, [](const std::string&) {});
    // /proc/self/task/<tid>/stat: "tid (name) state ..." with the nice value the 19th field.
    auto find = [] {
        for (const auto& task : fs::directory_iterator("/proc/self/task")) {
            std::ifstream stat(task.path() / "stat");
            std::string line;
            std::getline(stat, line);
            const auto open = line.find('('), close = line.rfind(')');
            if (open == std::string::npos || close == std::string::npos) continue;
            if (line.substr(open + 1, close - open - 1) != StoreCheckpointer::kThreadName) continue;
            std::istringstream fields(line.substr(close + 2));
            std::string field;
            for (int i = 3; i <= 19 && fields >> field; ++i) {
            }
            return std::optional<int>(std::stoi(field));
        }
        return std::optional<int>();
    };
    std::optional<int> nice;
    for (int i = 0; i < 200 && !nice; ++i) {
        nice = find();
        if (!nice) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_TRUE(nice) << "no thread named " << StoreCheckpointer::kThreadName;
    const int own = getpriority(PRIO_PROCESS, 0);
    const int wanted = StoreCheckpointer::lowered_nice(own);
    for (int i = 0; i < 200 && *nice != wanted; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        nice = find();
    }
    EXPECT_EQ(*nice, wanted);
    if (own < 19) {
        EXPECT_GT(*nice, own);  // behind the test's own threads
    }
}

// A version 3 database (moves without their clock, the game's row written with each) reads
// the same after the migration, and takes moves of version 4 after it.
TEST_F(StoreTest, AVersion3DatabaseKeepsItsGamesAndTakesMovesWithTheirClock) {
    GameRow a = full_game("a");
    a.draw_offer.reset();
    a.takeback.reset();  // version 5's column
    a.event_id.reset();  // version 6's
    const std::vector<MoveRow> moves = real_moves(312, 3, a.created_at);
    GameRow after_two = a;
    after_two.white_ms -= 50;
    after_two.black_ms -= 60;
    {
        const auto store = open_store(path_);
        store->insert_game(a);
        store->add_move(after_two, moves[0]);
        store->add_move(after_two, moves[1]);
    }
    {
        RawDatabase db(path_);
        for (const char* column : {"white_ms", "black_ms", "clock_running", "clock_at"})
            db.exec(std::string("ALTER TABLE moves DROP COLUMN ") + column);
        db.exec("ALTER TABLE games DROP COLUMN takeback");
        db.exec("ALTER TABLE games DROP COLUMN event_id");
        for (const char* sql : kUndoVersion12) db.exec(sql);
        for (const char* sql : kUndoVersion11) db.exec(sql);
        for (const char* sql : kUndoVersion10) db.exec(sql);
        for (const char* sql : kUndoVersion9) db.exec(sql);
        for (const char* sql : kUndoVersion8) db.exec(sql);
        for (const char* sql : kUndoVersion7) db.exec(sql);
        db.exec("PRAGMA user_version=3");
    }
    const auto store = open_store(path_);
    after_two.plies = 2;
    auto loaded = store->load_game("a");
    ASSERT_TRUE(loaded);
    expect_same(loaded->game, after_two);
    ASSERT_EQ(loaded->moves.size(), 2u);
    GameChange third = move_change(after_two, moves[2]);
    third.row.white_ms -= 5;
    third.row_changed = false;
    EXPECT_FALSE(store->write(std::vector<GameChange>{third})[0]);
    expect_same(store->load_game("a")->game, third.row);
    RawDatabase db(path_);
    EXPECT_EQ(db.column("PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
}

// Four threads each play their own game; every change is stored, each game's in the order it
// was made, with far fewer transactions than changes (the writer gathers them), and every
// `done` runs once, after its change is stored, in the order of submission.
TEST_P(StoreBackendTest, TheWriterStoresEveryThreadsChangesInOrderInFewTransactions) {
    const auto store = open_store(db_);
    constexpr int kThreads = 4, kMoves = 60;
    std::vector<std::vector<MoveRow>> moves;
    for (int t = 0; t < kThreads; ++t) {
        store->insert_game(full_game("game" + std::to_string(t)));
        moves.push_back(real_moves(100 + t, kMoves, 1'763'000'000'000));
    }
    std::mutex order_mutex;
    std::vector<int> done_order[kThreads];
    int failures = 0;
    {
        StoreWriter writer(*store, std::chrono::milliseconds(2));
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
                const GameRow row = full_game("game" + std::to_string(t));
                for (const MoveRow& move : moves[std::size_t(t)])
                    writer.submit(move_change(row, move),
                                  [&, t, ply = move.ply](const StoreWriter::Refused& refused) {
                                      std::lock_guard lock(order_mutex);
                                      if (refused) ++failures;
                                      done_order[t].push_back(ply);
                                  });
            });
        }
        for (auto& thread : threads) thread.join();
        writer.stop();
        std::cout << kThreads * kMoves << " changes in " << writer.transactions()
                  << " transactions\n";
        EXPECT_LT(writer.transactions(), std::size_t(kThreads * kMoves / 2));
    }
    EXPECT_EQ(failures, 0);
    for (int t = 0; t < kThreads; ++t) {
        std::vector<int> expected(kMoves);
        for (int i = 0; i < kMoves; ++i) expected[std::size_t(i)] = i + 1;
        EXPECT_EQ(done_order[t], expected) << "game " << t;
        auto loaded = store->load_game("game" + std::to_string(t));
        ASSERT_TRUE(loaded);
        EXPECT_EQ(loaded->game.plies, kMoves);
        ASSERT_EQ(loaded->moves.size(), std::size_t(kMoves));
        for (int i = 0; i < kMoves; ++i)
            expect_same(loaded->moves[std::size_t(i)], moves[std::size_t(t)][std::size_t(i)]);
    }
}

// A change with nothing to store is answered in order too: after the changes before it.
TEST_P(StoreBackendTest, TheWritersEmptyChangesKeepTheirPlaceInTheOrder) {
    const auto store = open_store(db_);
    store->insert_game(full_game("g"));
    const std::vector<MoveRow> moves = real_moves(518, 2, 1'763'000'000'000);
    std::vector<std::string> order;
    std::mutex mutex;
    auto note = [&](std::string what) {
        return [&, what](const StoreWriter::Refused& refused) {
            std::lock_guard lock(mutex);
            order.push_back(what + (refused ? " refused" : ""));
        };
    };
    StoreWriter writer(*store);
    writer.submit(move_change(full_game("g"), moves[0]), note("move 1"));
    writer.submit(std::nullopt, note("nothing"));
    writer.submit(move_change(full_game("g"), moves[1]), note("move 2"));
    writer.stop();
    EXPECT_EQ(order, (std::vector<std::string>{"move 1", "nothing", "move 2"}));
    // Once stopped, a change is refused at once, on the caller's thread.
    StoreWriter::Refused late;
    writer.submit(std::nullopt, [&](const StoreWriter::Refused& refused) { late = refused; });
    ASSERT_TRUE(late);
    EXPECT_EQ(late->reason, WriteRefusal::Reason::Failed);
    EXPECT_NE(late->message.find("stopping"), std::string::npos);
}

// A transaction that fails (here: a trigger refuses every move, as a full disk would) answers
// every change in it with the error; nothing of it is stored.
TEST_P(StoreBackendTest, AFailedTransactionAnswersEachOfItsChangesWithTheError) {
    const auto store = open_store(db_);
    store->insert_game(full_game("g"));
    const std::vector<MoveRow> moves = real_moves(518, 1, 1'763'000'000'000);
    if (postgres()) {
        exec(
            "CREATE FUNCTION refuse_moves() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE "
            "EXCEPTION 'disk full (test)'; END $$");
        exec(
            "CREATE TRIGGER refuse_moves BEFORE INSERT ON moves FOR EACH ROW EXECUTE FUNCTION "
            "refuse_moves()");
    } else {
        exec(
            "CREATE TRIGGER refuse_moves BEFORE INSERT ON moves BEGIN SELECT RAISE(ABORT, 'disk "
            "full (test)'); END");
    }
    std::vector<StoreWriter::Refused> answers;
    std::mutex mutex;
    {
        StoreWriter writer(*store, std::chrono::milliseconds(50));
        for (int i = 0; i < 2; ++i)
            writer.submit(i == 0 ? std::optional<GameChange>(move_change(full_game("g"), moves[0]))
                                 : std::optional<GameChange>(GameChange{full_game("g"), {}}),
                          [&](const StoreWriter::Refused& refused) {
                              std::lock_guard lock(mutex);
                              answers.push_back(refused);
                          });
    }
    ASSERT_EQ(answers.size(), 2u);
    for (const auto& answer : answers) {
        ASSERT_TRUE(answer);
        EXPECT_EQ(answer->reason, WriteRefusal::Reason::Failed);
        EXPECT_NE(answer->message.find("disk full (test)"), std::string::npos) << answer->message;
    }
    auto loaded = store->load_game("g");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->game.plies, 0);
    EXPECT_TRUE(loaded->moves.empty());
}

// ---- Several servers on one database ----

// Two stores on one database (two connections: two servers, as far as the database can tell)
// store the same ply of a game at the same moment, 1,000 times: each time exactly one of them
// stores it and the other is told it was not stored. The ply is checked inside the transaction
// that stores the move (on PostgreSQL, the primary key makes the second wait, then do nothing).
TEST_P(StoreBackendTest, TheSamePlyFromTwoStoresAtOnceIsStoredExactlyOnce) {
    constexpr int kTrials = 1000;
    const auto first = open_store(db_);
    const auto second = open_store(db_);
    first->insert_game(full_game("g"));
    // Rows, not a game: what is checked is the ply.
    std::vector<MoveRow> moves;
    for (int ply = 1; ply <= kTrials; ++ply)
        moves.push_back(MoveRow{ply, "e2e4", "e4", "fen " + std::to_string(ply), ply});
    int both = 0, neither = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
        const GameChange change = move_change(full_game("g"), moves[std::size_t(trial)]);
        std::promise<void> go;
        std::shared_future<void> start = go.get_future().share();
        auto store_it = [&](Store& store) {
            start.wait();
            return !store.write(std::span<const GameChange>(&change, 1))[0].has_value();
        };
        auto a = std::async(std::launch::async, store_it, std::ref(*first));
        auto b = std::async(std::launch::async, store_it, std::ref(*second));
        go.set_value();
        const bool stored_a = a.get(), stored_b = b.get();
        both += stored_a && stored_b;
        neither += !stored_a && !stored_b;
    }
    EXPECT_EQ(both, 0);
    EXPECT_EQ(neither, 0);
    auto loaded = second->load_game("g");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->moves.size(), std::size_t(kTrials));
    EXPECT_EQ(loaded->game.plies, kTrials);
}

// ---- PostgreSQL's own ----

TEST(PostgresUri, ThePasswordIsNeverShown) {
    EXPECT_EQ(redact_postgres_uri("postgresql://chess:s3cret@db.example:5432/games"),
              "postgresql://chess:***@db.example:5432/games");
    EXPECT_EQ(redact_postgres_uri("postgres://chess:p%40ss@host/games?sslmode=require"),
              "postgres://chess:***@host/games?sslmode=require");
    EXPECT_EQ(redact_postgres_uri("postgresql://chess@host/games?password=s3cret&sslmode=disable"),
              "postgresql://chess@host/games?password=***&sslmode=disable");
    EXPECT_EQ(redact_postgres_uri("postgresql:///games?host=/run/postgresql"),
              "postgresql:///games?host=/run/postgresql");
    EXPECT_TRUE(is_postgres_uri("postgresql://h/d"));
    EXPECT_TRUE(is_postgres_uri("postgres://h/d"));
    EXPECT_FALSE(is_postgres_uri("games.db"));
    EXPECT_FALSE(is_postgres_uri("postgresql.db"));
}

// No server on the port: the message names the database without its password and says what
// to check. Needs no PostgreSQL.
TEST(PostgresStore, AServerThatCannotBeReachedIsRefusedWithoutShowingThePassword) {
    try {
        const auto store =
            open_store("postgresql://chess:s3cret@127.0.0.1:1/games?connect_timeout=2");
        ADD_FAILURE() << "opened a store with no server";
    } catch (const StoreError& e) {
        const std::string message = e.what();
        std::cout << "StoreError: " << message << "\n";
        EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
        EXPECT_NE(message.find("postgresql://chess:***@127.0.0.1:1/games?connect_timeout=2: "
                               "cannot reach PostgreSQL"),
                  std::string::npos)
            << message;
        EXPECT_NE(message.find("Check that the server is running"), std::string::npos) << message;
    }
}

// A database (schema) that already has another program's games table is not taken over.
TEST_P(StoreBackendTest, AnotherProgramsGamesTableIsRefused) {
    exec("CREATE TABLE games(id INTEGER PRIMARY KEY, name TEXT)");
    const std::string message = open_error(db_);
    EXPECT_NE(message.find(db_ + ": "), std::string::npos) << message;
    EXPECT_NE(message.find(postgres() ? "not chess960's" : "not a chess960 one"), std::string::npos)
        << message;
}

// Two servers starting at once on an empty database: one creates the tables, the other waits
// for it (an advisory lock) and uses them.
TEST_P(StoreBackendTest, StoresOpeningAtOnceOnAnEmptyDatabaseShareOneSchema) {
    if (!postgres()) GTEST_SKIP() << "an SQLite file has one server";
    std::vector<std::future<void>> opening;
    for (int i = 0; i < 4; ++i)
        opening.push_back(std::async(std::launch::async, [this, i] {
            const auto store = open_store(db_);
            store->insert_game(full_game("g" + std::to_string(i)));
        }));
    for (auto& each : opening) EXPECT_NO_THROW(each.get());
    const auto store = open_store(db_);
    EXPECT_EQ(store->recent_games(10).size(), 4u);
}

// ---- Migration (chess960 serve migrate) ----

// Games of every kind in an SQLite file: in play with a clock whose last moves carry it (a
// move's own row, schema v4), finished ones, some without moves; copied to the back end under
// test (another SQLite file, or PostgreSQL), each read back equal, move by move.
TEST_P(StoreBackendTest, MigrationCopiesEveryGameAndChecksItMoveByMove) {
    // bench/migrate_bench.sh sets CHESS960_MIGRATION_GAMES (10,000: the issue's round trip).
    const char* games_env = std::getenv("CHESS960_MIGRATION_GAMES");
    const int kGames = games_env ? std::max(10, std::atoi(games_env)) : 300;
    const auto source = open_store(dir_ + "/source.db");
    std::size_t moves_in_all = 0;
    std::vector<StoredGame> games;
    for (int i = 0; i < kGames; ++i) {
        char id[16];
        std::snprintf(id, sizeof id, "m%04d", i);
        StoredGame g{i % 3 ? full_game(id) : bare_game(id), {}};
        g.game.start_number = i % 960;
        g.game.initial_fen = write_fen(*startpos::position(i % 960));
        g.game.updated_at += i;  // the recent games' order
        g.moves = real_moves(i % 960, i % 7 == 0 ? 0 : 1 + i % 60, g.game.created_at);
        g.game.plies = int(g.moves.size());
        moves_in_all += g.moves.size();
        games.push_back(std::move(g));
    }
    source->import_games(games);
    // One more move on a game in play: its clock in the move's row only.
    const std::size_t played = games[1].moves.size();
    MoveRow extra = real_moves(1, int(played) + 1, games[1].game.created_at).back();
    GameRow after = games[1].game;
    after.white_ms -= 777;
    after.clock_running = "white";
    after.clock_at += 5'000;
    GameChange change = move_change(after, extra);
    change.row_changed = false;
    ASSERT_FALSE(source->write(std::span<const GameChange>(&change, 1))[0]);
    ++moves_in_all;

    const auto target = open_store(db_);
    std::vector<std::string> steps;
    const auto migration_start = std::chrono::steady_clock::now();
    const MigrationReport report =
        migrate_games(*source, *target, [&](const char* step, std::size_t done, std::size_t total) {
            steps.push_back(std::string(step) + " " + std::to_string(done) + "/" +
                            std::to_string(total));
        });
    EXPECT_EQ(report.games, std::size_t(kGames));
    EXPECT_EQ(report.moves, moves_in_all);
    ASSERT_FALSE(steps.empty());
    EXPECT_EQ(steps.back(), "checked " + std::to_string(kGames) + "/" + std::to_string(kGames));
    const auto migrated = std::chrono::steady_clock::now();
    std::cout << "migrated and checked " << report.games << " games, " << report.moves
              << " moves in " << std::chrono::duration<double>(migrated - migration_start).count()
              << " s\n";
    for (const StoredGame& original : games) {
        auto copy = target->load_game(original.game.id);
        auto again = source->load_game(original.game.id);
        ASSERT_TRUE(copy && again) << original.game.id;
        expect_same(copy->game, again->game);
        ASSERT_EQ(copy->moves.size(), again->moves.size()) << original.game.id;
        for (std::size_t m = 0; m < copy->moves.size(); ++m)
            expect_same(copy->moves[m], again->moves[m]);
    }
    EXPECT_EQ(target->load_game("m0001")->game.white_ms, after.white_ms);
    EXPECT_EQ(target->load_game("m0001")->moves.size(), played + 1);

    // A second migration into a database with games is refused, and the check finds a move
    // changed in the target after the copy.
    try {
        migrate_games(*source, *target);
        ADD_FAILURE() << "a target with games was accepted";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("holds games already"), std::string::npos) << e.what();
    }
    exec("UPDATE moves SET san = 'Zz9' WHERE game_id = 'm0005' AND ply = 3");
    try {
        check_migration(*source, *target);
        ADD_FAILURE() << "a changed move was not found";
    } catch (const StoreError& e) {
        std::cout << "StoreError: " << e.what() << "\n";
        EXPECT_NE(std::string(e.what()).find("game 'm0005'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("move 3's san"), std::string::npos) << e.what();
    }
}

// An accepted takeback (GameChange::takeback_from) is one change: the row back at the earlier ply
// and the moves after it deleted, both or neither, and only if the stored game is at the ply the
// takeback was made from, so that a move stored meanwhile (another server's) makes it fail
// rather than take back that move. The moves read back carry the times stored with them.
TEST_P(StoreBackendTest, ATakebackUnwindsTheMovesOnlyFromTheStoredPly) {
    const auto store = open_store(db_);
    GameRow a = full_game("a");
    a.takeback.reset();
    store->insert_game(a);
    const std::vector<MoveRow> moves = real_moves(518, 4, a.created_at);
    std::vector<GameChange> played;
    GameRow row = a;
    for (int i = 0; i < 3; ++i) {
        GameChange change = move_change(row, moves[std::size_t(i)]);
        change.row.white_ms = 100'000 - i;
        change.row.black_ms = 200'000 - i;
        change.row_changed = false;
        played.push_back(change);
        row = change.row;
    }
    for (const auto& refused : store->write(played)) EXPECT_FALSE(refused);
    const auto stored = store->load_game("a");
    ASSERT_TRUE(stored);
    ASSERT_EQ(stored->moves.size(), 3u);
    EXPECT_EQ(stored->moves[1].white_ms, 99'999);
    EXPECT_EQ(stored->moves[1].black_ms, 199'999);

    // Back to ply 1: from ply 2 is refused (the game is at ply 3), and changes nothing.
    GameRow back = played[0].row;
    back.plies = 1;
    back.white_ms = 100'000;
    back.clock_at = a.created_at + 50;
    back.updated_at = a.created_at + 50;
    back.takeback.reset();
    const auto stale =
        store->write(std::vector<GameChange>{GameChange{back, std::nullopt, true, 2}});
    ASSERT_TRUE(stale[0]);
    EXPECT_EQ(stale[0]->reason, WriteRefusal::Reason::NotAtPly);
    EXPECT_NE(stale[0]->message.find("ply 2"), std::string::npos) << stale[0]->message;
    EXPECT_EQ(store->load_game("a")->moves.size(), 3u);
    EXPECT_EQ(store->load_game("a")->game.plies, 3);

    // From ply 3, in one transaction with a move after it: both hold.
    const auto done = store->write(std::vector<GameChange>{GameChange{back, std::nullopt, true, 3},
                                                           move_change(back, moves[1])});
    EXPECT_FALSE(done[0]) << done[0]->message;
    EXPECT_FALSE(done[1]) << done[1]->message;
    auto after = store->load_game("a");
    ASSERT_TRUE(after);
    ASSERT_EQ(after->moves.size(), 2u);
    expect_same(after->moves[0], moves[0]);
    expect_same(after->moves[1], moves[1]);
    EXPECT_EQ(after->game.plies, 2);
    EXPECT_EQ(column("SELECT count(*) FROM moves WHERE game_id = 'a'"),
              std::vector<std::string>{"2"});

    // Atomic: when deleting the moves fails, the row's change made before it in the same
    // transaction is undone too.
    if (postgres()) {
        exec(
            "CREATE FUNCTION refuse_deletes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE "
            "EXCEPTION 'disk full (test)'; END $$");
        exec(
            "CREATE TRIGGER refuse_deletes BEFORE DELETE ON moves FOR EACH ROW EXECUTE FUNCTION "
            "refuse_deletes()");
    } else {
        exec(
            "CREATE TRIGGER refuse_deletes BEFORE DELETE ON moves BEGIN SELECT RAISE(ABORT, 'disk "
            "full (test)'); END");
    }
    GameRow to_zero = after->game;
    to_zero.plies = 0;
    EXPECT_THROW(store->write(std::vector<GameChange>{GameChange{to_zero, std::nullopt, true, 2}}),
                 StoreError);
    EXPECT_EQ(column("SELECT plies FROM games WHERE id = 'a'"), std::vector<std::string>{"2"});
    EXPECT_EQ(column("SELECT count(*) FROM moves WHERE game_id = 'a'"),
              std::vector<std::string>{"2"});
    exec("DROP TRIGGER refuse_deletes" + std::string(postgres() ? " ON moves" : ""));
    const auto to_start =
        store->write(std::vector<GameChange>{GameChange{to_zero, std::nullopt, true, 2}});
    EXPECT_FALSE(to_start[0]);
    EXPECT_EQ(column("SELECT count(*) FROM moves WHERE game_id = 'a'"),
              std::vector<std::string>{"0"});
    after = store->load_game("a");
    EXPECT_EQ(after->game.plies, 0);
    EXPECT_TRUE(after->moves.empty());
}

// A version 4 database (no takeback column) gains it, on both back ends, keeping its games.
TEST_P(StoreBackendTest, AVersion4DatabaseGainsTheTakebackColumn) {
    GameRow playing = full_game("playing");
    playing.takeback.reset();
    playing.event_id.reset();
    {
        const auto store = open_store(db_);
        store->insert_game(playing);
    }
    exec("ALTER TABLE games DROP COLUMN takeback");
    exec("ALTER TABLE games DROP COLUMN event_id");
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    for (const char* sql : kUndoVersion9) exec(sql);
    for (const char* sql : kUndoVersion8) exec(sql);
    for (const char* sql : kUndoVersion7) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 4" : "PRAGMA user_version=4");
    const auto store = open_store(db_);
    auto stored = store->load_game("playing");
    ASSERT_TRUE(stored);
    expect_same(stored->game, playing);
    playing.takeback = "black";
    store->update_game(playing);
    expect_same(store->load_game("playing")->game, playing);
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
}

// A version 5 database (no event_id) gains it, on both back ends: an event's board already
// played is marked as that event's from event_boards, other games as none.
TEST_P(StoreBackendTest, AVersion5DatabaseMarksTheEventsGames) {
    GameRow board = full_game("board");
    board.event_id.reset();
    GameRow casual = full_game("casual");
    casual.event_id.reset();
    {
        const auto store = open_store(db_);
        store->insert_game(board);
        store->insert_game(casual);
        const auto events = open_event_store(db_);
        EventRow event;
        event.id = "0123456789abcdef";
        event.name = "Before version 6";
        event.rounds = 1;
        event.secret = std::string(64, 'a');
        event.commitment = std::string(64, 'b');
        event.organiser_token_hash = sha256_hex("organiser");
        events->insert_event(event);
        EventRoundRow round;
        round.round = 1;
        round.reveal_at = round.start_at = round.created_at = 1'763'000'000'000;
        EventBoardRow b;
        b.board = 1;
        b.white_name = "Ann";
        b.black_name = "Bob";
        b.white_token_hash = sha256_hex("w");
        b.black_token_hash = sha256_hex("b");
        b.game_id = "board";
        round.boards.push_back(b);
        events->insert_round(event.id, round);
    }
    exec("ALTER TABLE games DROP COLUMN event_id");
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    for (const char* sql : kUndoVersion9) exec(sql);
    for (const char* sql : kUndoVersion8) exec(sql);
    for (const char* sql : kUndoVersion7) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 5" : "PRAGMA user_version=5");
    const auto store = open_store(db_);
    EXPECT_EQ(store->load_game("board")->game.event_id, "0123456789abcdef");
    EXPECT_EQ(store->load_game("casual")->game.event_id, std::nullopt);
}

}  // namespace
}  // namespace chess960::server

namespace chess960::server {
namespace {

// An event row with a made-up secret and commitment.
EventRow an_event(const std::string& id, const std::string& name, int rounds) {
    EventRow event;
    event.id = id;
    event.name = name;
    event.rounds = rounds;
    event.secret = std::string(64, 'a');
    event.commitment = std::string(64, 'b');
    event.organiser_token_hash = sha256_hex("organiser");
    return event;
}

// Version 7: a paired event's kind, tie-breaks and join link, its players, byes and the
// arbiter's results (an audit list: rows are added, never replaced) round-trip on both back
// ends.
TEST_P(StoreBackendTest, APairedEventsPlayersByesAndResultsRoundTrip) {
    { const auto store = open_store(db_); }
    const auto events = open_event_store(db_);
    EventRow e = an_event("00000000000000e7", "Swiss", 5);
    e.created_at = 1'763'000'000'000;
    e.kind = "swiss";
    e.tiebreaks = "BH-C1,SB";
    e.join_token_hash = sha256_hex("join");
    events->insert_event(e);

    EventPlayerRow ann;
    ann.number = 1;
    ann.name = "Ann";
    ann.rating = 2105;
    ann.title = "FM";
    ann.federation = "GER";
    ann.fide_id = "4611111";
    ann.token_hash = sha256_hex("ann");
    ann.created_at = ann.updated_at = 1'763'000'000'100;
    events->insert_player(e.id, ann);
    EventPlayerRow late;
    late.number = 2;
    late.name = "Late";
    late.token_hash = sha256_hex("late");
    late.joined_round = 2;
    late.late_points = 5;
    late.created_at = late.updated_at = 1'763'000'000'200;
    events->insert_player(e.id, late);
    EXPECT_THROW(events->insert_player(e.id, late), StoreError);  // the number is taken
    ann.withdrawn_after = 3;
    ann.updated_at = 1'763'000'000'300;
    events->update_player(e.id, ann);
    EventPlayerRow nobody = late;
    nobody.number = 9;
    EXPECT_THROW(events->update_player(e.id, nobody), StoreError);

    events->set_bye(e.id, EventByeRow{3, 2, 'Z', 10});
    events->set_bye(e.id, EventByeRow{3, 2, 'H', 11});  // replaces
    events->set_bye(e.id, EventByeRow{4, 2, 'H', 12});
    events->remove_bye(e.id, 4, 2);
    EXPECT_THROW(events->remove_bye(e.id, 4, 2), StoreError);

    EventRoundRow r;
    r.round = 1;
    r.reveal_at = r.start_at = r.created_at = 1'763'000'001'000;
    EventBoardRow b{1, "Ann", "Late", sha256_hex("w"), sha256_hex("b"), "00000000000000b1", 1, 2};
    r.boards = {b};
    events->insert_round(e.id, r, {EventByeRow{1, 3, 'U', 13}});

    events->append_result(e.id, EventResultRow{1, 1, 1, "+-", "forfeit", "arbiter", 20});
    events->append_result(e.id, EventResultRow{1, 1, 2, "1-0", "correction", "arbiter", 21});
    // A row is never overwritten, nor a seq skipped.
    EXPECT_THROW(events->append_result(e.id, EventResultRow{1, 1, 2, "0-1", "x", "y", 22}),
                 StoreError);
    EXPECT_THROW(events->append_result(e.id, EventResultRow{1, 1, 4, "0-1", "x", "y", 22}),
                 StoreError);
    events->set_join_token(e.id, std::nullopt);

    const auto loaded = events->load_event(e.id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->event.kind, "swiss");
    EXPECT_EQ(loaded->event.tiebreaks, "BH-C1,SB");
    EXPECT_EQ(loaded->event.join_token_hash, std::nullopt);
    ASSERT_EQ(loaded->players.size(), 2u);
    const EventPlayerRow& la = loaded->players[0];
    EXPECT_EQ(la.name, "Ann");
    EXPECT_EQ(la.rating, 2105);
    EXPECT_EQ(la.title, "FM");
    EXPECT_EQ(la.federation, "GER");
    EXPECT_EQ(la.fide_id, "4611111");
    EXPECT_EQ(la.token_hash, sha256_hex("ann"));
    EXPECT_EQ(la.withdrawn_after, 3);
    EXPECT_EQ(la.created_at, 1'763'000'000'100);
    EXPECT_EQ(la.updated_at, 1'763'000'000'300);
    const EventPlayerRow& ll = loaded->players[1];
    EXPECT_EQ(ll.rating, std::nullopt);
    EXPECT_EQ(ll.joined_round, 2);
    EXPECT_EQ(ll.late_points, 5);
    EXPECT_EQ(ll.withdrawn_after, std::nullopt);
    ASSERT_EQ(loaded->byes.size(), 2u);
    EXPECT_EQ(loaded->byes[0].round, 1);
    EXPECT_EQ(loaded->byes[0].player, 3);
    EXPECT_EQ(loaded->byes[0].kind, 'U');
    EXPECT_EQ(loaded->byes[1].round, 3);
    EXPECT_EQ(loaded->byes[1].kind, 'H');
    EXPECT_EQ(loaded->byes[1].created_at, 11);
    ASSERT_EQ(loaded->rounds.size(), 1u);
    EXPECT_EQ(loaded->rounds[0].boards.at(0).white_number, 1);
    EXPECT_EQ(loaded->rounds[0].boards.at(0).black_number, 2);
    ASSERT_EQ(loaded->results.size(), 2u);
    EXPECT_EQ(loaded->results[0].result, "+-");
    EXPECT_EQ(loaded->results[0].reason, "forfeit");
    EXPECT_EQ(loaded->results[1].seq, 2);
    EXPECT_EQ(loaded->results[1].result, "1-0");
    EXPECT_EQ(loaded->results[1].set_by, "arbiter");
    EXPECT_EQ(loaded->results[1].set_at, 21);
}

// Before the first round the players are numbered anew as the initial ranking list: all of
// them and their byes in one transaction, so that a failure half-way (here a number given
// twice) leaves the numbering as it was, on both back ends.
TEST_P(StoreBackendTest, PlayersAreRenumberedAllAtOnceOrNotAtAll) {
    { const auto store = open_store(db_); }
    const auto events = open_event_store(db_);
    EventRow e = an_event("00000000000000e8", "Swiss", 5);
    e.kind = "swiss";
    events->insert_event(e);
    auto player = [](int number, const std::string& name) {
        EventPlayerRow p;
        p.number = number;
        p.name = name;
        p.token_hash = sha256_hex(name);
        p.created_at = p.updated_at = 100 + number;
        return p;
    };
    events->insert_player(e.id, player(1, "Ann"));
    events->insert_player(e.id, player(2, "Bob"));
    events->insert_player(e.id, player(3, "Cyd"));
    events->set_bye(e.id, EventByeRow{2, 3, 'H', 10});

    // Cyd first, then Ann, then Bob; Cyd's bye follows her.
    EventPlayerRow cyd = player(3, "Cyd"), ann = player(1, "Ann"), bob = player(2, "Bob");
    cyd.number = 1;
    ann.number = 2;
    bob.number = 3;
    events->renumber_players(e.id, {cyd, ann, bob}, {EventByeRow{2, 1, 'H', 10}});
    auto names = [&] {
        std::string out;
        const auto loaded = events->load_event(e.id);
        for (const EventPlayerRow& p : loaded->players)
            out += std::to_string(p.number) + p.name + "(" + p.token_hash.substr(0, 4) + ") ";
        for (const EventByeRow& b : loaded->byes)
            out += "bye r" + std::to_string(b.round) + "#" + std::to_string(b.player);
        return out;
    };
    const std::string after = names();
    EXPECT_EQ(after, "1Cyd(" + sha256_hex("Cyd").substr(0, 4) + ") 2Ann(" +
                         sha256_hex("Ann").substr(0, 4) + ") 3Bob(" +
                         sha256_hex("Bob").substr(0, 4) + ") bye r2#1");

    // Two players given number 1: refused, and nothing of it stays.
    EventPlayerRow again = ann;
    again.number = 1;
    EXPECT_THROW(events->renumber_players(e.id, {bob, again, cyd}, {}), StoreError);
    EXPECT_EQ(names(), after);
}

// A version 6 database gains the paired events' columns and tables, on both back ends: its
// events become typed ones with their rounds and boards as they were.
TEST_P(StoreBackendTest, AVersion6DatabaseKeepsItsEventsAsTypedOnes) {
    {
        const auto store = open_store(db_);
        const auto events = open_event_store(db_);
        const EventRow event = an_event("0123456789abcdef", "Before version 7", 1);
        events->insert_event(event);
        EventRoundRow round;
        round.round = 1;
        round.reveal_at = round.start_at = round.created_at = 1'763'000'000'000;
        round.boards = {
            {1, "Ann", "Bob", sha256_hex("w"), sha256_hex("b"), "0000000000000001", {}, {}}};
        events->insert_round(event.id, round);
    }
    // Back to version 6 as its own SQL left it.
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    for (const char* sql : kUndoVersion9) exec(sql);
    for (const char* sql : kUndoVersion8) exec(sql);
    for (const char* sql : kUndoVersion7) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 6" : "PRAGMA user_version=6");
    { const auto store = open_store(db_); }
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    const auto events = open_event_store(db_);
    const auto loaded = events->load_event("0123456789abcdef");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->event.kind, "typed");
    EXPECT_EQ(loaded->event.tiebreaks, "");
    EXPECT_EQ(loaded->event.join_token_hash, std::nullopt);
    EXPECT_TRUE(loaded->players.empty());
    ASSERT_EQ(loaded->rounds.size(), 1u);
    EXPECT_EQ(loaded->rounds[0].boards.at(0).white_name, "Ann");
    EXPECT_EQ(loaded->rounds[0].boards.at(0).white_number, std::nullopt);
    // And takes the new rows.
    EventPlayerRow p;
    p.number = 1;
    p.name = "Ann";
    p.token_hash = sha256_hex("ann");
    events->insert_player("0123456789abcdef", p);
    EXPECT_EQ(events->load_event("0123456789abcdef")->players.size(), 1u);
}

AccountRow an_account(const std::string& id, const std::string& name) {
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

// Version 8: an account, its sessions and invitations round-trip; a name key is taken once; an
// invitation makes one account; a deleted account leaves nothing of its person behind.
TEST_P(StoreBackendTest, AccountsSessionsAndInvitationsRoundTrip) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    AccountRow ann = an_account("a1", "Ann");
    ann.role = "admin";
    EXPECT_EQ(accounts->insert_account(ann, std::nullopt, 1), AccountInsert::inserted);
    AccountRow other = an_account("a2", "Ann");  // the same key
    EXPECT_EQ(accounts->insert_account(other, std::nullopt, 1), AccountInsert::name_taken);
    const auto loaded = accounts->find_by_key("key:Ann");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->id, "a1");
    EXPECT_EQ(loaded->name, "Ann");
    EXPECT_EQ(loaded->password_hash, ann.password_hash);
    EXPECT_EQ(loaded->display_name, "Ann the player");
    EXPECT_EQ(loaded->language, "de");
    EXPECT_EQ(loaded->theme, "dark");
    EXPECT_EQ(loaded->role, "admin");
    EXPECT_EQ(loaded->created_at, ann.created_at);
    EXPECT_FALSE(accounts->find_by_id("a2"));

    ann.display_name = "Annie";
    ann.theme = "light";
    accounts->update_account(ann);
    EXPECT_EQ(accounts->find_by_id("a1")->display_name, "Annie");
    EXPECT_EQ(accounts->find_by_id("a1")->theme, "light");

    accounts->insert_session({sha256_hex("s"), "a1", 10, 10, 100});
    EXPECT_TRUE(accounts->find_session(sha256_hex("s"), 99));
    EXPECT_FALSE(accounts->find_session(sha256_hex("s"), 100));  // expired
    accounts->touch_session(sha256_hex("s"), 50, 200);
    const auto session = accounts->find_session(sha256_hex("s"), 150);
    ASSERT_TRUE(session);
    EXPECT_EQ(session->account_id, "a1");
    EXPECT_EQ(session->last_seen_at, 50);
    accounts->delete_session(sha256_hex("s"));
    EXPECT_FALSE(accounts->find_session(sha256_hex("s"), 0));

    // An invitation makes one account; an unknown one none.
    accounts->insert_invitation({sha256_hex("i"), "a1", 5, std::nullopt, std::nullopt});
    EXPECT_EQ(accounts->insert_account(an_account("b1", "Bob"), sha256_hex("nope"), 6),
              AccountInsert::invitation_unusable);
    EXPECT_FALSE(accounts->find_by_id("b1"));  // rolled back with the invitation
    EXPECT_EQ(accounts->insert_account(an_account("b1", "Bob"), sha256_hex("i"), 6),
              AccountInsert::inserted);
    EXPECT_EQ(accounts->insert_account(an_account("c1", "Cid"), sha256_hex("i"), 7),
              AccountInsert::invitation_unusable);
    EXPECT_EQ(accounts->find_invitation(sha256_hex("i"))->used_by, "b1");

    // Deleting Bob: his row, his sessions and his name on the invitation are gone; the
    // invitation stays used.
    accounts->insert_session({sha256_hex("bob"), "b1", 10, 10, 100});
    accounts->delete_account("b1");
    EXPECT_FALSE(accounts->find_by_id("b1"));
    EXPECT_EQ(column("SELECT count(*) FROM account_sessions WHERE account_id = 'b1'"),
              std::vector<std::string>{"0"});
    EXPECT_EQ(column("SELECT count(*) FROM invitations WHERE used_by = 'b1'"),
              std::vector<std::string>{"0"});
    EXPECT_EQ(accounts->insert_account(an_account("c1", "Cid"), sha256_hex("i"), 8),
              AccountInsert::invitation_unusable);
}

// A version 7 database gains the account tables and keeps its games, on both back ends.
TEST_P(StoreBackendTest, AVersion7DatabaseGainsTheAccountTables) {
    GameRow playing = full_game("playing");
    {
        const auto store = open_store(db_);
        store->insert_game(playing);
    }
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    for (const char* sql : kUndoVersion9) exec(sql);
    for (const char* sql : kUndoVersion8) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 7" : "PRAGMA user_version=7");
    EXPECT_THROW(open_account_store(db_), StoreError);  // no accounts table at version 7
    const auto store = open_store(db_);
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    auto stored = store->load_game("playing");
    ASSERT_TRUE(stored);
    expect_same(stored->game, playing);
    const auto accounts = open_account_store(db_);
    EXPECT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
              AccountInsert::inserted);
    EXPECT_EQ(column("SELECT name FROM accounts"), std::vector<std::string>{"Ann"});
}

// Version 9: a seek is taken once (of two accepting, one gets it; a refusal inside leaves it);
// an account game is settled once it is over as stored, its Rater's ratings written with the
// ratings before and after, and never again; the games over but unsettled are found.
// Quick pairing: two seeks become one game once, in one transaction (a seek gone, or the same
// twice, pairs nothing), and the game is found from either seek.
TEST_P(StoreBackendTest, TwoQuickSeeksArePairedOnceAndTheGameIsFoundFromEither) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    const auto play = open_play_store(db_);
    for (const auto& [id, name] : {std::pair{"a1", "Ann"}, {"b1", "Bob"}, {"c1", "Cy"}})
        ASSERT_EQ(accounts->insert_account(an_account(id, name), std::nullopt, 1),
                  AccountInsert::inserted);
    for (const auto& [id, account] : {std::pair{"qa", "a1"}, {"qb", "b1"}, {"qc", "c1"}}) {
        SeekRow seek;
        seek.id = id;
        seek.account_id = account;
        seek.rated = true;
        seek.pool = "blitz";
        seek.quick = "5+3";
        seek.created_at = 5;
        play->insert_seek(seek);
    }
    EXPECT_EQ(play->seeks(10).at(0).quick, "5+3");
    AccountGameRow game;
    game.game_id = "gq";
    game.seek_id = "qa";
    game.second_seek_id = "qb";
    game.white_account = "a1";
    game.black_account = "b1";
    game.rated = true;
    game.pool = "blitz";
    game.created_at = 10;
    EXPECT_FALSE(play->pair_seeks("qa", "qa", {bare_game("gq"), game}));
    EXPECT_TRUE(play->pair_seeks("qa", "qb", {bare_game("gq"), game}));
    game.game_id = "gq2";
    EXPECT_FALSE(play->pair_seeks("qb", "qc", {bare_game("gq2"), game}));  // qb is taken
    EXPECT_EQ(play->seeks(10).size(), 1u);                                 // qc waits on
    EXPECT_FALSE(store->load_game("gq2"));  // nothing of a pairing that failed
    // The game's row came with the pairing.
    EXPECT_EQ(store->load_game("gq")->game.id, "gq");
    for (const char* seek : {"qa", "qb"}) {
        const auto found = play->find_game_of_seek(seek);
        ASSERT_TRUE(found) << seek;
        EXPECT_EQ(found->game_id, "gq");
    }
    EXPECT_FALSE(play->find_game_of_seek("qc"));
    EXPECT_FALSE(play->find_account_game("gq2"));
}

TEST_P(StoreBackendTest, SeeksAreTakenOnceAndAnAccountGameIsSettledOnce) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    const auto play = open_play_store(db_);
    ASSERT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
              AccountInsert::inserted);
    ASSERT_EQ(accounts->insert_account(an_account("b1", "Bob"), std::nullopt, 1),
              AccountInsert::inserted);
    SeekRow seek;
    seek.id = "s1";
    seek.account_id = "a1";
    seek.rated = true;
    seek.pool = "blitz";
    seek.clock_initial_ms = 300'000;
    seek.clock_increment_ms = 3'000;
    seek.start_type = "double960";
    seek.start_number = 17;
    seek.min_rating = 1200;
    seek.created_at = 5;
    play->insert_seek(seek);
    const auto listed = play->seeks(10);
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].account_name, "Ann");
    EXPECT_EQ(listed[0].start_number, 17);
    EXPECT_FALSE(listed[0].start_black);
    EXPECT_EQ(listed[0].min_rating, 1200);
    EXPECT_FALSE(listed[0].seeker_rating);
    EXPECT_EQ(play->count_seeks("a1"), 1);

    GameRow game = bare_game("g1");
    game.result = "*";
    game.termination = std::nullopt;
    game.updated_at = 86'400'000;
    game.clock_initial_ms = game.clock_per_move_ms = 3 * 86'400'000;  // correspondence
    auto make = [&](const SeekRow& s) {
        AccountGameRow g;
        g.game_id = "g1";
        g.white_account = s.account_id;
        g.black_account = "b1";
        g.rated = s.rated;
        g.pool = s.pool;
        g.created_at = 10;
        return NewAccountGame{game, g};
    };
    EXPECT_THROW(
        play->accept_seek(
            "s1", [](const SeekRow&) -> NewAccountGame { throw std::runtime_error("refused"); }),
        std::runtime_error);
    EXPECT_EQ(play->count_seeks("a1"), 1);  // the refusal left it
    EXPECT_TRUE(play->accept_seek("s1", make));
    EXPECT_FALSE(play->accept_seek("s1", make));
    EXPECT_EQ(play->count_seeks("a1"), 0);
    // The game's row came with the seek's acceptance, once.
    EXPECT_EQ(store->load_game("g1")->game.clock_per_move_ms, 3 * 86'400'000);
    int calls = 0;
    const Rater rater = [&](const RatingInput& in) -> std::optional<RatingOutput> {
        ++calls;
        EXPECT_EQ(in.game.result, "1-0");
        EXPECT_FALSE(in.white);  // first games in the pool
        EXPECT_FALSE(in.black);
        RatingRow before{"blitz", 1500, 500, 0.09, 0, std::nullopt};
        RatingRow white{"blitz", 1662.2108, 290.2305, 0.0899998, 1, in.game.updated_at};
        RatingRow black{"blitz", 1337.7892, 290.2305, 0.0899998, 1, in.game.updated_at};
        return RatingOutput{before, before, white, black};
    };
    EXPECT_EQ(play->rate_game("g1", rater), RateOutcome::in_play);
    EXPECT_EQ(play->rate_game("nope", rater), RateOutcome::unknown);
    EXPECT_TRUE(play->unsettled_games(10).empty());
    game.result = "1-0";
    game.termination = "checkmate";
    store->update_game(game);
    EXPECT_EQ(play->unsettled_games(10), std::vector<std::string>{"g1"});
    EXPECT_EQ(play->rate_game("g1", rater), RateOutcome::settled);
    EXPECT_EQ(play->rate_game("g1", rater), RateOutcome::already_settled);
    EXPECT_EQ(calls, 1);
    EXPECT_TRUE(play->unsettled_games(10).empty());
    const auto ann = play->ratings("a1");
    ASSERT_EQ(ann.size(), 1u);
    EXPECT_EQ(ann[0].pool, "blitz");
    EXPECT_EQ(ann[0].rating, 1662.2108);  // exact: doubles round-trip
    EXPECT_EQ(ann[0].volatility, 0.0899998);
    EXPECT_EQ(ann[0].games, 1);
    EXPECT_EQ(ann[0].last_played, 86'400'000);
    const auto settled = play->find_account_game("g1");
    ASSERT_TRUE(settled);
    EXPECT_EQ(settled->settled_at, 86'400'000);
    EXPECT_EQ(settled->white_name, "Ann");
    ASSERT_TRUE(settled->black_before && settled->black_after);
    EXPECT_EQ(settled->black_before->rating, 1500);
    EXPECT_EQ(settled->black_after->rating, 1337.7892);
    EXPECT_EQ(play->account_games({"b1", "loss", "blitz", 518, std::nullopt, 10}).size(), 0u);
    EXPECT_EQ(play->account_games({"b1", "loss", "blitz", std::nullopt, std::nullopt, 10}).size(),
              1u);
    EXPECT_EQ(play->account_games({"a1", "win", std::nullopt, std::nullopt, 11, 10}).size(), 1u);
    EXPECT_EQ(play->account_games({"a1", "win", std::nullopt, std::nullopt, 10, 10}).size(), 0u);

    // Ann deleted: her rating and seeks go, the game stays Bob's.
    play->insert_seek(seek);
    accounts->delete_account("a1");
    EXPECT_TRUE(play->ratings("a1").empty());
    EXPECT_EQ(play->count_seeks("a1"), 0);
    const auto kept = play->find_account_game("g1");
    ASSERT_TRUE(kept);
    EXPECT_FALSE(kept->white_account);
    EXPECT_EQ(kept->black_account, "b1");
}

TEST_P(StoreBackendTest, AVersion8DatabaseGainsThePlayTables) {
    {
        const auto store = open_store(db_);
        const auto accounts = open_account_store(db_);
        ASSERT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
                  AccountInsert::inserted);
    }
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    for (const char* sql : kUndoVersion9) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 8" : "PRAGMA user_version=8");
    const auto store = open_store(db_);
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    const auto play = open_play_store(db_);
    EXPECT_TRUE(play->ratings("a1").empty());
    EXPECT_EQ(column("SELECT name FROM accounts"), std::vector<std::string>{"Ann"});
}

// Version 10: a version 9 database keeps its seeks (none of them quick) and gains who is online.
TEST_P(StoreBackendTest, AVersion9DatabaseKeepsItsSeeksAndGainsPresence) {
    {
        const auto store = open_store(db_);
        const auto accounts = open_account_store(db_);
        ASSERT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
                  AccountInsert::inserted);
        SeekRow seek;
        seek.id = "s1";
        seek.account_id = "a1";
        seek.pool = "blitz";
        seek.created_at = 5;
        open_play_store(db_)->insert_seek(seek);
    }
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 9" : "PRAGMA user_version=9");
    const auto store = open_store(db_);
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    const auto play = open_play_store(db_);
    const auto seeks = play->seeks(10);
    ASSERT_EQ(seeks.size(), 1u);
    EXPECT_EQ(seeks[0].id, "s1");
    EXPECT_FALSE(seeks[0].quick);
    EXPECT_FALSE(play->update_presence("server-a", {"a1"}, {}, 100));
    ASSERT_EQ(play->online(0).size(), 1u);
    EXPECT_EQ(play->online(0)[0].name, "Ann");
}

// Version 11: an event's player may be an account, kept through an update and a renumbering,
// read with the account's name, and forgotten (the player stays) when the account is deleted.
TEST_P(StoreBackendTest, AnEventPlayerIsAnAccountUntilTheAccountIsDeleted) {
    { const auto store = open_store(db_); }
    const auto accounts = open_account_store(db_);
    ASSERT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
              AccountInsert::inserted);
    const auto events = open_event_store(db_);
    EventRow e = an_event("00000000000000e9", "Swiss", 5);
    e.kind = "swiss";
    events->insert_event(e);
    EventPlayerRow ann;
    ann.number = 1;
    ann.name = "Ann Smith";
    ann.token_hash = sha256_hex("ann");
    ann.account_id = "a1";
    events->insert_player(e.id, ann);
    EventPlayerRow bob = ann;
    bob.number = 2;
    bob.name = "Bob";
    bob.token_hash = sha256_hex("bob");
    bob.account_id.reset();
    events->insert_player(e.id, bob);
    auto loaded = events->load_event(e.id);
    ASSERT_EQ(loaded->players.size(), 2u);
    EXPECT_EQ(loaded->players[0].account_id, "a1");
    EXPECT_EQ(loaded->players[0].account_name, "Ann");
    EXPECT_FALSE(loaded->players[1].account_id);
    EXPECT_EQ(loaded->players[1].account_name, "");
    ann.rating = 2100;
    events->update_player(e.id, ann);
    ann.number = 2;
    bob.number = 1;
    events->renumber_players(e.id, {bob, ann}, {});
    loaded = events->load_event(e.id);
    EXPECT_EQ(loaded->players[1].account_id, "a1");
    EXPECT_EQ(loaded->players[1].rating, 2100);
    accounts->delete_account("a1");
    loaded = events->load_event(e.id);
    ASSERT_EQ(loaded->players.size(), 2u);
    EXPECT_EQ(loaded->players[1].name, "Ann Smith");
    EXPECT_FALSE(loaded->players[1].account_id);
}

// Who is online: an account is online while a live server has it; a server that stops renewing
// its row is dropped with its accounts, and those online nowhere else are the ones returned
// (their seeks are to go); an account's deletion takes it out.
TEST_P(StoreBackendTest, PresenceFollowsTheLiveServers) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    for (const auto& [id, name] : {std::pair{"a1", "Ann"}, {"b2", "Bob"}, {"c3", "Cy"}})
        ASSERT_EQ(accounts->insert_account(an_account(id, name), std::nullopt, 1),
                  AccountInsert::inserted);
    const auto play = open_play_store(db_);
    EXPECT_FALSE(play->update_presence("A", {"a1", "b2"}, {}, 1'000));  // a new row
    EXPECT_FALSE(play->update_presence("B", {"b2", "c3", "nobody"}, {}, 1'000));
    EXPECT_TRUE(play->update_presence("A", {}, {}, 2'000));  // renewed
    auto names = [&](std::int64_t since) {
        std::vector<std::string> out;
        for (const PresenceRow& row : play->online(since)) out.push_back(row.name);
        return out;
    };
    EXPECT_EQ(names(500), (std::vector<std::string>{"Ann", "Bob", "Cy"}));
    EXPECT_EQ(names(1'500), (std::vector<std::string>{"Ann", "Bob"}));  // B not seen since
    EXPECT_TRUE(play->online_elsewhere("b2", "B", 1'500));
    EXPECT_FALSE(play->online_elsewhere("c3", "A", 1'500));
    EXPECT_FALSE(play->online_elsewhere("a1", "A", 500));
    // B is dropped: Cy was online only there, Bob is still on A.
    EXPECT_EQ(play->drop_servers_seen_before(1'500), std::vector<std::string>{"c3"});
    EXPECT_TRUE(play->drop_servers_seen_before(1'500).empty());  // once
    EXPECT_FALSE(play->update_presence("B", {}, {}, 3'000));     // taken for dead: to write again
    EXPECT_TRUE(play->update_presence("A", {}, {"b2"}, 3'000));
    EXPECT_EQ(names(2'500), std::vector<std::string>{"Ann"});
    accounts->delete_account("a1");
    EXPECT_TRUE(names(0).empty());
    play->update_presence("A", {"b2"}, {}, 4'000);
    play->drop_server("A");
    EXPECT_TRUE(names(0).empty());
}

// A deleted account leaves none of its bytes in the SQLite file (secure_delete on the accounts'
// connection zeroes the deleted rows): neither its name nor its display name nor its hash.
TEST_F(StoreTest, ADeletedAccountLeavesNoBytesInTheFile) {
    AccountRow gone = an_account("a1", "Zebedee");
    gone.display_name = "Zebedee Quuxworth";
    {
        const auto store = open_store(path_);
        const auto accounts = open_account_store(path_);
        for (int i = 0; i < 20; ++i)  // neighbours on the same pages
            ASSERT_EQ(accounts->insert_account(
                          an_account("k" + std::to_string(i), "Keeper" + std::to_string(i)),
                          std::nullopt, 1),
                      AccountInsert::inserted);
        ASSERT_EQ(accounts->insert_account(gone, std::nullopt, 1), AccountInsert::inserted);
        accounts->insert_session({sha256_hex("zebedee's session"), "a1", 1, 1, 100});
        accounts->delete_account("a1");
    }
    EXPECT_FALSE(fs::exists(path_ + "-wal"));
    const std::string bytes = read_bytes(path_);
    EXPECT_NE(bytes.find("Keeper7"), std::string::npos);  // the search works
    EXPECT_EQ(bytes.find("Zebedee"), std::string::npos);
    EXPECT_EQ(bytes.find(sha256_hex("zebedee's session")), std::string::npos);
}

}  // namespace
}  // namespace chess960::server
