// Helpers shared by the test files: parsing a FEN that must be valid, reading a file.
// Running the built `chess960` command is cli_support.hpp's.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"

namespace chess960::testing {

// The position of a FEN the test relies on; a test failure (and the start position) if the FEN
// does not parse.
inline Position parse(std::string_view fen) {
    auto pos = position_from_fen(fen);
    if (!pos) {
        ADD_FAILURE() << "cannot parse " << fen << ": " << pos.error().to_string();
        return Position();
    }
    return *pos;
}

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace chess960::testing
