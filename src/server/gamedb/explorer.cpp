#include "gamedb/explorer.hpp"

#include <algorithm>
#include <map>
#include <unordered_set>

#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"

namespace chess960::server::gamedb {

namespace {

bool wanted(const db::ExplorerEntry& e, const ExplorerQuery& q) {
    if (e.result == GameResult::Ongoing) return false;
    switch (q.source) {
        case ExplorerSource::Games:
            if (e.collection != kServerCollection) return false;
            break;
        case ExplorerSource::Imported:
            if (q.collection ? e.collection != *q.collection : e.collection == kServerCollection)
                return false;
            break;
        case ExplorerSource::Player:
            break;
    }
    if (!q.speeds.empty() && std::find(q.speeds.begin(), q.speeds.end(), e.speed) == q.speeds.end())
        return false;
    if (!q.rating_groups.empty() && std::find(q.rating_groups.begin(), q.rating_groups.end(),
                                              db::rating_group(e.rating)) == q.rating_groups.end())
        return false;
    if (q.since_month || q.until_month) {
        if (e.day == 0) return false;
        const db::Date d = db::date_of_day(e.day);
        const int month = d.year * 12 + d.month - 1;
        if (q.since_month && month < *q.since_month) return false;
        if (q.until_month && month > *q.until_month) return false;
    }
    return true;
}

struct Hit {
    std::int64_t game;
    db::ExplorerEntry entry;
};

// The first `n` hits by `before` (a strict order), in order.
template <typename Before>
std::vector<Hit> first(std::vector<Hit> hits, int n, Before before) {
    const std::size_t count = std::min(hits.size(), std::size_t(std::max(n, 0)));
    std::partial_sort(hits.begin(), hits.begin() + std::ptrdiff_t(count), hits.end(), before);
    hits.resize(count);
    return hits;
}

std::vector<ExplorerGame> games_of(GameDbStore& store, const Position& position,
                                   const std::vector<Hit>& hits) {
    std::vector<std::int64_t> ids;
    for (const Hit& h : hits) ids.push_back(h.game);
    std::vector<DbGameRow> rows = store.summaries(ids);
    std::vector<ExplorerGame> out;
    for (const Hit& h : hits) {
        auto row = std::find_if(rows.begin(), rows.end(),
                                [&](const DbGameRow& r) { return r.id == h.game; });
        if (row == rows.end()) continue;
        out.push_back({to_uci(position, h.entry.move, CastlingMode::Chess960), *row});
    }
    return out;
}

}  // namespace

void ExplorerCounts::add(GameResult result) {
    if (result == GameResult::WhiteWins)
        ++white;
    else if (result == GameResult::BlackWins)
        ++black;
    else if (result == GameResult::Draw)
        ++draws;
}

ExplorerAnswer explore(const IndexKeeper& index, GameDbStore& store, const Position& position,
                       const ExplorerQuery& q) {
    std::vector<IndexHit> rows = index.position(std::int64_t(position.key()));
    if (q.source == ExplorerSource::Player) {
        const std::vector<std::int64_t> games = store.player_games(q.player, q.player_white);
        const std::unordered_set<std::int64_t> mine(games.begin(), games.end());
        std::erase_if(rows, [&](const IndexHit& hit) { return !mine.contains(hit.game); });
    }
    ExplorerAnswer answer;
    struct Sum {
        ExplorerCounts counts;
        std::int64_t rating_sum = 0, rated = 0;
    };
    std::map<std::uint16_t, Sum> by_move;
    std::vector<Hit> with_move;
    for (const IndexHit& row : rows) {
        const db::ExplorerEntry e = db::ExplorerEntry::unpack(row.entry);
        if (!wanted(e, q)) continue;
        answer.counts.add(e.result);
        if (e.move == Move::none()) continue;
        Sum& sum = by_move[e.move.raw()];
        sum.counts.add(e.result);
        if (e.rating) {
            sum.rating_sum += e.rating;
            ++sum.rated;
        }
        with_move.push_back({row.game, e});
    }
    for (auto it = by_move.begin(); it != by_move.end();) {
        // A row's move is legal here unless its key collided with another position's.
        if (position.is_legal(Move::from_raw(it->first))) {
            ++it;
            continue;
        }
        std::erase_if(with_move, [&](const Hit& h) { return h.entry.move.raw() == it->first; });
        it = by_move.erase(it);
    }
    for (const auto& [raw, sum] : by_move) {
        const Move m = Move::from_raw(raw);
        answer.moves.push_back({m, to_uci(position, m, CastlingMode::Chess960), to_san(position, m),
                                sum.counts, sum.rated ? int(sum.rating_sum / sum.rated) : 0});
    }
    std::sort(answer.moves.begin(), answer.moves.end(),
              [](const ExplorerMove& a, const ExplorerMove& b) {
                  if (a.counts.games() != b.counts.games())
                      return a.counts.games() > b.counts.games();
                  return a.uci < b.uci;
              });
    if (int(answer.moves.size()) > q.moves) answer.moves.resize(std::size_t(std::max(q.moves, 0)));
    answer.top_games =
        games_of(store, position, first(with_move, q.top_games, [](const Hit& a, const Hit& b) {
                     if (a.entry.rating != b.entry.rating) return a.entry.rating > b.entry.rating;
                     return a.game > b.game;
                 }));
    answer.recent_games =
        games_of(store, position, first(with_move, q.recent_games, [](const Hit& a, const Hit& b) {
                     if (a.entry.day != b.entry.day) return a.entry.day > b.entry.day;
                     return a.game > b.game;
                 }));
    return answer;
}

}  // namespace chess960::server::gamedb
