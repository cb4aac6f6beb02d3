// The accounts' routes (docs/openapi.yaml: /api/accounts, /api/session, /api/invitations). A
// request is signed in by its Authorization: Bearer token (scripts) or by the session cookie
// (the page). A state-changing request signed in by the cookie must also show that the page
// made it: an Origin header naming this server, or the session's CSRF token in X-CSRF-Token,
// which another site's page cannot read (the cookie is sent with a cross-site form's POST; the
// token is not). A Bearer token is never sent by a browser on its own, so it needs neither.
#include <nlohmann/json.hpp>

#include "accounts/service.hpp"
#include "common/now.hpp"
#include "http/requests.hpp"
#include "lobby/service.hpp"
#include "puzzles/service.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

bool changes_state(std::string_view method) {
    return method != "GET" && method != "HEAD" && method != "OPTIONS";
}

bool same_origin(const HttpRequest& request) {
    return server::same_origin(request.origin, request.host, request.https);
}

std::string session_cookie(const std::string& value, std::int64_t max_age_s, bool secure) {
    // HttpOnly: the page's scripts cannot read it (an injected script cannot steal it);
    // SameSite=Lax: another site's form or fetch does not carry it, except a top-level link.
    return std::string(kSessionCookie) + "=" + value + "; Path=/; HttpOnly; SameSite=Lax" +
           "; Max-Age=" + std::to_string(max_age_s) + (secure ? "; Secure" : "");
}

Json account_json(const AccountRow& account) {
    // The ratings are the lobby's (ratings_json), added where they are shown.
    return Json{
        {"name", account.name}, {"displayName", account.display_name}, {"ratings", Json::object()}};
}

Json own_account_json(const AccountRow& account) {
    Json json = account_json(account);
    json["role"] = account.role;
    json["language"] = account.language;
    json["theme"] = account.theme;
    return json;
}

std::pair<std::string, std::string> credentials(std::string_view body) {
    const Json json = parse_object(body, "the body");
    auto name = string_field(json, "name");
    auto password = string_field(json, "password");
    if (!name)
        throw ApiError{400, "field 'name' is missing", 0, "missing_field", {{"field", "name"}}};
    if (!password)
        throw ApiError{
            400, "field 'password' is missing", 0, "missing_field", {{"field", "password"}}};
    return {std::move(*name), std::move(*password)};
}

}  // namespace

bool same_origin(std::string_view origin, std::string_view host, bool https) {
    if (origin.empty() || host.empty()) return false;
    const std::string o(origin), h(host);
    return o == "https://" + h || (!https && o == "http://" + h);
}

std::string seat_token(const HttpRequest& request) {
    if (!request.bearer.empty() || request.session_cookie.empty())
        return std::string(request.bearer);
    const std::string token(request.session_cookie);
    // The cookie holds an account game's seat (lobby/service.hpp) for the page; a move or an
    // action by it needs the CSRF proof, as any state-changing request signed in by it.
    if (changes_state(request.method) && !same_origin(request) &&
        (request.csrf.empty() || std::string(request.csrf) != AccountService::csrf_token(token)))
        throw ApiError{403,
                       "a request signed in by the cookie needs the session's X-CSRF-Token "
                       "header (GET /api/session) or this server's Origin",
                       0, "csrf"};
    return token;
}

std::string_view cookie_value(std::string_view header, std::string_view name) {
    while (!header.empty()) {
        const auto end = header.find(';');
        std::string_view pair = header.substr(0, end);
        while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
        if (pair.size() > name.size() && pair.starts_with(name) && pair[name.size()] == '=')
            return pair.substr(name.size() + 1);
        if (end == std::string_view::npos) break;
        header.remove_prefix(end + 1);
    }
    return {};
}

void check_same_site(const HttpRequest& request) {
    if (!changes_state(request.method)) return;
    check_body(request.body);
    // Another site's page posting here (a form, a fetch) names itself in Origin: refused
    // whatever it carries.
    if (!request.origin.empty() && !same_origin(request))
        throw ApiError{403, "cross-site request refused (Origin does not match this server)", 0,
                       "cross_site"};
}

Session signed_in(const HttpRequest& request, AccountService& accounts) {
    const bool by_cookie = request.bearer.empty();
    const std::string token(by_cookie ? request.session_cookie : request.bearer);
    auto session = accounts.authenticate(token);
    if (!session) throw ApiError{401, "not signed in", 0, "not_signed_in"};
    if (by_cookie && changes_state(request.method) && !same_origin(request) &&
        (request.csrf.empty() || std::string(request.csrf) != AccountService::csrf_token(token)))
        throw ApiError{403,
                       "a request signed in by the cookie needs the session's X-CSRF-Token "
                       "header (GET /api/session) or this server's Origin",
                       0, "csrf"};
    return std::move(*session);
}

