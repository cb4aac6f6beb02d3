// The verifiable draw of an event's start positions (docs/event-draw.md): each round's number is
// derived from a secret the organiser committed to before the event, the event's published
// parameters, the round number and the round's public entropy, by HMAC-SHA-256 and rejection
// sampling, so that every allowed number is exactly equally likely and anyone holding the
// revealed secret can recompute every round.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chess960::event {

constexpr std::size_t kSecretBytes = 32;  // 256 bits
using Secret = std::array<unsigned char, kSecretBytes>;

constexpr int kMaxRounds = 960;
constexpr std::size_t kMaxNameBytes = 200;
constexpr std::size_t kMaxEntropyBytes = 1000;

// What the organiser publishes with the commitment. `excluded` is kept ascending without
// duplicates (the canonical order the derivation encodes).
struct Parameters {
    std::string name;
    int rounds = 0;
    std::vector<int> excluded;
    bool allow_repeats = false;
    bool double960 = false;  // a different arrangement for each side (Double Chess960)
};

// Checks and canonicalises the parameters: a name of 1..200 bytes of UTF-8 without control
// characters, 1..960 rounds, exclusions in 0..959, each once (sorted), and, without
// repeats, enough numbers left for every round (two a round for Double Chess960). The error
// says what is wrong.
std::expected<Parameters, std::string> checked(Parameters parameters);

// Without repeats, the numbers the rounds need (two a round for Double Chess960) and the numbers
// the exclusions leave, when they are too few (checked() refuses such parameters); nullopt when
// there are enough or repeats are allowed. The exclusions need not be sorted yet.
struct PositionShortage {
    int needed = 0;
    int allowed = 0;
};
std::optional<PositionShortage> position_shortage(const Parameters& parameters);

// A round's entropy must be UTF-8 text of at most 1000 bytes without control characters (so it
// prints on one line and in every output format); the error says what is wrong.
std::expected<void, std::string> check_entropy(std::string_view entropy);

// One round's draw: `black` equals `white` unless the event is Double Chess960, where the two
// are drawn independently (and may coincide).
struct RoundDraw {
    int round = 0;
    int white = 0;
    int black = 0;
    friend bool operator==(const RoundDraw&, const RoundDraw&) = default;
};

// The numbers round `round` draws from, ascending: 0..959 less the exclusions and, without
// repeats, less every number (white's and black's) of the earlier rounds.
std::vector<int> allowed_numbers(const Parameters& parameters,
                                 const std::vector<RoundDraw>& earlier);

// The canonical encoding of a round's inputs that the HMAC is computed over (without the block
// counter); docs/event-draw.md gives it byte by byte.
std::string round_message(const Parameters& parameters, int round, std::string_view entropy);

// The stream of 16-bit values of one round: block j is HMAC-SHA-256(secret, message || j as 4
// bytes big-endian), each block read as 16 big-endian 16-bit values, blocks in order.
class ValueStream {
  public:
    ValueStream(const Secret& secret, std::string message);
    std::uint16_t next();

  private:
    void refill();
    Secret secret_;
    std::string message_;
    std::uint32_t block_ = 0;
    std::array<unsigned char, 32> bytes_{};
    std::size_t used_ = sizeof bytes_;
};

// A uniform index in [0, count) from a source of 16-bit values (1 <= count <= 65536): values at
// or above the largest multiple of `count` not above 65536 are skipped, and the first value
// below it gives value % count. Each index is then given by exactly 65536 / count (rounded down)
// of the 65536 values, so each is exactly equally likely.
template <typename Values>
std::size_t uniform_index(Values& values, std::size_t count) {
    const std::uint32_t limit = 65536 - 65536 % std::uint32_t(count);
    for (;;) {
        const std::uint32_t v = values.next();
        if (v < limit) return v % count;
    }
}

// Round `round` (1-based), given the draws of rounds 1..round-1 in order (they matter only
// without repeats). Entropy "" means none. The parameters must have passed `checked`.
RoundDraw draw_round(const Secret& secret, const Parameters& parameters, int round,
                     std::string_view entropy, const std::vector<RoundDraw>& earlier);

// Rounds 1..entropies.size() in order; entropies[k - 1] is round k's entropy ("" for none).
std::vector<RoundDraw> draw_rounds(const Secret& secret, const Parameters& parameters,
                                   const std::vector<std::string>& entropies);

}  // namespace chess960::event
