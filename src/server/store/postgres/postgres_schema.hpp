// The PostgreSQL back ends' SQL (postgres_store.cpp, postgres_event_store.cpp): the same tables
// and columns as SQLite's (sqlite_schema.hpp), with the same meaning, in PostgreSQL's types.
// Integers that may pass 2^31 (milliseconds, epoch times) are BIGINT; ids compare byte by byte
// (COLLATE "C"), as SQLite's do, so that "newest first, then by id" is the same order on both.
#pragma once

#include "store/game_columns.hpp"

namespace chess960::server::pg_schema {

// PostgreSQL support starts at schema version 4 (sqlite_schema.hpp): kCreate makes that version
// whole. A later version adds its step to both back ends (here: upgrades from kFirstVersion on).
// The version is the one row of chess960_schema (PostgreSQL has no user_version).
inline constexpr int kFirstVersion = 4;

// kUpgrades[i] takes the schema from version kFirstVersion + i to the next, as SQLite's
// kMigrations do (sqlite_schema.hpp); a new database runs them after kCreate.
inline constexpr const char* kUpgrades[] = {
    // Version 5: a standing takeback request (sqlite_schema.hpp).
    "ALTER TABLE games ADD COLUMN takeback TEXT",
    // Version 6: the event a game is a board of (sqlite_schema.hpp).
    "ALTER TABLE games ADD COLUMN event_id TEXT COLLATE \"C\"; "
    "UPDATE games SET event_id = "
    "(SELECT event_id FROM event_boards WHERE event_boards.game_id = games.id)",
    // Version 7: paired events, their players, byes and the arbiter's results
    // (sqlite_schema.hpp).
    "ALTER TABLE events ADD COLUMN kind TEXT NOT NULL DEFAULT 'typed'; "
    "ALTER TABLE events ADD COLUMN tiebreaks TEXT NOT NULL DEFAULT ''; "
    "ALTER TABLE events ADD COLUMN join_token_hash TEXT; "
    "ALTER TABLE event_boards ADD COLUMN white_number INTEGER; "
    "ALTER TABLE event_boards ADD COLUMN black_number INTEGER; "
    "CREATE TABLE event_players (event_id TEXT COLLATE \"C\" NOT NULL REFERENCES events(id), "
    "number INTEGER NOT NULL, name TEXT NOT NULL, rating INTEGER, title TEXT NOT NULL, "
    "federation TEXT NOT NULL, fide_id TEXT NOT NULL, token_hash TEXT NOT NULL, "
    "joined_round INTEGER NOT NULL, late_points INTEGER NOT NULL, withdrawn_after INTEGER, "
    "created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, PRIMARY KEY (event_id, number)); "
    "CREATE TABLE event_byes (event_id TEXT COLLATE \"C\" NOT NULL REFERENCES events(id), "
    "round INTEGER NOT NULL, player INTEGER NOT NULL, kind TEXT NOT NULL, "
    "created_at BIGINT NOT NULL, PRIMARY KEY (event_id, round, player)); "
    "CREATE TABLE event_results (event_id TEXT COLLATE \"C\" NOT NULL REFERENCES events(id), "
    "round INTEGER NOT NULL, board INTEGER NOT NULL, seq INTEGER NOT NULL, "
    "result TEXT NOT NULL, reason TEXT NOT NULL, set_by TEXT NOT NULL, "
    "set_at BIGINT NOT NULL, PRIMARY KEY (event_id, round, board, seq))",
    // Version 8: accounts, their sessions and invitations (sqlite_schema.hpp).
    "CREATE TABLE accounts (id TEXT COLLATE \"C\" PRIMARY KEY, name TEXT NOT NULL, "
    "name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, display_name TEXT NOT NULL, "
    "language TEXT NOT NULL, theme TEXT NOT NULL, role TEXT NOT NULL, "
    "created_at BIGINT NOT NULL); "
    "CREATE TABLE account_sessions (token_hash TEXT COLLATE \"C\" PRIMARY KEY, "
    "account_id TEXT COLLATE \"C\" NOT NULL REFERENCES accounts(id), "
    "created_at BIGINT NOT NULL, last_seen_at BIGINT NOT NULL, expires_at BIGINT NOT NULL); "
    "CREATE INDEX account_sessions_account ON account_sessions(account_id); "
    "CREATE TABLE invitations (token_hash TEXT COLLATE \"C\" PRIMARY KEY, "
    "created_by TEXT COLLATE \"C\", created_at BIGINT NOT NULL, used_by TEXT COLLATE \"C\", "
    "used_at BIGINT)",
    // Version 9: the accounts' play: ratings, seeks, account games, a game's time per move
    // (sqlite_schema.hpp).
    "ALTER TABLE games ADD COLUMN clock_per_move_ms BIGINT; "
    "CREATE TABLE ratings (account_id TEXT COLLATE \"C\" NOT NULL REFERENCES accounts(id), "
    "pool TEXT COLLATE \"C\" NOT NULL, rating DOUBLE PRECISION NOT NULL, "
    "deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, "
    "games INTEGER NOT NULL, last_played BIGINT, PRIMARY KEY (account_id, pool)); "
    "CREATE TABLE seeks (id TEXT COLLATE \"C\" PRIMARY KEY, "
    "account_id TEXT COLLATE \"C\" NOT NULL REFERENCES accounts(id), rated BOOLEAN NOT NULL, "
    "pool TEXT NOT NULL, clock_initial_ms BIGINT, clock_increment_ms BIGINT, days_per_move "
    "INTEGER, "
    "color TEXT NOT NULL, start_type TEXT NOT NULL, start_number INTEGER, start_black INTEGER, "
    "min_rating INTEGER, max_rating INTEGER, to_account TEXT COLLATE \"C\" REFERENCES "
    "accounts(id), "
    "created_at BIGINT NOT NULL); "
    "CREATE INDEX seeks_to ON seeks(to_account); "
    "CREATE INDEX seeks_account ON seeks(account_id); "
    "CREATE INDEX seeks_created ON seeks(created_at); "
    "CREATE TABLE account_games (game_id TEXT COLLATE \"C\" PRIMARY KEY, seek_id TEXT, "
    "white_account TEXT COLLATE \"C\" REFERENCES accounts(id), "
    "black_account TEXT COLLATE \"C\" REFERENCES accounts(id), rated BOOLEAN NOT NULL, "
    "pool TEXT NOT NULL, created_at BIGINT NOT NULL, settled_at BIGINT, "
    "white_before_rating DOUBLE PRECISION, white_before_deviation DOUBLE PRECISION, "
    "white_before_volatility DOUBLE PRECISION, white_after_rating DOUBLE PRECISION, "
    "white_after_deviation DOUBLE PRECISION, white_after_volatility DOUBLE PRECISION, "
    "black_before_rating DOUBLE PRECISION, black_before_deviation DOUBLE PRECISION, "
    "black_before_volatility DOUBLE PRECISION, black_after_rating DOUBLE PRECISION, "
    "black_after_deviation DOUBLE PRECISION, black_after_volatility DOUBLE PRECISION); "
    "CREATE INDEX account_games_white ON account_games(white_account, created_at); "
    "CREATE INDEX account_games_black ON account_games(black_account, created_at); "
    "CREATE INDEX account_games_unsettled ON account_games(created_at) "
    "WHERE settled_at IS NULL; "
    "CREATE INDEX account_games_seek ON account_games(seek_id)",
    // Version 10: quick-pairing seeks, who is online on each server (sqlite_schema.hpp).
    "ALTER TABLE seeks ADD COLUMN quick TEXT; "
    "CREATE INDEX seeks_quick ON seeks(quick) WHERE quick IS NOT NULL; "
    "CREATE TABLE lobby_servers (server_id TEXT COLLATE \"C\" PRIMARY KEY, "
    "seen_at BIGINT NOT NULL); "
    "CREATE TABLE lobby_presence (server_id TEXT COLLATE \"C\" NOT NULL, "
    "account_id TEXT COLLATE \"C\" NOT NULL REFERENCES accounts(id), "
    "PRIMARY KEY (server_id, account_id)); "
    "CREATE INDEX lobby_presence_account ON lobby_presence(account_id)",
    // Version 11: an event's player may be an account (sqlite_schema.hpp).
    "ALTER TABLE event_players ADD COLUMN account_id TEXT COLLATE \"C\" REFERENCES accounts(id); "
    "CREATE INDEX event_players_account ON event_players(account_id) "
    "WHERE account_id IS NOT NULL",
    // Version 12: a quick pairing's second seek (sqlite_schema.hpp).
    "ALTER TABLE account_games ADD COLUMN second_seek_id TEXT; "
    "CREATE INDEX account_games_second_seek ON account_games(second_seek_id) "
    "WHERE second_seek_id IS NOT NULL",
    // Version 13: the game database (sqlite_schema.hpp).
    "CREATE TABLE db_names (id BIGSERIAL PRIMARY KEY, name TEXT COLLATE \"C\" NOT NULL UNIQUE); "
    "CREATE TABLE db_collections (id SERIAL PRIMARY KEY, name TEXT COLLATE \"C\" NOT NULL UNIQUE, "
    "masters INTEGER NOT NULL); "
    "CREATE TABLE db_games (id BIGSERIAL PRIMARY KEY, hash BIGINT NOT NULL UNIQUE, "
    "collection INTEGER NOT NULL, game_id TEXT COLLATE \"C\", start_number INTEGER, "
    "start_black_number INTEGER, initial_fen TEXT, white BIGINT NOT NULL, black BIGINT NOT NULL, "
    "white_elo INTEGER NOT NULL, black_elo INTEGER NOT NULL, rating INTEGER NOT NULL, "
    "result INTEGER NOT NULL, speed INTEGER NOT NULL, rated INTEGER NOT NULL, "
    "date INTEGER NOT NULL, event BIGINT NOT NULL, site TEXT NOT NULL, round TEXT NOT NULL, "
    "time_control TEXT NOT NULL, plies INTEGER NOT NULL, moves BYTEA NOT NULL, "
    "tags TEXT NOT NULL); "
    "CREATE INDEX db_games_white ON db_games(white, id); "
    "CREATE INDEX db_games_black ON db_games(black, id); "
    "CREATE INDEX db_games_start ON db_games(start_number, id); "
    "CREATE INDEX db_games_event ON db_games(event, id); "
    "CREATE INDEX db_games_game_id ON db_games(game_id) WHERE game_id IS NOT NULL; "
    "CREATE TABLE db_start_counts (collection INTEGER NOT NULL, start_number INTEGER NOT NULL, "
    "result INTEGER NOT NULL, games BIGINT NOT NULL, "
    "PRIMARY KEY (collection, start_number, result))",
    // Version 14: puzzles (sqlite_schema.hpp).
    "CREATE TABLE puzzle_analyses (game BIGINT NOT NULL, engine TEXT COLLATE \"C\" NOT NULL, "
    "PRIMARY KEY (game, engine)); "
    "CREATE TABLE puzzles (id BIGSERIAL PRIMARY KEY, public_id TEXT COLLATE \"C\" NOT NULL "
    "UNIQUE, game BIGINT NOT NULL, ply INTEGER NOT NULL, fen TEXT NOT NULL, moves TEXT NOT NULL, "
    "rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, "
    "volatility DOUBLE PRECISION NOT NULL, plays INTEGER NOT NULL, themes TEXT NOT NULL, "
    "start_number INTEGER, engine TEXT NOT NULL, UNIQUE (game, ply)); "
    "CREATE INDEX puzzles_rating ON puzzles(rating); "
    "CREATE TABLE puzzle_players (account_id TEXT COLLATE \"C\" PRIMARY KEY, "
    "rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, "
    "volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, last_played BIGINT); "
    "CREATE TABLE puzzle_attempts (id BIGSERIAL PRIMARY KEY, account_id TEXT COLLATE \"C\" "
    "NOT NULL, puzzle BIGINT NOT NULL, win INTEGER NOT NULL, at BIGINT NOT NULL, "
    "rating DOUBLE PRECISION NOT NULL, change DOUBLE PRECISION NOT NULL, "
    "UNIQUE (account_id, puzzle)); "
    "CREATE INDEX puzzle_attempts_account ON puzzle_attempts(account_id, id)",
};

inline constexpr const char* kCreate = R"(
CREATE TABLE games (
  id TEXT COLLATE "C" PRIMARY KEY,
  white_token_hash TEXT NOT NULL,
  black_token_hash TEXT NOT NULL,
  opponent TEXT NOT NULL,
  level INTEGER,
  engine_color TEXT,
  start_number INTEGER,
  start_black_number INTEGER,
  initial_fen TEXT NOT NULL,
  clock_initial_ms BIGINT,
  clock_increment_ms BIGINT,
  white_ms BIGINT NOT NULL,
  black_ms BIGINT NOT NULL,
  clock_running TEXT,
  clock_at BIGINT NOT NULL,
  draw_offer TEXT,
  result TEXT NOT NULL,
  termination TEXT,
  plies INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL);
CREATE INDEX games_recent ON games(updated_at, id);
CREATE INDEX games_in_play ON games(created_at, id) WHERE result = '*' AND termination IS NULL;
CREATE TABLE moves (
  game_id TEXT COLLATE "C" NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  uci TEXT NOT NULL,
  san TEXT NOT NULL,
  fen TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  white_ms BIGINT,
  black_ms BIGINT,
  clock_running TEXT,
  clock_at BIGINT,
  PRIMARY KEY (game_id, ply));
CREATE TABLE events (
  id TEXT COLLATE "C" PRIMARY KEY,
  name TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  excluded TEXT NOT NULL,
  allow_repeats INTEGER NOT NULL,
  double960 INTEGER NOT NULL,
  clock_initial_ms BIGINT,
  clock_increment_ms BIGINT,
  secret TEXT NOT NULL,
  commitment TEXT NOT NULL,
  organiser_token_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  closed_at BIGINT);
CREATE TABLE event_rounds (
  event_id TEXT COLLATE "C" NOT NULL REFERENCES events(id),
  round INTEGER NOT NULL,
  entropy TEXT NOT NULL,
  reveal_at BIGINT NOT NULL,
  start_at BIGINT NOT NULL,
  white_number INTEGER,
  black_number INTEGER,
  revealed_at BIGINT,
  started_at BIGINT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (event_id, round));
CREATE INDEX event_rounds_pending ON event_rounds(start_at, event_id) WHERE started_at IS NULL;
CREATE TABLE event_boards (
  event_id TEXT COLLATE "C" NOT NULL,
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,
  white_name TEXT NOT NULL,
  black_name TEXT NOT NULL,
  white_token_hash TEXT NOT NULL,
  black_token_hash TEXT NOT NULL,
  game_id TEXT NOT NULL,
  PRIMARY KEY (event_id, round, board),
  FOREIGN KEY (event_id, round) REFERENCES event_rounds(event_id, round));
CREATE TABLE chess960_schema (version INTEGER NOT NULL);
INSERT INTO chess960_schema VALUES (4);
)";

