#include "store/postgres_connection.hpp"

#include <libpq-fe.h>

#include <charconv>

#include "store/store.hpp"

namespace chess960::server {

std::string redact_postgres_uri(const std::string& uri) {
    std::string out = uri;
    // user:password@host: the authority ends at the first '/', '?' or '#' after "://".
    const std::size_t scheme = out.find("://");
    if (scheme != std::string::npos) {
        const std::size_t begin = scheme + 3;
        std::size_t end = out.find_first_of("/?#", begin);
        if (end == std::string::npos) end = out.size();
        const std::size_t at = out.rfind('@', end);
        if (at != std::string::npos && at >= begin) {
            const std::size_t colon = out.find(':', begin);
            if (colon != std::string::npos && colon < at)
                out.replace(colon + 1, at - colon - 1, "***");
        }
    }
    // ?password=... or &password=...
    for (std::size_t at = out.find("password="); at != std::string::npos;
         at = out.find("password=", at + 1)) {
        if (at > 0 && out[at - 1] != '?' && out[at - 1] != '&') continue;
        const std::size_t value = at + 9;
        std::size_t end = out.find_first_of("&#", value);
        if (end == std::string::npos) end = out.size();
        out.replace(value, end - value, "***");
    }
    return out;
}

std::vector<const char*> PgParams::pointers() const {
    std::vector<const char*> pointers;
    pointers.reserve(values_.size());
    for (const auto& value : values_) pointers.push_back(value ? value->c_str() : nullptr);
    return pointers;
}

PgResult::~PgResult() { PQclear(result_); }

int PgResult::rows() const { return PQntuples(result_); }

int PgResult::changed() const {
    const char* text = PQcmdTuples(result_);
    int n = 0;
    std::from_chars(text, text + std::char_traits<char>::length(text), n);
    return n;
}

bool PgResult::is_null(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }

std::string PgResult::text(int row, int column) const {
    return std::string(PQgetvalue(result_, row, column),
                       std::size_t(PQgetlength(result_, row, column)));
}

std::optional<std::string> PgResult::optional_text(int row, int column) const {
    if (is_null(row, column)) return std::nullopt;
    return text(row, column);
}

std::int64_t PgResult::number(int row, int column) const {
    const char* text = PQgetvalue(result_, row, column);
    const char* end = text + PQgetlength(result_, row, column);
    std::int64_t value = 0;
    std::from_chars(text, end, value);  // NULL reads as 0, as sqlite3_column_int64 does
    return value;
}

std::optional<std::int64_t> PgResult::optional_number(int row, int column) const {
    if (is_null(row, column)) return std::nullopt;
    return number(row, column);
}

namespace {

// libpq's messages end with a newline and may span lines ("...\n\tIs the server running"): one
// line, for logs.
std::string trimmed(const char* text) {
    std::string s;
    for (const char* c = text ? text : ""; *c; ++c) {
        if (*c == '\n' || *c == '\t') {
            if (!s.empty() && s.back() != ' ') s += ' ';
        } else {
            s += *c;
        }
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

}  // namespace

PgConnection::PgConnection(const std::string& uri) : uri_(uri), name_(redact_postgres_uri(uri)) {
    // Keywords are read in order, the URI's own settings after (and over) the default timeout:
    // without one, libpq waits for an unreachable host as long as TCP does.
    const char* keywords[] = {"connect_timeout", "dbname", nullptr};
    const char* values[] = {"10", uri_.c_str(), nullptr};
    conn_ = PQconnectdbParams(keywords, values, 1);
    if (!conn_) fail("connecting", "out of memory", "");
    if (PQstatus(conn_) != CONNECTION_OK) {
        const std::string reason = trimmed(PQerrorMessage(conn_));
        PQfinish(conn_);
        conn_ = nullptr;
        fail("connecting", reason, "08001");
    }
    // No NOTICE lines ("relation ... already exists, skipping") on standard error.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
    exec("SET client_min_messages = WARNING", "SET client_min_messages");
}

PgConnection::~PgConnection() { PQfinish(conn_); }

void PgConnection::ensure_connected() {
    if (PQstatus(conn_) == CONNECTION_OK) return;
    PQreset(conn_);
    if (PQstatus(conn_) != CONNECTION_OK)
        fail("reconnecting", trimmed(PQerrorMessage(conn_)), "08006");
    exec("SET client_min_messages = WARNING", "SET client_min_messages");
    for (const auto& [name, sql] : prepared_) prepare_on_server(name, sql);
}

[[noreturn]] void PgConnection::fail(const std::string& doing, const std::string& reason,
                                     const std::string& sqlstate) const {
    const std::string said = " (" + doing + ": " + reason + ")";
    const std::string kind = sqlstate.substr(0, 2);
    if (kind == "08" || kind == "28" || sqlstate == "57P01" || sqlstate == "57P02" ||
        sqlstate == "57P03")
        throw StoreError(name_ + ": cannot reach PostgreSQL or it refused the connection" + said +
                         ". Check that the server is running and reachable, and the user, the "
                         "password (PGPASSWORD or ~/.pgpass) and the database in the URI.");
    if (sqlstate == "3D000")
        throw StoreError(name_ + ": the database does not exist" + said +
                         ". Create it (createdb -O USER NAME), or fix the URI.");
    if (sqlstate == "42501")
        throw StoreError(name_ + ": the user may not do this" + said +
                         ". Make the user the database's owner, or grant it CREATE and USAGE on "
                         "the schema and rights on the tables.");
    if (sqlstate == "53100")
        throw StoreError(name_ + ": PostgreSQL's disk is full" + said + ". Free some space.");
    if (sqlstate == "53300")
        throw StoreError(name_ + ": PostgreSQL has no connection left" + said +
                         ". Raise max_connections, or run fewer servers or connections.");
    if (sqlstate == "25006")
        throw StoreError(name_ + ": the database is read-only" + said +
                         ". Point the URI at the primary server, not a standby.");
    throw StoreError(name_ + ": " + doing + " failed (" + reason + ")");
}

PgResult PgConnection::check(pg_result* result, const char* doing) {
    PgResult owned(result);
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return owned;
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    std::string reason = trimmed(result ? PQresultErrorMessage(result) : nullptr);
    if (reason.empty()) reason = trimmed(PQerrorMessage(conn_));
    // A lost connection has no SQLSTATE: the status says so.
    const std::string sqlstate = state ? state : (PQstatus(conn_) != CONNECTION_OK ? "08006" : "");
    fail(doing, reason, sqlstate);
}

void PgConnection::exec(const std::string& sql, const char* doing) {
    check(PQexec(conn_, sql.c_str()), doing);
}

void PgConnection::prepare_on_server(const std::string& name, const std::string& sql) {
    check(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr), ("preparing " + name).c_str());
}

void PgConnection::prepare(const std::string& name, const std::string& sql) {
    prepare_on_server(name, sql);
    prepared_.emplace_back(name, sql);
}

PgResult PgConnection::run(const std::string& name, const PgParams& params, const char* doing) {
    const std::vector<const char*> values = params.pointers();
    return check(
        PQexecPrepared(conn_, name.c_str(), params.size(), values.data(), nullptr, nullptr, 0),
        doing);
}

PgResult PgConnection::query(const std::string& sql, const PgParams& params, const char* doing) {
    const std::vector<const char*> values = params.pointers();
    return check(PQexecParams(conn_, sql.c_str(), params.size(), nullptr, values.data(), nullptr,
                              nullptr, 0),
                 doing);
}

PgTransaction::PgTransaction(PgConnection& connection, const char* begin)
    : connection_(connection) {
    connection_.exec(begin, begin);
}

PgTransaction::~PgTransaction() {
    if (done_) return;
    try {
        connection_.exec("ROLLBACK", "ROLLBACK");
    } catch (const StoreError&) {
        // The connection is gone: the server rolled the transaction back itself.
    }
}

void PgTransaction::commit() {
    done_ = true;  // a failed COMMIT has ended the transaction too
    connection_.exec("COMMIT", "COMMIT");
}

}  // namespace chess960::server
