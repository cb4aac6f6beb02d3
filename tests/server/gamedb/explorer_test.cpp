// The explorer (gamedb/explorer.hpp over the index, index_keeper.hpp): its counts equal those
// computed here the plain way, by replaying every game and naming each position by its FEN
// fields (no zobrist key): each game counted once for a position, at its first visit, within
// the first 50 plies; a masters collection's games whole; transpositions meeting. Its filters
// (source, collection, player and colour, speeds, rating groups, months) each remove exactly
// the games they should. The index, lost or behind, is rebuilt from the database alone.
#include <gtest/gtest.h>

#include <set>

#include "chess960/uci_move.hpp"
#include "gamedb/db_game.hpp"
#include "gamedb/explorer.hpp"
#include "gamedb_support.hpp"

using namespace chess960;
using namespace chess960::server;
using namespace chess960::testing;

namespace {

struct Counts {
    long white = 0, draws = 0, black = 0;
    void add(GameResult r) {
        (r == GameResult::WhiteWins ? white : r == GameResult::BlackWins ? black : draws) += 1;
    }
    bool operator==(const Counts&) const = default;
};

// The plain explorer: position text -> totals, and move (UCI) -> counts.
struct Expected {
    std::map<std::string, Counts> totals;
    std::map<std::string, std::map<std::string, Counts>> moves;
    std::map<std::string, Position> positions;
};

Expected expected_of(const std::string& text, int limit) {
    pgn::Reader reader{std::string_view(text)};
    pgn::Replayer replayer;
    reader.read_all(replayer);
    Expected e;
    for (const pgn::GameRecord& game : replayer.games) {
        if (game.result == GameResult::Ongoing) continue;
        std::set<std::string> seen;
        Position pos = game.start;
        const std::size_t plies = game.main.nodes.size();
        const std::size_t indexed = limit < 0 ? plies : std::min(plies, std::size_t(limit));
        for (std::size_t ply = 0; ply <= indexed; ++ply) {
            if (ply == indexed && indexed < plies) break;  // past the limit: not indexed
            const std::string name = position_text(pos);
            if (seen.insert(name).second) {
                e.totals[name].add(game.result);
                e.positions.emplace(name, pos);
                if (ply < plies)
                    e.moves[name][to_uci(pos, game.main.nodes[ply].move, CastlingMode::Chess960)]
                        .add(game.result);
            }
            if (ply < plies) pos.play(game.main.nodes[ply].move);
        }
    }
    return e;
}

void expect_same(const gamedb::IndexKeeper& index, GameDbStore& store, const Expected& e,
                 gamedb::ExplorerQuery q) {
    q.moves = 500;
    long checked = 0;
    for (const auto& [name, totals] : e.totals) {
        const Position& pos = e.positions.at(name);
        const gamedb::ExplorerAnswer a = gamedb::explore(index, store, pos, q);
        ASSERT_EQ((Counts{a.counts.white, a.counts.draws, a.counts.black}), totals) << name;
        const auto& moves =
            e.moves.count(name) ? e.moves.at(name) : std::map<std::string, Counts>{};
        ASSERT_EQ(a.moves.size(), moves.size()) << name;
        for (const gamedb::ExplorerMove& m : a.moves) {
            auto it = moves.find(m.uci);
            ASSERT_NE(it, moves.end()) << name << " " << m.uci;
            ASSERT_EQ((Counts{m.counts.white, m.counts.draws, m.counts.black}), it->second)
                << name << " " << m.uci;
        }
        ++checked;
    }
    EXPECT_GT(checked, 1000);
}

// Random games from random start positions, lichess's tags drawn too; some transpose.
std::string random_games(int count, unsigned seed) {
    std::mt19937 rng(seed);
    std::string text;
    const char* controls[] = {"15+0", "60+0", "180+2", "600+0", "1800+0", "-"};
    for (int g = 0; g < count; ++g) {
        // Few start positions and short games with knight moves: positions meet often.
        Position pos = startpos::position(int(rng() % 4)).value();
        pgn::GameRecord record;
        record.start = pos;
        record.chess960 = true;
        const int plies = 2 + int(rng() % 70);
        for (int p = 0; p < plies; ++p) {
            const MoveList legal = pos.legal_moves();
            if (legal.size() == 0) break;
            std::vector<Move> knights;
            for (Move m : legal)
                if (pos.piece_on(m.from()) != NoPiece && type_of(pos.piece_on(m.from())) == Knight)
                    knights.push_back(m);
            const Move m = !knights.empty() && rng() % 3 ? knights[rng() % knights.size()]
                                                         : legal.begin()[rng() % legal.size()];
            record.main.nodes.push_back(pgn::Node{m, {}, {}, {}});
            pos.play(m);
            if (pos.legal_moves().size() == 0) break;
        }
        static constexpr GameResult kResults[] = {GameResult::WhiteWins, GameResult::BlackWins,
                                                  GameResult::Draw};
        record.result =
            pos.legal_moves().size() == 0
                ? (pos.in_check() ? (pos.side_to_move() == White ? GameResult::BlackWins
                                                                 : GameResult::WhiteWins)
                                  : GameResult::Draw)
                : kResults[rng() % 3];
        record.set_tag("Event", rng() % 2 ? "Rated Chess960 game" : "Casual Chess960 game");
        record.set_tag("White", "w" + std::to_string(rng() % 5));
        record.set_tag("Black", "b" + std::to_string(rng() % 5));
        record.set_tag("Result", record.result == GameResult::WhiteWins   ? "1-0"
                                 : record.result == GameResult::BlackWins ? "0-1"
                                                                          : "1/2-1/2");
        record.set_tag("WhiteElo", std::to_string(900 + rng() % 1800));
        record.set_tag("BlackElo", std::to_string(900 + rng() % 1800));
        record.set_tag("TimeControl", controls[rng() % 6]);
        char date[16];
        std::snprintf(date, sizeof date, "%04d.%02d.%02d", 2023 + int(rng() % 3),
                      1 + int(rng() % 12), 1 + int(rng() % 28));
        record.set_tag("Date", date);
        text += pgn::write_game(record) + "\n";
    }
    return text;
}

}  // namespace

