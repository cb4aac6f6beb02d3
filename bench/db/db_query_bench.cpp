// db_query_bench: the game database's explorer and search latency (issue 42: p99 under 10 ms on a
// database of 1,000,000 games). Opens a database made by `chess960 db import` (its SQLite file
// and explorer index) and asks, in this process (no HTTP), the explorer of positions sampled as
// players ask them: a third the start positions of random games (the largest trees), the rest
// positions at a random ply within the first 50 of random games; then searches by start
// position, by player and colour and by a position reached. Prints p50, p90, p99 and the maximum
// of each kind.
//
// usage: db_query_bench --db PATH|postgresql://... [--explorer DIR] [--queries N] [--seed S]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "chess960/db/move_code.hpp"
#include "gamedb/db_game.hpp"
#include "gamedb/explorer.hpp"
#include "gamedb/index_keeper.hpp"
#include "store/explorer_index.hpp"
#include "store/open.hpp"

using namespace chess960;
using namespace chess960::server;

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

void report(const char* what, std::vector<double> ms) {
    if (ms.empty()) return;
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) {
        return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size())))];
    };
    std::printf("%-28s %6zu queries  p50 %7.3f ms  p90 %7.3f ms  p99 %7.3f ms  max %7.3f ms\n",
                what, ms.size(), at(0.50), at(0.90), at(0.99), ms.back());
}

}  // namespace

int main(int argc, char** argv) {
    std::string db, explorer;
    int queries = 2000;
    unsigned seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--db"))
            db = argv[i + 1];
        else if (!std::strcmp(argv[i], "--explorer"))
            explorer = argv[i + 1];
        else if (!std::strcmp(argv[i], "--queries"))
            queries = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seed"))
            seed = unsigned(std::atoi(argv[i + 1]));
    }
    if (db.empty()) {
        std::fprintf(stderr,
                     "usage: db_query_bench --db PATH [--explorer DIR] [--queries N] [--seed S]\n");
        return 2;
    }
    try {
        const auto games = open_store(db);
        const auto store = open_game_db_store(db);
        // On PostgreSQL without --explorer: a copy of its own made from the database, as a
        // server of the cluster makes one at its start (how long that takes is said).
        const bool temporary = explorer.empty() && is_postgres_uri(db);
        std::string dir = explorer;
        if (temporary)
            dir = temporary_explorer_dir();
        else if (dir.empty())
            dir = default_explorer_dir(db);
        gamedb::IndexKeeper index(*store, std::make_unique<ExplorerIndex>(dir, temporary));
        const auto caught = std::chrono::steady_clock::now();
        const long indexed = index.catch_up();
        const double seconds = ms_since(caught) / 1000;
        if (indexed)
            std::printf("index made from the database: %ld games in %.1f s, %.0f games a second\n",
                        indexed, seconds, double(indexed) / std::max(seconds, 1e-9));
        DbSearch newest;
        newest.max = 1;
        const auto last = store->search(newest);
        if (last.empty()) {
            std::fprintf(stderr, "db_query_bench: %s holds no games\n", db.c_str());
            return 1;
        }
        const std::int64_t max_id = last[0].id;
        std::mt19937_64 rng(seed);
        std::vector<Position> roots, inner;
        std::vector<std::string> players;
        while (int(roots.size() + inner.size()) < queries) {
            const auto picked = store->games_after(std::int64_t(rng() % std::uint64_t(max_id)), 1);
            if (picked.empty()) continue;
            const DbGameRow& g = picked[0];
            auto start = gamedb::start_of(g);
            if (!start) continue;
            const int plies = std::min(g.plies, 50);
            auto moves = gamedb::stored_moves(g, *start, plies);
            if (!moves) continue;
            if ((roots.size() + inner.size()) % 3 == 0 || plies == 0) {
                roots.push_back(*start);
            } else {
                Position pos = *start;
                const int ply = 1 + int(rng() % std::uint64_t(plies));
                for (int p = 0; p < ply; ++p) pos.play((*moves)[std::size_t(p)]);
                inner.push_back(pos);
            }
            if (players.size() < 200) {
                const auto summary = store->summaries({g.id});
                if (!summary.empty()) players.push_back(summary[0].white);
            }
        }
        gamedb::ExplorerQuery q;
        q.source = gamedb::ExplorerSource::Imported;
        std::vector<double> root_ms, inner_ms, all_ms, start_ms, player_ms, reached_ms;
        std::uint64_t games_seen = 0;
        for (const auto* set : {&roots, &inner})
            for (const Position& pos : *set) {
                const auto t = std::chrono::steady_clock::now();
                const auto answer = gamedb::explore(index, *store, pos, q);
                const double ms = ms_since(t);
                games_seen += std::uint64_t(answer.counts.games());
                (set == &roots ? root_ms : inner_ms).push_back(ms);
                all_ms.push_back(ms);
            }
        for (int i = 0; i < 300; ++i) {
            DbSearch s;
            s.start_number = int(rng() % 960);
            auto t = std::chrono::steady_clock::now();
            store->search(s);
            start_ms.push_back(ms_since(t));
            DbSearch p;
            p.player = players[std::size_t(i) % players.size()];
            p.player_white = i % 2 == 0;
            t = std::chrono::steady_clock::now();
            store->search(p);
            player_ms.push_back(ms_since(t));
            // By a position reached: the index's games, then the search among them.
            const Position& pos = inner[std::size_t(i) % inner.size()];
            t = std::chrono::steady_clock::now();
            DbSearch r;
            std::vector<std::int64_t> ids;
            for (const IndexHit& hit : index.position(std::int64_t(pos.key())))
                ids.push_back(hit.game);
            std::sort(ids.begin(), ids.end(), std::greater<>());
            if (ids.size() > 20000) ids.resize(20000);
            r.among = std::move(ids);
            store->search(r);
            reached_ms.push_back(ms_since(t));
        }
        std::printf(
            "db_query_bench: %s, %lld games; %zu start positions and %zu positions within "
            "50 plies of random games (%.0f games a position on average)\n",
            db.c_str(), static_cast<long long>(max_id), roots.size(), inner.size(),
            double(games_seen) / double(roots.size() + inner.size()));
        report("explorer (all)", all_ms);
        report("explorer (start positions)", root_ms);
        report("explorer (within 50 plies)", inner_ms);
        report("search start=N", start_ms);
        report("search player&color", player_ms);
        report("search fen (reached)", reached_ms);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "db_query_bench: %s\n", e.what());
        return 1;
    }
}
