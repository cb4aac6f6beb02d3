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
// The same --seed always gives the same file.
//
// usage: make_pgn_corpus [--games N] [--seed S] [--output FILE]
//   defaults: 100000 games, seed 1, standard output
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "chess960/game.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"

using namespace chess960;

namespace {

[[noreturn]] void usage(const char* message) {
    std::fprintf(stderr,
                 "make_pgn_corpus: %s\n"
                 "usage: make_pgn_corpus [--games N] [--seed S] [--output FILE]\n",
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

// One random game, played out and ended; returns it as a record ready to write.
pgn::GameRecord random_game(startpos::Random& rng, long index) {
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
    return record;
}

}  // namespace

int main(int argc, char** argv) {
    long games = 100000;
    std::uint64_t seed = 1;
    const char* output = nullptr;
    for (int i = 1; i < argc; ++i) {
        const bool has_value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--games") && has_value) {
            games = std::atol(argv[++i]);
            if (games < 0) usage("--games needs a number >= 0");
        } else if (!std::strcmp(argv[i], "--seed") && has_value) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--output") && has_value) {
            output = argv[++i];
        } else {
            usage((std::string("unknown or incomplete argument '") + argv[i] + "'").c_str());
        }
    }
    std::FILE* out = output ? std::fopen(output, "wb") : stdout;
    if (!out) usage((std::string("cannot write '") + output + "'").c_str());

    startpos::Random rng(seed);
    for (long i = 1; i <= games; ++i) {
        std::string text = pgn::write_game(random_game(rng, i));
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
