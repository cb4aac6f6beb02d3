// `chess960 db import` as a process: the real games of tests/data imported, each once however
// often the import runs; a bad game reported with its file and line and skipped, the others
// imported; compressed files read; an import killed at every boundary of its batches' writes
// and started again ends with every game once and the explorer as a clean import's.
#include <gtest/gtest.h>
#include <zstd.h>

#include <fstream>

#include "cli_support.hpp"
#include "gamedb/explorer.hpp"
#include "gamedb_support.hpp"

using namespace chess960;
using namespace chess960::server;
using namespace chess960::testing;

namespace {

std::vector<std::string> pgn_files() {
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(std::string(CHESS960_TEST_DATA) + "/pgn"))
        files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

CommandResult import(const std::vector<std::string>& files, const std::string& db,
                     std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"db", "import"};
    args.insert(args.end(), files.begin(), files.end());
    args.insert(args.end(), {"--db", db});
    args.insert(args.end(), more.begin(), more.end());
    return run_chess960(args);
}

// The explorer's totals at every start position the games use, and the games stored.
struct Snapshot {
    std::map<int, long> roots;
    long games = 0;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const std::string& db) {
    const auto games = open_store(db);
    const auto store = open_game_db_store(db);
    gamedb::IndexKeeper index(*store, std::make_unique<ExplorerIndex>(default_explorer_dir(db)));
    Snapshot s;
    DbSearch all;
    all.max = 100000;
    s.games = long(store->search(all).size());
    gamedb::ExplorerQuery q;
    q.source = gamedb::ExplorerSource::Imported;
    for (int n = 0; n < 960; ++n)
        if (long count =
                gamedb::explore(index, *store, startpos::position(n).value(), q).counts.games())
            s.roots[n] = count;
    return s;
}

}  // namespace

TEST(ImportCli, ImportsEachGameOnceAndSaysSo) {
    TempDatabase db;
    db.index.reset();  // the command keeps the index
    const auto files = pgn_files();
    auto first = import(files, db.path);
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_NE(first.out.find("imported 29 games, skipped 0, already there 0"), std::string::npos)
        << first.out;
    auto again = import(files, db.path);
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.out.find("imported 0 games, skipped 0, already there 29"), std::string::npos)
        << again.out;
    EXPECT_EQ(snapshot(db.path).games, 29);
}

TEST(ImportCli, ABadGameIsReportedWithItsLineAndTheOthersImported) {
    TempDatabase db;
    db.index.reset();
    const std::string path = db.dir + "/bad.pgn";
    std::ofstream(path) << "[Event \"a\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n"
                           "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                           "[Event \"b\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"0-1\"]\n\n"
                           "1. e4 e5 2. Ke3 0-1\n\n"
                           "[Event \"c\"]\n[Variant \"Chess960\"]\n[FEN \"not a fen\"]\n"
                           "[Result \"*\"]\n\n*\n";
    auto r = import({path}, db.path);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("imported 1 games, skipped 2"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find(path + ":13:"), std::string::npos) << r.err;  // the illegal Ke3
    EXPECT_NE(r.err.find("Ke3"), std::string::npos) << r.err;
    // The FEN is refused where the game's moves start (line 20), the tags read.
    EXPECT_NE(r.err.find(path + ":20: ? - ?: [FEN \"not a fen\"]"), std::string::npos) << r.err;
    auto unnamed = import({path}, db.path, {"--collection", ""});
    EXPECT_EQ(unnamed.status, 2);
    EXPECT_NE(unnamed.err.find("--collection needs a name"), std::string::npos) << unnamed.err;
    auto missing = import({db.dir + "/none.pgn"}, db.path);
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("cannot open"), std::string::npos);
}

TEST(ImportCli, ACompressedFileImportsAsThePlainOne) {
    TempDatabase plain, packed;
    plain.index.reset();
    packed.index.reset();
    std::string text;
    for (const auto& f : pgn_files()) text += slurp(f) + "\n";
    std::string zst(ZSTD_compressBound(text.size()), '\0');
    zst.resize(ZSTD_compress(zst.data(), zst.size(), text.data(), text.size(), 3));
    const std::string path = packed.dir + "/games.pgn.zst";
    std::ofstream(path, std::ios::binary) << zst;
    ASSERT_EQ(import(pgn_files(), plain.path).status, 0);
    ASSERT_EQ(import({path}, packed.path).status, 0);
    EXPECT_EQ(snapshot(plain.path), snapshot(packed.path));
}

TEST(ImportCli, AnImportKilledAnywhereAndStartedAgainHasEveryGameOnce) {
    TempDatabase clean;
    clean.index.reset();
    ASSERT_EQ(import(pgn_files(), clean.path).status, 0);
    const Snapshot expected = snapshot(clean.path);
    ASSERT_EQ(expected.games, 29);
    // Batches of 4 games: 8 transactions, each boundary of each tried in turn.
    setenv("CHESS960_DB_BATCH_GAMES", "4", 1);
    int killed = 0;
    for (int n = 1; n < 1000; ++n) {
        TempDatabase db;
        db.index.reset();
        setenv("CHESS960_TEST_KILL_AT", ("add_games:" + std::to_string(n)).c_str(), 1);
        const auto r = import(pgn_files(), db.path);
        unsetenv("CHESS960_TEST_KILL_AT");
        if (r.status == 0) break;  // past the last boundary
        ++killed;
        const auto resumed = import(pgn_files(), db.path);
        ASSERT_EQ(resumed.status, 0) << resumed.err;
        ASSERT_EQ(snapshot(db.path), expected) << "killed at boundary " << n;
    }
    unsetenv("CHESS960_DB_BATCH_GAMES");
    EXPECT_GE(killed, 8);
}
