// People's names as the server keeps and compares them: the names players give themselves in a
// game's room and the names an organiser enters for an event's players.
//
// A name is kept in Unicode's compatibility composition (NFKC, UAX #15), so that the same
// letters typed two ways (a precomposed "é" or "e" and a combining acute; a full-width "Ａ") are
// the same bytes. A name is refused when people could not see what it holds: bidirectional
// controls (U+202E turns the rest around), default-ignorable code points (zero-width joiners,
// variation selectors, tag characters, U+2062, the Hangul fillers), control characters (C0, DEL,
// C1), unassigned and private-use code points, a space at either end, no visible character at
// all (U+00A0 or U+2800 alone), or combining marks stacked over one letter. Two names that look
// alike (a Cyrillic "А" for a Latin "A") share a confusable skeleton (UTS #39, section 4), by
// which they are compared where one name must mean one player.
#pragma once

#include <expected>
#include <string>
#include <string_view>

namespace chess960::text {

// The most combining marks one character may carry (after NFKC, which composes the usual
// accented letters into one code point): enough for Vietnamese and Indic clusters, not for a
// tower of overlays.
inline constexpr int kMaxCombiningMarks = 3;

// The name as it is kept (NFKC), or what is wrong with it, e.g. "contains a bidirectional
// control (U+202E) at byte 4" (bytes of the text as given, counted from 1).
std::expected<std::string, std::string> normalize_name(std::string_view name);

// The key under which names that look alike are the same: the UTS #39 skeleton of the name,
// with each run of spaces as one. For a name normalize_name accepted.
std::string name_skeleton(std::string_view name);

}  // namespace chess960::text
