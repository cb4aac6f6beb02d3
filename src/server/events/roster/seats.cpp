#include "events/seats.hpp"

#include "events/paired.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

PlayerSeats::PlayerSeats(EventLedger& ledger, EventAccounts accounts)
    : ledger_(ledger), accounts_(std::move(accounts)) {}

void PlayerSeats::forget() {
    std::lock_guard lock(mutex_);
    games_.clear();
}

std::optional<PlayerSeats::Players> PlayerSeats::read(const std::string& event_id,
                                                      const std::string& game_id) {
    std::optional<StoredEvent> stored;
    try {
        stored = ledger_.store().load_event(event_id);
    } catch (const std::exception& e) {
        ledger_.log("event " + event_id + ": a player's seat in game " + game_id + ": " + e.what());
        return std::nullopt;
    }
    if (!stored || !is_paired(stored->event)) return std::nullopt;
    const auto player_of = [&](std::optional<int> number) -> const EventPlayerRow* {
        for (const EventPlayerRow& p : stored->players)
            if (number && p.number == *number) return &p;
        return nullptr;
    };
    std::optional<Players> players;
    for (const EventRoundRow& round : stored->rounds)
        for (const EventBoardRow& board : round.boards)
            if (board.game_id == game_id) {
                players.emplace();
                if (const EventPlayerRow* white = player_of(board.white_number)) {
                    players->white_hash = white->token_hash;
                    players->white_account = white->account_id;
                }
                if (const EventPlayerRow* black = player_of(board.black_number)) {
                    players->black_hash = black->token_hash;
                    players->black_account = black->account_id;
                }
            }
    return players;
}

std::optional<Color> PlayerSeats::seat(const std::string& event_id, const std::string& game_id,
                                       std::string_view token) {
    std::optional<Players> players;
    {
        std::lock_guard lock(mutex_);
        if (auto it = games_.find(game_id); it != games_.end()) players = it->second;
    }
    if (!players) {
        players = read(event_id, game_id);
        if (!players) return std::nullopt;
        std::lock_guard lock(mutex_);
        if (games_.size() >= 100'000) games_.clear();  // bounded: reread later
        games_[game_id] = *players;
    }
    if (!players->white_hash.empty() && token_matches(token, players->white_hash)) return White;
    if (!players->black_hash.empty() && token_matches(token, players->black_hash)) return Black;
    // A player that is an account plays with its session (the page's cookie).
    if ((players->white_account || players->black_account) && accounts_.of_session)
        if (const auto account = accounts_.of_session(token)) {
            if (players->white_account == account->id) return White;
            if (players->black_account == account->id) return Black;
        }
    return std::nullopt;
}

}  // namespace chess960::server
