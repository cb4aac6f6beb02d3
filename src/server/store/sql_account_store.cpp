#include "sql_account_store.hpp"

#include "store/store.hpp"

namespace chess960::server {

namespace {

// What each of AccountStatements::delete_account does, in messages.
constexpr std::array<const char*, 12> kDeleteAccountSteps{
    "deleting sessions",
    "deleting ratings",
    "deleting puzzle ratings",
    "deleting puzzle attempts",
    "deleting seeks",
    "deleting presence",
    "forgetting event players' accounts",
    "forgetting games",
    "forgetting games",
    "forgetting invitations",
    "forgetting invitations",
    "deleting an account",
};

AccountRow read_account(const SqlRow& row) {
    return AccountRow{row.text(0), row.text(1), row.text(2), row.text(3),  row.text(4),
                      row.text(5), row.text(6), row.text(7), row.number(8)};
}

SessionRow read_session(const SqlRow& row) {
    return SessionRow{row.text(0), row.text(1), row.number(2), row.number(3), row.number(4)};
}

InvitationRow read_invitation(const SqlRow& row) {
    return InvitationRow{row.text(0), row.optional_text(1), row.number(2), row.optional_text(3),
                         row.optional_number(4)};
}

}  // namespace

AccountInsert SqlAccountStore::insert_account(const AccountRow& a,
                                              const std::optional<std::string>& invitation,
                                              std::int64_t at) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    // Of two sign-ups with names that look alike, the second waits for the first's commit (or,
    // on SQLite, for its write lock) and then inserts nothing.
    const int inserted = session_.run(sql_.insert_account,
                                      SqlValues()
                                          .text(a.id)
                                          .text(a.name)
                                          .text(a.name_key)
                                          .text(a.password_hash)
                                          .text(a.display_name)
                                          .text(a.language)
                                          .text(a.theme)
                                          .text(a.role)
                                          .number(a.created_at),
                                      "inserting an account");
    if (inserted != 1) return AccountInsert::name_taken;
    if (invitation &&
        session_.run(sql_.use_invitation, SqlValues().text(*invitation).text(a.id).number(at),
                     "using an invitation") != 1)
        return AccountInsert::invitation_unusable;
    transaction.commit();
    return AccountInsert::inserted;
}

std::optional<AccountRow> SqlAccountStore::find_by_key(const std::string& name_key) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_by_key, SqlValues().text(name_key),
                       "reading an account", read_account);
}

std::optional<AccountRow> SqlAccountStore::find_by_id(const std::string& id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_by_id, SqlValues().text(id), "reading an account",
                       read_account);
}

void SqlAccountStore::update_account(const AccountRow& a) {
    std::lock_guard lock(mutex_);
    const int changed = session_.run(sql_.update_account,
                                     SqlValues()
                                         .text(a.id)
                                         .text(a.password_hash)
                                         .text(a.display_name)
                                         .text(a.language)
                                         .text(a.theme),
                                     "updating an account");
    if (changed != 1)
        throw StoreError(session_.name() + ": updating an account: no account " + a.id);
}

void SqlAccountStore::delete_account(const std::string& id) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const SqlValues key = SqlValues().text(id);
    for (std::size_t i = 0; i < kDeleteAccountSteps.size(); ++i)
        session_.run(sql_.delete_account[i], key, kDeleteAccountSteps[i]);
    changes_.changed("seeks");  // its seeks went with it
    transaction.commit();
}

void SqlAccountStore::insert_session(const SessionRow& r) {
    std::lock_guard lock(mutex_);
    session_.run(sql_.insert_session,
                 SqlValues()
                     .text(r.token_hash)
                     .text(r.account_id)
                     .number(r.created_at)
                     .number(r.last_seen_at)
                     .number(r.expires_at),
                 "inserting a session");
}

std::optional<SessionRow> SqlAccountStore::find_session(const std::string& token_hash,
                                                        std::int64_t now) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_session, SqlValues().text(token_hash).number(now),
                       "reading a session", read_session);
}

void SqlAccountStore::touch_session(const std::string& token_hash, std::int64_t last_seen_at,
                                    std::int64_t expires_at) {
    std::lock_guard lock(mutex_);
    session_.run(sql_.touch_session,
                 SqlValues().text(token_hash).number(last_seen_at).number(expires_at),
                 "renewing a session");
}

void SqlAccountStore::delete_session(const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    session_.run(sql_.delete_session, SqlValues().text(token_hash), "deleting a session");
}

void SqlAccountStore::insert_invitation(const InvitationRow& r) {
    std::lock_guard lock(mutex_);
    session_.run(sql_.insert_invitation,
                 SqlValues()
                     .text(r.token_hash)
                     .optional_text(r.created_by)
                     .number(r.created_at)
                     .optional_text(r.used_by)
                     .optional_number(r.used_at),
                 "inserting an invitation");
}

std::optional<InvitationRow> SqlAccountStore::find_invitation(const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_invitation, SqlValues().text(token_hash),
                       "reading an invitation", read_invitation);
}

}  // namespace chess960::server
