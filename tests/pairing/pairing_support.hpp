// Shared helpers of the pairing tests: the committed data files.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/pairing/tournament.hpp"

namespace chess960::pairing::testing {

inline std::string data_path(const std::string& name) {
    return std::string(CHESS960_TEST_DATA) + "/pairing/" + name;
}

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The tournaments of a .trfs file: each starts at a "### ..." line (its origin).
struct NamedTrf {
    std::string name;
    std::string text;
};

inline std::vector<NamedTrf> tournaments(const std::string& file) {
    std::vector<NamedTrf> out;
    std::istringstream in(slurp(data_path(file)));
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with("###")) {
            out.push_back({line.substr(4), ""});
        } else if (!out.empty()) {
            out.back().text += line + "\n";
        }
    }
    return out;
}

// A player with a start number, points and rounds (everything else left out).
inline chess960::pairing::Player make_player(
    int number, chess960::pairing::Points points = 0,
    std::vector<chess960::pairing::RoundEntry> rounds = {}) {
    chess960::pairing::Player p;
    p.start_number = number;
    p.points = points;
    p.rounds = std::move(rounds);
    return p;
}

}  // namespace chess960::pairing::testing
