#include "server/server.hpp"

#include <cmath>
#include <csignal>
#include <mutex>
#include <ostream>

#include "accounts/service.hpp"
#include "events/service.hpp"
#include "gamedb/index_keeper.hpp"
#include "gamedb/recorder.hpp"
#include "games/analysis.hpp"
#include "games/service.hpp"
#include "games/settlement.hpp"
#include "http/asio.hpp"
#include "http/http_server.hpp"
#include "http/lobby_views.hpp"
#include "http/render_cache.hpp"
#include "http/routes.hpp"
#include "http/static_files.hpp"
#include "live/lobby_socket.hpp"
#include "live/sessions.hpp"
#include "lobby/service.hpp"
#include "puzzles/service.hpp"
#include "rating/rating.hpp"
#include "store/database.hpp"
#include "store/explorer_index.hpp"

#ifndef CHESS960_WEB_DIR
#define CHESS960_WEB_DIR "web/dist"
#endif

namespace chess960::server {

std::string default_web_dir() { return CHESS960_WEB_DIR; }

namespace {

AccountServiceOptions account_options(const Options& o) {
    AccountServiceOptions a;
    a.signups = o.invite_only ? Signups::invite : Signups::open;
    a.password_cost =
        o.interactive_password_cost ? PasswordCost::interactive : PasswordCost::moderate;
    a.login_limits.per_address_burst = o.login_attempts_per_address;
    a.login_limits.per_account_burst = o.login_attempts_per_account;
    return a;
}

// A lobby game as the game database keeps it: its accounts' names and its event (as its PGN
// download has them), and each side's rating before it, which the explorer's averageRating and
// rating groups use. The game's row may be settled already or not (the recorder runs beside the
// store's writer): the ratings read first are those before the game unless the row read after
// them says it was settled, when the row's own are.
void describe_account_game(AccountGameStore& store, pgn::GameRecord& record,
                           const std::string& id) {
    auto game = store.find_account_game(id);
    if (!game) return;
    // A player new to the pool has a new player's rating, as the lobby shows it.
    auto rating_in = [&](const std::optional<std::string>& account) -> std::optional<double> {
        if (!account) return std::nullopt;
        for (const RatingRow& r : store.ratings(*account))
            if (r.pool == game->pool) return r.rating;
        return rating::kDefaultRating;
    };
    const auto white_now = rating_in(game->white_account),
               black_now = rating_in(game->black_account);
    game = store.find_account_game(id);  // settled meanwhile?
    if (!game) return;
    add_account_tags(record, *game);
    if (!game->rated || (game->white_before && game->black_before)) return;
    if (white_now && black_now) {
        record.set_tag("WhiteElo", std::to_string(int(std::lround(*white_now))));
        record.set_tag("BlackElo", std::to_string(int(std::lround(*black_now))));
    }
}

// The explorer's index: --explorer, else beside an SQLite file; a server of a PostgreSQL cluster
// without --explorer keeps its own copy in a temporary directory, made again from the database.
std::unique_ptr<ExplorerIndex> open_explorer_index(const Options& o) {
    if (!o.explorer_dir.empty()) return std::make_unique<ExplorerIndex>(o.explorer_dir);
    if (is_postgres_uri(o.db_path))
        return std::make_unique<ExplorerIndex>(temporary_explorer_dir(), true);
    return std::make_unique<ExplorerIndex>(default_explorer_dir(o.db_path));
}

}  // namespace

void create_admin(const std::string& db, const std::string& name, const std::string& password,
                  bool interactive_password_cost) {
    Database database(db);
    Options o;
    o.interactive_password_cost = interactive_password_cost;
    AccountService accounts(database.accounts(), nullptr, account_options(o));
    try {
        accounts.create_admin(name, password);
    } catch (const ApiError& e) {
        throw std::runtime_error(e.message);
    }
}

struct Server::Impl {
    Options options;
    std::mutex log_mutex;
    Database database;
    gamedb::IndexKeeper explorer_index;
    // Before the games, which tell it of each game's end, and after them to go.
    gamedb::GameRecorder recorder;
    GameService games;
    RenderCache event_views;  // the events' public views, rendered
    EventService events;
    AnalysisService analysis;
    AccountService accounts;
    LobbyService lobby;
    puzzles::PuzzleService puzzles;
    Routes routes;
    HttpServer http;

