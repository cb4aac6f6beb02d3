#include "games.hpp"

#include <unistd.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <cmath>
#include <csignal>
#include <cstdio>

#include <memory>
#include <random>
#include <unordered_set>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "json_scan.hpp"
#include "live_message.hpp"
#include "machine.hpp"
#include "pacing.hpp"
#include "wait_event.hpp"

namespace serve_load {

namespace {

using namespace std::chrono_literals;

constexpr auto kRequestTimeout = std::chrono::milliseconds(10'000);
// Creating a game may wait behind the whole load in the server's accept queue; giving up
// early would only leave the request queued there and add another.
constexpr auto kCreateTimeout = std::chrono::milliseconds(60'000);

class GamesRun;

// A seat's WebSocket, registered with its game so that the game's end closes it.
class SeatConnection : public Opening {
  public:
    SeatConnection(asio::any_io_executor executor, ConnectionSet& set, Side seat_side)
        : ws(executor), timer(executor), side(seat_side), registered_(set, this) {}
    void close() override {
        error_code ec;
        ws.next_layer().close(ec);
        timer.cancel();
    }
    WsStream ws;
    beast::flat_buffer buffer;
    std::string out;
    asio::steady_timer timer;  // paced: the wait for the move's due time
    Side side;
    int seen_ply = -1;     // the latest ply this seat's own messages have shown
    bool waiting = false;  // its move waits for its due time

  private:
    Registered registered_;
};

// A game in play: its tracker, its connections, and the events its slot waits for.
struct LiveGame : WatchHooks {
    LiveGame(GamesRun& owner, int slot_index, CreatedGame created, chess960::Position start,
             GameRecord* record, asio::any_io_executor executor)
        : run(owner),
          slot(slot_index),
          tracker(created.id, start, 0, record),
          white_token(std::move(created.white_token)),
          black_token(std::move(created.black_token)),
          set_up(executor),
          ended(executor),
          sessions_done(executor) {}

    void on_watching() override { session_ready(); }
    void on_move(int ply, bool active, Clock::time_point at, Clock::time_point opened) override;
    bool closing() const override;
    void on_ended() override { session_ended(); }

    void session_ready() {
        ++ready;
        if (ready + failed == expected) mark_set_up();
    }
    void session_failed() {
        ++failed;
        if (ready + failed == expected) mark_set_up();
    }
    void mark_set_up() {
        set_up_at = Clock::now();
        set_up.set();
    }
    void session_ended() {
        if (--sessions == 0) sessions_done.set();
    }

    GamesRun& run;
    int slot;
    int seat_instance = 0;  // the instance its seats play through (cluster)
    GameTracker tracker;
    std::string white_token, black_token;
    ConnectionSet connections;
    int sessions = 0;  // coroutines still running for this game
    int expected = 0;  // sessions that must get live before the game counts as set up
    int ready = 0, failed = 0;
    Clock::time_point set_up_at{};           // every session live (or failed)
    bool over = false;                       // the server ended the game
    bool abandoned = false;                  // a seat's connection failed
    bool closing_now = false;                // its connections are being closed by us
    std::weak_ptr<SeatConnection> seats[2];  // White's, Black's (WebSocket moves)
    WaitEvent set_up, ended, sessions_done;
};

class GamesRun {
  public:
    GamesRun(const std::vector<Target>& targets, const std::vector<ServerProcess*>& servers,
             const GamesOptions& options, GamesResult& result, asio::any_io_executor executor)
        : targets_(targets),
          options_(options),
          servers_(servers),
          result_(result),
          executor_(executor),
          random_(options.seed),
          go_(executor) {}

    asio::awaitable<void> run();

    // Called by the games' sessions.
    bool in_window(Clock::time_point t) const { return window_.contains(t); }
    bool closing() const { return closing_ || killed_; }
    // Cluster: the watchers' samples from the kill on go to a log of their own.
    LatencyLog& watcher_latency() { return dead_ < 0 ? watcher_latency_ : watcher_after_kill_; }
    LatencyLog& watcher_from_send() { return watcher_from_send_; }
    GamesResult& result() { return result_; }
    // Slots still running, and games of ended slots still closing.
    int running() const { return slots_running_ + retiring_; }

  private:
    asio::awaitable<void> slot(int index);
    // Closes an ended game's connections (after its watchers had time for the last move) while
    // its slot goes on with the next game.
    asio::awaitable<void> retire(std::shared_ptr<LiveGame> game);
    asio::awaitable<std::shared_ptr<LiveGame>> create(int index);
    asio::awaitable<void> ws_seat(std::shared_ptr<LiveGame> game, Side side);
    // Whether the seat may send a move now: its turn as its own messages show, the game set up
    // and in play, no move of its own in flight or waiting.
    bool may_move(const LiveGame& game, const SeatConnection& seat) const;
    // Sends the seat's move if it may move: paced, at the slot's due time.
    asio::awaitable<error_code> maybe_move(LiveGame& game, SeatConnection& seat);
    // Paced: when the next move of `game` is due for a seat that learns of its turn at `now`
    // (never before the game was playable); `now` when unpaced. Counts late moves.
    Clock::time_point due_time(const LiveGame& game, Clock::time_point now);
    asio::awaitable<void> http_mover(std::shared_ptr<LiveGame> game);
    asio::awaitable<void> watcher(std::shared_ptr<LiveGame> game, WatchKind kind);

    // A move the server reported (ack, move event or POST answer) to a seat.
    void on_move_report(LiveGame& game, const LiveMessage& m);
    // The move of `seat` was acknowledged to it at `at`.
    void on_ack(LiveGame& game, Side seat, const LiveMessage& m, Clock::time_point at);
    void on_state(LiveGame& game, const LiveMessage& m);
    void finish(LiveGame& game, std::string_view termination);
    void abandon(LiveGame& game, const std::string& why);
    void problem(const std::string& what);
    std::string move_request(LiveGame& game, Clock::time_point now, Clock::time_point due,
                             bool websocket);
    bool paced() const { return options_.move_rate > 0; }
    asio::ip::address_v4 address_of(const LiveGame& game) const {
        return source_address(game.slot % options_.addresses);
    }

    // --- Several instances (a cluster; one for the other scenarios) ---
    int instances() const { return int(targets_.size()); }
    // The instance a new game of slot `slot` is played through, and the one its watchers use:
    // the next one after its seats' (live instances only, after the kill).
    int seat_instance(int slot) const {
        const int instance = slot % instances();
        return instance == dead_ ? live_instance(-1, slot) : instance;
    }
    int watcher_instance(const LiveGame& game) const {
        const int instance = (game.seat_instance + 1) % instances();
        return instance == dead_ ? live_instance(game.seat_instance, game.slot) : instance;
    }
    // After the kill: a live instance for a client of the dead one, other than `avoid` when
    // there is a choice, spread by `spread`.
    int live_instance(int avoid, int spread) const;
    // Whether a connection to `instance` that just ended should reconnect elsewhere.
    bool reconnects(int instance, const LiveGame& game) const {
        return instance == dead_ && !closing() && !stopping_ && !game.over && !game.abandoned &&
               !game.closing_now;
    }
    // The instances' sums: CPU seconds (the dead one's frozen at its kill), run-queue wait,
    // memory and threads (of the live ones).
    double servers_cpu() const;
    double servers_wait() const;
    long servers_rss() const;
    int servers_threads() const;
    void kill_instance(int instance);
    // Cluster: an engine game created on the instance to be killed just before the kill; after
    // it, asked for on another instance until the engine has moved.
    asio::awaitable<void> engine_game(int index);

    const std::vector<Target> targets_;
    const GamesOptions& options_;
    std::vector<ServerProcess*> servers_;
    int dead_ = -1;  // the killed instance (cluster)
    double dead_cpu_ = 0, dead_wait_ = 0;
    Clock::time_point killed_at_{};
    GamesResult& result_;
    asio::any_io_executor executor_;
    std::mt19937_64 random_;
    std::int64_t next_request_id_ = 1;

    bool stopping_ = false;  // no new moves or games
    bool closing_ = false;   // we close the connections
    bool killed_ = false;    // the server was killed
    int slots_running_ = 0;
    int retiring_ = 0;
    int slots_set_up_ = 0;
    Clock::time_point t0_{};               // moves may start (the measured window's start)
    std::vector<MoveSchedule> schedules_;  // paced: each slot's due times
    std::unordered_set<LiveGame*> live_;
    WaitEvent go_;  // set when the first N games are set up: moves may start
    PerSecond window_;
    LatencyLog move_latency_;
    LatencyLog due_latency_;  // paced: from the due time to the ack
    LatencyLog watcher_latency_;
    LatencyLog watcher_after_kill_;
    LatencyLog watcher_from_send_;  // from the mover's send instead of its ack
};

void LiveGame::on_move(int ply, bool active, Clock::time_point at, Clock::time_point opened) {
    (void)active;
    ++run.result().watcher_events;
    const bool counted = run.in_window(at);
    if (!tracker.watcher_saw(ply, at, counted ? &run.watcher_latency() : nullptr, opened,
                             counted ? &run.watcher_from_send() : nullptr))
        ++run.result().watcher_caught_up;
}

bool LiveGame::closing() const { return closing_now || run.closing(); }

int GamesRun::live_instance(int avoid, int spread) const {
    std::vector<int> choices;
    for (int i = 0; i < instances(); ++i)
        if (i != dead_ && i != avoid) choices.push_back(i);
    if (choices.empty())
        for (int i = 0; i < instances(); ++i)
            if (i != dead_) choices.push_back(i);
    if (choices.empty()) return 0;
    return choices[std::size_t(spread / instances()) % choices.size()];
}

double GamesRun::servers_cpu() const {
    double total = 0;
    for (int i = 0; i < instances(); ++i)
        total += i == dead_ ? dead_cpu_ : servers_[std::size_t(i)]->cpu_seconds();
    return total;
}

double GamesRun::servers_wait() const {
    double total = 0;
    for (int i = 0; i < instances(); ++i)
        total += i == dead_ ? dead_wait_ : runqueue_wait_seconds(servers_[std::size_t(i)]->pid());
    return total;
}

long GamesRun::servers_rss() const {
    long total = 0;
    for (int i = 0; i < instances(); ++i)
        if (i != dead_) total += servers_[std::size_t(i)]->rss_kib();
    return total;
}

int GamesRun::servers_threads() const {
    int total = 0;
    for (int i = 0; i < instances(); ++i)
        if (i != dead_) total += servers_[std::size_t(i)]->threads();
    return total;
}

void GamesRun::kill_instance(int instance) {
    ServerProcess& victim = *servers_[std::size_t(instance)];
    dead_cpu_ = victim.cpu_seconds();
    dead_wait_ = runqueue_wait_seconds(victim.pid());
    // Set before the kill: every connection that ends from now on knows why.
    dead_ = instance;
    killed_at_ = Clock::now();
    victim.stop(SIGKILL);
}

asio::awaitable<void> GamesRun::engine_game(int index) {
    const int victim = options_.kill_instance;
    const asio::ip::address_v4 from = source_address((options_.games + index) % options_.addresses);
    HttpConnection create(executor_, from, targets_[std::size_t(victim)]);
    const std::string body = R"({"opponent":"engine","color":"black","level":)" +
                             std::to_string(options_.engine_level) + "}";
    HttpResponse response =
        co_await create.request(http::verb::post, "/api/games", body, {}, kCreateTimeout);
    create.close();
    auto id_field =
        response.ec || response.status != 201 ? std::nullopt : json::member(response.body, "id");
    auto id = id_field ? json::string_value(*id_field) : std::nullopt;
    if (!id) {
        ++result_
              .create_failures["engine game: " + (response.ec ? describe(response.ec)
                                                              : std::to_string(response.status))];
        co_return;
    }
    const std::string path = "/api/games/" + *id;
    auto ply_of = [](const HttpResponse& view) -> std::int64_t {
        if (view.ec || view.status != 200) return -1;
        auto ply = json::member(view.body, "ply");
        return ply ? json::int_value(*ply).value_or(-1) : -1;
    };
    // Until the kill, watch the game on its own instance: a move stored before the kill is not
    // a takeover.
    {
        HttpConnection before(executor_, from, targets_[std::size_t(victim)]);
        while (dead_ < 0 && !stopping_) {
            HttpResponse view =
                co_await before.request(http::verb::get, path, {}, {}, kRequestTimeout);
            if (dead_ < 0 && ply_of(view) >= 1) {
                result_.engine_gaps.push_back(-2);
                co_return;
            }
            co_await sleep_for(100ms);
        }
        before.close();
    }
    if (dead_ < 0) co_return;
    // The clients of the engine games come back spread over the live instances (as behind a
    // proxy): each instance that takes games over searches them in turn on its engine threads.
    HttpConnection after(executor_, from,
                         targets_[std::size_t(live_instance(-1, index * instances()))]);
    const auto give_up = killed_at_ + 30s;
    while (Clock::now() < give_up) {
        HttpResponse view = co_await after.request(http::verb::get, path, {}, {}, kRequestTimeout);
        if (ply_of(view) >= 1) {
            result_.engine_gaps.push_back(
                std::chrono::duration<double>(Clock::now() - killed_at_).count());
            after.close();
            co_return;
        }
        co_await sleep_for(50ms);
    }
    after.close();
    result_.engine_gaps.push_back(-1);
}

void GamesRun::problem(const std::string& what) {
    if (result_.first_problem.empty()) result_.first_problem = what;
}

void GamesRun::finish(LiveGame& game, std::string_view termination) {
    if (game.over) return;
    game.over = true;
    game.tracker.set_over();
    ++result_.games_finished;
    result_.plies_of_finished += std::uint64_t(game.tracker.ply());
    auto name = json::string_value(termination);
    ++result_.terminations[name ? *name : std::string(termination)];
    game.ended.set();
}

void GamesRun::abandon(LiveGame& game, const std::string& why) {
    if (game.over || game.abandoned || game.closing()) return;
    game.abandoned = true;
    ++result_.games_abandoned;
    ++result_.seat_failures[why];
    game.ended.set();
}

void GamesRun::on_move_report(LiveGame& game, const LiveMessage& m) {
    const auto applied = game.tracker.apply(m.move_ply, m.move_uci);
    if (applied == GameTracker::Applied::Wrong) {
        ++result_.wrong_moves;
        problem("game " + game.tracker.id() + ": the server reported ply " +
                std::to_string(m.move_ply) + " " + std::string(m.move_uci) + " at ply " +
                std::to_string(game.tracker.ply()) + ", which does not follow");
        if (!m.fen.empty() && game.tracker.reset(m.fen, m.ply)) ++result_.resyncs;
    } else if (applied == GameTracker::Applied::New && m.active && m.legal_count >= 0 &&
               m.legal_count != game.tracker.legal_moves().size()) {
        ++result_.legal_mismatches;
        problem("game " + game.tracker.id() + " ply " + std::to_string(m.move_ply) +
                ": `legal` has " + std::to_string(m.legal_count) + " moves, the rules library " +
                std::to_string(game.tracker.legal_moves().size()));
    }
    if (!m.active) finish(game, m.termination);
}

void GamesRun::on_ack(LiveGame& game, Side seat, const LiveMessage& m, Clock::time_point at) {
    if (!game.tracker.has_pending(seat) || m.id != game.tracker.pending_id(seat)) {
        problem("game " + game.tracker.id() + ": an ack for request " + std::to_string(m.id) +
                " that is not the move in flight");
        on_move_report(game, m);
        return;
    }
    const bool counted = window_.add(at);
    const Clock::time_point due = game.tracker.pending_due(seat);
    const Clock::duration took = game.tracker.acknowledge(
        seat, m.move_ply, m.move_uci, at, counted ? &watcher_latency() : nullptr,
        counted ? &result_.watcher_early : nullptr, counted ? &watcher_from_send_ : nullptr);
    ++result_.acked_total;
    if (counted) {
        move_latency_.add(took);
        if (paced()) due_latency_.add(at - due);
    }
    on_move_report(game, m);
}

void GamesRun::on_state(LiveGame& game, const LiveMessage& m) {
    if (m.has_state && !m.active) finish(game, m.termination);
}

std::string GamesRun::move_request(LiveGame& game, Clock::time_point now, Clock::time_point due,
                                   bool websocket) {
    const std::int64_t id = next_request_id_++;
    const int ply = game.tracker.ply();
    const std::string_view uci = game.tracker.choose_move(random_, id, now, due);
    if (uci.empty()) return {};
    std::string text;
    text.reserve(64);
    if (websocket)
        text.append(R"({"type":"move","id":)").append(std::to_string(id)).append(",");
    else
        text.append("{");
    text.append(R"("move":")")
        .append(uci)
        .append(R"(","ply":)")
        .append(std::to_string(ply))
        .append("}");
    return text;
}

asio::awaitable<std::shared_ptr<LiveGame>> GamesRun::create(int index) {
    const int instance = seat_instance(index);
    HttpConnection connection(executor_, source_address(index % options_.addresses),
                              targets_[std::size_t(instance)]);
    const std::string body = R"({"opponent":"friend","clock":{"initial":)" +
                             std::to_string(options_.clock_initial) + R"(,"increment":)" +
                             std::to_string(options_.clock_increment) + "}}";
    HttpResponse response =
        co_await connection.request(http::verb::post, "/api/games", body, {}, kCreateTimeout);
    connection.close();
    if (response.ec || response.status != 201) {
        if (!closing()) {
            const std::string why =
                response.ec ? describe(response.ec)
                            : std::to_string(response.status) + " " + response.body.substr(0, 100);
            ++result_.create_failures[why];
        }
        co_return nullptr;
    }
    std::string why;
    auto created = parse_created_game(response.body, &why);
    if (!created) {
        ++result_.create_failures["malformed answer: " + why];
        co_return nullptr;
    }
    auto start = chess960::position_from_fen(created->fen);
    if (!start) {
        ++result_.create_failures["the game's fen does not parse: " + start.error().to_string()];
        co_return nullptr;
    }
    GameRecord* record = nullptr;
    if (options_.keep_records) {
        result_.records.push_back(GameRecord{created->id, {}, 0});
        record = &result_.records.back();
    }
    ++result_.games_created;
    auto game =
        std::make_shared<LiveGame>(*this, index, std::move(*created), *start, record, executor_);
    game->seat_instance = instance;
    co_return game;
}

asio::awaitable<void> GamesRun::watcher(std::shared_ptr<LiveGame> game, WatchKind kind) {
    int instance = watcher_instance(*game);
    for (;;) {
        co_await watch_game(kind, game->tracker.id(), address_of(*game),
                            targets_[std::size_t(instance)], game->connections, game,
                            result_.watchers);
        if (!reconnects(instance, *game)) break;
        // Its instance was killed: the watcher opens its stream on another one, as a browser
        // would (the game message there brings it up to date).
        instance = live_instance(game->seat_instance, game->slot);
        ++result_.watcher_reconnects;
        ++game->sessions;
    }
}

bool GamesRun::may_move(const LiveGame& game, const SeatConnection& c) const {
    return c.opened && !c.waiting && game.set_up.is_set() && go_.is_set() && !stopping_ &&
           !game.over && !game.abandoned && !game.closing_now &&
           !game.tracker.has_pending(c.side) && game.tracker.side_to_move() == c.side &&
           c.seen_ply == game.tracker.ply();
}

Clock::time_point GamesRun::due_time(const LiveGame& game, Clock::time_point now) {
    if (!paced()) return now;
    // A new game in a slot catches up with the slot's schedule (within its cap on lag), but
    // its moves are not timed from before the game could be played.
    const Clock::time_point scheduled = schedules_[std::size_t(game.slot)].due(now);
    if (scheduled < now && scheduled >= game.set_up_at) ++result_.moves_late;
    return std::max({scheduled, game.set_up_at, t0_});
}

asio::awaitable<error_code> GamesRun::maybe_move(LiveGame& game, SeatConnection& c) {
    if (!may_move(game, c)) co_return error_code{};
    const Clock::time_point due = due_time(game, Clock::now());
    if (paced()) {
        if (due > Clock::now()) {
            // Only this seat may move now, and it waits: nothing arrives on its socket meanwhile
            // (the opponent waits for this move), so the read loop may wait here.
            c.waiting = true;
            c.timer.expires_at(due);
            auto [wait_ec] = co_await c.timer.async_wait(nothrow);
            (void)wait_ec;
            c.waiting = false;
            if (!may_move(game, c)) co_return error_code{};
        }
        schedules_[std::size_t(game.slot)].sent();
    }
    c.out = move_request(game, Clock::now(), due, true);
    if (c.out.empty()) {
        problem("game " + game.tracker.id() + " is active with no legal move");
        abandon(game, "no legal move in an active game");
        co_return error_code{};
    }
    auto [ec, n] = co_await c.ws.async_write(asio::buffer(c.out), nothrow);
    (void)n;
    co_return ec;
}

asio::awaitable<void> GamesRun::ws_seat(std::shared_ptr<LiveGame> game, Side side) {
    int instance = game->seat_instance;
    bool reconnected = false;
    const std::string& token = side == Side::White ? game->white_token : game->black_token;
    for (;;) {
        auto seat = std::make_shared<SeatConnection>(executor_, game->connections, side);
        SeatConnection& c = *seat;
        close_unless_opened(seat, executor_, kOpenDeadline);
        game->seats[side == Side::White ? 0 : 1] = seat;
        error_code ec = co_await open_game_socket(
            c.ws, address_of(*game), targets_[std::size_t(instance)], game->tracker.id(), token);
        LiveMessage m;
        std::string why;
        while (!ec) {
            auto [read_ec, n] = co_await c.ws.async_read(c.buffer, nothrow);
            (void)n;
            if (read_ec) {
                ec = read_ec;
                break;
            }
            const Clock::time_point now = Clock::now();
            const std::string_view text(static_cast<const char*>(c.buffer.data().data()),
                                        c.buffer.size());
            if (!parse_ws_message(text, m, &why)) {
                ++result_.bad_messages;
                problem("a seat got a malformed message (" + why +
                        "): " + std::string(text.substr(0, 200)));
                c.buffer.consume(c.buffer.size());
                continue;
            }
            switch (m.kind) {
                case MessageKind::Game:
                    if (m.ply != game->tracker.ply()) {
                        if (!game->tracker.reset(m.fen, m.ply))
                            problem("a game message with a bad fen: " + std::string(m.fen));
                        ++result_.resyncs;
                    }
                    c.seen_ply = m.ply;
                    if (!c.opened) {
                        c.opened = true;
                        if (!reconnected) game->session_ready();
                    }
                    if (!m.active) finish(*game, m.termination);
                    break;
                case MessageKind::Ack:
                    if (m.has_move) {
                        on_ack(*game, side, m, now);
                        c.seen_ply = std::max(c.seen_ply, m.move_ply);
                    } else {
                        on_state(*game, m);
                    }
                    break;
                case MessageKind::Move:
                    on_move_report(*game, m);
                    c.seen_ply = std::max(c.seen_ply, m.move_ply);
                    break;
                case MessageKind::State:
                    on_state(*game, m);
                    break;
                case MessageKind::Error:
                    if (game->tracker.has_pending(side) && m.id == game->tracker.pending_id(side)) {
                        if (!closing())
                            ++result_.move_errors[std::to_string(m.error_status) + " " +
                                                  json::string_value(m.error).value_or("?")];
                        game->tracker.clear_pending(side);
                        // Ask for the whole game again and go on from what the server has.
                        c.out =
                            R"({"type":"resync","id":)" + std::to_string(next_request_id_++) + "}";
                        c.seen_ply = -1;
                        auto [write_ec, w] =
                            co_await c.ws.async_write(asio::buffer(c.out), nothrow);
                        (void)w;
                        ec = write_ec;
                    } else {
                        problem("a seat got an error: " + std::string(text.substr(0, 200)));
                    }
                    break;
                case MessageKind::Pong:
                case MessageKind::Other:
                    break;
            }
            c.buffer.consume(c.buffer.size());
            if (c.buffer.capacity() > 16384) c.buffer.shrink_to_fit();
            if (!ec) ec = co_await maybe_move(*game, c);
        }
        if (c.opened && reconnects(instance, *game)) {
            // Its instance was killed: the seat opens its socket on another one, as a browser
            // would; the game message there says whether its move in flight was stored.
            game->tracker.clear_pending(side);
            instance = live_instance(-1, game->slot);
            game->seat_instance = instance;
            ++result_.seat_reconnects;
            reconnected = true;
            continue;
        }
        if (!c.opened && reconnected) {
            ++result_.reconnect_failures;
            abandon(*game, "seat could not reconnect: " + describe(ec));
        } else if (!c.opened) {
            game->session_failed();
            if (!closing())
                ++result_.seat_failures["seat could not open: " +
                                        (c.timed_out ? std::string("no game message within 15 s")
                                                     : describe(ec))];
            abandon(*game, "seat could not connect");
        } else if (!game->closing()) {
            abandon(*game, "seat connection ended: " + describe(ec));
        }
        break;
    }
    game->session_ended();
}

asio::awaitable<void> GamesRun::http_mover(std::shared_ptr<LiveGame> game) {
    const Target& target = targets_[std::size_t(game->seat_instance)];
    HttpConnection white(executor_, address_of(*game), target);
    HttpConnection black(executor_, address_of(*game), target);
    Registered white_registered(game->connections, &white);
    Registered black_registered(game->connections, &black);
    // Both seats connect while the game is set up: the run measures moves, not a storm of
    // connections at its start.
    const error_code white_ec = co_await white.connect();
    const error_code black_ec = white_ec ? white_ec : co_await black.connect();
    if (black_ec) {
        game->session_failed();
        if (!closing()) ++result_.seat_failures["seat could not connect: " + describe(black_ec)];
        abandon(*game, "seat could not connect");
        game->session_ended();
        co_return;
    }
    game->session_ready();
    co_await game->set_up.wait();
    co_await go_.wait();
    const std::string path = "/api/games/" + game->tracker.id() + "/moves";
    LiveMessage m;
    std::string why;
    int refused_in_a_row = 0;
    while (!stopping_ && !game->over && !game->abandoned && !game->closing_now) {
        const Side side = game->tracker.side_to_move();
        HttpConnection& connection = side == Side::White ? white : black;
        const std::string& token = side == Side::White ? game->white_token : game->black_token;
        Clock::time_point due = due_time(*game, Clock::now());
        if (paced()) {
            if (due > Clock::now()) co_await sleep_for(due - Clock::now());
            if (stopping_ || game->over || game->abandoned || game->closing_now) break;
            schedules_[std::size_t(game->slot)].sent();
        }
        const std::string body = move_request(*game, Clock::now(), due, false);
        if (body.empty()) {
            abandon(*game, "no legal move in an active game");
            break;
        }
        HttpResponse response =
            co_await connection.request(http::verb::post, path, body, token, kRequestTimeout);
        const Clock::time_point now = Clock::now();
        if (response.ec) {
            abandon(*game, "POST move: " + describe(response.ec));
            break;
        }
        if (response.status != 200) {
            game->tracker.clear_pending(side);
            if (!closing())
                ++result_.move_errors[std::to_string(response.status) + " " +
                                      response.body.substr(0, 80)];
            if (++refused_in_a_row > 5) {
                abandon(*game, "moves refused");
                break;
            }
            HttpResponse view = co_await connection.request(
                http::verb::get, "/api/games/" + game->tracker.id(), {}, token, kRequestTimeout);
            if (view.ec || view.status != 200) continue;
            auto fen = json::member(view.body, "fen");
            auto ply = json::member(view.body, "ply");
            auto fen_text = fen ? json::string_value(*fen) : std::nullopt;
            auto ply_value = ply ? json::int_value(*ply) : std::nullopt;
            if (fen_text && ply_value && game->tracker.reset(*fen_text, int(*ply_value)))
                ++result_.resyncs;
            continue;
        }
        refused_in_a_row = 0;
        m.kind = MessageKind::Ack;
        if (!parse_move_update(response.body, m, &why)) {
            ++result_.bad_messages;
            problem("a move answer is not a MoveUpdate (" + why +
                    "): " + response.body.substr(0, 200));
            game->tracker.clear_pending(side);
            continue;
        }
        m.id = game->tracker.pending_id(side);
        on_ack(*game, side, m, now);
    }
    game->session_ended();
}

asio::awaitable<void> GamesRun::slot(int index) {
    bool first = true;
    while (!stopping_) {
        std::shared_ptr<LiveGame> game = co_await create(index);
        if (!game) {
            if (first) {
                first = false;
                ++slots_set_up_;
            }
            if (stopping_) break;
            co_await sleep_for(1s);
            continue;
        }
        // The run may have stopped while the game was being created: it is not played.
        if (stopping_) break;
        live_.insert(game.get());
        const int watchers = options_.watchers;
        game->expected = watchers + (options_.http_moves ? 1 : 2);
        game->sessions = watchers + (options_.http_moves ? 1 : 2);
        for (int w = 0; w < watchers; ++w)
            asio::co_spawn(executor_,
                           watcher(game, w % 2 == 0 ? WatchKind::WebSocket : WatchKind::Events),
                           ReportException{"a watcher"});
        if (options_.http_moves) {
            asio::co_spawn(executor_, http_mover(game), ReportException{"an HTTP mover"});
        } else {
            asio::co_spawn(executor_, ws_seat(game, Side::Black), ReportException{"a seat"});
            asio::co_spawn(executor_, ws_seat(game, Side::White), ReportException{"a seat"});
        }
        co_await game->set_up.wait();
        if (first) {
            first = false;
            ++slots_set_up_;
        }
        // Nobody moves before every seat and watcher is live (a seat that joined after a move
        // would never see that move's event), nor before all the first games are set up (the
        // run measures N games in play, not the setting up); then the side to move starts.
        co_await go_.wait();
        if (!options_.http_moves) {
            const int to_move = game->tracker.side_to_move() == Side::White ? 0 : 1;
            if (auto seat = game->seats[to_move].lock()) {
                if (auto ec = co_await maybe_move(*game, *seat)) seat->close();
            }
        }
        co_await game->ended.wait();
        ++retiring_;
        asio::co_spawn(executor_, retire(std::move(game)), ReportException{"a retiring game"});
    }
    --slots_running_;
}

asio::awaitable<void> GamesRun::retire(std::shared_ptr<LiveGame> game) {
    // Let the watchers receive the last move before their connections close.
    if (game->over && !stopping_) co_await sleep_for(100ms);
    game->closing_now = true;
    game->connections.close_all();
    co_await game->sessions_done.wait();
    live_.erase(game.get());
    --retiring_;
}

asio::awaitable<void> GamesRun::run() {
    const auto setup_begin = Clock::now();
    result_.rss_start_kib = servers_rss();
    // Start the slots a few at a time: a burst of thousands of connects overflows the server's
    // accept queue and costs SYN retransmissions (a second each), which would be our doing.
    for (int i = 0; i < options_.games; ++i) {
        while (i - slots_set_up_ >= options_.setup_concurrency) co_await sleep_for(2ms);
        ++slots_running_;
        asio::co_spawn(executor_, slot(i), ReportException{"a game slot"});
    }
    // Games that cannot be set up must not hold the run forever: after two minutes it starts
    // with those that are.
    const auto setup_limit = Clock::now() + 120s;
    auto progress_at = Clock::now() + 5s;
    while (slots_set_up_ < options_.games && Clock::now() < setup_limit) {
        co_await sleep_for(5ms);
        if (Clock::now() >= progress_at) {
            progress_at += 5s;
            int setting_up = 0, ending = 0, sessions = 0;
            for (LiveGame* game : live_) {
                if (!game->set_up.is_set()) ++setting_up;
                if (game->ended.is_set()) {
                    ++ending;
                    sessions += game->sessions;
                }
            }
            std::fprintf(stderr,
                         "serve_load: setting up: %d of %d slots set up; %zu games in play (%d "
                         "being set up, %d ending with %d connections left); %llu created, %llu "
                         "acknowledged moves\n",
                         slots_set_up_, options_.games, live_.size(), setting_up, ending, sessions,
                         (unsigned long long)result_.games_created,
                         (unsigned long long)result_.acked_total);
        }
    }
    result_.slots_not_set_up = options_.games - slots_set_up_;
    const auto t0 = Clock::now();
    t0_ = t0;
    if (paced()) {
        const Clock::duration interval = move_interval(options_.games, options_.move_rate);
        const auto phases = start_phases(options_.games, interval, random_);
        schedules_.reserve(phases.size());
        for (const Clock::duration phase : phases) schedules_.emplace_back(t0 + phase, interval);
    }
    go_.set();
    result_.setup_seconds = std::chrono::duration<double>(t0 - setup_begin).count();
    const int seconds = int(std::ceil(options_.seconds));
    window_.start(t0, seconds);

    const CpuSample cpu_before = sample_cpu();
    const ProcessSnapshot processes_before = snapshot_processes();
    const double server_before = servers_cpu();
    const double server_wait_before = servers_wait();
    std::vector<double> instance_before;
    for (ServerProcess* server : servers_) instance_before.push_back(server->cpu_seconds());
    const double self_wait_before = runqueue_wait_seconds(::getpid());
    result_.rss_max_kib = servers_rss();
    result_.server_threads = servers_threads();
    const auto end = t0 + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(options_.seconds));
    const auto kill_at = t0 + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(options_.kill_after));
    double server_cpu_at_kill = 0, server_wait_at_kill = 0;
    const bool kills_instance = options_.kill_after > 0 && options_.kill_instance >= 0 &&
                                options_.kill_instance < instances();
    // The engine games start thinking on the instance to be killed shortly before the kill.
    const auto engine_at = kill_at - std::chrono::milliseconds(1200);
    bool engines_started = !kills_instance || options_.engine_games <= 0;
    // Each second: the CPUs the server and everything but the server and the generator used,
    // so that a change in the moves per second can be told from a change in the machine.
    CpuSample second_cpu = cpu_before;
    double second_server = server_before;
    auto second_end = t0 + 1s;
    while (Clock::now() < end) {
        co_await sleep_for(std::min<Clock::duration>(100ms, end - Clock::now()));
        result_.rss_max_kib = std::max(result_.rss_max_kib, servers_rss());
        if (Clock::now() >= second_end && !killed_) {
            const CpuSample now_cpu = sample_cpu();
            const double now_server = servers_cpu();
            const double server_used = now_server - second_server;
            result_.server_cores_per_second.push_back(server_used);
            result_.others_cores_per_second.push_back(
                std::max(0.0, (now_cpu.machine_busy - second_cpu.machine_busy) -
                                  (now_cpu.self - second_cpu.self) - server_used));
            second_cpu = now_cpu;
            second_server = now_server;
            second_end += 1s;
        }
        if (!engines_started && Clock::now() >= engine_at) {
            engines_started = true;
            for (int i = 0; i < options_.engine_games; ++i)
                asio::co_spawn(executor_, engine_game(i), ReportException{"an engine game"});
        }
        if (kills_instance) {
            if (dead_ < 0 && Clock::now() >= kill_at) kill_instance(options_.kill_instance);
            continue;
        }
        if (options_.kill_after > 0 && !killed_ && Clock::now() >= kill_at) {
            server_cpu_at_kill = servers_cpu();
            server_wait_at_kill = servers_wait();
            result_.rss_end_kib = servers_rss();
            killed_ = true;
            stopping_ = true;
            result_.killed = true;
            servers_.front()->stop(SIGKILL);
            break;
        }
    }
    const Clock::time_point window_end = Clock::now();
    const CpuSample cpu_after = sample_cpu();
    result_.cpu.wall = std::chrono::duration<double>(window_end - t0).count();
    result_.machine_cpus = int(::sysconf(_SC_NPROCESSORS_ONLN));
    result_.cpu.server = (killed_ ? server_cpu_at_kill : servers_cpu()) - server_before;
    result_.cpu.server_waiting =
        (killed_ ? server_wait_at_kill : servers_wait()) - server_wait_before;
    for (int i = 0; i < instances(); ++i)
        result_.instance_cpu.push_back(
            (i == dead_ ? dead_cpu_ : servers_[std::size_t(i)]->cpu_seconds()) -
            instance_before[std::size_t(i)]);
    if (dead_ >= 0) result_.killed = true;
    const ProcessSnapshot processes_after = snapshot_processes();
    std::vector<int> excluded{::getpid()};
    for (ServerProcess* server : servers_) excluded.push_back(server->pid());
    result_.cpu.generator = cpu_after.self - cpu_before.self;
    result_.cpu.machine = cpu_after.machine_busy - cpu_before.machine_busy;
    result_.cpu.generator_waiting = runqueue_wait_seconds(::getpid()) - self_wait_before;
    result_.cpu.others_busiest = busiest_between(processes_before, processes_after, 5, excluded);
    result_.postgres_cpu = cpu_seconds_of(processes_before, processes_after, "postgres");
    if (!killed_) result_.rss_end_kib = servers_rss();

    stopping_ = true;
    // Moves in flight are answered (they are counted in the totals, not in the window).
    if (!killed_) co_await sleep_for(500ms);
    closing_ = true;
    for (LiveGame* game : live_) game->ended.set();
    const auto give_up = Clock::now() + 60s;
    while (running() > 0 && Clock::now() < give_up) co_await sleep_for(10ms);

    result_.acked_per_second = window_.counts();
    if (paced()) {
        result_.offered_per_second = offered_per_second(schedules_, t0, seconds);
        for (const MoveSchedule& schedule : schedules_) result_.moves_skipped += schedule.skipped();
        result_.due_latency = due_latency_.summary();
    }
    result_.acked_in_window = window_.total();
    result_.move_latency = move_latency_.summary();
    if (dead_ >= 0) {
        result_.watcher_before_kill = watcher_latency_.summary();
        result_.watcher_after_kill = watcher_after_kill_.summary();
        watcher_latency_.merge(watcher_after_kill_);
    }
    result_.watcher_latency = watcher_latency_.summary();
    result_.watcher_from_send = watcher_from_send_.summary();
}

}  // namespace

asio::awaitable<void> run_games(const Target& target, const GamesOptions& options,
                                ServerProcess& server, GamesResult& result) {
    const std::vector<Target> targets(1, target);
    const std::vector<ServerProcess*> servers(1, &server);
    co_await run_cluster_games(targets, servers, options, result);
}

asio::awaitable<void> run_cluster_games(const std::vector<Target>& targets,
                                        const std::vector<ServerProcess*>& servers,
                                        const GamesOptions& options, GamesResult& result) {
    result.options = options;
    auto executor = co_await asio::this_coro::executor;
    // The run outlives every coroutine it starts: it waits for all its slots to end.
    auto run = std::make_unique<GamesRun>(targets, servers, options, result, executor);
    co_await run->run();
    if (run->running() > 0) {
        // Coroutines that did not end still point into the run: keep it rather than crash.
        std::fprintf(stderr, "serve_load: %d games did not close within a minute\n",
                     run->running());
        (void)run.release();
    }
}

}  // namespace serve_load
