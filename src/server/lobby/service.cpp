#include "lobby/service.hpp"

#include <algorithm>

#include "games/now.hpp"
#include "lobby/ratings.hpp"
#include "rating/speed.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

namespace {

// The account games' players kept in memory (a game's seats are asked for at each move).
constexpr std::size_t kPlayersCached = 10'000;
// Games waiting to be settled; past this, the sweep finds the rest.
constexpr std::size_t kSettleQueue = 10'000;
// A game over in memory may not be stored yet (the store writes in groups): looked at again
// this many times, a little later each time, before the sweep is left to find it.
constexpr int kSettleAttempts = 20;
// The rounds of the feed a quick seek gone elsewhere is looked for its game before it is taken
// for withdrawn (rounds come at each change and every poll, a second apart on PostgreSQL).
constexpr int kQuickLookups = 8;
// The rounds of the feed a seek gone whose game was not found is looked for it (its game's row is
// stored after the accept's transaction, by the store's writer or another server), at least
// 50 ms apart, before it is taken for withdrawn: two seconds and more.
constexpr int kGameLookups = 40;
// The longest an answer waits for the lobby to tell its change (the store failing meanwhile):
// then it is sent all the same.
constexpr auto kToldWaitAtMost = std::chrono::seconds(5);

std::string pool_of(const SeekRequest& request) {
    if (request.days_per_move) return std::string(rating::name(rating::Speed::Correspondence));
    if (!request.clock) return "casual";
    const auto speed = rating::classify(double(request.clock->initial) / 1000.0,
                                        double(request.clock->increment) / 1000.0);
    // The parser admits only times classify rates.
    return std::string(rating::name(speed.value_or(rating::Speed::Classical)));
}

// The rating an account shows in a pool: its own, or a new player's.
double shown_rating(const std::vector<RatingRow>& ratings, const std::string& pool) {
    for (const RatingRow& r : ratings)
        if (r.pool == pool) return r.rating;
    return rating::kDefaultRating;
}

}  // namespace

LobbyService::LobbyService(PlayStore& store, AccountService& accounts, GameService& games,
                           LobbyOptions options)
    : store_(store),
      accounts_(accounts),
      games_(games),
      options_(std::move(options)),
      server_id_(random_hex(8)),
      told_games_(kPlayersCached),
      gone_told_(kPlayersCached),
      fan_out_(options_.fan_out_helpers >= 0
                   ? options_.fan_out_helpers
                   : std::clamp(int(std::thread::hardware_concurrency()) - 1, 0, 3)) {
    games_.set_account_seat([this](const std::string& game_id, std::string_view token) {
        return seat(game_id, token);
    });
    games_.set_account_rated([this](const std::string& game_id) {
        const auto game = store_.find_account_game(game_id);
        return game && game->rated;
    });
    games_.set_on_game_over([this](const std::string& game_id) { game_over(game_id); });
    settler_ = std::thread([this] { settling_loop(); });
    feeder_ = std::thread([this] { feed_loop(); });
    // Other servers' seeks and players, heard of at once rather than at the next poll.
    store_listener_ = store_.listen(
        [this](const std::string& what) {
            {
                std::lock_guard lock(feed_mutex_);
                if (what != "online") feed_changed_ = true;
                if (what != "seeks") remote_online_changed_ = true;
            }
            feed_wake_.notify_one();
        },
        [this](const std::string& line) { log(line); });
}

LobbyService::~LobbyService() { stop(); }

void LobbyService::stop() {
    {
        std::lock_guard lock(settle_mutex_);
        stopping_ = true;
    }
    settle_wake_.notify_all();
    if (settler_.joinable()) settler_.join();
    {
        std::lock_guard lock(feed_mutex_);
        feed_stopping_ = true;
    }
    feed_wake_.notify_all();
    if (feeder_.joinable()) feeder_.join();
    store_listener_.reset();
    // Its players are online through it no more (another server may still have them).
    if (std::exchange(presence_registered_, false)) {
        try {
            store_.drop_server(server_id_);
        } catch (const std::exception& e) {
            log(std::string("leaving the list of who is online failed: ") + e.what());
        }
    }
}

void LobbyService::log(const std::string& line) {
    if (options_.log) options_.log(line);
}

// --- Seeks ---------------------------------------------------------------------------------------

void LobbyService::take_seek_token(const std::string& account) {
    if (const int wait =
            games_.take_token("seeks", account, options_.seeks_per_second, options_.seeks_burst))
        throw ApiError{429, "too many seeks: wait a moment", wait, "rate_limited"};
}

