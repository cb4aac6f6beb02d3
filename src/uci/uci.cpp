#include "uci/uci.hpp"
#include "uci/words.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <istream>
#include <ostream>
#include <thread>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/perft_checked.hpp"
#include "engine/strength.hpp"

namespace chess960::uci {

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

Session::Session(std::ostream& out, std::ostream& log)
    : out_(out), log_(log), searcher_(std::make_unique<engine::Searcher>()) {
    net_ = engine::nnue::embedded();
    apply_evaluation();
}

void Session::apply_evaluation() {
    // Without a usable net (none built in and no EvalFile) the hand-written evaluation plays.
    searcher_->set_network(use_nnue_ ? net_ : nullptr);
}

Session::~Session() { stop_search(); }

void Session::send(const std::string& line) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << line << std::endl;
}

void Session::error(const std::string& message) { send("info string error: " + message); }

void Session::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line)) return;
    wait_search();
}

void Session::stop_search() {
    stop_ = true;
    pondering_ = false;
    if (worker_.joinable()) worker_.join();
    stop_ = false;
}

void Session::wait_search() {
    // An infinite or pondering search never ends by itself.
    if (pondering_) stop_ = true;
    pondering_ = false;
    if (worker_.joinable()) worker_.join();
    stop_ = false;
}

void Session::apply_strength() {
    // UCI_Elo when strength is limited, else Skill Level (20: full strength).
    searcher_->set_weakness(limit_strength_ ? engine::weakness_for_elo(elo_)
                                            : engine::weakness_for_skill(skill_level_));
    searcher_->set_multipv(multipv_);
}

bool Session::handle(std::string_view line) {
    std::string_view rest = line;
    std::string_view command = next_word(rest);
    if (command.empty()) return true;
    if (command == "quit") {
        stop_search();
        return false;
    }
    if (command == "uci")
        cmd_uci();
    else if (command == "isready")
        send("readyok");
    else if (command == "setoption")
        cmd_setoption(rest);
    else if (command == "ucinewgame") {
        stop_search();
        position_ = Position();
        history_.clear();
        searcher_->clear();
    } else if (command == "position")
        cmd_position(rest);
    else if (command == "go")
        cmd_go(rest);
    else if (command == "stop")
        stop_search();
    else if (command == "ponderhit") {
        if (searching_) {
            searcher_->ponderhit();
            pondering_ = false;
        }
    } else if (command == "d")
        cmd_display();
    else if (command == "bench")
        cmd_bench(rest);
    else if (command == "debug" || command == "register")
        ;  // accepted; nothing to do
    else
        error("unknown command '" + std::string(command) + "'");
    return true;
}

