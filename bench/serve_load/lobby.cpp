#include "lobby.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>

#include "json_scan.hpp"
#include "lobby_message.hpp"
#include "watchers.hpp"

namespace serve_load {

namespace {

using namespace std::chrono_literals;

constexpr auto kRequestTimeout = std::chrono::milliseconds(30'000);
// Every seek the same: rated blitz, a random colour and start position.
constexpr std::string_view kSeekBody =
    R"({"clock":{"initial":300,"increment":3},"rated":true,"color":"random",)"
    R"("start":{"type":"random"}})";

std::int64_t ticks(Clock::time_point t) { return t.time_since_epoch().count(); }
Clock::time_point at(std::int64_t ticks) { return Clock::time_point(Clock::duration(ticks)); }

// An account, shared by the watcher (main thread) and the request workers (their thread).
struct Account {
    std::string name, token;
    // Seekers: the send and the answer of their current seek (one at a time, seconds apart);
    // both players of a pair: the send of the accept of their current seek.
    std::atomic<std::int64_t> seek_sent{0}, seek_answered{0}, accept_sent{0};
};

// A seek as the watchers have seen it: when it was sent (read from its seeker at the first
// watcher's receipt: the seeker's next seek comes seconds later).
struct SeenSeek {
    std::int64_t sent = 0;
    bool counted = false;  // sent within the measured window
};

class LobbyConnection : public Opening {
  public:
    explicit LobbyConnection(asio::any_io_executor executor) : ws(executor) {}
    void close() override {
        error_code ec;
        ws.next_layer().close(ec);
    }
    WsStream ws;
};

struct Watcher {
    std::vector<std::uint8_t> seen;  // by SeenSeek index of its reader: receipts
    bool open = false, closed = false;
};

// A thread reading a share of the lobby connections (watcher i is reader i % readers'), with
// what it counts: no lock on the path of a million messages a second; summed at the end.
struct Reader {
    asio::io_context io{1};
    asio::executor_work_guard<asio::io_context::executor_type> work = asio::make_work_guard(io);
    std::thread thread;
    ConnectionSet connections;
    std::unordered_map<std::uint64_t, std::uint32_t> seek_index;  // by the seek id's 64 bits
    std::vector<SeenSeek> seeks;
    LatencyLog from_send, from_answer, started;
    std::uint64_t batches = 0, unseeks = 0, online_messages = 0, unknown_seeks = 0,
                  before_answer = 0, started_received = 0, sockets_closed = 0;
    std::unordered_map<std::string, std::uint32_t> started_by_game;  // within the window
    std::map<std::string, std::uint64_t> unexpected;
    // The last frames for everyone, read (every connection gets each of them, byte for byte: a
    // frame equal to one of these means what it meant, and is not read again).
    struct ReadFrame {
        std::unique_ptr<std::string> text;
        LobbyMessage message;  // views into *text
    };
    std::array<ReadFrame, 8> frames;
    std::size_t next_frame = 0;
    std::uint64_t frames_reused = 0;

    // The message of `text`: read, or as read before; `scratch` holds one read here alone.
    const LobbyMessage& message_of(std::string_view text, LobbyMessage& scratch) {
        for (const ReadFrame& f : frames)
            if (f.text && f.text->size() == text.size() &&
                std::memcmp(f.text->data(), text.data(), text.size()) == 0) {
                ++frames_reused;
                return f.message;
            }
        scratch = parse_lobby_message(text);
        using Kind = LobbyMessage::Kind;
        if (scratch.kind != Kind::Batch && scratch.kind != Kind::Seek &&
            scratch.kind != Kind::Unseek)
            return scratch;  // a connection's own (`started`), or to be reported
        ReadFrame& slot = frames[next_frame++ % frames.size()];
        slot.text = std::make_unique<std::string>(text);
        slot.message = parse_lobby_message(*slot.text);
        return slot.message;
    }
};

// A seek's id (16 hex digits) as its 64 bits; nullopt for anything else.
std::optional<std::uint64_t> id_bits(std::string_view id) {
    std::uint64_t bits = 0;
    if (id.empty() || id.size() > 16) return std::nullopt;
    auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), bits, 16);
    if (ec != std::errc() || end != id.data() + id.size()) return std::nullopt;
    return bits;
}

class LobbyRun {
  public:
    LobbyRun(const std::vector<Target>& targets, const LobbyOptions& options,
             const std::vector<ServerProcess*>& servers, LobbyResult& result,
             asio::any_io_executor executor)
        : targets_(targets),
          options_(options),
          servers_(servers),
          result_(result),
          executor_(executor),
          accounts_(std::make_unique<Account[]>(std::size_t(options.accounts))),
          watchers_(std::size_t(options.watchers)) {
        for (int r = 0; r < std::max(1, options.reader_threads); ++r) {
            readers_.push_back(std::make_unique<Reader>());
            Reader& reader = *readers_.back();
            reader.thread = std::thread([&reader] { reader.io.run(); });
        }
        std::random_device device;
        char tag[16];
        std::snprintf(tag, sizeof tag, "lb%04x", unsigned(device() & 0xFFFF));
        for (int i = 0; i < options.accounts; ++i)
            accounts_[std::size_t(i)].name = tag + std::string("x") + std::to_string(i);
        tag_ = std::string(tag) + "x";
    }

