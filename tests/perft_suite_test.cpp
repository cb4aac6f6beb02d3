// Data-driven perft: every position of the suites in tests/data against its reference counts.
// CHESS960_PERFT_MAX_DEPTH limits the depth (0 or unset: every depth the file lists).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/position.hpp"

using namespace chess960;

namespace {

struct PerftCase {
    std::string id;
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, nodes)
    int line;
};

int max_depth() {
    const char* env = std::getenv("CHESS960_PERFT_MAX_DEPTH");
    int depth = env ? std::atoi(env) : 0;
    return depth > 0 ? depth : 1000;
}

std::string data_path(const std::string& name) {
    return std::string(CHESS960_TEST_DATA) + "/" + name;
}

// "<FEN> ;D1 20 ;D2 400 ..." lines; '#' lines are comments.
std::vector<PerftCase> read_epd(const std::string& name) {
    std::ifstream in(data_path(name));
    EXPECT_TRUE(in) << "cannot open " << data_path(name);
    std::vector<PerftCase> cases;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        PerftCase c{
            name + ":" + std::to_string(number), line.substr(0, line.find(';')), {}, number};
        std::size_t at = line.find(';');
        while (at != std::string::npos) {
            std::size_t end = line.find(';', at + 1);
            std::istringstream field(
                line.substr(at + 1, end == std::string::npos ? end : end - at - 1));
            std::string depth;
            std::uint64_t nodes;
            if (field >> depth >> nodes && depth.size() > 1 && depth[0] == 'D')
                c.counts.emplace_back(std::stoi(depth.substr(1)), nodes);
            at = end;
        }
        EXPECT_FALSE(c.counts.empty()) << c.id << ": no counts";
        cases.push_back(c);
    }
    return cases;
}

// python-chess / shakmaty format: "id X", "epd FEN", "perft D N" lines, blank line between.
std::vector<PerftCase> read_perft_format(const std::string& name) {
    std::ifstream in(data_path(name));
    EXPECT_TRUE(in) << "cannot open " << data_path(name);
    std::vector<PerftCase> cases;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.rfind("id ", 0) == 0) {
            cases.push_back({line.substr(3), "", {}, number});
        } else if (line.rfind("epd ", 0) == 0 && !cases.empty()) {
            cases.back().fen = line.substr(4);
        } else if (line.rfind("perft ", 0) == 0 && !cases.empty()) {
            std::istringstream field(line.substr(6));
            int depth;
            std::uint64_t nodes;
            field >> depth >> nodes;
            cases.back().counts.emplace_back(depth, nodes);
        }
    }
    return cases;
}

// CHESS960_PERFT_SHARD="k/n" runs only the cases whose index is k modulo n, so that the slow
// suites can be spread over several CTest jobs.
bool in_shard(std::size_t index) {
    const char* env = std::getenv("CHESS960_PERFT_SHARD");
    if (!env) return true;
    int k = 0, n = 1;
    if (std::sscanf(env, "%d/%d", &k, &n) != 2 || n <= 0) return true;
    return int(index % std::size_t(n)) == k;
}

int run_cases(const std::vector<PerftCase>& cases,
              const std::vector<std::string>& rejected_ids = {}) {
    const int limit = max_depth();
    int checked = 0;
    for (std::size_t index = 0; index < cases.size(); ++index) {
        if (!in_shard(index)) continue;
        const PerftCase& c = cases[index];
        auto pos = position_from_fen(c.fen);
        bool expect_reject =
            std::find(rejected_ids.begin(), rejected_ids.end(), c.id) != rejected_ids.end();
        if (expect_reject) {
            EXPECT_FALSE(pos.has_value()) << c.id << " should be rejected: " << c.fen;
            continue;
        }
        if (!pos) {
            ADD_FAILURE() << c.id << ": " << c.fen << " rejected: " << pos.error().to_string();
            continue;
        }
        for (auto [depth, nodes] : c.counts) {
            if (depth > limit) continue;
            EXPECT_EQ(perft(*pos, depth), nodes) << c.id << " " << c.fen << " depth " << depth;
            ++checked;
        }
    }
    return checked;
}

}  // namespace

TEST(PerftSuite, Chess960Positions) {
    auto cases = read_epd("chess960_perft.epd");
    ASSERT_EQ(cases.size(), 960u);
    EXPECT_GT(run_cases(cases), 0);
}

TEST(PerftSuite, Chess960StartPositions) {
    auto cases = read_epd("chess960_start_positions_perft.epd");
    ASSERT_EQ(cases.size(), 960u);
    EXPECT_GT(run_cases(cases), 0);
}

TEST(PerftSuite, FrcTricky) {
    auto cases = read_epd("frc_tricky_perft.epd");
    ASSERT_EQ(cases.size(), 19u);
    EXPECT_GT(run_cases(cases), 0);
}

TEST(PerftSuite, FrcStartPositions) {
    auto cases = read_epd("frc_start_positions_perft.epd");
    ASSERT_EQ(cases.size(), 9u);
    EXPECT_GT(run_cases(cases), 0);
}

// shakmaty's file, run (as shakmaty does) with Chess960 castling. One record has far more than
// 16 pieces a side; our validation rejects it as an impossible position (its 270 moves would not
// come from a real game), and the test checks that it is rejected.
TEST(PerftSuite, ShakmatyTricky) {
    auto cases = read_perft_format("tricky_chess960mode_shakmaty.perft");
    ASSERT_EQ(cases.size(), 26u);
    EXPECT_GT(run_cases(cases, {"max-legals-too-much-material"}), 0);
}
