// The game store's SQL: the schema migrations and the queries whose plans matter. Kept apart from
// store.cpp so that the tests can ask SQLite for the plan (EXPLAIN QUERY PLAN) of the very text
// the store runs, and can build a database of an older version with that version's own SQL.
#pragma once

#include <iterator>

#include "store/game_columns.hpp"

namespace chess960::server::schema {

// kMigrations[i] takes the schema from version i to i + 1 (PRAGMA user_version). A new database
// runs them all, so a fresh database and a migrated one have the same schema.
inline constexpr const char* kMigrations[] = {
    // Version 1: seat tokens in plain text.
    R"(CREATE TABLE games (
         id TEXT PRIMARY KEY,
         white_token TEXT NOT NULL,
         black_token TEXT NOT NULL,
         opponent TEXT NOT NULL,
         level INTEGER,
         engine_color TEXT,
         start_number INTEGER,
         start_black_number INTEGER,
         initial_fen TEXT NOT NULL,
         clock_initial_ms INTEGER,
         clock_increment_ms INTEGER,
         white_ms INTEGER NOT NULL,
         black_ms INTEGER NOT NULL,
         clock_running TEXT,
         clock_at INTEGER NOT NULL,
         draw_offer TEXT,
         result TEXT NOT NULL,
         termination TEXT,
         created_at INTEGER NOT NULL,
         updated_at INTEGER NOT NULL);
       CREATE INDEX games_updated ON games(updated_at);
       CREATE TABLE moves (
         game_id TEXT NOT NULL REFERENCES games(id),
         ply INTEGER NOT NULL,
         uci TEXT NOT NULL,
         san TEXT NOT NULL,
         fen TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         PRIMARY KEY (game_id, ply)) WITHOUT ROWID;)",

    // Version 2: a seat token is kept only as its SHA-256 (a copy of the database no longer
    // lets anyone play in someone's seat); the old tokens are hashed in place with
    // seat_token_hash(), which the store registers, so the links already handed out keep
    // working. `plies` lets the list of games show a game's length without reading its moves.
    // games_recent answers "the most recently updated games" from the index's end;
    // games_in_play holds only the games still in play, so loading them at start-up does not
    // read the finished ones, however many there are.
    R"(ALTER TABLE games ADD COLUMN white_token_hash TEXT NOT NULL DEFAULT '';
       ALTER TABLE games ADD COLUMN black_token_hash TEXT NOT NULL DEFAULT '';
       UPDATE games SET white_token_hash = seat_token_hash(white_token),
                        black_token_hash = seat_token_hash(black_token);
       ALTER TABLE games DROP COLUMN white_token;
       ALTER TABLE games DROP COLUMN black_token;
       ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
       UPDATE games SET plies = COALESCE(
         (SELECT MAX(ply) FROM moves WHERE moves.game_id = games.id), 0);
       DROP INDEX games_updated;
       CREATE INDEX games_recent ON games(updated_at, id);
       CREATE INDEX games_in_play ON games(created_at, id)
         WHERE result = '*' AND termination IS NULL;)",

    // Version 3: events (docs/event-draw.md, section 3), written by the event store
    // (event_store.cpp). An event keeps its draw's secret until it is closed (the server draws
    // the positions) and its organiser's token only as a SHA-256. A round's numbers are set at
    // its reveal and its games (game_id, chosen when the round is entered) at its start; the
    // seat tokens are derived from the organiser's token, so only their hashes are here.
    // event_rounds_pending holds the rounds whose games have not started: the server's timer
    // reads it at start-up.
    R"(CREATE TABLE events (
         id TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         rounds INTEGER NOT NULL,
         excluded TEXT NOT NULL,
         allow_repeats INTEGER NOT NULL,
         double960 INTEGER NOT NULL,
         clock_initial_ms INTEGER,
         clock_increment_ms INTEGER,
         secret TEXT NOT NULL,
         commitment TEXT NOT NULL,
         organiser_token_hash TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         closed_at INTEGER);
       CREATE TABLE event_rounds (
         event_id TEXT NOT NULL REFERENCES events(id),
         round INTEGER NOT NULL,
         entropy TEXT NOT NULL,
         reveal_at INTEGER NOT NULL,
         start_at INTEGER NOT NULL,
         white_number INTEGER,
         black_number INTEGER,
         revealed_at INTEGER,
         started_at INTEGER,
         created_at INTEGER NOT NULL,
         PRIMARY KEY (event_id, round)) WITHOUT ROWID;
       CREATE INDEX event_rounds_pending ON event_rounds(start_at, event_id)
         WHERE started_at IS NULL;
       CREATE TABLE event_boards (
         event_id TEXT NOT NULL,
         round INTEGER NOT NULL,
         board INTEGER NOT NULL,
         white_name TEXT NOT NULL,
         black_name TEXT NOT NULL,
         white_token_hash TEXT NOT NULL,
         black_token_hash TEXT NOT NULL,
         game_id TEXT NOT NULL,
         PRIMARY KEY (event_id, round, board),
         FOREIGN KEY (event_id, round) REFERENCES event_rounds(event_id, round))
         WITHOUT ROWID;)",

    // Version 4: a move carries the clock after it, so that storing a move writes only its own
    // row (one page, its game's leaf of `moves`) and not the game's row and the games_recent
    // index too (three pages per move before). The game's row is written on the other changes
    // (creation, draw offers, the end) and on a move that changes more than the clock; its
    // plies is then the game's, and a later move's row is newer than it (Store folds the last
    // move's clock into the row it reads). NULL for the moves stored before version 4, whose
    // game row was written with each of them.
    R"(ALTER TABLE moves ADD COLUMN white_ms INTEGER;
       ALTER TABLE moves ADD COLUMN black_ms INTEGER;
       ALTER TABLE moves ADD COLUMN clock_running TEXT;
       ALTER TABLE moves ADD COLUMN clock_at INTEGER;)",

    // Version 5: a standing takeback request ("white" | "black", the seat that asked), as
    // draw_offer is kept: another server sharing the store, or this one after a restart, must
    // see it to let the opponent answer it.
    R"(ALTER TABLE games ADD COLUMN takeback TEXT;)",

    // Version 6: the event a game is a board of (the events' service), or NULL: an event's game
    // has its own rules (OnlineRules::no_show_after, no takebacks) from the moment it is loaded.
    // The boards stored before are found in event_boards.
    R"(ALTER TABLE games ADD COLUMN event_id TEXT;
       UPDATE games SET event_id =
         (SELECT event_id FROM event_boards WHERE event_boards.game_id = games.id);)",

    // Version 7: events the server pairs (FIDE Handbook C.04 Swiss, C.05 round robins) besides
    // the typed ones. An event has a kind ('typed', 'swiss', 'round_robin',
    // 'double_round_robin'), its tie-breaks in order (the pairing library's names, "BH-C1,SB"),
    // and while it takes entries a join link's token (as a SHA-256). event_players are its
    // players by pairing number: particulars, the seat token a player authenticates with (as
    // a SHA-256), the round joined and the points (tenths) given to a late entrant for the
    // rounds missed, and the round after which a player withdrew. event_byes are the byes of a
    // round: asked for ('H' half point, 'Z' zero point) or allocated by the pairing ('U').
    // event_results is the audit list of the results set by the arbiter (a forfeit either way,
    // a double forfeit, a correction): rows are only added, the last of a board's counts, and
    // a board with none has its game's result. A board names its players' numbers (NULL on
    // the typed events' boards, which have names only).
    R"(ALTER TABLE events ADD COLUMN kind TEXT NOT NULL DEFAULT 'typed';
       ALTER TABLE events ADD COLUMN tiebreaks TEXT NOT NULL DEFAULT '';
       ALTER TABLE events ADD COLUMN join_token_hash TEXT;
       ALTER TABLE event_boards ADD COLUMN white_number INTEGER;
       ALTER TABLE event_boards ADD COLUMN black_number INTEGER;
       CREATE TABLE event_players (
         event_id TEXT NOT NULL REFERENCES events(id),
         number INTEGER NOT NULL,
         name TEXT NOT NULL,
         rating INTEGER,
         title TEXT NOT NULL,
         federation TEXT NOT NULL,
         fide_id TEXT NOT NULL,
         token_hash TEXT NOT NULL,
         joined_round INTEGER NOT NULL,
         late_points INTEGER NOT NULL,
         withdrawn_after INTEGER,
         created_at INTEGER NOT NULL,
         updated_at INTEGER NOT NULL,
         PRIMARY KEY (event_id, number)) WITHOUT ROWID;
       CREATE TABLE event_byes (
         event_id TEXT NOT NULL REFERENCES events(id),
         round INTEGER NOT NULL,
         player INTEGER NOT NULL,
         kind TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         PRIMARY KEY (event_id, round, player)) WITHOUT ROWID;
       CREATE TABLE event_results (
         event_id TEXT NOT NULL REFERENCES events(id),
         round INTEGER NOT NULL,
         board INTEGER NOT NULL,
         seq INTEGER NOT NULL,
         result TEXT NOT NULL,
         reason TEXT NOT NULL,
         set_by TEXT NOT NULL,
         set_at INTEGER NOT NULL,
         PRIMARY KEY (event_id, round, board, seq)) WITHOUT ROWID;)",

    // Version 8: accounts (src/server/accounts/). A name is unique by its confusable skeleton
    // (text/names.hpp: name_key), as an event's players are; the password only as libsodium's
    // Argon2id string ($argon2id$...), never the password. A session and an invitation keep
    // their token only as a SHA-256, as the seats do. An invitation is used once (used_at stays
    // when its account is deleted, which empties used_by).
    R"(CREATE TABLE accounts (
         id TEXT PRIMARY KEY,
         name TEXT NOT NULL,
         name_key TEXT NOT NULL UNIQUE,
         password_hash TEXT NOT NULL,
         display_name TEXT NOT NULL,
         language TEXT NOT NULL,
         theme TEXT NOT NULL,
         role TEXT NOT NULL,
         created_at INTEGER NOT NULL);
       CREATE TABLE account_sessions (
         token_hash TEXT PRIMARY KEY,
         account_id TEXT NOT NULL REFERENCES accounts(id),
         created_at INTEGER NOT NULL,
         last_seen_at INTEGER NOT NULL,
         expires_at INTEGER NOT NULL) WITHOUT ROWID;
       CREATE INDEX account_sessions_account ON account_sessions(account_id);
       CREATE TABLE invitations (
         token_hash TEXT PRIMARY KEY,
         created_by TEXT,
         created_at INTEGER NOT NULL,
         used_by TEXT,
         used_at INTEGER) WITHOUT ROWID;)",

    // Version 9: the accounts' play (src/server/lobby/). An account's rating in each pool it has
    // played in (Glicko-2: rating, deviation, volatility after its last rated game); the lobby's
    // seeks (a challenge is a seek to one account: to_account), kept here so that a seek made on
    // one server is accepted on another; the games two accounts play (with the seek that made
    // each, so that every server can tell the seeker), settled once when over (settled_at) with
    // the ratings before and after on each side. A deleted account's ratings and seeks go with
    // it; its games stay, without its id. A game's time for each move (correspondence: days per
    // move; the time a move saves is not carried over), or NULL.
    R"(ALTER TABLE games ADD COLUMN clock_per_move_ms INTEGER;
       CREATE TABLE ratings (
         account_id TEXT NOT NULL REFERENCES accounts(id),
         pool TEXT NOT NULL,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         volatility REAL NOT NULL,
         games INTEGER NOT NULL,
         last_played INTEGER,
         PRIMARY KEY (account_id, pool)) WITHOUT ROWID;
       CREATE TABLE seeks (
         id TEXT PRIMARY KEY,
         account_id TEXT NOT NULL REFERENCES accounts(id),
         rated INTEGER NOT NULL,
         pool TEXT NOT NULL,
         clock_initial_ms INTEGER,
         clock_increment_ms INTEGER,
         days_per_move INTEGER,
         color TEXT NOT NULL,
         start_type TEXT NOT NULL,
         start_number INTEGER,
         start_black INTEGER,
         min_rating INTEGER,
         max_rating INTEGER,
         to_account TEXT REFERENCES accounts(id),
         created_at INTEGER NOT NULL) WITHOUT ROWID;
       CREATE INDEX seeks_account ON seeks(account_id);
       CREATE INDEX seeks_created ON seeks(created_at);
       CREATE INDEX seeks_to ON seeks(to_account);
       CREATE TABLE account_games (
         game_id TEXT PRIMARY KEY,
         seek_id TEXT,
         white_account TEXT REFERENCES accounts(id),
         black_account TEXT REFERENCES accounts(id),
         rated INTEGER NOT NULL,
         pool TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         settled_at INTEGER,
         white_before_rating REAL, white_before_deviation REAL, white_before_volatility REAL,
         white_after_rating REAL, white_after_deviation REAL, white_after_volatility REAL,
         black_before_rating REAL, black_before_deviation REAL, black_before_volatility REAL,
         black_after_rating REAL, black_after_deviation REAL, black_after_volatility REAL)
         WITHOUT ROWID;
       CREATE INDEX account_games_white ON account_games(white_account, created_at);
       CREATE INDEX account_games_black ON account_games(black_account, created_at);
       CREATE INDEX account_games_unsettled ON account_games(created_at)
         WHERE settled_at IS NULL;
       CREATE INDEX account_games_seek ON account_games(seek_id);)",

    // Version 10: the lobby across servers. A seek of a quick-pairing pool (quick: its key, as
    // "5+3"; NULL for the seeks players make), hidden from the list and matched by the lobby;
    // who is online: each server's row, renewed while it runs (lobby_servers.seen_at), and the
    // accounts with a lobby connection to it (lobby_presence), so that an account is online, and
    // keeps its seeks, while any live server has it.
    R"(ALTER TABLE seeks ADD COLUMN quick TEXT;
       CREATE INDEX seeks_quick ON seeks(quick) WHERE quick IS NOT NULL;
       CREATE TABLE lobby_servers (
         server_id TEXT PRIMARY KEY,
         seen_at INTEGER NOT NULL) WITHOUT ROWID;
       CREATE TABLE lobby_presence (
         server_id TEXT NOT NULL,
         account_id TEXT NOT NULL REFERENCES accounts(id),
         PRIMARY KEY (server_id, account_id)) WITHOUT ROWID;
       CREATE INDEX lobby_presence_account ON lobby_presence(account_id);)",

    // Version 11: an event's player may be an account (the organiser names it, or the player
    // joins signed in): the account then acts as the player (its session as the player's
    // token). NULL again once the account is deleted.
    R"(ALTER TABLE event_players ADD COLUMN account_id TEXT REFERENCES accounts(id);
       CREATE INDEX event_players_account ON event_players(account_id)
         WHERE account_id IS NOT NULL;)",

    // Version 12: a quick pairing's game is made of two seeks (the lobby's pools): the second's
    // id, so that every server finds the game of either seek it saw go.
    R"(ALTER TABLE account_games ADD COLUMN second_seek_id TEXT;
       CREATE INDEX account_games_second_seek ON account_games(second_seek_id)
         WHERE second_seek_id IS NOT NULL;)",

    // Version 13: the game database (store/game_db_store.hpp): games finished here or imported,
    // their moves coded (db/move_code.hpp), names and events interned (not sites: lichess's are
    // each game's own URL), and the games of each
    // start position by collection and result. The explorer's index is made from these rows
    // (store/explorer_index.hpp), outside the database.
    R"(CREATE TABLE db_names (
         id INTEGER PRIMARY KEY,
         name TEXT NOT NULL UNIQUE);
       CREATE TABLE db_collections (
         id INTEGER PRIMARY KEY,
         name TEXT NOT NULL UNIQUE,
         masters INTEGER NOT NULL);
       CREATE TABLE db_games (
         id INTEGER PRIMARY KEY,
         hash INTEGER NOT NULL UNIQUE,
         collection INTEGER NOT NULL,
         game_id TEXT,
         start_number INTEGER,
         start_black_number INTEGER,
         initial_fen TEXT,
         white INTEGER NOT NULL,
         black INTEGER NOT NULL,
         white_elo INTEGER NOT NULL,
         black_elo INTEGER NOT NULL,
         rating INTEGER NOT NULL,
         result INTEGER NOT NULL,
         speed INTEGER NOT NULL,
         rated INTEGER NOT NULL,
         date INTEGER NOT NULL,
         event INTEGER NOT NULL,
         site TEXT NOT NULL,
         round TEXT NOT NULL,
         time_control TEXT NOT NULL,
         plies INTEGER NOT NULL,
         moves BLOB NOT NULL,
         tags TEXT NOT NULL);
       CREATE INDEX db_games_white ON db_games(white, id);
       CREATE INDEX db_games_black ON db_games(black, id);
       CREATE INDEX db_games_start ON db_games(start_number, id);
       CREATE INDEX db_games_event ON db_games(event, id);
       CREATE INDEX db_games_game_id ON db_games(game_id) WHERE game_id IS NOT NULL;
       CREATE TABLE db_start_counts (
         collection INTEGER NOT NULL,
         start_number INTEGER NOT NULL,
         result INTEGER NOT NULL,
         games INTEGER NOT NULL,
         PRIMARY KEY (collection, start_number, result)) WITHOUT ROWID;)",

    // Version 14: puzzles (store/puzzle_store.hpp): the games each engine analysed for them
    // (so that a run analyses only what is new), and the puzzles found, each once by its game
    // and ply, with their Glicko-2 rating; the players' puzzle ratings (a pool of their own)
    // and their attempts, each puzzle rated once per player.
    R"(CREATE TABLE puzzle_analyses (
         game INTEGER NOT NULL,
         engine TEXT NOT NULL,
         PRIMARY KEY (game, engine)) WITHOUT ROWID;
       CREATE TABLE puzzles (
         id INTEGER PRIMARY KEY,
         public_id TEXT NOT NULL UNIQUE,
         game INTEGER NOT NULL,
         ply INTEGER NOT NULL,
         fen TEXT NOT NULL,
         moves TEXT NOT NULL,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         volatility REAL NOT NULL,
         plays INTEGER NOT NULL,
         themes TEXT NOT NULL,
         start_number INTEGER,
         engine TEXT NOT NULL,
         UNIQUE (game, ply));
       CREATE INDEX puzzles_rating ON puzzles(rating);
       CREATE TABLE puzzle_players (
         account_id TEXT PRIMARY KEY,
         rating REAL NOT NULL,
         deviation REAL NOT NULL,
         volatility REAL NOT NULL,
         games INTEGER NOT NULL,
         last_played INTEGER);
       CREATE TABLE puzzle_attempts (
         id INTEGER PRIMARY KEY,
         account_id TEXT NOT NULL,
         puzzle INTEGER NOT NULL,
         win INTEGER NOT NULL,
         at INTEGER NOT NULL,
         rating REAL NOT NULL,
         change REAL NOT NULL,
         UNIQUE (account_id, puzzle));
       CREATE INDEX puzzle_attempts_account ON puzzle_attempts(account_id, id);)",
};
inline constexpr int kVersion = int(std::size(kMigrations));