void LobbyService::check_room(const std::string& account, std::size_t in_lobby) {
    if (store_.count_seeks(account) >= options_.seeks_per_account)
        throw ApiError{429,
                       "you have " + std::to_string(options_.seeks_per_account) +
                           " open seeks: withdraw one first",
                       5,
                       "too_many_seeks",
                       {{"max", options_.seeks_per_account}}};
    if (int(in_lobby) >= options_.seeks_in_all)
        throw ApiError{503, "the lobby is full: try again in a moment", 5, "lobby_full"};
}

SeekRow LobbyService::create_seek(const Session& session, const SeekRequest& request) {
    if (request.rated && !request.clock && !request.days_per_move)
        throw ApiError{400, "a rated seek needs a clock or days per move", 0, "rated_needs_clock"};
    if (request.start.type == StartSpec::Type::Fen)
        throw ApiError{400,
                       "a seek's start is \"random\", \"number\" or \"double960\", not a FEN",
                       0,
                       "invalid_field",
                       {{"field", "start.type"}}};
    if (request.min_rating && request.max_rating && *request.min_rating > *request.max_rating)
        throw ApiError{400,
                       "field 'ratingRange': the lowest rating is above the highest",
                       0,
                       "invalid_field",
                       {{"field", "ratingRange"}}};
    const std::string& account = session.account.id;
    take_seek_token(account);
    check_room(account, store_.seeks(options_.seeks_in_all).size());
    SeekRow seek;
    if (request.to) {
        const AccountRow challenged = accounts_.profile(*request.to);
        if (challenged.id == account)
            throw ApiError{
                400, "you cannot challenge yourself", 0, "invalid_field", {{"field", "to"}}};
        seek.to_account = challenged.id;
        seek.to_name = challenged.name;
    }
    seek.id = random_hex(8);
    seek.account_id = account;
    seek.rated = request.rated;
    seek.pool = pool_of(request);
    if (request.clock) {
        seek.clock_initial_ms = request.clock->initial;
        seek.clock_increment_ms = request.clock->increment;
    }
    seek.days_per_move = request.days_per_move;
    seek.color = request.color;
    switch (request.start.type) {
        case StartSpec::Type::Number:
            seek.start_type = "number";
            break;
        case StartSpec::Type::Double960:
            seek.start_type = "double960";
            break;
        default:
            seek.start_type = "random";
    }
    seek.start_number = request.start.number;
    seek.start_black = request.start.black;
    seek.min_rating = request.min_rating;
    seek.max_rating = request.max_rating;
    return open_seek(std::move(seek), session);
}

SeekRow LobbyService::open_seek(SeekRow seek, const Session& session) {
    seek.created_at = now_ms();
    seek.account_name = session.account.name;
    store_.insert_seek(seek);
    watch(seek);
    changed();
    return seek;
}

bool LobbyService::sees(const SeekRow& seek, const std::string& viewer) {
    // A quick pairing seek is the lobby's to pair, nobody's to see or accept.
    if (seek.quick) return false;
    return !seek.to_account ||
           (!viewer.empty() && (seek.account_id == viewer || *seek.to_account == viewer));
}

std::vector<SeekRow> LobbyService::seeks(const std::optional<std::string>& viewer) {
    std::vector<SeekRow> seeks = store_.seeks(options_.seeks_in_all);
    std::erase_if(seeks, [&](const SeekRow& s) { return !sees(s, viewer.value_or("")); });
    return seeks;
}

void LobbyService::cancel_seek(const Session& session, const std::string& id) {
    if (!store_.delete_seek(id, session.account.id))
        throw ApiError{404, "you have no open seek " + id.substr(0, 32), 0, "no_such_seek"};
    changed();
}

void LobbyService::leave(const std::string& account_id) {
    if (store_.delete_seeks_of(account_id) > 0) changed();
}

