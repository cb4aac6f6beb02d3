// The match runner (`chess960 match`): the statistics on known counts, the command line, and
// whole matches against tiny fixture engines (tests/fixtures) that play randomly, play an
// illegal move, crash, hang, castle in the wrong notation or answer too late.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/pgn.hpp"
#include "match/match.hpp"
#include "match/move_comment.hpp"
#include "match/options.hpp"
#include "match/stats.hpp"
#include "match/time_control.hpp"

using namespace chess960;
using namespace chess960::match;

namespace {

// --- Statistics --------------------------------------------------------------------------------
// Expected values computed independently (Python) from the formulas in match/stats.hpp.

TEST(MatchStats, EloAndScoreAreInverse) {
    EXPECT_DOUBLE_EQ(elo_to_score(0), 0.5);
    EXPECT_NEAR(score_to_elo(0.75), 190.8485, 1e-3);
    EXPECT_NEAR(score_to_elo(0.6), 70.4365, 1e-3);
    EXPECT_NEAR(score_to_elo(0.25), -190.8485, 1e-3);
    for (double elo : {-600.0, -35.0, 0.0, 12.5, 400.0})
        EXPECT_NEAR(score_to_elo(elo_to_score(elo)), elo, 1e-9);
    EXPECT_TRUE(std::isinf(score_to_elo(1.0)) && score_to_elo(1.0) > 0);
    EXPECT_TRUE(std::isinf(score_to_elo(0.0)) && score_to_elo(0.0) < 0);
}

TEST(MatchStats, TrinomialInterval) {
    // 60 wins, 20 draws, 20 losses: mean 0.7, per-game variance 0.16.
    ScoreSample s = sample(Trinomial{60, 20, 20});
    EXPECT_EQ(s.n, 100);
    EXPECT_NEAR(s.mean, 0.7, 1e-12);
    EXPECT_NEAR(s.variance, 0.16, 1e-12);
    EloEstimate e = estimate_elo(s);
    EXPECT_NEAR(e.elo, 147.1907, 1e-3);
    EXPECT_NEAR(e.lower, 86.2250, 1e-3);
    EXPECT_NEAR(e.upper, 218.2518, 1e-3);
    EXPECT_NEAR(e.los, 0.99999971, 1e-7);
}

TEST(MatchStats, PentanomialInterval) {
    // Pairs scoring 0, 0.5, 1, 1.5, 2 points: mean 0.6 per game, pair variance 0.065.
    Pentanomial p;
    p.counts = {5, 10, 40, 30, 15};
    ScoreSample s = sample(p);
    EXPECT_EQ(s.n, 100);
    EXPECT_NEAR(s.mean, 0.6, 1e-12);
    EXPECT_NEAR(s.variance, 0.065, 1e-12);
    EloEstimate e = estimate_elo(s);
    EXPECT_NEAR(e.elo, 70.4365, 1e-3);
    EXPECT_NEAR(e.lower, 34.8815, 1e-3);
    EXPECT_NEAR(e.upper, 107.5148, 1e-3);
}

TEST(MatchStats, SprtLogisticGsprt) {
    Pentanomial p;
    p.counts = {5, 10, 40, 30, 15};
    SprtState state = sprt(SprtConfig{0, 5, 0.05, 0.05}, sample(p));
    EXPECT_NEAR(state.llr, 1.06711, 1e-4);
    EXPECT_NEAR(state.lower, -2.944439, 1e-6);
    EXPECT_NEAR(state.upper, 2.944439, 1e-6);
    EXPECT_EQ(state.decision, SprtState::Decision::Continue);

    SprtState h1 = sprt(SprtConfig{0, 10, 0.05, 0.05}, sample(Trinomial{60, 20, 20}));
    EXPECT_NEAR(h1.llr, 1.73371, 1e-4);
    SprtState h0 = sprt(SprtConfig{0, 10, 0.05, 0.05}, sample(Trinomial{20, 20, 60}));
    EXPECT_NEAR(h0.llr, -1.86308, 1e-4);
    // Ten times the games: ten times the LLR, past the bounds.
    EXPECT_EQ(sprt(SprtConfig{0, 10, 0.05, 0.05}, sample(Trinomial{600, 200, 200})).decision,
              SprtState::Decision::AcceptH1);
    EXPECT_EQ(sprt(SprtConfig{0, 10, 0.05, 0.05}, sample(Trinomial{200, 200, 600})).decision,
              SprtState::Decision::AcceptH0);
    // alpha 0.01, beta 0.1: asymmetric bounds.
    SprtState bounds = sprt(SprtConfig{0, 5, 0.01, 0.1}, sample(Trinomial{1, 1, 1}));
    EXPECT_NEAR(bounds.lower, std::log(0.1 / 0.99), 1e-12);
    EXPECT_NEAR(bounds.upper, std::log(0.9 / 0.01), 1e-12);
}

TEST(MatchStats, NoDecisionWithoutSpread) {
    // Nothing played, or every game won: no variance, no verdict from the normal approximation.
    EXPECT_EQ(sprt(SprtConfig{}, sample(Trinomial{})).llr, 0);
    EXPECT_EQ(sprt(SprtConfig{}, sample(Trinomial{10, 0, 0})).decision,
              SprtState::Decision::Continue);
    EloEstimate none = estimate_elo(sample(Trinomial{}));
    EXPECT_EQ(none.elo, 0);
}

TEST(MatchStats, SprtEndsOnARunOfOneResult) {
    // Every pair lost: without spread the normal approximation had no variance and the LLR stayed
    // 0 however many pairs were lost (a 0/0/100 run never stopped). Empty outcomes count half a
    // sample in the SPRT's sample, so the test ends, and not after the first pairs.
    const SprtConfig config{0, 5, 0.05, 0.05};
    auto lost = [](std::int64_t n) {
        Pentanomial p;
        p.counts[0] = n;
        return p;
    };
    auto won = [](std::int64_t n) {
        Pentanomial p;
        p.counts[4] = n;
        return p;
    };
    EXPECT_EQ(sprt(config, sample(lost(100))).llr, 0);  // the plain sample still has no spread
    EXPECT_EQ(sprt(config, sprt_sample(lost(10))).decision, SprtState::Decision::Continue);
    EXPECT_LT(sprt(config, sprt_sample(lost(10))).llr, 0);
    EXPECT_EQ(sprt(config, sprt_sample(lost(50))).decision, SprtState::Decision::AcceptH0);
    EXPECT_EQ(sprt(config, sprt_sample(won(10))).decision, SprtState::Decision::Continue);
    EXPECT_EQ(sprt(config, sprt_sample(won(50))).decision, SprtState::Decision::AcceptH1);
    EXPECT_EQ(sprt(SprtConfig{0, 10, 0.05, 0.05}, sprt_sample(Trinomial{0, 0, 30})).decision,
              SprtState::Decision::AcceptH0);
    // Nothing played: nothing to decide on.
    EXPECT_EQ(sprt(config, sprt_sample(Pentanomial{})).llr, 0);
    // With every outcome present the SPRT's sample is the plain one.
    Pentanomial all;
    all.counts = {5, 10, 40, 30, 15};
    EXPECT_EQ(sprt_sample(all).mean, sample(all).mean);
    EXPECT_EQ(sprt_sample(all).variance, sample(all).variance);
}

TEST(MatchComments, TheScoreIsReadBackInCentipawns) {
    EXPECT_EQ(comment_centipawns("+0.32/8 0.01s"), 32);
    EXPECT_EQ(comment_centipawns("-1.05/12 0.50s"), -105);
    EXPECT_EQ(comment_centipawns(" +12.34/20 1.00s"), 1234);
    EXPECT_EQ(comment_centipawns("-0.05/3 0.00s"), -5);
    EXPECT_EQ(comment_centipawns("+M3/20 0.10s"), std::nullopt);
    EXPECT_EQ(comment_centipawns("0.52s"), std::nullopt);
    EXPECT_EQ(comment_centipawns("+0.3"), std::nullopt);
    EXPECT_EQ(comment_centipawns("+1/5 0.1s"), std::nullopt);
    EXPECT_EQ(comment_centipawns("+"), std::nullopt);
    EXPECT_EQ(comment_centipawns(""), std::nullopt);
}

// --- Command line ------------------------------------------------------------------------------

TEST(MatchArguments, FullCommandLine) {
    auto config = parse_match_arguments({"--engine",       "cmd=/bin/a",
                                         "name=A",         "arg=uci",
                                         "option.Hash=64", "option.Skill Level=3",
                                         "--engine",       "cmd=b",
                                         "--games",        "10",
                                         "--tc",           "40/60+0.5",
                                         "--concurrency",  "3",
                                         "--pgn",          "out.pgn",
                                         "--positions",    "12,518:700",
                                         "--sprt",         "elo0=-1",
                                         "elo1=4",         "alpha=0.01",
                                         "--draw",         "movenumber=30",
                                         "movecount=6",    "score=5",
                                         "--resign",       "movecount=4",
                                         "score=900",      "twosided=false",
                                         "--maxmoves",     "150"});
    ASSERT_TRUE(config) << config.error();
    EXPECT_EQ(config->engines[0].command, "/bin/a");
    EXPECT_EQ(config->engines[0].name, "A");
    EXPECT_EQ(config->engines[0].args, std::vector<std::string>{"uci"});
    ASSERT_EQ(config->engines[0].options.size(), 2u);
    EXPECT_EQ(config->engines[0].options[1].first, "Skill Level");
    EXPECT_EQ(config->engines[0].options[1].second, "3");
    EXPECT_EQ(config->engines[1].command, "b");
    EXPECT_EQ(config->games, 10);
    EXPECT_EQ(config->limit.kind, Limit::Kind::Time);
    EXPECT_EQ(config->limit.time.moves, 40);
    EXPECT_EQ(config->limit.time.initial, 60000);
    EXPECT_EQ(config->limit.time.increment, 500);
    EXPECT_EQ(config->concurrency, 3);
    EXPECT_EQ(config->pgn_path, "out.pgn");
    EXPECT_EQ(config->positions.kind, PositionSpec::Kind::List);
    ASSERT_EQ(config->positions.numbers.size(), 2u);
    EXPECT_EQ(config->positions.numbers[1], std::make_pair(518, 700));
    ASSERT_TRUE(config->sprt);
    EXPECT_EQ(config->sprt->elo0, -1);
    EXPECT_EQ(config->sprt->elo1, 4);
    EXPECT_EQ(config->sprt->alpha, 0.01);
    EXPECT_EQ(config->sprt->beta, 0.05);
    ASSERT_TRUE(config->draw && config->resign);
    EXPECT_EQ(config->draw->move_number, 30);
    EXPECT_EQ(config->resign->score, 900);
    EXPECT_FALSE(config->resign->two_sided);
    EXPECT_EQ(config->max_moves, 150);
}

TEST(MatchArguments, Errors) {
    const std::vector<std::string> two = {"--engine", "cmd=a", "--engine", "cmd=b"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = two;
        args.insert(args.end(), extra.begin(), extra.end());
        return parse_match_arguments(args);
    };
    EXPECT_TRUE(with({"--games", "2", "--nodes", "100"}));
    EXPECT_FALSE(with({"--nodes", "100"}));                                // no --games
    EXPECT_FALSE(with({"--games", "2"}));                                  // no limit
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--depth", "2"}));  // two limits
    EXPECT_FALSE(with({"--games", "0", "--nodes", "1"}));
    EXPECT_FALSE(with({"--games", "2", "--tc", "fast"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--concurrency", "0"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--positions", "960"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--positions", "all", "--double960"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--sprt", "elo0=5", "elo1=0"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--sprt", "alpha=2"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--resign", "moves=3"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "--frobnicate"}));
    EXPECT_FALSE(with({"--games", "2", "--nodes", "1", "stray"}));
    EXPECT_FALSE(with({"--games", "2", "--games", "3", "--nodes", "1"}));
    EXPECT_FALSE(parse_match_arguments({"--engine", "cmd=a", "--games", "2", "--nodes", "1"}));
    EXPECT_FALSE(parse_match_arguments(
        {"--engine", "name=x", "--engine", "cmd=b", "--games", "2", "--nodes", "1"}));
}

TEST(MatchArguments, TimeControl) {
    auto tc = parse_time_control("10+0.1");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->moves, 0);
    EXPECT_EQ(tc->initial, 10000);
    EXPECT_EQ(tc->increment, 100);
    EXPECT_EQ(time_control_tag(*tc), "10+0.1");
    EXPECT_EQ(time_control_tag(*parse_time_control("40/60")), "40/60");
    EXPECT_EQ(time_control_tag(*parse_time_control("0.5")), "0.5");
    EXPECT_FALSE(parse_time_control("+1"));
    EXPECT_FALSE(parse_time_control("10+"));
    EXPECT_FALSE(parse_time_control("0"));
    EXPECT_FALSE(parse_time_control("x/10"));
}

