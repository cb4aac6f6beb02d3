#include "accounts/service.hpp"

#include "common/now.hpp"
#include "store/secrets.hpp"
#include "text/names.hpp"

namespace chess960::server {

namespace {

// One answer for an unknown name and a wrong password: which names exist is nobody's business.
constexpr const char* kWrongNameOrPassword = "wrong name or password";

const char* const kLanguages[] = {"en", "de", "fr", "hu", "ru"};
const char* const kThemes[] = {"auto", "light", "dark"};

// `value` if it is one of `allowed`, else the 400 naming the field and the choices.
template <std::size_t N>
std::string choice(const std::string& value, const char* const (&allowed)[N], const char* field) {
    std::string list;
    for (const char* a : allowed) {
        if (value == a) return value;
        list += (list.empty() ? "" : ", ") + std::string(a);
    }
    throw ApiError{400,
                   std::string(field) + " must be one of " + list,
                   0,
                   "invalid_field",
                   {{"field", field}}};
}

void check_password(const std::string& password) {
    if (password.size() < kMinPasswordBytes)
        throw ApiError{
            400,
            "the password must have at least " + std::to_string(kMinPasswordBytes) + " characters",
            0,
            "invalid_password",
            {{"min", std::int64_t(kMinPasswordBytes)}, {"max", std::int64_t(kMaxPasswordBytes)}}};
    if (password.size() > kMaxPasswordBytes)
        throw ApiError{
            400,
            "the password must have at most " + std::to_string(kMaxPasswordBytes) + " bytes",
            0,
            "invalid_password",
            {{"min", std::int64_t(kMinPasswordBytes)}, {"max", std::int64_t(kMaxPasswordBytes)}}};
}

}  // namespace

AccountService::AccountService(AccountStore& store, Cluster* cluster, AccountServiceOptions options)
    : store_(store), options_(options), limits_(options.login_limits, cluster) {}

const std::string& AccountService::dummy_hash() {
    std::call_once(dummy_once_,
                   [&] { dummy_hash_ = hash_password(random_hex(16), options_.password_cost); });
    return dummy_hash_;
}

std::string AccountService::check_name(const std::string& name) {
    auto normal = text::normalize_name(name);
    if (!normal)
        throw ApiError{400, "the name " + normal.error(), 0, "invalid_name", {{"field", "name"}}};
    // The name is a path segment (/api/accounts/{name}) and a word in the page: no spaces or
    // characters that URLs and HTML give a meaning.
    for (char c : *normal)
        if (c == ' ' || c == '/' || c == '?' || c == '#' || c == '%' || c == '<' || c == '>' ||
            c == '&' || c == '"' || c == '\'' || c == '\\')
            throw ApiError{400,
                           "the name may not hold spaces or any of / ? # % < > & \" ' \\",
                           0,
                           "invalid_name",
                           {{"field", "name"}}};
    if (normal->size() < 2 || normal->size() > kMaxAccountNameBytes)
        throw ApiError{400,
                       "the name must have 2 to " + std::to_string(kMaxAccountNameBytes) + " bytes",
                       0,
                       "invalid_name",
                       {{"field", "name"}}};
    return *normal;
}

AccountRow AccountService::insert(const std::string& name, const std::string& password,
                                  const char* role, const std::optional<std::string>& invitation) {
    const std::string normal = check_name(name);
    check_password(password);
    AccountRow row;
    row.id = random_hex(12);
    row.name = normal;
    row.name_key = text::name_skeleton(normal);
    row.password_hash = hash_password(password, options_.password_cost);
    row.display_name = normal;
    row.language = "en";
    row.theme = "auto";
    row.role = role;
    row.created_at = now_ms();
    const std::optional<std::string> invitation_hash =
        invitation ? std::optional(sha256_hex(*invitation)) : std::nullopt;
    switch (store_.insert_account(row, invitation_hash, row.created_at)) {
        case AccountInsert::inserted:
            return row;
        case AccountInsert::name_taken:
            throw ApiError{409,
                           "the name '" + quote(normal) + "' (or one that looks like it) is taken",
                           0,
                           "name_taken",
                           {{"name", normal}}};
        case AccountInsert::invitation_unusable:
            break;
    }
    throw ApiError{403, "the invitation is unknown or was used already", 0, "invitation_unusable"};
}

AccountRow AccountService::sign_up(const std::string& name, const std::string& password,
                                   const std::optional<std::string>& invitation) {
    if (options_.signups == Signups::invite && !invitation)
        throw ApiError{403,
                       "this server signs up invited people only: ask an admin for an invitation",
                       0, "invitation_required"};
    return insert(name, password, "player",
                  options_.signups == Signups::invite ? invitation : std::nullopt);
}

AccountRow AccountService::create_admin(const std::string& name, const std::string& password) {
    return insert(name, password, "admin", std::nullopt);
}

SignedIn AccountService::sign_in(const std::string& name, const std::string& password,
                                 const std::string& address) {
    auto normal = text::normalize_name(name);
    const std::string key = normal ? text::name_skeleton(*normal) : name;
    if (const int wait = limits_.take(address, key, steady_now()); wait > 0)
        throw ApiError{429,
                       "too many sign-in attempts: try again in " + std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", std::int64_t(wait)}}};
    if (password.size() > kMaxPasswordBytes)
        throw ApiError{401, kWrongNameOrPassword, 0, "wrong_credentials"};
    const std::optional<AccountRow> account =
        normal ? store_.find_by_key(key) : std::optional<AccountRow>();
    // The same work whether the name exists or not (the dummy hash for an unknown name).
    const bool matches =
        verify_password(account ? account->password_hash : dummy_hash(), password) && account;
    if (!matches) throw ApiError{401, kWrongNameOrPassword, 0, "wrong_credentials"};
    SignedIn signed_in;
    signed_in.token = random_hex(32);
    signed_in.csrf_token = csrf_token(signed_in.token);
    signed_in.account = *account;
    const std::int64_t now = now_ms();
    signed_in.expires_at = now + options_.session_idle_ms;
    store_.insert_session(
        {sha256_hex(signed_in.token), account->id, now, now, signed_in.expires_at});
    return signed_in;
}

std::optional<Session> AccountService::authenticate(const std::string& token) {
    if (token.empty() || token.size() > 128) return std::nullopt;
    const std::string hash = sha256_hex(token);
    const std::int64_t now = now_ms();
    const auto session = store_.find_session(hash, now);
    if (!session) return std::nullopt;
    auto account = store_.find_by_id(session->account_id);
    if (!account) return std::nullopt;
    // Renewed at most once a minute: a page's requests do not each cost a write.
    if (now - session->last_seen_at > 60'000)
        store_.touch_session(hash, now, now + options_.session_idle_ms);
    return Session{std::move(*account), hash};
}

void AccountService::sign_out(const Session& session) { store_.delete_session(session.token_hash); }

std::string AccountService::csrf_token(const std::string& token) {
    return hmac_sha256_hex(token, "chess960 csrf");
}

AccountRow AccountService::profile(const std::string& name) {
    auto normal = text::normalize_name(name);
    std::optional<AccountRow> account;
    if (normal) account = store_.find_by_key(text::name_skeleton(*normal));
    if (!account)
        throw ApiError{404,
                       "no account named '" + quote(name) + "'",
                       0,
                       "no_such_account",
                       {{"name", quote(name)}}};
    return *account;
}

AccountRow AccountService::update_settings(const Session& session,
                                           const AccountSettings& settings) {
    AccountRow row = session.account;
    if (settings.display_name) {
        auto normal = text::normalize_name(*settings.display_name);
        if (!normal || normal->size() > 2 * kMaxAccountNameBytes)
            throw ApiError{
                400,
                "the display name " + (normal ? std::string("is too long") : normal.error()),
                0,
                "invalid_name",
                {{"field", "displayName"}}};
        row.display_name = *normal;
    }
    if (settings.language) row.language = choice(*settings.language, kLanguages, "language");
    if (settings.theme) row.theme = choice(*settings.theme, kThemes, "theme");
    store_.update_account(row);
    return row;
}

void AccountService::delete_account(const Session& session, const std::string& name) {
    const AccountRow account = profile(name);
    if (account.id != session.account.id)
        throw ApiError{403, "only its owner may delete an account", 0, "not_owner"};
    store_.delete_account(account.id);
}

std::string AccountService::create_invitation(const Session& session) {
    if (session.account.role != "admin")
        throw ApiError{403, "only an admin may invite", 0, "not_admin"};
    const std::string token = random_hex(16);
    store_.insert_invitation(
        {sha256_hex(token), session.account.id, now_ms(), std::nullopt, std::nullopt});
    return token;
}

}  // namespace chess960::server
