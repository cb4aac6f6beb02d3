// libFuzzer target for the UCI command loop (uci/uci.hpp): the input, split at '\n' as
// std::getline does, is the engine's stdin, read by Session::run as `chess960 uci` reads it
// (the search runs on its own thread; "quit" or the end of input ends the loop).
//
// One session serves every input, as constructing one costs more than most inputs (a 16 MB
// hash table, filled twice): each input starts with commands that put it back in its initial
// state, with a tiny hash: "ucinewgame" (position, history, hash and move-ordering tables) and
// every option at its default but Hash, which is 1 MB.
//
// So that one input cannot run for long, the target caps what would take time, and nothing
// else (every other line goes to the loop as it is):
//  - a Hash value above 1 becomes 1 and a Threads value above 2 becomes 2 (each helper thread
//    is a searcher of its own);
//  - every search "go" (not "go perft") gets " nodes 1000" appended, after the line's own
//    parameters so that it overrides a larger nodes limit: whatever its depth, clock, movetime
//    or mate limit, a search ends after about a thousand nodes. "go infinite" and "go ponder"
//    are kept: their answer waits for stop, ponderhit, the next go or the end of input, which
//    the loop turns into a stop (run's wait_search), so they cannot hang either;
//  - a "go perft" depth from 3 to 20 becomes 2 (20 is the loop's maximum: depths out of range
//    still reach its error);
//  - "bench" searches ten positions, each with a new 16 MB table, whatever its depth (seconds
//    under the sanitizers), and reads nothing but its depth: a bench line with a valid depth
//    (or none) is dropped, one with a wrong depth goes to the loop for its error;
//  - only the first 16 go lines are kept, the later ones are dropped.
// Then the protocol must hold, as a GUI relies on it:
//  - every "isready" is answered "readyok" and every "uci" "uciok";
//  - every search that started (a go line without an "error: go" answer) is answered by
//    exactly one "bestmove", in order, even when stopped by the next command or the end of
//    input; its move is legal in the position the go was given for, in the castling form then
//    in force ("0000" only when there is no legal move), and so is its ponder move after it.
// A broken rule prints what broke and the input, then aborts (libFuzzer reports a crash).
#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"
#include "uci/uci.hpp"
#include "uci/words.hpp"

using namespace chess960;

namespace {

// The loop's own word splitting.
using chess960::uci::iequals;
using chess960::uci::next_word;
using chess960::uci::trim;

constexpr int kMaxSearches = 16;   // go and bench lines kept per input
constexpr int kMaxPerftDepth = 2;  // "go perft"
constexpr int kMaxHashMb = 1;      // "setoption name Hash"
constexpr int kMaxThreads = 2;     // "setoption name Threads"
constexpr const char* kNodeCap = " nodes 1000";

std::string g_input;

[[noreturn]] void broken(const std::string& what, const std::string& output) {
    std::fprintf(stderr,
                 "uci_fuzzer: protocol broken: %s\n--- input (as given to the loop)\n%s"
                 "--- output\n%s---\n",
                 what.c_str(), g_input.c_str(), output.c_str());
    std::abort();
}

// The whole text as a number, as the loop reads spins and depths.
std::optional<long long> number(std::string_view text) {
    long long value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

enum class Kind { Other, Uci, IsReady, Search };

struct Line {
    std::string text;
    Kind kind = Kind::Other;
};

// A setoption line with a capped Hash or Threads value, else the line unchanged.
std::string cap_setoption(const std::string& line, std::string_view args) {
    if (next_word(args) != "name") return line;
    std::string name;
    std::string_view value;
    while (!args.empty()) {
        std::string_view word = next_word(args);
        if (word == "value") {
            value = args;
            break;
        }
        if (!name.empty()) name += ' ';
        name += word;
    }
    const auto v = number(value);
    if (iequals(name, "Hash") && v && *v > kMaxHashMb && *v <= 65536)
        return "setoption name " + name + " value " + std::to_string(kMaxHashMb);
    if (iequals(name, "Threads") && v && *v > kMaxThreads && *v <= 256)
        return "setoption name " + name + " value " + std::to_string(kMaxThreads);
    return line;
}

// What puts the session back in its initial state (with a 1 MB hash) before each input.
const char* const kReset[] = {
    "stop",
    "setoption name Hash value 1",
    "setoption name Threads value 1",
    "setoption name MultiPV value 1",
    "setoption name Ponder value false",
    "setoption name Move Overhead value 30",
    "setoption name UCI_Chess960 value false",
    "setoption name UCI_LimitStrength value false",
    "setoption name UCI_Elo value 1500",
    "setoption name Skill Level value 20",
    "ucinewgame",
};

// The lines the loop is given (see the top of the file), up to the first "quit".
std::vector<Line> rewrite(std::string_view input) {
    std::vector<Line> lines;
    for (const char* reset : kReset) lines.push_back({reset, Kind::Other});
    int searches = 0;
    while (!input.empty()) {
        const std::size_t end = input.find('\n');
        std::string text(input.substr(0, end));
        input = end == std::string_view::npos ? std::string_view{} : input.substr(end + 1);
        std::string_view args = text;
        const std::string_view command = next_word(args);
        Line line{text, Kind::Other};
        if (command == "uci") {
            line.kind = Kind::Uci;
        } else if (command == "isready") {
            line.kind = Kind::IsReady;
        } else if (command == "setoption") {
            line.text = cap_setoption(text, args);
        } else if (command == "bench") {
            const std::string_view depth = next_word(args);
            const auto d = number(depth);
            if (depth.empty() || (d && *d >= 1 && *d <= 30)) continue;
        } else if (command == "go") {
            if (++searches > kMaxSearches) continue;
            std::string_view rest = args;
            if (next_word(rest) == "perft") {
                const auto d = number(next_word(rest));
                if (d && *d > kMaxPerftDepth && *d <= 20)
                    line.text = "go perft " + std::to_string(kMaxPerftDepth);
            } else {
                line.kind = Kind::Search;
                line.text = std::string(trim(text)) + kNodeCap;
            }
        }
        lines.push_back(std::move(line));
        if (command == "quit") break;
    }
    return lines;
}

// The session's stdout: written by the loop and by the search thread, read by the target while
// a search may still be writing.
class Output : public std::streambuf {
  public:
    std::string snapshot() {
        std::lock_guard lock(mutex_);
        return text_;
    }
    void clear() {
        std::lock_guard lock(mutex_);
        text_.clear();
    }

  protected:
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) {
            std::lock_guard lock(mutex_);
            text_ += traits_type::to_char_type(c);
        }
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lock(mutex_);
        text_.append(s, std::size_t(n));
        return n;
    }