// --- Whole matches -----------------------------------------------------------------------------

struct RunResult {
    std::string out, err;
    int status = -1;
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A scratch directory per test.
class TempDir {
  public:
    TempDir() {
        char name[] = "/tmp/chess960_match_test_XXXXXX";
        path_ = mkdtemp(name) ? name : "";
    }
    ~TempDir() {
        if (!path_.empty()) (void)!std::system(("rm -rf '" + path_ + "'").c_str());
    }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

  private:
    std::string path_;
};

// Runs the built chess960 binary with `args`, stdout and stderr to files.
RunResult run(const std::vector<std::string>& args) {
    TempDir dir;
    const std::string out_path = dir.file("out"), err_path = dir.file("err");
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "rb", stdin) || !freopen(out_path.c_str(), "wb", stdout) ||
            !freopen(err_path.c_str(), "wb", stderr))
            _exit(127);
        std::vector<std::string> copy = args;
        std::string binary = CHESS960_BINARY;
        std::vector<char*> argv{binary.data()};
        for (auto& a : copy) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(binary.c_str(), argv.data());
        _exit(127);
    }
    RunResult r;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) r.status = WEXITSTATUS(status);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

std::string fixture(const std::string& name) {
    return "cmd=" + std::string(CHESS960_FIXTURE_DIR) + "/fixture_" + name;
}

