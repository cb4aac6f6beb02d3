// puzzle_check: the independent proof of issue 43. Reads lichess's puzzle CSV (as `chess960
// puzzles export` writes it) and searches every solver move (the moves at odd indexes of Moves:
// the 2nd, 4th, ...) with a UCI engine (Debian's Stockfish 15.1 by default) at MultiPV 2, from
// the position the puzzle's moves before it lead to from its FEN. A solver move is an only-move
// when
//  - the position has one legal move, or
//  - it is the engine's best and win_chance(best) - win_chance(second) > 0.7, or
//  - it mates in one and the best move that does not mate has a win chance of at most 0.6 (with
//    several mates in one, the engine searches one line more than there are mates: any of them
//    is the solution, as lichess accepts any mate at a puzzle's last move).
// A puzzle is sound when every solver move is. Prints a Markdown section: the shares, and every
// puzzle whose first solver move is not an only-move with the engine's two lines.
//
//   puzzle_check [--engine CMD] [--nodes N] [--limit N] [--summary FILE] [CSV]
//
// CSV: the file (default: standard input). --summary FILE: one line of key=value figures for
// scripts (bench/puzzles/puzzles_bench.sh). --limit N: the first N puzzles only.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"
#include "puzzle/analyser.hpp"
#include "puzzle/generator.hpp"
#include "puzzle/score.hpp"
#include "puzzle/uci_analyser.hpp"

namespace {

using namespace chess960;
using chess960::puzzle::Line;
using chess960::puzzle::Score;
using chess960::puzzle::win_chance;

// The criterion itself, without the generator's margin.
using chess960::puzzle::kMateInOneRival;
using chess960::puzzle::kOnlyMoveGap;

// One CSV record's fields (RFC 4180 quoting; no line breaks inside fields in lichess's file).
std::vector<std::string> csv_fields(const std::string& line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                fields.back() += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    return fields;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string score_text(const Score& s) {
    if (s.is_mate()) return "#" + std::to_string(s.value);
    return (s.value > 0 ? "+" : "") + std::to_string(s.value) + " cp";
}

bool mates(const Position& pos, Move m) {
    Position next = pos;
    next.play(m);
    return next.in_check() && next.count_legal() == 0;
}

struct Verdict {
    bool only = false;
    bool forced = false;      // the only legal move
    std::string why;          // a short reason
    std::vector<Line> lines;  // the engine's two lines
};

struct Checker {
    puzzle::Analyser& engine;
    std::uint64_t nodes;

    Verdict check(const Position& start, const std::vector<Move>& moves, std::size_t index) {
        Position pos = start;
        for (std::size_t i = 0; i < index; ++i) pos.play(moves[i]);
        const Move played = moves[index];
        Verdict v;
        const std::span<const Move> before(moves.data(), index);
        v.lines = engine.analyse(start, before, 2, nodes);
        if (v.lines.size() == 1) {
            v.only = true;
            v.forced = true;
            v.why = "one legal move";
            return v;
        }
        if (v.lines.size() < 2) {
            v.why = "no lines";
            return v;
        }
        const Line& best = v.lines[0];
        const Line& second = v.lines[1];
        const double gap = win_chance(best.score) - win_chance(second.score);
        char buf[64];
        std::snprintf(buf, sizeof buf, "gap %.3f", gap);
        if (mates(pos, played)) {
            // A mate in one: any mate is the solution when no move that does not mate wins.
            if (!second.score.is_mate() || second.score.value != 1) {
                v.only = win_chance(second.score) <= kMateInOneRival || gap > kOnlyMoveGap;
                v.why = std::string("mate in one, best non-mate ") + score_text(second.score);
                return v;
            }
            int mating = 0;
            for (const Move m : pos.legal_moves()) mating += mates(pos, m);
            const std::vector<Line> all = engine.analyse(start, before, mating + 1, nodes);
            if (int(all.size()) <= mating) {
                v.only = true;
                v.why = "every legal move mates";
                return v;
            }
            v.only = win_chance(all.back().score) <= kMateInOneRival;
            v.why = std::to_string(mating) + " mates in one, best non-mate " +
                    score_text(all.back().score);
            return v;
        }
        if (best.move != played) {
            v.why = "not the engine's best";
            return v;
        }
        v.only = gap > kOnlyMoveGap;
        v.why = buf;
        return v;
    }
};

struct Options {
    std::string engine = "/usr/games/stockfish";
    std::uint64_t nodes = 2'000'000;
    std::size_t limit = SIZE_MAX;
    std::string summary;
    std::string csv;
};

int usage() {
    std::cerr
        << "usage: puzzle_check [--engine CMD] [--nodes N] [--limit N] [--summary FILE] [CSV]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "--engine" && has_value) {
            opt.engine = argv[++i];
        } else if (a == "--nodes" && has_value) {
            opt.nodes = std::stoull(argv[++i]);
        } else if (a == "--limit" && has_value) {
            opt.limit = std::stoull(argv[++i]);
        } else if (a == "--summary" && has_value) {
            opt.summary = argv[++i];
        } else if (!a.empty() && a[0] != '-' && opt.csv.empty()) {
            opt.csv = a;
        } else {
            return usage();
        }
    }
    std::ifstream file;
    if (!opt.csv.empty()) {
        file.open(opt.csv);
        if (!file) {
            std::cerr << "puzzle_check: cannot read " << opt.csv << "\n";
            return 1;
        }
    }
    std::istream& in = opt.csv.empty() ? std::cin : file;