// The WHERE clause must be the partial index's own, word for word, for SQLite to use it.
inline constexpr const char* kSelectInPlay =
    "SELECT " CHESS960_GAME_COLUMNS
    " FROM games WHERE result = '*' AND termination IS NULL ORDER BY created_at, id";
inline constexpr const char* kSelectRecent =
    "SELECT " CHESS960_GAME_COLUMNS " FROM games ORDER BY updated_at DESC, id DESC LIMIT ?1";
inline constexpr const char* kSelectGame =
    "SELECT " CHESS960_GAME_COLUMNS " FROM games WHERE id = ?1";
inline constexpr const char* kSelectMoves =
    "SELECT ply, uci, san, fen, created_at, white_ms, black_ms FROM moves WHERE game_id = ?1 "
    "ORDER BY ply";
inline constexpr const char* kInsertGame =
    "INSERT INTO games(" CHESS960_GAME_COLUMNS
    ") VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
    "?19, ?20, ?21, ?22, ?23, ?24)";
inline constexpr const char* kUpdateGame =
    "UPDATE games SET white_token_hash = ?2, black_token_hash = ?3, opponent = ?4, level = ?5, "
    "engine_color = ?6, start_number = ?7, start_black_number = ?8, initial_fen = ?9, "
    "clock_initial_ms = ?10, clock_increment_ms = ?11, white_ms = ?12, black_ms = ?13, "
    "clock_running = ?14, clock_at = ?15, draw_offer = ?16, result = ?17, termination = ?18, "
    "plies = ?19, created_at = ?20, updated_at = ?21, takeback = ?22, event_id = ?23, "
    "clock_per_move_ms = ?24 WHERE id = ?1";