std::vector<pgn::GameRecord> read_pgn(const std::string& path) {
    std::ifstream in(path);
    pgn::Reader reader(in);
    pgn::Replayer replayer(true);
    reader.read_all(replayer);
    for (const auto& p : replayer.problems) ADD_FAILURE() << p.describe();
    return replayer.games;
}

// `chess960 pgn check` accepts the file.
void expect_pgn_check_passes(const std::string& path) {
    RunResult check = run({"pgn", "check", path});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    EXPECT_NE(check.out.find(" 0 errors"), std::string::npos) << check.out;
}

// A comment with its line breaks (the writer wraps long comments) as single blanks.
std::string one_line(const std::string& comment) {
    std::istringstream in(comment);
    std::string word, text;
    while (in >> word) text += (text.empty() ? "" : " ") + word;
    return text;
}

// Every comment of a game, one a line, the final reason last.
std::string comments(const pgn::GameRecord& g) {
    std::string text;
    for (const auto& c : g.main.comments) text += one_line(c) + "\n";
    for (const auto& n : g.main.nodes)
        for (const auto& c : n.comments) text += one_line(c) + "\n";
    return text;
}

// The report line that starts with `prefix`.
std::string report_line(const std::string& report, const std::string& prefix) {
    std::istringstream in(report);
    std::string line;
    while (std::getline(in, line))
        if (line.starts_with(prefix)) return line;
    ADD_FAILURE() << "no line '" << prefix << "' in:\n" << report;
    return {};
}

