// Fixed-width integers of K 64-bit limbs (two's complement, little-endian limbs) for the edge
// weights of the Dutch system: each weight packs C.04.3's optimisation criteria as bit fields,
// highest first, and a 570-player round needs about 1,100 bits.
#pragma once

#include <array>
#include <cstdint>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

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
        for (int i = 0; i < K; ++i) carry = add_carry(carry, limb[i], o.limb[i], limb[i]);
        return *this;
    }
    Wide& operator-=(const Wide& o) {
        unsigned char borrow = 0;
        for (int i = 0; i < K; ++i) borrow = sub_borrow(borrow, limb[i], o.limb[i], limb[i]);
        return *this;
    }
    // a + b - c in one pass (an edge's slack: two duals less the weight).
    static Wide sum_less(const Wide& a, const Wide& b, const Wide& c) {
        Wide r;
        unsigned char carry = 0, borrow = 0;
        for (int i = 0; i < K; ++i) {
            std::uint64_t t;
            carry = add_carry(carry, a.limb[i], b.limb[i], t);
            borrow = sub_borrow(borrow, t, c.limb[i], r.limb[i]);
        }
        return r;
    }

    static unsigned char add_carry(unsigned char carry, std::uint64_t a, std::uint64_t b,
                                   std::uint64_t& out) {
#if defined(__x86_64__)
        unsigned long long r;
        carry = _addcarry_u64(carry, a, b, &r);
        out = r;
        return carry;
#else
        const std::uint64_t s = a + b;
        const std::uint64_t t = s + carry;
        out = t;
        return static_cast<unsigned char>((s < a) | (t < s));
#endif
    }
    static unsigned char sub_borrow(unsigned char borrow, std::uint64_t a, std::uint64_t b,
                                    std::uint64_t& out) {
#if defined(__x86_64__)
        unsigned long long r;
        borrow = _subborrow_u64(borrow, a, b, &r);
        out = r;
        return borrow;
#else
        const std::uint64_t d = a - b;
        out = d - borrow;
        return static_cast<unsigned char>((a < b) | (d < static_cast<std::uint64_t>(borrow)));
#endif
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
