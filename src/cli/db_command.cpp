// `chess960 db import FILE... --db DB [--collection NAME] [--masters]`: PGN files (plain, .zst,
// .gz, .bz2: pgn_input.hpp) into the server's game database (store/game_db_store.hpp), the
// explorer's index (store/explorer_index.hpp) updated with them, or, when a running server has
// it open, left to that server (which reads the new games from the database within a second). The
// files are read and replayed on every core (pgn_parallel.hpp), the games written in batches, one
// transaction each, in input order. A game already there (the same content: an import run again, or
// killed and started again) is counted, not added again; a game that cannot be replayed is reported
// (FILE:LINE: why) and skipped, the rest imported.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <utility>

#include "args/arguments.hpp"
#include "cli/command.hpp"
#include "cli/pgn_input.hpp"
#include "gamedb/batch_writer.hpp"
#include "gamedb/collector.hpp"
#include "gamedb/index_keeper.hpp"
#include "pgn_chunks/pgn_parallel.hpp"
#include "store/explorer_index.hpp"
#include "store/open.hpp"

namespace chess960::cli {

namespace {

struct ImportOptions {
    std::vector<std::string> files;
    std::string db = "chess960.db";
    std::string collection = "imported";
    std::string explorer;  // empty: default_explorer_dir(db)
    bool masters = false;
    int threads = default_pgn_threads();
};

// The games a chunk gave.
struct ImportBatch {
    long games = 0;  // read
    long moves = 0;  // of the games taken
    std::vector<server::DbNewGame> taken;
    std::vector<server::gamedb::SkippedGame> skipped;
};

// Games a transaction. Alone on its database the import writes large ones: each commit writes
// the pages of the games' indexes (the hashes', the players'...) that its games touched, nearly
// all of them, so that fewer commits write less (at 275,000 lichess-like games 100,000 a
// transaction took a quarter less CPU than 20,000). Beside a server (which holds the explorer's
// index) or on PostgreSQL (which servers share) it writes small ones, a few tens of
// milliseconds each, so that no game's move waits long for the write lock. The tests ask for
// tiny ones (CHESS960_DB_BATCH_GAMES), to kill an import between many of them.
std::size_t games_per_write(bool shared) {
    if (const char* games = std::getenv("CHESS960_DB_BATCH_GAMES"))
        return std::max<std::size_t>(1, std::strtoull(games, nullptr, 10));
    return shared ? 1'000 : 50'000;
}

class Importer {
  public:
    Importer(server::GameDbStore& store, server::gamedb::IndexKeeper* index,
             server::gamedb::DbDestination to, bool shared)
        : batch_(games_per_write(shared)),
          writer_(store, index),
          to_(std::move(to)),
          start_(std::chrono::steady_clock::now()),
          progress_(isatty(STDERR_FILENO) != 0) {}

    int file(const std::string& path, int threads) {
        PgnInput input(path);
        if (!input.ok()) {
            std::cerr << "chess960 db import: cannot open '" << path << "'" << std::endl;
            return kFailed;
        }
        try {
            auto take = [&](ImportBatch& batch, const std::string& name) {
                for (const auto& skip : batch.skipped) {
                    end_progress_line();
                    std::cerr << name << ":" << skip.line << ": " << skip.why << std::endl;
                }
                skipped_ += long(batch.skipped.size());
                read_ += batch.games;
                moves_ += batch.moves;
                for (auto& game : batch.taken) pending_.push_back(std::move(game));
                if (pending_.size() >= batch_) write();
            };
            // What follows the chunks where the input has no line to cut at: read here.
            auto rest = [&](std::istream& in, long first_line, long) {
                pgn::Reader reader(in);
                reader.start_at_line(first_line);
                for (bool more = true; more;) {
                    server::gamedb::DbGameCollector collector(to_);
                    for (int i = 0; more && i < 1000; ++i) more = reader.read_game(collector);
                    ImportBatch batch{collector.games_read, collector.moves,
                                      std::move(collector.games), std::move(collector.skipped)};
                    take(batch, input.name());
                }
            };
            for_each_chunk<ImportBatch>(
                input.stream(), threads,
                [&](const PgnChunk& chunk) {
                    server::gamedb::DbGameCollector collector(to_);
                    read_chunk(chunk, collector);
                    return ImportBatch{collector.games_read, collector.moves,
                                       std::move(collector.games), std::move(collector.skipped)};
                },
                [&](ImportBatch& batch, long) {
                    take(batch, input.name());
                    return true;
                },
                rest);
            write();
            writer_.finish();
        } catch (const server::StoreError&) {
            throw;  // the database failed: nothing more can be imported
        } catch (const std::runtime_error& e) {
            // A read error or corrupt compressed data: what was read before it is kept.
            write();
            writer_.finish();
            end_progress_line();
            std::cerr << "chess960 db import: " << e.what() << std::endl;
            return kFailed;
        }
        return 0;
    }

