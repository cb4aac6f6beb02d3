// Two `chess960 serve` instances on one PostgreSQL database (ctest server_tests_postgres): a game
// is played and watched through either, a move is accepted by exactly one of them when both get
// it at once, and a watcher on one hears of a move made on the other (LISTEN/NOTIFY). On SQLite
// (one server per file) these tests are skipped.
#include <future>
#include <random>

#include "server_support.hpp"

namespace chess960::testing {
namespace {

class ServerClusterTest : public ServerTest {
  protected:
    void SetUp() override {
        ServerTest::SetUp();
        if (!on_postgres()) GTEST_SKIP() << "several servers share a PostgreSQL database only";
        other_ = std::make_unique<server::Server>(options_);
        other_port_ = other_->bind();
        other_thread_ = std::thread([this] { other_->run(); });
        other_client_ = std::make_unique<httplib::Client>("127.0.0.1", other_port_);
        other_client_->set_read_timeout(10, 0);
    }
    void TearDown() override {
        if (other_) {
            other_->stop();
            other_thread_.join();
            other_.reset();
        }
        ServerTest::TearDown();
    }
    // A move through the second server.
    Reply other_move(const Created& g, const std::string& text, const std::string& token,
                     std::optional<int> ply = std::nullopt) {
        Json body{{"move", text}};
        if (ply) body["ply"] = *ply;
        httplib::Headers headers{{"Authorization", "Bearer " + token}};
        return reply(other_client_->Post(("/api/games/" + g.id + "/moves").c_str(), headers,
                                         body.dump(), "application/json"));
    }
    Reply other_get(const std::string& path) { return reply(other_client_->Get(path.c_str())); }
    // Whether both servers show the game at ply `expected` within 5 s (the second hears of the
    // first's changes through LISTEN/NOTIFY, a moment after they are stored).
    bool both_at(const std::string& id, int expected) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (std::chrono::steady_clock::now() < deadline) {
            if (get("/api/games/" + id).body["ply"] == expected &&
                other_get("/api/games/" + id).body["ply"] == expected)
                return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return false;
    }

    std::unique_ptr<server::Server> other_;
    std::thread other_thread_;
    int other_port_ = 0;
    std::unique_ptr<httplib::Client> other_client_;
};

std::string dump(const std::optional<Json>& message) {
    return message ? message->dump() : std::string("(nothing)");
}

// A spectator on the second server sees each move made on the first as its `move` event, and
// the game goes on through either server.
TEST_F(ServerClusterTest, AWatcherOnOneServerSeesTheMovesMadeOnTheOther) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    WsClient watcher(other_port_, "/api/games/" + g.id + "/socket");
    watcher.send(Json{{"type", "hello"}});
    auto first = watcher.receive();
    ASSERT_TRUE(first && (*first)["type"] == "game") << dump(first);

    const char* moves[] = {"e2e4", "e7e5", "g1f3", "b8c6"};
    std::vector<double> latencies;
    for (int i = 0; i < 4; ++i) {
        const std::string& token = i % 2 ? g.black : g.white;
        const auto sent = std::chrono::steady_clock::now();
        // White moves on the first server, Black on the second.
        Reply r = i % 2 ? other_move(g, moves[i], token) : move(g, moves[i], token);
        ASSERT_EQ(r.status, 200) << moves[i] << ": " << r.text;
        auto event = watcher.receive_type("move", std::chrono::seconds(5));
        ASSERT_TRUE(event) << "no move event for " << moves[i];
        latencies.push_back(elapsed_ms(sent));
        EXPECT_EQ((*event)["move"]["uci"], moves[i]);
        EXPECT_EQ((*event)["move"]["ply"], i + 1);
        EXPECT_EQ((*event)["state"]["ply"], i + 1);
    }
    // Both servers hold the game as stored (the first once it has heard of Black's last move).
    EXPECT_TRUE(both_at(g.id, 4));
    std::cout << "move to a watcher on the other server (ms, from the request):";
    for (double ms : latencies) std::cout << " " << ms;
    std::cout << "\n";
}

// 1,000 trials: the same move at the same ply sent to both servers at once. Exactly one accepts
// it (200); the other answers 409, whether its game in memory was already behind (stale ply,
// not your turn) or the store refused its write (the ply is checked in the transaction).
TEST_F(ServerClusterTest, TheSamePlySentToTwoServersAtOnceIsAcceptedOnce) {
    constexpr int kTrials = 1000;
    constexpr int kPliesPerGame = 40;
    std::mt19937 random(960);
    Created g;
    int ply = 0;
    int stored_in_games = 0;
    int accepted_total = 0;
    std::map<int, int> refusals;                     // status -> count
    std::vector<std::pair<std::string, int>> games;  // id, plies accepted
    // Before each trial both servers have heard of the last one (as a player would have, from
    // the move's event): the trial is then the same ply on both.
    for (int trial = 0; trial < kTrials; ++trial) {
        if (!g.id.empty()) {
            ASSERT_TRUE(both_at(g.id, ply)) << "trial " << trial << ": ply " << ply
                                            << ", the servers at " << get("/api/games/" + g.id).text
                                            << " and " << other_get("/api/games/" + g.id).text;
        }
        Json legal;
        if (!g.id.empty()) legal = get("/api/games/" + g.id + "/legal").body["moves"];
        if (g.id.empty() || ply >= kPliesPerGame || legal.empty()) {
            if (!g.id.empty()) games.emplace_back(g.id, ply);
            g = friend_game(Json{{"type", "number"}, {"number", int(random() % 960)}});
            ASSERT_FALSE(g.id.empty());
            ply = 0;
            legal = get("/api/games/" + g.id + "/legal").body["moves"];
        }
        ASSERT_FALSE(legal.empty());
        const std::string uci = legal[random() % legal.size()]["uci"];
        const std::string& token = ply % 2 ? g.black : g.white;
        Json body{{"move", uci}, {"ply", ply}};
        auto on_first = std::async(std::launch::async, [&] {
            httplib::Client client("127.0.0.1", port_);
            client.set_read_timeout(10, 0);
            auto r = client.Post(("/api/games/" + g.id + "/moves").c_str(),
                                 httplib::Headers{{"Authorization", "Bearer " + token}},
                                 body.dump(), "application/json");
            return r ? r->status : 0;
        });
        const int second = other_move(g, uci, token, ply).status;
        const int first = on_first.get();
        const int accepted = (first == 200) + (second == 200);
        ASSERT_EQ(accepted, 1) << "trial " << trial << ": " << first << " and " << second;
        const int refused = first == 200 ? second : first;
        ASSERT_EQ(refused, 409) << "trial " << trial;
        ++refusals[refused];
        ++accepted_total;
        ++ply;
    }
    games.emplace_back(g.id, ply);
    // What is stored is what was accepted, and both servers agree.
    for (const auto& [id, plies] : games) {
        EXPECT_EQ(get("/api/games/" + id).body["ply"], plies) << id;
        EXPECT_EQ(other_get("/api/games/" + id).body["ply"], plies) << id;
        stored_in_games += plies;
    }
    EXPECT_EQ(stored_in_games, kTrials);
    std::cout << kTrials << " trials over " << games.size() << " games: " << accepted_total
              << " accepted, " << refusals[409] << " refused with 409\n";
}

}  // namespace
}  // namespace chess960::testing
