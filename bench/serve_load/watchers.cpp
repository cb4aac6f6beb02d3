#include "watchers.hpp"

#include <boost/asio/this_coro.hpp>
#include <memory>

#include "live_message.hpp"

namespace serve_load {

namespace {

class WsWatcher : public Opening {
  public:
    WsWatcher(asio::any_io_executor executor, ConnectionSet& set)
        : ws(executor), registered_(set, this) {}
    void close() override {
        error_code ec;
        ws.next_layer().close(ec);
    }
    WsStream ws;
    beast::flat_buffer buffer;

  private:
    Registered registered_;
};

class SseWatcher : public Opening {
  public:
    SseWatcher(asio::any_io_executor executor, ConnectionSet& set)
        : stream(executor), registered_(set, this) {}
    void close() override {
        error_code ec;
        stream.socket().close(ec);
    }
    SseStream stream;

  private:
    Registered registered_;
};

void note_bad(WatcherStats& stats, std::string_view text, const std::string& why) {
    ++stats.bad;
    if (stats.first_bad.empty()) stats.first_bad = why + ": " + std::string(text.substr(0, 300));
}

std::string open_failure(const Opening& c, const error_code& ec) {
    return c.timed_out ? "no game message within " + std::to_string(kOpenDeadline.count()) + " s"
                       : describe(ec);
}

// One message from a watcher's stream.
void handle(const LiveMessage& m, bool& watching, Clock::time_point& opened, WatchHooks& hooks,
            WatcherStats& stats) {
    ++stats.messages;
    if (m.kind == MessageKind::Game && !watching) {
        watching = true;
        opened = Clock::now();
        ++stats.opened;
        hooks.on_watching();
    } else if (m.kind == MessageKind::Move) {
        ++stats.moves;
        hooks.on_move(m.move_ply, m.active, Clock::now(), opened);
    }
}

asio::awaitable<void> watch_ws(std::string game_id, asio::ip::address_v4 from, const Target& target,
                               ConnectionSet& connections, std::shared_ptr<WatchHooks> hooks,
                               WatcherStats& stats) {
    auto executor = co_await asio::this_coro::executor;
    auto watcher = std::make_shared<WsWatcher>(executor, connections);
    WsWatcher& w = *watcher;
    close_unless_opened(watcher, executor, kOpenDeadline);
    bool& watching = w.opened;
    Clock::time_point opened{};
    error_code ec = co_await open_game_socket(w.ws, from, target, game_id, {});
    LiveMessage message;
    std::string why;
    while (!ec) {
        auto [read_ec, n] = co_await w.ws.async_read(w.buffer, nothrow);
        (void)n;
        if (read_ec) {
            ec = read_ec;
            break;
        }
        const std::string_view text(static_cast<const char*>(w.buffer.data().data()),
                                    w.buffer.size());
        if (parse_ws_message(text, message, &why))
            handle(message, watching, opened, *hooks, stats);
        else
            note_bad(stats, text, why);
        w.buffer.consume(w.buffer.size());
        // The first message (the whole game) may be large; idle watchers should not keep it.
        if (w.buffer.capacity() > 16384) w.buffer.shrink_to_fit();
    }
    if (!watching) {
        ++stats.open_failed;
        ++stats.open_errors[open_failure(w, ec)];
    } else if (!hooks->closing()) {
        ++stats.dropped;
        ++stats.drop_errors[describe(ec)];
    }
    hooks->on_ended();
}

asio::awaitable<void> watch_sse(std::string game_id, asio::ip::address_v4 from,
                                const Target& target, ConnectionSet& connections,
                                std::shared_ptr<WatchHooks> hooks, WatcherStats& stats) {
    auto executor = co_await asio::this_coro::executor;
    auto watcher = std::make_shared<SseWatcher>(executor, connections);
    SseWatcher& w = *watcher;
    close_unless_opened(watcher, executor, kOpenDeadline);
    bool& watching = w.opened;
    Clock::time_point opened{};
    int status = 0;
    error_code ec = co_await w.stream.open(from, target, game_id, status);
    if (ec && status != 0 && status != 200) {
        ++stats.open_failed;
        ++stats.open_errors["HTTP " + std::to_string(status)];
        hooks->on_ended();
        co_return;
    }
    LiveMessage message;
    std::string why;
    auto on_event = [&](std::string_view event, std::string_view data) {
        if (parse_sse_event(event, data, message, &why))
            handle(message, watching, opened, *hooks, stats);
        else
            note_bad(stats, data, "event " + std::string(event) + ": " + why);
    };
    auto on_comment = [&](std::string_view) { ++stats.pings; };
    while (!ec) ec = co_await w.stream.read(on_event, on_comment);
    if (!watching) {
        ++stats.open_failed;
        ++stats.open_errors[open_failure(w, ec)];
    } else if (!hooks->closing()) {
        ++stats.dropped;
        ++stats.drop_errors[describe(ec)];
    }
    hooks->on_ended();
}

}  // namespace

asio::awaitable<void> watch_game(WatchKind kind, std::string game_id, asio::ip::address_v4 from,
                                 const Target& target, ConnectionSet& connections,
                                 std::shared_ptr<WatchHooks> hooks, WatcherStats& stats) {
    if (kind == WatchKind::WebSocket)
        co_await watch_ws(std::move(game_id), from, target, connections, std::move(hooks), stats);
    else
        co_await watch_sse(std::move(game_id), from, target, connections, std::move(hooks), stats);
}

std::string describe(const error_code& ec) {
    if (!ec) return "no error";
    if (ec == websocket::error::closed) return "WebSocket closed by the server";
    if (ec == asio::error::eof || ec == http::error::end_of_stream) return "closed by the server";
    if (ec == asio::error::connection_reset) return "connection reset";
    if (ec == asio::error::connection_refused) return "connection refused";
    if (ec == asio::error::operation_aborted) return "closed by the generator";
    if (ec == beast::error::timeout) return "timeout";
    return ec.message();
}

}  // namespace serve_load
