#include "lobby/service.hpp"

namespace chess960::server {

LobbyService::LobbyService(Stores stores, AccountService& accounts, GameService& games,
                           LobbyOptions options)
    : stores_(stores),
      accounts_(accounts),
      options_(std::move(options)),
      limits_(stores.seeks, games, options_),
      seats_(stores.account_games, accounts, games),
      book_(stores.seeks, stores.account_games, accounts, limits_, seats_, options_),
      pairing_(stores.seeks, limits_, seats_, options_),
      presence_(stores.presence, stores.seeks, options_),
      feed_(stores.seeks, options_,
            LobbyFeed::Sources{.online = [this] { return presence_.pass(); },
                               .seeks =
                                   [this](std::vector<AccountGameRow>& paired) {
                                       std::vector<SeekRow> seeks =
                                           stores_.seeks.seeks(options_.seeks_in_all);
                                       paired = pairing_.pair(seeks);
                                       return seeks;
                                   },
                               .online_held = [this] { return presence_.held_until(); }}) {
    games.set_account_seat([this](const std::string& game_id, std::string_view token) {
        return seats_.seat(game_id, token);
    });
    games.set_account_rated([this](const std::string& game_id) {
        const auto game = stores_.account_games.find_account_game(game_id);
        return game && game->rated;
    });
    // Other servers' seeks and players, heard of at once rather than at the next poll.
    store_listener_ = stores_.changes.listen(
        [this](const std::string& what) {
            if (what != "seeks") presence_.heard();
            feed_.heard(what != "online");
        },
        [this](const std::string& line) {
            if (options_.log) options_.log(line);
        });
}

LobbyService::~LobbyService() { stop(); }

void LobbyService::stop() {
    feed_.stop();
    store_listener_.reset();
    presence_.stop();
}

// --- The seek book -------------------------------------------------------------------------------

SeekRow LobbyService::create_seek(const Session& session, const SeekRequest& request) {
    SeekRow seek = book_.create(session, request);
    feed_.watch(seek);
    feed_.changed();
    return seek;
}

std::vector<SeekRow> LobbyService::seeks(const std::optional<std::string>& viewer) {
    return book_.visible(viewer);
}

void LobbyService::cancel_seek(const Session& session, const std::string& id) {
    book_.cancel(session, id);
    feed_.changed();
}

void LobbyService::leave(const std::string& account_id) {
    if (book_.leave(account_id)) feed_.changed();
}

std::string LobbyService::accept(const Session& session, const std::string& id) {
    SeekBook::Accepted accepted = book_.accept(session, id);
    // The feed tells both players of the game (it finds it by the seek gone).
    feed_.watch(accepted.seek);
    feed_.changed();
    return accepted.game_id;
}

// --- Quick pairing -------------------------------------------------------------------------------

SeekRow LobbyService::join_pool(const Session& session, std::string_view key) {
    QuickPairing::Joined joined = pairing_.join(session, key);
    if (joined.opened) {
        feed_.watch(joined.seek);
        feed_.changed();
    }
    return joined.seek;
}

void LobbyService::leave_pool(const Session& session, std::string_view key) {
    if (pairing_.leave(session, key)) feed_.changed();
}

LobbyService::Pools LobbyService::pools(const std::optional<std::string>& viewer) {
    return pairing_.pools(viewer);
}

// --- As stored -----------------------------------------------------------------------------------

std::optional<AccountGameRow> LobbyService::account_game(const std::string& game_id) {
    return stores_.account_games.find_account_game(game_id);
}

std::vector<RatingRow> LobbyService::ratings(const std::string& account_id) {
    return stores_.account_games.ratings(account_id);
}

std::vector<AccountGameRow> LobbyService::games_of(const AccountGameQuery& query) {
    return stores_.account_games.account_games(query);
}

// --- The live connections ------------------------------------------------------------------------

LobbyService::Snapshot LobbyService::join(const std::shared_ptr<LobbyListener>& listener) {
    LobbyFeed::Joined joined = feed_.join(listener);
    Snapshot snapshot{std::move(joined.seeks), presence_.told(), joined.waiting};
    if (!listener->account_id.empty() && presence_.arrive(listener->account_id)) feed_.heard(false);
    // Its own name, which the next list of who is online will have.
    const std::string& name = listener->account_name;
    std::vector<std::string>& online = snapshot.online;
    if (!name.empty() && !std::ranges::binary_search(online, name))
        online.insert(std::ranges::lower_bound(online, name), name);
    return snapshot;
}

void LobbyService::part(const std::shared_ptr<LobbyListener>& listener) {
    feed_.part(listener);
    if (!listener->account_id.empty() && presence_.depart(listener->account_id)) feed_.heard(false);
}

std::optional<Session> LobbyService::session(const std::string& token) {
    return accounts_.authenticate(token);
}

void LobbyService::after_told(std::move_only_function<void()> then) {
    feed_.after_told(std::move(then));
}

}  // namespace chess960::server
