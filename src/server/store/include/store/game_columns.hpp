// The games table's columns, in GameRow's order (store.hpp): the order both back ends' SQL binds
// (?1 / $1 ..) and selects them in (sqlite_schema.hpp, postgres/postgres_schema.hpp), and the
// order the game store's shared row reader reads them in (sql_store.cpp).
#pragma once

#define CHESS960_GAME_COLUMNS                                                                     \
    "id, white_token_hash, black_token_hash, opponent, level, engine_color, start_number, "       \
    "start_black_number, initial_fen, clock_initial_ms, clock_increment_ms, white_ms, black_ms, " \
    "clock_running, clock_at, draw_offer, result, termination, plies, created_at, updated_at, "   \
    "takeback, event_id, clock_per_move_ms"
