// Converts FENs between their forms: X-FEN (KQkq, a file letter only for an inner rook),
// Shredder-FEN (always file letters: HAha) and the en passant square after every double step
// (FEN as of 1994) instead of only when a capture is legal.
//
//   convert_fen "FEN" ...      or one FEN a line on standard input
#include <chess960/chess960.hpp>

#include <iostream>
#include <string>

using namespace chess960;

namespace {

bool convert(const std::string& text) {
    auto pos = position_from_fen(text);
    if (!pos) {
        std::cerr << "convert_fen: " << text << ": " << pos.error().to_string() << '\n';
        return false;
    }
    std::cout << "X-FEN:          " << write_fen(*pos) << '\n'
              << "Shredder-FEN:   " << write_fen(*pos, {CastlingNotation::Shredder}) << '\n'
              << "double-step ep: "
              << write_fen(*pos, {CastlingNotation::XFen, EnPassantNotation::DoubleStep}) << '\n';
    if (auto number = startpos::number_of(*pos)) std::cout << "start position: " << *number << '\n';
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    bool ok = true;
    if (argc > 1) {
        for (int i = 1; i < argc; ++i) ok = convert(argv[i]) && ok;
    } else {
        for (std::string line; std::getline(std::cin, line);)
            if (!line.empty()) ok = convert(line) && ok;
    }
    return ok ? 0 : 1;
}