    std::unique_ptr<puzzle::Analyser> engine;
    try {
        engine = puzzle::make_uci_analyser(opt.engine);
    } catch (const puzzle::AnalyserError& e) {
        std::cerr << "puzzle_check: " << e.what() << "\n";
        return 1;
    }
    Checker checker{*engine, opt.nodes};

    std::size_t puzzles = 0, sound = 0, solver_moves = 0, only_moves = 0, first_failed = 0;
    std::size_t mate_puzzles = 0, mate_sound = 0, forced_moves = 0, forced_first = 0;
    std::ostringstream failures;
    std::ostringstream per_puzzle;
    std::string line;
    bool header = true;
    while (puzzles < opt.limit && std::getline(in, line)) {
        if (header) {
            header = false;
            if (line.rfind("PuzzleId,", 0) == 0) continue;
        }
        if (line.empty()) continue;
        const std::vector<std::string> f = csv_fields(line);
        if (f.size() < 8) {
            std::cerr << "puzzle_check: not a puzzle line: " << line << "\n";
            return 1;
        }
        const std::string& id = f[0];
        const std::string& fen = f[1];
        const std::vector<std::string> texts = words(f[2]);
        const bool is_mate = (" " + f[7] + " ").find(" mate ") != std::string::npos;
        auto start = position_from_fen(fen);
        if (!start) {
            std::cerr << "puzzle_check: puzzle " << id << ": bad FEN: " << start.error().message
                      << "\n";
            return 1;
        }
        std::vector<Move> moves;
        Position pos = *start;
        for (const std::string& t : texts) {
            auto m = parse_uci(pos, t, CastlingMode::Chess960);
            if (!m) {
                std::cerr << "puzzle_check: puzzle " << id << ": illegal move " << t << "\n";
                return 1;
            }
            moves.push_back(*m);
            pos.play(*m);
        }
        if (moves.size() < 2) {
            std::cerr << "puzzle_check: puzzle " << id << " has no solver move\n";
            return 1;
        }
        engine->new_game();
        bool all = true;
        std::string marks;
        for (std::size_t i = 1; i < moves.size(); i += 2) {
            Verdict v;
            try {
                v = checker.check(*start, moves, i);
            } catch (const puzzle::AnalyserError& e) {
                std::cerr << "puzzle_check: " << e.what() << "\n";
                return 1;
            }
            ++solver_moves;
            only_moves += v.only;
            forced_moves += v.forced;
            forced_first += i == 1 && v.forced;
            all = all && v.only;
            marks += (v.only ? "ok" : "NOT") + std::string(" (") + v.why + ")";
            if (i + 2 < moves.size()) marks += "; ";
            if (i == 1 && !v.only) {
                ++first_failed;
                Position at = *start;
                at.play(moves[0]);
                failures << "- **" << id << "** (" << (is_mate ? "mate" : "advantage") << ")  \n"
                         << "  FEN `" << fen << "`, moves `" << f[2] << "`  \n"
                         << "  solution's first move " << texts[1] << ": " << v.why
                         << "; the engine's lines:";
                for (std::size_t k = 0; k < v.lines.size(); ++k)
                    failures << (k ? "," : "") << " " << k + 1 << ". "
                             << to_uci(at, v.lines[k].move, CastlingMode::Chess960) << " "
                             << score_text(v.lines[k].score);
                failures << "\n";
            }
        }
        ++puzzles;
        sound += all;
        mate_puzzles += is_mate;
        mate_sound += is_mate && all;
        per_puzzle << "| " << id << " | " << (is_mate ? "mate" : "advantage") << " | "
                   << (moves.size() / 2) << " | " << (all ? "sound" : "**not**") << " | " << marks
                   << " |\n";
        std::cerr << "puzzle_check: " << puzzles << " " << id << " " << (all ? "sound" : "NOT")
                  << "\n";
    }

    auto pct = [](std::size_t a, std::size_t b) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f%%", b ? 100.0 * double(a) / double(b) : 0.0);
        return std::string(buf);
    };
    std::cout << "Checked by `" << opt.engine << "` at " << opt.nodes
              << " nodes a search, MultiPV 2, its hash cleared before each puzzle:\n\n"
              << "- solver moves that are only-moves: " << only_moves << " of " << solver_moves
              << " (" << pct(only_moves, solver_moves) << ")\n"
              << "- puzzles whose every solver move is: " << sound << " of " << puzzles << " ("
              << pct(sound, puzzles) << "); mates " << mate_sound << " of " << mate_puzzles
              << ", advantage " << (sound - mate_sound) << " of " << (puzzles - mate_puzzles)
              << "\n"
              << "- puzzles whose first solver move is not: " << first_failed << "\n"
              << "- solver moves that were the only legal move (counted as only-moves): "
              << forced_moves << ", of them first moves: " << forced_first << "\n\n";
    if (first_failed)
        std::cout << "Puzzles whose first solver move is not an only-move:\n\n"
                  << failures.str() << "\n";
    std::cout << "<details><summary>every puzzle checked</summary>\n\n"
              << "| id | kind | solver moves | verdict | each solver move |\n"
              << "|---|---|---:|---|---|\n"
              << per_puzzle.str() << "\n</details>\n";
    if (!opt.summary.empty()) {
        std::ofstream s(opt.summary);
        s << "puzzles=" << puzzles << " sound=" << sound << " solver_moves=" << solver_moves
          << " only_moves=" << only_moves << " first_failed=" << first_failed
          << " mate_puzzles=" << mate_puzzles << " mate_sound=" << mate_sound
          << " forced_moves=" << forced_moves << " forced_first=" << forced_first << "\n";
    }
    return 0;
}
