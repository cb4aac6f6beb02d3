// Checking an event's draw once its secret is public (docs/event-draw.md, 1.7): the secret's
// SHA-256 against the commitment published before the event, and every round recomputed from the
// secret, the parameters and the rounds' entropies against the positions played. `chess960 event
// verify` and the server's closed events (src/server/events/) both give their verdict from here.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "draw/draw.hpp"

namespace chess960::event {

// One round as it was drawn, with the entropy it was drawn with ("" for none).
struct DrawnRound {
    RoundDraw draw;
    std::string entropy;
};

// One round recomputed, and what was played in it when that was given.
struct RoundCheck {
    RoundDraw draw;
    std::string entropy;
    std::optional<RoundDraw> played;
    bool played_matches = true;
};

struct Verification {
    std::string secret_hash;  // SHA-256 of the secret given
    bool commitment_matches = false;
    std::vector<RoundCheck> rounds;     // 1..rounds, in order
    std::vector<std::string> problems;  // what does not match, one sentence each
    bool ok() const { return problems.empty(); }
};

// Recomputes rounds 1..parameters.rounds (entropies[k - 1] is round k's; a round past the end of
// `entropies` had none) and compares: the secret's SHA-256 with `commitment` (any case), and each
// round of `played` (by round number) with its draw. The parameters must have passed `checked`.
Verification verify(std::string_view commitment, const Secret& secret, const Parameters& parameters,
                    const std::vector<std::string>& entropies,
                    const std::map<int, RoundDraw>& played);

// "123", or "12:700" when the two sides' numbers differ (Double Chess960).
std::string numbers_text(int white, int black);

// A word the shell reads back as `text` (single quotes unless it needs none).
std::string shell_quote(std::string_view text);

// The `chess960 event verify` command line that checks `drawn` against the commitment: the
// parameters, each round's entropy and the positions played (--played).
std::string verify_command(std::string_view commitment, const Secret& secret,
                           const Parameters& parameters, const std::vector<DrawnRound>& drawn);

}  // namespace chess960::event
