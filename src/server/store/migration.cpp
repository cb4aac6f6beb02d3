#include "store/migration.hpp"

#include <climits>
#include <string>
#include <vector>

namespace chess960::server {

namespace {

// The first column of `a` that differs from `b`'s, or "" when none does.
const char* differing_column(const GameRow& a, const GameRow& b) {
    if (a.id != b.id) return "id";
    if (a.white_token_hash != b.white_token_hash) return "white_token_hash";
    if (a.black_token_hash != b.black_token_hash) return "black_token_hash";
    if (a.opponent != b.opponent) return "opponent";
    if (a.level != b.level) return "level";
    if (a.engine_color != b.engine_color) return "engine_color";
    if (a.start_number != b.start_number) return "start_number";
    if (a.start_black_number != b.start_black_number) return "start_black_number";
    if (a.initial_fen != b.initial_fen) return "initial_fen";
    if (a.clock_initial_ms != b.clock_initial_ms) return "clock_initial_ms";
    if (a.clock_increment_ms != b.clock_increment_ms) return "clock_increment_ms";
    if (a.white_ms != b.white_ms) return "white_ms";
    if (a.black_ms != b.black_ms) return "black_ms";
    if (a.clock_running != b.clock_running) return "clock_running";
    if (a.clock_at != b.clock_at) return "clock_at";
    if (a.draw_offer != b.draw_offer) return "draw_offer";
    if (a.takeback != b.takeback) return "takeback";
    if (a.event_id != b.event_id) return "event_id";
    if (a.clock_per_move_ms != b.clock_per_move_ms) return "clock_per_move_ms";
    if (a.result != b.result) return "result";
    if (a.termination != b.termination) return "termination";
    if (a.plies != b.plies) return "plies";
    if (a.created_at != b.created_at) return "created_at";
    if (a.updated_at != b.updated_at) return "updated_at";
    return "";
}

const char* differing_column(const MoveRow& a, const MoveRow& b) {
    if (a.ply != b.ply) return "ply";
    if (a.uci != b.uci) return "uci";
    if (a.san != b.san) return "san";
    if (a.fen != b.fen) return "fen";
    if (a.created_at != b.created_at) return "created_at";
    return "";
}

// Throws when the copy of a game differs from its original.
void check_copy(const StoredGame& original, const std::optional<StoredGame>& copy) {
    const std::string& id = original.game.id;
    auto differs = [&](const std::string& what) {
        throw StoreError("game '" + id + "' differs after the copy: " + what +
                         ". Nothing was removed from the source; empty the target and migrate "
                         "again.");
    };
    if (!copy) differs("it is missing from the target");
    if (const char* column = differing_column(original.game, copy->game); *column)
        differs(std::string("its ") + column);
    if (original.moves.size() != copy->moves.size())
        differs(std::to_string(copy->moves.size()) + " moves instead of " +
                std::to_string(original.moves.size()));
    for (std::size_t i = 0; i < original.moves.size(); ++i)
        if (const char* column = differing_column(original.moves[i], copy->moves[i]); *column)
            differs("move " + std::to_string(i + 1) + "'s " + column);
}

}  // namespace

MigrationReport migrate_games(
    Store& from, Store& to,
    std::function<void(const char* step, std::size_t done, std::size_t total)> progress,
    std::size_t batch) {
    if (!to.recent_games(1).empty())
        throw StoreError("the target database holds games already: migrate into an empty one");
    // Every game's id, from the index of the recent games.
    std::vector<std::string> ids;
    for (const GameRow& row : from.recent_games(INT_MAX)) ids.push_back(row.id);
    const std::size_t total = ids.size();
    MigrationReport report;
    std::vector<StoredGame> games;
    for (std::size_t begin = 0; begin < total; begin += batch) {
        games.clear();
        for (std::size_t i = begin; i < std::min(total, begin + batch); ++i) {
            auto stored = from.load_game(ids[i]);
            if (!stored) continue;  // gone since the list was read
            report.moves += stored->moves.size();
            games.push_back(std::move(*stored));
        }
        to.import_games(games);
        report.games += games.size();
        if (progress) progress("copied", begin + games.size(), total);
    }
    check_migration(from, to, progress);
    return report;
}

// Reads both sides again: what the target holds, not what was sent to it.
std::size_t check_migration(
    Store& from, Store& to,
    std::function<void(const char* step, std::size_t done, std::size_t total)> progress) {
    constexpr std::size_t kProgressEvery = 500;
    std::vector<std::string> ids;
    for (const GameRow& row : from.recent_games(INT_MAX)) ids.push_back(row.id);
    std::size_t checked = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        auto original = from.load_game(ids[i]);
        if (!original) continue;
        check_copy(*original, to.load_game(ids[i]));
        ++checked;
        if (progress && ((i + 1) % kProgressEvery == 0 || i + 1 == ids.size()))
            progress("checked", i + 1, ids.size());
    }
    return checked;
}

}  // namespace chess960::server