TEST(Explorer, CountsEqualAPlainReplayOfTheRealAndRandomGames) {
    TempDatabase db;
    const std::string real = real_games(), random = random_games(600, 7);
    db.add_pgn(real + random, 1);
    gamedb::ExplorerQuery q;
    q.source = gamedb::ExplorerSource::Imported;
    expect_same(*db.index, *db.store, expected_of(real + random, 50), q);
}

TEST(Explorer, AMastersCollectionIsIndexedWhole) {
    TempDatabase db;
    const std::string real = real_games();
    db.add_pgn(real, db.store->collection("masters", true).id, true);
    gamedb::ExplorerQuery q;
    q.source = gamedb::ExplorerSource::Imported;
    expect_same(*db.index, *db.store, expected_of(real, -1), q);
}

TEST(Explorer, FiltersKeepExactlyTheirGames) {
    TempDatabase db;
    const std::string games = random_games(400, 11);
    const int a = db.store->collection("a", false).id;
    db.add_pgn(games, a);
    const Position root = startpos::position(0).value();
    gamedb::ExplorerQuery all;
    all.source = gamedb::ExplorerSource::Imported;
    const auto total = gamedb::explore(*db.index, *db.store, root, all).counts.games();
    ASSERT_GT(total, 50);
    // The six speeds part the games with a time control.
    long by_speed = 0;
    for (db::Speed s : {db::Speed::UltraBullet, db::Speed::Bullet, db::Speed::Blitz,
                        db::Speed::Rapid, db::Speed::Classical, db::Speed::Correspondence}) {
        gamedb::ExplorerQuery q = all;
        q.speeds = {s};
        by_speed += gamedb::explore(*db.index, *db.store, root, q).counts.games();
    }
    EXPECT_EQ(by_speed, total);
    long by_group = 0;
    for (int g = 0; g < int(db::kRatingGroups.size()); ++g) {
        gamedb::ExplorerQuery q = all;
        q.rating_groups = {g};
        by_group += gamedb::explore(*db.index, *db.store, root, q).counts.games();
    }
    EXPECT_EQ(by_group, total);
    long by_year = 0;
    for (int y = 2023; y <= 2025; ++y) {
        gamedb::ExplorerQuery q = all;
        q.since_month = y * 12;
        q.until_month = y * 12 + 11;
        by_year += gamedb::explore(*db.index, *db.store, root, q).counts.games();
    }
    EXPECT_EQ(by_year, total);
    long by_player = 0;
    for (int p = 0; p < 5; ++p) {
        gamedb::ExplorerQuery q;
        q.source = gamedb::ExplorerSource::Player;
        q.player = "w" + std::to_string(p);
        q.player_white = true;
        by_player += gamedb::explore(*db.index, *db.store, root, q).counts.games();
        q.player_white = false;  // w<n> never plays Black
        EXPECT_EQ(gamedb::explore(*db.index, *db.store, root, q).counts.games(), 0);
    }
    EXPECT_EQ(by_player, total);
    // The server's games are another source, and another collection is not this one.
    gamedb::ExplorerQuery server_games;
    EXPECT_EQ(gamedb::explore(*db.index, *db.store, root, server_games).counts.games(), 0);
    gamedb::ExplorerQuery other = all;
    other.collection = a + 1;
    EXPECT_EQ(gamedb::explore(*db.index, *db.store, root, other).counts.games(), 0);
}

