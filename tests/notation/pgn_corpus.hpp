// The PGN tests' shared helpers: the test data's files and their Stockfish final positions, the
// reader's event recorder, and the seeded corpus of generated games (and ways to damage it) that
// the reader's tests (notation/pgn_test.cpp) and the command's (cli/pgn_cli_test.cpp) both use.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"

namespace chess960::pgn_corpus {

// --- Helpers ---------------------------------------------------------------------------------

inline std::string data_path(const std::string& name) {
    return std::string(CHESS960_TEST_DATA) + "/pgn/" + name;
}

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

inline pgn::Replayer read_text(const std::string& text) {
    std::istringstream in(text);
    pgn::Reader reader(in);
    pgn::Replayer replayer;
    reader.read_all(replayer);
    return replayer;
}

inline std::string describe_problems(const pgn::Replayer& r) {
    std::string out;
    for (const auto& p : r.problems)
        out += "line " + std::to_string(p.where.line) + ": " + p.describe() + "\n";
    return out;
}

// The games written back as `pgn normalize` writes them: one blank line between games.
inline std::string write_all(const std::vector<pgn::GameRecord>& games) {
    std::string out;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (i) out += '\n';
        out += pgn::write_game(games[i]);
    }
    return out;
}

// The SAN of a line's moves from `pos`.
inline std::vector<std::string> sans(const pgn::Line& line, Position pos) {
    std::vector<std::string> out;
    for (const pgn::Node& n : line.nodes) {
        out.push_back(to_san(pos, n.move));
        pos.play(n.move);
    }
    return out;
}

inline std::vector<Move> moves_of(const pgn::Line& line) {
    std::vector<Move> out;
    for (const pgn::Node& n : line.nodes) out.push_back(n.move);
    return out;
}

inline long count_moves(const pgn::Line& line) {
    long n = long(line.nodes.size());
    for (const pgn::Node& node : line.nodes)
        for (const pgn::Line& v : node.variations) n += count_moves(v);
    return n;
}

// Comments with every run of white space made one space: the writer wraps long comments over
// lines, and the reader keeps the line breaks it finds inside a comment.
inline std::vector<std::string> squashed(const std::vector<std::string>& comments) {
    std::vector<std::string> out;
    for (const std::string& c : comments) {
        std::string s;
        for (char ch : c) {
            const bool space = ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t';
            if (!space)
                s += ch;
            else if (!s.empty() && s.back() != ' ')
                s += ' ';
        }
        if (!s.empty() && s.back() == ' ') s.pop_back();
        out.push_back(s);
    }
    return out;
}

inline void expect_same_line(const pgn::Line& a, const pgn::Line& b, const std::string& where) {
    EXPECT_EQ(squashed(a.comments), squashed(b.comments)) << where;
    ASSERT_EQ(a.nodes.size(), b.nodes.size()) << where;
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        const pgn::Node &x = a.nodes[i], &y = b.nodes[i];
        const std::string at = where + " node " + std::to_string(i);
        EXPECT_EQ(x.move, y.move) << at;
        EXPECT_EQ(x.nags, y.nags) << at;
        EXPECT_EQ(squashed(x.comments), squashed(y.comments)) << at;
        ASSERT_EQ(x.variations.size(), y.variations.size()) << at;
        for (std::size_t v = 0; v < x.variations.size(); ++v)
            expect_same_line(x.variations[v], y.variations[v],
                             at + " variation " + std::to_string(v));
    }
}

inline std::string shredder(const Position& pos) {
    return write_fen(pos, {CastlingNotation::Shredder, EnPassantNotation::Legal});
}

// A FEN (as the CLI prints it, X-FEN castling) in Shredder form, to compare with Stockfish's.
inline std::string shredder_of(const std::string& fen) {
    auto pos = position_from_fen(fen);
    EXPECT_TRUE(pos.has_value()) << fen;
    return pos ? shredder(*pos) : "";
}

// Reads the one game of `text` without problems.
inline pgn::GameRecord read_one(const std::string& text) {
    pgn::Replayer r = read_text(text);
    EXPECT_TRUE(r.problems.empty()) << describe_problems(r) << text;
    EXPECT_EQ(r.games.size(), 1u) << text;
    if (r.games.empty()) return {};
    return r.games.front();
}