// The per-client limits that several servers enforce together (Cluster::take_token,
// Cluster::insert_engine_game). PostgreSQL only (on SQLite one server keeps them in memory), and
// made on every start if missing, so that they need no schema version: a database of an
// earlier chess960 gets them as it is; one that ignores them still works. Clients are SHA-256
// hashes of their addresses, not the addresses.
// client_tokens: a token bucket per client and kind ("games"): its tokens at `at` (epoch ms of
// the database's clock), and whether the last take was granted.
// engine_game_clients: who created each engine game, until the game ends (the row goes when the
// client next creates one); a game that is gone takes its row with it.
inline constexpr const char* kCreateLimits = R"(
CREATE TABLE IF NOT EXISTS client_tokens (
  kind TEXT COLLATE "C" NOT NULL,
  client TEXT COLLATE "C" NOT NULL,
  tokens DOUBLE PRECISION NOT NULL,
  at BIGINT NOT NULL,
  granted BOOLEAN NOT NULL,
  PRIMARY KEY (kind, client));
CREATE TABLE IF NOT EXISTS engine_game_clients (
  game_id TEXT COLLATE "C" PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  client TEXT COLLATE "C" NOT NULL);
CREATE INDEX IF NOT EXISTS engine_game_clients_client ON engine_game_clients(client);
)";

