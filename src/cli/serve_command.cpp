// `chess960 serve`: the web server with the browser board.
#include <CLI/CLI.hpp>

#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "args/arguments.hpp"
#include "cli/command.hpp"
#include "server/server.hpp"
#include "store/migration.hpp"
#include "store/open.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::cli {

namespace {

struct ServeOptions {
    CLI::Option *host = nullptr, *port = nullptr, *db = nullptr, *explorer = nullptr,
                *web = nullptr, *engine_threads = nullptr, *io_threads = nullptr,
                *max_connections = nullptr, *max_connections_per_address = nullptr,
                *max_games_per_minute = nullptr, *max_engine_games = nullptr,
                *max_moves_per_second = nullptr, *max_events_per_hour = nullptr;
    std::string signups = "open", password_cost = "moderate";
    CLI::App* migrate = nullptr;
    std::string migrate_from, migrate_to;
};

// `chess960 serve migrate --from games.db --to postgresql://...`: the games copied, then checked
// move by move (store/migration.hpp).
int migrate(const ServeOptions& o) {
    try {
        const auto from = server::open_store(o.migrate_from);
        const auto to = server::open_store(o.migrate_to);
        const auto report = server::migrate_games(
            *from, *to, [](const char* step, std::size_t done, std::size_t total) {
                std::cerr << step << " " << done << " of " << total << " games" << std::endl;
            });
        std::cout << "migrated " << report.games << " games (" << report.moves << " moves) to "
                  << server::redact_postgres_uri(o.migrate_to) << ", each checked move by move"
                  << std::endl;
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "chess960 serve migrate: " << e.what() << std::endl;
        return kFailed;
    }
}

server::Options server_options(const ServeOptions& o) {
    using args::number_option;
    server::Options options;
    if (auto host = args::value(o.host)) options.host = *host;
    if (auto port = args::value(o.port))
        options.port = int(number_option("--port", *port, 0, 65535));
    if (auto db = args::value(o.db)) options.db_path = *db;
    if (auto dir = args::value(o.explorer)) options.explorer_dir = *dir;
    if (auto threads = args::value(o.engine_threads))
        options.engine_threads = int(number_option("--engine-threads", *threads, 1, 64));
    if (auto threads = args::value(o.io_threads))
        options.io_threads = int(number_option("--io-threads", *threads, 1, 256));
    if (auto n = args::value(o.max_connections))
        options.max_connections =
            std::size_t(number_option("--max-connections", *n, 1, 10'000'000));
    if (auto n = args::value(o.max_connections_per_address))
        options.max_connections_per_address =
            std::size_t(number_option("--max-connections-per-address", *n, 1, 10'000'000));
    if (auto n = args::value(o.max_games_per_minute)) {
        options.limits.games_per_minute =
            double(number_option("--max-games-per-minute", *n, 0, 1'000'000));
        options.limits.games_burst =
            std::max(options.limits.games_burst, options.limits.games_per_minute / 3);
    }
    if (auto n = args::value(o.max_events_per_hour))
        options.limits.events_per_hour =
            double(number_option("--max-events-per-hour", *n, 0, 1'000'000));
    if (auto n = args::value(o.max_engine_games))
        options.limits.engine_games = int(number_option("--max-engine-games", *n, 0, 1'000'000));
    if (auto n = args::value(o.max_moves_per_second)) {
        options.limits.moves_per_second =
            double(number_option("--max-moves-per-second", *n, 0, 1'000'000));
        options.limits.moves_burst =
            std::max(options.limits.moves_burst, 2 * options.limits.moves_per_second);
    }
    options.invite_only = o.signups == "invite";
    options.interactive_password_cost = o.password_cost == "interactive";
    if (auto web = args::value(o.web)) {
        options.web_dir = *web;
    } else {
        // The source tree's web/dist, else a web/ directory next to the binary.
        namespace fs = std::filesystem;
        options.web_dir = server::default_web_dir();
        std::error_code ec;
        fs::path beside = fs::read_symlink("/proc/self/exe", ec).parent_path() / "web";
        if (!fs::exists(fs::path(options.web_dir) / "index.html", ec) &&
            fs::exists(beside / "index.html", ec))
            options.web_dir = beside.string();
    }
    options.log = &std::cerr;
    return options;
}

// Serves until SIGINT or SIGTERM: the signals are blocked in every thread and one thread waits
// for them with sigwait, so that stopping the server runs in an ordinary thread.
int run(const ServeOptions& o) {
    if (o.migrate && o.migrate->parsed()) return migrate(o);
    const server::Options options = server_options(o);
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::optional<server::Server> server;
    int port = 0;
    try {
        server.emplace(options);
        port = server->bind();
    } catch (const std::exception& e) {
        std::cerr << "chess960 serve: " << e.what() << std::endl;
        return kFailed;
    }
    std::cout << "Listening on http://" << options.host << ":" << port << "/" << std::endl;
    std::cerr << "database " << options.db_path << ", web app " << options.web_dir
              << " (stop with Ctrl-C)" << std::endl;
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::path(options.web_dir) / "index.html", ec))
        std::cerr << "the web app is not built (no " << options.web_dir
                  << "/index.html): run 'make web'; pages show how until then" << std::endl;
    std::thread waiter([&] {
        int signal = 0;
        sigwait(&signals, &signal);
        std::cerr << "chess960 serve: stopping" << std::endl;
        server->stop();
    });
    server->run();
    // run() ends only through stop(), which the waiter calls.
    waiter.join();
    return 0;
}

}  // namespace

