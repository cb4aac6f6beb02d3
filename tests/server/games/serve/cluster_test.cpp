// Two `chess960 serve` instances on one PostgreSQL database (ctest games_serve_tests_postgres): a
// game is played and watched through either, a move is accepted by exactly one of them when both
// get it at once, and a watcher on one hears of a move made on the other (LISTEN/NOTIFY). On SQLite
// (one server per file) these tests are skipped.
#include <future>
#include <map>
#include <random>
#include <utility>

#include "games/analysis.hpp"
#include "server_support.hpp"

namespace chess960::testing {
namespace {

class ServerClusterTest : public ServerTest {
  protected:
    void SetUp() override {
        ServerTest::SetUp();
        if (!on_postgres()) GTEST_SKIP() << "several servers share a PostgreSQL database only";
        start_other();
    }
    void TearDown() override {
        stop_other();
        ServerTest::TearDown();
    }
    void start_other() {
        other_ = std::make_unique<server::Server>(options_);
        other_port_ = other_->bind();
        other_thread_ = std::thread([this] { other_->run(); });
        other_client_ = std::make_unique<httplib::Client>("127.0.0.1", other_port_);
        other_client_->set_read_timeout(10, 0);
    }
    void stop_other() {
        if (!other_) return;
        other_->stop();
        other_thread_.join();
        other_.reset();
    }
    // Both servers again with `limits`.
    void restart_both(const server::GameLimits& limits) {
        stop_other();
        options_.limits = limits;
        restart();
        start_other();
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

// The servers' notices of stored changes (LISTEN on their channel): each change a server stores
// is notified once, when its transaction commits, so the notices of a game count its stored
// changes.
class StoredChanges {
  public:
    explicit StoredChanges(const std::string& uri) : conn_(PQconnectdb(uri.c_str())) {
        if (PQstatus(conn_) != CONNECTION_OK)
            throw std::runtime_error(std::string("cannot connect: ") + PQerrorMessage(conn_));
        PQclear(PQexec(conn_, "LISTEN chess960_games"));
    }
    ~StoredChanges() { PQfinish(conn_); }
    StoredChanges(const StoredChanges&) = delete;
    StoredChanges& operator=(const StoredChanges&) = delete;
    // The changes of game `id` notified since the last call (within `wait`).
    int of(const std::string& id, std::chrono::milliseconds wait = std::chrono::milliseconds(0)) {
        std::this_thread::sleep_for(wait);
        PQconsumeInput(conn_);
        while (PGnotify* notice = PQnotifies(conn_)) {
            const std::string payload = notice->extra;  // "<origin> <game>"
            const std::string game = payload.substr(payload.find(' ') + 1);
            ++counts_[game];
            origins_[game] += payload.substr(0, payload.find(' ')) + " ";
            PQfreemem(notice);
        }
        last_origins_ = std::exchange(origins_[id], "");
        return std::exchange(counts_[id], 0);
    }
    // The stores that sent the notices the last call counted (each store's random name).
    const std::string& last_origins() const { return last_origins_; }

  private:
    PGconn* conn_;
    std::map<std::string, int> counts_;
    std::map<std::string, std::string> origins_;
    std::string last_origins_;
};

// The messages a watcher has been sent until none comes for `quiet`.
std::vector<Json> drain(WsClient& watcher, std::chrono::milliseconds quiet) {
    std::vector<Json> messages;
    while (auto message = watcher.receive(quiet)) messages.push_back(*message);
    return messages;
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

// The per-client limits hold in total across the servers (the database keeps them): a client
// creating games through both gets one allowance, not one per server, and another address has
// its own.
TEST_F(ServerClusterTest, GameCreationsThroughTwoServersShareOneAllowance) {
    server::GameLimits limits;
    limits.games_per_minute = 1;  // no token comes back during the test
    limits.games_burst = 6;
    restart_both(limits);
    HttpClient first(port_), second(other_port_);
    int created = 0, refused = 0, without_retry_after = 0;
    for (int i = 0; i < 20; ++i) {
        HttpClient::Response r =
            (i % 2 ? second : first).post("/api/games", Json{{"opponent", "friend"}});
        if (r.status == 201) {
            ++created;
        } else {
            ASSERT_EQ(r.status, 429) << r.body;
            ++refused;
            if (std::atoi(r.header("retry-after").c_str()) < 1) ++without_retry_after;
        }
    }
    std::cout << "20 creations from one address through two servers: " << created << " created, "
              << refused << " answered 429\n";
    // Per server it would have been 6 on each.
    EXPECT_EQ(created, 6);
    EXPECT_EQ(without_retry_after, 0);
    EXPECT_EQ(HttpClient(other_port_, "127.0.0.2")
                  .post("/api/games", Json{{"opponent", "friend"}})
                  .status,
              201);
}

// Moves take from one allowance across the servers too: the token is taken in the transaction
// that stores the move, so a client playing through both servers gets the burst once, not once
// per server; the move refused is not stored, the game stays where it was on both, and another
// address has its own allowance.
TEST_F(ServerClusterTest, MovesThroughTwoServersShareOneAllowance) {
    server::GameLimits limits;
    limits.moves_per_second = 0.01;  // no token comes back during the test
    limits.moves_burst = 6;
    restart_both(limits);
    const Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_FALSE(g.id.empty());
    std::vector<std::string> legal;
    const Reply first_legal = get("/api/games/" + g.id + "/legal");
    for (const Json& m : first_legal.body["moves"]) legal.push_back(m["uci"]);
    int accepted = 0, ply = 0;
    Reply refused;
    for (int i = 0; i < 12 && refused.status == 0; ++i) {
        // White through the first server, Black through the second.
        const std::string& token = ply % 2 ? g.black : g.white;
        Reply r = ply % 2 ? other_move(g, legal.front(), token, ply)
                          : post("/api/games/" + g.id + "/moves",
                                 Json{{"move", legal.front()}, {"ply", ply}}, token);
        if (r.status == 429) {
            refused = r;
            break;
        }
        ASSERT_EQ(r.status, 200) << r.text;
        ++accepted;
        ++ply;
        legal = r.body["legal"].get<std::vector<std::string>>();
        ASSERT_FALSE(legal.empty());
    }
    std::cout << "moves from one address through two servers: " << accepted << " accepted, then "
              << refused.status << " " << refused.text << "\n";
    // Per server it would have been 6 on each: 12 accepted.
    EXPECT_EQ(accepted, 6);
    ASSERT_EQ(refused.status, 429);
    EXPECT_NE(refused.text.find("too many moves"), std::string::npos) << refused.text;
    auto retry_after = refused.headers.find("Retry-After");
    ASSERT_NE(retry_after, refused.headers.end());
    EXPECT_GE(std::atoi(retry_after->second.c_str()), 1);
    EXPECT_TRUE(both_at(g.id, 6));
    // The refused move was not stored: the game read again from the database is at ply 6.
    stop_other();
    start_other();
    EXPECT_EQ(other_get("/api/games/" + g.id).body["ply"], 6);
    // Another address plays on (here the other seat's move from 127.0.0.2, through the second
    // server: its bucket is full).
    HttpClient elsewhere(other_port_, "127.0.0.2");
    HttpClient::Response r = elsewhere.post("/api/games/" + g.id + "/moves",
                                            Json{{"move", legal.front()}, {"ply", 6}}, g.white);
    EXPECT_EQ(r.status, 200) << r.body;
}

// The analysis board's positions too: a client analysing through both servers gets one burst
// (30, and 4 a second after it), not one per server.
TEST_F(ServerClusterTest, AnalysesThroughTwoServersShareOneAllowance) {
    // Mated positions cost no search, so only the limit decides.
    const Json mated{{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}};
    HttpClient first(port_), second(other_port_);
    const server::AnalysisOptions defaults;
    int accepted = 0, refused = 0;
    const auto begin = std::chrono::steady_clock::now();
    for (int i = 0; i < 80; ++i) {
        HttpClient::Response r = (i % 2 ? second : first).post("/api/analysis", mated);
        if (r.status == 200) {
            ++accepted;
        } else {
            ASSERT_EQ(r.status, 429) << r.body;
            EXPECT_GE(std::atoi(r.header("retry-after").c_str()), 1);
            ++refused;
        }
    }
    const double seconds = elapsed_ms(begin) / 1000;
    std::cout << "80 analyses from one address through two servers in " << seconds
              << " s: " << accepted << " answered, " << refused << " answered 429\n";
    EXPECT_GE(accepted, int(defaults.burst));
    EXPECT_LE(accepted, int(defaults.burst + defaults.rate_per_second * seconds) + 1);
    // Per server it would have been at least 2 x 30.
    EXPECT_LT(accepted, 2 * int(defaults.burst));
}

// Events (created or given a round) take from a per-client rate of their own, held in total
// across the servers too.
TEST_F(ServerClusterTest, EventCreationsThroughTwoServersShareOneAllowance) {
    server::GameLimits limits;
    limits.games_per_minute = 1;  // the events' rate too (server.cpp)
    limits.games_burst = 4;
    restart_both(limits);
    HttpClient first(port_), second(other_port_);
    int created = 0;
    for (int i = 0; i < 10; ++i) {
        HttpClient::Response r =
            (i % 2 ? second : first).post("/api/events", Json{{"name", "Open"}, {"rounds", 1}});
        if (r.status == 201)
            ++created;
        else
            ASSERT_EQ(r.status, 429) << r.body;
    }
    std::cout << "10 events from one address through two servers: " << created << " created\n";
    EXPECT_EQ(created, 4);  // per server it would have been 4 on each
    // Games have a bucket of their own.
    EXPECT_EQ(first.post("/api/games", Json{{"opponent", "friend"}}).status, 201);
}

// Engine games in play are counted from the stored games: a client's games created through
// either server count together, and a game finished through the other server frees its place.
TEST_F(ServerClusterTest, EngineGamesInPlayAreCountedAcrossServers) {
    server::GameLimits limits;
    limits.games_per_minute = 0;
    limits.engine_games = 2;
    restart_both(limits);
    // The human White moves first: the engine does not think meanwhile.
    const Json engine_game = {{"opponent", "engine"}, {"color", "white"}, {"level", 1}};
    HttpClient first(port_), second(other_port_);
    HttpClient::Response a = first.post("/api/games", engine_game);
    ASSERT_EQ(a.status, 201) << a.body;
    ASSERT_EQ(second.post("/api/games", engine_game).status, 201);
    HttpClient::Response third_first = first.post("/api/games", engine_game);
    HttpClient::Response third_second = second.post("/api/games", engine_game);
    std::cout << "a third engine game: " << third_first.status << " " << third_first.body << "\n";
    EXPECT_EQ(third_first.status, 429);
    EXPECT_EQ(third_second.status, 429);
    EXPECT_GE(std::atoi(third_second.header("retry-after").c_str()), 1);
    // A game between friends is no engine game; another address has its own two.
    EXPECT_EQ(second.post("/api/games", Json{{"opponent", "friend"}}).status, 201);
    EXPECT_EQ(HttpClient(port_, "127.0.0.2").post("/api/games", engine_game).status, 201);
    // The game created on the first server, resigned through the second: its place is free on
    // both.
    const std::string id = a.json["id"];
    ASSERT_EQ(second.post("/api/games/" + id + "/resign", Json::object(), a.json["tokens"]["white"])
                  .status,
              200);
    EXPECT_EQ(first.post("/api/games", engine_game).status, 201);
    EXPECT_EQ(second.post("/api/games", engine_game).status, 429);
}

// A timed game whose clock runs out with both servers up flags once: the result is stored by
// one of them (one stored change), and each watcher, on either server, hears of the end once.
// Each trial makes both servers find the flag at once: White moves through both just after
// White's time is up (each server applies the deadline before the move), racing their own
// deadline timers too.
TEST_F(ServerClusterTest, ATimedGameFlagsOnceWithBothServersUp) {
    constexpr int kTrials = 10;
    StoredChanges changes(postgres_->uri());
    int both_refused = 0, trials = 0;
    for (int trial = 0; trial < kTrials; ++trial, ++trials) {
        Created g = create(Json{{"opponent", "friend"},
                                {"start", {{"type", "number"}, {"number", 518}}},
                                {"clock", {{"initial", 1}, {"increment", 0}}}});
        ASSERT_FALSE(g.id.empty());
        std::vector<std::unique_ptr<WsClient>> watchers;
        for (int port : {port_, other_port_}) {
            watchers.push_back(std::make_unique<WsClient>(port, "/api/games/" + g.id + "/socket"));
            watchers.back()->send(Json{{"type", "hello"}});
            ASSERT_TRUE(watchers.back()->receive_type("game"));
        }
        ASSERT_EQ(move(g, "e4", g.white).status, 200);
        Reply black = other_move(g, "e5", g.black);
        ASSERT_EQ(black.status, 200) << black.text;
        // White's clock runs from the server's moment between the request and the answer.
        const auto flag_at = std::chrono::steady_clock::now() +
                             std::chrono::milliseconds(black.body["state"]["clock"]["white"]);
        ASSERT_TRUE(both_at(g.id, 2));
        // The two moves' notices, which may reach this connection after the servers.
        int move_notices = 0;
        for (int i = 0; i < 200 && move_notices < 2; ++i)
            move_notices += changes.of(g.id, std::chrono::milliseconds(i ? 5 : 0));
        ASSERT_EQ(move_notices, 2) << "trial " << trial;
        std::this_thread::sleep_until(flag_at + std::chrono::milliseconds(1));
        auto on_first = std::async(std::launch::async, [&] {
            httplib::Client client("127.0.0.1", port_);
            client.set_read_timeout(10, 0);
            auto r = client.Post(("/api/games/" + g.id + "/moves").c_str(),
                                 httplib::Headers{{"Authorization", "Bearer " + g.white}},
                                 Json{{"move", "d2d4"}}.dump(), "application/json");
            return r ? r->status : 0;
        });
        const int second = other_move(g, "d2d4", g.white).status;
        const int first = on_first.get();
        both_refused += first == 409 && second == 409;
        EXPECT_EQ(first, 409) << "trial " << trial;
        EXPECT_EQ(second, 409) << "trial " << trial;

        EXPECT_EQ(changes.of(g.id, std::chrono::milliseconds(500)), 1)
            << "trial " << trial << ": the flag stored other than once, by "
            << changes.last_origins();
        for (std::size_t w = 0; w < watchers.size(); ++w) {
            int ends = 0;
            std::string seen;
            for (const Json& message : drain(*watchers[w], std::chrono::milliseconds(300))) {
                seen += message.dump().substr(0, 120) + "\n";
                const Json& state = message.contains("state") ? message["state"] : Json();
                if (state.is_object() && state.value("status", "") == "over") {
                    ++ends;
                    EXPECT_EQ(state["termination"], "time");
                    EXPECT_EQ(state["result"], "0-1");
                }
            }
            EXPECT_EQ(ends, 1) << "trial " << trial << ", the watcher on server " << w + 1
                               << " got:\n"
                               << seen;
        }
        for (const Json& view :
             {get("/api/games/" + g.id).body, other_get("/api/games/" + g.id).body}) {
            EXPECT_EQ(view["status"], "over");
            EXPECT_EQ(view["termination"], "time");
            EXPECT_EQ(view["result"], "0-1");
        }
        test::PgRaw db(postgres_->uri());
        EXPECT_EQ(
            db.column("SELECT result || ' ' || termination FROM games WHERE id = '" + g.id + "'"),
            std::vector<std::string>{"0-1 time"});
        if (HasFailure()) break;
    }
    std::cout << trials << " flags with both servers up, " << both_refused
              << " with White's move refused by both\n";
}

// The engine's move is computed by one server, the one that claims it; when that server stops
// while thinking, the other takes the move over and stores it, once.
TEST_F(ServerClusterTest, AnEngineMoveIsTakenOverWhenTheThinkingServerStops) {
    // Level 8: 2 s a move; the engine White moves first, on the server the game is created on.
    Created g = create(Json{{"opponent", "engine"},
                            {"color", "black"},
                            {"level", 8},
                            {"start", {{"type", "number"}, {"number", 518}}}});
    ASSERT_FALSE(g.id.empty());
    Json view = wait_for_game(g.id, 2, [](const Json& v) { return v["thinking"] == true; });
    ASSERT_EQ(view["thinking"], true) << view.dump();
    // The other server, asked for the game, loads it and tries to claim the move: it must not
    // think while the first does.
    WsClient watcher(other_port_, "/api/games/" + g.id + "/socket");
    watcher.send(Json{{"type", "hello"}});
    ASSERT_TRUE(watcher.receive_type("game"));
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1200);
    while (std::chrono::steady_clock::now() < until) {
        Json other = other_get("/api/games/" + g.id).body;
        ASSERT_EQ(other["thinking"], false) << "both servers think";
        ASSERT_EQ(other["ply"], 0);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    // The first server stops while it thinks (its claim goes with it).
    ASSERT_EQ(get("/api/games/" + g.id).body["ply"], 0);
    const auto stopped = std::chrono::steady_clock::now();
    stop();
    // Stopped before its search ended (2 s): it stored nothing, so the move to come is the
    // other server's.
    test::PgRaw db(postgres_->uri());
    ASSERT_EQ(db.column("SELECT count(*) FROM moves WHERE game_id = '" + g.id + "'"),
              std::vector<std::string>{"0"})
        << "the first server stored its move before it was stopped";
    auto moved = watcher.receive_type("move", std::chrono::seconds(10));
    ASSERT_TRUE(moved) << "the other server did not take the engine's move over";
    const double takeover_ms = elapsed_ms(stopped);
    EXPECT_EQ((*moved)["move"]["ply"], 1);
    EXPECT_EQ(db.column("SELECT uci FROM moves WHERE game_id = '" + g.id + "'"),
              std::vector<std::string>{(*moved)["move"]["uci"].get<std::string>()});
    // The game goes on through the server left, one engine move a ply.
    Json after = other_get("/api/games/" + g.id).body;
    ASSERT_EQ(after["ply"], 1);
    ASSERT_EQ(other_move(g, "e7e5", g.black).status, 200);
    auto second = watcher.receive_type("move", std::chrono::seconds(10));
    ASSERT_TRUE(second);
    EXPECT_EQ((*second)["move"]["ply"], 2);
    auto third = watcher.receive_type("move", std::chrono::seconds(10));
    ASSERT_TRUE(third);
    EXPECT_EQ((*third)["move"]["ply"], 3);
    EXPECT_EQ(db.column("SELECT count(*) FROM moves WHERE game_id = '" + g.id + "'"),
              std::vector<std::string>{"3"});
    std::cout << "the engine's first move stored by the other server " << takeover_ms
              << " ms after the thinking one was stopped\n";
}

// A takeback asked for through one server and accepted through the other: the second hears of
// the request (LISTEN/NOTIFY) and answers it, and the first reads the game again with its ply
// gone down. A watcher on the second gets the `takeback` event, and after a takeback and a new
// move made on the first in quick succession, the takeback and then the new move.
TEST_F(ServerClusterTest, ATakebackThroughOneServerIsSeenOnTheOther) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string base = "/api/games/" + g.id;
    WsClient watcher(other_port_, base + "/socket");
    watcher.send(Json{{"type", "hello"}});
    ASSERT_TRUE(watcher.receive_type("game"));
    for (const char* m : {"e2e4", "e7e5", "g1f3"})
        ASSERT_EQ(move(g, m, std::string(m) == "e7e5" ? g.black : g.white).status, 200) << m;
    ASSERT_TRUE(both_at(g.id, 3));
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    auto offered = watcher.receive_type("state", std::chrono::seconds(5));
    ASSERT_TRUE(offered);
    EXPECT_EQ((*offered)["state"]["takeback"], "white");
    httplib::Headers black{{"Authorization", "Bearer " + g.black}};
    Reply accepted = reply(
        other_client_->Post((base + "/takeback/accept").c_str(), black, "{}", "application/json"));
    ASSERT_EQ(accepted.status, 200) << accepted.text;
    EXPECT_EQ(accepted.body["ply"], 2);
    auto taken = watcher.receive_type("takeback", std::chrono::seconds(5));
    ASSERT_TRUE(taken);
    EXPECT_EQ((*taken)["ply"], 2);
    EXPECT_TRUE(both_at(g.id, 2));
    EXPECT_EQ(get(base).body["moves"], other_get(base).body["moves"]);
    EXPECT_EQ(get(base).body["legal"], other_get(base).body["legal"]);

    // On the first server: a move, a takeback of it and another move, one after the other.
    ASSERT_EQ(move(g, "b1c3", g.white).status, 200);
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    ASSERT_EQ(post(base + "/takeback/accept", Json::object(), g.black).status, 200);
    ASSERT_EQ(move(g, "d2d4", g.white).status, 200);
    // The second server hears of the three changes a moment later (LISTEN/NOTIFY).
    Json third;
    for (const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
         std::chrono::steady_clock::now() < until;
         std::this_thread::sleep_for(std::chrono::milliseconds(5))) {
        third = other_get(base).body["moves"][2];
        if (third["uci"] == "d2d4") break;
    }
    EXPECT_EQ(third["uci"], "d2d4");
    EXPECT_EQ(get(base).body["moves"], other_get(base).body["moves"]);
    // The watcher's board, rebuilt from its events, is the game's (whether it heard of b1c3
    // before its takeback or only of the game after both).
    std::vector<std::string> board = {"e2e4", "e7e5"};
    for (const Json& message : drain(watcher, std::chrono::milliseconds(500))) {
        if (message["type"] == "move") {
            EXPECT_EQ(message["move"]["ply"], int(board.size()) + 1) << message.dump();
            board.push_back(message["move"]["uci"]);
        }
        if (message["type"] == "takeback") board.resize(message["ply"].get<std::size_t>());
    }
    EXPECT_EQ(board, (std::vector<std::string>{"e2e4", "e7e5", "d2d4"}));
}

}  // namespace
}  // namespace chess960::testing