// A token from bucket ($1 kind, $2 client), $3 tokens a second up to $4: one upsert, so that
// servers taking from the same bucket at once take turns on its row (each sees the other's
// update). A new bucket starts full. The SET expressions read the row as it was.
#define CHESS960_PG_REFILLED \
    "LEAST($4::float8, b.tokens + GREATEST(0, EXCLUDED.at - b.at) * $3::float8 / 1000.0)"
inline constexpr const char* kTakeToken =
    "INSERT INTO client_tokens AS b (kind, client, tokens, at, granted) "
    "VALUES ($1, $2, $4::float8 - 1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint, "
    "true) ON CONFLICT (kind, client) DO UPDATE SET "
    "tokens = " CHESS960_PG_REFILLED " - CASE WHEN " CHESS960_PG_REFILLED
    " >= 1 THEN 1 ELSE 0 "
    "END, granted = " CHESS960_PG_REFILLED
    " >= 1, at = GREATEST(b.at, EXCLUDED.at) "
    "RETURNING tokens, granted";
#undef CHESS960_PG_REFILLED
// The buckets of a kind that have refilled: the same as none.
inline constexpr const char* kForgetFullBuckets =
    "DELETE FROM client_tokens WHERE kind = $1 AND tokens + GREATEST(0, "
    "(extract(epoch FROM clock_timestamp()) * 1000)::bigint - at) * $2::float8 / 1000.0 >= "
    "$3::float8";
