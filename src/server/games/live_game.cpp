#include "games/live_game.hpp"

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"
#include "common/words.hpp"

namespace chess960::server {

void LiveGame::sync_row(Millis now) {
    if (const auto& clock = play.clock()) {
        row.white_ms = clock->stored(White);
        row.black_ms = clock->stored(Black);
        row.clock_running = clock->running()
                                ? std::optional<std::string>(color_name(*clock->running()))
                                : std::nullopt;
        row.clock_at = clock->turn_started_at();
    }
    row.draw_offer = play.draw_offer() ? std::optional<std::string>(color_name(*play.draw_offer()))
                                       : std::nullopt;
    row.takeback = play.takeback_request()
                       ? std::optional<std::string>(color_name(*play.takeback_request()))
                       : std::nullopt;
    const GameStatus status = play.status();
    if (status == GameStatus::Aborted) {
        row.result = "*";
        row.termination = kAbortedWord;
    } else {
        const Outcome outcome = play.outcome();
        row.result = result_string(outcome.result);
        const char* word = termination_word(outcome.termination);
        row.termination = word ? std::optional<std::string>(word) : std::nullopt;
    }
    row.plies = play.ply();
    row.updated_at = now;
}

void LiveGame::push_move_info() {
    const int ply = play.ply() - 1;
    const Game& game = play.game();
    moves.push_back(move_info(game.position_at(ply), game.moves()[std::size_t(ply)]));
}

GameState LiveGame::state(Millis now) const {
    GameState s;
    s.id = row.id;
    s.ply = play.ply();
    s.position = play.position();
    s.status = play.status();
    s.outcome = play.outcome();
    s.reason = describe(play);
    if (s.ply > 0) s.last_move = play.game().moves().back();
    if (const auto& clock = play.clock())
        s.clock = ClockState{
            clock->remaining(White, now),
            clock->remaining(Black, now),
            clock->control().per_move > 0 ? clock->control().per_move : clock->control().initial,
            clock->control().increment,
            clock->running(),
            now,
            clock->control().per_move};
    s.draw_offer = play.draw_offer();
    s.takeback = play.takeback_request();
    if (s.active() && play.game().claimable_draw()) {
        s.threefold = play.game().repetition_count() >= 3;
        s.fifty = s.position.halfmove_clock() >= 100;
    }
    s.thinking = thinking;
    return s;
}

GameView LiveGame::view(std::optional<Color> you, Millis now) const {
    GameView v;
    v.state = state(now);
    v.moves = moves;
    v.created_at = row.created_at;
    v.updated_at = row.updated_at;
    v.opponent = row.opponent;
    v.level = row.level;
    v.engine_color = engine_color;
    v.names = {player_name(White), player_name(Black)};
    v.start_number = row.start_number;
    v.start_black_number = row.start_black_number;
    v.initial_fen = row.initial_fen;
    v.you = you;
    v.origin = origin.value_or(GameOrigin{});
    if (const auto& clock = play.clock(); clock && clock->control().per_move == 0) {
        const TimeControl& control = clock->control();
        // classify fails only on a negative time, which no clock has.
        v.speed =
            rating::classify(double(control.initial) / 1000.0, double(control.increment) / 1000.0)
                .value_or(rating::Speed::Correspondence);
    }
    return v;
}

MoveInfo move_info(const Position& before, Move move) {
    MoveInfo info;
    info.move = move;
    info.uci = to_uci(before, move, CastlingMode::Chess960);
    info.san = to_san(before, move);
    info.fen = write_fen(before.after(move));
    if (move.is_castling()) {
        const CastlingSide side = before.castling_side(move);
        const Color us = before.side_to_move();
        info.castling = MoveInfo::Castling{side, king_castling_destination(us, side),
                                           rook_castling_destination(us, side)};
    }
    return info;
}

std::string player_name(const GameRow& row, Color c) {
    if (!row.engine_color) return color_title(c);
    if (*row.engine_color == color_name(c))
        return "chess960 engine (level " + std::to_string(row.level.value_or(4)) + ")";
    return "Player";
}

std::optional<TimeControl> time_control(const GameRow& row) {
    if (row.clock_per_move_ms) return TimeControl{.per_move = *row.clock_per_move_ms};
    if (!row.clock_initial_ms) return std::nullopt;
    return TimeControl{*row.clock_initial_ms, row.clock_increment_ms.value_or(0)};
}

std::shared_ptr<LiveGame> restore_game(StoredGame stored, Millis now, OnlineRules rules,
                                       bool resume_clock) {
    GameRow& row = stored.game;
    auto start = position_from_fen(row.initial_fen);
    if (!start)
        throw StoreError("game " + row.id + ": the start FEN does not read (" +
                         start.error().to_string() + ")");
    const std::optional<TimeControl> control = time_control(row);
    OnlineGame online(*start, control, row.created_at, rules);
    auto game = std::make_shared<LiveGame>(std::move(row), std::move(online));
    GameRow& r = game->row;
    if (r.engine_color) game->engine_color = parse_color(*r.engine_color);
    for (const MoveRow& move : stored.moves) {
        if (auto played = game->play.replay(move.uci); !played)
            throw StoreError("game " + r.id + ": stored move " + std::to_string(move.ply) + " '" +
                             move.uci + "' does not replay (" + played.error().to_string() + ")");
        game->push_move_info();
        if (move.white_ms && move.black_ms)
            game->play.restore_times_after(game->play.ply(),
                                           TimesAfter{*move.white_ms, *move.black_ms});
    }
    if (!stored.moves.empty()) game->play.restore_first_move_time(stored.moves.front().created_at);
    if (control) {
        std::optional<Color> running;
        if (r.clock_running) running = parse_color(*r.clock_running);
        Clock clock = Clock::restore(*control, r.white_ms, r.black_ms, running, r.clock_at);
        // A restart's downtime is charged to nobody: the running turn starts again now. Not so
        // for a time per move (days, in correspondence), where that would give the player on
        // move a whole new time: there the clock runs on through a restart, as it was stored.
        if (r.in_play() && resume_clock && control->per_move == 0) clock.resume(now);
        game->play.restore_clock(clock);
    }
    if (r.draw_offer) game->play.restore_draw_offer(parse_color(*r.draw_offer));
    if (r.takeback) game->play.restore_takeback_request(parse_color(*r.takeback));
    if (r.termination && *r.termination == kAbortedWord) {
        game->play.restore_aborted();
    } else if (r.termination && !game->play.outcome().is_over()) {
        const GameResult result = r.result == "1-0"       ? GameResult::WhiteWins
                                  : r.result == "0-1"     ? GameResult::BlackWins
                                  : r.result == "1/2-1/2" ? GameResult::Draw
                                                          : GameResult::Ongoing;
        game->play.restore_outcome(Outcome{result, termination_from_word(*r.termination, result)});
    }
    return game;
}

}  // namespace chess960::server
