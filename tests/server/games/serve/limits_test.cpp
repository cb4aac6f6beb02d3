// The defences of `chess960 serve` that issue 9 requires, against a real server: slow and
// idle connections, hang-ups, oversized bodies (with the server's memory measured in its own
// process), databases it must not start on, the per-address limits, and a start-up that does
// not grow with the number of finished games. The time bounds are the issue's; each test
// prints what it measured.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "server/server.hpp"
#include "server_support.hpp"
#include "store/open.hpp"

using namespace chess960;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

using chess960::testing::elapsed_ms;
using chess960::testing::EventStream;
using chess960::testing::HttpClient;
using chess960::testing::RawConnection;
using chess960::testing::ServeProcess;
using chess960::testing::ServerTest;
using chess960::testing::status_of;

// The time bounds are for the server as built for use, and the Release run checks them
// as they are. Under AddressSanitizer and UndefinedBehaviorSanitizer our code runs several
// times slower (GET /api/games?limit=20: 0.3 ms in Release, 2 to 7 ms instrumented, on 2 shared
// cores), so that run checks the same behaviour against bounds three times as wide.
#ifdef CHESS960_SANITIZED
constexpr double kTimeScale = 3;
#else
constexpr double kTimeScale = 1;
#endif

// The user the read-only test runs the server as when the tests run as root (nobody on Debian):
// root ignores file modes.
constexpr uid_t kUnprivileged = 65534;

// A finished (or, with `in_play`, a running) friend game of `plies` real moves from start
// position `number`, created at `created_at`.
server::StoredGame short_game(const std::string& id, int number, int plies, std::int64_t created_at,
                              bool in_play = false) {
    server::StoredGame stored;
    server::GameRow& row = stored.game;
    Position pos = startpos::position(number).value();
    row.id = id;
    row.white_token_hash = std::string(64, 'a');
    row.black_token_hash = std::string(64, 'b');
    row.opponent = "friend";
    row.start_number = number;
    row.initial_fen = write_fen(pos);
    row.created_at = created_at;
    row.updated_at = created_at + plies * 1000;
    row.plies = plies;
    if (!in_play) {
        row.result = number % 2 ? "1-0" : "0-1";
        row.termination = "resignation";
    }
    for (int ply = 1; ply <= plies; ++ply) {
        const MoveList legal = pos.legal_moves();
        const Move m = legal.begin()[std::size_t(number + ply) % legal.size()];
        server::MoveRow move;
        move.ply = ply;
        move.uci = to_uci(pos, m, CastlingMode::Chess960);
        move.san = to_san(pos, m);
        pos.play(m);
        move.fen = write_fen(pos);
        move.created_at = created_at + ply * 1000;
        stored.moves.push_back(move);
    }
    return stored;
}

std::string make_temp_dir() {
    char pattern[] = "/tmp/chess960_limits_XXXXXX";
    const char* dir = mkdtemp(pattern);
    EXPECT_NE(dir, nullptr);
    return dir ? dir : "";
}

class ServerLimitsTest : public ServerTest {
  protected:
    // Polls until the server counts `count` open connections (or 2 s pass); the time it took.
    double wait_for_connections(std::size_t count) {
        const auto begin = std::chrono::steady_clock::now();
        while (server_->open_connections() != count && elapsed_ms(begin) < 2000)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return elapsed_ms(begin);
    }
};

// ---- Slow clients, idle connections and hang-ups ----

