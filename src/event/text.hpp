// Text the event's outputs carry (a name, a round's entropy): it must print on one line and be
// valid in every format (JSON needs UTF-8; TSV and the text output need no tabs or newlines).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace chess960::event {

// Nothing when `text` is UTF-8 without control characters; else what is wrong ("is not valid
// UTF-8 at byte 3", "contains a control character at byte 5").
std::optional<std::string> text_problem(std::string_view text);

// For a name that people tell apart on screen (a player's): text_problem's answer, else
// "begins or ends with a space (U+00A0)" for any Unicode space at either end, or "contains an
// invisible character (U+200B) at byte 4" for a character that shows nothing (soft hyphen,
// zero-width space, word joiner, byte order mark, Mongolian vowel separator), so that two
// names that look the same are the same bytes; nothing when it is fine.
std::optional<std::string> name_problem(std::string_view name);

}  // namespace chess960::event
