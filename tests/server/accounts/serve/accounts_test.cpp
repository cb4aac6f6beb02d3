// The accounts through the server's API (docs/openapi.yaml: /api/accounts, /api/session,
// /api/invitations), on SQLite and, under accounts_serve_tests_postgres, on PostgreSQL: sign up, in
// and out, one answer for an unknown name and a wrong password, the login limits per address and
// per account, the session cookie's attributes, cross-site requests refused, only Argon2id
// hashes in the store, a deleted account's data gone, invite-only sign-ups.
#include <string>
#include <vector>

#include "account_support.hpp"
#include "cli_support.hpp"
#include "server/server.hpp"
#include "store/secrets.hpp"

namespace chess960::testing {
namespace {

TEST_F(AccountsServerTest, SignUpSignInAndOut) {
    Reply up = sign_up("Ann");
    ASSERT_EQ(up.status, 201) << up.text;
    EXPECT_EQ(up.body["name"], "Ann");
    // A name that looks like a taken one (a Cyrillic "А") is the same name.
    Reply lookalike = sign_up("\xD0\x90nn");
    EXPECT_EQ(lookalike.status, 409) << lookalike.text;
    EXPECT_EQ(lookalike.body["code"], "name_taken");
    EXPECT_EQ(sign_up("Bob", "short").status, 400);
    EXPECT_EQ(sign_up("a b", kPassword).status, 400);

    Reply in = sign_in("Ann");
    ASSERT_EQ(in.status, 200) << in.text;
    const std::string token = in.body["token"];
    EXPECT_EQ(token.size(), 64u);
    Reply me = reply(client_->Get("/api/session", bearer(token)));
    ASSERT_EQ(me.status, 200) << me.text;
    EXPECT_EQ(me.body["name"], "Ann");
    EXPECT_EQ(me.body["role"], "player");
    EXPECT_EQ(me.body["csrfToken"], in.body["csrfToken"]);

    Reply profile = get("/api/accounts/Ann");
    ASSERT_EQ(profile.status, 200);
    EXPECT_EQ(profile.body["name"], "Ann");
    EXPECT_TRUE(profile.body["ratings"].is_object());
    EXPECT_EQ(get("/api/accounts/Nobody").status, 404);

    // Settings, by the owner.
    Reply patched = reply(client_->Patch("/api/accounts/Ann", bearer(token),
                                         Json{{"language", "de"}, {"theme", "dark"}}.dump(),
                                         "application/json"));
    ASSERT_EQ(patched.status, 200) << patched.text;
    EXPECT_EQ(patched.body["language"], "de");
    EXPECT_EQ(reply(client_->Patch("/api/accounts/Ann", bearer(token),
                                   Json{{"language", "xx"}}.dump(), "application/json"))
                  .status,
              400);

    Reply out = reply(client_->Delete("/api/session", bearer(token)));
    EXPECT_EQ(out.status, 204) << out.text;
    EXPECT_EQ(reply(client_->Get("/api/session", bearer(token))).status, 401);
    // A second sign-in is a new session with a new token.
    Reply again = sign_in("Ann");
    ASSERT_EQ(again.status, 200);
    EXPECT_NE(again.body["token"], token);
}

TEST_F(AccountsServerTest, AnUnknownNameAndAWrongPasswordAreAnsweredAlike) {
    ASSERT_EQ(sign_up("Ann").status, 201);
    Reply unknown = sign_in("Nobody");
    Reply wrong = sign_in("Ann", "not the password");
    EXPECT_EQ(unknown.status, 401);
    EXPECT_EQ(wrong.status, 401);
    EXPECT_EQ(unknown.text, wrong.text);
}

TEST_F(AccountsServerTest, TheSessionCookieIsHttpOnlySameSiteAndSecureBehindHttps) {
    ASSERT_EQ(sign_up("Ann").status, 201);
    Reply plain = sign_in("Ann");
    ASSERT_EQ(plain.status, 200);
    const std::string cookie = plain.headers.find("Set-Cookie")->second;
    EXPECT_TRUE(cookie.starts_with("chess960_session=" + plain.body["token"].get<std::string>()))
        << cookie;
    EXPECT_NE(cookie.find("; HttpOnly"), std::string::npos) << cookie;
    EXPECT_NE(cookie.find("; SameSite=Lax"), std::string::npos) << cookie;
    EXPECT_NE(cookie.find("; Path=/"), std::string::npos) << cookie;
    EXPECT_EQ(cookie.find("Secure"), std::string::npos) << cookie;
    Reply https = sign_in("Ann", kPassword, {{"X-Forwarded-Proto", "https"}});
    ASSERT_EQ(https.status, 200);
    EXPECT_NE(https.headers.find("Set-Cookie")->second.find("; Secure"), std::string::npos);
}

TEST_F(AccountsServerTest, ACrossSiteRequestIsRefusedAndThePagesOwnIsNot) {
    const std::string token = account("Ann");
    const std::string cookie = "chess960_session=" + token;
    // The cookie alone (what another site's form would send): refused.
    Reply bare = reply(client_->Delete("/api/session", httplib::Headers{{"Cookie", cookie}}));
    EXPECT_EQ(bare.status, 403) << bare.text;
    EXPECT_EQ(bare.body["code"], "csrf");
    // Another site's Origin: refused, even with the token.
    const std::string csrf =
        reply(client_->Get("/api/session", httplib::Headers{{"Cookie", cookie}}))
            .body.value("csrfToken", "");
    ASSERT_FALSE(csrf.empty());
    Reply foreign =
        reply(client_->Delete("/api/session", httplib::Headers{{"Cookie", cookie},
                                                               {"Origin", "https://evil.example"},
                                                               {"X-CSRF-Token", csrf}}));
    EXPECT_EQ(foreign.status, 403);
    EXPECT_EQ(foreign.body["code"], "cross_site");
    Reply cross_sign_up = reply(
        client_->Post("/api/accounts", httplib::Headers{{"Origin", "https://evil.example"}},
                      Json{{"name", "Eve"}, {"password", kPassword}}.dump(), "application/json"));
    EXPECT_EQ(cross_sign_up.status, 403);
    // A wrong token: refused.
    EXPECT_EQ(reply(client_->Delete("/api/session", httplib::Headers{{"Cookie", cookie},
                                                                     {"X-CSRF-Token", "0" + csrf}}))
                  .status,
              403);
    // The page: its own Origin, or the session's token.
    Reply settings = reply(client_->Patch(
        "/api/accounts/Ann", httplib::Headers{{"Cookie", cookie}, {"Origin", origin()}},
        Json{{"theme", "light"}}.dump(), "application/json"));
    EXPECT_EQ(settings.status, 200) << settings.text;
    Reply out = reply(client_->Delete(
        "/api/session", httplib::Headers{{"Cookie", cookie}, {"X-CSRF-Token", csrf}}));
    EXPECT_EQ(out.status, 204) << out.text;
}

class AccountsLimitTest : public AccountsServerTest {
  protected:
    void configure() override {
        options_.login_attempts_per_address = 4;
        options_.login_attempts_per_account = 6;
    }
};

TEST_F(AccountsLimitTest, RepeatedFailuresFromOneAddressAre429WithRetryAfter) {
    ASSERT_EQ(sign_up("Ann").status, 201);
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(sign_in(i % 2 ? "Ann" : "Nobody" + std::to_string(i), "wrong password").status,
                  401);
    Reply limited = sign_in("Ann");  // the right password, but too late
    EXPECT_EQ(limited.status, 429) << limited.text;
    EXPECT_GE(std::stoi(limited.headers.find("Retry-After")->second), 1);
    // Another address may still sign in.
    HttpClient other(port_, "127.0.0.2");
    EXPECT_EQ(other.post("/api/session", Json{{"name", "Ann"}, {"password", kPassword}}).status,
              200);
}

TEST_F(AccountsLimitTest, RepeatedFailuresAgainstOneAccountFromManyAddressesAre429) {
    ASSERT_EQ(sign_up("Ann").status, 201);
    ASSERT_EQ(sign_up("Bob").status, 201);
    // Six addresses, one guess each (under each address's limit of 4).
    for (int i = 0; i < 6; ++i) {
        HttpClient from(port_, "127.0.0." + std::to_string(10 + i));
        EXPECT_EQ(from.post("/api/session", Json{{"name", "Ann"}, {"password", "guess"}}).status,
                  401);
    }
    HttpClient next(port_, "127.0.0.20");
    const auto limited = next.post("/api/session", Json{{"name", "Ann"}, {"password", kPassword}});
    EXPECT_EQ(limited.status, 429) << limited.body;
    EXPECT_GE(std::stoi(limited.header("retry-after")), 1);
    // Another account from that address is not held up.
    EXPECT_EQ(next.post("/api/session", Json{{"name", "Bob"}, {"password", kPassword}}).status,
              200);
}

TEST_F(AccountsServerTest, TheStoreHoldsOnlyArgon2idHashesNeverThePasswordOrTheToken) {
    const std::string token = account("Ann");
    const auto hashes = column("SELECT password_hash FROM accounts");
    ASSERT_EQ(hashes.size(), 1u);
    EXPECT_TRUE(hashes[0].starts_with("$argon2id$v=19$")) << hashes[0];
    EXPECT_EQ(hashes[0].find(kPassword), std::string::npos);
    const auto rows = column(
        "SELECT id || name || name_key || password_hash || display_name || language || theme || "
        "role FROM accounts");
    EXPECT_EQ(rows.at(0).find(kPassword), std::string::npos);
    EXPECT_EQ(column("SELECT token_hash FROM account_sessions"),
              std::vector<std::string>{server::sha256_hex(token)});
}

TEST_F(AccountsServerTest, ADeletedAccountsPersonalDataIsGoneFromTheStore) {
    const std::string ann = account("Ann");
    const std::string bob = account("Bob");
    ASSERT_EQ(reply(client_->Patch("/api/accounts/Ann", bearer(ann),
                                   Json{{"displayName", "Ann Example"}}.dump(), "application/json"))
                  .status,
              200);
    EXPECT_EQ(sign_in("Ann").status, 200);  // a second session
    // Only the owner may.
    Reply not_owner = reply(client_->Delete("/api/accounts/Ann", bearer(bob)));
    EXPECT_EQ(not_owner.status, 403);
    Reply deleted = reply(client_->Delete("/api/accounts/Ann", bearer(ann)));
    EXPECT_EQ(deleted.status, 204) << deleted.text;
    EXPECT_EQ(get("/api/accounts/Ann").status, 404);
    EXPECT_EQ(reply(client_->Get("/api/session", bearer(ann))).status, 401);
    EXPECT_EQ(column("SELECT name FROM accounts"), std::vector<std::string>{"Bob"});
    EXPECT_EQ(column("SELECT count(*) FROM account_sessions"), std::vector<std::string>{"1"});
    EXPECT_EQ(column("SELECT count(*) FROM accounts WHERE display_name = 'Ann Example'"),
              std::vector<std::string>{"0"});
    // The name is free again.
    EXPECT_EQ(sign_up("Ann").status, 201);
}

class InviteOnlyTest : public AccountsServerTest {
  protected:
    void configure() override { options_.invite_only = true; }
};

TEST_F(InviteOnlyTest, SignUpsNeedAnAdminsInvitationUsedOnce) {
    Reply uninvited = sign_up("Ann");
    EXPECT_EQ(uninvited.status, 403);
    EXPECT_EQ(uninvited.body["code"], "invitation_required");
    // The admin, made from the command line while the server runs (the password on stdin).
    const auto made = run_chess960(
        {"account", "create-admin", "Admin", "--db", options_.db_path, "--interactive-cost"},
        std::string(kPassword) + "\n");
    ASSERT_EQ(made.status, 0) << made.err;
    EXPECT_EQ(run_chess960({"account", "create-admin", "Admin", "--db", options_.db_path,
                            "--interactive-cost"},
                           std::string(kPassword) + "\n")
                  .status,
              1);  // the name is taken
    Reply in = sign_in("Admin");
    ASSERT_EQ(in.status, 200) << in.text;
    const std::string admin = in.body["token"];
    Reply invitation = post("/api/invitations", Json::object(), admin);
    ASSERT_EQ(invitation.status, 201) << invitation.text;
    const std::string code = invitation.body["token"];
    Reply invited =
        post("/api/accounts", Json{{"name", "Ann"}, {"password", kPassword}, {"invitation", code}});
    EXPECT_EQ(invited.status, 201) << invited.text;
    Reply again =
        post("/api/accounts", Json{{"name", "Bob"}, {"password", kPassword}, {"invitation", code}});
    EXPECT_EQ(again.status, 403);
    EXPECT_EQ(again.body["code"], "invitation_unusable");
    // A player may not invite.
    const std::string ann = sign_in("Ann").body.value("token", "");
    EXPECT_EQ(post("/api/invitations", Json::object(), ann).status, 403);
}

}  // namespace
}  // namespace chess960::testing
