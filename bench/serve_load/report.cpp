#include "report.hpp"

#include <cmath>
#include <cstdio>
#include <numeric>
#include <sstream>

#include "pacing.hpp"

namespace serve_load {

namespace {

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// 12345 -> "12,345"
std::string grouped(std::uint64_t value) {
    std::string digits = std::to_string(value), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string mib(long kib) { return fixed(double(kib) / 1024.0, 1) + " MiB"; }

std::string mark(bool met) { return met ? "met" : "**missed**"; }

std::string failures_text(const std::map<std::string, std::uint64_t>& failures) {
    if (failures.empty()) return "none";
    std::string out;
    for (const auto& [what, count] : failures) {
        if (!out.empty()) out += "; ";
        out += grouped(count) + " × " + what;
    }
    return out;
}

std::uint64_t total(const std::map<std::string, std::uint64_t>& counts) {
    std::uint64_t n = 0;
    for (const auto& [what, count] : counts) n += count;
    return n;
}

void cpu_line(std::ostringstream& out, const CpuUse& cpu) {
    if (cpu.wall <= 0) return;
    out << "CPU over the measured " << fixed(cpu.wall, 1) << " s, in cores busy on average: server "
        << fixed(cpu.server / cpu.wall, 2) << ", load generator "
        << fixed(cpu.generator / cpu.wall, 2) << ", everything else "
        << fixed(cpu.others() / cpu.wall, 2) << " (machine total "
        << fixed(cpu.machine / cpu.wall, 2) << "). Runnable but waiting for a CPU (summed over "
        << "threads, per second): server " << fixed(cpu.server_waiting / cpu.wall, 2)
        << " s, load generator " << fixed(cpu.generator_waiting / cpu.wall, 2) << " s.";
    if (!cpu.others_busiest.empty()) {
        out << " Busiest other processes meanwhile: ";
        for (std::size_t i = 0; i < cpu.others_busiest.size(); ++i)
            out << (i ? "; " : "") << cpu.others_busiest[i];
        out << ".";
    }
    out << "\n\n";
}

// The mean of the per-second counts in [begin, end).
double mean_of(const std::vector<std::uint64_t>& counts, std::size_t begin, std::size_t end) {
    if (end <= begin) return 0;
    return double(std::accumulate(counts.begin() + long(begin), counts.begin() + long(end),
                                  std::uint64_t{0})) /
           double(end - begin);
}

struct Throughput {
    double mean = 0, first_third = 0, last_third = 0;
    std::uint64_t min = 0, max = 0;
    bool declines = false;
};

Throughput throughput(const GamesResult& r) {
    Throughput t;
    const auto& c = r.acked_per_second;
    if (c.empty()) return t;
    t.mean = mean_of(c, 0, c.size());
    t.min = *std::min_element(c.begin(), c.end());
    t.max = *std::max_element(c.begin(), c.end());
    const std::size_t third = std::max<std::size_t>(1, c.size() / 3);
    t.first_third = mean_of(c, 0, third);
    t.last_third = mean_of(c, c.size() - third, c.size());
    // A decline: the last third of the run at least 10% below the first third.
    t.declines = t.last_third < 0.9 * t.first_third;
    return t;
}

bool paced(const GamesResult& r) { return r.options.move_rate > 0; }

// Paced: whether every second after the first acknowledged at least 99% of the moves offered.
bool sustained(const GamesResult& r) {
    return first_unsustained_second(r.offered_per_second, r.acked_per_second) < 0;
}

// The rate: paced, 10,000 moves/s offered and sustained (the mean acknowledged is a
// hair below what was offered: the moves due in the last milliseconds are acknowledged after
// the window); unpaced, a mean of 10,000 acknowledged.
bool rate_met(const GamesResult& r) {
    if (paced(r)) return r.options.move_rate >= 10'000 && sustained(r);
    return throughput(r).mean >= 10'000;
}

bool games_met(const GamesResult& r) {
    return rate_met(r) && r.move_latency.p99_ms < 10 && r.watcher_latency.p99_ms < 20 &&
           !throughput(r).declines;
}

std::string percent(double share) { return fixed(100.0 * share, 1) + "%"; }

// The lowest share of the offered moves acknowledged in a second after the first, and which.
std::pair<double, std::size_t> lowest_share(const GamesResult& r) {
    double lowest = 1;
    std::size_t at = 0;
    const auto& offered = r.offered_per_second;
    const auto& acked = r.acked_per_second;
    for (std::size_t s = 1; s < std::min(offered.size(), acked.size()); ++s) {
        if (offered[s] == 0) continue;
        const double share = double(acked[s]) / double(offered[s]);
        if (share < lowest) {
            lowest = share;
            at = s;
        }
    }
    return {lowest, at};
}

bool crowd_met(const CrowdResult& r) {
    return r.all.p99_ms < 10 && r.sent == r.ok && r.watchers.dropped == 0 &&
           r.live_opened == std::uint64_t(r.options.live);
}

void latency_row(std::ostringstream& out, const std::string& what, const LatencyLog::Summary& s) {
    out << "| " << what << " | " << grouped(s.count) << " | " << format_ms(s.p50_ms) << " | "
        << format_ms(s.p90_ms) << " | " << format_ms(s.p99_ms) << " | " << format_ms(s.p999_ms)
        << " | " << format_ms(s.max_ms) << " |\n";
}

const char* kLatencyHeader =
    "| measure | samples | p50 | p90 | p99 | p99.9 | max |\n|---|---:|---:|---:|---:|---:|---:|\n";

void write_crowd(std::ostringstream& out, const CrowdResult& r) {
    const auto& o = r.options;
    out << "## 1. Crowd: " << grouped(std::uint64_t(o.live)) << " live connections, "
        << grouped(std::uint64_t(o.slow)) << " slow-header connections, ordinary requests\n\n"
        << grouped(std::uint64_t(o.live)) << " live connections on " << o.games
        << " untimed friend games (every other one an event stream `GET /api/games/{id}/events`, "
           "the others a WebSocket `/api/games/{id}/socket` that says hello without a token), "
           "opened "
        << o.open_concurrency << " at a time from " << o.addresses
        << " loopback source addresses; then " << grouped(std::uint64_t(o.slow))
        << " slow-header connections (a request line, then one header byte every second, never "
           "finishing; each reopened when the server drops it); then for "
        << fixed(o.seconds, 0) << " s, " << fixed(o.rate, 0) << " ordinary requests a second from "
        << o.workers
        << " keep-alive connections, in turn `GET /api/startpos/random`, "
           "`GET /api/games/{id}` (a random crowd game), again both, and a move by `POST "
           "/api/games/{id}/moves` in one of "
        << o.moving_games
        << " games the crowd watches (a random legal move; the answer's move is checked with the "
           "rules library). Each request is timed from when it was due by the schedule, so a slow "
           "answer also counts against the requests it delays.\n\n";

    out << "| measure | value | target |\n|---|---|---|\n";
    out << "| live connections opened | " << grouped(r.live_opened) << " of "
        << grouped(std::uint64_t(o.live)) << " in " << fixed(r.open_seconds, 1) << " s"
        << (r.watchers.open_failed ? " (" + failures_text(r.watchers.open_errors) + ")" : "")
        << " | all |\n";
    out << "| live connections dropped by the server while open | " << grouped(r.watchers.dropped)
        << (r.watchers.dropped ? " (" + failures_text(r.watchers.drop_errors) + ")" : "")
        << " | 0 |\n";
    out << "| ordinary requests answered / sent | " << grouped(r.ok) << " / " << grouped(r.sent)
        << " | all |\n";
    out << "| request latency p50 / p99 / max (all kinds) | " << format_ms(r.all.p50_ms) << " / "
        << format_ms(r.all.p99_ms) << " / " << format_ms(r.all.max_ms)
        << " | p99 < 10 ms: " << mark(r.all.p99_ms < 10) << " |\n";
    std::uint64_t failures = r.sent - r.ok;
    out << "| request failures | " << grouped(failures) << " | 0: " << mark(failures == 0)
        << " |\n";
    out << "| slow-header connections open during the requests (min / max) | " << r.slow_open_min
        << " / " << r.slow_open_max << " | " << o.slow << " |\n";
    const auto& drop = r.slow_drop;
    out << "| slow-header connections dropped by the server | " << grouped(r.slow.dropped);
    if (drop.count > 0)
        out << ", after " << fixed(drop.p50_ms / 1000, 1) << " s (median; "
            << fixed(drop.max_ms / 1000, 1) << " s at most)";
    out << "; " << grouped(r.slow.answered) << " with an answer (" << failures_text(r.slow.answers)
        << ") | after the 10 s header deadline |\n";
    out << "| server memory (VmRSS): games only | " << mib(r.rss_before_kib) << " | |\n";
    out << "| ... with the live connections | " << mib(r.rss_live_kib) << " | |\n";
    out << "| ... and the slow-header ones | " << mib(r.rss_all_kib) << " | |\n";
    out << "| ... highest during the requests / at the end | " << mib(r.rss_max_kib) << " / "
        << mib(r.rss_end_kib) << " | |\n";
    if (r.live_opened > 0)
        out << "| memory per idle live connection | "
            << fixed(double(r.rss_live_kib - r.rss_before_kib) / double(r.live_opened), 1)
            << " KiB | |\n";
    out << "| server threads | " << r.server_threads << " | |\n\n";

    out << "Latency by kind of request, from when it was due:\n\n" << kLatencyHeader;
    for (const auto& [kind, s] : r.summaries) latency_row(out, "`" + kind + "`", s);
    latency_row(out, "all", r.all);
    out << "\nFrom when it was sent (the server's answer time on a free connection):\n\n"
        << kLatencyHeader;
    for (const auto& [kind, s] : r.service_summaries) latency_row(out, "`" + kind + "`", s);
    out << "\n";
    for (const auto& [kind, stats] : r.requests)
        if (!stats.failures.empty())
            out << "Failures of `" << kind << "`: " << failures_text(stats.failures) << ".\n\n";
    out << "Moves made: " << grouped(r.moves) << "; their events reached the watchers ("
        << grouped(r.watchers.moves) << " move events in all) " << format_ms(r.fanout.p50_ms)
        << " (p50), " << format_ms(r.fanout.p99_ms) << " (p99), " << format_ms(r.fanout.max_ms)
        << " (max) after the mover had the answer to its POST (" << grouped(r.fanout_early)
        << " arrived before it). SSE pings received: " << grouped(r.watchers.pings)
        << "; malformed messages: " << grouped(r.watchers.bad) << ".\n\n";
    if (!r.watchers.first_bad.empty())
        out << "First malformed message: `" << r.watchers.first_bad << "`\n\n";
    if (!r.first_problem.empty()) out << "First problem seen: " << r.first_problem << "\n\n";
    cpu_line(out, r.cpu);
}

void write_games(std::ostringstream& out, const GamesResult& r, const std::string& title) {
    const auto& o = r.options;
    const Throughput t = throughput(r);
    out << title << "\n\n"
        << grouped(std::uint64_t(o.games)) << " friend games in play at once (clock "
        << o.clock_initial << "+" << o.clock_increment << "), each with its two seats and "
        << o.watchers
        << " watchers (WebSocket and event stream in turn), each game's connections from its own "
           "loopback address (of "
        << o.addresses << "); "
        << (o.http_moves
                ? "each seat moves by `POST /api/games/{id}/moves` on its own keep-alive "
                  "connection, the other seat once the answer (a MoveUpdate) has arrived"
                : "each seat plays over its WebSocket and moves once a message on its own socket "
                  "(the opponent's move event, its own move's ack, or its game message) shows it "
                  "is its turn")
        << ". Moves are random legal moves (rules library); every move the server reports is "
           "checked against the library's position (the move played, the size of `legal` "
           "compared with the library's legal moves). A game that ends is replaced by a new one "
           "in its slot. ";
    if (paced(r)) {
        const double interval_ms = 1000.0 * double(o.games) / o.move_rate;
        out << "**Paced** (an open loop): the games together are offered "
            << grouped(std::uint64_t(std::llround(o.move_rate)))
            << " moves a second, each game one move every " << fixed(interval_ms, 1)
            << " ms (its seats alternating), the games' start phases spread over that interval. "
               "A seat sends its move when it is due, or at once if it learns of its turn later "
               "(a late move; the schedule goes on from the due times, but a game never lags "
               "more than "
            << MoveSchedule::kMaxLagIntervals
            << " intervals behind: older due times are skipped). A move's latency is timed "
               "from its sending to its ack and, alongside, from its due time (which counts the "
               "wait of a late move: corrected for coordinated omission). Sustained: every "
               "second after the first acknowledges at least 99% of the moves offered in it. ";
    } else {
        out << "**Unpaced** (a closed loop, the server's capacity): each seat sends its move "
               "the moment it sees its turn, so the "
            << grouped(std::uint64_t(o.games))
            << " games always have about as many moves outstanding and, by Little's law, the "
               "latency is games / throughput whatever the server does: this run shows how "
               "many moves the server acknowledges flat out, not the latency at a given load. ";
    }
    out << "Measured for " << fixed(o.seconds, 0) << " s after all " << o.games
        << " games were set up (" << fixed(r.setup_seconds, 1) << " s"
        << (r.slots_not_set_up > 0 ? "; **" + std::to_string(r.slots_not_set_up) +
                                         " of them were still not set up after two minutes**"
                                   : std::string())
        << ").\n\n";
    out << "| measure | value | target |\n|---|---|---|\n";
    if (paced(r)) {
        const auto [share, second] = lowest_share(r);
        out << "| moves offered / s | " << grouped(std::uint64_t(std::llround(o.move_rate)))
            << " | ≥ 10,000: " << mark(o.move_rate >= 10'000) << " |\n";
        out << "| acknowledged moves / s (mean) | " << grouped(std::uint64_t(std::llround(t.mean)))
            << " | |\n";
        out << "| acknowledged / offered, lowest second after the first | " << percent(share)
            << " (second " << second + 1 << ") | ≥ 99% in every second: " << mark(sustained(r))
            << " |\n";
    } else {
        out << "| acknowledged moves / s (mean) | " << grouped(std::uint64_t(std::llround(t.mean)))
            << " | ≥ 10,000: " << mark(t.mean >= 10'000) << " |\n";
    }
    out << "| per second: min / max | " << grouped(t.min) << " / " << grouped(t.max) << " | |\n";
    out << "| first third / last third of the run (mean) | "
        << grouped(std::uint64_t(t.first_third)) << " / " << grouped(std::uint64_t(t.last_third))
        << " | no decline: " << mark(!t.declines) << " |\n";
    out << "| move latency (send -> ack) p50 / p99 / max | " << format_ms(r.move_latency.p50_ms)
        << " / " << format_ms(r.move_latency.p99_ms) << " / " << format_ms(r.move_latency.max_ms)
        << " | p99 < 10 ms: " << mark(r.move_latency.p99_ms < 10) << " |\n";
    if (paced(r)) {
        out << "| move latency from the due time (due -> ack) p50 / p99 / max | "
            << format_ms(r.due_latency.p50_ms) << " / " << format_ms(r.due_latency.p99_ms) << " / "
            << format_ms(r.due_latency.max_ms) << " | |\n";
        out << "| late moves (the turn learnt after the due time) / due times skipped | "
            << grouped(r.moves_late) << " / " << grouped(r.moves_skipped) << " | |\n";
    }
    out << "| watcher latency (ack at the mover -> move event at a watcher) p50 / p99 / max | "
        << format_ms(r.watcher_latency.p50_ms) << " / " << format_ms(r.watcher_latency.p99_ms)
        << " / " << format_ms(r.watcher_latency.max_ms)
        << " | p99 < 20 ms: " << mark(r.watcher_latency.p99_ms < 20) << " |\n";
    out << "| watcher events before the mover's ack (timed 0) | " << grouped(r.watcher_early)
        << " of " << grouped(r.watcher_latency.count) << " | |\n";
    out << "| refused moves | " << grouped(total(r.move_errors)) << " ("
        << failures_text(r.move_errors) << ") | 0 |\n";
    out << "| games created / finished / abandoned | " << grouped(r.games_created) << " / "
        << grouped(r.games_finished) << " / " << grouped(r.games_abandoned) << " | |\n";
    out << "| watchers: opened / failed to open / dropped | " << grouped(r.watchers.opened) << " / "
        << grouped(r.watchers.open_failed) << " / " << grouped(r.watchers.dropped) << " | |\n";
    out << "| reported moves that did not follow / `legal` lists of the wrong size / malformed "
           "messages | "
        << grouped(r.wrong_moves) << " / " << grouped(r.legal_mismatches) << " / "
        << grouped(r.bad_messages + r.watchers.bad) << " | 0 |\n";
    out << "| server memory (VmRSS) at the start / highest / at the end | " << mib(r.rss_start_kib)
        << " / " << mib(r.rss_max_kib) << " / " << mib(r.rss_end_kib) << " | |\n";
    out << "| server threads | " << r.server_threads << " | |\n\n";
    if (paced(r)) {
        out << "Acknowledged / offered moves in each second, first to last: ";
        for (std::size_t i = 0; i < r.acked_per_second.size(); ++i)
            out << (i ? ", " : "") << grouped(r.acked_per_second[i]) << "/"
                << grouped(i < r.offered_per_second.size() ? r.offered_per_second[i] : 0);
    } else {
        out << "Acknowledged moves in each second, first to last: ";
        for (std::size_t i = 0; i < r.acked_per_second.size(); ++i)
            out << (i ? ", " : "") << grouped(r.acked_per_second[i]);
    }
    out << ".\n\n";
    if (!r.others_cores_per_second.empty()) {
        out << "CPUs used by the server in each second: ";
        for (std::size_t i = 0; i < r.server_cores_per_second.size(); ++i)
            out << (i ? ", " : "") << fixed(r.server_cores_per_second[i], 2);
        out << ".\n\nCPUs used by other processes (not the server, not the generator) in each "
               "second: ";
        for (std::size_t i = 0; i < r.others_cores_per_second.size(); ++i)
            out << (i ? ", " : "") << fixed(r.others_cores_per_second[i], 2);
        out << ".\n\n";
    }
    out << kLatencyHeader;
    latency_row(out, "move: send -> ack", r.move_latency);
    if (paced(r)) latency_row(out, "move: due -> ack", r.due_latency);
    latency_row(out, "watcher: ack -> event", r.watcher_latency);
    out << "\n";
    if (r.games_finished > 0) {
        out << "Finished games: " << grouped(r.games_finished) << ", "
            << fixed(double(r.plies_of_finished) / double(r.games_finished), 0)
            << " plies on average; endings: " << failures_text(r.terminations) << ".\n\n";
    }
    if (!r.create_failures.empty())
        out << "Game creation failures: " << failures_text(r.create_failures) << ".\n\n";
    if (!r.seat_failures.empty())
        out << "Seat connection failures: " << failures_text(r.seat_failures) << ".\n\n";
    if (!r.watchers.open_errors.empty())
        out << "Watchers that could not open: " << failures_text(r.watchers.open_errors) << ".\n\n";
    if (!r.watchers.drop_errors.empty())
        out << "Watchers dropped: " << failures_text(r.watchers.drop_errors) << ".\n\n";
    if (!r.watchers.first_bad.empty())
        out << "First malformed message at a watcher: `" << r.watchers.first_bad << "`\n\n";
    if (!r.first_problem.empty()) out << "First problem seen: " << r.first_problem << "\n\n";
    cpu_line(out, r.cpu);
    if (r.postgres_cpu > 0 && r.cpu.wall > 0)
        out << "Of everything else, the processes named `postgres` (running throughout): "
            << fixed(r.postgres_cpu, 1) << " CPU seconds, " << fixed(r.postgres_cpu / r.cpu.wall, 2)
            << " cores on average.\n\n";
    if (r.acked_in_window > 0 && r.cpu.wall > 0) {
        // CPU time per move hardly depends on how busy the machine is; it bounds what the
        // server could do with every core to itself.
        const double server_us = r.cpu.server / double(r.acked_in_window) * 1e6;
        const double generator_us = r.cpu.generator / double(r.acked_in_window) * 1e6;
        out << "CPU time per acknowledged move (its acknowledgement, its " << (o.watchers + 1)
            << " events, the store's commit): server " << fixed(server_us, 0)
            << " µs, load generator " << fixed(generator_us, 0) << " µs. At that cost the server "
            << "alone on all " << r.machine_cpus << " CPUs would acknowledge at most "
            << grouped(std::uint64_t(double(r.machine_cpus) * 1e6 / std::max(1.0, server_us)))
            << " moves/s.\n\n";
    }
}

void write_crash(std::ostringstream& out, const CrashResult& r) {
    const auto& o = r.load.options;
    out << "## 5. Crash: SIGKILL under the games load, restart, every acknowledged move there?\n\n"
        << "The games load (WebSocket moves, " << grouped(std::uint64_t(o.games)) << " games, "
        << o.watchers << " watchers each, "
        << (o.move_rate > 0 ? grouped(std::uint64_t(std::llround(o.move_rate))) + " moves/s offered"
                            : std::string("unpaced"))
        << "); `kill -9` of the server " << fixed(o.kill_after, 1)
        << " s after the load was set up, with moves in flight; the server restarted on the same "
           "database; then `GET /api/games/{id}` of every game created, checking that its moves "
           "list has every ply acknowledged to a seat, with the same UCI.\n\n";
    if (!r.restarted) {
        out << "**The check did not run**: " << r.restart_error << "\n\n";
        return;
    }
    out << "| measure | value | target |\n|---|---|---|\n";
    out << "| acknowledged moves before the kill | " << grouped(r.acknowledged) << " | |\n";
    out << "| ... lost after the restart | " << grouped(r.lost) << " | 0: " << mark(r.lost == 0)
        << " |\n";
    out << "| games checked / missing / with a lost move | " << grouped(r.games_checked) << " / "
        << grouped(r.games_missing) << " / " << grouped(r.games_with_loss) << " | |\n";
    out << "| moves stored whose ack the kill cut off | " << grouped(r.extra) << " | |\n";
    out << "| restart: exec to accepting connections | " << fixed(r.restart_seconds, 2)
        << " s | |\n\n";
    for (const auto& e : r.examples) out << "- " << e << "\n";
    if (!r.examples.empty()) out << "\n";
}

bool engine_gaps_met(const GamesResult& r) {
    if (r.engine_gaps.empty()) return false;
    for (const double gap : r.engine_gaps)
        if (gap < -1.5)
            continue;  // moved before the kill: not a takeover
        else if (gap < 0 || gap > 5)
            return false;
    return true;
}

std::string engine_gaps_text(const GamesResult& r) {
    std::string text;
    for (const double gap : r.engine_gaps) {
        if (!text.empty()) text += ", ";
        text += gap < -1.5 ? std::string("moved before the kill")
                : gap < 0  ? std::string("none within 30 s")
                           : fixed(gap, 2) + " s";
    }
    return text.empty() ? std::string("no engine game") : text;
}

void write_cluster(std::ostringstream& out, const CrashResult& c) {
    const GamesResult& r = c.load;
    const auto& o = r.options;
    const std::size_t n = r.instance_cpu.size();
    const bool kill = o.kill_after > 0 && o.kill_instance >= 0;
    write_games(out, r,
                "## 6. Cluster: " + std::to_string(n) +
                    " instances on one PostgreSQL, the games load spread over them" +
                    (kill ? ", `kill -9` of one" : std::string(", no kill")));
    out << "Spread: game slot i is created and played (both seats) through instance i mod " << n
        << ", its watchers on instance (i + 1) mod " << n
        << ", so every watcher event above crossed from one instance to another through "
           "PostgreSQL's `NOTIFY`; the server figures above are the instances' sums. ";
    if (kill) {
        out << "`kill -9` of instance 0 " << fixed(o.kill_after, 1)
            << " s into the measured window; the load goes on: its seats and watchers reconnect "
               "to the other instances (a seat's move in flight is resolved by the game message "
               "there), new games go to the live ones. ";
        if (o.engine_games > 0)
            out << o.engine_games << " engine games (the engine White, level " << o.engine_level
                << ") were created on instance 0 1.2 s before the kill, so that it died "
                   "thinking; after the kill each is asked for (`GET /api/games/{id}`, every "
                   "50 ms) on another instance (spread over the live ones) until its first move "
                   "is there. ";
    }
    out << "After the load a fresh instance, holding no game, reads every game from the "
           "database: every ply acknowledged to a seat must be there with the same UCI.\n\n";
    out << "| measure | value | target |\n|---|---|---|\n";
    out << "| watcher on another instance: ack -> event p50 / p99 / max | "
        << format_ms(r.watcher_latency.p50_ms) << " / " << format_ms(r.watcher_latency.p99_ms)
        << " / " << format_ms(r.watcher_latency.max_ms)
        << " | p99 < 50 ms: " << mark(r.watcher_latency.p99_ms < 50) << " |\n";
    out << "| the same events timed from the mover's sending of the move: p50 / p99 / max | "
        << format_ms(r.watcher_from_send.p50_ms) << " / " << format_ms(r.watcher_from_send.p99_ms)
        << " / " << format_ms(r.watcher_from_send.max_ms) << " | |\n";
    if (r.killed) {
        out << "| ... before the kill (" << grouped(r.watcher_before_kill.count)
            << " events): p50 / p99 / max | " << format_ms(r.watcher_before_kill.p50_ms) << " / "
            << format_ms(r.watcher_before_kill.p99_ms) << " / "
            << format_ms(r.watcher_before_kill.max_ms) << " | |\n";
        out << "| ... from the kill on (" << grouped(r.watcher_after_kill.count)
            << " events): p50 / p99 / max | " << format_ms(r.watcher_after_kill.p50_ms) << " / "
            << format_ms(r.watcher_after_kill.p99_ms) << " / "
            << format_ms(r.watcher_after_kill.max_ms) << " | |\n";
    }
    out << "| seats / watchers reconnected after the kill (failed) | " << grouped(r.seat_reconnects)
        << " / " << grouped(r.watcher_reconnects) << " (" << grouped(r.reconnect_failures)
        << ") | |\n";
    out << "| move events of moves acknowledged before the watcher's stream opened (a reconnected "
           "watcher caught up; not timed) | "
        << grouped(r.watcher_caught_up) << " | |\n";
    if (c.restarted) {
        out << "| acknowledged moves (all games, the whole run) | " << grouped(c.acknowledged)
            << " | |\n";
        out << "| ... not in the database | " << grouped(c.lost) << " | 0: " << mark(c.lost == 0)
            << " |\n";
        out << "| games checked / missing / with a lost move | " << grouped(c.games_checked)
            << " / " << grouped(c.games_missing) << " / " << grouped(c.games_with_loss) << " | |\n";
        out << "| moves stored whose ack the kill cut off | " << grouped(c.extra) << " | |\n";
    } else {
        out << "| acknowledged moves not in the database | not checked: " << c.restart_error
            << " | 0: **missed** |\n";
    }
    if (o.engine_games > 0)
        out << "| engine games: kill -> next engine move, seen on another instance | "
            << engine_gaps_text(r) << " | ≤ 5 s: " << mark(engine_gaps_met(r)) << " |\n";
    out << "| CPU seconds over the window, by process | ";
    for (std::size_t i = 0; i < n; ++i)
        out << "instance " << i << (i == 0 && r.killed ? " (until its kill)" : "") << " "
            << fixed(r.instance_cpu[i], 1) << "; ";
    out << "postgres " << fixed(r.postgres_cpu, 1) << "; load generator "
        << fixed(r.cpu.generator, 1) << " (of " << fixed(r.cpu.wall, 1) << " s wall, "
        << r.machine_cpus << " CPUs) | |\n\n";
    for (const auto& e : c.examples) out << "- " << e << "\n";
    if (!c.examples.empty()) out << "\n";
}

std::uint64_t lobby_errors(const LobbyResult& r) {
    return total(r.failures) + total(r.setup_failures) + r.open_failed + r.sockets_closed +
           total(r.unexpected);
}

bool lobby_met(const LobbyResult& r) {
    return r.fanout_from_send.count > 0 && r.fanout_from_send.p99_ms < 50 && lobby_errors(r) == 0 &&
           r.lost_pairs == 0 && r.duplicate_pairs == 0 &&
           r.watchers_opened == std::uint64_t(r.options.watchers) &&
           r.started_received == r.started_expected;
}

void lobby_rows(std::ostringstream& out, const LobbyResult& r, const std::string& name) {
    out << "| " << name << " | seek fan-out p99 (POST sent -> `seek` at each of "
        << grouped(r.watchers_opened) << " watchers) | " << format_ms(r.fanout_from_send.p99_ms)
        << " | < 50 ms: " << mark(r.fanout_from_send.count > 0 && r.fanout_from_send.p99_ms < 50)
        << (r.fanout_from_send.count == 0 ? " (no seek arrived)" : "") << " |\n";
    out << "| " << name << " | errors (non-2xx, transport, sockets closed, error messages) | "
        << grouped(lobby_errors(r)) << " | 0: " << mark(lobby_errors(r) == 0) << " |\n";
    out << "| " << name << " | (watcher, seek) pairs lost / duplicated | " << grouped(r.lost_pairs)
        << " / " << grouped(r.duplicate_pairs) << " of " << grouped(r.expected_pairs)
        << " | 0: " << mark(r.lost_pairs == 0 && r.duplicate_pairs == 0) << " |\n";
}

void write_lobby(std::ostringstream& out, const LobbyResult& r, const std::string& title) {
    const auto& o = r.options;
    const int seekers = std::max(1, std::min(o.seekers, o.accounts / 2));
    out << title << "\n\n"
        << grouped(std::uint64_t(o.accounts)) << " accounts made (`POST /api/accounts`) and signed "
        << "in (`POST /api/session`, the token sent as `Authorization: Bearer`), "
        << o.signup_concurrency << " at a time from " << o.addresses << " loopback addresses";
    if (r.instances > 1) out << ", spread over the " << r.instances << " instances";
    out << ": " << grouped(r.accounts) << " in " << fixed(r.signup_seconds, 1)
        << " s (Argon2id at `--password-cost interactive` for the sign-up and again for the "
           "sign-in;"
        << " setup, not measured). They opened the lobby connections (`GET /api/lobby/socket`"
        << (r.instances > 1 ? ", every other one on the other instance" : "") << "), "
        << o.open_concurrency << " at a time: " << grouped(r.watchers_opened) << " opened ("
        << grouped(r.open_failed) << " failed) in " << fixed(r.open_seconds, 1)
        << " s, and the `online` messages of their arrival were over " << fixed(r.quiet_seconds, 1)
        << " s later (" << grouped(std::uint64_t(o.watchers)) << " connections, "
        << fixed(double(o.watchers) / double(o.accounts), 1)
        << " per account as a player with several tabs, every one signed in). Then for "
        << fixed(o.seconds, 0) << " s, " << seekers
        << " seekers each made a rated 5+3 seek (`POST /api/seeks`) every "
        << fixed(double(seekers) / o.seek_rate, 2) << " s, staggered: " << fixed(o.seek_rate, 0)
        << " seeks/s offered, each accepted as soon as it was answered "
        << "(`POST /api/seeks/{id}/accept`) by its partner, one of " << seekers << " other watchers"
        << (r.instances > 1 ? ", on the second instance (the seeks are made on the first); "
                              "the lobby connections of a seek's two players are on different "
                              "instances"
                            : "")
        << ". The seeks and accepts run on a thread of their own; the watchers on the main "
           "one.\n\n";
    out << "| | count |\n|---|---:|\n"
        << "| seeks sent / made (201) | " << grouped(r.seeks_sent) << " / " << grouped(r.seeks_made)
        << " |\n"
        << "| accepts sent / made (201) | " << grouped(r.accepts_sent) << " / "
        << grouped(r.accepts_made) << " |\n"
        << "| (watcher, seek) pairs expected / received / lost (not there 3 s after the end) / "
           "duplicated | "
        << grouped(r.expected_pairs) << " / " << grouped(r.received_pairs) << " / "
        << grouped(r.lost_pairs) << " / " << grouped(r.duplicate_pairs) << " |\n"
        << "| pairs received before the seek's POST was answered | " << grouped(r.before_answer)
        << " |\n"
        << "| `started` expected (at each connection of both players) / received | "
        << grouped(r.started_expected) << " / " << grouped(r.started_received) << " |\n"
        << "| games whose `started` reached none / only some of their players' connections | "
        << grouped(r.started_games_untold) << " / " << grouped(r.started_games_partly)
        << (r.started_missing_example.empty() ? std::string()
                                              : " (for example " + r.started_missing_example + ")")
        << " |\n"
        << "| `unseek` messages | " << grouped(r.unseeks) << " |\n"
        << "| `batch` frames (several messages that queued together) | " << grouped(r.batches)
        << " |\n"
        << "| `online` messages during the seeks | " << grouped(r.online_messages) << " |\n"
        << "| lobby connections closed by the server | " << grouped(r.sockets_closed) << " |\n"
        << "| request failures | " << failures_text(r.failures) << " |\n"
        << "| setup failures | " << failures_text(r.setup_failures) << " |\n"
        << "| other messages | " << failures_text(r.unexpected) << " |\n\n";
    out << kLatencyHeader;
    latency_row(out, "seek fan-out, from the POST's send", r.fanout_from_send);
    latency_row(out, "seek fan-out, from the POST's answer (0 when before it)",
                r.fanout_from_answer);
    latency_row(out, "`started` at both players, from the accept's send", r.started);
    latency_row(out, "`POST /api/seeks` answered", r.seek_post);
    latency_row(out, "`POST /api/seeks/{id}/accept` answered", r.accept_post);
    out << "\nThe server publishes a seek to the lobby before it answers its POST, so the fan-out "
           "is timed from the POST's send (the target's figure: it includes making the seek); "
           "from the answer it is shorter, and 0 for a watcher that had the seek first.\n\n";
    out << "Server memory (first instance): " << mib(r.rss_before_kib) << " with the accounts, "
        << mib(r.rss_watching_kib) << " with the lobby connections, " << mib(r.rss_end_kib)
        << " at the end.\n\n";
    cpu_line(out, r.cpu);
    if (!r.first_problem.empty()) out << "First problem: " << r.first_problem << "\n\n";
}

}  // namespace

bool all_targets_met(const Report& report) {
    if (!report.errors.empty()) return false;
    if (report.crowd && !crowd_met(*report.crowd)) return false;
    if (report.games_ws && !games_met(*report.games_ws)) return false;
    if (report.crash && (!report.crash->restarted || report.crash->lost > 0)) return false;
    if (report.cluster &&
        (!report.cluster->restarted || report.cluster->lost > 0 ||
         report.cluster->load.watcher_latency.p99_ms >= 50 ||
         (report.cluster->load.options.engine_games > 0 && !engine_gaps_met(report.cluster->load))))
        return false;
    if (report.lobby && !lobby_met(*report.lobby)) return false;
    if (report.lobby_cluster && !lobby_met(*report.lobby_cluster)) return false;
    return true;
}

std::string to_markdown(const Report& report) {
    std::ostringstream out;
    const RunInfo& info = report.info;
    out << "# chess960 serve: load benchmark (" << info.date << ")\n\n"
        << "`" << info.command_line << "` (bench/serve_load, `make bench-serve`).\n\n"
        << "Machine: " << info.machine.cpu_model << ", " << info.machine.cpus << " CPUs (nproc), "
        << info.machine.kernel
        << ". Server and load generator share these CPUs; the generator "
           "is one thread (Asio, C++20 coroutines), but for the crowd's request workers, which "
           "have a thread of their own so that an answer is not timed behind the watchers' "
           "events read before it; every connection over loopback. Open-file limit raised to "
        << info.nofile_limit << " (the server inherits it).\n\n"
        << "Load average at the start " << info.machine.load_average << ", at the end "
        << info.load_after << ". Busiest processes over one second before the run: ";
    for (std::size_t i = 0; i < info.busiest_before.size(); ++i)
        out << (i ? "; " : "") << info.busiest_before[i];
    out << ".\n\n";
    out << "Server options for every scenario: ";
    if (info.server_args.empty()) {
        out << "none beyond --port and --db";
    } else {
        out << "`";
        for (std::size_t i = 0; i < info.server_args.size(); ++i)
            out << (i ? " " : "") << info.server_args[i];
        out << "` (the per-address limits raised; clients also come from many loopback "
               "addresses)";
    }
    out << ".\n\n";
    if (!info.help_note.empty()) out << info.help_note << "\n\n";
    if (!info.missing_options.empty()) {
        out << "Options `chess960 serve --help` does not list (the defaults applied; clients are "
               "spread over loopback addresses instead): ";
        for (std::size_t i = 0; i < info.missing_options.size(); ++i)
            out << (i ? ", " : "") << "`" << info.missing_options[i] << "`";
        out << ".\n\n";
    }
    for (const auto& e : report.errors) out << "**Could not run**: " << e << "\n\n";
    for (const auto& n : report.notes) out << "- " << n << "\n";
    if (!report.notes.empty()) out << "\n";

    out << "## Summary\n\n| scenario | figure | measured | target |\n|---|---|---|---|\n";
    if (report.crowd) {
        const auto& r = *report.crowd;
        out << "| crowd | request p99 with " << grouped(r.live_opened) << " live + "
            << r.options.slow << " slow connections | " << format_ms(r.all.p99_ms)
            << " | < 10 ms: " << mark(r.all.p99_ms < 10) << " |\n";
        out << "| crowd | request failures | " << grouped(r.sent - r.ok)
            << " | 0: " << mark(r.sent == r.ok) << " |\n";
        if (r.live_opened > 0)
            out << "| crowd | memory per idle live connection | "
                << fixed(double(r.rss_live_kib - r.rss_before_kib) / double(r.live_opened), 1)
                << " KiB | |\n";
    }
    auto games_rows = [&](const GamesResult& r, const std::string& name, bool with_targets) {
        const Throughput t = throughput(r);
        auto target = [&](const std::string& text, bool met) {
            return with_targets ? text + ": " + mark(met) : std::string("(comparison)");
        };
        out << "| " << name << " | acknowledged moves/s (mean; min-max per second) | "
            << grouped(std::uint64_t(std::llround(t.mean))) << " (" << grouped(t.min) << "-"
            << grouped(t.max) << ")";
        if (paced(r)) {
            const auto [share, second] = lowest_share(r);
            out << " of " << grouped(std::uint64_t(std::llround(r.options.move_rate)))
                << " offered; lowest second after the first: " << percent(share)
                << " of its offer | "
                << target("≥ 10,000 sustained (≥ 99% each second)", rate_met(r)) << " |\n";
        } else {
            out << " | " << target("≥ 10,000", rate_met(r)) << " |\n";
        }
        out << "| " << name << " | move latency p99 | " << format_ms(r.move_latency.p99_ms) << " | "
            << target("< 10 ms", r.move_latency.p99_ms < 10) << " |\n";
        if (paced(r))
            out << "| " << name << " | move latency p99 from the due time | "
                << format_ms(r.due_latency.p99_ms) << " | |\n";
        out << "| " << name << " | watcher latency p99 | " << format_ms(r.watcher_latency.p99_ms)
            << " | " << target("< 20 ms", r.watcher_latency.p99_ms < 20) << " |\n";
        out << "| " << name << " | decline (last third vs first third) | "
            << fixed(t.first_third > 0 ? 100.0 * (t.last_third / t.first_third - 1) : 0, 1)
            << "% | " << target("none", !t.declines) << " |\n";
    };
    if (report.games_ws) games_rows(*report.games_ws, "games (WebSocket)", true);
    if (report.games_capacity)
        games_rows(*report.games_capacity, "games at capacity (WebSocket, unpaced)", false);
    if (report.games_http) games_rows(*report.games_http, "games (HTTP POST)", false);
    if (report.crash) {
        const auto& r = *report.crash;
        out << "| crash | acknowledged moves lost to SIGKILL | "
            << (r.restarted ? grouped(r.lost) + " of " + grouped(r.acknowledged)
                            : std::string("not checked"))
            << " | 0: " << mark(r.restarted && r.lost == 0) << " |\n";
    }
    if (report.cluster) {
        const auto& c = *report.cluster;
        const GamesResult& r = c.load;
        const Throughput t = throughput(r);
        out << "| cluster | acknowledged moves/s, all instances (mean) | "
            << grouped(std::uint64_t(std::llround(t.mean))) << " | (comparison) |\n";
        out << "| cluster | watcher on another instance: latency p99 | "
            << format_ms(r.watcher_latency.p99_ms)
            << " | < 50 ms: " << mark(r.watcher_latency.p99_ms < 50) << " |\n";
        out << "| cluster | the same from the mover's send: latency p99 | "
            << format_ms(r.watcher_from_send.p99_ms) << " | |\n";
        out << "| cluster | acknowledged moves not in the database"
            << (r.killed ? " after `kill -9` of an instance" : " (no kill in this run)") << " | "
            << (c.restarted ? grouped(c.lost) + " of " + grouped(c.acknowledged)
                            : std::string("not checked"))
            << " | 0: " << mark(c.restarted && c.lost == 0) << " |\n";
        if (r.options.engine_games > 0)
            out << "| cluster | engine games: kill -> next move | " << engine_gaps_text(r)
                << " | ≤ 5 s: " << mark(engine_gaps_met(r)) << " |\n";
    }
    if (report.lobby) lobby_rows(out, *report.lobby, "lobby");
    if (report.lobby_cluster) lobby_rows(out, *report.lobby_cluster, "lobby, two instances");
    out << "\n";

    if (report.crowd) write_crowd(out, *report.crowd);
    auto rate_title = [](const GamesResult& r) {
        return paced(r) ? ", " + grouped(std::uint64_t(std::llround(r.options.move_rate))) +
                              " moves/s offered"
                        : std::string(", unpaced");
    };
    if (report.games_ws)
        write_games(out, *report.games_ws,
                    "## 2. Games: moves over WebSocket" + rate_title(*report.games_ws));
    if (report.games_capacity)
        write_games(out, *report.games_capacity,
                    "## 3. Games at capacity: moves over WebSocket, unpaced (for the throughput)");
    if (report.games_http)
        write_games(out, *report.games_http,
                    "## 4. Games: moves by HTTP POST" + rate_title(*report.games_http) +
                        " (for comparison)");
    if (report.crash) write_crash(out, *report.crash);
    if (report.cluster) write_cluster(out, *report.cluster);
    if (report.lobby)
        write_lobby(out, *report.lobby,
                    "## Lobby: " + grouped(std::uint64_t(report.lobby->options.watchers)) +
                        " signed-in watchers, " +
                        grouped(std::uint64_t(report.lobby->options.seek_rate)) +
                        " seeks/s made and accepted");
    if (report.lobby_cluster)
        write_lobby(out, *report.lobby_cluster,
                    "## Lobby on two instances sharing PostgreSQL: " +
                        grouped(std::uint64_t(report.lobby_cluster->options.watchers)) +
                        " signed-in watchers, " +
                        grouped(std::uint64_t(report.lobby_cluster->options.seek_rate)) +
                        " seeks/s");
    return out.str();
}

}  // namespace serve_load
