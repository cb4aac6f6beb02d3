#include "store/secrets.hpp"

#include <sodium.h>

#include <stdexcept>
#include <vector>

namespace chess960::server {

namespace {

// libsodium must be initialised before use (it picks its implementations and opens the
// operating system's random source); sodium_init is safe to call from several threads, and a
// function-local static makes the first caller do it once.
void ensure_sodium() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium cannot be initialised (sodium_init failed)");
}

std::string to_hex(const unsigned char* bytes, std::size_t size) {
    std::string hex(size * 2 + 1, '\0');  // sodium_bin2hex writes a terminating NUL
    sodium_bin2hex(hex.data(), hex.size(), bytes, size);
    hex.pop_back();
    return hex;
}

}  // namespace

std::string random_hex(int bytes) {
    if (bytes < 0)
        throw std::invalid_argument("random_hex: a negative number of bytes (" +
                                    std::to_string(bytes) + ")");
    if (bytes == 0) return "";  // randombytes_buf may not be given a null buffer
    ensure_sodium();
    std::vector<unsigned char> buffer(static_cast<std::size_t>(bytes));
    randombytes_buf(buffer.data(), buffer.size());
    return to_hex(buffer.data(), buffer.size());
}

std::string sha256_hex(std::string_view text) {
    ensure_sodium();
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    return to_hex(digest, sizeof digest);
}

std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
    ensure_sodium();
    crypto_auth_hmacsha256_state state;
    crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()),
                                key.size());
    crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()),
                                  message.size());
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_final(&state, mac);
    return to_hex(mac, sizeof mac);
}

// The comparison runs over the whole hash whatever the first differing digit, so the time it
// takes tells nothing about how much of a guessed token's hash was right. Only the lengths are
// compared early, and they are public (every hash is 64 digits).
bool token_matches(std::string_view token, std::string_view hash) {
    if (token.empty() || hash.size() != crypto_hash_sha256_BYTES * 2) return false;
    const std::string computed = sha256_hex(token);
    return sodium_memcmp(computed.data(), hash.data(), computed.size()) == 0;
}

}  // namespace chess960::server
