#include "lobby/account_seats.hpp"

#include "store/secrets.hpp"

namespace chess960::server {

namespace {

// The account games' players kept in memory.
constexpr std::size_t kPlayersCached = 10'000;

}  // namespace

MadeGame AccountSeats::make(const AccountGameRow& made, const SeekRow& seek) {
    SeatedGame game;
    game.id = made.game_id;
    if (seek.start_type == "number") {
        game.white_number = game.black_number = seek.start_number.value_or(518);
    } else if (seek.start_type == "double960") {
        game.white_number = seek.start_number.value_or(random_start_number());
        game.black_number = seek.start_black.value_or(random_start_number());
    } else {
        game.white_number = game.black_number = random_start_number();
    }
    if (seek.days_per_move)
        game.clock = TimeControl{.per_move = Millis(*seek.days_per_move) * 86'400'000};
    else if (seek.clock_initial_ms)
        game.clock = TimeControl{*seek.clock_initial_ms, seek.clock_increment_ms.value_or(0)};
    // The seats are the accounts' (seat()): these tokens are given to nobody.
    game.white_token_hash = sha256_hex(random_hex(16));
    game.black_token_hash = sha256_hex(random_hex(16));
    game.origin.rated = made.rated;
    auto live = games_.seated_game(game);
    return MadeGame{NewAccountGame{live->row, made}, std::move(live)};
}

void AccountSeats::hold(const MadeGame& made) {
    games_.hold(made.live);
    const AccountGameRow& game = made.rows.account_game;
    remember(game.game_id, Players{game.white_account, game.black_account});
}

void AccountSeats::remember(const std::string& game_id, const Players& players) {
    std::lock_guard lock(mutex_);
    if (players_.emplace(game_id, players).second) order_.push_back(game_id);
    while (order_.size() > kPlayersCached) {
        players_.erase(order_.front());
        order_.pop_front();
    }
}

std::optional<AccountSeats::Players> AccountSeats::players(const std::string& game_id) {
    {
        std::lock_guard lock(mutex_);
        if (auto it = players_.find(game_id); it != players_.end()) return it->second;
    }
    const auto game = store_.find_account_game(game_id);
    if (!game) return std::nullopt;
    Players found{game->white_account, game->black_account};
    remember(game_id, found);
    return found;
}

std::optional<Color> AccountSeats::seat(const std::string& game_id, std::string_view token) {
    const auto game = players(game_id);
    if (!game) return std::nullopt;
    const auto session = accounts_.authenticate(std::string(token));
    if (!session) return std::nullopt;
    if (game->white == session->account.id) return White;
    if (game->black == session->account.id) return Black;
    return std::nullopt;
}

}  // namespace chess960::server
