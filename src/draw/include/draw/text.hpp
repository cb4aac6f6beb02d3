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

}  // namespace chess960::event