// Records every callback of the reader, for checking what it delivers and in what order.
class Recorder : public pgn::Visitor {
  public:
    std::vector<std::string> events;
    std::vector<pgn::Location> where;
    void begin_game(long n, pgn::Location at) override { add("game " + std::to_string(n), at); }
    void tag(std::string_view name, std::string_view value, pgn::Location at) override {
        add("[" + std::string(name) + "=" + std::string(value) + "]", at);
    }
    void begin_movetext(pgn::Location at) override { add("movetext", at); }
    void move(std::string_view san, pgn::Location at) override { add(std::string(san), at); }
    void comment(std::string_view text, pgn::Location at) override {
        add("{" + std::string(text) + "}", at);
    }
    void nag(int n, pgn::Location at) override { add("$" + std::to_string(n), at); }
    void begin_variation(pgn::Location at) override { add("(", at); }
    void end_variation(pgn::Location at) override { add(")", at); }
    void result(std::string_view r, pgn::Location at) override {
        add("result " + std::string(r), at);
    }
    void end_game(pgn::Location at) override { add("end", at); }
    void syntax_error(const std::string& message, pgn::Location at) override {
        add("error: " + message, at);
    }
    void limit_reached(const std::string& message, pgn::Location at, pgn::Skipped) override {
        add("limit: " + message, at);
    }

  private:
    void add(std::string e, pgn::Location at) {
        events.push_back(std::move(e));
        where.push_back(at);
    }
};

inline Recorder record_events(const std::string& text) {
    std::istringstream in(text);
    pgn::Reader reader(in);
    Recorder rec;
    reader.read_all(rec);
    return rec;
}

struct SharedFile {
    const char* name;
    long games;
    long plies;
    long castles;  // python-chess 1.11.2, tests/data/SOURCES.md
};
const SharedFile kSharedFiles[] = {
    {"games_chess960_mainz2009_rapid_wch.pgn", 20, 1692, 23},
    {"games_chess960_cutechess_engines.pgn", 4, 396, 4},
    {"games_chess960_kokopu_castle_swap.pgn", 1, 1, 1},
    {"games_chess960_kokopu_variant_tags.pgn", 4, 103, 4},
};

