// The streaming PGN reader: a line source over a bounded buffer, and a tokenizer that calls the
// visitor as it goes. The limits (pgn.hpp) keep what it holds, and what a game can make a
// visitor hold, bounded: past one, the rest of the game is skipped up to the next tag pair line.
#include <array>
#include <cstdint>
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

// A limit in messages: "1 MiB".
std::string mib(std::size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// "1 line", "3 lines".
std::string lines_text(long n) { return std::to_string(n) + (n == 1 ? " line" : " lines"); }

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
    // The current line's end of line follows it in memory ('\r' or '\n', which end a symbol):
    // a scan for the end of a symbol needs no bound (not so for a last line without one).
    bool line_end_follows = false;
    // The current line is longer than kMaxLineBytes: `line` is empty, the line was dropped.
    bool too_long = false;
    // Bytes of input up to the start and to the end of the current line.
    std::uint64_t line_start = 0, consumed = 0;

    std::string comment_text;  // a comment that spans lines
    std::string tag_value;     // a tag value with escapes, unescaped

    // The game being read: where its text starts, its syntax problems so far, and the limit
    // that ends it early (Cut::None while it has none).
    enum class Cut { None, Line, Comment, Game, Problems };
    bool in_game = false;
    std::uint64_t game_start = 0;
    int game_problems = 0;
    Cut cut = Cut::None;
    Location comment_at;         // with Cut::Comment: where the comment opened
    bool deep_reported = false;  // variations nested too deep were reported in this game
    // After a cut: lines are skipped up to a tag pair line, where the next game starts.
    bool skip_to_game = false;
    // Takes the tokens of variations nested deeper than kMaxVariationDepth, and drops them.
    Visitor dropped;

    std::size_t fill(char* to, std::size_t n) {
        if (file) return std::fread(to, 1, n, file);
        stream->read(to, std::streamsize(n));
        return std::size_t(stream->gcount());
    }

    // Makes a line of `bytes` bytes (its end of line included) current; whether it was too long
    // to keep. Inside a game, notes the limit the line reaches.
    void start_line(std::uint64_t bytes, bool overlong) {
        line_start = consumed;
        consumed += bytes;
        ++line_number;
        col = 0;
        have_line = true;
        too_long = overlong;
        if (overlong) line = {};
        if (in_game && cut == Cut::None) {
            if (overlong)
                cut = Cut::Line;
            else if (consumed - game_start > kMaxGameBytes)
                cut = Cut::Game;
        }
    }

    // Reads and drops the rest of a line too long to keep, from the unread bytes on; returns
    // the bytes dropped, its end of line included.
    std::uint64_t drop_rest_of_line() {
        std::uint64_t dropped_bytes = end - begin;
        begin = end = 0;
        for (;;) {
            const std::size_t got = fill(buffer.data(), buffer.size());
            if (got == 0) {
                eof = true;
                return dropped_bytes;
            }
            if (const void* nl = std::memchr(buffer.data(), '\n', got)) {
                begin = std::size_t(static_cast<const char*>(nl) - buffer.data()) + 1;
                end = got;
                return dropped_bytes + begin;
            }
            dropped_bytes += got;
        }
    }

    // Makes the line of `length` bytes at `start` current, without its end of line.
    void set_line(const char* start, std::size_t length) {
        line = std::string_view(start, length);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        // A UTF-8 byte order mark: at the start of the input, or of a file appended to it.
        if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
    }

    // Makes the next line current; false at the end of the input. The usual case, a whole line
    // in the buffer, is here; the others in next_line_slowly.
    bool next_line() {
        const char* start = base + begin;
        const std::size_t available = end - begin;
        const void* nl = available ? std::memchr(start, '\n', available) : nullptr;
        if (!nl) [[unlikely]]
            return next_line_slowly();
        const std::size_t length = std::size_t(static_cast<const char*>(nl) - start);
        begin += length + 1;
        start_line(length + 1, length > kMaxLineBytes);
        if (!too_long) [[likely]]
            set_line(start, length);
        line_end_follows = true;
        return true;
    }

    // next_line when the buffer holds no line end: the last line of the input, a line too long
    // to keep, or a read to make.
    [[gnu::noinline]] bool next_line_slowly() {
        for (;;) {
            const char* start = base + begin;
            const std::size_t available = end - begin;
            const void* nl = available ? std::memchr(start, '\n', available) : nullptr;
            if (nl || (eof && available)) {
                const std::size_t length =
                    nl ? std::size_t(static_cast<const char*>(nl) - start) : available;
                begin += length + (nl ? 1 : 0);
                start_line(length + (nl ? 1 : 0), length > kMaxLineBytes);
                if (!too_long) set_line(start, length);
                line_end_follows = nl != nullptr;
                return true;
            }
            if (eof) {
                have_line = false;
                return false;
            }
            if (available > kMaxLineBytes) {
                // Too long to keep: the rest is read and dropped, the buffer does not grow.
                start_line(drop_rest_of_line(), true);
                return true;
            }
            // Move the partial line to the front; grow the buffer (up to twice the longest
            // line) for a line longer than it.
            if (buffer.empty()) buffer.resize(kChunk);
            std::memmove(buffer.data(), buffer.data() + begin, available);
            end = available;
            begin = 0;
            if (end == buffer.size()) buffer.resize(buffer.size() * 2);
            base = buffer.data();
            std::size_t got = fill(buffer.data() + end, buffer.size() - end);
            end += got;
            if (got == 0) eof = true;
        }
    }

    // Skips white space, moving to following lines; false at the end of the input, and in a game
    // that reached a limit (cut: the caller ends it). Between games, stops at a line too long
    // to keep (too_long) for the caller to see. Limits are looked at only when a line is read.
    bool skip_space() {
        for (;;) {
            if (!have_line) [[unlikely]] {
                if (cut != Cut::None || !next_line() || cut != Cut::None) return false;
                if (too_long) [[unlikely]]
                    return true;
            }
            while (col < line.size() && is_space(line[col])) ++col;
            if (col < line.size()) return true;
            have_line = false;
        }
    }

    Location here() const { return {line_number, int(col) + 1}; }

    // A syntax problem after which the game goes on; past kMaxGameProblems the game is cut, the
    // rest of the line unread (so that one line cannot add more).
    void report(Visitor& v, const std::string& message, Location at) {
        v.syntax_error(message, at);
        if (++game_problems > kMaxGameProblems && cut == Cut::None) {
            cut = Cut::Problems;
            have_line = false;
        }
    }

    void start_game(Visitor& v) {
        ++game_number;
        in_game = true;
        game_start = line_start;
        game_problems = 0;
        cut = Cut::None;
        deep_reported = false;
        v.begin_game(game_number, here());
    }

    // Ends the game (after its result, or where it was cut off).
    void end_game(Visitor& v) {
        in_game = false;
        cut = Cut::None;
        v.end_game(here());
    }

    // Ends a game that reached a limit and skips the rest of its text up to the next tag pair
    // line. That is where a reader of the whole text, or of a part cut at such a line
    // (src/cli/pgn_chunks.hpp), starts a game too: both go on alike after the limit.
    void cut_game(Visitor& v) {
        std::string what;
        Location at{line_number, 1};
        switch (cut) {
            case Cut::Line:
                what = "line longer than " + mib(kMaxLineBytes);
                break;
            case Cut::Comment:
                what = "comment longer than " + mib(kMaxCommentBytes) + " (opened at line " +
                       std::to_string(comment_at.line) + ")";
                at = comment_at;
                break;
            case Cut::Game:
                what = "game longer than " + mib(kMaxGameBytes);
                break;
            case Cut::Problems:
                what = "more than " + std::to_string(kMaxGameProblems) + " problems in the game";
                break;
            case Cut::None:
                break;
        }
        v.limit_reached(what + ": the rest of the game is skipped up to the next tag pair line", at,
                        Skipped::RestOfGame);
        // The line that passed kMaxGameBytes is not read yet: it may start the next game.
        // Others have been read (or dropped) in part.
        if (cut != Cut::Game) have_line = false;
        end_game(v);
        skip_to_game = true;
    }

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
            report(v, "malformed tag: expected [Name \"value\"]", at);
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
            report(v, closed ? "malformed tag: missing ']'" : "malformed tag: unterminated value",
                   at);
            have_line = false;
            return false;
        }
        v.tag(name, value, at);
        col = i + 1;
        return true;
    }

    enum class CommentEnd { Closed, EndOfInput, NewGame, Cut };

    // A {comment}, possibly over several lines; col is at '{'. The comment goes to `to` (the
    // visitor, or `dropped` inside variations nested too deep); problems go to `v`. A comment
    // still open when the input ends or when a line holds a tag pair (the next game: its '}'
    // was lost) is reported; the tag line then stays current for the next game. A comment
    // longer than kMaxCommentBytes, or a line too long inside it, cuts the game (Cut).
    CommentEnd read_brace_comment(Visitor& to, Visitor& v) {
        Location at = here();
        std::size_t close = line.find('}', col + 1);
        if (close != std::string_view::npos) {
            to.comment(line.substr(col + 1, close - col - 1), at);
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
            if (!too_long && is_tag_line(line)) {
                v.syntax_error(
                    unterminated + ": a new game starts at line " + std::to_string(line_number),
                    at);
                return CommentEnd::NewGame;
            }
            if (cut != Cut::None) return CommentEnd::Cut;
            close = line.find('}');
            const std::size_t part = close == std::string_view::npos ? line.size() : close;
            if (comment_text.size() + 1 + part > kMaxCommentBytes) {
                cut = Cut::Comment;
                comment_at = at;
                return CommentEnd::Cut;
            }
            comment_text += '\n';
            comment_text.append(line.substr(0, part));
            if (close != std::string_view::npos) {
                col = close + 1;
                to.comment(comment_text, at);
                return CommentEnd::Closed;
            }
        }
    }

    // Skips what lies before the next game: blank and % lines, lines of binary data and lines
    // too long to keep (reported with the game that follows, or at the end), and after a cut,
    // everything up to a tag pair line. False at the end of the input.
    bool skip_to_next_game(Visitor& v) {
        long binary_lines = 0, long_lines = 0;
        Location binary_at, long_at;
        auto report_skipped = [&](const std::string& where) {
            if (binary_lines)
                v.syntax_error(lines_text(binary_lines) + " of binary data skipped " + where,
                               binary_at);
            if (long_lines)
                v.limit_reached(lines_text(long_lines) + " longer than " + mib(kMaxLineBytes) +
                                    " skipped " + where,
                                long_at, Skipped::Lines);
        };
        for (;;) {
            if (!skip_space()) {
                report_skipped("at the end");
                return false;
            }
            if (skip_to_game) {
                if (too_long || !is_tag_line(line)) {
                    have_line = false;
                    continue;
                }
                skip_to_game = false;
            }
            if (too_long) {
                if (long_lines++ == 0) long_at = {line_number, 1};
                have_line = false;
                continue;
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
        start_game(v);
        report_skipped("before the game");
        return true;
    }

    bool read_game(Visitor& v) {
        if (!skip_to_next_game(v)) return false;
        bool in_movetext = false;
        int depth = 0;            // of variations, those nested too deep included
        bool line_error = false;  // one "unexpected character" report per line
        long error_line = -1;
        for (;;) {
            if (!skip_space()) {
                // A limit reached: by the line just read (too long, or the game too long), or on
                // the line before (too many problems), which skip_space sees before it reads
                // another: a cut never drops the line after the one that reached the limit.
                if (cut != Cut::None) {
                    cut_game(v);
                    return true;
                }
                v.syntax_error("no result (end of input)", here());
                end_game(v);
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
                    end_game(v);
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
            // The tokens of variations nested too deep are read (to find where they end) and
            // dropped.
            const bool deep = depth > kMaxVariationDepth;
            Visitor& to = deep ? dropped : v;
            switch (c) {
                case '{':
                    switch (read_brace_comment(to, v)) {
                        case CommentEnd::Closed:
                            continue;
                        case CommentEnd::Cut:
                            cut_game(v);
                            return true;
                        default:
                            end_game(v);
                            return true;
                    }
                case ';':
                    to.comment(line.substr(col + 1), at);
                    have_line = false;
                    continue;
                case '(':
                    ++col;
                    if (++depth <= kMaxVariationDepth) {
                        v.begin_variation(at);
                    } else if (!deep_reported) {
                        deep_reported = true;
                        v.limit_reached("variations nested deeper than " +
                                            std::to_string(kMaxVariationDepth) +
                                            ": the deeper ones are skipped",
                                        at, Skipped::Variations);
                    }
                    continue;
                case ')':
                    ++col;
                    if (depth == 0)
                        report(v, "unbalanced ')'", at);
                    else if (depth-- <= kMaxVariationDepth)
                        v.end_variation(at);
                    continue;
                case '$': {
                    std::size_t i = col + 1;
                    int n = 0;
                    while (i < line.size() && is_digit(line[i]) && n < 1000)
                        n = n * 10 + (line[i++] - '0');
                    if (i == col + 1) {
                        if (!deep) report(v, "'$' without a number", at);
                    } else {
                        to.nag(n, at);
                    }
                    col = i;
                    continue;
                }
                default:
                    break;
            }
            // A symbol: move number, move, result or annotation.
            std::size_t i = col;
            if (line_end_follows) [[likely]]
                while (!ends_symbol(line.data()[i])) ++i;
            else
                while (i < line.size() && !ends_symbol(line[i])) ++i;
            if (i == col) {  // a lone '}' or ']'
                if (!deep) report(v, std::string("unexpected '") + c + "'", at);
                ++col;
                continue;
            }
            std::string_view token = line.substr(col, i - col);
            col = i;
            if ((token[0] == '1' || token[0] == '0' || token[0] == '*') && is_result(token)) {
                if (depth > 0) {
                    v.syntax_error("result " + std::string(token) + " inside a variation", at);
                    for (; depth > 0; --depth)
                        if (depth <= kMaxVariationDepth) v.end_variation(at);
                }
                v.result(token, at);
                end_game(v);
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
                    to.nag(nag, at);
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
                if (!line_error && !deep) {
                    std::string shown;
                    for (char ch : token.substr(0, 16))
                        shown += (static_cast<unsigned char>(ch) < 32 ||
                                  static_cast<unsigned char>(ch) > 126)
                                     ? '?'
                                     : ch;
                    report(v, "unexpected text '" + shown + "'", at);
                    line_error = true;
                    error_line = line_number;
                }
                continue;
            }
            to.move(san, at);
            if (!suffix.empty())
                if (int nag = suffix_nag(suffix)) to.nag(nag, at);
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
