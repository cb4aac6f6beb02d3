// Binding parameters to and reading columns from SQLite statements: the helpers the SQLite
// session (sqlite_session.cpp) and the game store's checks (sqlite_store.cpp) use. Parameters
// count from 1, result columns from 0.
#pragma once

#include <sqlite3.h>

#include <memory>
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

inline std::string column_text(sqlite3_stmt* stmt, int index) {
    const unsigned char* text = sqlite3_column_text(stmt, index);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              std::size_t(sqlite3_column_bytes(stmt, index)))
                : std::string();
}

}  // namespace chess960::server::sqlite
