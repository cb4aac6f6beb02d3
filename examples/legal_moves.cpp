// Legal moves and perft of a Chess960 start position or of any FEN.
//
//   legal_moves 518            the legal moves of start position 518 (ordinary chess)
//   legal_moves 518 4          ... and perft to depth 4
//   legal_moves "FEN" [DEPTH]  the same for a position given as FEN (X-FEN or Shredder-FEN)
#include <chess960/chess960.hpp>

#include <charconv>
#include <cstdint>
#include <iostream>
#include <string>
#include <string_view>

using namespace chess960;

namespace {

// A start position number (0..959) or a FEN.
Result<Position> read_position(std::string_view text) {
    int number = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec == std::errc() && end == text.data() + text.size()) return startpos::position(number);
    return position_from_fen(text);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        std::cerr << "usage: legal_moves NUMBER|FEN [DEPTH]\n";
        return 2;
    }
    auto pos = read_position(argv[1]);
    if (!pos) {
        std::cerr << "legal_moves: " << pos.error().to_string() << '\n';
        return 1;
    }
    std::cout << write_fen(*pos) << '\n' << pos->diagram();

    // Each move in UCI (castling as king takes own rook, as Chess960 engines write it) and SAN.
    const MoveList moves = pos->legal_moves();
    for (Move m : moves)
        std::cout << to_uci(*pos, m, CastlingMode::Chess960) << ' ' << to_san(*pos, m) << '\n';
    std::cout << moves.size() << " legal moves\n";

    if (argc == 3) {
        const int depth = std::stoi(argv[2]);
        for (int d = 1; d <= depth; ++d)
            std::cout << "perft " << d << ' ' << perft(*pos, d) << '\n';
    }
    return 0;
}