// The move limit's tokens, taken in the transaction that stores the moves (Store::write).
// kAddTokenBuckets: a full bucket ($3 tokens) of kind $1 for each client of $2 that has none.
// kTakeTokens: from each client's bucket of kind $1 ($2 the clients, $3 how many tokens each
// wants; $4 tokens a second up to $5), the tokens it holds, answering per client the tokens
// given and those left. Rows are locked in the clients' byte order (the "C" collation; the
// caller sorts $2 the same way), so that two servers' writes with the same clients take turns
// instead of deadlocking.
inline constexpr const char* kAddTokenBuckets =
    "INSERT INTO client_tokens (kind, client, tokens, at, granted) SELECT $1, c, $3::float8, "
    "(extract(epoch FROM clock_timestamp()) * 1000)::bigint, true FROM unnest($2::text[]) AS c "
    "ORDER BY c COLLATE \"C\" ON CONFLICT (kind, client) DO NOTHING";
inline constexpr const char* kTakeTokens =
    "WITH wanted AS (SELECT c AS client, n FROM unnest($2::text[], $3::integer[]) AS w(c, n)), "
    "now AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms), "
    "held AS (SELECT b.client, w.n, now.ms, LEAST($5::float8, b.tokens + GREATEST(0, now.ms - "
    "b.at) * $4::float8 / 1000.0) AS refilled FROM client_tokens b JOIN wanted w ON b.client = "
    "w.client CROSS JOIN now WHERE b.kind = $1 ORDER BY b.client FOR UPDATE OF b), "
    "taken AS (UPDATE client_tokens b SET tokens = h.refilled - LEAST(h.n, floor(h.refilled)), "
    "at = GREATEST(b.at, h.ms), granted = h.refilled >= h.n FROM held h WHERE b.kind = $1 AND "
    "b.client = h.client) "
    "SELECT client, LEAST(n, floor(refilled))::integer, refilled - LEAST(n, floor(refilled)) "
    "FROM held";