void Session::cmd_uci() {
    send(
        "id name chess960 0.1.0\n"
        "id author the chess960 developers\n"
        "option name Hash type spin default 16 min 1 max 65536\n"
        "option name Threads type spin default 1 min 1 max 256\n"
        "option name MultiPV type spin default 1 min 1 max 256\n"
        "option name Ponder type check default false\n"
        "option name Move Overhead type spin default 30 min 0 max 5000\n"
        "option name UCI_Chess960 type check default false\n"
        "option name UCI_LimitStrength type check default false\n"
        "option name UCI_Elo type spin default 1500 min 1320 max 3190\n"
        "option name Skill Level type spin default 20 min 0 max 20\n"
        "option name Use NNUE type check default " +
        std::string(engine::kUseNnueByDefault ? "true" : "false") +
        "\n"
        "option name EvalFile type string default <built-in>\n"
        "uciok");
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
    auto spin = [&](int lo, int hi, int& target) {
        int v = 0;
        auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || ptr != value.data() + value.size() || v < lo || v > hi)
            return error("setoption " + name + ": value must be a number from " +
                         std::to_string(lo) + " to " + std::to_string(hi) + ", not '" +
                         std::string(value) + "'");
        target = v;
    };
    auto check = [&](bool& target) {
        if (iequals(value, "true"))
            target = true;
        else if (iequals(value, "false"))
            target = false;
        else
            error("setoption " + name + ": value must be true or false, not '" +
                  std::string(value) + "'");
    };
    if (iequals(name, "Hash") || iequals(name, "Threads") || iequals(name, "MultiPV") ||
        iequals(name, "Move Overhead") || iequals(name, "UCI_Elo") ||
        iequals(name, "Skill Level") || iequals(name, "Ponder") ||
        iequals(name, "UCI_LimitStrength") || iequals(name, "Clear Hash") ||
        iequals(name, "Use NNUE") || iequals(name, "EvalFile"))
        stop_search();
    if (iequals(name, "Hash")) {
        int before = hash_mb_;
        spin(1, 65536, hash_mb_);
        if (hash_mb_ != before) searcher_->set_hash_megabytes(std::size_t(hash_mb_));
        return;
    }
    if (iequals(name, "Threads")) {
        spin(1, 256, threads_);
        searcher_->set_threads(threads_);
        return;
    }
    if (iequals(name, "MultiPV")) return spin(1, 256, multipv_);
    if (iequals(name, "Move Overhead")) return spin(0, 5000, move_overhead_);
    if (iequals(name, "UCI_Elo")) return spin(1320, 3190, elo_);
    if (iequals(name, "Skill Level")) return spin(0, 20, skill_level_);
    if (iequals(name, "Ponder")) return check(ponder_option_);
    if (iequals(name, "UCI_LimitStrength")) return check(limit_strength_);
    if (iequals(name, "Clear Hash")) return searcher_->clear();
    if (iequals(name, "Use NNUE")) {
        const bool before = use_nnue_;
        check(use_nnue_);
        if (use_nnue_ && !net_) {
            use_nnue_ = false;
            return error("setoption Use NNUE: no net is built in; give one with EvalFile");
        }
        if (use_nnue_ != before) {
            apply_evaluation();
            searcher_->clear();  // the hash holds the other evaluation's static scores
        }
        return;
    }
    if (iequals(name, "EvalFile")) {
        const std::string path(value);
        if (path.empty() || path == "<built-in>") {
            net_ = engine::nnue::embedded();
            eval_file_.clear();
        } else {
            auto loaded = engine::nnue::load(path);
            // A bad file leaves the net in use as it was.
            if (!loaded) return error("setoption EvalFile: " + loaded.error());
            net_ = *loaded;
            eval_file_ = path;
            send("info string EvalFile " + path + " loaded");
        }
        apply_evaluation();
        searcher_->clear();
        return;
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
    stop_search();
    std::string_view kind = next_word(args);
    Position next;
    std::vector<std::uint64_t> history;
    if (kind == "startpos") {
        next = Position();
    } else if (kind == "fen") {
        std::size_t moves_at = args.find("moves");
        std::string_view fen = trim(args.substr(0, moves_at));
        auto parsed = position_from_fen(fen);
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
            history.push_back(next.key());
            next.play(*move);
        }
    }
    position_ = next;
    history_ = std::move(history);
}

