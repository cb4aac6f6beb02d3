// libFuzzer target for the tournament report reader (TRF-2026 and JaVaFo's TRF(x)).
//
// Any bytes go to read_trf. It must end (libFuzzer's -timeout reports a hang), never crash,
// and an error must name a line (and, for a field, a column) inside the text. A tournament it
// accepts must write back (write_trf) to text that reads again to the same tournament and
// writes to the same text. A small accepted tournament (up to 40 players and 12 rounds) is then
// checked round by round and its next round paired by the Dutch engine: any answer is fine (a
// pairing, no valid pairing, an inconsistency), a crash or a pairing that lists a player twice
// is not. A broken invariant prints what broke, then aborts (libFuzzer reports a crash).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "chess960/pairing/dutch.hpp"
#include "chess960/pairing/trf.hpp"

using namespace chess960;
using namespace chess960::pairing;

namespace {

[[noreturn]] void broken(const char* what, const std::string& detail) {
    std::fprintf(stderr, "trf_fuzzer: %s\n%s\n", what, detail.c_str());
    std::abort();
}

int count_lines(std::string_view text) {
    int lines = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') ++lines;
        if (text[i] == '\r' && !(i + 1 < text.size() && text[i + 1] == '\n')) ++lines;
    }
    return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto t = read_trf(text);
    if (!t) {
        const Error& e = t.error();
        if (e.code == ErrorCode::InvalidTrf &&
            (e.line < 1 || e.line > count_lines(text) || e.column < 1))
            broken("a syntax error outside the text", e.to_string());
        return 0;
    }
    const std::string written = write_trf(*t);
    auto again = read_trf(written);
    if (!again) broken("the written tournament does not read back", again.error().to_string());
    if (write_trf(*again) != written) broken("writing twice gives different text", written);
    if (t->players.size() > 40 || t->rounds_recorded() > 12) return 0;
    (void)check_tournament(*t);
    auto round = pair_next_round(*t);
    if (round) {
        std::set<int> seen;
        for (const Pair& p : round->pairs) {
            if (!seen.insert(p.white).second || (p.black && !seen.insert(p.black).second))
                broken("a player paired twice", written);
            if (t->player(p.white) == nullptr || (p.black && t->player(p.black) == nullptr))
                broken("a pairing names no player", written);
        }
    }
    return 0;
}
