// A fact that spans tables is stored whole or not at all, whatever stops the server: the server
// (the built binary, as a process of its own) is killed with SIGKILL between every two statements
// of accepting a seek, of pairing two quick seeks and of storing a rated game's end (with its
// players' ratings), in turn (CHESS960_TEST_KILL_AT, src/server/store/kill_points.hpp), and the
// database is read as it was left: either nothing of the fact or all of it. Then a server started
// again on it shows both players their game. On SQLite and, under lobby_serve_tests_postgres, on
// PostgreSQL.
#include <chrono>
#include <set>
#include <string>
#include <thread>

#include "account_support.hpp"

namespace chess960::testing {
namespace {

// Past any operation's boundaries: a run that reaches this many has not been killed.
constexpr int kMostBoundaries = 40;

class LobbyCrashTest : public AccountsServerTest {
  protected:
    void SetUp() override {
        AccountsServerTest::SetUp();
        ann_ = account("Ann");
        bob_ = account("Bob");
        ann_id_ = column("SELECT id FROM accounts WHERE name = 'Ann'").at(0);
        bob_id_ = column("SELECT id FROM accounts WHERE name = 'Bob'").at(0);
        stop();  // the processes below serve the database from here on
    }

    // A server process on the test's database; killed at `operation`'s boundary n when given.
    std::unique_ptr<ServeProcess> serve(const std::string& operation = "", int n = 0) {
        std::vector<std::pair<std::string, std::string>> env;
        if (!operation.empty())
            env.emplace_back("CHESS960_TEST_KILL_AT", operation + ":" + std::to_string(n));
        auto process = std::make_unique<ServeProcess>(
            options_.db_path, std::vector<std::string>{"--password-cost", "interactive"},
            std::nullopt, env);
        EXPECT_NE(process->port(), 0) << process->errors();
        return process;
    }
    static httplib::Client client_of(const ServeProcess& process) {
        httplib::Client client("127.0.0.1", process.port());
        client.set_read_timeout(10, 0);
        return client;
    }
    // Whether the process was killed (SIGKILL) within `wait`; else it still runs.
    static bool killed(ServeProcess& process, std::chrono::milliseconds wait) {
        const auto status = process.wait_exit(wait);
        if (status) {
            EXPECT_EQ(*status, 128 + 9) << process.errors();
        }
        return status.has_value();
    }
    // A 5+3 seek of Ann's. Her seeks are limited to a few a second (across servers, on
    // PostgreSQL): she waits her turn.
    std::string seek_of_ann(httplib::Client& client, bool rated) {
        const std::string body =
            Json{{"clock", {{"initial", 300}, {"increment", 3}}}, {"rated", rated}}.dump();
        Reply made;
        for (int tries = 0; tries < 10; ++tries) {
            made = reply(client.Post("/api/seeks", bearer(ann_), body, "application/json"));
            if (made.status != 429) break;
            std::this_thread::sleep_for(
                std::chrono::seconds(std::stoi(made.headers.find("Retry-After")->second)));
        }
        EXPECT_EQ(made.status, 201) << made.text;
        return made.body.value("id", "");
    }
    int count(const std::string& sql) { return std::stoi(column(sql).at(0)); }
    std::set<std::string> in_play(httplib::Client& client, const std::string& name,
                                  const std::string& token) {
        std::set<std::string> ids;
        Reply r = reply(
            client.Get(("/api/accounts/" + name + "/games?inPlay=true").c_str(), bearer(token)));
        EXPECT_EQ(r.status, 200) << r.text;
        for (const Json& game : r.body["games"]) ids.insert(game.value("id", ""));
        return ids;
    }
    // Both players find the game among theirs in play, and each holds a seat in it (what the
    // lobby page reads on reconnecting: its games in play, then the game by its session).
    void both_are_shown(httplib::Client& client, const std::string& game) {
        EXPECT_TRUE(in_play(client, "Ann", ann_).contains(game)) << game;
        EXPECT_TRUE(in_play(client, "Bob", bob_).contains(game)) << game;
        std::set<std::string> seats;
        for (const std::string& token : {ann_, bob_}) {
            Reply view = reply(client.Get(("/api/games/" + game).c_str(), bearer(token)));
            EXPECT_EQ(view.status, 200) << view.text;
            seats.insert(view.body.value("you", ""));
        }
        EXPECT_EQ(seats, (std::set<std::string>{"white", "black"})) << game;
    }

