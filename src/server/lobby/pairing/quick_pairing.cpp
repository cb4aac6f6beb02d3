#include "lobby/quick_pairing.hpp"

#include <algorithm>

#include "common/now.hpp"
#include "lobby/seek_view.hpp"
#include "rating/rating.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

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

}  // namespace

QuickPairing::Joined QuickPairing::join(const Session& session, std::string_view key) {
    const QuickPool pool = pool_or_404(key);
    const std::string& account = session.account.id;
    limits_.take_token(account);
    const std::vector<SeekRow> all = store_.seeks(options_.seeks_in_all);
    // One pool at a time: the same again keeps its place (and its wait), another moves it.
    for (const SeekRow& seek : all) {
        if (seek.account_id != account || !seek.quick) continue;
        if (*seek.quick == pool.key) return Joined{seek, false};
        store_.delete_seek(seek.id, account);
    }
    limits_.check_room(account, all.size());
    SeekRow seek;
    seek.id = random_hex(8);
    seek.account_id = account;
    seek.account_name = session.account.name;
    seek.rated = true;
    seek.pool = std::string(rating::name(speed_of(pool)));
    seek.clock_initial_ms = std::int64_t(pool.minutes) * 60'000;
    seek.clock_increment_ms = std::int64_t(pool.increment_seconds) * 1'000;
    seek.quick = std::string(pool.key);
    seek.created_at = now_ms();
    store_.insert_seek(seek);
    return Joined{std::move(seek), true};
}

bool QuickPairing::leave(const Session& session, std::string_view key) {
    const QuickPool pool = pool_or_404(key);
    bool left = false;
    for (const SeekRow& seek : store_.seeks(options_.seeks_in_all))
        if (seek.account_id == session.account.id && seek.quick == pool.key)
            left = store_.delete_seek(seek.id, session.account.id) || left;
    return left;
}

QuickPairing::Pools QuickPairing::pools(const std::optional<std::string>& viewer) {
    std::vector<SeekRow> seeks = store_.seeks(options_.seeks_in_all);
    Pools pools;
    pools.waiting = waiting_in(seeks);
    for (SeekRow& seek : seeks)
        if (seek.quick && viewer && seek.account_id == *viewer) pools.mine = std::move(seek);
    return pools;
}

std::vector<AccountGameRow> QuickPairing::pair(std::vector<SeekRow>& seeks) {
    std::vector<AccountGameRow> made;
    std::vector<std::string> accounts;  // the players paired: one game each a pass
    for (const QuickPool& pool : kQuickPools) pair_pool_of(pool, seeks, accounts, made);
    std::erase_if(seeks, [&](const SeekRow& s) {
        return std::ranges::any_of(made, [&](const AccountGameRow& g) {
            return g.seek_id == s.id || g.second_seek_id == s.id;
        });
    });
    return made;
}

void QuickPairing::pair_pool_of(const QuickPool& pool, const std::vector<SeekRow>& seeks,
                                std::vector<std::string>& accounts,
                                std::vector<AccountGameRow>& made) {
    std::vector<const SeekRow*> rows;
    std::vector<PoolEntry> waiting;
    for (const SeekRow& seek : seeks) {
        if (seek.quick != pool.key) continue;
        rows.push_back(&seek);
        waiting.push_back({seek.id, seek.account_id,
                           seek.seeker_rating ? seek.seeker_rating->rating : rating::kDefaultRating,
                           seek.created_at});
    }
    if (waiting.size() < 2) return;
    for (auto [a, b] : pair_pool(waiting, now_ms(), options_.pool_range)) {
        const SeekRow& first = *rows[a];
        const SeekRow& second = *rows[b];
        if (std::ranges::find(accounts, first.account_id) != accounts.end() ||
            std::ranges::find(accounts, second.account_id) != accounts.end())
            continue;
        AccountGameRow game;
        if (!make_game(first, second, game)) continue;
        made.push_back(std::move(game));
        accounts.push_back(first.account_id);
        accounts.push_back(second.account_id);
    }
}

bool QuickPairing::make_game(const SeekRow& first, const SeekRow& second, AccountGameRow& game) {
    // Random colours (the pools' seeks are all "random").
    const bool first_white = random_hex(1)[0] < '8';
    game.game_id = random_hex(8);
    // Linked to both seeks: every server finds the game of whichever it saw go.
    game.seek_id = first.id;
    game.second_seek_id = second.id;
    game.white_account = first_white ? first.account_id : second.account_id;
    game.black_account = first_white ? second.account_id : first.account_id;
    game.rated = true;
    game.pool = first.pool;
    game.created_at = now_ms();
    try {
        const MadeGame made = seats_.make(game, first);
        if (!store_.pair_seeks(first.id, second.id, made.rows)) return false;
        seats_.hold(made);
        return true;
    } catch (const std::exception& e) {
        if (options_.log)
            options_.log("quick pairing " + first.id + " and " + second.id +
                         " failed: " + e.what());
        return false;
    }
}

}  // namespace chess960::server
