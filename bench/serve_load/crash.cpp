#include "crash.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/this_coro.hpp>
#include <csignal>

#include "json_scan.hpp"
#include "watchers.hpp"

namespace serve_load {

namespace {

// Compares one game's stored moves with what was acknowledged.
void check_game(const GameRecord& record, const HttpResponse& response, CrashResult& result) {
    ++result.games_checked;
    result.acknowledged += record.acked_count;
    auto note = [&](const std::string& what) {
        if (result.examples.size() < 10)
            result.examples.push_back("game " + record.id + ": " + what);
    };
    if (response.ec || response.status != 200) {
        ++result.games_missing;
        result.lost += record.acked_count;
        if (record.acked_count > 0) ++result.games_with_loss;
        note(response.ec ? describe(response.ec) : "HTTP " + std::to_string(response.status));
        return;
    }
    std::vector<std::string> stored;
    auto moves = json::member(response.body, "moves");
    const bool ok = moves && json::for_each_element(*moves, [&](std::string_view move) {
                        auto uci = json::member(move, "uci");
                        auto text = uci ? json::string_value(*uci) : std::nullopt;
                        stored.push_back(text ? *text : std::string());
                    });
    if (!ok) {
        ++result.games_missing;
        result.lost += record.acked_count;
        if (record.acked_count > 0) ++result.games_with_loss;
        note("the game view has no readable moves list");
        return;
    }
    std::uint64_t lost_here = 0;
    for (std::size_t i = 0; i < record.acked.size(); ++i) {
        if (record.acked[i].empty()) continue;  // not acknowledged to us
        if (i >= stored.size() || stored[i] != record.acked[i]) {
            if (lost_here == 0)
                note("ply " + std::to_string(i + 1) + " acknowledged as " + record.acked[i] +
                     ", stored: " + (i < stored.size() ? stored[i] : std::string("nothing")));
            ++lost_here;
        }
    }
    result.lost += lost_here;
    if (lost_here > 0) ++result.games_with_loss;
    if (stored.size() > record.acked.size()) result.extra += stored.size() - record.acked.size();
}

}  // namespace

asio::awaitable<void> run_crash(const Target& target, GamesOptions options, ServerProcess& server,
                                CrashResult& result) {
    options.keep_records = true;
    if (options.kill_after <= 0) options.kill_after = options.seconds / 2;
    co_await run_games(target, options, server, result.load);
    if (!result.load.killed) {
        result.restart_error = "the load ended before the kill";
        co_return;
    }

    const ServerCommand command = server.command();
    const auto begin = Clock::now();
    std::string why;
    if (!server.start(command, std::chrono::seconds(60), &why)) {
        result.restart_error = why;
        co_return;
    }
    result.restarted = true;
    result.restart_seconds = std::chrono::duration<double>(Clock::now() - begin).count();
    co_await check_acknowledged(target, result.load, result);
}

asio::awaitable<void> check_acknowledged(const Target& target, const GamesResult& load,
                                         CrashResult& result) {
    // Every game, a few connections at a time.
    auto executor = co_await asio::this_coro::executor;
    std::size_t next = 0;
    int running = 0;
    constexpr int kConnections = 8;
    for (int c = 0; c < kConnections; ++c) {
        ++running;
        asio::co_spawn(
            executor,
            [&, c]() -> asio::awaitable<void> {
                HttpConnection connection(executor, source_address(c), target);
                while (next < load.records.size()) {
                    const GameRecord& record = load.records[next++];
                    HttpResponse response =
                        co_await connection.request(http::verb::get, "/api/games/" + record.id, {},
                                                    {}, std::chrono::milliseconds(30'000));
                    check_game(record, response, result);
                }
                connection.close();
                --running;
            },
            ReportException{"a game check"});
    }
    while (running > 0) co_await sleep_for(std::chrono::milliseconds(10));
}

}  // namespace serve_load
