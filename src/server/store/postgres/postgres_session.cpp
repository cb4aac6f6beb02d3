#include "postgres_session.hpp"

#include <charconv>

#include "postgres_statements.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

class PgRow final : public SqlRow {
  public:
    PgRow(const PgResult& result, int row) : result_(result), row_(row) {}
    bool is_null(int column) const override { return result_.is_null(row_, column); }
    std::string text(int column) const override { return result_.text(row_, column); }
    std::int64_t number(int column) const override { return result_.number(row_, column); }
    // A DOUBLE PRECISION as PostgreSQL writes it: the shortest text that reads back exactly
    // (since PostgreSQL 12).
    double real(int column) const override {
        const std::string text = result_.text(row_, column);
        double value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size())
            throw StoreError("PostgreSQL: '" + text + "' is not a number");
        return value;
    }
    bool boolean(int column) const override { return result_.text(row_, column) == "t"; }
    std::string blob(int column) const override {
        return pg_statements::bytes_of_bytea(result_.text(row_, column));
    }

  private:
    const PgResult& result_;
    int row_;
};

}  // namespace

PgParams PgSession::params_of(const SqlValues& values) {
    PgParams params;
    for (const SqlValue& value : values.values()) {
        if (const auto* number = std::get_if<std::int64_t>(&value))
            params.number(*number);
        else if (const auto* real = std::get_if<double>(&value))
            params.text(pg_statements::real_text(*real));
        else if (const auto* text = std::get_if<std::string>(&value))
            params.text(*text);
        else if (const auto* texts = std::get_if<SqlTexts>(&value))
            params.text(pg_statements::text_array(texts->values));
        else if (const auto* blob = std::get_if<SqlBlob>(&value))
            params.text(pg_statements::bytea_text(blob->bytes));
        else
            params.null();
    }
    return params;
}

void PgSession::prepare(const char* name, const char* sql) {
    db_.prepare(name, sql);
    prepared_[sql] = name;
}

PgResult PgSession::result_of(const char* sql, const SqlValues& values, const char* doing) {
    if (!in_transaction_) db_.ensure_connected();
    if (auto prepared = prepared_.find(sql); prepared != prepared_.end())
        return db_.run(prepared->second, params_of(values), doing);
    return db_.query(sql, params_of(values), doing);
}

int PgSession::execute(const char* sql, const SqlValues& values, const char* doing) {
    return result_of(sql, values, doing).changed();
}

int PgSession::select(const char* sql, const SqlValues& values, const char* doing,
                      const SqlRowVisitor& each) {
    const PgResult result = result_of(sql, values, doing);
    for (int i = 0; i < result.rows(); ++i) each(PgRow(result, i));
    return result.rows();
}

void PgSession::start(SqlTransactionKind kind) {
    db_.ensure_connected();
    const char* begin = kind == SqlTransactionKind::write
                            ? "BEGIN"
                            : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
    db_.exec(begin, begin);
    in_transaction_ = true;
}

void PgSession::finish() {
    in_transaction_ = false;  // a failed COMMIT has ended the transaction too
    db_.exec("COMMIT", "COMMIT");
}

void PgSession::rollback() noexcept {
    in_transaction_ = false;
    try {
        db_.exec("ROLLBACK", "ROLLBACK");
    } catch (const StoreError&) {
        // The connection is gone: the server rolled the transaction back itself.
    }
}

}  // namespace chess960::server