// Runs a two-game match (one pair) in which the first engine ("bad", the fixture `engine` with
// `engine_args`) misbehaves, and checks that it loses both games by `reason`, with `tag` as the
// PGN termination and `report_counts` in the report.
struct Fault {
    std::string engine;
    std::vector<std::string> limit;
    std::string reason, tag, report_counts;
    std::vector<std::string> engine_args = {};
    std::string positions = "100";
};

std::vector<pgn::GameRecord> expect_fault(const Fault& f) {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    std::vector<std::string> args = {"match", "--engine", fixture(f.engine), "name=bad"};
    for (const auto& a : f.engine_args) args.push_back("arg=" + a);
    args.insert(args.end(), {"--engine", fixture("random_mover"), "--games", "2", "--pgn", pgn,
                             "--concurrency", "2", "--positions", f.positions});
    args.insert(args.end(), f.limit.begin(), f.limit.end());
    RunResult r = run(args);
    EXPECT_EQ(r.status, 0) << r.err;
    auto games = read_pgn(pgn);
    EXPECT_EQ(games.size(), 2u);
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto& g = games[i];
        const bool bad_is_white = g.tag("White") == "bad";
        EXPECT_EQ(bad_is_white, i == 0) << "colours must be swapped within the pair";
        EXPECT_EQ(g.tag(bad_is_white ? "Black" : "White"), "random mover");
        EXPECT_EQ(g.result, bad_is_white ? GameResult::BlackWins : GameResult::WhiteWins);
        EXPECT_EQ(g.tag("Termination").value_or(""), f.tag);
        const std::string side = bad_is_white ? "White" : "Black";
        EXPECT_NE(comments(g).find(side + ": " + f.reason), std::string::npos) << comments(g);
    }
    EXPECT_NE(report_line(r.out, "Results of bad:").find("0 wins, 0 draws, 2 losses"),
              std::string::npos)
        << r.out;
    EXPECT_NE(report_line(r.out, "Losses by fault of bad:").find(f.report_counts),
              std::string::npos)
        << r.out;
    EXPECT_NE(report_line(r.out, "Losses by fault of random mover:")
                  .find("illegal moves 0, time forfeits 0, crashes 0, hangs 0"),
              std::string::npos)
        << r.out;
    expect_pgn_check_passes(pgn);
    return games;
}