    ~LobbyRun() {
        for (auto& reader : readers_) {
            reader->work.reset();
            if (reader->thread.joinable()) reader->thread.join();
        }
    }
    asio::awaitable<void> run();
    int sessions() const { return sessions_; }

  private:
    const Target& target_of(int account) const {
        return targets_[std::size_t(account) % targets_.size()];
    }
    asio::awaitable<void> sign_up(int worker);
    asio::awaitable<void> watch(int index);
    asio::awaitable<void> pair(int index);
    Reader& reader_of(int watcher) { return *readers_[std::size_t(watcher) % readers_.size()]; }
    void on_message(Reader& reader, int index, const LobbyMessage& m, Clock::time_point now);
    void problem(const std::string& what) {
        std::lock_guard lock(problem_mutex_);
        if (result_.first_problem.empty()) result_.first_problem = what;
    }
    void fail(const std::string& kind, const HttpResponse& r) {
        const std::string why =
            r.ec ? describe(r.ec) : std::to_string(r.status) + " " + r.body.substr(0, 120);
        std::lock_guard lock(problem_mutex_);
        ++result_.failures[kind + ": " + why];
        if (result_.first_problem.empty()) result_.first_problem = kind + ": " + why;
    }
    // The account a lobby message names (its seeker), from the name's number.
    int account_of(std::string_view name) const {
        if (!name.starts_with(tag_)) return -1;
        int index = -1;
        const char* begin = name.data() + tag_.size();
        auto [end, ec] = std::from_chars(begin, name.data() + name.size(), index);
        if (ec != std::errc() || end != name.data() + name.size() || index < 0 ||
            index >= options_.accounts)
            return -1;
        return index;
    }
    // The lobby connections signed in as `account`.
    int connections_of(int account) const {
        return options_.watchers / options_.accounts +
               (account < options_.watchers % options_.accounts ? 1 : 0);
    }
    bool in_window(std::int64_t t) const { return t >= window_begin_ && t < window_end_; }