// One client's engine games: created one at a time (this lock, until the transaction ends),
// the finished ones forgotten, the rest counted.
inline constexpr const char* kLockClient = "SELECT pg_advisory_xact_lock(2961, hashtext($1::text))";
inline constexpr const char* kForgetFinishedEngineGames =
    "DELETE FROM engine_game_clients c USING games g WHERE c.client = $1 AND g.id = c.game_id "
    "AND NOT (g.result = '*' AND g.termination IS NULL)";
inline constexpr const char* kCountEngineGames =
    "SELECT count(*) FROM engine_game_clients WHERE client = $1";
inline constexpr const char* kInsertEngineGameClient =
    "INSERT INTO engine_game_clients(game_id, client) VALUES ($1, $2)";

// Whoever creates or upgrades the schema holds this transaction-level advisory lock, so that
// several servers starting at once on an empty database create it once.
inline constexpr const char* kLockSchema = "SELECT pg_advisory_xact_lock(960960000)";

inline constexpr const char* kSelectInPlay =
    "SELECT " CHESS960_GAME_COLUMNS
    " FROM games WHERE result = '*' AND termination IS NULL ORDER BY created_at, id";
inline constexpr const char* kSelectRecent = "SELECT " CHESS960_GAME_COLUMNS
                                             " FROM games ORDER BY updated_at DESC, id DESC "
                                             "LIMIT $1";
inline constexpr const char* kSelectGame =
    "SELECT " CHESS960_GAME_COLUMNS " FROM games WHERE id = $1";