// Final positions computed with Stockfish 15.1 (UCI_Chess960 true): each game replayed by
// `position fen <FEN tag> moves ...`, each SAN resolved against Stockfish's own `go perft 1`
// list and `d` board by a separate script, then `d` -> `Fen:` (Shredder castling letters).
struct FinalFen {
    const char* file;
    int game;
    int plies;
    const char* fen;
};
const FinalFen kStockfishFinalFens[] = {
    {"games_chess960_kokopu_castle_swap.pgn", 1, 1,
     "rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNRKB b ga - 1 1"},
    {"games_chess960_kokopu_variant_tags.pgn", 1, 63,
     "2q2r2/k1pr4/P1Q5/1R1p1p2/1P2p3/2P5/6PP/1R4K1 b - - 0 32"},
    {"games_chess960_kokopu_variant_tags.pgn", 2, 40,
     "1k1r4/ppp4p/6p1/2P5/2bN4/2q3P1/2nR2BP/4K1BQ w - - 4 21"},
    {"games_chess960_kokopu_variant_tags.pgn", 3, 0,
     "nbbrqnkr/pppppppp/8/8/8/8/PPPPPPPP/NBBRQNKR w HDhd - 0 1"},
    {"games_chess960_kokopu_variant_tags.pgn", 4, 0,
     "rnkrbbnq/pppppppp/8/8/8/8/PPPPPPPP/RNKRBBNQ w DAda - 0 1"},
    {"games_chess960_cutechess_engines.pgn", 1, 120, "8/p7/P7/7K/4bk2/8/7r/8 w - - 14 61"},
    {"games_chess960_cutechess_engines.pgn", 2, 99, "8/2Q5/2k5/pN3R2/1p6/1PP5/PK6/8 b - - 6 50"},
    {"games_chess960_cutechess_engines.pgn", 3, 70, "1k5r/pr6/8/4qbpK/8/P3bR1P/6P1/8 w - - 1 36"},
    {"games_chess960_cutechess_engines.pgn", 4, 107, "2R3k1/4Q3/7p/8/5Pp1/6P1/7P/7K b - - 2 54"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 1, 84,
     "8/8/6Q1/p1k1p3/Pp1n3P/2n3P1/5r2/2K5 w - - 2 43"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 2, 150, "3Q4/q6p/1qp5/kp5P/8/PK6/8/8 w - - 14 76"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 3, 43,
     "Q2B4/1p1kqbbp/3p2p1/1p2p3/4P3/1P3P2/1PP3PP/1K1R4 b D - 0 22"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 4, 104,
     "4r3/1kp3p1/1p5p/1N6/1P3Q2/p2K4/P3q2P/8 w - - 4 53"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 5, 56,
     "bq6/p2B1pkp/7p/2p2pr1/2Pb4/2NQ3R/P3KnP1/B7 w - - 3 29"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 6, 98, "8/5B2/2P5/1b2k3/5p2/8/3K2p1/8 w - - 0 50"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 7, 105, "8/8/8/8/1kpp4/p3r3/2P5/1K5R b - - 1 53"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 8, 118, "8/4R3/3p1P2/4n1K1/4k3/8/5r2/8 w - - 9 60"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 9, 123, "4b3/7p/8/3k1PP1/4p3/P1K1B3/8/8 b - - 4 62"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 10, 88,
     "8/5P1p/1p1k3b/1b1q4/1P6/1KP5/P6P/7Q w - - 5 45"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 11, 53,
     "r1r2q2/1Qnk3p/PBp1p3/3R4/5p2/2RN2P1/3P3P/4K3 b - - 0 27"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 12, 54,
     "7b/1q2Q1p1/5rk1/1p1n1p2/p1p1p3/P3B1P1/1PPP3P/1R2R2K w - - 1 28"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 13, 77,
     "5r2/pk1BB3/1p4p1/2qb2P1/5P1p/P6K/1P1Q3P/4R3 b - - 1 39"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 14, 102,
     "8/p7/5P2/1pk4p/2p4P/5r2/P4p1K/3R4 w - - 1 52"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 15, 52,
     "r7/1r3k1p/1p2p1p1/2bp1p2/P4P2/1P1RP1P1/2P4P/4R2K w - - 0 27"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 16, 45,
     "n1kr1qrb/p2p4/2pPpN2/1pN1P2P/6p1/1P3p2/P1P2P1P/BK1RQ3 b - - 1 23"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 17, 43,
     "5r1q/Bk3pbp/1Qp1bnp1/8/4pP2/P1N3PP/1PPr4/2KR4 b - - 1 22"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 18, 101, "1r6/7P/3k2P1/5R2/8/1p6/6K1/8 b - - 0 51"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 19, 96, "8/1R6/2k3Bp/b6P/Pr6/2K5/8/8 w - - 0 49"},
    {"games_chess960_mainz2009_rapid_wch.pgn", 20, 100, "8/8/3k4/2p3R1/r4P2/4K3/8/8 w - - 4 51"},
};

const char* const kWords[] = {
    "good",        "bad", "(sic)",  "[%clk 0:01:00]", "50%",  "a;b", "\"q\"", "é",
    "back\\slash", "{",   "tricky", "line",           "idea", "$5",  "1-0"};

inline std::string random_comment(startpos::Random& rng) {
    std::string text;
    const std::uint64_t n = 1 + rng.below(6);
    for (std::uint64_t i = 0; i < n; ++i) {
        if (i) text += ' ';
        text += kWords[rng.below(std::size(kWords))];
    }
    return text;
}

inline Move random_move(startpos::Random& rng, const Position& pos) {
    MoveList moves = pos.legal_moves();
    return moves[int(rng.below(std::uint64_t(moves.size())))];
}

// A random line of up to `length` moves from `pos`, its first move different from `avoid`.
inline pgn::Line random_variation(startpos::Random& rng, Position pos, Move avoid, int length,
                                  int depth) {
    pgn::Line line;
    MoveList first = pos.legal_moves();
    std::vector<Move> others;
    for (Move m : first)
        if (m != avoid) others.push_back(m);
    if (others.empty()) return line;
    if (rng.below(4) == 0) line.comments.push_back(random_comment(rng));
    Move m = others[rng.below(others.size())];
    for (int i = 0; i < length; ++i) {
        pgn::Node node{m, {}, {}, {}};
        if (rng.below(5) == 0) node.nags.push_back(int(1 + rng.below(20)));
        if (rng.below(5) == 0) node.comments.push_back(random_comment(rng));
        if (depth < 2 && rng.below(6) == 0) {
            pgn::Line sub = random_variation(rng, pos, m, 1 + int(rng.below(3)), depth + 1);
            if (!sub.nodes.empty()) node.variations.push_back(std::move(sub));
        }
        line.nodes.push_back(std::move(node));
        pos.play(m);
        if (pos.legal_moves().empty()) break;
        m = random_move(rng, pos);
    }
    return line;
}

