// libFuzzer target for what the match runner and the puzzle generator read from a UCI engine's
// output (match/uci_engine.hpp): each line of the input, as an engine's "info" line, through
// parse_info (the score and depth of the first line) and parse_pv_line (a MultiPV line's number,
// depth, score and first move). Neither may crash; a line parse_pv_line accepts has a number
// from 1, a score and a first move, and parse_info accepts every line parse_pv_line accepts as
// its first line (number 1).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "match/uci_engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::size_t at = 0;
    while (at <= input.size()) {
        const std::size_t end = std::min(input.find('\n', at), input.size());
        const std::string line = input.substr(at, end - at);
        at = end + 1;
        chess960::match::Score score;
        int depth = 0;
        const bool info = chess960::match::parse_info(line, score, depth);
        const auto pv = chess960::match::parse_pv_line(line);
        if (!pv) continue;
        if (pv->multipv < 1 || pv->first_move.empty()) {
            std::fprintf(stderr, "parse_pv_line accepted a line without a number or a move: %s\n",
                         line.c_str());
            std::abort();
        }
        if (pv->multipv == 1 && !info) {
            std::fprintf(stderr, "parse_info refused a first line parse_pv_line read: %s\n",
                         line.c_str());
            std::abort();
        }
    }
    return 0;
}
