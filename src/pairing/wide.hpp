// Fixed-width integers of K 64-bit limbs (two's complement, little-endian limbs) for the edge
// weights of the Dutch system: each weight packs C.04.3's optimisation criteria as bit fields,
// highest first, and a 570-player round needs about 1,100 bits.
#pragma once

#include <array>
#include <cstdint>

namespace chess960::pairing::detail {

template <int K>
struct Wide {
    std::array<std::uint64_t, K> limb{};

    static Wide zero() { return Wide{}; }
    static Wide of(std::uint64_t value) {
        Wide w;
        w.limb[0] = value;
        return w;
    }

    bool is_zero() const {
        for (int i = 0; i < K; ++i)
            if (limb[i]) return false;
        return true;
    }
    bool negative() const { return static_cast<std::int64_t>(limb[K - 1]) < 0; }

    Wide& operator+=(const Wide& o) {
        unsigned char carry = 0;
        for (int i = 0; i < K; ++i) {
            const std::uint64_t a = limb[i];
            const std::uint64_t s = a + o.limb[i];
            const std::uint64_t t = s + carry;
            carry = static_cast<unsigned char>((s < a) | (t < s));
            limb[i] = t;
        }
        return *this;
    }
    Wide& operator-=(const Wide& o) {
        unsigned char borrow = 0;
        for (int i = 0; i < K; ++i) {
            const std::uint64_t a = limb[i];
            const std::uint64_t d = a - o.limb[i];
            const std::uint64_t t = d - borrow;
            borrow = static_cast<unsigned char>((a < o.limb[i]) | (d < static_cast<std::uint64_t>(borrow)));
            limb[i] = t;
        }
        return *this;
    }
    friend Wide operator+(Wide a, const Wide& b) { return a += b; }
    friend Wide operator-(Wide a, const Wide& b) { return a -= b; }

    // Shifts left by `bits` (bits lost at the top).
    Wide& shl(unsigned bits) {
        const unsigned whole = bits / 64, part = bits % 64;
        for (int i = K - 1; i >= 0; --i) {
            const int from = i - static_cast<int>(whole);
            std::uint64_t v = from >= 0 ? limb[static_cast<std::size_t>(from)] << part : 0;
            if (part && from - 1 >= 0) v |= limb[static_cast<std::size_t>(from - 1)] >> (64 - part);
            limb[static_cast<std::size_t>(i)] = v;
        }
        return *this;
    }
    // Arithmetic shift right by one (halving a slack that is even).
    Wide& halve() {
        for (int i = 0; i < K - 1; ++i) limb[i] = (limb[i] >> 1) | (limb[i + 1] << 63);
        limb[K - 1] = static_cast<std::uint64_t>(static_cast<std::int64_t>(limb[K - 1]) >> 1);
        return *this;
    }
    Wide& set_bit(unsigned bit) {
        limb[bit / 64] |= std::uint64_t{1} << (bit % 64);
        return *this;
    }
    bool odd() const { return limb[0] & 1; }

    // Signed comparison.
    friend bool operator<(const Wide& a, const Wide& b) {
        if (a.limb[K - 1] != b.limb[K - 1])
            return static_cast<std::int64_t>(a.limb[K - 1]) <
                   static_cast<std::int64_t>(b.limb[K - 1]);
        for (int i = K - 2; i >= 0; --i)
            if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i];
        return false;
    }
    friend bool operator==(const Wide& a, const Wide& b) = default;
};

}  // namespace chess960::pairing::detail
