#include "match/match.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"

namespace chess960::match {

namespace {

// After the deadline the runner sends "stop" and waits this long for a bestmove before it
// declares the engine hung.
constexpr auto kStopGrace = std::chrono::milliseconds(1000);

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string signed_fixed(double value, int decimals) {
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    char text[64];
    std::snprintf(text, sizeof text, "%+.*f", decimals, value);
    return text;
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

std::int64_t milliseconds(Clock::duration d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

// The per-move comment: "+0.35/12 0.52s", "-M3/20 0.10s", or just the time.
std::string move_comment(const SearchReply& reply) {
    std::string text;
    if (reply.score) {
        const Score& s = *reply.score;
        if (s.kind == Score::Kind::Mate)
            text = (s.value > 0 ? "+M" : "-M") + std::to_string(std::abs(s.value));
        else
            text = signed_fixed(s.value / 100.0, 2);
        text += "/" + std::to_string(reply.depth) + " ";
    }
    return text + fixed(seconds(reply.elapsed), 2) + "s";
}

// PGN's Termination tag values (PGN standard 9.8.1).
const char* kNormal = "normal";
const char* kRulesInfraction = "rules infraction";
const char* kTimeForfeit = "time forfeit";
const char* kAbandoned = "abandoned";
const char* kAdjudication = "adjudication";

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &local);
    return text;
}

}  // namespace

double GameSummary::first_engine_score() const {
    if (result == GameResult::Draw) return 0.5;
    const bool white_won = result == GameResult::WhiteWins;
    return (white_won == (white == 0)) ? 1.0 : 0.0;
}

GameSummary play_game(const MatchConfig& config, const GameSetup& setup,
                      std::array<UciEngine*, 2> engines, const std::atomic<bool>* abort) {
    GameSummary summary;
    summary.index = setup.index;
    summary.white = setup.white;
    const Position start = *position_from_fen(setup.start.fen);
    Game game(start);
    pgn::GameRecord record;
    record.start = start;
    record.chess960 = true;
    const std::array<int, 2> engine_of = {setup.white, 1 - setup.white};  // by colour
    auto engine = [&](Color c) { return engines[std::size_t(engine_of[c])]; };

    GameResult result = GameResult::Ongoing;
    std::string termination = kNormal;
    // A loss by a fault of `loser`'s engine.
    auto fault = [&](Color loser, std::string reason, std::string detail, const char* tag) {
        result = loser == White ? GameResult::BlackWins : GameResult::WhiteWins;
        summary.reason = std::move(reason);
        summary.detail = std::string(color_title(loser)) + ": " + detail;
        summary.faulty = engine_of[loser];
        termination = tag;
    };
    auto aborted = [&] {
        summary.aborted = true;
        return summary;
    };

    for (Color c : {White, Black}) {
        if (result != GameResult::Ongoing) break;
        UciEngine* e = engine(c);
        if (!e->running()) {
            std::string error = e->start(abort);
            if (abort && abort->load()) return aborted();
            if (!error.empty()) {
                fault(c, "engine failed to start", "engine failed to start: " + error, kAbandoned);
                break;
            }
        }
        std::string error = e->new_game(abort);
        if (abort && abort->load()) return aborted();
        if (!error.empty()) {
            const bool crashed = error.starts_with("the engine exited");
            e->kill();
            fault(c, crashed ? "engine crashed" : "engine hung",
                  (crashed ? "engine crashed: " : "engine hung: ") + error, kAbandoned);
        }
    }

    const Limit& limit = config.limit;
    std::array<std::int64_t, 2> clock = {limit.time.base_ms, limit.time.base_ms};
    std::array<int, 2> moves_made = {0, 0};
    const std::string start_fen = write_fen(start);
    std::string moves_text;
    // Each move's score from the mover's side, for adjudication.
    std::vector<std::pair<Color, std::optional<int>>> scores;

    // The last `count` scores of `c`, if it has made that many moves.
    auto last_scores = [&](Color c, int count) {
        std::vector<std::optional<int>> out;
        for (auto it = scores.rbegin(); it != scores.rend() && int(out.size()) < count; ++it)
            if (it->first == c) out.push_back(it->second);
        return int(out.size()) == count ? out : std::vector<std::optional<int>>{};
    };

    while (result == GameResult::Ongoing) {
        if (abort && abort->load()) return aborted();
        const Outcome outcome = game.outcome();
        if (outcome.is_over()) {
            result = outcome.result;
            summary.reason = summary.detail = termination_string(outcome.termination);
            break;
        }
        if (auto claim = game.claimable_draw()) {
            // Threefold repetition and the 50-move rule are claimed at once for the engines.
            result = GameResult::Draw;
            summary.reason = summary.detail = termination_string(*claim);
            break;
        }
        if (config.max_moves && game.ply_count() >= 2 * config.max_moves) {
            result = GameResult::Draw;
            summary.reason = "adjudication: max moves";
            summary.detail =
                "adjudication: draw after " + std::to_string(config.max_moves) + " moves";
            termination = kAdjudication;
            break;
        }
        const Position& pos = game.position();
        const Color us = pos.side_to_move();
        UciEngine* e = engine(us);
        const std::string position_command =
            "position fen " + start_fen + (moves_text.empty() ? "" : " moves" + moves_text);
        std::string go;
        Clock::duration allowed;
        if (limit.kind == Limit::Kind::Time) {
            const auto& tc = limit.time;
            go = "go wtime " + std::to_string(std::max<std::int64_t>(1, clock[White])) + " btime " +
                 std::to_string(std::max<std::int64_t>(1, clock[Black]));
            if (tc.increment_ms)
                go += " winc " + std::to_string(tc.increment_ms) + " binc " +
                      std::to_string(tc.increment_ms);
            if (tc.moves)
                go += " movestogo " + std::to_string(tc.moves - moves_made[us] % tc.moves);
            allowed = std::chrono::milliseconds(clock[us] + config.time_margin_ms);
        } else {
            const std::uint64_t nodes = e->config().nodes ? e->config().nodes : limit.nodes;
            go = limit.kind == Limit::Kind::Nodes ? "go nodes " + std::to_string(nodes)
                                                  : "go depth " + std::to_string(limit.depth);
            allowed = std::chrono::duration_cast<Clock::duration>(
                std::chrono::duration<double>(config.move_timeout_s));
        }
        const SearchReply reply = e->search(position_command, go, allowed, kStopGrace, abort);
        if (reply.status == SearchReply::Status::Interrupted) return aborted();
        if (reply.status == SearchReply::Status::Crashed) {
            const std::string how = e->exit_description();
            e->kill();
            fault(us, "engine crashed", "engine crashed" + (how.empty() ? "" : " (" + how + ")"),
                  kAbandoned);
            break;
        }
        if (reply.status == SearchReply::Status::NoReply) {
            e->kill();
            fault(us, "engine hung",
                  "engine hung: no bestmove within " + fixed(seconds(allowed), 2) +
                      " s, nor after stop",
                  limit.kind == Limit::Kind::Time ? kTimeForfeit : kAbandoned);
            break;
        }
        const std::int64_t used = milliseconds(reply.elapsed);
        if (limit.kind == Limit::Kind::Time && used > clock[us] + config.time_margin_ms) {
            // Laws 6.9: a draw when the opponent cannot mate by any series of legal moves.
            game.flag_fell(us);
            result = game.outcome().result;
            summary.reason = "time forfeit";
            summary.detail = std::string(color_title(us)) + ": time forfeit (the move took " +
                             fixed(double(used) / 1000, 3) + " s, " +
                             fixed(double(clock[us]) / 1000, 3) + " s were left)";
            summary.faulty = engine_of[us];
            termination = kTimeForfeit;
            break;
        }
        auto move = parse_uci(pos, reply.move, CastlingMode::Chess960);
        if (!move) {
            std::string detail = reply.move.empty() ? "illegal move: bestmove without a move"
                                                    : "illegal move " + reply.move;
            // The usual Chess960 slip: a castle written as the king's move to its destination.
            auto standard = parse_uci(pos, reply.move, CastlingMode::Standard);
            if (!reply.move.empty() && standard && standard->is_castling())
                detail += " (in Chess960 mode castling is written king takes rook: " +
                          to_uci(pos, *standard, CastlingMode::Chess960) + ")";
            else if (!reply.move.empty()) {
                // The library's message repeats the move: keep what follows it.
                std::string why = move.error().message;
                const std::string quoted = "'" + reply.move + "': ";
                if (auto at = why.find(quoted); at != std::string::npos)
                    why = why.substr(at + quoted.size());
                detail += " (" + why + ")";
            }
            fault(us, "illegal move", detail, kRulesInfraction);
            break;
        }
        if (limit.kind == Limit::Kind::Time) {
            clock[us] = std::max<std::int64_t>(0, clock[us] - used) + limit.time.increment_ms;
            ++moves_made[us];
            if (limit.time.moves && moves_made[us] % limit.time.moves == 0)
                clock[us] += limit.time.base_ms;
        }
        pgn::Node node;
        node.move = *move;
        node.comments.push_back(move_comment(reply));
        record.main.nodes.push_back(std::move(node));
        moves_text += " " + to_uci(pos, *move, CastlingMode::Chess960);
        (void)game.play(*move);
        scores.emplace_back(
            us, reply.score ? std::optional<int>(reply.score->as_centipawns()) : std::nullopt);

        if (config.resign) {
            const auto& rule = *config.resign;
            for (Color loser : {us, ~us}) {
                auto own = last_scores(loser, rule.move_count);
                auto other = last_scores(~loser, rule.move_count);
                auto all = [](const std::vector<std::optional<int>>& v, auto predicate) {
                    return !v.empty() && std::all_of(v.begin(), v.end(), [&](const auto& s) {
                        return s && predicate(*s);
                    });
                };
                if (all(own, [&](int s) { return s <= -rule.score; }) &&
                    (!rule.two_sided || all(other, [&](int s) { return s >= rule.score; }))) {
                    result = loser == White ? GameResult::BlackWins : GameResult::WhiteWins;
                    summary.reason = "adjudication: resign";
                    summary.detail = std::string("adjudication: resign (") + color_title(loser) +
                                     " scored -" + fixed(rule.score / 100.0, 2) + " or less for " +
                                     std::to_string(rule.move_count) + " moves)";
                    termination = kAdjudication;
                    break;
                }
            }
            if (result != GameResult::Ongoing) break;
        }
        if (config.draw && game.position().fullmove_number() > config.draw->move_number) {
            const auto& rule = *config.draw;
            auto white = last_scores(White, rule.move_count);
            auto black = last_scores(Black, rule.move_count);
            auto small = [&](const std::vector<std::optional<int>>& v) {
                return !v.empty() && std::all_of(v.begin(), v.end(), [&](const auto& s) {
                    return s && std::abs(*s) <= rule.score;
                });
            };
            if (small(white) && small(black)) {
                result = GameResult::Draw;
                summary.reason = "adjudication: draw";
                summary.detail = "adjudication: draw (both scores within " +
                                 std::to_string(rule.score) + " cp for " +
                                 std::to_string(rule.move_count) + " moves)";
                termination = kAdjudication;
                break;
            }
        }
    }

    summary.result = result;
    record.result = result;
    record.set_tag("Event", config.event);
    record.set_tag("Site", "?");
    record.set_tag("Date", setup.date);
    record.set_tag("Round", std::to_string(setup.index + 1));
    record.set_tag("White", setup.names[std::size_t(engine_of[White])]);
    record.set_tag("Black", setup.names[std::size_t(engine_of[Black])]);
    record.set_tag("Result", result_string(result));
    record.set_tag("TimeControl",
                   limit.kind == Limit::Kind::Time ? time_control_tag(limit.time) : "-");
    record.set_tag("Termination", termination);
    record.set_tag("StartPosition", setup.start.label);
    if (record.main.nodes.empty())
        record.main.comments.push_back(summary.detail);
    else
        record.main.nodes.back().comments.push_back(summary.detail);
    summary.pgn = pgn::write_game(record) + "\n";
    return summary;
}

std::expected<std::vector<StartPosition>, std::string> start_positions(const MatchConfig& config,
                                                                       int pairs,
                                                                       std::uint64_t seed) {
    std::vector<StartPosition> out;
    const PositionSpec& spec = config.positions;
    auto numbered = [](int white, int black) {
        StartPosition p;
        p.fen = write_fen(*startpos::position(white, black));
        p.label = white == black ? std::to_string(white)
                                 : std::to_string(white) + ":" + std::to_string(black);
        return p;
    };
    switch (spec.kind) {
        case PositionSpec::Kind::Random: {
            startpos::Random random(seed);
            for (int i = 0; i < pairs; ++i) {
                int white = random.draw();
                int black = config.double960 ? random.draw() : white;
                out.push_back(numbered(white, black));
            }
            break;
        }
        case PositionSpec::Kind::All:
            for (int i = 0; i < pairs; ++i) out.push_back(numbered(i % 960, i % 960));
            break;
        case PositionSpec::Kind::List:
            for (int i = 0; i < pairs; ++i) {
                auto [white, black] = spec.numbers[std::size_t(i) % spec.numbers.size()];
                out.push_back(numbered(white, black));
            }
            break;
        case PositionSpec::Kind::File: {
            std::ifstream in(spec.file);
            if (!in) return std::unexpected("cannot open the positions file '" + spec.file + "'");
            std::vector<StartPosition> file_positions;
            std::string line;
            int number = 0;
            while (std::getline(in, line)) {
                ++number;
                if (!line.empty() && line.back() == '\r') line.pop_back();
                const auto first = line.find_first_not_of(" \t");
                if (first == std::string::npos || line[first] == '#') continue;
                auto pos = position_from_fen(line);
                if (!pos)
                    return std::unexpected(spec.file + ":" + std::to_string(number) + ": " +
                                           pos.error().to_string());
                if (pos->legal_moves().empty())
                    return std::unexpected(spec.file + ":" + std::to_string(number) +
                                           ": the game is over in this position");
                file_positions.push_back(
                    {write_fen(*pos), spec.file + ":" + std::to_string(number)});
            }
            if (file_positions.empty())
                return std::unexpected("the positions file '" + spec.file + "' holds no position");
            for (int i = 0; i < pairs; ++i)
                out.push_back(file_positions[std::size_t(i) % file_positions.size()]);
            break;
        }
    }
    return out;
}

Match::Match(MatchConfig config, std::ostream& progress)
    : config_(std::move(config)),
      progress_(progress),
      seed_(config_.seed ? *config_.seed : startpos::random_seed()) {}

namespace {

// The half width of the interval; "inf" when a bound is infinite (a score of 0% or 100%).
std::string plus_minus(const EloEstimate& e) {
    return std::isfinite(e.lower) && std::isfinite(e.upper) ? fixed(e.error(), 1) : "inf";
}

std::string pair_key_names(const std::array<std::string, 2>& names) {
    return names[0] + " - " + names[1];
}

// "W 5 D 3 L 4, 54.2%, Elo +29.0 +/- 80.2"
std::string standing(const MatchResult& r) {
    const ScoreSample s = r.pairs.pairs() > 0 ? sample(r.pairs) : sample(r.first);
    const EloEstimate e = estimate_elo(s);
    std::string text = "W " + std::to_string(r.first.wins) + " D " + std::to_string(r.first.draws) +
                       " L " + std::to_string(r.first.losses) + ", " +
                       fixed(100 * sample(r.first).mean, 1) + "%";
    if (r.first.games() > 0) text += ", Elo " + signed_fixed(e.elo, 1) + " +/- " + plus_minus(e);
    if (r.sprt) text += ", LLR " + signed_fixed(r.sprt->llr, 2);
    return text;
}

}  // namespace

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
        std::string error = e.start(interrupt);
        if (!error.empty())
            return std::unexpected("engine " + std::to_string(i + 1) + " ('" + e.config().command +
                                   "') failed to start: " + error);
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

std::string format_report(const MatchConfig& config, const MatchResult& r) {
    std::ostringstream out;
    const auto& names = r.names;
    out << "Match: " << pair_key_names(names) << ", " << r.games << " of " << config.games
        << " games, ";
    switch (config.limit.kind) {
        case Limit::Kind::Time:
            out << "tc " << time_control_tag(config.limit.time);
            break;
        case Limit::Kind::Nodes:
            out << "nodes " << config.limit.nodes;
            break;
        case Limit::Kind::Depth:
            out << "depth " << config.limit.depth;
            break;
    }
    out << ", concurrency " << config.concurrency;
    if (r.interrupted) out << " (interrupted)";
    out << "\n";
    const ScoreSample games = sample(r.first);
    out << "Results of " << names[0] << ": " << r.first.wins << " wins, " << r.first.draws
        << " draws, " << r.first.losses << " losses (W/D/L " << r.first.wins << "/" << r.first.draws
        << "/" << r.first.losses << ")\n";
    out << "Score: " << fixed(100 * games.mean, 1) << "% ("
        << fixed(double(r.first.wins) + 0.5 * double(r.first.draws), 1) << "/" << r.games << ")\n";
    const bool penta = r.pairs.pairs() > 0;
    const EloEstimate e = estimate_elo(penta ? sample(r.pairs) : games);
    if (r.games > 0)
        out << "Elo difference: " << signed_fixed(e.elo, 1) << " +/- " << plus_minus(e)
            << " (95% interval " << signed_fixed(e.lower, 1) << " to " << signed_fixed(e.upper, 1)
            << ", " << (penta ? "pentanomial" : "trinomial") << "), LOS " << fixed(100 * e.los, 1)
            << "%\n";
    out << "Pentanomial [0, 0.5, 1, 1.5, 2]: [";
    for (std::size_t i = 0; i < 5; ++i) out << (i ? ", " : "") << r.pairs.counts[i];
    out << "] (" << r.pairs.pairs() << " pairs";
    if (r.unpaired) out << ", " << r.unpaired << " unpaired game" << (r.unpaired > 1 ? "s" : "");
    out << ")\n";
    out << "White wins " << r.white_wins << ", Black wins " << r.black_wins << ", draws " << r.draws
        << " (draw ratio " << fixed(r.games ? 100.0 * r.draws / r.games : 0, 1) << "%)\n";
    if (config.sprt) {
        const SprtConfig& s = *config.sprt;
        const SprtState state =
            r.sprt ? *r.sprt : sprt(s, penta ? sprt_sample(r.pairs) : sprt_sample(r.first));
        out << "SPRT (GSPRT, logistic Elo, " << (penta ? "pentanomial" : "trinomial") << "): elo0 "
            << fixed(s.elo0, 1) << " elo1 " << fixed(s.elo1, 1) << " alpha " << s.alpha << " beta "
            << s.beta << ": LLR " << signed_fixed(state.llr, 2) << " ["
            << signed_fixed(state.lower, 2) << ", " << signed_fixed(state.upper, 2) << "] "
            << decision_string(state.decision) << "\n";
    }
    out << "Game endings:";
    if (r.reasons.empty()) out << " none";
    for (const auto& [reason, count] : r.reasons) out << " " << reason << " " << count << ";";
    out << "\n";
    int adjudicated = 0;
    for (const auto& [reason, count] : r.reasons)
        if (reason.starts_with("adjudication")) adjudicated += count;
    out << "Adjudications: " << adjudicated << "\n";
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& f = r.faults[i];
        auto count = [&](const char* reason) {
            auto it = f.find(reason);
            return it == f.end() ? 0 : it->second;
        };
        out << "Losses by fault of " << names[i] << ": illegal moves " << count("illegal move")
            << ", time forfeits " << count("time forfeit") << ", crashes "
            << count("engine crashed") << ", hangs " << count("engine hung") << ", failed starts "
            << count("engine failed to start") << "\n";
    }
    return out.str();
}

}  // namespace chess960::match