std::string LobbyService::accept(const Session& session, const std::string& id) {
    const std::string& me = session.account.id;
    const std::vector<RatingRow> my_ratings = store_.ratings(me);
    const std::int64_t now = now_ms();
    AccountGameRow made;
    const auto seek = store_.accept_seek(id, [&](const SeekRow& s) {
        // A quick pairing seek and a challenge to another are not there for anyone to accept
        // (as for one never made).
        if (s.quick) throw ApiError{404, "no open seek " + id.substr(0, 32), 0, "no_such_seek"};
        if (s.account_id == me) throw ApiError{409, "this is your own seek", 0, "own_seek"};
        if (s.to_account && *s.to_account != me)
            throw ApiError{404, "no open seek " + id.substr(0, 32), 0, "no_such_seek"};
        const double mine = shown_rating(my_ratings, s.pool);
        if ((s.min_rating && mine < *s.min_rating) || (s.max_rating && mine > *s.max_rating))
            throw ApiError{403, "your rating is outside the seek's range", 0,
                           "outside_rating_range"};
        const bool seeker_white =
            s.color == "white" || (s.color == "random" && random_hex(1)[0] < '8');
        made.game_id = random_hex(8);
        made.seek_id = s.id;
        made.white_account = seeker_white ? s.account_id : me;
        made.black_account = seeker_white ? me : s.account_id;
        made.rated = s.rated;
        made.pool = s.pool;
        made.created_at = now;
        return made;
    });
    if (!seek) throw ApiError{404, "no open seek " + id.substr(0, 32), 0, "no_such_seek"};
    watch(*seek);
    try {
        create_account_game(made, *seek);
    } catch (const ApiError&) {
        log("seek " + id + ": its game " + made.game_id + " was not created");
        changed();
        throw;
    }
    // After the game exists: the feed tells both players of it (find_game_of_seek reads it).
    changed();
    return made.game_id;
}

void LobbyService::create_account_game(const AccountGameRow& made, const SeekRow& seek) {
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
    games_.create_seated(game);
    std::lock_guard lock(players_mutex_);
    if (players_.emplace(made.game_id, Players{made.white_account, made.black_account}).second)
        players_order_.push_back(made.game_id);
}

// --- Quick pairing -------------------------------------------------------------------------------

namespace {

QuickPool pool_or_404(std::string_view key) {
    if (auto pool = quick_pool(key)) return *pool;
    const std::string shown(key.substr(0, 16));
    throw ApiError{404,
                   "no quick pairing pool '" + shown + "': the pools are 3+2, 5+3, 10+5 and 15+10",
                   0,
                   "no_such_pool",
                   {{"pool", shown}}};
}

// How many wait in each pool (kQuickPools' order) among the seeks.
std::array<int, kQuickPools.size()> waiting_in(const std::vector<SeekRow>& seeks) {
    std::array<int, kQuickPools.size()> waiting{};
    for (const SeekRow& seek : seeks) {
        if (!seek.quick) continue;
        const auto at = std::ranges::find(kQuickPools, *seek.quick, &QuickPool::key);
        if (at != kQuickPools.end()) ++waiting[std::size_t(at - kQuickPools.begin())];
    }
    return waiting;
}

}  // namespace

SeekRow LobbyService::join_pool(const Session& session, std::string_view key) {
    const QuickPool pool = pool_or_404(key);
    const std::string& account = session.account.id;
    take_seek_token(account);
    const std::vector<SeekRow> all = store_.seeks(options_.seeks_in_all);
    // One pool at a time: the same again keeps its place (and its wait), another moves it.
    for (const SeekRow& seek : all) {
        if (seek.account_id != account || !seek.quick) continue;
        if (*seek.quick == pool.key) return seek;
        store_.delete_seek(seek.id, account);
    }
    check_room(account, all.size());
    SeekRow seek;
    seek.id = random_hex(8);
    seek.account_id = account;
    seek.rated = true;
    seek.pool = std::string(rating::name(speed_of(pool)));
    seek.clock_initial_ms = std::int64_t(pool.minutes) * 60'000;
    seek.clock_increment_ms = std::int64_t(pool.increment_seconds) * 1'000;
    seek.quick = std::string(pool.key);
    return open_seek(std::move(seek), session);
}

void LobbyService::leave_pool(const Session& session, std::string_view key) {
    const QuickPool pool = pool_or_404(key);
    bool left = false;
    for (const SeekRow& seek : store_.seeks(options_.seeks_in_all))
        if (seek.account_id == session.account.id && seek.quick == pool.key)
            left = store_.delete_seek(seek.id, session.account.id) || left;
    if (left) changed();
}

LobbyService::Pools LobbyService::pools(const std::optional<std::string>& viewer) {
    std::vector<SeekRow> seeks = store_.seeks(options_.seeks_in_all);
    Pools pools;
    pools.waiting = waiting_in(seeks);
    for (SeekRow& seek : seeks)
        if (seek.quick && viewer && seek.account_id == *viewer) pools.mine = std::move(seek);
    return pools;
}

