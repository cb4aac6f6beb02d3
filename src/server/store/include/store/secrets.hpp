// Seat tokens and their hashes, from libsodium: random tokens from the operating system's
// source, SHA-256 for what the store keeps, and comparisons in time independent of the data.
#pragma once

#include <string>
#include <string_view>

namespace chess960::server {

// `bytes` random bytes as lower-case hex (2 * bytes digits).
std::string random_hex(int bytes);
// SHA-256 of `text` as 64 lower-case hex digits.
std::string sha256_hex(std::string_view text);
// HMAC-SHA-256 of `message` under `key` (any length: libsodium's HMAC hashes a long key first),
// as 64 lower-case hex digits. An event derives its players' seat tokens with it from the
// organiser's token, so that the server need keep only their hashes
// (src/server/events/common/derivation.cpp).
std::string hmac_sha256_hex(std::string_view key, std::string_view message);
// Whether `token` hashes to `hash` (an empty hash matches nothing); constant time.
bool token_matches(std::string_view token, std::string_view hash);

}  // namespace chess960::server