    const std::vector<Target>& targets_;
    const LobbyOptions& options_;
    const std::vector<ServerProcess*>& servers_;
    LobbyResult& result_;
    asio::any_io_executor executor_;
    std::unique_ptr<Account[]> accounts_;
    std::string tag_;
    int next_account_ = 0;
    std::vector<Watcher> watchers_;
    ConnectionSet connections_;  // the sign-ups' (the main thread's)
    std::vector<std::unique_ptr<Reader>> readers_;
    std::atomic<std::uint64_t> opened_ = 0, open_failed_ = 0;
    std::atomic<int> sessions_ = 0;
    std::atomic<bool> closing_ = false;
    Clock::time_point begin_ = Clock::time_point::max(), end_ = Clock::time_point::max();
    // The same, for the readers.
    std::atomic<std::int64_t> window_begin_ = ticks(Clock::time_point::max()),
                              window_end_ = ticks(Clock::time_point::max());
    std::atomic<std::int64_t> last_online_ = 0;  // ticks
    // The request workers' thread and what they share with the main one.
    asio::io_context requests_{1};
    ConnectionSet request_connections_;
    std::mutex problem_mutex_;       // result_.failures, first_problem, made_, the request logs
    std::vector<std::string> made_;  // seeks made within the window, by id
    std::vector<std::pair<std::string, int>> games_expected_;  // and `started` messages due
    LatencyLog seek_post_, accept_post_;
};

asio::awaitable<void> LobbyRun::sign_up(int worker) {
    (void)worker;
    for (;;) {
        const int i = next_account_++;
        if (i >= options_.accounts || closing_) break;
        Account& account = accounts_[std::size_t(i)];
        // Sign-in is limited per address: each account from one of many.
        HttpConnection connection(executor_, source_address(i % options_.addresses), target_of(i));
        Registered registered(connections_, &connection);
        const std::string body =
            R"({"name":")" + account.name + R"(","password":"load-generator-password"})";
        HttpResponse made = co_await connection.request(http::verb::post, "/api/accounts", body, {},
                                                        kRequestTimeout);
        if (made.ec || made.status != 201) {
            ++result_.setup_failures["sign-up: " + (made.ec ? describe(made.ec)
                                                            : std::to_string(made.status) + " " +
                                                                  made.body.substr(0, 120))];
            continue;
        }
        HttpResponse in = co_await connection.request(http::verb::post, "/api/session", body, {},
                                                      kRequestTimeout);
        std::optional<std::string> token;
        if (!in.ec && in.status == 200)
            if (auto raw = json::member(in.body, "token")) token = json::string_value(*raw);
        if (!token) {
            ++result_.setup_failures["sign-in: " + (in.ec ? describe(in.ec)
                                                          : std::to_string(in.status) + " " +
                                                                in.body.substr(0, 120))];
            continue;
        }
        account.token = std::move(*token);
        ++result_.accounts;
        connection.close();
    }
    --sessions_;
}

asio::awaitable<void> LobbyRun::watch(int index) {
    Reader& reader = reader_of(index);
    const asio::any_io_executor executor = reader.io.get_executor();
    auto c = std::make_shared<LobbyConnection>(executor);
    Registered registered(reader.connections, c.get());
    Watcher& watcher = watchers_[std::size_t(index)];
    close_unless_opened(c, executor, kOpenDeadline);
    const Target& target = target_of(index);
    error_code ec = co_await connect_from(
        c->ws.next_layer(), source_address(index % options_.addresses), target.endpoint);
    if (!ec) {
        c->ws.auto_fragment(false);
        c->ws.read_message_max(16 * 1024 * 1024);
        const std::string authorization =
            "Bearer " + accounts_[std::size_t(index % options_.accounts)].token;
        c->ws.set_option(
            websocket::stream_base::decorator([authorization](websocket::request_type& request) {
                request.set(http::field::authorization, authorization);
            }));
        auto [handshake_ec] =
            co_await c->ws.async_handshake(target.host, "/api/lobby/socket", nothrow);
        ec = handshake_ec;
    }
    beast::flat_buffer buffer;
    if (!ec) {
        auto [read_ec, n] = co_await c->ws.async_read(buffer, nothrow);
        (void)n;
        ec = read_ec;
        if (!ec) {
            const std::string first = beast::buffers_to_string(buffer.data());
            buffer.consume(buffer.size());
            const auto type = json::member(first, "type");
            if (!type || *type != "\"lobby\"") {
                problem("a lobby connection's first message: " + first.substr(0, 200));
                ec = make_error_code(http::error::bad_value);
            }
        }
    }
    if (ec) {
        ++open_failed_;
        problem("opening a lobby connection: " + describe(ec));
        --sessions_;
        co_return;
    }
    c->opened = true;
    if (c->deadline) c->deadline->cancel();
    watcher.open = true;
    ++opened_;
    for (;;) {
        auto [read_ec, n] = co_await c->ws.async_read(buffer, nothrow);
        (void)n;
        if (read_ec) {
            if (!closing_) {
                watcher.closed = true;
                ++reader.sockets_closed;
                problem("a lobby connection closed: " + describe(read_ec));
            }
            break;
        }
        const auto data = buffer.data();
        const std::string_view text(static_cast<const char*>(data.data()), data.size());
        LobbyMessage scratch;
        const LobbyMessage& m = reader.message_of(text, scratch);
        if (m.kind == LobbyMessage::Kind::Other)
            problem("an unexpected lobby message: " + std::string(text.substr(0, 200)));
        on_message(reader, index, m, Clock::now());
        buffer.consume(buffer.size());
    }
    --sessions_;
}

void LobbyRun::on_message(Reader& reader, int index, const LobbyMessage& m, Clock::time_point now) {
    switch (m.kind) {
        case LobbyMessage::Kind::Batch:
            ++reader.batches;
            for (const LobbyMessage& one : m.messages) on_message(reader, index, one, now);
            return;
        case LobbyMessage::Kind::Seek: {
            const int seeker = account_of(m.name);
            const auto bits = id_bits(m.id);
            if (seeker < 0 || !bits) {
                ++reader.unknown_seeks;
                return;
            }
            auto [it, fresh] =
                reader.seek_index.try_emplace(*bits, std::uint32_t(reader.seeks.size()));
            if (fresh) {
                SeenSeek seen;
                seen.sent = accounts_[std::size_t(seeker)].seek_sent.load();
                seen.counted = in_window(seen.sent);
                reader.seeks.push_back(seen);
            }
            const SeenSeek& seen = reader.seeks[it->second];
            std::vector<std::uint8_t>& receipts = watchers_[std::size_t(index)].seen;
            if (receipts.size() <= it->second) receipts.resize(it->second + 1024, 0);
            if (receipts[it->second] < 255) ++receipts[it->second];
            if (!seen.counted || receipts[it->second] > 1) return;
            reader.from_send.add(now - at(seen.sent));
            const std::int64_t answered = accounts_[std::size_t(seeker)].seek_answered.load();
            if (answered >= seen.sent) {
                reader.from_answer.add(now - at(answered));
            } else {
                reader.from_answer.add(Clock::duration::zero());
                ++reader.before_answer;
            }
            return;
        }
        case LobbyMessage::Kind::Unseek:
            ++reader.unseeks;
            return;
        case LobbyMessage::Kind::Online:
            if (ticks(now) >= window_begin_) ++reader.online_messages;  // during the seeks
            last_online_ = ticks(now);
            return;
        case LobbyMessage::Kind::Lobby:  // a second snapshot: only the first is sent
            ++reader.unexpected["lobby"];
            return;
        case LobbyMessage::Kind::Started: {
            // Both players of an accepted seek have the accept's send time.
            const std::int64_t sent =
                accounts_[std::size_t(index % options_.accounts)].accept_sent.load();
            if (!in_window(sent)) return;
            ++reader.started_received;
            ++reader.started_by_game[std::string(m.id)];
            reader.started.add(now - at(sent));
            return;
        }
        case LobbyMessage::Kind::Other:
            ++reader.unexpected[m.type.empty() ? std::string("unreadable")
                                               : std::string(m.type.substr(0, 40))];
            return;
    }
}

asio::awaitable<void> LobbyRun::pair(int index) {
    const int seekers = std::max(1, std::min(options_.seekers, options_.accounts / 2));
    Account& seeker = accounts_[std::size_t(index)];
    // The partner: on the other instance when there are two (accounts alternate instances,
    // and seekers + index + 1 has the other parity when the number of seekers is even).
    const int partner = seekers + (index + 1) % seekers;
    Account& acceptor = accounts_[std::size_t(partner)];
    // Seeks on the first instance, accepted on the second (when there are two).
    HttpConnection seeking(requests_.get_executor(), source_address(index % options_.addresses),
                           targets_.front());
    HttpConnection accepting(requests_.get_executor(), source_address(partner % options_.addresses),
                             targets_[1 % targets_.size()]);
    Registered r1(request_connections_, &seeking), r2(request_connections_, &accepting);
    // Each pair seeks every seekers/rate seconds, the pairs staggered evenly: together a
    // steady rate.
    const auto interval = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(double(seekers) / options_.seek_rate));
    const auto offset = interval * index / seekers;
    for (long k = 0;; ++k) {
        const Clock::time_point due = begin_ + offset + interval * k;
        if (due >= end_ || closing_) break;
        if (Clock::now() < due) co_await sleep_for(due - Clock::now());
        const Clock::time_point sent = Clock::now();
        seeker.seek_sent = ticks(sent);
        HttpResponse made = co_await seeking.request(http::verb::post, "/api/seeks", kSeekBody,
                                                     seeker.token, kRequestTimeout);
        const Clock::time_point answered = Clock::now();
        seeker.seek_answered = ticks(answered);
        std::optional<std::string> id;
        if (!made.ec && made.status == 201)
            if (auto raw = json::member(made.body, "id")) id = json::string_value(*raw);
        {
            std::lock_guard lock(problem_mutex_);
            ++result_.seeks_sent;
            seek_post_.add(answered - sent);
            if (id) {
                ++result_.seeks_made;
                made_.push_back(*id);
            }
        }
        if (!id) {
            fail("POST /api/seeks", made);
            continue;
        }
        const Clock::time_point accept_sent = Clock::now();
        seeker.accept_sent = acceptor.accept_sent = ticks(accept_sent);
        HttpResponse accepted = co_await accepting.request(
            http::verb::post, "/api/seeks/" + *id + "/accept", {}, acceptor.token, kRequestTimeout);
        const Clock::time_point accept_answered = Clock::now();
        std::lock_guard lock(problem_mutex_);
        ++result_.accepts_sent;
        accept_post_.add(accept_answered - accept_sent);
        if (!accepted.ec && accepted.status == 201 && json::member(accepted.body, "game")) {
            ++result_.accepts_made;
            // Counted, as the watchers count them, when the accept was sent within the window
            // (one sent after its seek's slow answer may fall after it).
            if (in_window(ticks(accept_sent))) {
                const int expected = connections_of(index) + connections_of(partner);
                result_.started_expected += std::uint64_t(expected);
                if (auto game = json::member(accepted.body, "game"))
                    if (auto game_id = json::string_value(*game))
                        games_expected_.emplace_back(std::move(*game_id), expected);
            }
        } else {
            ++result_.failures["POST /api/seeks/{id}/accept: " +
                               (accepted.ec ? describe(accepted.ec)
                                            : std::to_string(accepted.status) + " " +
                                                  accepted.body.substr(0, 120))];
            if (result_.first_problem.empty())
                result_.first_problem = "accepting a seek: " + std::to_string(accepted.status) +
                                        " " + accepted.body.substr(0, 120);
        }
    }
    --sessions_;
}

