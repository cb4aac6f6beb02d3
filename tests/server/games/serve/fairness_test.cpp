// The engine's fair shares (engine_pool.hpp, analysis.hpp) against a real server: a client that
// arrives while other addresses keep the engine busy is answered within a bound that does not
// grow with their number (the outside probe of 2026-11-28 measured 6.0 to 9.9 s for a level-1
// reply behind 4 addresses x 4 level-8 games, and 503 for everyone once 8 addresses filled the
// analysis queue).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;

namespace {

using chess960::testing::elapsed_ms;
using chess960::testing::HttpClient;
using chess960::testing::ServerTest;

class ServerFairnessTest : public ServerTest {
  protected:
    // Plays `games` level-`level` engine games (the engine White) from `address` as fast as the
    // engine answers, until `done`: a random legal reply as soon as the engine has moved.
    void play_flat_out(const std::string& address, int games, int level, std::atomic<bool>& done,
                       std::atomic<int>& replies) {
        HttpClient client(port_, address);
        std::mt19937 random(std::hash<std::string>{}(address));
        struct Game {
            std::string id, token;
            int ply = 0;
        };
        std::vector<Game> mine;
        auto new_game = [&] {
            HttpClient::Response r = client.post(
                "/api/games", Json{{"opponent", "engine"}, {"color", "black"}, {"level", level}});
            if (r.status != 201) return Game{};
            return Game{r.json["id"], r.json["tokens"]["black"], 0};
        };
        for (int i = 0; i < games; ++i) mine.push_back(new_game());
        while (!done) {
            for (Game& g : mine) {
                if (done) break;
                if (g.id.empty()) {
                    g = new_game();
                    continue;
                }
                const HttpClient::Response view = client.get("/api/games/" + g.id);
                if (view.json.value("status", "") != "active") {
                    g = new_game();
                    continue;
                }
                const int ply = view.json.value("ply", 0);
                if (ply % 2 == 0) continue;  // the engine thinks
                const HttpClient::Response legal = client.get("/api/games/" + g.id + "/legal");
                const Json& moves = legal.json["moves"];
                if (!moves.is_array() || moves.empty()) continue;
                const std::string move = moves[random() % moves.size()]["uci"];
                if (client.post("/api/games/" + g.id + "/moves", Json{{"move", move}}, g.token)
                        .status == 200)
                    ++replies;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
};

TEST_F(ServerFairnessTest, ANewAddressGetsItsEngineReplyWhileFourAddressesPlayLevel8FlatOut) {
    std::atomic<bool> done{false};
    std::atomic<int> replies{0};
    std::vector<std::thread> busy;
    for (int a = 0; a < 4; ++a)
        busy.emplace_back(
            [&, a] { play_flat_out("127.0.0." + std::to_string(2 + a), 4, 8, done, replies); });
    // The engine busy with all sixteen games before the newcomer comes.
    std::this_thread::sleep_for(std::chrono::seconds(3));

    HttpClient newcomer(port_, "127.0.0.20");
    std::vector<double> waits;
    for (int attempt = 0; attempt < 3; ++attempt) {
        const auto asked = std::chrono::steady_clock::now();
        HttpClient::Response game = newcomer.post(
            "/api/games", Json{{"opponent", "engine"}, {"color", "black"}, {"level", 1}});
        ASSERT_EQ(game.status, 201) << game.body;
        const std::string id = game.json["id"];
        int ply = 0;
        while (ply < 1 && elapsed_ms(asked) < 15000) {
            ply = newcomer.get("/api/games/" + id).json.value("ply", 0);
            if (ply < 1) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        waits.push_back(elapsed_ms(asked));
        EXPECT_EQ(ply, 1);
    }
    done = true;
    for (auto& t : busy) t.join();
    std::cout << "4 addresses x 4 level-8 games (" << replies
              << " replies played): a new address's level-1 engine move after";
    for (double w : waits) std::cout << " " << w;
    std::cout << " ms\n";
    for (double w : waits) EXPECT_LT(w, 3000.0) << "the newcomer waited behind the busy addresses";
    EXPECT_GT(replies, 0);
}

TEST_F(ServerFairnessTest, ANewAddressGetsAnAnalysisWhileEightAddressesFloodIt) {
    constexpr const char* kFen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    std::atomic<bool> done{false};
    std::atomic<int> flood_answers{0}, flood_busy{0};
    std::vector<std::thread> flood;
    for (int a = 0; a < 8; ++a)
        for (int k = 0; k < 4; ++k)
            flood.emplace_back([&, a] {
                HttpClient client(port_, "127.0.0." + std::to_string(30 + a));
                while (!done) {
                    const int status = client.post("/api/analysis", Json{{"fen", kFen}}).status;
                    if (status == 200) ++flood_answers;
                    if (status == 503) ++flood_busy;
                    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(20));
                }
            });
    std::this_thread::sleep_for(std::chrono::seconds(2));

    HttpClient newcomer(port_, "127.0.0.50");
    int answered = 0;
    std::vector<double> times;
    for (int attempt = 0; attempt < 3; ++attempt) {
        const auto asked = std::chrono::steady_clock::now();
        HttpClient::Response r = newcomer.post("/api/analysis", Json{{"fen", kFen}});
        times.push_back(elapsed_ms(asked));
        if (r.status == 200 && r.json.contains("best")) ++answered;
        EXPECT_EQ(r.status, 200) << r.body;
    }
    done = true;
    for (auto& t : flood) t.join();
    std::cout << "8 addresses flooding the analysis (" << flood_answers << " answered, "
              << flood_busy << " refused 503): a new address's analyses took";
    for (double t : times) std::cout << " " << t;
    std::cout << " ms\n";
    EXPECT_EQ(answered, 3);
    EXPECT_GT(flood_busy, 0) << "the flood never met the bound";
}

}  // namespace