std::vector<AccountGameRow> LobbyService::pair_quick_seeks(std::vector<SeekRow>& seeks) {
    const std::int64_t now = now_ms();
    std::vector<AccountGameRow> made;
    std::vector<std::string> taken;     // the seeks paired here
    std::vector<std::string> accounts;  // their players: one game each a round
    for (const QuickPool& pool : kQuickPools) {
        std::vector<const SeekRow*> rows;
        std::vector<PoolEntry> waiting;
        for (const SeekRow& seek : seeks) {
            if (seek.quick != pool.key) continue;
            rows.push_back(&seek);
            waiting.push_back(
                {seek.id, seek.account_id,
                 seek.seeker_rating ? seek.seeker_rating->rating : rating::kDefaultRating,
                 seek.created_at});
        }
        if (waiting.size() < 2) continue;
        for (auto [a, b] : pair_pool(waiting, now, options_.pool_range)) {
            const SeekRow& first = *rows[a];
            const SeekRow& second = *rows[b];
            if (std::ranges::find(accounts, first.account_id) != accounts.end() ||
                std::ranges::find(accounts, second.account_id) != accounts.end())
                continue;
            // Random colours (the pools' seeks are all "random").
            const bool first_white = random_hex(1)[0] < '8';
            AccountGameRow game;
            game.game_id = random_hex(8);
            // Linked to both seeks: every server finds the game of whichever it saw go.
            game.seek_id = first.id;
            game.second_seek_id = second.id;
            game.white_account = first_white ? first.account_id : second.account_id;
            game.black_account = first_white ? second.account_id : first.account_id;
            game.rated = true;
            game.pool = first.pool;
            game.created_at = now;
            try {
                if (!store_.pair_seeks(first.id, second.id, game)) continue;
                create_account_game(game, first);
            } catch (const std::exception& e) {
                log("quick pairing " + first.id + " and " + second.id + " failed: " + e.what());
                continue;
            }
            made.push_back(game);
            taken.push_back(first.id);
            taken.push_back(second.id);
            accounts.push_back(first.account_id);
            accounts.push_back(second.account_id);
        }
    }
    std::erase_if(seeks,
                  [&](const SeekRow& s) { return std::ranges::find(taken, s.id) != taken.end(); });
    return made;
}

// --- Seats ---------------------------------------------------------------------------------------

std::optional<LobbyService::Players> LobbyService::players(const std::string& game_id) {
    {
        std::lock_guard lock(players_mutex_);
        if (auto it = players_.find(game_id); it != players_.end()) return it->second;
    }
    const auto game = store_.find_account_game(game_id);
    if (!game) return std::nullopt;
    Players found{game->white_account, game->black_account};
    std::lock_guard lock(players_mutex_);
    if (players_.emplace(game_id, found).second) players_order_.push_back(game_id);
    while (players_order_.size() > kPlayersCached) {
        players_.erase(players_order_.front());
        players_order_.pop_front();
    }
    return found;
}

std::optional<Color> LobbyService::seat(const std::string& game_id, std::string_view token) {
    const auto game = players(game_id);
    if (!game) return std::nullopt;
    const auto session = accounts_.authenticate(std::string(token));
    if (!session) return std::nullopt;
    if (game->white == session->account.id) return White;
    if (game->black == session->account.id) return Black;
    return std::nullopt;
}

std::optional<AccountGameRow> LobbyService::account_game(const std::string& game_id) {
    return store_.find_account_game(game_id);
}

std::vector<RatingRow> LobbyService::ratings(const std::string& account_id) {
    return store_.ratings(account_id);
}

std::vector<AccountGameRow> LobbyService::games_of(const AccountGameQuery& query) {
    return store_.account_games(query);
}

// --- Settling the ratings
// --------------------------------------------------------------------------

RateOutcome LobbyService::settle(const std::string& game_id) {
    // Most games are not account games: that costs a cached read, not a write transaction.
    if (!players(game_id)) return RateOutcome::unknown;
    return store_.rate_game(game_id, [&](const RatingInput& input) {
        auto output = rate_account_game(input);
        const AccountGameRow& g = input.game;
        if (!output && g.rated && g.white_account && g.black_account &&
            (g.result == "1-0" || g.result == "0-1" || g.result == "1/2-1/2"))
            log("game " + game_id + ": a stored rating is out of range: the game changed none");
        return output;
    });
}

