// The streaming PGN reader: a line source over a fixed buffer, and a tokenizer that calls the
// visitor as it goes.
#include <array>
#include <cstring>
#include <string_view>

#include "chess960/pgn.hpp"

namespace chess960::pgn {

namespace {

// The initial buffer, and the size of each read; it grows for a longer line. 64 KiB reads a
// large file as fast as 1 MiB did, and a reader of a short text (a test, a fuzzer input) no
// longer zero-fills and faults in a whole MiB.
constexpr std::size_t kChunk = 1 << 16;

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// The characters that end a symbol (a move, move number, result or annotation): white space
// and the characters that start or end the other tokens. A table: the reader asks for every
// character of every move.
constexpr std::array<bool, 256> kEndsSymbol = [] {
    std::array<bool, 256> table{};
    for (unsigned char c : std::string_view(" \t\r\n\v\f{}();$[]")) table[c] = true;
    return table;
}();
bool ends_symbol(char c) { return kEndsSymbol[static_cast<unsigned char>(c)]; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// ASCII letters and digits, whatever the C locale says (and without its function calls: the
// reader asks for every character of every tag name).
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_name_char(char c) { return is_letter(c) || is_digit(c) || c == '_'; }

// NAG numbers of the traditional suffix annotations.
int suffix_nag(std::string_view s) {
    if (s == "!") return 1;
    if (s == "?") return 2;
    if (s == "!!") return 3;
    if (s == "??") return 4;
    if (s == "!?") return 5;
    if (s == "?!") return 6;
    return 0;
}

bool is_result(std::string_view s) {
    return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

}  // namespace

// Declared in pgn.hpp: the parallel checker splits a file at the lines where the reader starts
// a game, so both must agree on what such a line is.
bool has_binary(std::string_view s) {
    for (char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if ((c < 32 && !is_space(ch)) || c == 127) return true;
    }
    return false;
}

// A whole line of the form [Name "value"]: the start of a game's tags.
bool is_tag_line(std::string_view s) {
    std::size_t i = 0;
    if (s.empty() || s[i++] != '[') return false;
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t name = i;
    while (i < s.size() && is_name_char(s[i])) ++i;
    if (i == name || i == s.size() || !is_space(s[i])) return false;
    while (i < s.size() && is_space(s[i])) ++i;
    if (i == s.size() || s[i] != '"') return false;
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s.size() >= i + 3 && s.back() == ']' && s[s.size() - 2] == '"';
}

struct Reader::Impl {
    std::istream* stream = nullptr;
    std::FILE* file = nullptr;
    std::vector<char> buffer;
    // The text: buffer's bytes, or a caller's memory read in place (then eof from the start).
    const char* base = nullptr;
    std::size_t begin = 0, end = 0;  // unread bytes: base[begin, end)
    bool eof = false;
    long line_number = 0;
    long game_number = 0;

    std::string_view line;  // the current line, without its end of line
    std::size_t col = 0;    // position in `line`
    bool have_line = false;

    std::string comment_text;  // a comment that spans lines
    std::string tag_value;     // a tag value with escapes, unescaped

    std::size_t fill(char* to, std::size_t n) {
        if (file) return std::fread(to, 1, n, file);
        stream->read(to, std::streamsize(n));
        return std::size_t(stream->gcount());
    }

    // Makes the next line current; false at the end of the input.
    bool next_line() {
        for (;;) {
            const char* start = base + begin;
            const void* nl = end > begin ? std::memchr(start, '\n', end - begin) : nullptr;
            if (nl || (eof && end > begin)) {
                std::size_t length =
                    nl ? std::size_t(static_cast<const char*>(nl) - start) : end - begin;
                line = std::string_view(start, length);
                begin += length + (nl ? 1 : 0);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                // A UTF-8 byte order mark: at the start of the input, or of a file appended to it.
                if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
                ++line_number;
                col = 0;
                have_line = true;
                return true;
            }
            if (eof) {
                have_line = false;
                return false;
            }
            // Move the partial line to the front; grow the buffer for a line longer than it.
            if (buffer.empty()) buffer.resize(kChunk);
            std::memmove(buffer.data(), buffer.data() + begin, end - begin);
            end -= begin;
            begin = 0;
            if (end == buffer.size()) buffer.resize(buffer.size() * 2);
            base = buffer.data();
            std::size_t got = fill(buffer.data() + end, buffer.size() - end);
            end += got;
            if (got == 0) eof = true;
        }
    }

    // Skips white space, moving to following lines; false at the end of the input.
    bool skip_space() {
        for (;;) {
            if (!have_line && !next_line()) return false;
            while (col < line.size() && is_space(line[col])) ++col;
            if (col < line.size()) return true;
            have_line = false;
        }
    }

    Location here() const { return {line_number, int(col) + 1}; }

    // [Name "value"]; col is at '['. Returns false after a syntax error (rest of line skipped).
    bool read_tag(Visitor& v) {
        Location at = here();
        std::size_t i = col + 1;
        while (i < line.size() && is_space(line[i])) ++i;
        std::size_t name_start = i;
        while (i < line.size() && is_name_char(line[i])) ++i;
        std::string_view name = line.substr(name_start, i - name_start);
        while (i < line.size() && is_space(line[i])) ++i;
        if (name.empty() || i >= line.size() || line[i] != '"') {
            v.syntax_error("malformed tag: expected [Name \"value\"]", at);
            have_line = false;
            return false;
        }
        ++i;
        // The value: a view of the line when it has no escape (the usual case), else unescaped
        // into tag_value.
        std::string_view value;
        bool closed = false;
        const std::size_t value_start = i;
        while (i < line.size() && line[i] != '"' && line[i] != '\\') ++i;
        if (i < line.size() && line[i] == '"') {
            value = line.substr(value_start, i - value_start);
            closed = true;
            ++i;
        } else {
            tag_value.assign(line.substr(value_start, i - value_start));
            for (; i < line.size(); ++i) {
                char c = line[i];
                if (c == '\\' && i + 1 < line.size() &&
                    (line[i + 1] == '"' || line[i + 1] == '\\')) {
                    tag_value += line[++i];
                } else if (c == '"') {
                    closed = true;
                    ++i;
                    break;
                } else {
                    tag_value += c;
                }
            }
            value = tag_value;
        }
        while (i < line.size() && is_space(line[i])) ++i;
        if (!closed || i >= line.size() || line[i] != ']') {
            v.syntax_error(
                closed ? "malformed tag: missing ']'" : "malformed tag: unterminated value", at);
            have_line = false;
            return false;
        }
        v.tag(name, value, at);
        col = i + 1;
        return true;
    }

    enum class CommentEnd { Closed, EndOfInput, NewGame };

    // A {comment}, possibly over several lines; col is at '{'. A comment still open when the
    // input ends or when a line holds a tag pair (the next game: its '}' was lost) is reported;
    // the tag line then stays current for the next game.
    CommentEnd read_brace_comment(Visitor& v) {
        Location at = here();
        std::size_t close = line.find('}', col + 1);
        if (close != std::string_view::npos) {
            v.comment(line.substr(col + 1, close - col - 1), at);
            col = close + 1;
            return CommentEnd::Closed;
        }
        comment_text.assign(line.substr(col + 1));
        const std::string unterminated =
            "unterminated comment (opened at line " + std::to_string(at.line) + ")";
        for (;;) {
            if (!next_line()) {
                v.syntax_error(unterminated, at);
                return CommentEnd::EndOfInput;
            }
            if (is_tag_line(line)) {
                v.syntax_error(
                    unterminated + ": a new game starts at line " + std::to_string(line_number),
                    at);
                return CommentEnd::NewGame;
            }
            close = line.find('}');
            comment_text += '\n';
            if (close != std::string_view::npos) {
                comment_text.append(line.substr(0, close));
                col = close + 1;
                v.comment(comment_text, at);
                return CommentEnd::Closed;
            }
            comment_text.append(line);
        }
    }

    bool read_game(Visitor& v) {
        // Skip to the first token, ignoring % escape lines. Lines of binary data between games
        // are skipped too, and reported with the game that follows (they are not a game).
        long binary_lines = 0;
        Location binary_at;
        auto binary_message = [&] {
            return std::to_string(binary_lines) + (binary_lines == 1 ? " line" : " lines") +
                   " of binary data skipped";
        };
        for (;;) {
            if (!skip_space()) {
                if (binary_lines) v.syntax_error(binary_message() + " at the end", binary_at);
                return false;
            }
            if (col == 0 && line[0] == '%') {
                have_line = false;
                continue;
            }
            if (has_binary(line.substr(col))) {
                if (binary_lines++ == 0) binary_at = here();
                have_line = false;
                continue;
            }
            break;
        }
        ++game_number;
        v.begin_game(game_number, here());
        if (binary_lines) v.syntax_error(binary_message() + " before the game", binary_at);
        bool in_movetext = false;
        int depth = 0;
        bool line_error = false;  // one "unexpected character" report per line
        long error_line = -1;
        for (;;) {
            if (!skip_space()) {
                v.syntax_error("no result (end of input)", here());
                v.end_game(here());
                return true;
            }
            if (line_number != error_line) line_error = false;
            const char c = line[col];
            if (col == 0 && c == '%') {
                have_line = false;
                continue;
            }
            if (c == '[') {
                if (in_movetext) {
                    // A new game starts: this one had no result.
                    v.syntax_error(
                        "no result (a new game starts at line " + std::to_string(line_number) + ")",
                        here());
                    v.end_game(here());
                    return true;
                }
                read_tag(v);
                continue;
            }
            if (!in_movetext) {
                in_movetext = true;
                v.begin_movetext(here());
            }
            Location at = here();
            switch (c) {
                case '{':
                    if (read_brace_comment(v) != CommentEnd::Closed) {
                        v.end_game(here());
                        return true;
                    }
                    continue;
                case ';':
                    v.comment(line.substr(col + 1), at);
                    have_line = false;
                    continue;
                case '(':
                    ++depth;
                    ++col;
                    v.begin_variation(at);
                    continue;
                case ')':
                    ++col;
                    if (depth == 0) {
                        v.syntax_error("unbalanced ')'", at);
                    } else {
                        --depth;
                        v.end_variation(at);
                    }
                    continue;
                case '$': {
                    std::size_t i = col + 1;
                    int n = 0;
                    while (i < line.size() && is_digit(line[i]) && n < 1000)
                        n = n * 10 + (line[i++] - '0');
                    if (i == col + 1)
                        v.syntax_error("'$' without a number", at);
                    else
                        v.nag(n, at);
                    col = i;
                    continue;
                }
                default:
                    break;
            }
            // A symbol: move number, move, result or annotation.
            std::size_t i = col;
            while (i < line.size() && !ends_symbol(line[i])) ++i;
            if (i == col) {  // a lone '}' or ']'
                v.syntax_error(std::string("unexpected '") + c + "'", at);
                ++col;
                continue;
            }
            std::string_view token = line.substr(col, i - col);
            col = i;
            if ((token[0] == '1' || token[0] == '0' || token[0] == '*') && is_result(token)) {
                if (depth > 0) {
                    v.syntax_error("result " + std::string(token) + " inside a variation", at);
                    while (depth > 0) {
                        --depth;
                        v.end_variation(at);
                    }
                }
                v.result(token, at);
                v.end_game(here());
                return true;
            }
            // Move numbers: "12." "12..." "12" (then " ." or " ...") and lone dots; in "12.e4"
            // the move follows the dots in the same token.
            std::size_t digits = 0;
            while (digits < token.size() && is_digit(token[digits])) ++digits;
            std::size_t after_dots = digits;
            while (after_dots < token.size() && token[after_dots] == '.') ++after_dots;
            if (after_dots == token.size()) continue;
            if (digits > 0 && after_dots > digits) {
                token.remove_prefix(after_dots);
                at.column += int(after_dots);
            }
            if (token[0] == '!' || token[0] == '?') {
                if (int nag = suffix_nag(token)) {
                    v.nag(nag, at);
                    continue;
                }
            }
            // A move, maybe with a suffix annotation glued on.
            std::size_t end_of_move = token.size();
            while (end_of_move > 0 &&
                   (token[end_of_move - 1] == '!' || token[end_of_move - 1] == '?'))
                --end_of_move;
            std::string_view suffix = token.substr(end_of_move);
            std::string_view san = token.substr(0, end_of_move);
            unsigned char first = static_cast<unsigned char>(san.empty() ? 0 : san[0]);
            bool plausible =
                !san.empty() && (is_letter(char(first)) || first == '0' || san == "--");
            if (!plausible) {
                if (!line_error) {
                    std::string shown;
                    for (char ch : token.substr(0, 16))
                        shown += (static_cast<unsigned char>(ch) < 32 ||
                                  static_cast<unsigned char>(ch) > 126)
                                     ? '?'
                                     : ch;
                    v.syntax_error("unexpected text '" + shown + "'", at);
                    line_error = true;
                    error_line = line_number;
                }
                continue;
            }
            v.move(san, at);
            if (!suffix.empty())
                if (int nag = suffix_nag(suffix)) v.nag(nag, at);
        }
    }
};

Reader::Reader(std::istream& in) : impl_(std::make_unique<Impl>()) { impl_->stream = &in; }
void Reader::start_at_line(long line) { impl_->line_number = line - 1; }
Reader::Reader(std::FILE* file) : impl_(std::make_unique<Impl>()) { impl_->file = file; }
Reader::Reader(std::string_view text) : impl_(std::make_unique<Impl>()) {
    impl_->base = text.data();
    impl_->end = text.size();
    impl_->eof = true;
}
Reader::~Reader() = default;

bool Reader::read_game(Visitor& visitor) { return impl_->read_game(visitor); }

long Reader::read_all(Visitor& visitor) {
    long n = 0;
    while (read_game(visitor)) ++n;
    return n;
}

}  // namespace chess960::pgn
