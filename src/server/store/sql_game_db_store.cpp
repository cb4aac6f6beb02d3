#include "sql_game_db_store.hpp"

#include <algorithm>

#include "kill_points.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

// A game's columns after its id, in the order of the insert's parameters.
#define CHESS960_DB_GAME_COLUMNS                                                               \
    "hash, collection, game_id, start_number, start_black_number, initial_fen, white, black, " \
    "white_elo, black_elo, rating, result, speed, rated, date, event, site, round, "           \
    "time_control, plies, moves, tags"

// A game's summary: its row without moves and tags, the names read.
constexpr const char* kSummary =
    "SELECT g.id, g.hash, g.collection, g.game_id, g.start_number, g.start_black_number, "
    "g.initial_fen, w.name, b.name, g.white_elo, g.black_elo, g.rating, g.result, g.speed, "
    "g.rated, g.date, e.name, g.site, g.round, g.time_control, g.plies FROM db_games g "
    "JOIN db_names w ON w.id = g.white JOIN db_names b ON b.id = g.black "
    "JOIN db_names e ON e.id = g.event";

DbGameRow read_summary(const SqlRow& row) {
    DbGameRow g;
    g.id = row.number(0);
    g.hash = row.number(1);
    g.collection = row.integer(2);
    g.game_id = row.optional_text(3);
    g.start_number = row.optional_integer(4);
    g.start_black_number = row.optional_integer(5);
    g.initial_fen = row.optional_text(6);
    g.white = row.text(7);
    g.black = row.text(8);
    g.white_elo = row.integer(9);
    g.black_elo = row.integer(10);
    g.rating = row.integer(11);
    g.result = row.integer(12);
    g.speed = row.integer(13);
    g.rated = row.number(14) != 0;
    g.date = row.integer(15);
    g.event = row.text(16);
    g.site = row.text(17);
    g.round = row.text(18);
    g.time_control = row.text(19);
    g.plies = row.integer(20);
    return g;
}

DbCollection read_collection(const SqlRow& row) {
    return {row.integer(0), row.text(1), row.number(2) != 0};
}

constexpr std::size_t kMaxCachedNames = 1 << 18;
constexpr int kGameColumns = 22;

// An insert of `games` games in one statement, answering the id and hash of each one added.
std::string games_insert(std::size_t games) {
    std::string sql = "INSERT INTO db_games(" CHESS960_DB_GAME_COLUMNS ") VALUES";
    for (std::size_t g = 0; g < games; ++g) {
        sql += g ? ", (" : " (";
        for (int c = 0; c < kGameColumns; ++c)
            sql += (c ? ", ?" : "?") + std::to_string(int(g) * kGameColumns + c + 1);
        sql += ")";
    }
    return sql + " ON CONFLICT(hash) DO NOTHING RETURNING id, hash";
}

}  // namespace

GameDbStatements::GameDbStatements(char m)
    : insert_name(
          with_marks("INSERT INTO db_names(name) VALUES(?1) ON CONFLICT(name) DO NOTHING", m)),
      select_name(with_marks("SELECT id FROM db_names WHERE name = ?1", m)),
      insert_collection(with_marks("INSERT INTO db_collections(name, masters) VALUES(?1, ?2) "
                                   "ON CONFLICT(name) DO NOTHING",
                                   m)),
      select_collection(
          with_marks("SELECT id, name, masters FROM db_collections WHERE name = ?1", m)),
      select_collections("SELECT id, name, masters FROM db_collections ORDER BY id"),
      insert_games(with_marks(games_insert(kGamesPerInsert), m)),
      add_start_count(
          with_marks("INSERT INTO db_start_counts(collection, start_number, result, games) "
                     "VALUES(?1, ?2, ?3, ?4) ON CONFLICT(collection, start_number, result) "
                     "DO UPDATE SET games = db_start_counts.games + excluded.games",
                     m)),
      select_summary(with_marks(std::string(kSummary) + " WHERE g.id = ?1", m)),
      select_game(with_marks("SELECT moves, tags FROM db_games WHERE id = ?1", m)),
      select_start_counts("SELECT collection, start_number, result, games FROM db_start_counts"),
      select_games_after(with_marks("SELECT id, collection, start_number, start_black_number, "
                                    "initial_fen, result, speed, rating, date, plies, moves FROM "
                                    "db_games WHERE id > ?1 ORDER BY id LIMIT ?2",
                                    m)),
      select_white_games(with_marks("SELECT g.id FROM db_games g JOIN db_names n ON n.id = g.white "
                                    "WHERE n.name = ?1",
                                    m)),
      select_black_games(with_marks("SELECT g.id FROM db_games g JOIN db_names n ON n.id = g.black "
                                    "WHERE n.name = ?1",
                                    m)),
      mark(m) {}

std::string GameDbStatements::insert_games_text(int games) const {
    return with_marks(games_insert(std::size_t(games)), mark);
}

std::string GameDbStatements::id_in_list(int n) const {
    const std::string p = std::string(1, mark) + std::to_string(n);
    return mark == '?' ? "g.id IN (SELECT value FROM json_each(" + p + "))"
                       : "g.id = ANY(CAST(" + p + " AS BIGINT[]))";
}

