#include "gamedb/index_keeper.hpp"

#include <algorithm>
#include <utility>

#include "chess960/db/game_index.hpp"
#include "chess960/db/move_code.hpp"
#include "gamedb/db_game.hpp"

namespace chess960::server::gamedb {

namespace {

constexpr int kGamesPerRead = 2000;

}  // namespace

IndexKeeper::IndexKeeper(GameDbStore& store, std::unique_ptr<ExplorerIndex> index)
    : store_(store), index_(std::move(index)) {}

bool IndexKeeper::masters(int collection) {
    if (collection == kServerCollection) return false;
    auto known = masters_.find(collection);
    if (known == masters_.end()) {
        for (const DbCollection& c : store_.collections()) masters_[c.id] = c.masters;
        known = masters_.find(collection);
        if (known == masters_.end()) return false;
    }
    return known->second;
}

long IndexKeeper::catch_up() {
    std::lock_guard lock(mutex_);
    std::int64_t from = index_->indexed_to();
    if (store_.ids_may_appear_late()) from = std::max<std::int64_t>(0, from - kLateWindow);
    long indexed = 0;
    for (;;) {
        const std::vector<DbGameRow> games = store_.games_after(from, kGamesPerRead);
        if (games.empty()) break;
        std::vector<IndexRow> rows;
        for (const DbGameRow& g : games) {
            if (g.result == 0) continue;
            const bool whole = masters(g.collection);
            auto start = start_of(g);
            // A row whose moves do not decode (damaged) is left out of the explorer.
            if (!start) continue;
            const int want = whole ? g.plies : std::min(g.plies, db::kIndexedPlies + 1);
            auto moves = stored_moves(g, *start, want);
            if (!moves) continue;
            for (const DbIndexRow& row : index_rows(g, *start, *moves, whole))
                rows.push_back({row.key, g.id, row.entry});
        }
        from = games.back().id;
        index_->add(std::move(rows), std::max(from, index_->indexed_to()));
        indexed += long(games.size());
    }
    return indexed;
}

void IndexKeeper::added(const std::vector<DbNewGame>& games) {
    std::vector<std::int64_t> ids;
    for (const DbNewGame& g : games)
        if (g.game.id) ids.push_back(g.game.id);
    if (ids.empty()) return;
    {
        std::lock_guard lock(mutex_);
        // The rows made when the games were read, if they follow the index's mark with nothing
        // between (SQLite, one writer: the usual case of an import or a server's game).
        bool follows = !store_.ids_may_appear_late() && index_->indexed_to() == ids.front() - 1;
        for (std::size_t i = 1; follows && i < ids.size(); ++i) follows = ids[i] == ids[i - 1] + 1;
        if (follows) {
            std::vector<IndexRow> rows;
            for (const DbNewGame& g : games)
                if (g.game.id)
                    for (const DbIndexRow& row : g.index)
                        rows.push_back({row.key, g.game.id, row.entry});
            index_->add(std::move(rows), ids.back());
            return;
        }
    }
    catch_up();
}

}  // namespace chess960::server::gamedb
