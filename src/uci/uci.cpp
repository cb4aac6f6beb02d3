#include "uci/uci.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <istream>
#include <ostream>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"

namespace chess960::uci {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// Splits off the first whitespace-separated word.
std::string_view next_word(std::string_view& s) {
    s = trim(s);
    std::size_t end = s.find_first_of(" \t");
    std::string_view word = s.substr(0, end);
    s = end == std::string_view::npos ? std::string_view{} : trim(s.substr(end));
    return word;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
    return true;
}

}  // namespace

std::uint64_t print_perft(std::ostream& out, std::ostream& log, const Position& pos, int depth,
                          bool divide, CastlingMode mode) {
    auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (divide) {
        for (const DivideEntry& e : perft_divide(pos, depth)) {
            out << to_uci(pos, e.move, mode) << ": " << e.nodes << '\n';
            total += e.nodes;
        }
        out << '\n';
    } else {
#ifdef CHESS960_DEBUG_INVARIANTS
        auto checked = perft_checked(pos, depth);
        if (!checked) {
            log << checked.error().message << std::endl;
            return 0;
        }
        total = *checked;
#else
        total = perft(pos, depth);
#endif
    }
    out << "Nodes searched: " << total << "\n" << std::endl;
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    log << "perft " << depth << ": " << total << " nodes in " << seconds << " s ("
        << std::uint64_t(double(total) / std::max(seconds, 1e-9)) << " nodes/s)" << std::endl;
    return total;
}

void Session::error(const std::string& message) {
    out_ << "info string error: " << message << std::endl;
}

void Session::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line)) return;
}

bool Session::handle(std::string_view line) {
    std::string_view rest = line;
    std::string_view command = next_word(rest);
    if (command.empty()) return true;
    if (command == "quit") return false;
    if (command == "uci")
        cmd_uci();
    else if (command == "isready")
        out_ << "readyok" << std::endl;
    else if (command == "setoption")
        cmd_setoption(rest);
    else if (command == "ucinewgame")
        position_ = Position();
    else if (command == "position")
        cmd_position(rest);
    else if (command == "go")
        cmd_go(rest);
    else if (command == "d")
        cmd_display();
    else if (command == "stop" || command == "ponderhit" || command == "debug" ||
             command == "register")
        ;  // nothing is running yet; accepted so that GUIs can send them
    else
        error("unknown command '" + std::string(command) + "'");
    return true;
}

void Session::cmd_uci() {
    out_ << "id name chess960 0.1.0\n"
         << "id author the chess960 developers\n"
         << "option name UCI_Chess960 type check default false\n"
         << "uciok" << std::endl;
}

void Session::cmd_setoption(std::string_view args) {
    // setoption name <id, may contain spaces> [value <x>]; words are separated by blanks or tabs.
    if (next_word(args) != "name")
        return error("setoption: expected 'setoption name <option> [value <x>]'");
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
    if (iequals(name, "UCI_Chess960")) {
        if (iequals(value, "true"))
            chess960_ = true;
        else if (iequals(value, "false"))
            chess960_ = false;
        else
            error("setoption UCI_Chess960: value must be true or false, not '" +
                  std::string(value) + "'");
        return;
    }
    error("unknown option '" + name + "'");
}

void Session::cmd_position(std::string_view args) {
    std::string_view kind = next_word(args);
    Position next;
    if (kind == "startpos") {
        next = Position();
    } else if (kind == "fen") {
        std::size_t moves_at = args.find("moves");
        std::string_view fen = trim(args.substr(0, moves_at));
        auto parsed = Position::from_fen(fen);
        if (!parsed)
            return error("position fen '" + std::string(fen) + "': " + parsed.error().to_string());
        next = *parsed;
        args = moves_at == std::string_view::npos ? std::string_view{} : args.substr(moves_at);
    } else {
        return error("position: expected 'startpos' or 'fen <FEN>', not '" + std::string(kind) +
                     "'");
    }
    if (!args.empty()) {
        if (next_word(args) != "moves")
            return error("position: expected 'moves' before the move list");
        int ply = 0;
        while (!args.empty()) {
            std::string_view text = next_word(args);
            ++ply;
            auto move = parse_uci(next, text, mode());
            if (!move)
                return error("position: move " + std::to_string(ply) + ": " +
                             move.error().to_string() + "; position unchanged");
            next.play(*move);
        }
    }
    position_ = next;
}

void Session::cmd_go(std::string_view args) {
    std::string_view what = next_word(args);
    if (what != "perft") return error("go: only 'go perft <depth>' is implemented yet");
    std::string_view depth_text = next_word(args);
    int depth = 0;
    auto [ptr, ec] =
        std::from_chars(depth_text.data(), depth_text.data() + depth_text.size(), depth);
    if (ec != std::errc() || ptr != depth_text.data() + depth_text.size() || depth < 1 ||
        depth > 20)
        return error("go perft: depth must be a number from 1 to 20, not '" +
                     std::string(depth_text) + "'");
    print_perft(out_, log_, position_, depth, true, mode());
}

void Session::cmd_display() {
    out_ << position_.diagram() << "\n"
         << "Fen: "
         << position_.fen({chess960_ ? CastlingNotation::Shredder : CastlingNotation::XFen})
         << "\nKey: " << std::hex << position_.key() << std::dec << "\nCheckers:";
    Bitboard checkers = position_.checkers();
    while (checkers) out_ << ' ' << square_name(pop_lsb(checkers));
    out_ << std::endl;
}

}  // namespace chess960::uci
