#include "json_scan.hpp"

#include <charconv>
#include <cstring>

namespace serve_load::json {

namespace detail {

std::size_t skip_string(std::string_view text, std::size_t pos) {
    ++pos;  // the opening quote
    while (pos < text.size()) {
        const char c = text[pos];
        if (c == '"') return pos + 1;
        if (c == '\\') {
            if (pos + 1 >= text.size()) return kBad;
            pos += 2;  // \uXXXX: the four hex digits are plain characters, checked on decoding
            continue;
        }
        if (static_cast<unsigned char>(c) < 0x20)
            return kBad;  // control characters must be escaped
        ++pos;
    }
    return kBad;
}

std::size_t read_key(std::string_view text, std::size_t pos, std::string& decoded,
                     std::string_view& key) {
    const std::size_t key_end = skip_string(text, pos);
    if (key_end == kBad) return kBad;
    key = text.substr(pos + 1, key_end - pos - 2);
    if (key.find('\\') != std::string_view::npos) {
        auto value = string_value(text.substr(pos, key_end - pos));
        if (!value) return kBad;
        decoded = std::move(*value);
        key = decoded;
    }
    pos = skip_space(text, key_end);
    if (pos >= text.size() || text[pos] != ':') return kBad;
    return skip_space(text, pos + 1);
}

namespace {

std::size_t skip_number(std::string_view text, std::size_t pos) {
    const std::size_t begin = pos;
    if (pos < text.size() && text[pos] == '-') ++pos;
    const std::size_t digits = pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
    if (pos == digits) return kBad;
    if (pos < text.size() && text[pos] == '.') {
        const std::size_t fraction = ++pos;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
        if (pos == fraction) return kBad;
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
        ++pos;
        if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) ++pos;
        const std::size_t exponent = pos;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
        if (pos == exponent) return kBad;
    }
    return pos > begin ? pos : kBad;
}

std::size_t skip_literal(std::string_view text, std::size_t pos, std::string_view word) {
    return text.substr(pos, word.size()) == word ? pos + word.size() : kBad;
}

// Skips an object or array by matching brackets; strings inside are skipped whole so a
// bracket in a string does not count. Deeper than 64 levels is treated as malformed (no
// message of the protocol nests more than four).
std::size_t skip_container(std::string_view text, std::size_t pos) {
    char closing[64];
    int depth = 0;
    while (pos < text.size()) {
        const char c = text[pos];
        if (c == '"') {
            pos = skip_string(text, pos);
            if (pos == kBad) return kBad;
            continue;
        }
        if (c == '{' || c == '[') {
            if (depth == 64) return kBad;
            closing[depth++] = c == '{' ? '}' : ']';
        } else if (c == '}' || c == ']') {
            if (depth == 0 || closing[depth - 1] != c) return kBad;
            if (--depth == 0) return pos + 1;
        }
        ++pos;
    }
    return kBad;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::optional<unsigned> hex4(std::string_view text, std::size_t pos) {
    if (pos + 4 > text.size()) return std::nullopt;
    unsigned value = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const int d = hex_digit(text[pos + i]);
        if (d < 0) return std::nullopt;
        value = value * 16 + unsigned(d);
    }
    return value;
}

void append_utf8(std::string& out, unsigned code_point) {
    if (code_point < 0x80) {
        out += char(code_point);
    } else if (code_point < 0x800) {
        out += char(0xC0 | (code_point >> 6));
        out += char(0x80 | (code_point & 0x3F));
    } else if (code_point < 0x10000) {
        out += char(0xE0 | (code_point >> 12));
        out += char(0x80 | ((code_point >> 6) & 0x3F));
        out += char(0x80 | (code_point & 0x3F));
    } else {
        out += char(0xF0 | (code_point >> 18));
        out += char(0x80 | ((code_point >> 12) & 0x3F));
        out += char(0x80 | ((code_point >> 6) & 0x3F));
        out += char(0x80 | (code_point & 0x3F));
    }
}

}  // namespace
}  // namespace detail

std::size_t skip_value(std::string_view text, std::size_t pos) {
    pos = detail::skip_space(text, pos);
    if (pos >= text.size()) return kBad;
    switch (text[pos]) {
        case '"':
            return detail::skip_string(text, pos);
        case '{':
        case '[':
            return detail::skip_container(text, pos);
        case 't':
            return detail::skip_literal(text, pos, "true");
        case 'f':
            return detail::skip_literal(text, pos, "false");
        case 'n':
            return detail::skip_literal(text, pos, "null");
        default:
            return detail::skip_number(text, pos);
    }
}

std::optional<std::string_view> plain_string(std::string_view raw) {
    if (raw.size() < 2 || raw.front() != '"' || raw.back() != '"') return std::nullopt;
    std::string_view inside = raw.substr(1, raw.size() - 2);
    if (inside.find('\\') != std::string_view::npos) return std::nullopt;
    return inside;
}

std::optional<std::string> string_value(std::string_view raw) {
    if (raw.size() < 2 || raw.front() != '"' || raw.back() != '"') return std::nullopt;
    std::string out;
    out.reserve(raw.size() - 2);
    for (std::size_t pos = 1; pos + 1 < raw.size(); ++pos) {
        const char c = raw[pos];
        if (c != '\\') {
            out += c;
            continue;
        }
        if (pos + 2 >= raw.size()) return std::nullopt;
        const char e = raw[++pos];
        switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                auto high = detail::hex4(raw, pos + 1);
                if (!high) return std::nullopt;
                pos += 4;
                unsigned code_point = *high;
                if (code_point >= 0xD800 && code_point < 0xDC00) {
                    // A high surrogate must be followed by \u and a low one.
                    if (raw.substr(pos + 1, 2) != "\\u") return std::nullopt;
                    auto low = detail::hex4(raw, pos + 3);
                    if (!low || *low < 0xDC00 || *low >= 0xE000) return std::nullopt;
                    pos += 6;
                    code_point = 0x10000 + ((code_point - 0xD800) << 10) + (*low - 0xDC00);
                } else if (code_point >= 0xDC00 && code_point < 0xE000) {
                    return std::nullopt;
                }
                detail::append_utf8(out, code_point);
                break;
            }
            default:
                return std::nullopt;
        }
    }
    return out;
}

std::optional<std::int64_t> int_value(std::string_view raw) {
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), value);
    if (ec != std::errc() || end != raw.data() + raw.size()) return std::nullopt;
    return value;
}

bool is_null(std::string_view raw) { return raw == "null"; }

std::optional<std::string_view> member(std::string_view text, std::string_view key) {
    std::optional<std::string_view> found;
    const bool ok = for_each_member(text, [&](std::string_view k, std::string_view value) {
        if (k != key) return true;
        found = value;
        return false;
    });
    if (!ok) return std::nullopt;
    return found;
}

}  // namespace serve_load::json