void LobbyService::game_over(const std::string& game_id) {
    // Called under the game's lock: queued, never looked up here.
    {
        std::lock_guard lock(settle_mutex_);
        if (to_settle_.size() >= kSettleQueue) return;
        to_settle_.emplace_back(game_id, 0);
    }
    settle_wake_.notify_one();
}

void LobbyService::settling_loop() {
    auto next_sweep = std::chrono::steady_clock::now();
    std::unique_lock lock(settle_mutex_);
    while (!stopping_) {
        if (to_settle_.empty())
            settle_wake_.wait_until(lock, next_sweep,
                                    [&] { return stopping_ || !to_settle_.empty(); });
        if (stopping_) break;
        std::vector<std::pair<std::string, int>> batch;
        if (std::chrono::steady_clock::now() >= next_sweep) {
            next_sweep = std::chrono::steady_clock::now() + options_.sweep_every;
            lock.unlock();
            std::vector<std::string> unsettled;
            try {
                unsettled = store_.unsettled_games(100);
            } catch (const std::exception& e) {
                log(std::string("looking for games to settle failed: ") + e.what());
            }
            lock.lock();
            for (auto& id : unsettled) batch.emplace_back(std::move(id), kSettleAttempts);
        }
        while (!to_settle_.empty()) {
            batch.push_back(std::move(to_settle_.front()));
            to_settle_.pop_front();
        }
        lock.unlock();
        std::vector<std::pair<std::string, int>> again;
        for (auto& [id, attempts] : batch) {
            try {
                if (settle(id) == RateOutcome::in_play && attempts + 1 < kSettleAttempts)
                    again.emplace_back(id, attempts + 1);
            } catch (const std::exception& e) {
                log("game " + id + ": settling its ratings failed: " + e.what());
            }
        }
        lock.lock();
        if (!again.empty()) {
            // The store writes a game's end within its group commit: a moment later.
            settle_wake_.wait_for(lock, std::chrono::milliseconds(50), [&] { return stopping_; });
            for (auto& entry : again) to_settle_.push_back(std::move(entry));
        }
    }
}

// --- The live connections
// --------------------------------------------------------------------------

std::optional<Session> LobbyService::session(const std::string& token) {
    return accounts_.authenticate(token);
}

void LobbyService::watch(const SeekRow& seek) {
    std::lock_guard lock(feed_mutex_);
    watched_.push_back(seek);
}

void LobbyService::changed() {
    std::lock_guard lock(feed_mutex_);
    ++changes_asked_;
    feed_changed_ = true;
    feed_wake_.notify_one();
}

void LobbyService::after_told(std::move_only_function<void()> then) {
    {
        std::lock_guard lock(feed_mutex_);
        if (!feed_stopping_ && changes_told_ < changes_asked_) {
            told_waiting_.push_back({changes_asked_,
                                     std::chrono::steady_clock::now() + kToldWaitAtMost,
                                     std::move(then)});
            return;
        }
    }
    then();
}

LobbyService::Snapshot LobbyService::join(const std::shared_ptr<LobbyListener>& listener) {
    std::lock_guard lock(feed_mutex_);
    std::erase_if(listeners_, [](const auto& l) { return l.expired(); });
    if (listeners_.size() >= options_.max_listeners)
        throw ApiError{503, "the lobby has all the connections it can serve: try again shortly", 5,
                       "unavailable"};
    listeners_.push_back(listener);
    if (!listener->account_id.empty()) {
        if (connections_[listener->account_id]++ == 0) {
            online_changed_ = true;
            feed_wake_.notify_one();
        }
        gone_since_.erase(listener->account_id);
    }
    Snapshot snapshot;
    snapshot.seeks.reserve(known_seeks_.size());
    for (const auto& [id, seek] : known_seeks_)
        if (sees(seek, listener->account_id)) snapshot.seeks.push_back(seek);
    std::ranges::sort(snapshot.seeks, {},
                      [](const SeekRow& s) { return std::pair(s.created_at, s.id); });
    snapshot.online = online_told_;
    // Its own name, which the next list of who is online will have.
    const std::string& name = listener->account_name;
    if (!name.empty() && !std::ranges::binary_search(snapshot.online, name))
        snapshot.online.insert(std::ranges::lower_bound(snapshot.online, name), name);
    snapshot.waiting = waiting_;
    return snapshot;
}

