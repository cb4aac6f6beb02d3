#include "sql_store.hpp"

#include <algorithm>
#include <stdexcept>

#include "kill_points.hpp"

namespace chess960::server {

SqlValues game_values(const GameRow& game) {
    SqlValues values;
    values.text(game.id)
        .text(game.white_token_hash)
        .text(game.black_token_hash)
        .text(game.opponent)
        .optional_number(game.level)
        .optional_text(game.engine_color)
        .optional_number(game.start_number)
        .optional_number(game.start_black_number)
        .text(game.initial_fen)
        .optional_number(game.clock_initial_ms)
        .optional_number(game.clock_increment_ms)
        .number(game.white_ms)
        .number(game.black_ms)
        .optional_text(game.clock_running)
        .number(game.clock_at)
        .optional_text(game.draw_offer)
        .text(game.result)
        .optional_text(game.termination)
        .number(game.plies)
        .number(game.created_at)
        .number(game.updated_at)
        .optional_text(game.takeback)
        .optional_text(game.event_id)
        .optional_number(game.clock_per_move_ms);
    return values;
}

GameRow read_game(const SqlRow& row) {
    GameRow g;
    g.id = row.text(0);
    g.white_token_hash = row.text(1);
    g.black_token_hash = row.text(2);
    g.opponent = row.text(3);
    g.level = row.optional_integer(4);
    g.engine_color = row.optional_text(5);
    g.start_number = row.optional_integer(6);
    g.start_black_number = row.optional_integer(7);
    g.initial_fen = row.text(8);
    g.clock_initial_ms = row.optional_number(9);
    g.clock_increment_ms = row.optional_number(10);
    g.white_ms = row.number(11);
    g.black_ms = row.number(12);
    g.clock_running = row.optional_text(13);
    g.clock_at = row.number(14);
    g.draw_offer = row.optional_text(15);
    g.result = row.text(16);
    g.termination = row.optional_text(17);
    g.plies = row.integer(18);
    g.created_at = row.number(19);
    g.updated_at = row.number(20);
    g.takeback = row.optional_text(21);
    g.event_id = row.optional_text(22);
    g.clock_per_move_ms = row.optional_number(23);
    return g;
}

namespace {

// A move without its clock (imports, add_move: the game's row has it), or with the clock of the
// game's row after it (write).
SqlValues move_values(const std::string& game_id, const MoveRow& move,
                      const GameRow* after = nullptr) {
    SqlValues values;
    values.text(game_id).number(move.ply).text(move.uci).text(move.san).text(move.fen).number(
        move.created_at);
    if (after)
        values.number(after->white_ms)
            .number(after->black_ms)
            .optional_text(after->clock_running)
            .number(after->clock_at);
    else
        values.null().null().null().null();
    return values;
}

// The row with its plies set to the move's: add_move and write store the move with it.
SqlValues game_values_at(const GameRow& game, int plies) {
    SqlValues values = game_values(game);
    values.set(kPliesParameter, plies);
    return values;
}

WriteRefusal not_at_ply(const GameChange& change, int ply_before) {
    return WriteRefusal{WriteRefusal::Reason::NotAtPly,
                        "game '" + change.row.id + "' is not stored at ply " +
                            std::to_string(ply_before) + " (no such game, or a change was lost)"};
}

}  // namespace

void SqlStore::insert_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    session_.run(sql_.insert_game, game_values(game), "inserting a game");
}

void SqlStore::update_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    if (session_.run(sql_.update_game, game_values(game), "updating a game") != 1)
        throw StoreError(session_.name() + ": cannot update game '" + game.id +
                         "': there is no such game");
}

void SqlStore::add_move(const GameRow& game, const MoveRow& move) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    session_.run(sql_.insert_move, move_values(game.id, move), "inserting a move");
    if (session_.run(sql_.update_game, game_values_at(game, move.ply), "updating a game") != 1)
        throw StoreError(session_.name() + ": cannot add a move to game '" + game.id +
                         "': there is no such game");
    transaction.commit();
}

std::vector<std::optional<WriteRefusal>> SqlStore::write(std::span<const GameChange> changes) {
    std::vector<std::optional<WriteRefusal>> refused(changes.size());
    std::vector<std::string> changed_games;
    std::lock_guard lock(mutex_);
    std::optional<KillScope> scope;
    if (std::ranges::any_of(changes, [](const GameChange& c) { return !c.row.in_play(); }))
        scope.emplace("end_game");
    SqlTransaction transaction(session_);
    begin_changes(changes);
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const GameChange& change = changes[i];
        refused[i] = claim(change);
        if (refused[i]) continue;
        const int ply_before = change.move            ? change.move->ply - 1
                               : change.takeback_from ? *change.takeback_from
                                                      : change.row.plies;
        int changed = 0;
        if (change.takeback_from) {
            changed = takeback(change) ? 1 : 0;
        } else if (change.move) {
            // The move's own row, only after the stored game's last move.
            changed = session_.run(sql_.insert_move_after,
                                   move_values(change.row.id, *change.move, &change.row),
                                   "inserting a move");
            if (changed == 1 && change.row_changed)
                changed =
                    session_.run(sql_.update_game, game_values_at(change.row, change.move->ply),
                                 "updating a game");
        } else {
            SqlValues values = game_values(change.row);
            values.number(ply_before);
            changed = session_.run(sql_.update_game_at_ply, values, "updating a game");
        }
        if (changed != 1)
            refused[i] = not_at_ply(change, ply_before);
        else
            changed_games.push_back(change.row.id);
    }
    // A game that ends here changes its players' ratings in the same transaction (an account
    // game's: others have none), so that whatever stops the server, a game over is settled.
    if (rater_)
        for (std::size_t i = 0; i < changes.size(); ++i)
            if (!refused[i] && !changes[i].row.in_play())
                settle_game(session_, settlement_, changes[i].row.id, rater_);
    changes_saved(changed_games);
    transaction.commit();
    return refused;
}

