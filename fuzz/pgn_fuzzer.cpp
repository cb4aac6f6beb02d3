// libFuzzer target for the streaming PGN reader, the Replayer and the PGN writer.
//
// Any bytes are read as a PGN file (pgn::Reader over a std::istringstream) by a Replayer that
// keeps game records. The reader must end on every input (libFuzzer's -timeout catches a hang)
// and never crash. Then every game record the Replayer produced must satisfy:
//  - write_game gives text that the reader and Replayer read back as exactly one game, with no
//    problem other than a result that contradicts a mate or stalemate on the board (which the
//    original game then had too);
//  - that game has the same start position, Chess960 flag, result and moves: the main line and
//    every variation, with the same NAGs (comments are normalised by the writer: words joined
//    by single spaces, '}' written as ')');
//  - writing the game read back gives byte-identical text (the writer's output is canonical).
// Moreover the Replayer's counters must agree with what it produced: every problem names a game
// that was read (or game 0, before any), and the records' plies never exceed the moves replayed.
// And the text read in place (pgn::Reader over a std::string_view, as `pgn --threads` reads its
// chunks) must give what the stream gave: the same problems at the same lines, games and moves.
// A broken invariant prints what broke, with the texts involved, then aborts (__builtin_trap),
// which libFuzzer reports as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

// Text as printable ASCII: other bytes (NUL, CR, UTF-8) as \xNN, line ends kept.
std::string printable(const std::string& text) {
    std::string out;
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n' || (byte >= 32 && byte < 127)) {
            out += c;
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", byte);
            out += hex;
        }
    }
    return out;
}

[[noreturn]] void broken(const std::string& what, const std::string& written = {},
                         const std::string& rewritten = {}) {
    std::fprintf(stderr, "pgn_fuzzer: invariant broken: %s\n", printable(what).c_str());
    if (!written.empty()) std::fprintf(stderr, "--- written:\n%s", printable(written).c_str());
    if (!rewritten.empty())
        std::fprintf(stderr, "--- written again:\n%s", printable(rewritten).c_str());
    std::fflush(stderr);
    __builtin_trap();
}

std::string fen_of(const Position& pos) {
    return write_fen(pos, {CastlingNotation::Shredder, EnPassantNotation::DoubleStep});
}

// Compares two lines played from `pos`: same moves, NAGs and variations (recursively).
// Returns an empty string when equal, else where they differ.
std::string compare_lines(const pgn::Line& a, const pgn::Line& b, Position pos,
                          const std::string& where) {
    if (a.nodes.size() != b.nodes.size())
        return where + ": " + std::to_string(a.nodes.size()) + " moves, read back " +
               std::to_string(b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        const pgn::Node& x = a.nodes[i];
        const pgn::Node& y = b.nodes[i];
        const std::string here = where + " ply " + std::to_string(i + 1) + " in " + fen_of(pos);
        if (!(x.move == y.move))
            return here + ": move " + to_uci(pos, x.move, CastlingMode::Chess960) + ", read back " +
                   to_uci(pos, y.move, CastlingMode::Chess960);
        if (x.nags != y.nags) return here + ": other NAGs";
        if (x.variations.size() != y.variations.size()) return here + ": other variation count";
        for (std::size_t v = 0; v < x.variations.size(); ++v) {
            std::string diff = compare_lines(x.variations[v], y.variations[v], pos,
                                             here + " variation " + std::to_string(v + 1));
            if (!diff.empty()) return diff;
        }
        if (!pos.is_legal(x.move)) return here + ": the recorded move is not legal";
        pos.play(x.move);
    }
    return {};
}

// Reads `text` as PGN with a record-keeping Replayer.
pgn::Replayer read_pgn(const std::string& text) {
    std::istringstream in(text);
    pgn::Reader reader(in);
    pgn::Replayer replayer(true);
    const long n = reader.read_all(replayer);
    if (n != replayer.games_read)
        broken("read_all returned " + std::to_string(n) + " but the Replayer saw " +
               std::to_string(replayer.games_read) + " games");
    return replayer;
}

long count_plies(const pgn::Line& line) {
    long n = long(line.nodes.size());
    for (const pgn::Node& node : line.nodes)
        for (const pgn::Line& v : node.variations) n += count_plies(v);
    return n;
}

void check_round_trip(const pgn::GameRecord& game) {
    const std::string written = pgn::write_game(game);
    pgn::Replayer back = read_pgn(written);
    for (const auto& p : back.problems)
        if (p.message.find("contradicts the") == std::string::npos)
            broken("the written game reads back with a problem: " + p.describe(), written);
    if (back.games.size() != 1)
        broken("the written game reads back as " + std::to_string(back.games.size()) + " games",
               written);
    const pgn::GameRecord& again = back.games.front();
    if (!(again.start == game.start) || again.start.key() != game.start.key())
        broken("the start position reads back as " + fen_of(again.start) + ", not " +
                   fen_of(game.start),
               written);
    if (again.chess960 != game.chess960) broken("the Chess960 flag does not read back", written);
    if (again.result != game.result) broken("the result does not read back", written);
    if (std::string diff = compare_lines(game.main, again.main, game.start, "main line");
        !diff.empty())
        broken("the moves do not read back: " + diff, written);
    const std::string rewritten = pgn::write_game(again);
    if (rewritten != written)
        broken("writing the game read back gives other text", written, rewritten);
}

// The problems of a replay, one a line with its line number.
std::string problems_of(const pgn::Replayer& replayer) {
    std::string out;
    for (const auto& p : replayer.problems)
        out += std::to_string(p.where.line) + ":" + std::to_string(p.where.column) + ": " +
               p.describe() + "\n";
    return out;
}

void check_in_place(const std::string& text, const pgn::Replayer& streamed) {
    pgn::Replayer in_place(true);
    pgn::Reader(std::string_view(text)).read_all(in_place);
    if (problems_of(in_place) != problems_of(streamed))
        broken("read in place, other problems:\n" + problems_of(in_place) + "read as a stream:\n" +
               problems_of(streamed));
    if (in_place.games_read != streamed.games_read || in_place.moves_read != streamed.moves_read ||
        in_place.games.size() != streamed.games.size())
        broken("read in place, other games or moves");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    pgn::Replayer replayer = read_pgn(text);
    check_in_place(text, replayer);
    long plies = 0;
    for (const pgn::GameRecord& game : replayer.games) plies += count_plies(game.main);
    if (plies > replayer.moves_read)
        broken("the records hold " + std::to_string(plies) + " plies but only " +
               std::to_string(replayer.moves_read) + " moves were replayed");
    if (long(replayer.games.size()) > replayer.games_read) broken("more records than games");
    for (const auto& p : replayer.problems) {
        // Game 0: a report before any game (binary data in a file without games).
        if (p.game < 0 || p.game > replayer.games_read)
            broken("a problem names game " + std::to_string(p.game) + " of " +
                   std::to_string(replayer.games_read));
        if (p.message.empty()) broken("a problem without a message");
    }
    for (const pgn::GameRecord& game : replayer.games) check_round_trip(game);
    return 0;
}