std::optional<std::int64_t> SqlGameDbStore::find_name(const std::string& name) {
    if (auto it = names_.find(name); it != names_.end()) return it->second;
    return query_first(session_, sql_.select_name.c_str(), SqlValues().text(name), "reading a name",
                       [](const SqlRow& row) { return row.number(0); });
}

std::int64_t SqlGameDbStore::name_id(const std::string& name) {
    if (auto id = find_name(name)) return *id;
    session_.run(sql_.insert_name.c_str(), SqlValues().text(name), "storing a name");
    auto id = query_first(session_, sql_.select_name.c_str(), SqlValues().text(name),
                          "reading a name", [](const SqlRow& row) { return row.number(0); });
    if (!id) throw StoreError(session_.name() + ": the name '" + name + "' was not stored");
    return *id;
}

DbCollection SqlGameDbStore::collection(const std::string& name, bool masters) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    session_.run(sql_.insert_collection.c_str(), SqlValues().text(name).boolean(masters),
                 "storing a collection");
    auto found = query_first(session_, sql_.select_collection.c_str(), SqlValues().text(name),
                             "reading a collection", read_collection);
    if (!found)
        throw StoreError(session_.name() + ": the collection '" + name + "' was not stored");
    transaction.commit();
    return *found;
}

std::optional<DbCollection> SqlGameDbStore::find_collection(const std::string& name) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_collection.c_str(), SqlValues().text(name),
                       "reading a collection", read_collection);
}

std::vector<DbCollection> SqlGameDbStore::collections() {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_collections.c_str(), SqlValues(),
                     "reading the collections", read_collection);
}

int SqlGameDbStore::add_games(std::vector<DbNewGame>& games) {
    std::lock_guard lock(mutex_);
    const KillScope scope("add_games");
    if (names_.size() > kMaxCachedNames) names_.clear();
    // Names new in this transaction join the cache once it commits.
    std::unordered_map<std::string, std::int64_t> added_names;
    auto id_of = [&](const std::string& name) {
        if (auto it = added_names.find(name); it != added_names.end()) return it->second;
        const std::int64_t id = name_id(name);
        if (!names_.contains(name)) added_names.emplace(name, id);
        return id;
    };
    // The start positions' counts, summed over the batch.
    std::vector<DbStartCount> counts;
    int added = 0;
    SqlTransaction transaction(session_);
    // kGamesPerInsert games a statement (one round trip to PostgreSQL for them all); the hashes
    // it answers are those of the games added, the others were there.
    for (std::size_t at = 0; at < games.size(); at += GameDbStatements::kGamesPerInsert) {
        const std::size_t n = std::min(games.size() - at, GameDbStatements::kGamesPerInsert);
        SqlValues values;
        for (std::size_t i = at; i < at + n; ++i) {
            DbGameRow& g = games[i].game;
            g.id = 0;
            values.number(g.hash)
                .number(g.collection)
                .optional_text(g.game_id)
                .optional_number(g.start_number)
                .optional_number(g.start_black_number)
                .optional_text(g.initial_fen)
                .number(id_of(g.white))
                .number(id_of(g.black))
                .number(g.white_elo)
                .number(g.black_elo)
                .number(g.rating)
                .number(g.result)
                .number(g.speed)
                .boolean(g.rated)
                .number(g.date)
                .number(id_of(g.event))
                .text(g.site)
                .text(g.round)
                .text(g.time_control)
                .number(g.plies)
                .blob(g.moves)
                .text(g.tags);
        }
        const std::string partial =
            n == GameDbStatements::kGamesPerInsert ? std::string() : sql_.insert_games_text(int(n));
        const auto rows = query_all(
            session_, partial.empty() ? sql_.insert_games.c_str() : partial.c_str(), values,
            "storing games", [](const SqlRow& row) {
                return std::pair<std::int64_t, std::int64_t>(row.number(1), row.number(0));
            });
        const std::unordered_map<std::int64_t, std::int64_t> ids(rows.begin(), rows.end());
        for (std::size_t i = at; i < at + n; ++i) {
            DbGameRow& g = games[i].game;
            auto id = ids.find(g.hash);
            // There already, or the same game earlier in this batch (which took the id).
            if (id == ids.end() ||
                std::any_of(games.begin() + std::ptrdiff_t(at), games.begin() + std::ptrdiff_t(i),
                            [&](const DbNewGame& e) { return e.game.id == id->second; }))
                continue;
            g.id = id->second;
            ++added;
            if (g.start_number && !g.initial_fen) {
                auto same = std::find_if(counts.begin(), counts.end(), [&](const DbStartCount& c) {
                    return c.collection == g.collection && c.start_number == *g.start_number &&
                           c.result == g.result;
                });
                if (same == counts.end())
                    counts.push_back({g.collection, *g.start_number, g.result, 1});
                else
                    ++same->games;
            }
        }
    }
    for (const DbStartCount& c : counts)
        session_.run(sql_.add_start_count.c_str(),
                     SqlValues()
                         .number(c.collection)
                         .number(c.start_number)
                         .number(c.result)
                         .number(c.games),
                     "counting the start positions' games");
    transaction.commit();
    names_.merge(added_names);
    return added;
}

