// The event's secret and its commitment: 256 random bits from the operating system's source
// (libsodium's randombytes_buf), and SHA-256 of those 32 bytes, both written as 64 lower-case
// hex digits.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "draw/draw.hpp"

namespace chess960::event {

Secret new_secret();
// SHA-256 of the secret's 32 bytes (not of its hex text), as 64 lower-case hex digits.
std::string commitment_of(const Secret& secret);
std::string to_hex(const Secret& secret);
// 64 hex digits (either case) as 32 bytes; nothing for anything else.
std::optional<Secret> secret_from_hex(std::string_view hex);
// Whether `hex` is 64 hex digits (a SHA-256 digest such as a commitment).
bool is_digest_hex(std::string_view hex);
// Compares two digests in hex, ignoring case.
bool same_digest(std::string_view a, std::string_view b);

}  // namespace chess960::event
