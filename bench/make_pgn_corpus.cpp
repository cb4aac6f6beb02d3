// make_pgn_corpus: writes a reproducible corpus of random Chess960 games as PGN, for the PGN
// speed benchmark (bench/pgn_bench.sh).
//
// Each game starts from a seeded random start position (any of the 960, each equally likely)
// and is played by a seeded random mover: a capture when one is available half of the time,
// else any legal move; promotions are to a queen three times out of four. A game ends on the
// board (checkmate, stalemate, dead position, fivefold repetition, 75-move rule), or when it
// reaches its drawn length of 80 to 120 plies: then the side more than two pawns behind in
// material resigns, and otherwise the players agree a draw. The games are written by
// pgn::write_game (seven-tag roster, [Variant "Chess960"], [SetUp "1"], [FEN ...], PlyCount,
// Termination) with no comments, so a reader's time goes to tags, SAN and move checking.
//
// --style lichess writes the same games as lichess exports its databases (database.lichess.org,
// the files published as .pgn.zst): twenty tags (site URL, UTC date and time, ratings, rating
// changes, time control, ECO, opening), the movetext on one line with "N..." before Black's
// moves and a clock comment `{ [%clk 0:02:57] }` after every move. The names, ratings and clocks
// are drawn from a second generator, so both styles hold the same games. About half of such a
// file is comments, which a reader skips quickly and a compressor packs well: it weighs the
// decompression against the replay differently (bench/pgn_threads_bench.sh measures both).
//
// The same --seed and --style always give the same file.
//
// usage: make_pgn_corpus [--games N] [--seed S] [--style random|lichess] [--output FILE]
//   defaults: 100000 games, seed 1, random, standard output
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"

using namespace chess960;

namespace {

[[noreturn]] void usage(const char* message) {
    std::fprintf(stderr,
                 "make_pgn_corpus: %s\n"
                 "usage: make_pgn_corpus [--games N] [--seed S] [--style random|lichess] "
                 "[--output FILE]\n",
                 message);
    std::exit(2);
}

int material(const Position& pos, Color c) {
    constexpr int kValue[] = {1, 3, 3, 5, 9, 0};
    int total = 0;
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen})
        total += kValue[t] * popcount(pos.pieces(c, t));
    return total;
}

// One random game, played out and ended.
Game random_game(startpos::Random& rng) {
    const int number = rng.draw();
    Game game(*startpos::position(number));
    const int length = 80 + int(rng.below(41));
    while (game.ply_count() < length && !game.outcome().is_over()) {
        const Position& pos = game.position();
        const MoveList moves = pos.legal_moves();
        MoveList captures;
        for (Move m : moves)
            if (pos.is_capture(m)) captures.push(m);
        const MoveList& from = !captures.empty() && rng.below(2) == 0 ? captures : moves;
        Move m = from[int(rng.below(std::uint64_t(from.size())))];
        if (m.is_promotion() && m.promotion() != Queen && rng.below(4) != 0)
            m = Move(m.from(), m.to(), Move::Promotion, Queen);
        if (!game.play(m)) {
            std::fprintf(stderr, "make_pgn_corpus: the library refused its own legal move\n");
            std::exit(1);
        }
    }
    if (!game.outcome().is_over()) {
        const Position& pos = game.position();
        const int balance = material(pos, White) - material(pos, Black);
        if (balance > 2)
            game.resign(Black);
        else if (balance < -2)
            game.resign(White);
        else
            game.agree_draw();
    }
    return game;
}

// The game as a record with the seven-tag roster and a few more, ready to write.
std::string plain_text(const Game& game, long index) {
    const Outcome outcome = game.outcome();
    pgn::GameRecord record;
    record.start = game.start_position();
    record.chess960 = true;
    record.result = outcome.result;
    for (Move m : game.moves()) record.main.nodes.push_back(pgn::Node{m, {}, {}, {}});
    record.set_tag("Event", "Random Chess960 corpus");
    record.set_tag("Site", "chess960 bench/make_pgn_corpus");
    record.set_tag("Date", "2026.11.22");
    record.set_tag("Round", std::to_string(index));
    record.set_tag("White", "Random mover A");
    record.set_tag("Black", "Random mover B");
    record.set_tag("PlyCount", std::to_string(game.ply_count()));
    record.set_tag("Termination", termination_string(outcome.termination));
    return pgn::write_game(record);
}

// h:mm:ss, as lichess writes its clocks.
std::string clock_text(int seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60,
                  seconds % 60);
    return text;
}

// `length` characters drawn from `alphabet`.
std::string random_text(startpos::Random& rng, std::string_view alphabet, int length) {
    std::string text;
    for (int i = 0; i < length; ++i) text += alphabet[rng.below(alphabet.size())];
    return text;
}

// A lichess-style player name: letters, digits, '_' and '-', 3 to 16 characters.
std::string player_name(startpos::Random& rng) {
    const int length = 3 + int(rng.below(14));
    return random_text(rng, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-",
                       length);
}