namespace {

std::string score_text(int score) {
    if (score > engine::kMateBound)
        return "mate " + std::to_string((engine::kMate - score + 1) / 2);
    if (score < -engine::kMateBound) return "mate -" + std::to_string((engine::kMate + score) / 2);
    return "cp " + std::to_string(score);
}

bool parse_number(std::string_view text, std::int64_t& value) {
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

void Session::cmd_go(std::string_view args) {
    std::string_view first = args;
    if (next_word(first) == "perft") {
        next_word(args);
        std::string_view depth_text = next_word(args);
        int depth = 0;
        auto [ptr, ec] =
            std::from_chars(depth_text.data(), depth_text.data() + depth_text.size(), depth);
        if (ec != std::errc() || ptr != depth_text.data() + depth_text.size() || depth < 1 ||
            depth > 20)
            return error("go perft: depth must be a number from 1 to 20, not '" +
                         std::string(depth_text) + "'");
        stop_search();
        std::lock_guard<std::mutex> lock(out_mutex_);
        print_perft(out_, log_, position_, depth, true, mode());
        return;
    }
    engine::Limits limits;
    bool ponder = false;
    while (!args.empty()) {
        std::string_view word = next_word(args);
        std::int64_t value = 0;
        auto number = [&](std::int64_t lo) -> bool {
            std::string_view text = next_word(args);
            if (!parse_number(text, value) || value < lo) {
                error("go " + std::string(word) + ": expected a number, not '" + std::string(text) +
                      "'");
                return false;
            }
            return true;
        };
        if (word == "infinite") {
            limits.infinite = true;
        } else if (word == "ponder") {
            ponder = true;
        } else if (word == "wtime" || word == "btime") {
            if (!number(-1000000000)) return;
            limits.time[word == "wtime" ? White : Black] = std::max<std::int64_t>(1, value);
        } else if (word == "winc" || word == "binc") {
            if (!number(0)) return;
            limits.increment[word == "winc" ? White : Black] = value;
        } else if (word == "movestogo") {
            if (!number(0)) return;
            limits.movestogo = int(value);
        } else if (word == "depth") {
            if (!number(1)) return;
            limits.depth = int(std::min<std::int64_t>(value, engine::kMaxPly - 1));
        } else if (word == "nodes") {
            if (!number(1)) return;
            limits.nodes = std::uint64_t(value);
        } else if (word == "movetime") {
            if (!number(1)) return;
            limits.movetime = value;
        } else if (word == "mate") {
            if (!number(1)) return;
            limits.mate = int(std::min<std::int64_t>(value, 60));
        } else if (word == "searchmoves") {
            // Moves until the next keyword.
            while (!args.empty()) {
                std::string_view peek = args;
                std::string_view text = next_word(peek);
                auto m = parse_uci(position_, text, mode());
                if (!m) break;
                limits.searchmoves.push_back(*m);
                args = peek;
            }
            if (limits.searchmoves.empty()) return error("go searchmoves: no legal move given");
        } else {
            return error("go: unknown parameter '" + std::string(word) + "'");
        }
    }
    limits.move_overhead = move_overhead_;
    stop_search();
    apply_strength();
    pondering_ = ponder || limits.infinite;
    searching_ = true;
    const Position root = position_;
    const std::vector<std::uint64_t> history = history_;
    const CastlingMode castling = mode();
    worker_ = std::thread([this, root, history, limits, castling] {
        auto on_info = [&](const engine::SearchInfo& info) {
            std::string line = "info depth " + std::to_string(info.depth) + " seldepth " +
                               std::to_string(info.seldepth) + " multipv " +
                               std::to_string(info.multipv) + " score " + score_text(info.score);
            if (info.bound == engine::Bound::Lower) line += " lowerbound";
            if (info.bound == engine::Bound::Upper) line += " upperbound";
            std::uint64_t nps =
                info.time_ms > 0 ? info.nodes * 1000 / std::uint64_t(info.time_ms) : 0;
            line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(nps) +
                    " hashfull " + std::to_string(info.hashfull) + " time " +
                    std::to_string(info.time_ms) + " pv";
            Position p = root;
            for (Move m : info.pv) {
                line += " " + to_uci(p, m, castling);
                p.play(m);
            }
            send(line);
        };
        engine::SearchResult result = searcher_->search(root, history, limits, stop_, on_info);
        // UCI: after "go infinite" or "go ponder" the answer waits for "stop" or "ponderhit".
        while (pondering_ && !stop_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::string answer =
            "bestmove " + (result.best ? to_uci(root, result.best, castling) : std::string("0000"));
        if (result.best && result.ponder)
            answer += " ponder " + to_uci(root.after(result.best), result.ponder, castling);
        searching_ = false;
        send(answer);
    });
}

void Session::cmd_bench(std::string_view args) {
    std::int64_t depth = 13;
    std::string_view text = next_word(args);
    if (!text.empty() && (!parse_number(text, depth) || depth < 1 || depth > 30))
        return error("bench: depth must be a number from 1 to 30, not '" + std::string(text) + "'");
    stop_search();
    std::int64_t ms = 0;
    std::uint64_t nodes = engine::bench_signature(int(depth), &ms, searcher_->network());
    send("Nodes searched: " + std::to_string(nodes) + "\nNodes/second: " +
         std::to_string(nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, ms))) +
         "\nTotal time (ms): " + std::to_string(ms));
}

void Session::cmd_display() {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << position_.diagram() << "\n"
         << "Fen: "
         << write_fen(position_, {chess960_ ? CastlingNotation::Shredder : CastlingNotation::XFen})
         << "\nKey: " << std::hex << position_.key() << std::dec << "\nCheckers:";
    Bitboard checkers = position_.checkers();
    while (checkers) out_ << ' ' << square_name(pop_lsb(checkers));
    out_ << std::endl;
}

}  // namespace chess960::uci