// The row (at its plies, the ply the takeback goes back to) only if the stored game is at
// takeback_from, then the moves after it: in the caller's transaction, so both or neither.
bool SqlStore::takeback(const GameChange& change) {
    SqlValues values = game_values(change.row);
    values.number(*change.takeback_from);
    if (session_.run(sql_.update_game_at_ply, values, "taking back moves") != 1) return false;
    session_.run(sql_.delete_moves_after, SqlValues().text(change.row.id).number(change.row.plies),
                 "taking back moves");
    return true;
}

// plies comes from the moves, as add_move would have left it (the row's own value when a game
// comes without moves).
void SqlStore::import_games(const std::vector<StoredGame>& games) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    for (const StoredGame& stored : games) {
        session_.run(sql_.insert_game,
                     stored.moves.empty() ? game_values(stored.game)
                                          : game_values_at(stored.game, stored.moves.back().ply),
                     "importing a game");
        for (const MoveRow& move : stored.moves)
            session_.run(sql_.insert_move, move_values(stored.game.id, move), "importing a move");
    }
    transaction.commit();
}

std::vector<MoveRow> SqlStore::moves_of(const std::string& id) {
    return query_all(
        session_, sql_.select_moves, SqlValues().text(id), "reading moves", [](const SqlRow& row) {
            return MoveRow{row.integer(0),        row.text(1),   row.text(2),
                           row.text(3),           row.number(4), row.optional_number(5),
                           row.optional_number(6)};
        });
}

// Moves stored by write() carry the clock after them and leave the game's row as it was: the
// last one, when newer than the row, is the game's state.
void SqlStore::fold_last_move(GameRow& game) {
    session_.query(sql_.select_last_move, SqlValues().text(game.id), "reading a game's last move",
                   [&](const SqlRow& row) {
                       const int ply = row.integer(0);
                       if (ply <= game.plies || row.is_null(5)) return;
                       game.plies = ply;
                       game.updated_at = row.number(1);
                       game.white_ms = row.number(2);
                       game.black_ms = row.number(3);
                       game.clock_running = row.optional_text(4);
                       game.clock_at = row.number(5);
                   });
}

std::vector<StoredGame> SqlStore::load_in_play() {
    std::lock_guard lock(mutex_);
    SqlTransaction snapshot(session_, SqlTransactionKind::read);
    std::vector<StoredGame> games = query_all(session_, sql_.select_in_play, {},
                                              "reading the games in play", [](const SqlRow& row) {
                                                  return StoredGame{read_game(row), {}};
                                              });
    for (StoredGame& stored : games) {
        stored.moves = moves_of(stored.game.id);
        fold_last_move(stored.game);
    }
    snapshot.commit();
    return games;
}

std::optional<StoredGame> SqlStore::load_game(const std::string& id) {
    std::lock_guard lock(mutex_);
    SqlTransaction snapshot(session_, SqlTransactionKind::read);
    std::optional<StoredGame> stored = query_first(session_, sql_.select_game, SqlValues().text(id),
                                                   "reading a game", [](const SqlRow& row) {
                                                       return StoredGame{read_game(row), {}};
                                                   });
    if (!stored) return std::nullopt;
    stored->moves = moves_of(id);
    fold_last_move(stored->game);
    snapshot.commit();
    return stored;
}

std::vector<GameRow> SqlStore::recent_games(int limit) {
    // SQLite reads a negative LIMIT as "no limit": the whole table.
    if (limit < 0)
        throw std::invalid_argument("recent_games: a negative limit (" + std::to_string(limit) +
                                    ")");
    std::lock_guard lock(mutex_);
    SqlTransaction snapshot(session_, SqlTransactionKind::read);
    std::vector<GameRow> games =
        query_all(session_, sql_.select_recent, SqlValues().number(limit),
                  "reading the recent games", [](const SqlRow& row) { return read_game(row); });
    for (GameRow& game : games) fold_last_move(game);
    snapshot.commit();
    return games;
}

int SqlStore::event_games_in_play(const std::string& event_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.count_event_games_in_play, SqlValues().text(event_id),
                       "counting an event's games in play",
                       [](const SqlRow& row) { return row.integer(0); })
        .value_or(0);
}

}  // namespace chess960::server
