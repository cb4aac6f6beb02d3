#include "cli/start_position_text.hpp"
#include "chess960/fen.hpp"

namespace chess960::cli {

void print_start_position(std::ostream& out, startpos::Numbers numbers) {
    const Position pos = *startpos::position(numbers.white, numbers.black);
    auto white = startpos::back_rank(numbers.white);
    auto black = startpos::back_rank(numbers.black);
    if (numbers.is_double()) {
        out << "Number: " << numbers.white << ":" << numbers.black << " (Double Chess960)\n"
            << "Back rank: " << startpos::to_string(*white) << " (white), "
            << startpos::to_string(*black) << " (black)\n";
    } else {
        out << "Number: " << numbers.white << "\n"
            << "Back rank: " << startpos::to_string(*white) << "\n";
    }
    out << "FEN: " << write_fen(pos) << "\n"
        << "Shredder-FEN: " << write_fen(pos, {CastlingNotation::Shredder}) << "\n\n"
        << pos.diagram();
}

}  // namespace chess960::cli