struct Generated {
    pgn::GameRecord record;
    std::string final_fen;
    long moves = 0;  // main line and variations
};

inline Generated random_game(startpos::Random& rng, int index) {
    Generated out;
    pgn::GameRecord& g = out.record;
    if (index % 7 == 3) {
        g.start = Position();
        g.chess960 = false;
    } else if (index % 5 == 1) {
        int white = rng.draw(), black = rng.draw();
        g.start = *startpos::position(white, black);
        g.chess960 = true;
        g.set_tag("Opening", "DFRC " + std::to_string(white) + ":" + std::to_string(black));
    } else {
        g.start = *startpos::position(rng.draw());
        g.chess960 = true;
    }
    g.set_tag("Event", "Random corpus");
    g.set_tag("Site", index % 3 ? "?" : "C:\\games\\\"random\"");
    g.set_tag("Date", "2024.05.17");
    g.set_tag("Round", std::to_string(index + 1));
    g.set_tag("White", "Mover " + std::to_string(rng.below(1000)));
    g.set_tag("Black", "Mover, \"B\" " + std::to_string(rng.below(1000)));
    Game game(g.start);
    if (rng.below(8) == 0) g.main.comments.push_back(random_comment(rng));
    const int limit = 200;
    while (!game.outcome().is_over() && game.ply_count() < limit) {
        if (game.claimable_draw() && rng.below(2) == 0) {
            EXPECT_TRUE(game.claim_draw().has_value());
            break;
        }
        const Position& pos = game.position();
        Move m = random_move(rng, pos);
        pgn::Node node{m, {}, {}, {}};
        if (rng.below(12) == 0) node.nags.push_back(int(1 + rng.below(139)));
        if (rng.below(40) == 0) node.nags.push_back(int(rng.below(256)));
        if (rng.below(15) == 0) node.comments.push_back(random_comment(rng));
        if (rng.below(25) == 0) node.comments.push_back(random_comment(rng));
        if (rng.below(14) == 0) {
            pgn::Line v = random_variation(rng, pos, m, 1 + int(rng.below(6)), 0);
            if (!v.nodes.empty()) node.variations.push_back(std::move(v));
            if (rng.below(3) == 0) {
                pgn::Line w = random_variation(rng, pos, m, 1 + int(rng.below(3)), 1);
                if (!w.nodes.empty()) node.variations.push_back(std::move(w));
            }
        }
        EXPECT_TRUE(game.play(m).has_value());
        g.main.nodes.push_back(std::move(node));
    }
    Outcome o = game.outcome();
    if (!o.is_over()) {
        // Cut off at the ply limit: unfinished, or a result the players set.
        const GameResult results[] = {GameResult::Ongoing, GameResult::WhiteWins,
                                      GameResult::BlackWins, GameResult::Draw};
        g.result = results[rng.below(4)];
    } else {
        g.result = o.result;
    }
    g.set_tag("Result", result_string(g.result));
    out.final_fen = write_fen(game.position());
    out.moves = count_moves(g.main);
    return out;
}

inline std::vector<Generated> random_corpus(std::uint64_t seed, int count) {
    startpos::Random rng(seed);
    std::vector<Generated> games;
    for (int i = 0; i < count; ++i) games.push_back(random_game(rng, i));
    return games;
}

// The text of each game as the writer writes it, and the whole corpus with a blank line between
// games.
struct Corpus {
    std::vector<Generated> games;
    std::vector<std::string> texts;
    std::string joined() const {
        std::string out;
        for (std::size_t i = 0; i < texts.size(); ++i) out += (i ? "\n" : "") + texts[i];
        return out;
    }
};

inline Corpus make_corpus(std::uint64_t seed, int count) {
    Corpus c;
    c.games = random_corpus(seed, count);
    for (const auto& g : c.games) c.texts.push_back(pgn::write_game(g.record));
    return c;
}

// The round number names the generated game a record came from.
inline int round_of(const pgn::GameRecord& g) { return std::stoi(g.tag("Round").value_or("0")); }

