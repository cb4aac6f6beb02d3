#include "games/pipeline.hpp"

#include <utility>

#include "common/api_error.hpp"
#include "common/now.hpp"

namespace chess960::server {

std::shared_ptr<const GameUpdate> state_update(const LiveGame& game, Millis now) {
    auto update = std::make_shared<GameUpdate>();
    update->kind = GameUpdate::Kind::State;
    update->state = game.state(now);
    return update;
}

ApiError too_many_moves(int wait_seconds) {
    return ApiError{
        429,
        "too many moves from your address: try again in " + std::to_string(wait_seconds) + " s",
        wait_seconds,
        "rate_limited",
        {{"seconds", wait_seconds}}};
}

MovePipeline::MovePipeline(Store& store, GameRegistry& registry,
                           std::function<void(const std::string&)> log)
    : registry_(registry), log_(std::move(log)), writer_(store) {}

void MovePipeline::log(const std::string& line) {
    if (log_) log_(line);
}

void MovePipeline::stop() { writer_.stop(); }

void MovePipeline::persist(const std::shared_ptr<LiveGame>& game, std::optional<GameChange> change,
                           std::shared_ptr<const GameUpdate> update, const Watcher* except,
                           Reply reply, std::optional<GameView> view, int ply, bool rewinds) {
    const std::uint64_t version = ++game->version;
    // With other servers, the game is not read again while a change of this server's is on its
    // way to the store (that would forget it): GameSync waits for it (catch_up_due).
    const bool counted = catch_up && change.has_value();
    if (counted) ++game->pending_writes;
    // An update that stores nothing (catch_up's) cannot be refused: its ply counts as published
    // at once, so that the next catch_up starts after it even before the writer has sent it (or
    // it would send its moves again, and miss a takeback between them). A stored change's counts
    // once stored.
    const bool stored = change.has_value();
    if (!stored && (ply > 0 || rewinds)) game->published_ply = ply;
    writer_.submit(
        std::move(change), [this, game, version, except, ply, rewinds, counted, stored,
                            update = std::move(update), view = std::move(view),
                            reply = std::move(reply)](const StoreWriter::Refused& refused) mutable {
            if (counted) {
                std::lock_guard lock(game->mutex);
                --game->pending_writes;
            }
            if (refused) {
                using Reason = WriteRefusal::Reason;
                // With other servers a change is refused when another server changed the game
                // first (the ply check in Store::write), or when its client's move tokens, shared
                // by the servers, ran out: the game as stored is what holds.
                const bool overtaken = catch_up && refused->reason == Reason::NotAtPly;
                const bool too_fast = refused->reason == Reason::NoToken;
                if ((overtaken || too_fast) && catch_up) {
                    std::lock_guard lock(game->mutex);
                    catch_up(game, /*tell_state=*/update && ply == 0 && !rewinds);
                } else {
                    recover(game, refused->message);
                }
                if (reply)
                    reply(Completion<Answer>::failure(std::make_exception_ptr(
                        too_fast    ? too_many_moves(refused->retry_after_seconds)
                        : overtaken ? ApiError{409,
                                               "the change was not saved: the game was changed "
                                               "through another server first",
                                               0, "changed_elsewhere"}
                                    : ApiError{503,
                                               "the game store is failing: the change was not "
                                               "saved",
                                               5, "store_failing"})));
                return;
            }
            if (reply) reply(Completion<Answer>::value(Answer{update, std::move(view)}));
            if (stored && (ply > 0 || rewinds)) game->published_ply = ply;
            if (update) game->audience.publish(update, version, except);
            if (counted) {
                std::lock_guard lock(game->mutex);
                if (game->pending_writes == 0 && std::exchange(game->catch_up_due, false))
                    catch_up(game, false);
            }
        });
}

void MovePipeline::recover(const std::shared_ptr<LiveGame>& game, const std::string& why) {
    log("game " + game->row.id + ": a change was not saved: " + why);
    {
        std::lock_guard lock(game->mutex);
        // Alone, the running turn restarts now, as after a restart (the time the store failed is
        // charged to nobody); with other servers the clock runs as stored, as on theirs.
        registry_.reload(*game, /*resume_clock=*/!catch_up);
        ++game->version;
        // Its watchers reconnect for the whole game.
        game->published_ply = game->play.ply();
    }
    game->audience.close_all();
}

void MovePipeline::save_state(const std::shared_ptr<LiveGame>& game, Millis now) {
    game->sync_row(now);
    persist(game, GameChange{game->row, std::nullopt}, state_update(*game, now), nullptr, nullptr);
}

void MovePipeline::publish_state(const std::shared_ptr<LiveGame>& game, Millis now) {
    persist(game, std::nullopt, state_update(*game, now), nullptr, nullptr);
}

void MovePipeline::apply_deadlines(const std::shared_ptr<LiveGame>& game, Millis now) {
    if (!game->play.tick(now)) return;
    save_state(game, now);
    registry_.settle(game);
}

void MovePipeline::commit_move(const std::shared_ptr<LiveGame>& game, Color seat, Move move,
                               Millis now, Reply reply, const Watcher* mover,
                               std::optional<TokenClaim> token) {
    LiveGame& g = *game;
    MoveInfo info = move_info(g.play.position(), move);
    if (auto played = g.play.play(seat, move, now); !played) throw game_refusal(played.error());
    const int ply = g.play.ply();
    // The move's row carries the clock; the game's row is written too only when the move
    // changed more (an offer answered by the move, the end of the game).
    const bool row_changed = [&] {
        const GameRow& stored = g.row;
        const Outcome outcome = g.play.outcome();
        return outcome.is_over() || g.play.status() != GameStatus::Active ||
               stored.draw_offer.has_value() != g.play.draw_offer().has_value() ||
               stored.takeback.has_value() != g.play.takeback_request().has_value();
    }();
    g.sync_row(now);
    g.moves.push_back(info);
    auto update = std::make_shared<GameUpdate>();
    update->kind = GameUpdate::Kind::Move;
    update->state = g.state(now);
    update->ply = ply;
    MoveRow row{ply, info.uci, info.san, info.fen, now};
    update->move = std::move(info);
    persist(game, GameChange{g.row, std::move(row), row_changed, std::nullopt, std::move(token)},
            std::move(update), mover, std::move(reply), std::nullopt, ply);
    registry_.settle(game);
}

}  // namespace chess960::server
