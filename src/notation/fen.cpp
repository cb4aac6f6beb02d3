#include "chess960/fen.hpp"

#include <charconv>
#include <vector>

namespace chess960 {

namespace {

struct Token {
    std::string_view text;
    int column;  // 1-based
};

std::vector<Token> split_fields(std::string_view text) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        // Blanks, tabs and line ends (a FEN read from a CRLF file keeps its '\r') separate fields.
        auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
        while (i < text.size() && blank(text[i])) ++i;
        std::size_t start = i;
        while (i < text.size() && !blank(text[i])) ++i;
        if (i > start) tokens.push_back({text.substr(start, i - start), int(start) + 1});
    }
    return tokens;
}

bool parse_counter(std::string_view text, int& value) {
    if (text.empty() || text.size() > 6) return false;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size() && value >= 0;
}

std::unexpected<Error> fen_error(std::string message, int column) {
    return make_error(ErrorCode::InvalidFen, std::move(message), column);
}

Result<void> parse_placement(const Token& field, Setup& setup) {
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < field.text.size(); ++i) {
        char c = field.text[i];
        int column = field.column + int(i);
        if (c == '/') {
            if (file != 8)
                return fen_error("piece placement: rank " + std::to_string(rank + 1) + " has " +
                                     std::to_string(file) + " squares, not 8",
                                 column);
            if (rank == 0) return fen_error("piece placement: more than 8 ranks", column);
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fen_error("piece placement: rank " + std::to_string(rank + 1) +
                                     " has more than 8 squares",
                                 column);
        } else {
            Piece p = piece_from_char(c);
            if (p == NoPiece)
                return fen_error(std::string("piece placement: '") + c + "' is not a piece letter",
                                 column);
            if (file >= 8)
                return fen_error("piece placement: rank " + std::to_string(rank + 1) +
                                     " has more than 8 squares",
                                 column);
            setup.board[make_square(file, rank)] = p;
            ++file;
        }
    }
    int end = field.column + int(field.text.size());
    if (rank != 0)
        return fen_error("piece placement: " + std::to_string(8 - rank) + " ranks, not 8", end);
    if (file != 8)
        return fen_error("piece placement: rank 1 has " + std::to_string(file) + " squares, not 8",
                         end);
    return {};
}

// The rook a castling letter names on the parsed board: a file letter names the square on the
// own back rank; K and Q the outermost own rook on the back rank on that side of the own king
// (X-FEN), or the corner when there is none, so that Position::from_setup reports what is
// missing.
Square castling_rook_square(const Setup& setup, char letter) {
    const Color c = (letter >= 'A' && letter <= 'Z') ? White : Black;
    const char lower = char(letter | 0x20);
    const int rank = back_rank(c);
    if (lower != 'k' && lower != 'q') return make_square(lower - 'a', rank);
    const Piece king = make_piece(c, King), rook = make_piece(c, Rook);
    int king_file = -1;
    for (int f = 0; f < 8 && king_file < 0; ++f)
        if (setup.board[make_square(f, rank)] == king) king_file = f;
    if (lower == 'k') {
        for (int f = 7; king_file >= 0 && f > king_file; --f)
            if (setup.board[make_square(f, rank)] == rook) return make_square(f, rank);
        return make_square(7, rank);
    }
    for (int f = 0; f < king_file; ++f)
        if (setup.board[make_square(f, rank)] == rook) return make_square(f, rank);
    return make_square(0, rank);
}

Result<void> parse_castling(const Token& field, Setup& setup) {
    if (field.text == "-") return {};
    for (std::size_t i = 0; i < field.text.size(); ++i) {
        char c = field.text[i];
        char lower = char(c | 0x20);
        bool valid = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        valid = valid && (lower == 'k' || lower == 'q' || (lower >= 'a' && lower <= 'h'));
        if (!valid)
            return fen_error("castling field '" + std::string(field.text) + "': '" + c +
                                 "' is not K, Q, k, q or a file letter",
                             field.column + int(i));
        if (field.text.substr(0, i).find(c) != std::string_view::npos)
            return fen_error("castling field '" + std::string(field.text) + "' repeats '" + c + "'",
                             field.column + int(i));
        setup.castling_rooks |= square_bb(castling_rook_square(setup, c));
    }
    return {};
}

}  // namespace