inline void expect_same_game(const pgn::GameRecord& read, const Generated& original) {
    const pgn::GameRecord& o = original.record;
    const std::string where = "game " + o.tag("Round").value_or("?");
    for (const char* tag :
         {"Event", "Site", "Date", "Round", "White", "Black", "Result", "Opening"})
        EXPECT_EQ(read.tag(tag), o.tag(tag)) << where << " " << tag;
    EXPECT_EQ(read.chess960, o.chess960) << where;
    EXPECT_EQ(write_fen(read.start), write_fen(o.start)) << where;
    EXPECT_EQ(read.result, o.result) << where;
    expect_same_line(read.main, o.main, where);
    EXPECT_EQ(write_fen(read.final_position()), original.final_fen) << where;
}

inline long line_of(const std::string& text, std::size_t offset) {
    return 1 + long(std::count(text.begin(), text.begin() + long(offset), '\n'));
}

// Main-line move tokens of a written game: offset and length in `text`.
inline std::vector<std::pair<std::size_t, std::size_t>> main_line_tokens(const std::string& text) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t i = text.find("\n\n");
    int depth = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == ' ' || c == '\n') {
            ++i;
        } else if (c == '{') {
            i = text.find('}', i) + 1;
        } else if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : -1;
            ++i;
        } else {
            std::size_t j = i;
            while (j < text.size() && text[j] != ' ' && text[j] != '\n') ++j;
            std::string_view token(text.data() + i, j - i);
            const bool number = token.find_first_not_of("0123456789.") == std::string_view::npos;
            const bool result =
                token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
            if (depth == 0 && !number && !result && token[0] != '$') out.emplace_back(i, j - i);
            i = j;
        }
    }
    return out;
}

// Reads `text` and checks every record against the corpus (by round number), except the games
// in `damaged` (0-based); returns the replayer.
inline pgn::Replayer read_damaged(const Corpus& corpus, const std::string& text,
                                  const std::vector<std::size_t>& damaged) {
    pgn::Replayer r = read_text(text);
    std::vector<bool> seen(corpus.games.size(), false);
    for (const auto& g : r.games) {
        const int round = round_of(g);
        EXPECT_GE(round, 1);
        if (round < 1 || round > int(corpus.games.size())) continue;
        const std::size_t i = std::size_t(round - 1);
        seen[i] = true;
        if (std::find(damaged.begin(), damaged.end(), i) == damaged.end()) {
            expect_same_game(g, corpus.games[i]);
        }
    }
    for (std::size_t i = 0; i < corpus.games.size(); ++i) {
        if (std::find(damaged.begin(), damaged.end(), i) == damaged.end()) {
            EXPECT_TRUE(seen[i]) << "game " << i + 1 << " was lost\n" << describe_problems(r);
        }
    }
    for (const auto& p : r.problems)
        EXPECT_TRUE(std::find(damaged.begin(), damaged.end(), std::size_t(p.game - 1)) !=
                    damaged.end())
            << "a problem in an undamaged game: line " << p.where.line << ": " << p.describe();
    return r;
}

// A move the side to move cannot play: a piece letter and a square that no legal move matches.
inline std::string illegal_move_for(const Position& pos) {
    for (const char* piece : {"Q", "R", "B", "N", "K"})
        for (int s = 0; s < 64; ++s) {
            std::string text = piece + square_name(Square(s));
            auto r = parse_san(pos, text);
            if (!r && r.error().code == ErrorCode::IllegalMove &&
                !contains(r.error().message, "ambiguous"))
                return text;
        }
    return "Qa9";
}

// The offset of game `i`'s text in the joined corpus.
inline std::size_t offset_of(const Corpus& c, std::size_t i) {
    std::size_t offset = 0;
    for (std::size_t k = 0; k < i; ++k) offset += c.texts[k].size() + 1;
    return offset;
}

// The first ')' that closes a variation (not one inside a comment).
inline std::size_t variation_close(const std::string& text) {
    for (std::size_t i = text.find("\n\n"); i < text.size(); ++i) {
        if (text[i] == '{') i = text.find('}', i);
        if (text[i] == ')') return i;
    }
    ADD_FAILURE() << "no variation in " << text;
    return 0;
}

// The first game at or after `from` whose text satisfies `pred`.
template <typename Pred>
std::size_t find_game(const Corpus& c, std::size_t from, Pred pred) {
    for (std::size_t i = from; i < c.texts.size(); ++i)
        if (pred(i)) return i;
    ADD_FAILURE() << "no suitable game in the corpus";
    return from;
}

}  // namespace chess960::pgn_corpus
