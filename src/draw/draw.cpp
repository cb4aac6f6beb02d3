#include "draw/draw.hpp"

#include <sodium.h>

#include <algorithm>
#include <stdexcept>

#include "chess960/startpos.hpp"
#include "draw/text.hpp"

namespace chess960::event {

namespace {

void append_u32(std::string& out, std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(char((value >> shift) & 0xff));
}

void append_u16(std::string& out, std::uint16_t value) {
    out.push_back(char(value >> 8));
    out.push_back(char(value & 0xff));
}

// The domain of the derivation: no other use of the secret can produce the same HMAC input.
constexpr std::string_view kDomain = "chess960-event-draw-v1";

}  // namespace

std::expected<Parameters, std::string> checked(Parameters p) {
    if (p.name.empty()) return std::unexpected("the event's name is empty");
    if (p.name.size() > kMaxNameBytes)
        return std::unexpected("the event's name is longer than " + std::to_string(kMaxNameBytes) +
                               " bytes");
    if (auto problem = text_problem(p.name)) return std::unexpected("the event's name " + *problem);
    if (p.rounds < 1 || p.rounds > kMaxRounds)
        return std::unexpected("the number of rounds must be from 1 to " +
                               std::to_string(kMaxRounds) + ", not " + std::to_string(p.rounds));
    for (int n : p.excluded)
        if (n < 0 || n >= startpos::kCount)
            return std::unexpected("an excluded number must be 0..959, not " + std::to_string(n));
    std::sort(p.excluded.begin(), p.excluded.end());
    // A number twice is a typing slip the organiser should see, not a list to tidy silently:
    // the published parameters are what players verify against.
    if (auto twice = std::adjacent_find(p.excluded.begin(), p.excluded.end());
        twice != p.excluded.end())
        return std::unexpected("the start position " + std::to_string(*twice) +
                               " is excluded more than once");
    const int allowed = startpos::kCount - int(p.excluded.size());
    if (allowed == 0) return std::unexpected("every start position is excluded");
    if (auto shortage = position_shortage(p))
        return std::unexpected(std::to_string(p.rounds) + " rounds without repeats need " +
                               std::to_string(shortage->needed) + " start positions, but only " +
                               std::to_string(shortage->allowed) +
                               " are not excluded (allow repeats, or exclude fewer)");
    return p;
}

std::optional<PositionShortage> position_shortage(const Parameters& p) {
    if (p.allow_repeats) return std::nullopt;
    std::vector<bool> excluded(startpos::kCount, false);
    int allowed = startpos::kCount;
    for (int n : p.excluded)
        if (n >= 0 && n < startpos::kCount && !excluded[std::size_t(n)]) {
            excluded[std::size_t(n)] = true;
            --allowed;
        }
    // Double Chess960 uses up to two numbers a round.
    const int needed = p.double960 ? 2 * p.rounds : p.rounds;
    if (allowed >= needed) return std::nullopt;
    return PositionShortage{needed, allowed};
}

std::expected<void, std::string> check_entropy(std::string_view entropy) {
    if (entropy.size() > kMaxEntropyBytes)
        return std::unexpected("the entropy is longer than " + std::to_string(kMaxEntropyBytes) +
                               " bytes");
    if (auto problem = text_problem(entropy)) return std::unexpected("the entropy " + *problem);
    return {};
}

std::vector<int> allowed_numbers(const Parameters& parameters,
                                 const std::vector<RoundDraw>& earlier) {
    std::vector<bool> out(startpos::kCount, false);
    for (int n : parameters.excluded) out[std::size_t(n)] = true;
    if (!parameters.allow_repeats)
        for (const RoundDraw& d : earlier)
            out[std::size_t(d.white)] = out[std::size_t(d.black)] = true;
    std::vector<int> numbers;
    for (int n = 0; n < startpos::kCount; ++n)
        if (!out[std::size_t(n)]) numbers.push_back(n);
    return numbers;
}

std::string round_message(const Parameters& p, int round, std::string_view entropy) {
    std::string m(kDomain);
    m.push_back('\0');
    append_u32(m, std::uint32_t(p.name.size()));
    m += p.name;
    append_u32(m, std::uint32_t(p.rounds));
    append_u32(m, std::uint32_t(p.excluded.size()));
    for (int n : p.excluded) append_u16(m, std::uint16_t(n));
    m.push_back(p.allow_repeats ? '\1' : '\0');
    m.push_back(p.double960 ? '\1' : '\0');
    append_u32(m, std::uint32_t(round));
    append_u32(m, std::uint32_t(entropy.size()));
    m += entropy;
    return m;
}

ValueStream::ValueStream(const Secret& secret, std::string message)
    : secret_(secret), message_(std::move(message)) {
    if (sodium_init() < 0)
        throw std::runtime_error("libsodium cannot be initialised (sodium_init failed)");
}

void ValueStream::refill() {
    std::string input = message_;
    append_u32(input, block_++);
    static_assert(crypto_auth_hmacsha256_KEYBYTES == kSecretBytes);
    static_assert(crypto_auth_hmacsha256_BYTES == sizeof bytes_);
    crypto_auth_hmacsha256(bytes_.data(), reinterpret_cast<const unsigned char*>(input.data()),
                           input.size(), secret_.data());
    used_ = 0;
}

std::uint16_t ValueStream::next() {
    if (used_ == bytes_.size()) refill();
    const auto value = std::uint16_t((bytes_[used_] << 8) | bytes_[used_ + 1]);
    used_ += 2;
    return value;
}

RoundDraw draw_round(const Secret& secret, const Parameters& parameters, int round,
                     std::string_view entropy, const std::vector<RoundDraw>& earlier) {
    const std::vector<int> allowed = allowed_numbers(parameters, earlier);
    ValueStream values(secret, round_message(parameters, round, entropy));
    RoundDraw draw;
    draw.round = round;
    draw.white = allowed[uniform_index(values, allowed.size())];
    // Black's arrangement comes next from the same stream, from the same numbers: every
    // (white, black) pair is equally likely, the two equal ones included.
    draw.black = parameters.double960 ? allowed[uniform_index(values, allowed.size())] : draw.white;
    return draw;
}

std::vector<RoundDraw> draw_rounds(const Secret& secret, const Parameters& parameters,
                                   const std::vector<std::string>& entropies) {
    std::vector<RoundDraw> draws;
    for (std::size_t k = 0; k < entropies.size(); ++k)
        draws.push_back(draw_round(secret, parameters, int(k + 1), entropies[k], draws));
    return draws;
}

}  // namespace chess960::event