inline constexpr const char* kSelectMoves =
    "SELECT ply, uci, san, fen, created_at, white_ms, black_ms FROM moves WHERE game_id = $1 "
    "ORDER BY ply";
inline constexpr const char* kInsertGame =
    "INSERT INTO games(" CHESS960_GAME_COLUMNS
    ") VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, "
    "$19, $20, $21, $22, $23, $24)";
inline constexpr const char* kUpdateGame =
    "UPDATE games SET white_token_hash = $2, black_token_hash = $3, opponent = $4, level = $5, "
    "engine_color = $6, start_number = $7, start_black_number = $8, initial_fen = $9, "
    "clock_initial_ms = $10, clock_increment_ms = $11, white_ms = $12, black_ms = $13, "
    "clock_running = $14, clock_at = $15, draw_offer = $16, result = $17, termination = $18, "
    "plies = $19, created_at = $20, updated_at = $21, takeback = $22, event_id = $23, "
    "clock_per_move_ms = $24 WHERE id = $1";
inline constexpr const char* kInsertMove =
    "INSERT INTO moves(game_id, ply, uci, san, fen, created_at, white_ms, black_ms, clock_running, "
    "clock_at) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
// The move only if it follows the stored game (its game is stored, in play, and has the ply
// before it), as SQLite's kInsertMoveAfter; in play, so that a move another server accepted
// after this one stored the game's end (a flag) is not stored after it. Two servers storing the
// same ply at once: the primary key makes the second wait for the first's commit, then do nothing
// (ON CONFLICT), so the move is stored once and the second server is told it was not.
inline constexpr const char* kInsertMoveAfter =
    "INSERT INTO moves(game_id, ply, uci, san, fen, created_at, white_ms, black_ms, "
    "clock_running, clock_at) SELECT $1::text, $2::integer, $3::text, $4::text, $5::text, "
    "$6::bigint, $7::bigint, $8::bigint, $9::text, $10::bigint WHERE CASE WHEN $2::integer = 1 "
    "THEN EXISTS (SELECT 1 FROM games WHERE id = $1::text) ELSE EXISTS (SELECT 1 FROM moves "
    "WHERE game_id = $1::text AND ply = $2::integer - 1) END AND EXISTS (SELECT 1 FROM games "
    "WHERE id = $1::text AND result = '*' AND termination IS NULL) ON CONFLICT (game_id, ply) "
    "DO NOTHING";
// The games a write changes, locked until it commits, in one order (no deadlock between two
// servers' writes): a move and another server's change of the same game (a flag) take turns,
// and the second sees the first (each statement reads what was committed when it starts).
inline constexpr const char* kLockGames =
    "SELECT id FROM games WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE";
// A change other than a move, only if the stored game is at ply $25, as SQLite's
// kUpdateGameAtStoredPly, and still in play: of two servers that end a game at once (a flag,
// a resignation), one does, and the other is told the game was changed first.
inline constexpr const char* kUpdateGameAtStoredPly =
    "UPDATE games SET white_token_hash = $2, black_token_hash = $3, opponent = $4, level = $5, "
    "engine_color = $6, start_number = $7, start_black_number = $8, initial_fen = $9, "
    "clock_initial_ms = $10, clock_increment_ms = $11, white_ms = $12, black_ms = $13, "
    "clock_running = $14, clock_at = $15, draw_offer = $16, result = $17, termination = $18, "
    "plies = $19, created_at = $20, updated_at = $21, takeback = $22, event_id = $23, "
    "clock_per_move_ms = $24 WHERE id = $1 "
    "AND GREATEST(plies, COALESCE((SELECT MAX(ply) FROM moves WHERE game_id = $1), 0)) = "
    "$25::integer AND result = '*' AND termination IS NULL";
// An accepted takeback's second step, as SQLite's kDeleteMovesAfter.
inline constexpr const char* kDeleteMovesAfter =
    "DELETE FROM moves WHERE game_id = $1 AND ply > $2::integer";
inline constexpr const char* kSelectLastMove =
    "SELECT ply, created_at, white_ms, black_ms, clock_running, clock_at FROM moves "
    "WHERE game_id = $1 ORDER BY ply DESC LIMIT 1";

inline constexpr const char* kCountEventGamesInPlay =
    "SELECT count(*) FROM games WHERE result = '*' AND termination IS NULL AND event_id = $1";

}  // namespace chess960::server::pg_schema