void LobbyService::part(const std::shared_ptr<LobbyListener>& listener) {
    std::lock_guard lock(feed_mutex_);
    std::erase_if(listeners_, [&](const auto& l) {
        auto held = l.lock();
        return !held || held == listener;
    });
    if (listener->account_id.empty()) return;
    auto it = connections_.find(listener->account_id);
    if (it == connections_.end() || --it->second > 0) return;
    connections_.erase(it);
    gone_since_[listener->account_id] = std::chrono::steady_clock::now();
    online_changed_ = true;
    feed_wake_.notify_one();
}

void LobbyService::publish(const std::shared_ptr<const LobbyEvent>& event,
                           const std::vector<std::string>& only_accounts) {
    // A change for everyone waits for the pass's end, to go with the others in one message.
    if (only_accounts.empty()) {
        for_everyone_.push_back(event);
        return;
    }
    deliver(event, only_accounts);
}

void LobbyService::publish_pass() {
    if (for_everyone_.empty()) return;
    if (for_everyone_.size() == 1) {
        deliver(for_everyone_.front(), {});
    } else {
        auto batch = std::make_shared<LobbyEvent>();
        batch->kind = LobbyEvent::Kind::Batch;
        batch->events = std::move(for_everyone_);
        deliver(batch, {});
    }
    for_everyone_.clear();
}

void LobbyService::deliver(const std::shared_ptr<const LobbyEvent>& event,
                           const std::vector<std::string>& only_accounts) {
    if (!only_accounts.empty()) {
        std::erase_if(listeners_, [&](const std::weak_ptr<LobbyListener>& weak) {
            auto listener = weak.lock();
            if (!listener) return true;
            if (std::ranges::find(only_accounts, listener->account_id) == only_accounts.end())
                return false;
            return !listener->deliver(event);
        });
        return;
    }
    // To everyone: shared between the fan-out's threads, those gone or too far behind forgotten
    // after.
    std::vector<char> gone(listeners_.size(), 0);
    fan_out_.run(listeners_.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            auto listener = listeners_[i].lock();
            gone[i] = !listener || !listener->deliver(event);
        }
    });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < listeners_.size(); ++i)
        if (!gone[i]) {
            if (kept != i) listeners_[kept] = std::move(listeners_[i]);
            ++kept;
        }
    listeners_.resize(kept);
}

// Who is told of a seek: everyone (an empty list), or a challenge's two players.
static std::vector<std::string> seen_by(const SeekRow& seek) {
    if (!seek.to_account) return {};
    return {seek.account_id, *seek.to_account};
}

std::optional<std::vector<std::string>> LobbyService::sync_presence(const PresenceChange& change) {
    const auto now = std::chrono::steady_clock::now();
    const std::int64_t alive_since =
        now_ms() -
        std::chrono::duration_cast<std::chrono::milliseconds>(options_.presence_timeout).count();
    bool read = change.read;
    std::vector<std::string> joined;
    std::vector<std::string> left;
    if (change.local) {
        const std::unordered_set<std::string> local(change.local->begin(), change.local->end());
        for (const std::string& account : local)
            if (!presence_written_.contains(account)) joined.push_back(account);
        for (const std::string& account : presence_written_)
            if (!local.contains(account)) left.push_back(account);
    }
    const bool due = now >= presence_due_;
    if (due || !joined.empty() || !left.empty()) {
        const bool known = store_.update_presence(server_id_, joined, left, now_ms());
        for (const std::string& account : left) presence_written_.erase(account);
        presence_written_.insert(joined.begin(), joined.end());
        if (!known && presence_registered_) {
            // Taken for dead by another server (this one stalled): its accounts are written again.
            log("the lobby's row of who is online had been dropped: written again");
            store_.update_presence(server_id_, {presence_written_.begin(), presence_written_.end()},
                                   {}, now_ms());
        }
        presence_registered_ = true;
        read = true;
    }
    std::vector<std::string> withdraw;
    for (const std::string& account : change.departed)
        if (!store_.online_elsewhere(account, server_id_, alive_since)) withdraw.push_back(account);
    if (due) {
        presence_due_ = now + options_.presence_every;
        // A server that stopped without saying so: its players are offline; their seeks go,
        // unless they came back here.
        for (std::string& account : store_.drop_servers_seen_before(alive_since))
            if (!presence_written_.contains(account)) withdraw.push_back(std::move(account));
    }
    for (const std::string& account : withdraw) store_.delete_seeks_of(account);
    if (!read) return std::nullopt;
    std::vector<std::string> names;
    for (PresenceRow& row : store_.online(alive_since)) names.push_back(std::move(row.name));
    std::ranges::sort(names);
    return names;
}

