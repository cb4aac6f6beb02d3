#include "events/service.hpp"

namespace chess960::server {

EventService::EventService(EventStore& store, GameService& games, EventServiceOptions options)
    : ledger_(store, std::move(options.log), std::move(options.on_changed)),
      scheduler_(ledger_, games),
      results_(ledger_, scheduler_, games),
      views_(ledger_, scheduler_, results_, games),
      seats_(ledger_, options.accounts),
      roster_(ledger_, scheduler_, results_, views_, seats_, options.accounts),
      proposals_(scheduler_, results_),
      rounds_(ledger_, scheduler_, views_, proposals_, games, options.rates) {
    games.set_on_event_game_over([this](const std::string& id) { ledger_.changed(id); });
    games.set_event_seat(
        [this](const std::string& event_id, const std::string& game_id, std::string_view token) {
            return seats_.seat(event_id, game_id, token);
        });
    games.set_event_origin([this](const std::string& event_id, const std::string& game_id) {
        return game_origin(event_id, game_id);
    });
    scheduler_.start();
}

std::optional<GameOrigin::Event> EventService::game_origin(const std::string& event_id,
                                                           const std::string& game_id) {
    const auto stored = ledger_.store().load_event(event_id);
    if (!stored) return std::nullopt;
    for (const EventRoundRow& round : stored->rounds)
        for (const EventBoardRow& board : round.boards)
            if (board.game_id == game_id)
                return GameOrigin::Event{stored->event.id, stored->event.name, round.round};
    return std::nullopt;
}

EventService::~EventService() { stop(); }

void EventService::stop() { scheduler_.stop(); }

EventView EventService::set_result(std::string_view id, std::string_view token, int round,
                                   int board, const ResultRequest& request) {
    results_.record(id, token, round, board, request);
    return views_.organiser_view(id, token);
}

}  // namespace chess960::server