asio::awaitable<void> LobbyRun::run() {
    result_.instances = int(targets_.size());
    // The accounts, made and signed in before anything is measured (Argon2id twice each).
    const auto signup_begin = Clock::now();
    for (int w = 0; w < options_.signup_concurrency; ++w) {
        ++sessions_;
        asio::co_spawn(executor_, sign_up(w), ReportException{"a sign-up worker"});
    }
    while (sessions_ > 0) co_await sleep_for(10ms);
    result_.signup_seconds = std::chrono::duration<double>(Clock::now() - signup_begin).count();
    std::fprintf(stderr, "serve_load: lobby: %llu accounts in %.1f s\n",
                 static_cast<unsigned long long>(result_.accounts), result_.signup_seconds);
    if (result_.accounts < std::uint64_t(options_.accounts)) {
        problem("only " + std::to_string(result_.accounts) + " of " +
                std::to_string(options_.accounts) + " accounts were made");
        co_return;
    }
    result_.rss_before_kib = servers_.front()->rss_kib();

    // The lobby connections, a few hundred being opened at a time.
    const auto open_begin = Clock::now();
    auto settled = [&] { return opened_ + open_failed_; };
    for (int i = 0; i < options_.watchers; ++i) {
        while (std::uint64_t(i) >= settled() + std::uint64_t(options_.open_concurrency))
            co_await sleep_for(1ms);
        ++sessions_;
        asio::co_spawn(reader_of(i).io, watch(i), ReportException{"a lobby connection"});
    }
    const auto open_deadline = Clock::now() + 120s;
    while (settled() < std::uint64_t(options_.watchers) && Clock::now() < open_deadline)
        co_await sleep_for(5ms);
    result_.open_seconds = std::chrono::duration<double>(Clock::now() - open_begin).count();
    // The presence messages of the arrivals go out before the seeks start: until none came for
    // two seconds (at most a minute).
    const auto quiet_begin = Clock::now();
    do co_await sleep_for(500ms);
    while ((Clock::now() - at(last_online_) < 2s) && Clock::now() - quiet_begin < 60s);
    result_.quiet_seconds = std::chrono::duration<double>(Clock::now() - quiet_begin).count();
    result_.rss_watching_kib = servers_.front()->rss_kib();
    std::fprintf(stderr, "serve_load: lobby: %llu lobby connections in %.1f s\n",
                 static_cast<unsigned long long>(opened_.load()), result_.open_seconds);

    // The seeks, made and accepted at a steady rate.
    const CpuSample cpu_before = sample_cpu();
    const ProcessSnapshot processes_before = snapshot_processes();
    double server_before = 0, server_wait_before = 0;
    std::vector<int> pids{::getpid()};
    for (ServerProcess* s : servers_) {
        server_before += s->cpu_seconds();
        server_wait_before += runqueue_wait_seconds(s->pid());
        pids.push_back(s->pid());
    }
    const double self_wait_before = runqueue_wait_seconds(::getpid());
    begin_ = Clock::now() + 20ms;
    end_ = begin_ + std::chrono::duration_cast<Clock::duration>(
                        std::chrono::duration<double>(options_.seconds));
    window_begin_ = ticks(begin_);
    window_end_ = ticks(end_);
    const int seekers = std::max(1, std::min(options_.seekers, options_.accounts / 2));
    std::atomic<int> pairs_running = seekers;
    for (int p = 0; p < seekers; ++p)
        asio::co_spawn(requests_, pair(p), [&](std::exception_ptr e) {
            --pairs_running;
            ReportException{"a seeking pair"}(e);
        });
    // pair() counts itself out of sessions_ too: balance it here.
    sessions_ += seekers;
    std::thread requests_thread([this] { requests_.run(); });
    while (Clock::now() < end_) co_await sleep_for(100ms);
    const auto answers_deadline = Clock::now() + 30s;
    while (pairs_running > 0 && Clock::now() < answers_deadline) co_await sleep_for(5ms);
    asio::post(requests_, [this] { request_connections_.close_all(); });
    requests_thread.join();
    // The last seeks' messages.
    co_await sleep_for(3s);
    const CpuSample cpu_after = sample_cpu();
    result_.cpu.wall = std::chrono::duration<double>(Clock::now() - begin_).count();
    for (ServerProcess* s : servers_) {
        result_.cpu.server += s->cpu_seconds();
        result_.cpu.server_waiting += runqueue_wait_seconds(s->pid());
    }
    result_.cpu.server -= server_before;
    result_.cpu.server_waiting -= server_wait_before;
    result_.cpu.generator = cpu_after.self - cpu_before.self;
    result_.cpu.machine = cpu_after.machine_busy - cpu_before.machine_busy;
    result_.cpu.generator_waiting = runqueue_wait_seconds(::getpid()) - self_wait_before;
    result_.cpu.others_busiest = busiest_between(processes_before, snapshot_processes(), 5, pids);
    result_.rss_end_kib = servers_.front()->rss_kib();

    // The connections closed, the readers idle: what they counted is read.
    closing_ = true;
    auto close_all = [&] {
        for (auto& reader : readers_)
            asio::post(reader->io, [r = reader.get()] { r->connections.close_all(); });
        connections_.close_all();
    };
    close_all();
    const auto close_deadline = Clock::now() + 60s;
    while (sessions_ > 0 && Clock::now() < close_deadline) {
        co_await sleep_for(10ms);
        close_all();
    }
    if (sessions_ > 0) co_return;  // still reading: the counts are not to be touched

    // Every seek made, at every watcher that stayed: once.
    result_.watchers_opened = opened_;
    result_.open_failed = open_failed_;
    for (const std::string& id : made_) {
        const auto bits = id_bits(id);
        for (std::size_t i = 0; i < watchers_.size(); ++i) {
            const Watcher& w = watchers_[i];
            if (!w.open || w.closed) continue;
            ++result_.expected_pairs;
            const Reader& reader = reader_of(int(i));
            const auto it = bits ? reader.seek_index.find(*bits) : reader.seek_index.end();
            const std::uint8_t n = it != reader.seek_index.end() && it->second < w.seen.size()
                                       ? w.seen[it->second]
                                       : 0;
            if (n == 0) ++result_.lost_pairs;
            if (n > 0) ++result_.received_pairs;
            if (n > 1) ++result_.duplicate_pairs;
        }
    }
    LatencyLog from_send, from_answer, started;
    for (auto& reader : readers_) {
        from_send.merge(reader->from_send);
        from_answer.merge(reader->from_answer);
        started.merge(reader->started);
        result_.batches += reader->batches;
        result_.unseeks += reader->unseeks;
        result_.online_messages += reader->online_messages;
        result_.unknown_seeks += reader->unknown_seeks;
        result_.before_answer += reader->before_answer;
        result_.started_received += reader->started_received;
        result_.sockets_closed += reader->sockets_closed;
        for (const auto& [kind, n] : reader->unexpected) result_.unexpected[kind] += n;
    }
    // The games whose players were told of them at fewer connections than they have.
    for (const auto& [game, expected] : games_expected_) {
        std::uint64_t got = 0;
        for (auto& reader : readers_)
            if (auto it = reader->started_by_game.find(game); it != reader->started_by_game.end())
                got += it->second;
        if (got == 0)
            ++result_.started_games_untold;
        else if (got < std::uint64_t(expected))
            ++result_.started_games_partly;
        if (got < std::uint64_t(expected) && result_.started_missing_example.empty())
            result_.started_missing_example =
                game + " (" + std::to_string(got) + " of " + std::to_string(expected) + ")";
    }
    result_.fanout_from_send = from_send.summary();
    result_.fanout_from_answer = from_answer.summary();
    result_.started = started.summary();
    result_.seek_post = seek_post_.summary();
    result_.accept_post = accept_post_.summary();
}

}  // namespace

asio::awaitable<void> run_lobby(const std::vector<Target>& targets, const LobbyOptions& options,
                                const std::vector<ServerProcess*>& servers, LobbyResult& result) {
    result.options = options;
    auto executor = co_await asio::this_coro::executor;
    auto run = std::make_unique<LobbyRun>(targets, options, servers, result, executor);
    co_await run->run();
    if (run->sessions() > 0) {
        std::fprintf(stderr, "serve_load: %d lobby connections did not close within a minute\n",
                     run->sessions());
        (void)run.release();
    }
}

}  // namespace serve_load
