// What `chess960 event round` and `event verify` print, in each --format: text (for people),
// tsv (one row a round, with a header), json (the fields docs/event-draw.md lists) and html (a
// printable round sheet, round_sheet.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "draw/draw.hpp"

namespace chess960::cli {

enum class Format { Text, Tsv, Json, Html };
std::optional<Format> parse_format(std::string_view text);

// The event as published: its parameters and the commitment.
struct EventView {
    event::Parameters parameters;
    std::string commitment;
};

// One round's draw, and for verify what was played in it.
struct RoundView {
    int round = 0;
    int white = 0;
    int black = 0;
    std::string entropy;                // "" for none
    std::optional<std::string> played;  // verify: the number given with --played ("123", "1:2")
    bool played_matches = true;
};

// verify's verdict.
struct Verdict {
    bool commitment_matches = false;
    std::string secret_hash;  // SHA-256 of the secret given
    std::vector<std::string> problems;
    bool ok() const { return problems.empty(); }
};

std::string round_output(Format format, const EventView& event, const RoundView& round);
std::string verify_output(Format format, const EventView& event,
                          const std::vector<RoundView>& rounds, const Verdict& verdict);

// The printable sheets (round_sheet.cpp): one round, or every round with the verdict.
std::string round_sheet_html(const EventView& event, const RoundView& round);
std::string verify_sheet_html(const EventView& event, const std::vector<RoundView>& rounds,
                              const Verdict& verdict);

// "518, 534" or "none".
std::string exclusions_text(const std::vector<int>& excluded);
// "123" or "12:700" (Double Chess960).
std::string numbers_text(const RoundView& round);

}  // namespace chess960::cli