// 300 open event streams and 50 clients sending their headers a byte every 200 ms: a plain GET
// still answers within 100 ms (the bound), each time.
TEST_F(ServerLimitsTest, OpenStreamsAndSlowHeadersDoNotDelayAPlainGet) {
    constexpr int kStreams = 300, kSlow = 50;
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    std::vector<std::unique_ptr<EventStream>> streams;
    for (int i = 0; i < kStreams; ++i) {
        streams.push_back(std::make_unique<EventStream>(port_, "/api/games/" + g.id + "/events"));
        ASSERT_EQ(streams.back()->status(), 200) << "stream " << i;
    }
    std::vector<std::unique_ptr<RawConnection>> slow;
    for (int i = 0; i < kSlow; ++i) {
        slow.push_back(std::make_unique<RawConnection>(port_));
        ASSERT_TRUE(slow.back()->send("GET /api/startpos/518 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-S"));
    }
    std::atomic<bool> done{false};
    std::atomic<int> dropped{0};
    std::thread trickle([&] {
        while (!done) {
            for (auto& connection : slow)
                if (connection->connected() && !connection->send("s")) {
                    connection->close();
                    ++dropped;
                }
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
    });
    wait_for_connections(std::size_t(kStreams + kSlow));
    const std::size_t open = server_->open_connections();

    std::vector<double> times;
    for (int i = 0; i < 10; ++i) {
        HttpClient client(port_);  // a new connection each time: accept and answer
        const auto begin = std::chrono::steady_clock::now();
        HttpClient::Response r = client.get("/api/startpos/518");
        times.push_back(elapsed_ms(begin));
        EXPECT_EQ(r.status, 200) << r.error;
        EXPECT_EQ(r.json["backRank"], "RNBQKBNR");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    done = true;
    trickle.join();
    std::cout << "with " << open << " connections open (" << kStreams << " event streams, " << kSlow
              << " slow headers), GET /api/startpos/518 took";
    for (double t : times) std::cout << " " << t;
    std::cout << " ms\n";
    EXPECT_EQ(open, std::size_t(kStreams + kSlow));
    EXPECT_EQ(dropped, 0);  // within the 10-second header deadline, still waited for
    for (double t : times) EXPECT_LT(t, 100.0 * kTimeScale);
}

TEST_F(ServerLimitsTest, ASlowHeaderConnectionIsDroppedAtTheHeaderDeadline) {
    options_.header_timeout_ms = 500;
    restart();
    RawConnection slow(port_);
    ASSERT_TRUE(slow.send("GET /api/startpos/518 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
    const auto begin = std::chrono::steady_clock::now();
    bool closed = false;
    while (!closed && elapsed_ms(begin) < 5000) {
        RawConnection::Received r = slow.receive(std::chrono::milliseconds(200));
        EXPECT_TRUE(r.bytes.empty()) << r.bytes;  // dropped without an answer
        closed = r.closed || !slow.send("x");
    }
    const double ms = elapsed_ms(begin);
    std::cout << "a connection sending a header byte every 200 ms was dropped after " << ms
              << " ms (header deadline 500 ms)\n";
    EXPECT_TRUE(closed);
    EXPECT_GE(ms, 400.0);
    EXPECT_LT(ms, 1200.0);
}

TEST_F(ServerLimitsTest, AnIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout) {
    options_.idle_timeout_ms = 500;
    restart();
    RawConnection connection(port_);
    ASSERT_TRUE(connection.send("GET /api/startpos/518 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    const auto begin = std::chrono::steady_clock::now();
    RawConnection::Received r = connection.receive(std::chrono::seconds(5));
    const double ms = elapsed_ms(begin);
    std::cout << "an idle keep-alive connection was closed " << ms
              << " ms after its request (idle timeout 500 ms)\n";
    EXPECT_EQ(status_of(r.bytes), 200) << r.bytes;
    EXPECT_TRUE(r.closed);
    EXPECT_GE(ms, 400.0);
    EXPECT_LT(ms, 1500.0);

    // A connection used again within the timeout stays open.
    RawConnection busy(port_);
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(busy.send("GET /api/startpos/518 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        RawConnection::Received answer = busy.receive(std::chrono::milliseconds(300), "}");
        EXPECT_EQ(status_of(answer.bytes), 200) << answer.bytes;
        EXPECT_FALSE(answer.closed);
    }
}

TEST_F(ServerLimitsTest, AnEventStreamsHangUpIsNoticedAtOnce) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    wait_for_connections(0);  // the fixture's client has closed its connection
    const std::size_t before = server_->open_connections();
    auto stream = std::make_unique<EventStream>(port_, "/api/games/" + g.id + "/events");
    ASSERT_EQ(stream->status(), 200);
    ASSERT_TRUE(stream->next());
    EXPECT_EQ(server_->open_connections(), before + 1);
    stream.reset();  // the client hangs up without a word
    const double ms = wait_for_connections(before);
    std::cout << "an event stream's hang-up was noticed after " << ms << " ms\n";
    EXPECT_EQ(server_->open_connections(), before);
    EXPECT_LT(ms, 200.0);
}

// ---- Oversized bodies ----

TEST_F(ServerLimitsTest, AContentLengthOver64KiBIsAnswered413AtOnce) {
    RawConnection connection(port_);
    ASSERT_TRUE(
        connection.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                        "application/json\r\nContent-Length: 314572800\r\n\r\n"));
    const auto begin = std::chrono::steady_clock::now();
    RawConnection::Received r = connection.receive(std::chrono::seconds(5), "}");
    const double ms = elapsed_ms(begin);
    std::cout << "Content-Length 300 MiB, no body sent: answered after " << ms << " ms\n";
    EXPECT_EQ(status_of(r.bytes), 413) << r.bytes;
    EXPECT_NE(r.bytes.find("larger than 64 KiB"), std::string::npos) << r.bytes;
    // The server did not wait for the body (nothing of it was sent): its body deadline is 30 s.
    EXPECT_LT(ms, 1000.0);
    EXPECT_EQ(get("/api/startpos/518").status, 200);
}

// The server in its own process, so that its memory can be read: a 300 MiB chunked body,
// generated as it is sent, is refused with 413 and costs the server less than 10 MiB.
TEST(ServerLimitsProcess, AHugeChunkedBodyIs413AndCostsTheServerNoMemory) {
    const std::string dir = make_temp_dir();
    ServeProcess server(dir + "/games.db");
    ASSERT_GT(server.port(), 0) << server.errors();
    auto chunked_post = [&](std::size_t total, std::size_t* sent) {
        RawConnection connection(server.port());
        EXPECT_TRUE(connection.send(
            "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n"));
        constexpr std::size_t kChunk = 64 * 1024;
        const std::string chunk = "10000\r\n" + std::string(kChunk, ' ') + "\r\n";
        std::atomic<std::size_t> written{0};
        std::thread writer([&] {
            while (written < total && connection.send(chunk)) written += kChunk;
            if (written >= total) connection.send("0\r\n\r\n");
        });
        RawConnection::Received answer = connection.receive(std::chrono::seconds(30));
        writer.join();
        if (sent) *sent = written;
        return answer;
    };
    {
        // The same path first, on every thread that serves connections (they take connections
        // in turn), so that what each allocates the first time is in the baseline.
        HttpClient client(server.port());
        EXPECT_EQ(client.get("/api/startpos/518").status, 200);
        EXPECT_EQ(client.post("/api/games", Json{{"opponent", "friend"}}).status, 201);
        for (unsigned i = 0; i < 2 * std::max(1u, std::thread::hardware_concurrency()); ++i)
            EXPECT_EQ(status_of(chunked_post(256 * 1024, nullptr).bytes), 413);
    }
    // The baseline once the server's memory has settled (what it sets up lazily after start,
    // about 10 MiB under the sanitizers, once fell between the two readings).
    long before = server.rss_kib();
    for (int i = 0; i < 50; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const long now = server.rss_kib();
        if (std::abs(now - before) < 64 && i >= 2) break;
        before = now;
    }
    std::size_t sent = 0;
    const auto begin = std::chrono::steady_clock::now();
    RawConnection::Received answer = chunked_post(std::size_t(300) << 20, &sent);
    const double ms = elapsed_ms(begin);
    const long after = server.rss_kib();
    std::cout << "300 MiB chunked body: " << status_of(answer.bytes) << " after " << ms
              << " ms; the server read " << sent / 1024 << " KiB before closing; its VmRSS "
              << before << " KiB -> " << after << " KiB\n";
    EXPECT_EQ(status_of(answer.bytes), 413) << answer.bytes.substr(0, 200);
    EXPECT_TRUE(answer.closed);
    ASSERT_GT(before, 0);
    EXPECT_LT(after - before, 10 * 1024);
    EXPECT_EQ(HttpClient(server.port()).get("/api/startpos/518").status, 200);
    EXPECT_EQ(server.stop(), 0) << server.errors();
    fs::remove_all(dir);
}

// ---- Databases `chess960 serve` must not start on ----

class ServerLimitsDatabaseTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = make_temp_dir();
        path_ = dir_ + "/games.db";
    }
    void TearDown() override {
        chmod(dir_.c_str(), 0700);
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }
    // A database with a few hundred finished games, written by the store.
    void make_database(int games) {
        const auto store = server::open_store(path_);
        std::vector<server::StoredGame> batch;
        for (int i = 0; i < games; ++i) {
            char id[17];
            std::snprintf(id, sizeof id, "%016x", unsigned(i));
            batch.push_back(short_game(id, i % 960, 4, 1'700'000'000'000 + i * 60'000));
        }
        store->import_games(batch);
    }
    // `chess960 serve` on the database: it must stop by itself, non-zero, naming the file.
    void expect_refused(std::optional<uid_t> run_as = std::nullopt) {
        ServeProcess server(path_, {}, run_as);
        const std::optional<int> status = server.wait_exit(std::chrono::seconds(20));
        const std::string errors = server.errors();
        std::cout << "exit " << (status ? std::to_string(*status) : "none") << ": " << errors;
        EXPECT_EQ(server.port(), 0) << "it started on port " << server.port();
        ASSERT_TRUE(status) << "still running";
        EXPECT_NE(*status, 0);
        EXPECT_NE(errors.find(path_), std::string::npos) << errors;
    }

    std::string dir_;
    std::string path_;
};

TEST_F(ServerLimitsDatabaseTest, ADamagedDatabaseStopsServe) {
    make_database(400);
    ASSERT_FALSE(fs::exists(path_ + "-wal"));
    constexpr std::size_t kPage = 4096;  // SQLite's default page size
    const std::size_t pages = fs::file_size(path_) / kPage;
    ASSERT_GT(pages, 20u);
    {
        // Four pages in the middle become noise; the header (page 1) stays, so SQLite opens it.
        std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
        std::mt19937 noise(9);
        std::string garbage(4 * kPage, '\0');
        for (char& c : garbage) c = char(noise());
        file.seekp(std::streamoff(pages / 2 * kPage));
        file.write(garbage.data(), std::streamsize(garbage.size()));
    }
    expect_refused();
}

TEST_F(ServerLimitsDatabaseTest, ANewerSchemaStopsServe) {
    make_database(10);
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
        const std::string sql =
            "PRAGMA user_version=" + std::to_string(server::Store::kSchemaVersion + 1);
        EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    expect_refused();
}

// Root ignores file modes, so as root the server runs as an unprivileged user that owns the
// files, as a deployed server would; the same user and files with a writable mode start.
TEST_F(ServerLimitsDatabaseTest, AReadOnlyDatabaseStopsServe) {
    make_database(10);
    std::optional<uid_t> run_as;
    if (geteuid() == 0) {
        run_as = kUnprivileged;
        ASSERT_EQ(chown(dir_.c_str(), kUnprivileged, kUnprivileged), 0);
        ASSERT_EQ(chown(path_.c_str(), kUnprivileged, kUnprivileged), 0);
    }
    {
        ServeProcess writable(path_, {}, run_as);
        ASSERT_GT(writable.port(), 0)
            << "the writable database did not start: " << writable.errors();
        EXPECT_EQ(writable.stop(), 0);
    }
    ASSERT_EQ(chmod(path_.c_str(), 0400), 0);
    for (const char* suffix : {"-wal", "-shm"}) fs::remove(path_ + suffix);
    expect_refused(run_as);
}

// ---- Per-address limits (the defaults of `chess960 serve`) ----

TEST_F(ServerLimitsTest, GameCreationsFromOneAddressAreLimitedButNotAnothers) {
    options_.limits = server::Options{}.limits;
    restart();
    HttpClient local(port_);
    int created = 0, limited = 0, other = 0, without_retry_after = 0;
    const auto begin = std::chrono::steady_clock::now();
    for (int i = 0; i < 2000; ++i) {
        HttpClient::Response r = local.post("/api/games", Json{{"opponent", "friend"}});
        if (r.status == 201) {
            ++created;
        } else if (r.status == 429) {
            ++limited;
            if (std::atoi(r.header("retry-after").c_str()) < 1) ++without_retry_after;
        } else {
            ++other;
        }
    }
    const double seconds = elapsed_ms(begin) / 1000;
    std::cout << "2000 game creations from 127.0.0.1 in " << seconds << " s: " << created
              << " created, " << limited << " answered 429\n";
    const server::GameLimits defaults;
    EXPECT_GE(created, int(defaults.games_burst));
    EXPECT_LE(created, int(defaults.games_burst + defaults.games_per_minute / 60 * seconds) + 1);
    EXPECT_EQ(limited, 2000 - created);
    EXPECT_EQ(other, 0);
    EXPECT_EQ(without_retry_after, 0);

    // Another address is another client: it creates an engine game, and the engine (White)
    // moves within 3 s.
    HttpClient elsewhere(port_, "127.0.0.2");
    const auto asked = std::chrono::steady_clock::now();
    HttpClient::Response game = elsewhere.post(
        "/api/games", Json{{"opponent", "engine"}, {"color", "black"}, {"level", 1}});
    ASSERT_EQ(game.status, 201) << game.body << game.error;
    const std::string id = game.json["id"];
    int ply = 0;
    while (ply < 1 && elapsed_ms(asked) < 3000) {
        ply = elsewhere.get("/api/games/" + id).json.value("ply", 0);
        if (ply < 1) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::cout << "from 127.0.0.2: the engine's first move after " << elapsed_ms(asked) << " ms\n";
    EXPECT_EQ(ply, 1);
}

TEST_F(ServerLimitsTest, MovesOverTheRateAreAnswered429) {
    options_.limits = server::Options{}.limits;
    restart();
    HttpClient client(port_);
    std::mt19937 random(20);
    auto new_game = [&](std::string& id, std::string& token_white, std::string& token_black,
                        std::vector<std::string>& legal) {
        HttpClient::Response r = client.post(
            "/api/games",
            Json{{"opponent", "friend"}, {"start", {{"type", "number"}, {"number", 518}}}});
        ASSERT_EQ(r.status, 201) << r.body;
        id = r.json["id"];
        token_white = r.json["tokens"]["white"];
        token_black = r.json["tokens"]["black"];
        legal.clear();
        const HttpClient::Response moves = client.get("/api/games/" + id + "/legal");
        for (const Json& m : moves.json["moves"]) legal.push_back(m["uci"]);
    };
    std::string id, white, black;
    std::vector<std::string> legal;
    new_game(id, white, black, legal);
    int accepted = 0, ply = 0;
    HttpClient::Response refused;
    const auto begin = std::chrono::steady_clock::now();
    for (int i = 0; i < 400 && refused.status == 0; ++i) {
        if (legal.empty()) {
            new_game(id, white, black, legal);
            ply = 0;
        }
        HttpClient::Response r =
            client.post("/api/games/" + id + "/moves",
                        Json{{"move", legal[random() % legal.size()]}}, ply % 2 ? black : white);
        if (r.status == 429) {
            refused = r;
        } else {
            ASSERT_EQ(r.status, 200) << r.body;
            ++accepted;
            ++ply;
            legal = r.json["legal"].get<std::vector<std::string>>();
        }
    }
    const double seconds = elapsed_ms(begin) / 1000;
    std::cout << accepted << " moves accepted in " << seconds << " s before a 429: " << refused.body
              << " (Retry-After " << refused.header("retry-after") << ")\n";
    ASSERT_EQ(refused.status, 429);
    const server::GameLimits defaults;
    EXPECT_GE(accepted, int(defaults.moves_burst));
    EXPECT_LE(accepted, int(defaults.moves_burst + defaults.moves_per_second * seconds) + 1);
    const int retry_after = std::atoi(refused.header("retry-after").c_str());
    EXPECT_GE(retry_after, 1);
    // After the wait it asks for, the same move is accepted.
    std::this_thread::sleep_for(std::chrono::seconds(retry_after));
    if (legal.empty()) {
        new_game(id, white, black, legal);
        ply = 0;
    }
    EXPECT_EQ(client
                  .post("/api/games/" + id + "/moves", Json{{"move", legal.front()}},
                        ply % 2 ? black : white)
                  .status,
              200);
}

TEST_F(ServerLimitsTest, AFifthEngineGameInPlayIsAnswered429) {
    options_.limits = server::Options{}.limits;
    restart();
    const Json engine_game = {{"opponent", "engine"}, {"color", "white"}, {"level", 1}};
    std::vector<Created> games;
    for (int i = 0; i < 4; ++i) games.push_back(create(engine_game));
    Reply fifth = post("/api/games", engine_game);
    std::cout << "a fifth engine game: " << fifth.status << " " << fifth.text << "\n";
    EXPECT_EQ(fifth.status, 429);
    bool retry_after = false;
    for (const auto& [name, value] : fifth.headers)
        if (name == "Retry-After") retry_after = std::atoi(value.c_str()) >= 1;
    EXPECT_TRUE(retry_after);
    // A game between friends is not an engine game; another address has its own four.
    EXPECT_EQ(post("/api/games", Json{{"opponent", "friend"}}).status, 201);
    EXPECT_EQ(HttpClient(port_, "127.0.0.2").post("/api/games", engine_game).status, 201);
    // Finishing one frees its place.
    ASSERT_EQ(post("/api/games/" + games[0].id + "/resign", Json::object(), games[0].white).status,
              200);
    EXPECT_EQ(post("/api/games", engine_game).status, 201);
}

// Every offer reaches every watcher: a seat's draw offers, takeback requests, rematch offers and
// name changes are limited (the probe sent 300 offers and declines in 1.1 s, 599 events).
TEST_F(ServerLimitsTest, AFloodOfOffersMeetsA429AndItsWatchersAreSpared) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_EQ(move(g, "e2e4", g.white).status, 200);
    ASSERT_EQ(move(g, "e7e5", g.black).status, 200);
    EventStream watcher(port_, "/api/games/" + g.id + "/events");
    ASSERT_EQ(watcher.status(), 200);
    ASSERT_TRUE(watcher.next());  // the whole game
    int offered = 0, limited = 0, other = 0, without_retry_after = 0;
    for (int i = 0; i < 300; ++i) {
        Reply offer = post("/api/games/" + g.id + "/draw/offer", Json::object(), g.white);
        if (offer.status == 200) {
            ++offered;
            EXPECT_EQ(post("/api/games/" + g.id + "/draw/decline", Json::object(), g.black).status,
                      200);
        } else if (offer.status == 429) {
            ++limited;
            if (std::atoi(offer.headers.find("Retry-After") == offer.headers.end()
                              ? "0"
                              : offer.headers.find("Retry-After")->second.c_str()) < 1)
                ++without_retry_after;
            EXPECT_EQ(offer.body["code"], "rate_limited");
        } else {
            ++other;
        }
    }
    std::cout << "300 draw offers: " << offered << " made, " << limited << " answered 429\n";
    const server::GameLimits defaults;
    EXPECT_LE(offered, int(defaults.offers_burst) + 1);
    EXPECT_GE(limited, 300 - int(defaults.offers_burst) - 1);
    EXPECT_EQ(other, 0);
    EXPECT_EQ(without_retry_after, 0);
    // The watcher heard of each offer made and its decline, and of nothing refused.
    int events = 0;
    while (watcher.next(std::chrono::milliseconds(300))) ++events;
    EXPECT_EQ(events, 2 * offered);

    // Takeback requests: the same bucket per seat (black's is still full).
    int requested = 0, refused = 0;
    for (int i = 0; i < 50; ++i) {
        Reply r = post("/api/games/" + g.id + "/takeback/offer", Json::object(), g.black);
        if (r.status == 200) {
            ++requested;
            EXPECT_EQ(
                post("/api/games/" + g.id + "/takeback/decline", Json::object(), g.white).status,
                200);
        } else if (r.status == 429) {
            ++refused;
        }
    }
    EXPECT_LE(requested, int(defaults.offers_burst) + 1);
    EXPECT_GT(refused, 0);

    // Name changes and rematch offers, once the game is over.
    int renamed = 0;
    for (int i = 0; i < 50; ++i)
        if (post("/api/games/" + g.id + "/name", Json{{"name", "Bob " + std::to_string(i)}},
                 g.black)
                .status == 200)
            ++renamed;
    EXPECT_LE(renamed, int(defaults.offers_burst) + 1);
    Created h = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_EQ(post("/api/games/" + h.id + "/resign", Json::object(), h.white).status, 200);
    int rematches = 0, rematch_limited = 0;
    for (int i = 0; i < 50; ++i) {
        Reply r = post("/api/games/" + h.id + "/rematch", Json::object(), h.white);
        if (r.status == 200) ++rematches;
        if (r.status == 429) ++rematch_limited;
    }
    EXPECT_LE(rematches, int(defaults.offers_burst) + 1);
    EXPECT_GT(rematch_limited, 0);
}

TEST_F(ServerLimitsTest, ConnectionsOverThePerAddressCapAreAnswered503) {
    options_.max_connections_per_address = 3;
    restart();
    wait_for_connections(0);
    std::vector<std::unique_ptr<RawConnection>> held;
    for (int i = 0; i < 3; ++i) held.push_back(std::make_unique<RawConnection>(port_));
    wait_for_connections(3);
    ASSERT_EQ(server_->open_connections(), 3u);
    RawConnection fourth(port_);
    ASSERT_TRUE(fourth.send("GET /api/startpos/518 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    RawConnection::Received r = fourth.receive(std::chrono::seconds(5));
    std::cout << "a fourth connection from one address: " << r.bytes.substr(0, r.bytes.find('\r'))
              << "\n";
    EXPECT_EQ(status_of(r.bytes), 503) << r.bytes;
    EXPECT_NE(r.bytes.find("Retry-After: "), std::string::npos) << r.bytes;
    // Another address is not counted with them.
    EXPECT_EQ(HttpClient(port_, "127.0.0.2").get("/api/startpos/518").status, 200);
    // A place freed is a place to take.
    held.pop_back();
    wait_for_connections(2);
    EXPECT_EQ(HttpClient(port_).get("/api/startpos/518").status, 200);
}

// ---- Start-up with many finished games ----

TEST_F(ServerLimitsTest, AHundredThousandFinishedGamesDoNotSlowTheStart) {
    constexpr int kFinished = 100'000;
    stop();
    const auto import_begin = std::chrono::steady_clock::now();
    {
        // 960 openings of two plies, one per start position, reused.
        std::vector<server::StoredGame> openings;
        for (int n = 0; n < 960; ++n) openings.push_back(short_game("", n, 2, 0));
        const auto store = server::open_store(options_.db_path);
        std::vector<server::StoredGame> batch;
        for (int i = 0; i < kFinished + 3; ++i) {
            const bool in_play = i % 40'000 == 1;  // three games in play among them
            const std::int64_t created = 1'700'000'000'000 + std::int64_t(i) * 60'000;
            server::StoredGame game = openings[std::size_t(i % 960)];
            char id[17];
            std::snprintf(id, sizeof id, "%016x", unsigned(i));
            game.game.id = id;
            game.game.created_at = created;
            game.game.updated_at = created + 600'000;
            if (in_play) {
                game.game.result = "*";
                game.game.termination.reset();
            }
            for (server::MoveRow& m : game.moves) m.created_at = created + m.ply * 1000;
            batch.push_back(std::move(game));
            if (batch.size() == 10'000) {
                store->import_games(batch);
                batch.clear();
            }
        }
        store->import_games(batch);
    }
    const double import_ms = elapsed_ms(import_begin);

    const auto begin = std::chrono::steady_clock::now();
    start();  // construction (the store, the games in play) and bind
    const double start_ms = elapsed_ms(begin);
    const std::size_t in_memory = server_->games_in_memory();

    HttpClient client(port_);
    ASSERT_EQ(client.get("/api/startpos/518").status, 200);  // connected
    std::vector<double> times;
    HttpClient::Response list;
    for (int i = 0; i < 5; ++i) {
        const auto asked = std::chrono::steady_clock::now();
        list = client.get("/api/games?limit=20");
        times.push_back(elapsed_ms(asked));
        ASSERT_EQ(list.status, 200);
    }
    std::sort(times.begin(), times.end());
    std::cout << kFinished << " finished games + 3 in play (import " << import_ms << " ms): start "
              << start_ms << " ms, " << in_memory
              << " games in memory; GET /api/games?limit=20 took " << times.front() << ".."
              << times.back() << " ms (median " << times[2] << ")\n";
    EXPECT_LT(start_ms, 2000.0 * kTimeScale);
    EXPECT_EQ(in_memory, 3u);  // the games in play, no finished one
    EXPECT_LT(times[2], 10.0 * kTimeScale);
    ASSERT_EQ(list.json["games"].size(), 20u);
    EXPECT_EQ(list.json["games"][0]["updated"],
              1'700'000'000'000 + std::int64_t(kFinished + 2) * 60'000 + 600'000);
    // A finished game is read when asked for, and kept in the small cache.
    const std::string old = list.json["games"][19]["id"];
    EXPECT_EQ(client.get("/api/games/" + old).json["ply"], 2);
    EXPECT_EQ(server_->games_in_memory(), 4u);
}

}  // namespace
