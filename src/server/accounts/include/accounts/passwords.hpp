// Passwords as the accounts keep them: libsodium's Argon2id (crypto_pwhash_str), whose string
// ($argon2id$v=19$m=...,t=...,p=1$salt$hash) carries its own salt and cost, so that a cost
// raised later still verifies the hashes made before. Never a hand-written hash.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace chess960::server {

// Argon2id's cost: libsodium's INTERACTIVE (64 MiB, 2 passes: tens of milliseconds) or
// MODERATE (256 MiB, 3 passes: about a second, for a server that signs few people in).
enum class PasswordCost { interactive, moderate };

// The Argon2id string for `password`. Throws std::runtime_error when libsodium cannot (out of
// memory).
std::string hash_password(std::string_view password, PasswordCost cost);

// Whether `password` is the one `hash` was made from (false for a hash that is not Argon2id).
bool verify_password(std::string_view hash, std::string_view password);

}  // namespace chess960::server