RouteHandler same_site(std::optional<HttpResponse> (*handler)(const RouteCall&)) {
    return [handler](const RouteCall& call) {
        check_same_site(call.request);
        return handler(call);
    };
}

namespace {

std::optional<HttpResponse> sign_up(const RouteCall& call) {
    const auto [name, password] = credentials(call.request.body);
    const auto invitation = string_field(parse_object(call.request.body, "the body"), "invitation");
    return json_response(
        201, account_json(call.api.accounts.sign_up(name, password, invitation)).dump());
}

std::optional<HttpResponse> sign_in(const RouteCall& call) {
    const HttpRequest& request = call.request;
    const auto [name, password] = credentials(request.body);
    const SignedIn in = call.api.accounts.sign_in(name, password, request.client);
    HttpResponse response = json_response(200, Json{{"token", in.token},
                                                    {"csrfToken", in.csrf_token},
                                                    {"account", own_account_json(in.account)}}
                                                   .dump());
    const std::int64_t max_age = (in.expires_at - now_ms()) / 1000;
    response.headers.emplace_back("Set-Cookie", session_cookie(in.token, max_age, request.https));
    response.headers.emplace_back("Cache-Control", "no-store");
    return response;
}

std::optional<HttpResponse> own_session(const RouteCall& call) {
    const HttpRequest& request = call.request;
    const Session session = signed_in(request, call.api.accounts);
    const std::string token(request.bearer.empty() ? request.session_cookie : request.bearer);
    Json json = own_account_json(session.account);
    json["ratings"] = ratings_json(call.api.lobby, session.account.id);
    json["csrfToken"] = AccountService::csrf_token(token);
    HttpResponse response = json_response(200, json.dump());
    response.headers.emplace_back("Cache-Control", "no-store");
    return response;
}

std::optional<HttpResponse> sign_out(const RouteCall& call) {
    const Session session = signed_in(call.request, call.api.accounts);
    call.api.accounts.sign_out(session);
    // A player who leaves leaves the lobby: its seeks are withdrawn.
    call.api.lobby.leave(session.account.id);
    HttpResponse response{204, "application/json", "", {}};
    response.headers.emplace_back("Set-Cookie", session_cookie("", 0, call.request.https));
    return response;
}

std::optional<HttpResponse> invite(const RouteCall& call) {
    AccountService& accounts = call.api.accounts;
    return json_response(
        201, Json{{"token", accounts.create_invitation(signed_in(call.request, accounts))}}.dump());
}

std::optional<HttpResponse> profile(const RouteCall& call) {
    const AccountRow account = call.api.accounts.profile(decode_segment(call.params["name"]));
    Json json = account_json(account);
    json["ratings"] = ratings_json(call.api.lobby, account.id);
    json["puzzle"] = puzzle_rating_json(call.api.puzzles.rating(account.id));
    return json_response(200, json.dump());
}

std::optional<HttpResponse> delete_account(const RouteCall& call) {
    AccountService& accounts = call.api.accounts;
    const std::string name = decode_segment(call.params["name"]);
    accounts.delete_account(signed_in(call.request, accounts), name);
    HttpResponse response{204, "application/json", "", {}};
    // The deleting client's own session went with the account.
    response.headers.emplace_back("Set-Cookie", session_cookie("", 0, call.request.https));
    return response;
}

std::optional<HttpResponse> update_settings(const RouteCall& call) {
    AccountService& accounts = call.api.accounts;
    const std::string name = decode_segment(call.params["name"]);
    const Session session = signed_in(call.request, accounts);
    if (accounts.profile(name).id != session.account.id)
        throw ApiError{403, "only its owner may change an account's settings", 0, "not_owner"};
    const Json json = parse_object(call.request.body, "the body");
    AccountSettings settings{string_field(json, "displayName"), string_field(json, "language"),
                             string_field(json, "theme")};
    return json_response(200, own_account_json(accounts.update_settings(session, settings)).dump());
}

}  // namespace

void add_account_routes(RouteTable& table) {
    table.add("POST", "/api/accounts", same_site(sign_up));
    table.add("GET", "/api/accounts/{name}", same_site(profile));
    table.add("PATCH", "/api/accounts/{name}", same_site(update_settings));
    table.add("DELETE", "/api/accounts/{name}", same_site(delete_account));
    table.add("POST", "/api/session", same_site(sign_in));
    table.add("GET", "/api/session", same_site(own_session));
    table.add("DELETE", "/api/session", same_site(sign_out));
    table.add("POST", "/api/invitations", same_site(invite));
}

}  // namespace chess960::server
