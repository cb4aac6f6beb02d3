// The accounts' service: sign up, sign in and out, the settings, deleting an account with its
// personal data, invitations (servers whose operator opens sign-ups to invited people only) and
// the admin made from the command line. Rows come from the accounts' store (store/); refusals
// are ApiErrors (common/api_error.hpp), answered where the request is (http/).
//
// A session is a random token the client keeps (a cookie, or Authorization: Bearer for
// scripts); the store keeps its SHA-256 only. The CSRF token a page sends with its
// state-changing requests is derived from the session's token (HMAC), so it needs no column and
// dies with the session.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "accounts/login_limits.hpp"
#include "accounts/passwords.hpp"
#include "common/api_error.hpp"
#include "store/account_store.hpp"
#include "store/cluster.hpp"

namespace chess960::server {

enum class Signups { open, invite };

struct AccountServiceOptions {
    Signups signups = Signups::open;
    PasswordCost password_cost = PasswordCost::moderate;
    // A session ends after this long without a request (renewed as it is used).
    std::int64_t session_idle_ms = 30LL * 24 * 3600 * 1000;
    LoginLimitOptions login_limits;
};

// A signed-in session: the account and the token's hash (for signing out).
struct Session {
    AccountRow account;
    std::string token_hash;
};

struct SignedIn {
    std::string token;  // the session's token: the cookie's value, or the Bearer token
    std::string csrf_token;
    AccountRow account;
    std::int64_t expires_at = 0;
};

// What a settings change asks for: the fields given, each checked.
struct AccountSettings {
    std::optional<std::string> display_name;
    std::optional<std::string> language;
    std::optional<std::string> theme;
};

inline constexpr std::size_t kMinPasswordBytes = 8;
inline constexpr std::size_t kMaxPasswordBytes = 1024;  // Argon2id takes any length; bounded work
inline constexpr std::size_t kMaxAccountNameBytes = 40;

class AccountService {
  public:
    AccountService(AccountStore& store, Cluster* cluster, AccountServiceOptions options);

    Signups signups() const { return options_.signups; }

    // A new player's account. 400 for a bad name or password, 409 when the name (or one that
    // looks like it) is taken, 403 on an invite-only server without a usable invitation.
    AccountRow sign_up(const std::string& name, const std::string& password,
                       const std::optional<std::string>& invitation);
    // An admin account (`chess960 account create-admin`): no invitation needed.
    AccountRow create_admin(const std::string& name, const std::string& password);
    // A new session. 401 with one message for an unknown name and a wrong password; 429 (with
    // the wait) when the address or the account has tried too often.
    SignedIn sign_in(const std::string& name, const std::string& password,
                     const std::string& address);
    // The session a token names, renewed, or nullopt (unknown, expired, or its account gone).
    std::optional<Session> authenticate(const std::string& token);
    void sign_out(const Session& session);
    // The CSRF token of the session `token` names.
    static std::string csrf_token(const std::string& token);

    // The account by its name (or one that looks like it); 404 when there is none.
    AccountRow profile(const std::string& name);
    AccountRow update_settings(const Session& session, const AccountSettings& settings);
    // Deletes the named account: only its owner may (403 otherwise, 404 when there is none).
    void delete_account(const Session& session, const std::string& name);
    // A new invitation's token, made by an admin (403 for anyone else).
    std::string create_invitation(const Session& session);

    // The name as kept, or the 400 that says what is wrong with it.
    static std::string check_name(const std::string& name);

  private:
    const std::string& dummy_hash();
    AccountRow insert(const std::string& name, const std::string& password, const char* role,
                      const std::optional<std::string>& invitation);

    AccountStore& store_;
    AccountServiceOptions options_;
    LoginLimits limits_;
    // Verified against when the name is unknown, so that an unknown name costs the same time as
    // a wrong password and the answer's timing does not tell which names exist. Made at the
    // first sign-in, not at start-up (a MODERATE hash takes a second and 256 MiB).
    std::once_flag dummy_once_;
    std::string dummy_hash_;
};

}  // namespace chess960::server