TEST(Explorer, TopAndRecentGamesAreTheHighestRatedAndTheLatest) {
    TempDatabase db;
    db.add_pgn(random_games(300, 5), 1);
    const Position root = startpos::position(1).value();
    gamedb::ExplorerQuery q;
    q.source = gamedb::ExplorerSource::Imported;
    q.top_games = q.recent_games = 15;
    const auto a = gamedb::explore(*db.index, *db.store, root, q);
    ASSERT_EQ(a.top_games.size(), 15u);
    for (std::size_t i = 1; i < a.top_games.size(); ++i)
        EXPECT_GE(a.top_games[i - 1].game.rating, a.top_games[i].game.rating);
    for (std::size_t i = 1; i < a.recent_games.size(); ++i)
        EXPECT_GE(a.recent_games[i - 1].game.date, a.recent_games[i].game.date);
    for (const auto& g : a.top_games)
        EXPECT_TRUE(root.is_legal(parse_uci(root, g.uci, CastlingMode::Chess960).value()));
}

TEST(Explorer, TheIndexIsRebuiltFromTheDatabaseAndAGameIsAddedOnce) {
    TempDatabase db;
    const std::string games = random_games(200, 3);
    EXPECT_EQ(db.add_pgn(games, 1), 200);
    EXPECT_EQ(db.add_pgn(games, 1), 0);  // there already: by content
    const Position root = startpos::position(2).value();
    gamedb::ExplorerQuery q;
    q.source = gamedb::ExplorerSource::Imported;
    const auto before = gamedb::explore(*db.index, *db.store, root, q);
    // The index lost: made again from the database's rows.
    db.index.reset();
    fs::remove_all(db.explorer);
    db.open_index();
    EXPECT_EQ(db.index->catch_up(), 200);
    const auto after = gamedb::explore(*db.index, *db.store, root, q);
    EXPECT_EQ(after.counts.games(), before.counts.games());
    ASSERT_EQ(after.moves.size(), before.moves.size());
    for (std::size_t i = 0; i < after.moves.size(); ++i) {
        EXPECT_EQ(after.moves[i].uci, before.moves[i].uci);
        EXPECT_EQ(after.moves[i].counts.games(), before.moves[i].counts.games());
    }
    // Games another process added (here: not told to this index) are found when it catches up.
    gamedb::DbGameCollector collector({1, false, std::nullopt});
    const std::string more = random_games(50, 99);
    pgn::Reader reader{std::string_view(more)};
    reader.read_all(collector);
    EXPECT_EQ(db.store->add_games(collector.games), 50);
    EXPECT_EQ(db.index->catch_up(), 50);
    EXPECT_EQ(db.index->catch_up(), 0);
}