std::vector<DbGameRow> SqlGameDbStore::games_after(std::int64_t id, int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_games_after.c_str(),
                     SqlValues().number(id).number(limit), "reading games to index",
                     [](const SqlRow& row) {
                         DbGameRow g;
                         g.id = row.number(0);
                         g.collection = row.integer(1);
                         g.start_number = row.optional_integer(2);
                         g.start_black_number = row.optional_integer(3);
                         g.initial_fen = row.optional_text(4);
                         g.result = row.integer(5);
                         g.speed = row.integer(6);
                         g.rating = row.integer(7);
                         g.date = row.integer(8);
                         g.plies = row.integer(9);
                         g.moves = row.blob(10);
                         return g;
                     });
}

std::vector<std::int64_t> SqlGameDbStore::player_games(const std::string& player, bool white) {
    std::lock_guard lock(mutex_);
    return query_all(session_, (white ? sql_.select_white_games : sql_.select_black_games).c_str(),
                     SqlValues().text(player), "reading a player's games",
                     [](const SqlRow& row) { return row.number(0); });
}

std::vector<DbGameRow> SqlGameDbStore::summaries(const std::vector<std::int64_t>& ids) {
    std::lock_guard lock(mutex_);
    std::vector<DbGameRow> out;
    out.reserve(ids.size());
    for (std::int64_t id : ids)
        if (auto g = query_first(session_, sql_.select_summary.c_str(), SqlValues().number(id),
                                 "reading a game", read_summary))
            out.push_back(std::move(*g));
    return out;
}

std::optional<DbGameRow> SqlGameDbStore::game(std::int64_t id) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_, SqlTransactionKind::read);
    auto g = query_first(session_, sql_.select_summary.c_str(), SqlValues().number(id),
                         "reading a game", read_summary);
    if (!g) return std::nullopt;
    session_.query(sql_.select_game.c_str(), SqlValues().number(id), "reading a game's moves",
                   [&](const SqlRow& row) {
                       g->moves = row.blob(0);
                       g->tags = row.text(1);
                   });
    transaction.commit();
    return g;
}

std::vector<DbGameRow> SqlGameDbStore::search(const DbSearch& s) {
    std::string sql = kSummary;
    sql += " WHERE 1 = 1";
    SqlValues values;
    int n = 0;
    // The next parameter's mark; its value is pushed in the same order.
    auto param = [&] { return std::string(1, sql_.mark) + std::to_string(++n); };
    auto name_param = [&] { return "(SELECT id FROM db_names WHERE name = " + param() + ")"; };
    if (s.start_number) {
        sql += " AND g.start_number = " + param() + " AND g.initial_fen IS NULL";
        values.number(*s.start_number);
    }
    if (s.player) {
        values.text(*s.player);
        if (s.player_white) {
            sql +=
                std::string(*s.player_white ? " AND g.white = " : " AND g.black = ") + name_param();
        } else {
            const std::string white = name_param();
            values.text(*s.player);
            sql += " AND (g.white = " + white + " OR g.black = " + name_param() + ")";
        }
    }
    auto number = [&](const char* condition, std::optional<std::int64_t> value) {
        if (!value) return;
        sql += std::string(" AND ") + condition + param();
        values.number(*value);
    };
    number("g.result = ", s.result);
    number("g.speed = ", s.speed);
    if (s.rated) number("g.rated = ", *s.rated ? 1 : 0);
    number("g.date >= ", s.since);
    if (s.until) {
        sql += " AND g.date <= " + param() + " AND g.date > 0";
        values.number(*s.until);
    }
    number("g.rating >= ", s.min_rating);
    if (s.max_rating) {
        sql += " AND g.rating <= " + param() + " AND g.rating > 0";
        values.number(*s.max_rating);
    }
    if (s.event) {
        values.text(*s.event);
        sql += " AND g.event = " + name_param();
    }
    number("g.collection = ", s.collection);
    if (s.among) {
        std::vector<std::string> ids;
        ids.reserve(s.among->size());
        for (std::int64_t id : *s.among) ids.push_back(std::to_string(id));
        sql += " AND " + sql_.id_in_list(++n);
        values.texts(std::move(ids));
    }
    number("g.id < ", s.before);
    sql += " ORDER BY g.id DESC LIMIT " + param();
    values.number(std::max(0, s.max));
    std::lock_guard lock(mutex_);
    return query_all(session_, sql.c_str(), values, "searching the games", read_summary);
}

std::vector<DbStartCount> SqlGameDbStore::start_counts() {
    std::lock_guard lock(mutex_);
    return query_all(
        session_, sql_.select_start_counts.c_str(), SqlValues(),
        "reading the start positions' games", [](const SqlRow& row) {
            return DbStartCount{row.integer(0), row.integer(1), row.integer(2), row.number(3)};
        });
}

}  // namespace chess960::server
