// The game store (store/store.hpp) on both back ends: what it keeps and gives back, the games in
// play and the recent ones, Store::write's changes and takebacks, the StoreWriter's group commit,
// and two servers storing the same ply at once.
#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <future>
#include <iostream>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "store/open.hpp"
#include "store/store.hpp"
#include "store/writer.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

// Every TEST_P(StoreBackendTest, ...) of tests/store/, on SQLite and on PostgreSQL.
INSTANTIATE_TEST_SUITE_P(Sqlite, StoreBackendTest, ::testing::Values(Backend::Sqlite));
INSTANTIATE_TEST_SUITE_P(Postgres, StoreBackendTest, ::testing::Values(Backend::Postgres));

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

// ---- Group commit: Store::write and the StoreWriter ----

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

}  // namespace
}  // namespace chess960::server::store_test
