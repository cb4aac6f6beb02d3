// What the server's fuzz targets (json_fuzzer, ws_fuzzer) share: reporting a broken
// invariant with the input that broke it, and the nesting depth of a JSON value.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace fuzz_support {

struct Input {
    const char* target = "fuzzer";
    std::string_view text;
};
inline Input current;

// Names the input under test, for broken().
inline void set_input(const char* target, std::string_view text) { current = Input{target, text}; }

// Stops the fuzzer with what is wrong and the input's first 400 bytes (escaped).
[[noreturn]] inline void broken(const std::string& what) {
    std::string shown;
    for (unsigned char c : current.text.substr(0, 400)) {
        if (c >= 0x20 && c < 0x7F) {
            shown += char(c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", c);
            shown += hex;
        }
    }
    std::fprintf(stderr, "%s: invariant broken: %s\n  input: %s\n", current.target, what.c_str(),
                 shown.c_str());
    std::abort();
}

// Levels of arrays and objects: 0 for a scalar.
inline int depth_of(const nlohmann::json& value) {
    if (!value.is_structured()) return 0;
    int deepest = 0;
    for (const nlohmann::json& child : value) deepest = std::max(deepest, depth_of(child));
    return deepest + 1;
}

}  // namespace fuzz_support