// The game as lichess exports it (see the top of this file); `rng` draws the decorations.
// Written here rather than by pgn::write_game, whose export format differs from lichess's where
// it matters to the benchmark: it wraps the movetext at 80 columns and writes `{text}`.
std::string lichess_text(const Game& game, startpos::Random& rng) {
    static constexpr int kControls[][2] = {{60, 0},  {120, 1}, {180, 0}, {180, 2}, {300, 0},
                                           {300, 3}, {600, 0}, {600, 5}, {900, 10}};
    const auto& control = kControls[rng.below(std::size(kControls))];
    const int day = 1 + int(rng.below(28));
    const int second_of_day = int(rng.below(86400));
    const std::string result = result_string(game.outcome().result);
    char date[32], time_of_day[48];
    std::snprintf(date, sizeof date, "2024.01.%02d", day);
    std::snprintf(time_of_day, sizeof time_of_day, "%02d:%02d:%02d", second_of_day / 3600,
                  second_of_day / 60 % 60, second_of_day % 60);
    // The rating changes have opposite signs, as after a rated game.
    const bool white_gains = rng.below(2) != 0;
    const auto rating_change = [&](bool gains) {
        return (gains ? "+" : "-") + std::to_string(1 + rng.below(12));
    };
    const std::string site =
        "https://lichess.org/" +
        random_text(rng, "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ2345678", 8);

    std::string text;
    const auto tag = [&](const char* name, const std::string& value) {
        text += std::string("[") + name + " \"" + value + "\"]\n";
    };
    tag("Event", "Rated Chess960 game");
    tag("Site", site);
    tag("Date", date);
    tag("Round", "-");
    tag("White", player_name(rng));
    tag("Black", player_name(rng));
    tag("Result", result);
    tag("UTCDate", date);
    tag("UTCTime", time_of_day);
    tag("WhiteElo", std::to_string(1000 + rng.below(1700)));
    tag("BlackElo", std::to_string(1000 + rng.below(1700)));
    tag("WhiteRatingDiff", rating_change(white_gains));
    tag("BlackRatingDiff", rating_change(!white_gains));
    tag("Variant", "Chess960");
    tag("TimeControl", std::to_string(control[0]) + "+" + std::to_string(control[1]));
    tag("ECO", "?");
    tag("Opening", "?");
    tag("Termination", "Normal");
    tag("FEN", write_fen(game.start_position()));
    tag("SetUp", "1");
    text += '\n';

    int clocks[2] = {control[0], control[0]};
    const int mean_think = control[0] / 60 + 1;
    for (int ply = 0; ply < game.ply_count(); ++ply) {
        const int side = ply % 2;
        const int think = int(rng.below(std::uint64_t(2 * mean_think + 1)));
        clocks[side] = std::max(0, clocks[side] - think) + control[1];
        text += std::to_string(ply / 2 + 1) + (side ? "... " : ". ");
        text += to_san(game.position_at(ply), game.moves()[std::size_t(ply)]);
        text += " { [%clk " + clock_text(clocks[side]) + "] } ";
    }
    text += result + "\n";
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    long games = 100000;
    std::uint64_t seed = 1;
    const char* output = nullptr;
    bool lichess = false;
    for (int i = 1; i < argc; ++i) {
        const bool has_value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--games") && has_value) {
            games = std::atol(argv[++i]);
            if (games < 0) usage("--games needs a number >= 0");
        } else if (!std::strcmp(argv[i], "--seed") && has_value) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--style") && has_value) {
            const std::string style = argv[++i];
            if (style != "random" && style != "lichess")
                usage(("--style is random or lichess, not '" + style + "'").c_str());
            lichess = style == "lichess";
        } else if (!std::strcmp(argv[i], "--output") && has_value) {
            output = argv[++i];
        } else {
            usage((std::string("unknown or incomplete argument '") + argv[i] + "'").c_str());
        }
    }
    std::FILE* out = output ? std::fopen(output, "wb") : stdout;
    if (!out) usage((std::string("cannot write '") + output + "'").c_str());

    startpos::Random rng(seed);
    startpos::Random decorations(seed ^ 0x9E3779B97F4A7C15ull);
    for (long i = 1; i <= games; ++i) {
        const Game game = random_game(rng);
        std::string text = lichess ? lichess_text(game, decorations) : plain_text(game, i);
        if (i > 1) text.insert(text.begin(), '\n');
        if (std::fwrite(text.data(), 1, text.size(), out) != text.size()) {
            std::fprintf(stderr, "make_pgn_corpus: write error\n");
            return 1;
        }
    }
    if (std::fflush(out) != 0 || (output && std::fclose(out) != 0)) {
        std::fprintf(stderr, "make_pgn_corpus: write error\n");
        return 1;
    }
    return 0;
}