Command add_serve_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "serve",
        "Play in the browser: the web app, its JSON API (docs/openapi.yaml) and live play over "
        "WebSocket or Server-Sent Events (docs/live.md). Limits per client address (0: none); "
        "over them the answer is 429 (or 503 for connections).");
    auto o = std::make_shared<ServeOptions>();
    o->host = app->add_option("--host", "address to listen on (default 127.0.0.1)")->type_name("H");
    o->port = app->add_option("--port", "port 0..65535 (default 8960; 0 picks a free port)")
                  ->type_name("P");
    o->db = app->add_option("--db",
                            "the games' database: an SQLite file (default chess960.db) or a "
                            "PostgreSQL URI postgresql://user@host/dbname, which several servers "
                            "may share (docs/deploy.md)")
                ->type_name("DB");
    o->explorer = app->add_option("--explorer",
                                  "the opening explorer's index, a directory (default: DB.explorer "
                                  "beside an SQLite file; chess960-explorer here for PostgreSQL, "
                                  "one for each server)")
                      ->type_name("DIR");
    o->web = app->add_option("--web", "the built web app (default: web/dist of the source tree)")
                 ->type_name("DIR");
    o->engine_threads =
        app->add_option("--engine-threads", "threads for engine games (1..64, default 1)")
            ->type_name("N");
    o->io_threads = app->add_option("--io-threads",
                                    "threads serving connections (1..256; default one per core)")
                        ->type_name("N");
    o->max_connections =
        app->add_option("--max-connections", "connections in all (default 30000)")->type_name("N");
    o->max_connections_per_address = app->add_option("--max-connections-per-address",
                                                     "connections from one address (default 1000)")
                                         ->type_name("N");
    o->max_games_per_minute =
        app->add_option("--max-games-per-minute", "new games a minute per address (default 30)")
            ->type_name("N");
    o->max_engine_games =
        app->add_option("--max-engine-games", "engine games in play per address (default 4)")
            ->type_name("N");
    o->max_moves_per_second =
        app->add_option("--max-moves-per-second", "moves a second per address (default 20)")
            ->type_name("N");
    o->max_events_per_hour =
        app->add_option("--max-events-per-hour", "new events an hour per address (default 20)")
            ->type_name("N");
    app->add_option("--signups", o->signups,
                    "who may make an account: open (anyone, the default) or invite (people an "
                    "admin invited: POST /api/invitations)")
        ->check(CLI::IsMember({"open", "invite"}));
    app->add_option("--password-cost", o->password_cost,
                    "Argon2id's cost for passwords: moderate (256 MiB, about a second; the "
                    "default) or interactive (64 MiB, tens of milliseconds)")
        ->check(CLI::IsMember({"moderate", "interactive"}));
    o->migrate = app->add_subcommand(
        "migrate",
        "Copy every game from one database to another, empty one (an SQLite file to "
        "PostgreSQL), then check each game move by move against the original.");
    o->migrate->add_option("--from", o->migrate_from, "the database to copy (a path or a URI)")
        ->required()
        ->type_name("DB");
    o->migrate->add_option("--to", o->migrate_to, "the empty database to copy to")
        ->required()
        ->type_name("DB");
    return {app, [o] { return run(*o); }};
}

// `chess960 account create-admin NAME [--db DB]`: the password is read from standard input
// (one line), never from the command line, which other users see in the process list.
Command add_account_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand("account", "The server's accounts.");
    app->require_subcommand(1);
    CLI::App* create = app->add_subcommand(
        "create-admin",
        "Make an admin account (who may invite people on a --signups invite server); the "
        "password is read from standard input.");
    auto name = std::make_shared<std::string>();
    auto db = std::make_shared<std::string>("chess960.db");
    auto interactive = std::make_shared<bool>(false);
    create->add_option("NAME", *name, "the account's name")->required();
    create->add_option("--db", *db, "the server's database (default chess960.db)")->type_name("DB");
    create->add_flag("--interactive-cost", *interactive,
                     "hash the password at Argon2id's interactive cost (as --password-cost "
                     "interactive)");
    return {app, [name, db, interactive] {
                std::string password;
                std::getline(std::cin, password);
                if (!password.empty() && password.back() == '\r') password.pop_back();
                try {
                    server::create_admin(*db, *name, password, *interactive);
                } catch (const std::exception& e) {
                    std::cerr << "chess960 account create-admin: " << e.what() << std::endl;
                    return kFailed;
                }
                std::cout << "admin account '" << *name << "' created" << std::endl;
                return 0;
            }};
}

}  // namespace chess960::cli