    explicit Impl(Options o)
        : options(std::move(o)),
          database(
              options.db_path, [this](const std::string& line) { log(line); },
              account_game_rater([this](const std::string& line) { log(line); })),
          explorer_index(database.game_db(), open_explorer_index(options)),
          recorder(database.game_db(), explorer_index,
                   [this](const std::string& line) { log(line); }),
          games(database.games(), database.cluster(),
                GameServiceOptions{options.limits, options.engine_threads, options.engine_hash_mb,
                                   [this](const std::string& line) { log(line); }}),
          event_views(kEventViewTtl, 10'000),
          events(
              database.events(), games,
              EventServiceOptions{
                  .rates = {.events_per_minute = options.limits.games_per_minute,
                            .events_burst = options.limits.games_burst,
                            .creations_per_hour = options.limits.events_per_hour,
                            .creations_burst = options.limits.events_burst},
                  .log = [this](const std::string& line) { log(line); },
                  .on_changed = [this](const std::string& id) { event_views.invalidate(id); },
                  // An event's player may be an account (constructed below, called later).
                  .accounts =
                      {.of_session = [this](std::string_view token) -> std::optional<EventAccount> {
                           if (token.empty()) return std::nullopt;
                           auto session = accounts.authenticate(std::string(token));
                           if (!session) return std::nullopt;
                           return EventAccount{session->account.id, session->account.name};
                       },
                       .named = [this](const std::string& name) -> std::optional<EventAccount> {
                           try {
                               const AccountRow account = accounts.profile(name);
                               return EventAccount{account.id, account.name};
                           } catch (const ApiError&) {
                               return std::nullopt;
                           }
                       }}}),
          analysis(AnalysisOptions{}, games.cluster()),
          accounts(database.accounts(), database.cluster(), account_options(options)),
          lobby({.seeks = database.seeks(),
                 .account_games = database.account_games(),
                 .presence = database.presence(),
                 .changes = database.lobby_changes()},
                accounts, games,
                LobbyOptions{
                    // Other servers' changes are heard of at once (LISTEN/NOTIFY); the seeks are
                    // read this often too, for a notice lost while the listener reconnected.
                    .poll_every = std::chrono::milliseconds(database.cluster() ? 1'000 : 2'000),
                    .feed_gap = std::chrono::milliseconds(options.lobby_feed_gap_ms),
                    .leave_after = std::chrono::milliseconds(options.lobby_leave_after_ms),
                    .pool_range = {.widen_every = std::chrono::milliseconds(
                                       options.lobby_pool_widen_every_ms)},
                    .log = [this](const std::string& line) { log(line); }}),
          puzzles(database.puzzles(), now_ms),
          routes(ApiServices{games, events, event_views, analysis, accounts, lobby,
                             database.game_db(), explorer_index, recorder, puzzles},
                 StaticFiles(options.web_dir)),
          http(
              HttpServerOptions{options.host, options.port, options.io_threads,
                                options.max_connections, options.max_connections_per_address,
                                std::chrono::milliseconds(options.header_timeout_ms),
                                std::chrono::milliseconds(options.idle_timeout_ms)},
              routes,
              [this](beast::tcp_stream stream, http::request<http::string_body> request,
                     LiveRoute route, LiveConnection connection) {
                  if (route.kind == LiveRoute::Kind::Lobby)
                      return serve_lobby(lobby, std::move(stream), std::move(request),
                                         std::move(connection));
                  return serve_live(
                      games, LiveOptions{std::chrono::milliseconds(options.hello_timeout_ms)},
                      std::move(stream), std::move(request), std::move(route),
                      std::move(connection));
              },
              [this](const std::string& line) { log(line); }) {
        // Every game that ends here goes into the game database (its explorer counts it then),
        // a lobby's game with its accounts' names and its event as its PGN has them.
        recorder.set_describe([this](pgn::GameRecord& record, const std::string& id) {
            describe_account_game(database.account_games(), record, id);
        });
        games.set_on_game_finished(
            [this](LiveGame& game) { recorder.record(games.pgn_record_held(game), game.row.id); });
        // Games over and not settled, as a database of an earlier version may hold them (this
        // one settles a game in the transaction that stores its end).
        const auto log_line = [this](const std::string& line) { log(line); };
        if (const int settled =
                settle_games_over(database.account_games(), account_game_rater(log_line), log_line))
            log("settled the ratings of " + std::to_string(settled) + " games over");
    }

    void log(const std::string& line) {
        if (!options.log) return;
        std::lock_guard lock(log_mutex);
        *options.log << line << std::endl;
    }
};

Server::Server(Options options) {
    // A client that goes away must cost an EPIPE, not the process. Left alone if the program
    // has its own handler.
    struct sigaction current {};
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
        std::signal(SIGPIPE, SIG_IGN);
    impl_ = std::make_unique<Impl>(std::move(options));
}

Server::~Server() { stop(); }

int Server::bind() { return impl_->http.bind(); }

void Server::run() { impl_->http.run(); }

void Server::stop() {
    impl_->http.stop();
    impl_->lobby.stop();
    impl_->events.stop();
    impl_->analysis.stop();
    impl_->games.stop();
}

std::size_t Server::open_connections() const { return impl_->http.open_connections(); }

std::size_t Server::games_in_memory() const { return impl_->games.games_in_memory(); }

}  // namespace chess960::server