Result<Setup> parse_fen(std::string_view text) {
    // EPD operations follow the fields; everything from the first ';' on is not FEN.
    std::string_view fields_text = text;
    bool has_operations = false;
    if (auto semicolon = text.find(';'); semicolon != std::string_view::npos) {
        fields_text = text.substr(0, semicolon);
        has_operations = true;
    }
    std::vector<Token> tokens = split_fields(fields_text);
    if (tokens.empty()) return fen_error("empty FEN", 1);

    Setup setup;
    if (auto r = parse_placement(tokens[0], setup); !r) return std::unexpected(r.error());

    if (tokens.size() < 2) return fen_error("side to move is missing", int(fields_text.size()) + 1);
    if (tokens[1].text == "w")
        setup.side_to_move = White;
    else if (tokens[1].text == "b")
        setup.side_to_move = Black;
    else
        return fen_error("side to move '" + std::string(tokens[1].text) + "' is not 'w' or 'b'",
                         tokens[1].column);

    if (tokens.size() < 3)
        return fen_error("castling field is missing", int(fields_text.size()) + 1);
    if (auto r = parse_castling(tokens[2], setup); !r) return std::unexpected(r.error());

    if (tokens.size() < 4)
        return fen_error("en passant field is missing", int(fields_text.size()) + 1);
    if (tokens[3].text != "-") {
        Square ep = parse_square(tokens[3].text);
        if (ep == NoSquare || (rank_of(ep) != 2 && rank_of(ep) != 5))
            return fen_error("en passant field '" + std::string(tokens[3].text) +
                                 "' is not '-' or a square on rank 3 or 6",
                             tokens[3].column);
        setup.en_passant = ep;
    }

    // Optional counters, then (EPD) the first operation, which must end with ';'.
    std::size_t next = 4;
    if (next < tokens.size() && parse_counter(tokens[next].text, setup.halfmove_clock)) {
        ++next;
        if (next < tokens.size() && parse_counter(tokens[next].text, setup.fullmove_number)) {
            ++next;
            if (setup.fullmove_number == 0) setup.fullmove_number = 1;  // common in the wild
        }
    }
    if (next < tokens.size() && !has_operations) {
        const Token& t = tokens[next];
        if (next == 4)
            return fen_error("halfmove clock '" + std::string(t.text) + "' is not a number",
                             t.column);
        if (next == 5)
            return fen_error("fullmove number '" + std::string(t.text) + "' is not a number",
                             t.column);
        return fen_error("unexpected '" + std::string(t.text) + "' after the fullmove number",
                         t.column);
    }
    if (setup.halfmove_clock > 65535)
        return fen_error("halfmove clock too large", tokens[4].column);
    if (setup.fullmove_number > 65535)
        return fen_error("fullmove number too large", tokens[5].column);
    return setup;
}

std::string castling_field(const Position& pos, CastlingNotation notation) {
    std::string out;
    for (Color c : {White, Black}) {
        for (CastlingSide side : {GSide, CSide}) {
            Square rook = pos.castling_rook(c, side);
            if (rook == NoSquare) continue;
            bool outermost = true;
            Bitboard own_rooks = pos.pieces(c, Rook) & rank_bb(back_rank(c));
            while (own_rooks) {
                Square other = pop_lsb(own_rooks);
                if (side == GSide ? file_of(other) > file_of(rook) : file_of(other) < file_of(rook))
                    outermost = false;
            }
            if (notation == CastlingNotation::XFen && outermost)
                out += c == White ? (side == GSide ? 'K' : 'Q') : (side == GSide ? 'k' : 'q');
            else
                out += file_char(file_of(rook), c == White);
        }
    }
    return out.empty() ? "-" : out;
}

std::string write_fen(const Position& pos, FenOptions options) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = pos.piece_on(make_square(file, rank));
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += piece_char(p);
        }
        if (empty) out += char('0' + empty);
        if (rank) out += '/';
    }
    out += pos.side_to_move() == White ? " w " : " b ";
    out += castling_field(pos, options.castling);
    out += ' ';
    out += square_name(options.en_passant == EnPassantNotation::Legal ? pos.en_passant_square()
                                                                      : pos.double_step_square());
    out += ' ';
    out += std::to_string(pos.halfmove_clock());
    out += ' ';
    out += std::to_string(pos.fullmove_number());
    return out;
}

Result<Position> position_from_fen(std::string_view text, SetupOptions options) {
    auto setup = parse_fen(text);
    if (!setup) return std::unexpected(setup.error());
    return Position::from_setup(*setup, options);
}

}  // namespace chess960
