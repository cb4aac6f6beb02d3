// The PostgreSQL game store's prepared statements (their names; the SQL is postgres_schema.hpp's)
// and the parameters and values they share, for the store (postgres_store.cpp) and what only a
// cluster of servers does on its connection (postgres_cluster.cpp).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "store/postgres_connection.hpp"
#include "store/store.hpp"

namespace chess960::server::pg_statements {

// The statements, prepared once per connection.
inline constexpr const char* kInsertGame = "insert_game";
inline constexpr const char* kUpdateGame = "update_game";
inline constexpr const char* kUpdateGameAtPly = "update_game_at_ply";
inline constexpr const char* kInsertMove = "insert_move";
inline constexpr const char* kInsertMoveAfter = "insert_move_after";
inline constexpr const char* kSelectLastMove = "select_last_move";
inline constexpr const char* kSelectGame = "select_game";
inline constexpr const char* kSelectMoves = "select_moves";
inline constexpr const char* kSelectRecent = "select_recent";
inline constexpr const char* kCountEventGamesInPlay = "count_event_games_in_play";
inline constexpr const char* kDeleteMovesAfter = "delete_moves_after";
inline constexpr const char* kSelectInPlay = "select_in_play";
inline constexpr const char* kNotify = "notify";
inline constexpr const char* kClaimEngine = "claim_engine";
inline constexpr const char* kReleaseEngine = "release_engine";
inline constexpr const char* kLockGames = "lock_games";
inline constexpr const char* kTakeToken = "take_token";
inline constexpr const char* kForgetFullBuckets = "forget_full_buckets";
inline constexpr const char* kAddTokenBuckets = "add_token_buckets";
inline constexpr const char* kTakeTokens = "take_tokens";
inline constexpr const char* kLockClient = "lock_client";
inline constexpr const char* kForgetFinishedEngineGames = "forget_finished_engine_games";
inline constexpr const char* kCountEngineGames = "count_engine_games";
inline constexpr const char* kInsertEngineGameClient = "insert_engine_game_client";
// Forget the refilled buckets after this many tokens taken through one store.
inline constexpr unsigned kForgetBucketsEvery = 1024;
// The advisory lock's key for a game's engine: two 32-bit keys, the first naming the use.
inline constexpr const char* kEngineLockKey = "2960, hashtext($1::text)";

// The parameters of kInsertGame and kUpdateGame ($1 .. $24): the shared game_values
// (sql_store.hpp), as text, for what a cluster does on the store's connection.
PgParams game_params(const GameRow& game);
inline constexpr int kPliesParameter = 19;

// A text[] literal, each element quoted.
inline std::string text_array(const std::vector<std::string>& values) {
    std::string array = "{";
    for (const std::string& value : values) {
        array += array.size() > 1 ? ",\"" : "\"";
        for (char c : value) {
            if (c == '"' || c == '\\') array += '\\';
            array += c;
        }
        array += '"';
    }
    return array + "}";
}

// A double as SQL text, without losing digits.
inline std::string real_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

// Bytes as BYTEA's text input ("\\x" and two hex digits a byte).
inline std::string bytea_text(const std::string& bytes) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text = "\\x";
    text.reserve(2 + bytes.size() * 2);
    for (unsigned char b : bytes) {
        text += kHex[b >> 4];
        text += kHex[b & 15];
    }
    return text;
}

// The bytes of BYTEA's text output (hex, PostgreSQL's default bytea_output); a text in another
// form is an error.
inline std::string bytes_of_bytea(const std::string& text) {
    auto digit = [&](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        throw StoreError("PostgreSQL: a BYTEA value is not in hex ('" + text.substr(0, 16) + "')");
    };
    if (text.size() < 2 || text[0] != '\\' || text[1] != 'x' || text.size() % 2 != 0)
        throw StoreError("PostgreSQL: a BYTEA value is not in hex ('" + text.substr(0, 16) + "')");
    std::string bytes;
    bytes.reserve(text.size() / 2 - 1);
    for (std::size_t i = 2; i < text.size(); i += 2)
        bytes += char(digit(text[i]) * 16 + digit(text[i + 1]));
    return bytes;
}

}  // namespace chess960::server::pg_statements
