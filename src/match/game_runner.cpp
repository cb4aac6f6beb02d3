#include "match/game_runner.hpp"

#include <chrono>
#include <optional>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/uci_move.hpp"
#include "match/adjudication.hpp"
#include "match/engine_faults.hpp"
#include "match/go_command.hpp"
#include "match/pgn_record.hpp"
#include "match/time_control.hpp"

namespace chess960::match {

namespace {

// After the deadline the runner sends "stop" and waits this long for a bestmove before it
// declares the engine hung.
constexpr auto kStopGrace = std::chrono::milliseconds(1000);

bool aborting(const std::atomic<bool>* abort) { return abort && abort->load(); }

// Both engines ready for a new game: started when they are not running, then "ucinewgame". An
// engine that fails loses the game.
std::optional<GameEnd> prepare(const std::array<UciEngine*, 2>& by_color,
                               const std::atomic<bool>* abort) {
    for (Color c : {White, Black}) {
        UciEngine* e = by_color[c];
        if (!e->running()) {
            auto started = e->start(abort);
            if (aborting(abort)) return std::nullopt;
            if (!started) return failed_start(c, started.error());
        }
        auto ready = e->new_game(abort);
        if (aborting(abort)) return std::nullopt;
        if (!ready) {
            e->kill();
            return failed_new_game(c, ready.error());
        }
    }
    return std::nullopt;
}

// The end of the game by the rules: checkmate, stalemate, dead position, fivefold repetition,
// the 75-move rule; threefold repetition and the 50-move rule are claimed at once for the
// engines (Laws 9.2, 9.3).
std::optional<GameEnd> end_by_rules(const Game& game) {
    GameEnd end;
    const Outcome outcome = game.outcome();
    if (outcome.is_over()) {
        end.result = outcome.result;
        end.reason = end.detail = termination_string(outcome.termination);
        return end;
    }
    if (auto claim = game.claimable_draw()) {
        end.result = GameResult::Draw;
        end.reason = end.detail = termination_string(*claim);
        return end;
    }
    return std::nullopt;
}

Millis milliseconds(SteadyClock::duration d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
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
    const std::array<int, 2> engine_of = {setup.white, 1 - setup.white};  // by colour
    const std::array<UciEngine*, 2> by_color = {engines[std::size_t(engine_of[White])],
                                                engines[std::size_t(engine_of[Black])]};
    auto aborted = [&] {
        summary.aborted = true;
        return summary;
    };

    const Position start = *position_from_fen(setup.start.fen);
    const std::string start_fen = write_fen(start);
    const bool on_the_clock = config.limit.kind == Limit::Kind::Time;
    Game game(start);
    PgnRecord pgn(start);
    Adjudicator adjudicator(config.draw, config.resign, config.max_moves);
    Clock clock = game_clock(config, start.side_to_move());
    Millis thinking = 0;  // the engines' time so far: the clock's "now"
    std::vector<std::string> moves;

    std::optional<GameEnd> end = prepare(by_color, abort);
    while (!end) {
        if (aborting(abort)) return aborted();
        if ((end = end_by_rules(game)) || (end = adjudicator.before_move(game.ply_count()))) break;
        const Position& pos = game.position();
        const Color us = pos.side_to_move();
        UciEngine* e = by_color[us];
        const Millis allowed = search_time(config, clock, us);
        const SearchReply reply = e->search(position_command(start_fen, moves),
                                            go_command(config.limit, clock, us, e->config().nodes),
                                            std::chrono::milliseconds(allowed), kStopGrace, abort);
        if (reply.status == SearchReply::Status::Interrupted) return aborted();
        if (reply.status == SearchReply::Status::Crashed) {
            const std::string how = e->exit_description();
            e->kill();
            end = crashed(us, how);
            break;
        }
        if (reply.status == SearchReply::Status::NoReply) {
            e->kill();
            end = hung(us, allowed, on_the_clock);
            break;
        }
        const Millis used = milliseconds(reply.elapsed);
        if (on_the_clock && used > allowed) {
            // Laws 6.9: a draw when the opponent cannot mate by any series of legal moves.
            game.flag_fell(us);
            end = time_forfeit(us, game.outcome().result, used, clock.stored(us));
            break;
        }
        auto move = parse_uci(pos, reply.move, CastlingMode::Chess960);
        if (!move) {
            end = illegal_move(us, pos, reply.move);
            break;
        }
        thinking += used;
        clock.on_move(us, game.ply_count() + 1, thinking);
        pgn.add_move(*move, reply);
        moves.push_back(to_uci(pos, *move, CastlingMode::Chess960));
        (void)game.play(*move);
        const auto score =
            reply.score ? std::optional<int>(reply.score->as_centipawns()) : std::nullopt;
        end = adjudicator.after_move(us, score, game.position().fullmove_number());
    }

    summary.result = end->result;
    summary.reason = end->reason;
    summary.detail = end->detail;
    if (end->faulty) summary.faulty = engine_of[*end->faulty];
    GameTags tags;
    tags.event = config.event;
    tags.date = setup.date;
    tags.round = setup.index + 1;
    tags.white = setup.names[std::size_t(engine_of[White])];
    tags.black = setup.names[std::size_t(engine_of[Black])];
    tags.time_control = on_the_clock ? time_control_tag(config.limit.time) : "-";
    tags.start_position = setup.start.label;
    summary.pgn = pgn.write(tags, *end);
    return summary;
}

}  // namespace chess960::match
