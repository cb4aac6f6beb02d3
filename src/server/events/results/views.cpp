#include "events/views.hpp"

#include <vector>

#include "common/words.hpp"
#include "draw/commitment.hpp"
#include "events/derivation.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

EventViews::EventViews(EventLedger& ledger, EventScheduler& scheduler, EventResults& results,
                       GameService& games)
    : ledger_(ledger), scheduler_(scheduler), results_(results), games_(games) {}

EventView EventViews::snapshot(const StoredEvent& stored, Millis now,
                               std::optional<std::string> token) {
    EventView view{stored, {}, {}, now, std::nullopt, std::move(token), {}, {}, {}, {}};
    for (const EventRoundRow& round : stored.rounds) {
        if (!round.started()) continue;
        for (const EventBoardRow& board : round.boards) {
            if (auto game = games_.lookup(board.game_id))
                view.games.emplace(board.game_id, games_.state(*game));
            else
                ledger_.log("event " + stored.event.id + ": game " + board.game_id + " not found");
        }
    }
    std::vector<ScoredGame> scored;
    for (const EventRoundRow& round : stored.rounds)
        for (const EventBoardRow& board : round.boards) {
            std::string result = "*";
            if (round.started())
                if (auto it = view.games.find(board.game_id); it != view.games.end())
                    result = result_string(it->second.outcome.result);
            scored.push_back(ScoredGame{board.white_name, board.black_name, result});
        }
    view.standings = standings(scored);
    if (is_paired(stored.event)) {
        view.results = results_.board_results(stored, &view.result_sources);
        view.paired_standings = paired_standings(stored, view.results);
    }
    if (stored.event.closed_at) view.verified = verified(stored);
    return view;
}

Verified EventViews::verified(const StoredEvent& stored) {
    std::vector<event::DrawnRound> drawn;
    for (const EventRoundRow& r : stored.rounds)
        if (r.revealed() && r.white_number)
            drawn.push_back(
                {{r.round, *r.white_number, r.black_number.value_or(*r.white_number)}, r.entropy});
    return Verified{
        verify_event(stored),
        event::verify_command(stored.event.commitment, *event::secret_from_hex(stored.event.secret),
                              parameters_of(stored.event), drawn)};
}

EventView EventViews::view(std::string_view id) {
    const Millis now = now_ms();
    return snapshot(scheduler_.advance(id, now), now, std::nullopt);
}

EventView EventViews::organiser_view(std::string_view id, std::string_view token) {
    const Millis now = now_ms();
    StoredEvent stored = scheduler_.advance(id, now);
    require_organiser(stored, token);
    return snapshot(stored, now, std::string(token));
}

SeatView EventViews::seat(std::string_view id, std::string_view token) {
    const Millis now = now_ms();
    const StoredEvent stored = scheduler_.advance(id, now);
    if (token.empty())
        throw ApiError{401, "this needs a player's seat token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    for (const EventRoundRow& round : stored.rounds)
        for (const EventBoardRow& board : round.boards)
            for (Color color : {White, Black}) {
                const std::string& hash =
                    color == White ? board.white_token_hash : board.black_token_hash;
                if (!token_matches(token, hash)) continue;
                return SeatView{stored.event.id,
                                stored.event.name,
                                round.round,
                                board.board,
                                color,
                                color == White ? board.white_name : board.black_name,
                                color == White ? board.black_name : board.white_name,
                                round.reveal_at,
                                round.start_at,
                                round.revealed(),
                                round.started(),
                                round.started() ? board.game_id : std::string(),
                                now};
            }
    throw ApiError{403, "the token holds no seat in this event", 0, "wrong_token"};
}

}  // namespace chess960::server