    std::string ann_, bob_, ann_id_, bob_id_;
};

TEST_F(LobbyCrashTest, AnAcceptedSeekIsStoredWholeOrNotAtAllWhereverTheServerDies) {
    int killed_runs = 0;
    for (int n = 1; n <= kMostBoundaries; ++n) {
        auto process = serve("accept_seek", n);
        httplib::Client client = client_of(*process);
        const std::string seek = seek_of_ann(client, false);
        const int games_before = count("SELECT COUNT(*) FROM games");
        auto accepted = client.Post(("/api/seeks/" + seek + "/accept").c_str(), bearer(bob_), "",
                                    "application/json");
        const bool was_killed = killed(*process, std::chrono::seconds(accepted ? 1 : 10));
        if (!was_killed) {
            // Past the last boundary: accepted in full.
            ASSERT_TRUE(accepted);
            EXPECT_EQ(accepted->status, 201) << accepted->body;
        }
        // The database as the server left it.
        const int seeks = count("SELECT COUNT(*) FROM seeks WHERE id = '" + seek + "'");
        const auto game = column(
            "SELECT ag.game_id FROM account_games ag JOIN games g ON g.id = ag.game_id "
            "WHERE ag.seek_id = '" +
            seek + "'");
        const int account_games =
            count("SELECT COUNT(*) FROM account_games WHERE seek_id = '" + seek + "'");
        const int games_after = count("SELECT COUNT(*) FROM games");
        if (seeks == 1) {
            EXPECT_EQ(account_games, 0) << "boundary " << n;
            EXPECT_EQ(games_after, games_before) << "boundary " << n;
        } else {
            EXPECT_EQ(seeks, 0);
            ASSERT_EQ(game.size(), 1u) << "boundary " << n << ": the seek went without its game";
            EXPECT_EQ(account_games, 1) << "boundary " << n;
            EXPECT_EQ(games_after, games_before + 1) << "boundary " << n;
            const auto sides =
                column("SELECT white_account FROM account_games WHERE game_id = '" + game[0] +
                       "' UNION ALL SELECT black_account FROM account_games WHERE game_id = '" +
                       game[0] + "'");
            EXPECT_EQ(std::set(sides.begin(), sides.end()),
                      (std::set<std::string>{ann_id_, bob_id_}));
        }
        process.reset();
        // Started again: the game is both players', or the seek is still open to accept.
        auto again = serve();
        httplib::Client after = client_of(*again);
        if (seeks == 0) {
            both_are_shown(after, game.at(0));
        } else {
            Reply taken = reply(after.Post(("/api/seeks/" + seek + "/accept").c_str(), bearer(bob_),
                                           "", "application/json"));
            ASSERT_EQ(taken.status, 201) << taken.text;
            both_are_shown(after, taken.body["game"]);
        }
        if (!was_killed) break;
        ++killed_runs;
    }
    // BEGIN, the seek read, the game's row, the account game, the seek taken, COMMIT, after it.
    EXPECT_GE(killed_runs, 6);
    EXPECT_LT(killed_runs, kMostBoundaries) << "never accepted in full";
}

TEST_F(LobbyCrashTest, TwoQuickSeeksArePairedWholeOrNotAtAllWhereverTheServerDies) {
    int killed_runs = 0;
    for (int n = 1; n <= kMostBoundaries; ++n) {
        auto process = serve("pair_seeks", n);
        httplib::Client client = client_of(*process);
        const std::set<std::string> before = in_play(client, "Ann", ann_);
        const int games_before = count("SELECT COUNT(*) FROM games");
        // The second to join may be paired at once, in its own request: killed there, or
        // told it waits.
        ASSERT_EQ(reply(client.Post("/api/pools/5+3", bearer(ann_), "", "application/json")).status,
                  201);
        auto joined = client.Post("/api/pools/5+3", bearer(bob_), "", "application/json");
        bool was_killed = !joined && killed(*process, std::chrono::seconds(10));
        if (!was_killed) {
            ASSERT_TRUE(joined) << "joining failed: " << httplib::to_string(joined.error());
            ASSERT_EQ(joined->status, 201) << joined->body;
        }
        // Or the lobby pairs them at its next pass: killed there, or paired.
        for (int i = 0; i < 200 && !was_killed; ++i) {
            if (count("SELECT COUNT(*) FROM seeks WHERE quick IS NOT NULL") == 0) break;
            was_killed = killed(*process, std::chrono::milliseconds(25));
        }
        if (!was_killed) was_killed = killed(*process, std::chrono::milliseconds(500));
        const int waiting = count("SELECT COUNT(*) FROM seeks WHERE quick IS NOT NULL");
        const int games_after = count("SELECT COUNT(*) FROM games");
        if (waiting == 2) {
            EXPECT_EQ(games_after, games_before) << "boundary " << n;
        } else {
            EXPECT_EQ(waiting, 0) << "boundary " << n << ": one seek taken without the other";
            EXPECT_EQ(games_after, games_before + 1) << "boundary " << n;
        }
        // Every pairing's account game has its game's row, and names both seeks.
        EXPECT_EQ(count("SELECT COUNT(*) FROM account_games WHERE second_seek_id IS NOT NULL AND "
                        "game_id NOT IN (SELECT id FROM games)"),
                  0)
            << "boundary " << n;
        process.reset();
        // Started again: the players waiting are paired (by this server), and both are shown
        // the one game that was made for them.
        auto again = serve();
        httplib::Client after = client_of(*again);
        std::set<std::string> made;
        for (int i = 0; i < 400; ++i) {
            made.clear();
            for (const std::string& id : in_play(after, "Ann", ann_))
                if (!before.contains(id)) made.insert(id);
            if (!made.empty()) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(25));
        }
        ASSERT_EQ(made.size(), 1u) << "boundary " << n;
        both_are_shown(after, *made.begin());
        if (!was_killed) break;
        ++killed_runs;
    }
    // BEGIN, the seeks read, the game's row, the account game, the seeks taken, COMMIT, after.
    EXPECT_GE(killed_runs, 6);
    EXPECT_LT(killed_runs, kMostBoundaries) << "never paired in full";
}

TEST_F(LobbyCrashTest, AGameEndsAndIsRatedTogetherOrNotAtAllWhereverTheServerDies) {
    int killed_runs = 0;
    int rated_games = 0;  // rated games over, each counted once in both ratings
    auto counted = [&] {
        return count(
            "SELECT COALESCE(SUM(games), 0) FROM ratings WHERE pool = 'blitz' AND "
            "account_id IN ('" +
            ann_id_ + "', '" + bob_id_ + "')");
    };
    auto resign = [&](httplib::Client& client, const std::string& game) {
        return client.Post(("/api/games/" + game + "/resign").c_str(), bearer(ann_), "",
                           "application/json");
    };
    for (int n = 1; n <= kMostBoundaries; ++n) {
        auto process = serve("end_game", n);
        httplib::Client client = client_of(*process);
        const std::string seek = seek_of_ann(client, true);
        Reply accepted = reply(client.Post(("/api/seeks/" + seek + "/accept").c_str(), bearer(bob_),
                                           "", "application/json"));
        ASSERT_EQ(accepted.status, 201) << accepted.text;
        const std::string game = accepted.body["game"];
        // Both move (a game resigned before both moved is aborted, and rates nothing): a pawn's
        // step is legal from every start position.
        Reply view = reply(client.Get(("/api/games/" + game).c_str(), bearer(ann_)));
        const bool ann_white = view.body.value("you", "") == "white";
        for (auto [token, move] :
             {std::pair{ann_white ? &ann_ : &bob_, "e3"}, {ann_white ? &bob_ : &ann_, "e6"}}) {
            Reply played =
                reply(client.Post(("/api/games/" + game + "/moves").c_str(), bearer(*token),
                                  Json{{"move", move}}.dump(), "application/json"));
            ASSERT_EQ(played.status, 200) << move << ": " << played.text;
        }
        // The resignation is stored with the game's ratings, in one transaction.
        auto resigned = resign(client, game);
        const bool was_killed = killed(*process, std::chrono::seconds(resigned ? 1 : 10));
        if (!was_killed) {
            ASSERT_TRUE(resigned);
            EXPECT_EQ(resigned->status, 200) << resigned->body;
        }
        // As left: over and settled with both ratings counting it, or in play and unsettled.
        const int over = count("SELECT COUNT(*) FROM games WHERE id = '" + game +
                               "' AND (result <> '*' OR termination IS NOT NULL)");
        const int settled = count("SELECT COUNT(*) FROM account_games WHERE game_id = '" + game +
                                  "' AND settled_at IS NOT NULL");
        EXPECT_EQ(settled, over) << "boundary " << n << ": the game ended without its ratings";
        EXPECT_EQ(counted(), 2 * (rated_games + settled)) << "boundary " << n;
        process.reset();
        // Started again: a game still in play is resigned again, and rated then.
        auto again = serve();
        httplib::Client after = client_of(*again);
        if (!over) {
            auto second = resign(after, game);
            ASSERT_TRUE(second);
            ASSERT_EQ(second->status, 200) << second->body;
        }
        ++rated_games;
        EXPECT_EQ(count("SELECT COUNT(*) FROM account_games WHERE game_id = '" + game +
                        "' AND settled_at IS NOT NULL"),
                  1);
        EXPECT_EQ(counted(), 2 * rated_games) << "boundary " << n;
        Reply players = reply(after.Get(("/api/games/" + game + "/players").c_str()));
        EXPECT_TRUE(players.body.value("settled", false)) << players.text;
        if (!was_killed) break;
        ++killed_runs;
    }
    // BEGIN, the game's row, the account game read, two ratings read and written, the account
    // game settled, COMMIT, after it.
    EXPECT_GE(killed_runs, 8);
    EXPECT_LT(killed_runs, kMostBoundaries) << "never ended in full";
}

// A kill asked for in a form the server cannot read stops it at once, saying what it expects,
// rather than letting a crash test pass for a kill that never came.
TEST_F(LobbyCrashTest, AMalformedKillTargetStopsTheServerWithItsReason) {
    for (const char* bad : {"accept_seek", "accept_seek:0", "accept_seek:x", ":3"}) {
        ServeProcess process(options_.db_path,
                             std::vector<std::string>{"--password-cost", "interactive"},
                             std::nullopt, {{"CHESS960_TEST_KILL_AT", bad}});
        EXPECT_EQ(process.port(), 0) << bad;
        const auto status = process.wait_exit(std::chrono::seconds(10));
        ASSERT_TRUE(status) << bad;
        EXPECT_EQ(*status, 2) << bad;
        EXPECT_NE(process.errors().find("expected <operation>:<n>"), std::string::npos)
            << process.errors();
    }
}

}  // namespace
}  // namespace chess960::testing
