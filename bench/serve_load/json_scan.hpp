// A JSON scanner for the few fields the load generator reads from each message: it walks the
// members of an object and hands back each value's raw text, skipping the rest without building
// a document. At tens of thousands of messages a second a DOM (nlohmann-json) would cost the
// generator more CPU than the server spends on the message; this costs one pass over the bytes.
//
// It checks the structure it walks (object syntax, strings, bracket nesting) and reports
// malformed text as a failure, so a truncated or garbled message is noticed, not misread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace serve_load::json {

inline constexpr std::size_t kBad = std::string_view::npos;

// Where the value starting at text[pos] (after optional whitespace) ends, or kBad if it is
// malformed. Nested objects and arrays are skipped by bracket matching; strings by their
// escapes.
std::size_t skip_value(std::string_view text, std::size_t pos);

// The raw text of a string token's contents (between the quotes) if it has no escapes.
std::optional<std::string_view> plain_string(std::string_view raw);
// A string value, escapes decoded (\uXXXX to UTF-8, surrogate pairs joined).
std::optional<std::string> string_value(std::string_view raw);
std::optional<std::int64_t> int_value(std::string_view raw);
bool is_null(std::string_view raw);

// Calls on_member(key, raw_value) for each member of the object `text`; the key is the raw
// text between its quotes (escapes decoded first when it has any). Returns false when `text`
// is not an object or is malformed; on_member may return false to stop early (then true).
template <typename OnMember>
bool for_each_member(std::string_view text, OnMember&& on_member);

// Calls on_element(raw_value) for each element of the array `text`; false when malformed.
template <typename OnElement>
bool for_each_element(std::string_view text, OnElement&& on_element);

// The raw value of `key` among the members of the object `text`.
std::optional<std::string_view> member(std::string_view text, std::string_view key);

// One pass over an object whose values the caller reads itself (for_each_member finds each
// value's end first, so a caller that then reads a nested value scans it twice): the object
// starts at text[pos] (after optional whitespace); on_member(key, value_pos) reads the value
// starting at value_pos and returns where it ends (skip_value(text, value_pos) for one it
// does not want), or kBad. Returns the position past the closing brace, or kBad when the text
// is malformed or on_member returned kBad.
template <typename OnMember>
std::size_t walk_object(std::string_view text, std::size_t pos, OnMember&& on_member);

// The same for an array: on_element(value_pos) returns the element's end, or kBad.
template <typename OnElement>
std::size_t walk_array(std::string_view text, std::size_t pos, OnElement&& on_element);

namespace detail {
inline bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
inline std::size_t skip_space(std::string_view text, std::size_t pos) {
    while (pos < text.size() && is_space(text[pos])) ++pos;
    return pos;
}
// Past the closing quote of the string starting at text[pos] == '"', or kBad.
std::size_t skip_string(std::string_view text, std::size_t pos);
// Reads the key starting at text[pos] == '"' and the colon after it: the key (escapes decoded
// into `decoded` when it has any) and the position after the colon's whitespace, or kBad.
std::size_t read_key(std::string_view text, std::size_t pos, std::string& decoded,
                     std::string_view& key);
}  // namespace detail

template <typename OnMember>
bool for_each_member(std::string_view text, OnMember&& on_member) {
    std::size_t pos = detail::skip_space(text, 0);
    if (pos >= text.size() || text[pos] != '{') return false;
    pos = detail::skip_space(text, pos + 1);
    if (pos < text.size() && text[pos] == '}') return true;
    std::string decoded_key;
    while (pos < text.size()) {
        if (text[pos] != '"') return false;
        std::string_view key;
        const std::size_t value_begin = detail::read_key(text, pos, decoded_key, key);
        if (value_begin == kBad) return false;
        const std::size_t value_end = skip_value(text, value_begin);
        if (value_end == kBad) return false;
        if (!on_member(key, text.substr(value_begin, value_end - value_begin))) return true;
        pos = detail::skip_space(text, value_end);
        if (pos >= text.size()) return false;
        if (text[pos] == '}') return true;
        if (text[pos] != ',') return false;
        pos = detail::skip_space(text, pos + 1);
    }
    return false;
}

template <typename OnMember>
std::size_t walk_object(std::string_view text, std::size_t pos, OnMember&& on_member) {
    pos = detail::skip_space(text, pos);
    if (pos >= text.size() || text[pos] != '{') return kBad;
    pos = detail::skip_space(text, pos + 1);
    if (pos < text.size() && text[pos] == '}') return pos + 1;
    std::string decoded_key;
    while (pos < text.size()) {
        if (text[pos] != '"') return kBad;
        std::string_view key;
        const std::size_t value_begin = detail::read_key(text, pos, decoded_key, key);
        if (value_begin == kBad) return kBad;
        const std::size_t value_end = on_member(key, value_begin);
        if (value_end == kBad || value_end <= value_begin) return kBad;
        pos = detail::skip_space(text, value_end);
        if (pos >= text.size()) return kBad;
        if (text[pos] == '}') return pos + 1;
        if (text[pos] != ',') return kBad;
        pos = detail::skip_space(text, pos + 1);
    }
    return kBad;
}

template <typename OnElement>
std::size_t walk_array(std::string_view text, std::size_t pos, OnElement&& on_element) {
    pos = detail::skip_space(text, pos);
    if (pos >= text.size() || text[pos] != '[') return kBad;
    pos = detail::skip_space(text, pos + 1);
    if (pos < text.size() && text[pos] == ']') return pos + 1;
    while (pos < text.size()) {
        const std::size_t value_end = on_element(pos);
        if (value_end == kBad || value_end <= pos) return kBad;
        pos = detail::skip_space(text, value_end);
        if (pos >= text.size()) return kBad;
        if (text[pos] == ']') return pos + 1;
        if (text[pos] != ',') return kBad;
        pos = detail::skip_space(text, pos + 1);
    }
    return kBad;
}

template <typename OnElement>
bool for_each_element(std::string_view text, OnElement&& on_element) {
    std::size_t pos = detail::skip_space(text, 0);
    if (pos >= text.size() || text[pos] != '[') return false;
    pos = detail::skip_space(text, pos + 1);
    if (pos < text.size() && text[pos] == ']') return true;
    while (pos < text.size()) {
        const std::size_t value_end = skip_value(text, pos);
        if (value_end == kBad) return false;
        on_element(text.substr(pos, value_end - pos));
        pos = detail::skip_space(text, value_end);
        if (pos >= text.size()) return false;
        if (text[pos] == ']') return true;
        if (text[pos] != ',') return false;
        pos = detail::skip_space(text, pos + 1);
    }
    return false;
}

}  // namespace serve_load::json
