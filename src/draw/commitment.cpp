#include "draw/commitment.hpp"

#include <sodium.h>

#include <stdexcept>

namespace chess960::event {

namespace {

void ensure_sodium() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium cannot be initialised (sodium_init failed)");
}

bool is_hex_digit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
}

std::string hex_of(const unsigned char* bytes, std::size_t size) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string hex;
    for (std::size_t i = 0; i < size; ++i) {
        hex.push_back(kDigits[bytes[i] >> 4]);
        hex.push_back(kDigits[bytes[i] & 15]);
    }
    return hex;
}

}  // namespace

Secret new_secret() {
    ensure_sodium();
    Secret secret;
    randombytes_buf(secret.data(), secret.size());
    return secret;
}

std::string commitment_of(const Secret& secret) {
    ensure_sodium();
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, secret.data(), secret.size());
    return hex_of(digest, sizeof digest);
}

std::string to_hex(const Secret& secret) { return hex_of(secret.data(), secret.size()); }

bool is_digest_hex(std::string_view hex) {
    if (hex.size() != 2 * kSecretBytes) return false;
    for (char c : hex)
        if (!is_hex_digit(c)) return false;
    return true;
}

std::optional<Secret> secret_from_hex(std::string_view hex) {
    if (!is_digest_hex(hex)) return std::nullopt;
    Secret secret;
    for (std::size_t i = 0; i < secret.size(); ++i)
        secret[i] =
            static_cast<unsigned char>(hex_value(hex[2 * i]) * 16 + hex_value(hex[2 * i + 1]));
    return secret;
}

bool same_digest(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto lower = [](char c) { return c >= 'A' && c <= 'F' ? char(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

}  // namespace chess960::event
