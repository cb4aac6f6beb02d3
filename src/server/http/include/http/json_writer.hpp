// JSON text written straight into a string, for the answers the server sends with every move
// (a general JSON library builds a tree of maps first, and the move path is the server's
// busiest). Members and elements are separated automatically; strings are escaped, and bytes
// that are not UTF-8 become U+FFFD, so the text is always valid JSON.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace chess960::server {

class JsonWriter {
  public:
    explicit JsonWriter(std::string& out) : out_(out) {}

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    // A member's name; its value follows.
    JsonWriter& key(std::string_view name);
    JsonWriter& string(std::string_view text);
    JsonWriter& number(std::int64_t value);
    JsonWriter& boolean(bool value);
    JsonWriter& null();
    // JSON text made elsewhere (an object, an array), as the next value.
    JsonWriter& raw(std::string_view json);
    // A string, or null when absent.
    JsonWriter& string_or_null(const char* text) { return text ? string(text) : null(); }

  private:
    void separate();

    std::string& out_;
    bool first_ = true;       // no value yet in the current object or array
    bool after_key_ = false;  // a member's name was just written
};

// `text` as a JSON string (with its quotes).
std::string json_string(std::string_view text);

}  // namespace chess960::server