  private:
    std::mutex mutex_;
    std::string text_;
};

// The session's stdin: one line at a time, so that the target learns when the loop has handled
// a line (it asks for the next one only then).
class Input : public std::streambuf {
  public:
    Input(const std::vector<Line>& lines, std::function<void(std::size_t)> handled)
        : lines_(lines), handled_(std::move(handled)) {}

  protected:
    int_type underflow() override {
        if (next_ > 0 && reported_ < next_) {
            reported_ = next_;
            handled_(next_ - 1);
        }
        if (next_ == lines_.size()) return traits_type::eof();
        current_ = lines_[next_++].text + '\n';
        setg(current_.data(), current_.data(), current_.data() + current_.size());
        return traits_type::to_int_type(current_[0]);
    }

  private:
    const std::vector<Line>& lines_;
    std::function<void(std::size_t)> handled_;
    std::size_t next_ = 0;
    std::size_t reported_ = 0;
    std::string current_;
};

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        if (end == std::string_view::npos) break;  // a line still being written
        lines.push_back(text.substr(0, end));
        text.remove_prefix(end + 1);
    }
    return lines;
}

// Whether the output holds more "info string error: go" lines (not go perft) than `before`.
std::size_t go_errors(std::string_view text) {
    std::size_t count = 0;
    for (std::string_view l : split_lines(text))
        if (l.starts_with("info string error: go") && !l.starts_with("info string error: go perft"))
            ++count;
    return count;
}

struct Search {
    Position root;
    CastlingMode mode;
};

void check_bestmove(std::string_view line, const Search& search, const std::string& output) {
    std::string_view rest = line;
    next_word(rest);  // "bestmove"
    const std::string_view best_text = next_word(rest);
    const MoveList legal = search.root.legal_moves();
    if (best_text == "0000") {
        if (!legal.empty()) broken("bestmove 0000 with legal moves", output);
        if (!rest.empty()) broken("a ponder move after bestmove 0000", output);
        return;
    }
    auto best = parse_uci(search.root, best_text, search.mode);
    if (!best)
        broken("bestmove " + std::string(best_text) + " is not legal in " + write_fen(search.root),
               output);
    if (rest.empty()) return;
    if (next_word(rest) != "ponder") broken("junk after the best move", output);
    const Position after = search.root.after(*best);
    const std::string_view ponder_text = next_word(rest);
    if (!parse_uci(after, ponder_text, search.mode) || !rest.empty())
        broken("ponder move " + std::string(ponder_text) + " is not legal after the best move",
               output);
}

void run_session(std::string_view input) {
    const std::vector<Line> lines = rewrite(input);
    g_input.clear();
    for (const Line& l : lines) g_input += l.text + '\n';

    static Output out_buffer;
    static std::ostream out(&out_buffer);
    static std::ostream log(nullptr);  // perft timings: discarded (badbit set, nothing written)
    static uci::Session session(out, log);
    out_buffer.clear();

    std::vector<Search> searches;
    std::size_t errors_seen = 0;
    std::size_t uci = 0, isready = 0;
    Input in_buffer(lines, [&](std::size_t index) {
        const Line& line = lines[index];
        if (line.kind == Kind::Uci) ++uci;
        if (line.kind == Kind::IsReady) ++isready;
        if (line.kind != Kind::Search) return;
        // The error for a go line is written before handle() returns; a search that did start
        // writes no such line.
        const std::size_t errors = go_errors(out_buffer.snapshot());
        if (errors == errors_seen) searches.push_back({session.position(), session.mode()});
        errors_seen = errors;
    });
    std::istream in(&in_buffer);
    // Returns after "quit" (the search stopped) or at the end of input (a search with a limit
    // finished, an infinite or pondering one stopped): every search has answered.
    session.run(in);

    const std::string output = out_buffer.snapshot();
    std::size_t uciok = 0, readyok = 0, bestmoves = 0;
    for (std::string_view l : split_lines(output)) {
        if (l == "uciok") ++uciok;
        if (l == "readyok") ++readyok;
        if (l.starts_with("bestmove")) {
            if (bestmoves >= searches.size())
                broken("more bestmove answers than searches started (" +
                           std::to_string(searches.size()) + ")",
                       output);
            check_bestmove(l, searches[bestmoves], output);
            ++bestmoves;
        }
    }
    if (uciok != uci)
        broken(std::to_string(uci) + " uci, " + std::to_string(uciok) + " uciok", output);
    if (readyok != isready)
        broken(std::to_string(isready) + " isready, " + std::to_string(readyok) + " readyok",
               output);
    if (bestmoves != searches.size())
        broken(std::to_string(searches.size()) + " searches started, " + std::to_string(bestmoves) +
                   " bestmove answers",
               output);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    run_session(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