std::chrono::steady_clock::duration LobbyService::feed_wait() const {
    std::chrono::steady_clock::duration wait = options_.poll_every;
    // Answers waiting for a pass that could not read the seeks: read again soon.
    if (!told_waiting_.empty())
        wait = std::min<std::chrono::steady_clock::duration>(wait, std::chrono::milliseconds(200));
    // A seek gone whose game is not stored yet: looked for again soon.
    if (!games_unfound_.empty())
        wait = std::min<std::chrono::steady_clock::duration>(wait, std::chrono::milliseconds(50));
    // While players wait in the pools, their ranges widen: read at least that often.
    if (std::ranges::any_of(waiting_, [](int n) { return n > 0; }))
        wait = std::min<std::chrono::steady_clock::duration>(wait, options_.pool_range.widen_every);
    // A list of who is online held back by online_every is told when it may be.
    if (online_pending_)
        wait = std::clamp<std::chrono::steady_clock::duration>(
            online_due_ - std::chrono::steady_clock::now(), std::chrono::milliseconds(1), wait);
    return wait;
}

void LobbyService::feed_loop() {
    std::unique_lock lock(feed_mutex_);
    while (!feed_stopping_) {
        // The first pass reads the seeks at once; then at each change here, or each poll.
        if (!known_read_)
            known_read_ = true;
        else
            feed_wake_.wait_for(lock, feed_wait(), [&] {
                return feed_stopping_ || feed_changed_ || online_changed_ || remote_online_changed_;
            });
        if (feed_stopping_) break;
        // Changes that come close together are read and told together.
        if (const auto since = std::chrono::steady_clock::now() - last_pass_;
            since < options_.feed_gap)
            feed_wake_.wait_for(lock, options_.feed_gap - since, [&] { return feed_stopping_; });
        if (feed_stopping_) break;
        last_pass_ = std::chrono::steady_clock::now();
        feed_changed_ = false;
        const std::uint64_t asked = changes_asked_;
        PresenceChange presence;
        presence.read = std::exchange(remote_online_changed_, false);
        if (std::exchange(online_changed_, false)) {
            presence.local.emplace();
            presence.local->reserve(connections_.size());
            for (const auto& [account, count] : connections_) presence.local->push_back(account);
        }
        const auto now = std::chrono::steady_clock::now();
        std::erase_if(gone_since_, [&](const auto& entry) {
            if (now - entry.second < options_.leave_after) return false;
            presence.departed.push_back(entry.first);
            return true;
        });
        const std::vector<SeekRow> watched = std::exchange(watched_, {});
        lock.unlock();
        // The store's calls are made without the lock: joining and leaving never wait on them.
        std::vector<SeekRow> unseen_gone;  // made or taken here, gone before a read saw them
        std::optional<std::vector<SeekRow>> seeks;
        std::optional<std::vector<std::string>> online;
        std::vector<std::pair<std::string, std::optional<AccountGameRow>>> gone;
        std::vector<AccountGameRow> paired;      // quick pairing's games made here
        std::vector<AccountGameRow> found_late;  // games of seeks gone before, found now
        auto paired_here = [&](const std::string& seek_id) {
            return std::ranges::any_of(paired, [&](const AccountGameRow& g) {
                return g.seek_id == seek_id || g.second_seek_id == seek_id;
            });
        };
        try {
            online = sync_presence(presence);
            // The games of seeks gone whose game was not stored yet (the feed thread's alone).
            for (auto it = games_unfound_.begin(); it != games_unfound_.end();) {
                auto game = store_.find_game_of_seek(it->first);
                if (game) found_late.push_back(std::move(*game));
                if (game || ++it->second >= kGameLookups)
                    it = games_unfound_.erase(it);
                else
                    ++it;
            }
            seeks = store_.seeks(options_.seeks_in_all);
            paired = pair_quick_seeks(*seeks);
            // Gone from the store and not paired here (those are told below, once).
            auto gone_elsewhere = [&](const std::string& id) {
                return std::ranges::find(*seeks, id, &SeekRow::id) == seeks->end() &&
                       !paired_here(id);
            };
            for (const auto& [id, seek] : known_seeks_)
                if (gone_elsewhere(id)) gone.emplace_back(id, store_.find_game_of_seek(id));
            // A seek made here and taken by another server (or accepted here) before this
            // thread read it: gone all the same, its game told to its players.
            for (const SeekRow& seek : watched) {
                // Known, or told gone already (an accept watched after the pass that saw its
                // seek go: told twice, 700 seeks a minute under load).
                if (known_seeks_.contains(seek.id) || gone_told_.contains(seek.id) ||
                    !gone_elsewhere(seek.id))
                    continue;
                unseen_gone.push_back(seek);
                gone.emplace_back(seek.id, store_.find_game_of_seek(seek.id));
            }
        } catch (const std::exception& e) {
            log(std::string("reading the lobby's seeks failed: ") + e.what());
        }
        lock.lock();
        for (SeekRow& seek : unseen_gone) known_seeks_.emplace(seek.id, std::move(seek));
        if (seeks) {
            // Each game is told once by this server, whichever way it learnt of it (paired
            // here, a known seek gone, a seek of its own gone unseen).
            auto start = [&](const AccountGameRow& game) {
                if (!game.white_account || !game.black_account) return;
                if (!told_games_.insert(game.game_id)) return;
                auto started = std::make_shared<LobbyEvent>();
                started->kind = LobbyEvent::Kind::Started;
                started->id = game.game_id;
                publish(started, {*game.white_account, *game.black_account});
            };
            for (auto& [id, game] : gone) {
                const SeekRow& seek = known_seeks_.at(id);
                // A quick seek taken by another server: its game's row may not be stored yet
                // (the pairing commits, then the game is created): looked for again a few rounds
                // (it is shown nowhere meanwhile).
                if (seek.quick && !game && ++quick_unfound_[id] < kQuickLookups) continue;
                quick_unfound_.erase(id);
                if (!seek.quick) {
                    auto removed = std::make_shared<LobbyEvent>();
                    removed->kind = LobbyEvent::Kind::Removed;
                    removed->id = id;
                    publish(removed, seen_by(seek));
                    // Accepted, its game not stored yet (the accept's transaction comes first,
                    // the game's row after it), or withdrawn: looked for a few passes more.
                    if (!game) games_unfound_.emplace(id, 0);
                }
                known_seeks_.erase(id);
                gone_told_.insert(id);
                if (game) start(*game);
            }
            for (const AccountGameRow& game : found_late) start(game);
            for (const AccountGameRow& game : paired) start(game);
            std::erase_if(known_seeks_,
                          [&](const auto& entry) { return paired_here(entry.first); });
            const std::array<int, kQuickPools.size()> waiting = waiting_in(*seeks);
            for (SeekRow& seek : *seeks) {
                if (known_seeks_.contains(seek.id)) continue;
                // A quick pairing seek is known (to tell its players of its game), not shown.
                if (!seek.quick) {
                    auto added = std::make_shared<LobbyEvent>();
                    added->kind = LobbyEvent::Kind::Added;
                    added->seek = seek;
                    publish(added, seen_by(seek));
                }
                known_seeks_.emplace(seek.id, std::move(seek));
            }
            if (waiting != waiting_) {
                waiting_ = waiting;
                auto event = std::make_shared<LobbyEvent>();
                event->kind = LobbyEvent::Kind::Pools;
                event->waiting = waiting;
                publish(event);
            }
        }
        if (online) online_pending_ = std::move(*online);
        if (online_pending_ && std::chrono::steady_clock::now() >= online_due_) {
            if (*online_pending_ != online_told_) {
                online_told_ = std::move(*online_pending_);
                auto event = std::make_shared<LobbyEvent>();
                event->kind = LobbyEvent::Kind::Online;
                event->names = online_told_;
                publish(event);
                online_due_ = std::chrono::steady_clock::now() + options_.online_every;
            }
            online_pending_.reset();
        }
        publish_pass();
        // A pass that could not read the seeks told nothing: the answers waiting for it wait
        // for the next (each at most kToldWaitAtMost).
        if (seeks) changes_told_ = asked;
        std::vector<std::move_only_function<void()>> told;
        const auto now_told = std::chrono::steady_clock::now();
        while (!told_waiting_.empty() && (told_waiting_.front().change <= changes_told_ ||
                                          told_waiting_.front().due <= now_told)) {
            told.push_back(std::move(told_waiting_.front().then));
            told_waiting_.pop_front();
        }
        if (!told.empty()) {
            lock.unlock();
            for (auto& then : told) then();
            lock.lock();
        }
    }
    // Stopping: what waits is answered.
    auto left = std::exchange(told_waiting_, {});
    lock.unlock();
    for (auto& waiting : left) waiting.then();
}

}  // namespace chess960::server
