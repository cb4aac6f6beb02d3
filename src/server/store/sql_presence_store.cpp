#include "sql_presence_store.hpp"

#include <algorithm>

namespace chess960::server {

bool SqlPresenceStore::update_presence(const std::string& server,
                                       const std::vector<std::string>& joined,
                                       const std::vector<std::string>& left, std::int64_t now) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const SqlValues seen = SqlValues().text(server).number(now);
    const bool known = session_.run(sql_.renew_server, seen, "renewing a server's presence") == 1;
    if (!known) session_.run(sql_.insert_server, seen, "recording a server's presence");
    if (!joined.empty())
        session_.run(sql_.add_presence, SqlValues().text(server).texts(joined),
                     "recording accounts online");
    if (!left.empty())
        session_.run(sql_.remove_presence, SqlValues().text(server).texts(left),
                     "recording accounts gone");
    if (!joined.empty() || !left.empty()) changes_.changed("online");
    transaction.commit();
    return known;
}

std::vector<PresenceRow> SqlPresenceStore::online(std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_online, SqlValues().number(alive_since),
                     "reading who is online", [](const SqlRow& row) {
                         return PresenceRow{row.text(0), row.text(1)};
                     });
}

bool SqlPresenceStore::online_elsewhere(const std::string& account_id, const std::string& except,
                                        std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    return session_.query(sql_.select_online_elsewhere,
                          SqlValues().text(account_id).text(except).number(alive_since),
                          "looking for an account online", [](const SqlRow&) {}) > 0;
}

std::vector<std::string> SqlPresenceStore::drop_servers_seen_before(std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    // The servers' rows first: two servers dropping the same dead one return its accounts once
    // (the second waits for the first's commit, then deletes nothing).
    const auto text = [](const SqlRow& row) { return row.text(0); };
    std::vector<std::string> servers =
        query_all(session_, sql_.delete_servers_before, SqlValues().number(alive_since),
                  "forgetting servers gone", text);
    if (servers.empty()) return {};
    const std::vector<std::string> gone =
        query_all(session_, sql_.delete_presence_on, SqlValues().texts(std::move(servers)),
                  "forgetting the accounts of servers gone", text);
    std::vector<std::string> orphaned;
    for (const std::string& account : gone) {
        const bool elsewhere =
            session_.query(sql_.select_presence_of, SqlValues().text(account),
                           "looking for an account online", [](const SqlRow&) {}) > 0;
        if (!elsewhere && std::ranges::find(orphaned, account) == orphaned.end())
            orphaned.push_back(account);
    }
    changes_.changed("online");
    transaction.commit();
    return orphaned;
}

void SqlPresenceStore::drop_server(const std::string& server) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    session_.run(sql_.delete_server_presence, SqlValues().text(server),
                 "forgetting a server's accounts");
    session_.run(sql_.delete_server, SqlValues().text(server), "forgetting a server");
    changes_.changed("online");
    transaction.commit();
}

}  // namespace chess960::server
