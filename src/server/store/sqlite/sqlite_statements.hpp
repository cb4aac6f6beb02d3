// Binding parameters to and reading columns from SQLite statements: the helpers the SQLite
// session (sqlite_session.cpp) and the play store (sqlite_play_store.cpp) use. Parameters count
// from 1, result columns from 0; NULL is nullopt.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace chess960::server::sqlite {

// A statement finalized when it goes out of scope.
struct Finalize {
    void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

// SQLITE_STATIC: no copy, so `text` must outlive the binding (until the statement is reset,
// rebound or finalized).
inline void bind_text(sqlite3_stmt* stmt, int index, const std::string& text) {
    sqlite3_bind_text(stmt, index, text.data(), int(text.size()), SQLITE_STATIC);
}
// SQLITE_TRANSIENT: SQLite copies the text (a temporary may be bound).
inline void bind_text_copy(sqlite3_stmt* stmt, int index, const std::string& text) {
    sqlite3_bind_text(stmt, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
}
inline void bind_optional(sqlite3_stmt* stmt, int index, const std::optional<std::string>& text) {
    if (text)
        bind_text(stmt, index, *text);
    else
        sqlite3_bind_null(stmt, index);
}
template <typename Int>
void bind_optional(sqlite3_stmt* stmt, int index, const std::optional<Int>& value) {
    if (value)
        sqlite3_bind_int64(stmt, index, sqlite3_int64(*value));
    else
        sqlite3_bind_null(stmt, index);
}

inline std::string column_text(sqlite3_stmt* stmt, int index) {
    const unsigned char* text = sqlite3_column_text(stmt, index);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              std::size_t(sqlite3_column_bytes(stmt, index)))
                : std::string();
}
inline std::optional<std::string> column_optional_text(sqlite3_stmt* stmt, int index) {
    if (sqlite3_column_type(stmt, index) == SQLITE_NULL) return std::nullopt;
    return column_text(stmt, index);
}
inline std::optional<std::int64_t> column_optional_int64(sqlite3_stmt* stmt, int index) {
    if (sqlite3_column_type(stmt, index) == SQLITE_NULL) return std::nullopt;
    return std::int64_t(sqlite3_column_int64(stmt, index));
}
inline std::optional<int> column_optional_int(sqlite3_stmt* stmt, int index) {
    if (sqlite3_column_type(stmt, index) == SQLITE_NULL) return std::nullopt;
    return sqlite3_column_int(stmt, index);
}

}  // namespace chess960::server::sqlite
