#include "match/match.hpp"

#include <algorithm>
#include <ctime>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include "chess960/outcome_text.hpp"
#include "chess960/startpos.hpp"

namespace chess960::match {

namespace {

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &local);
    return text;
}

}  // namespace

Match::Match(MatchConfig config, std::ostream& progress)
    : config_(std::move(config)),
      progress_(progress),
      seed_(config_.seed ? *config_.seed : startpos::random_seed()) {}

std::expected<MatchResult, std::string> Match::run(const std::atomic<bool>* interrupt) {
    MatchResult result;
    const int pairs = (config_.games + 1) / 2;
    auto positions = start_positions(config_, pairs, seed_);
    if (!positions) return std::unexpected(positions.error());

    std::unique_ptr<ProtocolLog> log;
    if (!config_.log_path.empty()) {
        log = std::make_unique<ProtocolLog>(config_.log_path);
        if (!log->is_open())
            return std::unexpected("cannot write the log file '" + config_.log_path + "'");
    }
    std::ofstream pgn_out;
    if (!config_.pgn_path.empty()) {
        pgn_out.open(config_.pgn_path, std::ios::trunc);
        if (!pgn_out)
            return std::unexpected("cannot write the PGN file '" + config_.pgn_path + "'");
    }

    const int workers = std::min(config_.concurrency, config_.games);
    std::vector<std::array<std::unique_ptr<UciEngine>, 2>> engines(
        static_cast<std::size_t>(workers));
    for (auto& pair : engines)
        for (int i = 0; i < 2; ++i)
            pair[std::size_t(i)] =
                std::make_unique<UciEngine>(config_.engines[std::size_t(i)], log.get());
    // The first worker's engines start now: an engine that does not run stops the match before
    // it begins, and their names are needed for the PGN.
    for (int i = 0; i < 2; ++i) {
        UciEngine& e = *engines[0][std::size_t(i)];
        if (auto started = e.start(interrupt); !started)
            return std::unexpected("engine " + std::to_string(i + 1) + " ('" + e.config().command +
                                   "') failed to start: " + started.error().message);
        for (const auto& w : e.warnings())
            progress_ << "warning: engine " << i + 1 << " (" << e.label() << "): " << w
                      << std::endl;
    }
    for (int i = 0; i < 2; ++i) {
        const UciEngine& e = *engines[0][std::size_t(i)];
        std::string name = e.config().name;
        if (name.empty()) name = e.id_name();
        if (name.empty()) name = e.config().command.substr(e.config().command.rfind('/') + 1);
        result.names[std::size_t(i)] = name;
    }
    if (result.names[0] == result.names[1]) {
        result.names[0] += " (1)";
        result.names[1] += " (2)";
    }

    std::mutex mutex;
    std::atomic<int> next_game{0};
    std::atomic<bool> stop{false};
    std::map<int, std::string> pending_pgn;
    int next_to_write = 0;
    std::vector<std::array<int, 2>> pair_points(std::size_t(pairs), {0, 0});  // half points, games
    const std::string date = today();

    auto record = [&](const GameSummary& g) {
        std::lock_guard<std::mutex> lock(mutex);
        ++result.games;
        const double score = g.first_engine_score();
        if (score == 1)
            ++result.first.wins;
        else if (score == 0)
            ++result.first.losses;
        else
            ++result.first.draws;
        if (g.result == GameResult::WhiteWins) ++result.white_wins;
        if (g.result == GameResult::BlackWins) ++result.black_wins;
        if (g.result == GameResult::Draw) ++result.draws;
        ++result.reasons[g.reason];
        if (g.faulty >= 0) ++result.faults[std::size_t(g.faulty)][g.reason];
        auto& pair = pair_points[std::size_t(g.index / 2)];
        pair[0] += int(score * 2);
        if (++pair[1] == 2) ++result.pairs.counts[std::size_t(pair[0])];
        if (config_.sprt) {
            const ScoreSample s =
                result.pairs.pairs() > 0 ? sprt_sample(result.pairs) : sprt_sample(result.first);
            result.sprt = sprt(*config_.sprt, s);
            if (result.sprt->decision != SprtState::Decision::Continue) stop = true;
        }
        if (pgn_out.is_open()) {
            // In game order, whatever order the games end in.
            pending_pgn[g.index] = g.pgn;
            for (auto it = pending_pgn.find(next_to_write); it != pending_pgn.end();
                 it = pending_pgn.find(next_to_write)) {
                pgn_out << it->second;
                pending_pgn.erase(it);
                ++next_to_write;
            }
            pgn_out.flush();
        }
        if (!config_.quiet) {
            const int white = g.white;
            progress_ << "[" << result.games << "/" << config_.games << "] game " << g.index + 1
                      << " (" << (*positions)[std::size_t(g.index / 2)].label << ") "
                      << result.names[std::size_t(white)] << " - "
                      << result.names[std::size_t(1 - white)] << " " << result_string(g.result)
                      << " (" << g.detail << ") | " << result.names[0] << ": " << standing(result)
                      << std::endl;
        }
    };

    auto worker = [&](int w) {
        auto& mine = engines[std::size_t(w)];
        for (;;) {
            if (stop || (interrupt && interrupt->load())) break;
            const int index = next_game++;
            if (index >= config_.games) break;
            GameSetup setup;
            setup.index = index;
            setup.white = index % 2;  // the second game of a pair swaps the colours
            setup.start = (*positions)[std::size_t(index / 2)];
            setup.names = result.names;
            setup.date = date;
            GameSummary summary =
                play_game(config_, setup, {mine[0].get(), mine[1].get()}, interrupt);
            if (summary.aborted) break;
            record(summary);
        }
        for (auto& e : mine) e->quit();
    };
    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w) threads.emplace_back(worker, w);
    for (auto& t : threads) t.join();

    if (pgn_out.is_open())
        for (const auto& [index, text] : pending_pgn) pgn_out << text;
    result.unpaired = int(result.games - 2 * result.pairs.pairs());
    result.interrupted = interrupt && interrupt->load();
    return result;
}

}  // namespace chess960::match
