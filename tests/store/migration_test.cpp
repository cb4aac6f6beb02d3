// The schema's versions: databases of versions 1 to 9 migrated in place as they are opened, a
// newer one or another program's refused, stores creating it at once on an empty database; and
// `chess960 serve migrate` (store/migration.hpp) copying every game to another database.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <iostream>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "store/account_game_store.hpp"
#include "store/account_store.hpp"
#include "store/event_store.hpp"
#include "store/migration.hpp"
#include "store/open.hpp"
#include "store/presence_store.hpp"
#include "store/secrets.hpp"
#include "store/seek_store.hpp"
#include "store/sqlite_schema.hpp"
#include "store/store.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

// ---- The databases the store takes ----

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
        for (const char* sql : kUndoVersion14) db.exec(sql);
        for (const char* sql : kUndoVersion13) db.exec(sql);
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

// ---- The migrations from versions 3 to 9 ----

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
        for (const char* sql : kUndoVersion14) db.exec(sql);
        for (const char* sql : kUndoVersion13) db.exec(sql);
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
    for (const char* sql : kUndoVersion14) exec(sql);
    for (const char* sql : kUndoVersion13) exec(sql);
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
    for (const char* sql : kUndoVersion14) exec(sql);
    for (const char* sql : kUndoVersion13) exec(sql);
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
    for (const char* sql : kUndoVersion14) exec(sql);
    for (const char* sql : kUndoVersion13) exec(sql);
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

// A version 7 database gains the account tables and keeps its games, on both back ends.
TEST_P(StoreBackendTest, AVersion7DatabaseGainsTheAccountTables) {
    GameRow playing = full_game("playing");
    {
        const auto store = open_store(db_);
        store->insert_game(playing);
    }
    for (const char* sql : kUndoVersion14) exec(sql);
    for (const char* sql : kUndoVersion13) exec(sql);
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

TEST_P(StoreBackendTest, AVersion8DatabaseGainsThePlayTables) {
    {
        const auto store = open_store(db_);
        const auto accounts = open_account_store(db_);
        ASSERT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
                  AccountInsert::inserted);
    }
    for (const char* sql : kUndoVersion14) exec(sql);
    for (const char* sql : kUndoVersion13) exec(sql);
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    for (const char* sql : kUndoVersion9) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 8" : "PRAGMA user_version=8");
    const auto store = open_store(db_);
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    const auto play = open_play_stores(db_);
    EXPECT_TRUE(play->account_games().ratings("a1").empty());
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
        open_play_stores(db_)->seeks().insert_seek(seek);
    }
    for (const char* sql : kUndoVersion14) exec(sql);
    for (const char* sql : kUndoVersion13) exec(sql);
    for (const char* sql : kUndoVersion12) exec(sql);
    for (const char* sql : kUndoVersion11) exec(sql);
    for (const char* sql : kUndoVersion10) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 9" : "PRAGMA user_version=9");
    const auto store = open_store(db_);
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    const auto play = open_play_stores(db_);
    const auto seeks = play->seeks().seeks(10);
    ASSERT_EQ(seeks.size(), 1u);
    EXPECT_EQ(seeks[0].id, "s1");
    EXPECT_FALSE(seeks[0].quick);
    EXPECT_FALSE(play->presence().update_presence("server-a", {"a1"}, {}, 100));
    ASSERT_EQ(play->presence().online(0).size(), 1u);
    EXPECT_EQ(play->presence().online(0)[0].name, "Ann");
}

// ---- Migration (chess960 serve migrate) ----

// Games of every kind in an SQLite file: in play with a clock whose last moves carry it (a
// move's own row, schema v4), finished ones, some without moves; copied to the back end under
// test (another SQLite file, or PostgreSQL), each read back equal, move by move.
TEST_P(StoreBackendTest, MigrationCopiesEveryGameAndChecksItMoveByMove) {
    // bench/migrate_bench.sh sets CHESS960_MIGRATION_GAMES (10,000: the round trip).
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

}  // namespace
}  // namespace chess960::server::store_test