TEST(MatchRun, IllegalMoveLoses) {
    auto games = expect_fault({"illegal_mover",
                               {"--nodes", "1"},
                               "illegal move",
                               "rules infraction",
                               "illegal moves 2,"});
    // It played two moves before the bad one.
    for (const auto& g : games) EXPECT_GE(g.main.nodes.size(), 3u);
}

TEST(MatchRun, SprtStopsWhenEveryPairIsLost) {
    // Before: with every pair lost the LLR stayed 0 and the match played all its games.
    RunResult r = run({"match", "--engine", fixture("illegal_mover"), "name=bad", "--engine",
                       fixture("random_mover"), "--games", "400", "--concurrency", "2", "--nodes",
                       "1", "--sprt", "elo0=0", "elo1=5"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(report_line(r.out, "SPRT").find("H0 accepted"), std::string::npos) << r.out;
    std::smatch m;
    const std::string results = report_line(r.out, "Results of bad:");
    ASSERT_TRUE(
        std::regex_search(results, m, std::regex(R"((\d+) wins, (\d+) draws, (\d+) losses)")));
    EXPECT_EQ(std::stoi(m[1]), 0);
    EXPECT_LT(std::stoi(m[3]), 200) << r.out;
    EXPECT_GT(std::stoi(m[3]), 20) << r.out;
}

TEST(MatchRun, CrashLoses) {
    // The crasher is started again for the second game, and crashes again.
    auto games =
        expect_fault({"crasher", {"--nodes", "1"}, "engine crashed", "abandoned", "crashes 2,"});
    for (const auto& g : games) {
        EXPECT_NE(comments(g).find("signal 6"), std::string::npos) << comments(g);
        EXPECT_GE(g.main.nodes.size(), 4u);
    }
}

TEST(MatchRun, HangLoses) {
    // No bestmove within the clock (0.3 s) plus the margin, nor within a second after "stop".
    expect_fault({"silent", {"--tc", "0.3+0.01"}, "engine hung", "time forfeit", "hangs 2,"});
}

TEST(MatchRun, HangLosesWithFixedNodes) {
    expect_fault({"silent",
                  {"--nodes", "100", "--move-timeout", "0.2"},
                  "engine hung",
                  "abandoned",
                  "hangs 2,"});
}

TEST(MatchRun, LateMoveLosesOnTime) {
    // The random mover waits 300 ms with 100 ms on its clock.
    expect_fault({"random_mover",
                  {"--tc", "0.1"},
                  "time forfeit",
                  "time forfeit",
                  "time forfeits 2,",
                  {"--delay", "300"}});
}

TEST(MatchRun, WrongCastlingNotationLoses) {
    // Both sides can castle at once; the fixture writes e1g1 / e8g8 in Chess960 mode.
    TempDir dir;
    const std::string positions = dir.file("castle.epd");
    std::ofstream(positions) << "# a position where both sides can castle short\n"
                             << "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1\n";
    auto games = expect_fault({"wrong_castler",
                               {"--nodes", "1"},
                               "illegal move e",
                               "rules infraction",
                               "illegal moves 2,",
                               {},
                               positions});
    ASSERT_EQ(games.size(), 2u);
    EXPECT_NE(comments(games[0]).find("illegal move e1g1"), std::string::npos);
    EXPECT_NE(comments(games[0]).find("king takes rook: e1h1"), std::string::npos);
    EXPECT_NE(comments(games[1]).find("illegal move e8g8"), std::string::npos);
    EXPECT_EQ(games[0].tag("StartPosition").value_or(""), positions + ":2");
}

TEST(MatchRun, PairsSwapColoursOnTheSamePosition) {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    RunResult r = run({"match",         "--engine", fixture("random_mover"),
                       "name=A",        "--engine", fixture("random_mover"),
                       "name=B",        "--games",  "5",
                       "--nodes",       "1",        "--positions",
                       "12,518:700",    "--pgn",    pgn,
                       "--concurrency", "2",        "--sprt",
                       "elo0=0",        "elo1=10"});
    ASSERT_EQ(r.status, 0) << r.err;
    auto games = read_pgn(pgn);
    ASSERT_EQ(games.size(), 5u);
    const std::vector<std::string> labels = {"12", "12", "518:700", "518:700", "12"};
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto& g = games[i];
        EXPECT_EQ(g.tag("Round"), std::to_string(i + 1));
        EXPECT_EQ(g.tag("White"), i % 2 ? "B" : "A");
        EXPECT_EQ(g.tag("Black"), i % 2 ? "A" : "B");
        EXPECT_EQ(g.tag("Variant"), "Chess960");
        EXPECT_EQ(g.tag("SetUp"), "1");
        EXPECT_EQ(g.tag("StartPosition"), labels[i]);
        EXPECT_TRUE(g.chess960);
        if (i % 2) {
            EXPECT_EQ(g.tag("FEN"), games[i - 1].tag("FEN"));
        }
    }
    EXPECT_EQ(games[0].tag("FEN"), "qbnnrkbr/pppppppp/8/8/8/8/PPPPPPPP/QBNNRKBR w KQkq - 0 1");
    // Double Chess960: each side its own arrangement (518 for White, 700 for Black).
    EXPECT_EQ(games[2].tag("FEN")->substr(0, 8), "rbqknnbr") << *games[2].tag("FEN");
    EXPECT_TRUE(games[2].tag("FEN")->find("RNBQKBNR") != std::string::npos);
    expect_pgn_check_passes(pgn);
    // The report adds up: 5 games, 2 pairs and an unpaired one.
    EXPECT_NE(r.out.find("Match: A - B, 5 of 5 games, nodes 1"), std::string::npos) << r.out;
    const std::string penta = report_line(r.out, "Pentanomial");
    EXPECT_NE(penta.find("(2 pairs, 1 unpaired game)"), std::string::npos) << penta;
    std::smatch m;
    const std::string results = report_line(r.out, "Results of A:");
    ASSERT_TRUE(
        std::regex_search(results, m, std::regex(R"((\d+) wins, (\d+) draws, (\d+) losses)")));
    EXPECT_EQ(std::stoi(m[1]) + std::stoi(m[2]) + std::stoi(m[3]), 5);
    ASSERT_TRUE(
        std::regex_search(penta, m, std::regex(R"(\[(\d+), (\d+), (\d+), (\d+), (\d+)\])")));
    int pairs = 0;
    for (int i = 1; i <= 5; ++i) pairs += std::stoi(m[i]);
    EXPECT_EQ(pairs, 2);
    EXPECT_NE(report_line(r.out,
                          "SPRT (GSPRT, logistic Elo, pentanomial): elo0 0.0 elo1 10.0 "
                          "alpha 0.05 beta 0.05: LLR "),
              "");
    // Live progress on stderr, one line per game.
    EXPECT_NE(r.err.find("[5/5] game"), std::string::npos) << r.err;
}

TEST(MatchRun, RandomDoubleChess960IsReproducible) {
    TempDir dir;
    auto play = [&](const std::string& pgn) {
        RunResult r = run({"match", "--engine", fixture("random_mover"), "--engine",
                           fixture("random_mover"), "--games", "4", "--nodes", "1", "--seed", "42",
                           "--double960", "--pgn", pgn, "--quiet"});
        EXPECT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(r.err, "");  // --quiet, and the seed was given
        return read_pgn(pgn);
    };
    auto first = play(dir.file("a.pgn")), second = play(dir.file("b.pgn"));
    ASSERT_EQ(first.size(), 4u);
    ASSERT_EQ(second.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(first[i].tag("FEN"), second[i].tag("FEN"));
        EXPECT_NE(first[i].tag("StartPosition")->find(':'), std::string::npos);
    }
    EXPECT_EQ(first[0].tag("White"), "random mover (1)");
    expect_pgn_check_passes(dir.file("a.pgn"));
}

TEST(MatchRun, ResignAndDrawAdjudication) {
    TempDir dir;
    const std::string pgn = dir.file("resign.pgn");
    // "up" always says +7.00 and "down" -7.00: down resigns after three moves each.
    RunResult r = run({"match",
                       "--engine",
                       fixture("random_mover"),
                       "name=up",
                       "arg=--score",
                       "arg=700",
                       "--engine",
                       fixture("random_mover"),
                       "name=down",
                       "arg=--score",
                       "arg=-700",
                       "--games",
                       "2",
                       "--nodes",
                       "1",
                       "--positions",
                       "7",
                       "--resign",
                       "movecount=3",
                       "score=600",
                       "--pgn",
                       pgn});
    ASSERT_EQ(r.status, 0) << r.err;
    auto games = read_pgn(pgn);
    ASSERT_EQ(games.size(), 2u);
    for (const auto& g : games) {
        EXPECT_EQ(g.result, g.tag("White") == "up" ? GameResult::WhiteWins : GameResult::BlackWins);
        EXPECT_EQ(g.tag("Termination"), "adjudication");
        EXPECT_NE(comments(g).find("adjudication: resign"), std::string::npos);
        EXPECT_EQ(g.main.nodes.size(), 6u);
        EXPECT_EQ(one_line(g.main.nodes[0].comments.front()).substr(0, 8),
                  g.tag("White") == "up" ? "+7.00/1 " : "-7.00/1 ");
    }
    EXPECT_NE(r.out.find("adjudication: resign 2;"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Adjudications: 2"), std::string::npos) << r.out;
    expect_pgn_check_passes(pgn);

    const std::string draw_pgn = dir.file("draw.pgn");
    r = run({"match",
             "--engine",
             fixture("random_mover"),
             "arg=--score",
             "arg=5",
             "--engine",
             fixture("random_mover"),
             "arg=--score",
             "arg=-3",
             "--games",
             "2",
             "--nodes",
             "1",
             "--positions",
             "7",
             "--draw",
             "movenumber=3",
             "movecount=2",
             "score=10",
             "--pgn",
             draw_pgn});
    ASSERT_EQ(r.status, 0) << r.err;
    games = read_pgn(draw_pgn);
    ASSERT_EQ(games.size(), 2u);
    for (const auto& g : games) {
        EXPECT_EQ(g.result, GameResult::Draw);
        EXPECT_NE(comments(g).find("adjudication: draw"), std::string::npos);
        EXPECT_EQ(g.main.nodes.size(), 6u);  // after move 3, both within 0.10 for 2 moves
    }
    expect_pgn_check_passes(draw_pgn);
}

TEST(MatchRun, OurEngineBeatsTheRandomMover) {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    RunResult r = run({"match", "--engine", "cmd=" CHESS960_BINARY, "arg=uci", "name=chess960",
                       "option.Hash=8", "--engine", fixture("random_mover"), "--games", "8",
                       "--depth", "2", "--concurrency", "2", "--seed", "2024", "--pgn", pgn});
    ASSERT_EQ(r.status, 0) << r.err;
    std::smatch m;
    const std::string results = report_line(r.out, "Results of chess960:");
    ASSERT_TRUE(
        std::regex_search(results, m, std::regex(R"((\d+) wins, (\d+) draws, (\d+) losses)")));
    EXPECT_GE(std::stoi(m[1]), 7) << r.out;
    EXPECT_EQ(std::stoi(m[3]), 0) << r.out;
    EXPECT_NE(report_line(r.out, "Losses by fault of chess960:")
                  .find("illegal moves 0, time forfeits 0, crashes 0, hangs 0"),
              std::string::npos);
    EXPECT_NE(report_line(r.out, "Elo difference: +"), "");
    // Every move of our engine carries its evaluation: {+0.35/2 0.01s} or {+M3/2 0.00s}.
    const std::regex eval(R"(^[+-](\d+\.\d\d|M\d+)/\d+ \d+\.\d\ds$)");
    auto games = read_pgn(pgn);
    ASSERT_EQ(games.size(), 8u);
    for (const auto& g : games) {
        const Color ours = g.tag("White") == "chess960" ? White : Black;
        for (std::size_t i = 0; i < g.main.nodes.size(); ++i)
            if ((i % 2 == 0) == (ours == White)) {
                ASSERT_FALSE(g.main.nodes[i].comments.empty());
                EXPECT_TRUE(std::regex_match(one_line(g.main.nodes[i].comments.front()), eval))
                    << g.main.nodes[i].comments.front();
            }
    }
    expect_pgn_check_passes(pgn);
}

TEST(MatchArguments, PerEngineNodeLimit) {
    auto config = parse_match_arguments({"--engine", "cmd=a", "nodes=2500", "--engine", "cmd=b",
                                         "--games", "2", "--nodes", "3000"});
    ASSERT_TRUE(config) << config.error();
    EXPECT_EQ(config->engines[0].nodes, 2500u);
    EXPECT_EQ(config->engines[1].nodes, 0u);
    auto bad = parse_match_arguments(
        {"--engine", "cmd=a", "nodes=many", "--engine", "cmd=b", "--games", "2", "--nodes", "9"});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("nodes must be a number"), std::string::npos) << bad.error();
}

TEST(MatchRun, EachEngineGetsItsOwnNodeLimit) {
    TempDir dir;
    const std::string log = dir.file("uci.log");
    RunResult r =
        run({"match", "--engine", "cmd=" CHESS960_BINARY, "arg=uci", "name=few", "nodes=700",
             "--engine", "cmd=" CHESS960_BINARY, "arg=uci", "name=many", "--games", "2", "--nodes",
             "1300", "--maxmoves", "4", "--log", log, "--quiet"});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string text = slurp(log);
    auto sent = [&](const std::string& pattern) {
        return std::regex_search(text, std::regex(pattern));
    };
    EXPECT_TRUE(sent(R"(few#\d+ > go nodes 700\n)")) << text.substr(0, 2000);
    EXPECT_TRUE(sent(R"(many#\d+ > go nodes 1300\n)")) << text.substr(0, 2000);
    EXPECT_FALSE(sent(R"(few#\d+ > go nodes 1300)"));
    EXPECT_FALSE(sent(R"(many#\d+ > go nodes 700)"));
}

TEST(MatchRun, BadArgumentsAndInputs) {
    // Bad arguments: exit status 2.
    RunResult r =
        run({"match", "--engine", fixture("random_mover"), "--games", "2", "--nodes", "1"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("two engines"), std::string::npos) << r.err;
    // An engine that cannot be run, a positions file that does not exist or holds a bad FEN:
    // exit status 1.
    r = run({"match", "--engine", "cmd=/nonexistent/engine", "--engine", fixture("random_mover"),
             "--games", "2", "--nodes", "1"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("failed to start"), std::string::npos) << r.err;
    r = run({"match", "--engine", fixture("random_mover"), "--engine", fixture("random_mover"),
             "--games", "2", "--nodes", "1", "--positions", "/nonexistent/positions.epd"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
    TempDir dir;
    std::ofstream(dir.file("bad.epd")) << "8/8/8/8 w - -\n";
    r = run({"match", "--engine", fixture("random_mover"), "--engine", fixture("random_mover"),
             "--games", "2", "--nodes", "1", "--positions", dir.file("bad.epd")});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("bad.epd:1"), std::string::npos) << r.err;
    // An engine that exits at once: exit status 1.
    r = run({"match", "--engine", "cmd=/bin/true", "--engine", fixture("random_mover"), "--games",
             "2", "--nodes", "1"});
    EXPECT_EQ(r.status, 1);
}

}  // namespace