inline constexpr const char* kInsertMove =
    "INSERT INTO moves(game_id, ply, uci, san, fen, created_at, white_ms, black_ms, clock_running, "
    "clock_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
// The same insert, only if the move follows the stored game: its game is stored and has the
// ply before it (ply 1: none yet; a second move 1 is ignored by the primary key). Both lookups
// read the leaf the move goes to.
inline constexpr const char* kInsertMoveAfter =
    "INSERT OR IGNORE INTO moves(game_id, ply, uci, san, fen, created_at, white_ms, black_ms, "
    "clock_running, clock_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE CASE WHEN ?2 = "
    "1 "
    "THEN EXISTS (SELECT 1 FROM games WHERE id = ?1) ELSE EXISTS (SELECT 1 FROM moves WHERE "
    "game_id = ?1 AND ply = ?2 - 1) END";
// A change other than a move, only if the stored game is at ply ?25 (its last move; the row's
// own plies when it has none): a change that does not follow the stored game changes nothing.
inline constexpr const char* kUpdateGameAtStoredPly =
    "UPDATE games SET white_token_hash = ?2, black_token_hash = ?3, opponent = ?4, level = ?5, "
    "engine_color = ?6, start_number = ?7, start_black_number = ?8, initial_fen = ?9, "
    "clock_initial_ms = ?10, clock_increment_ms = ?11, white_ms = ?12, black_ms = ?13, "
    "clock_running = ?14, clock_at = ?15, draw_offer = ?16, result = ?17, termination = ?18, "
    "plies = ?19, created_at = ?20, updated_at = ?21, takeback = ?22, event_id = ?23, "
    "clock_per_move_ms = ?24 WHERE id = ?1 "
    "AND MAX(plies, COALESCE((SELECT MAX(ply) FROM moves WHERE game_id = ?1), 0)) = ?25";
// An accepted takeback's second step, once kUpdateGameAtStoredPly has checked the stored ply
// and set the row's plies to ?2: the moves taken back.
inline constexpr const char* kDeleteMovesAfter =
    "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2";
// A game's last move with the clock after it (version 4), newer than the game's row when its
// ply is greater than the row's plies.
inline constexpr const char* kSelectLastMove =
    "SELECT ply, created_at, white_ms, black_ms, clock_running, clock_at FROM moves "
    "WHERE game_id = ?1 ORDER BY ply DESC LIMIT 1";

// An event's games in play: the games_in_play index's rows, few, are read.
inline constexpr const char* kCountEventGamesInPlay =
    "SELECT count(*) FROM games WHERE result = '*' AND termination IS NULL AND event_id = ?1";

}  // namespace chess960::server::schema