    void summary() {
        writer_.finish();
        end_progress_line();
        const double seconds = elapsed();
        std::cout << "imported " << writer_.added() << " games, skipped " << skipped_
                  << ", already there " << writer_.already_there() << ", "
                  << long(double(read_) / std::max(seconds, 1e-9)) << " games a second (" << read_
                  << " read in " << seconds << " s; " << moves_ << " moves, "
                  << (moves_ ? double(code_bytes_) * 8 / double(moves_) : 0.0) << " bits a move)"
                  << std::endl;
    }

  private:
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

    // Hands the games read to the writer (which waits while two batches wait).
    void write() {
        if (pending_.empty()) return;
        for (const auto& game : pending_) code_bytes_ += long(game.game.moves.size());
        writer_.write(std::exchange(pending_, {}));
        if (progress_) {
            std::fprintf(stderr, "\r%ld games read, %ld imported, %ld skipped, %.0f games/s ",
                         read_, writer_.added(), skipped_,
                         double(read_) / std::max(elapsed(), 1e-9));
            std::fflush(stderr);
            progress_shown_ = true;
        }
    }

    void end_progress_line() {
        if (!progress_shown_) return;
        std::fputc('\n', stderr);
        progress_shown_ = false;
    }

    std::size_t batch_;
    server::gamedb::BatchWriter writer_;
    server::gamedb::DbDestination to_;
    std::chrono::steady_clock::time_point start_;
    bool progress_, progress_shown_ = false;
    std::vector<server::DbNewGame> pending_;
    long read_ = 0, skipped_ = 0, moves_ = 0, code_bytes_ = 0;
};

int run_import(const ImportOptions& o) {
    if (o.collection.empty()) throw args::ArgumentError{"--collection needs a name"};
    try {
        // The game store opens (and makes or migrates) the database first.
        const auto games = server::open_store(
            o.db, [](const std::string& line) { std::cerr << line << std::endl; });
        const auto store = server::open_game_db_store(o.db);
        const server::DbCollection collection = store->collection(o.collection, o.masters);
        if (collection.masters != o.masters)
            std::cerr << "chess960 db import: collection '" << o.collection << "' is "
                      << (collection.masters ? "" : "not ")
                      << "a masters collection already: its games are indexed "
                      << (collection.masters ? "whole" : "to ply 50") << std::endl;
        // The explorer's index beside an SQLite file: this process's to keep (first brought up
        // to date: an import killed before may have left games out of it), unless a server has
        // it open. Each server of a PostgreSQL cluster keeps its own and reads the games there.
        std::unique_ptr<server::gamedb::IndexKeeper> index;
        if (!server::is_postgres_uri(o.db) || !o.explorer.empty()) {
            const std::string dir =
                o.explorer.empty() ? server::default_explorer_dir(o.db) : o.explorer;
            try {
                index = std::make_unique<server::gamedb::IndexKeeper>(
                    *store, std::make_unique<server::ExplorerIndex>(dir));
                index->catch_up();
            } catch (const server::ExplorerIndexBusy&) {
                std::cerr << "chess960 db import: the explorer's index " << dir
                          << " is open in a server, which will index the games itself" << std::endl;
            }
        }
        Importer importer(*store, index.get(), {collection.id, collection.masters, std::nullopt},
                          !index);
        int status = 0;
        for (const std::string& file : o.files)
            if (importer.file(file, o.threads)) status = kFailed;
        importer.summary();
        return status;
    } catch (const server::StoreError& e) {
        std::cerr << "chess960 db import: " << e.what() << std::endl;
        return kFailed;
    }
}

}  // namespace

Command add_db_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand("db", "The game database: import games for its explorer.");
    app->require_subcommand(1);
    auto o = std::make_shared<ImportOptions>();
    CLI::App* import = app->add_subcommand(
        "import",
        "Import PGN files (plain, .zst, .gz or .bz2; lichess's Chess960 database files as they "
        "are) into the server's database: each game once, the bad ones reported and skipped.");
    import->add_option("FILE", o->files, "PGN files ('-' for standard input)")->required();
    import
        ->add_option("--db", o->db,
                     "the server's database: an SQLite file (default chess960.db) or a "
                     "PostgreSQL URI")
        ->type_name("DB");
    import
        ->add_option("--collection", o->collection,
                     "the collection the games go to (default 'imported'); the explorer's "
                     "imported source can show it alone")
        ->type_name("NAME");
    import
        ->add_option("--explorer", o->explorer,
                     "the explorer's index (default: DB.explorer beside an SQLite file)")
        ->type_name("DIR");
    import->add_flag("--masters", o->masters,
                     "index the collection's games whole in the explorer (else their first 50 "
                     "plies, as lichess's explorer)");
    import->add_option("--threads", o->threads, "threads replaying the games (default: every core)")
        ->check(CLI::Range(1, 256));
    return {app, [o] { return run_import(*o); }};
}

}  // namespace chess960::cli
