#include "accounts/passwords.hpp"

#include <sodium.h>

#include <stdexcept>

namespace chess960::server {

namespace {

void init_sodium() {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

}  // namespace

std::string hash_password(std::string_view password, PasswordCost cost) {
    init_sodium();
    const bool moderate = cost == PasswordCost::moderate;
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(
            out, password.data(), password.size(),
            moderate ? crypto_pwhash_OPSLIMIT_MODERATE : crypto_pwhash_OPSLIMIT_INTERACTIVE,
            moderate ? crypto_pwhash_MEMLIMIT_MODERATE : crypto_pwhash_MEMLIMIT_INTERACTIVE,
            crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error("hashing a password failed (out of memory)");
    return out;
}

bool verify_password(std::string_view hash, std::string_view password) {
    init_sodium();
    if (!hash.starts_with("$argon2id$")) return false;
    const std::string terminated(hash);  // crypto_pwhash_str_verify reads a C string
    return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

}  // namespace chess960::server
