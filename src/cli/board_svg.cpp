#include "cli/board_svg.hpp"

#include <sstream>

namespace chess960::cli {

namespace {

constexpr int kSquare = 40;
constexpr int kMargin = 20;  // room for the file letters and rank digits

// The chess symbols of Unicode, outlined for White and solid for Black so that the diagram reads
// on a black-and-white printout; U+FE0E asks for the text form, not an emoji.
std::string glyph(Color color, PieceType type) {
    static constexpr const char* kWhite[] = {"\u2659", "\u2658", "\u2657",
                                             "\u2656", "\u2655", "\u2654"};
    static constexpr const char* kBlack[] = {"\u265F", "\u265E", "\u265D",
                                             "\u265C", "\u265B", "\u265A"};
    return std::string(color == White ? kWhite[type] : kBlack[type]) + "\uFE0E";
}

}  // namespace

std::string board_svg(startpos::Numbers numbers) {
    const startpos::BackRank white = *startpos::back_rank(numbers.white);
    const startpos::BackRank black = *startpos::back_rank(numbers.black);
    const int size = 8 * kSquare + kMargin;
    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" viewBox=\"0 0 " << size << " "
        << size << "\" width=\"" << size << "\" height=\"" << size
        << "\" role=\"img\" aria-label=\"Start position " << numbers.white;
    if (numbers.is_double()) svg << ":" << numbers.black;
    svg << "\">\n";
    for (int row = 0; row < 8; ++row) {  // row 0 is rank 8
        const int rank = 7 - row;
        for (int file = 0; file < 8; ++file) {
            const bool light = (file + rank) % 2 == 1;  // a1 is dark
            const int x = kMargin + file * kSquare, y = row * kSquare;
            svg << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kSquare << "\" height=\""
                << kSquare << "\" fill=\"" << (light ? "#f0d9b5" : "#b58863") << "\"/>";
            std::string piece;
            if (rank == 0) piece = glyph(White, white[std::size_t(file)]);
            if (rank == 1) piece = glyph(White, Pawn);
            if (rank == 6) piece = glyph(Black, Pawn);
            if (rank == 7) piece = glyph(Black, black[std::size_t(file)]);
            if (!piece.empty())
                svg << "<text x=\"" << x + kSquare / 2 << "\" y=\"" << y + kSquare / 2
                    << "\" font-size=\"" << kSquare * 4 / 5
                    << "\" text-anchor=\"middle\" dominant-baseline=\"central\">" << piece
                    << "</text>";
        }
        svg << "<text x=\"" << kMargin / 2 << "\" y=\"" << row * kSquare + kSquare / 2
            << "\" font-size=\"12\" text-anchor=\"middle\" dominant-baseline=\"central\">"
            << rank + 1 << "</text>\n";
    }
    for (int file = 0; file < 8; ++file)
        svg << "<text x=\"" << kMargin + file * kSquare + kSquare / 2 << "\" y=\""
            << 8 * kSquare + kMargin / 2
            << "\" font-size=\"12\" text-anchor=\"middle\" dominant-baseline=\"central\">"
            << char('a' + file) << "</text>";
    svg << "\n</svg>\n";
    return svg.str();
}

}  // namespace chess960::cli
