// A 64-bit hash of a game's content (its tags and moves), by which a database knows a game it
// has already: an import run again, or killed and started again, adds each game once. Not a
// cryptographic hash: two different games collide with a chance of about n^2 / 2^65 among n
// games (under 3e-6 for ten million).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace chess960::db {

class ContentHash {
  public:
    /// Adds `bytes` and their length (so that "ab"+"c" and "a"+"bc" differ).
    ContentHash& add(std::string_view bytes) {
        std::size_t i = 0;
        for (; i + 8 <= bytes.size(); i += 8) {
            std::uint64_t word;
            std::memcpy(&word, bytes.data() + i, 8);
            mix(word);
        }
        std::uint64_t tail = 0;
        std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
        mix(tail);
        return add(std::uint64_t(bytes.size()));
    }
    ContentHash& add(std::uint64_t word) {
        mix(word);
        return *this;
    }
    /// The hash so far, as a signed integer for an SQL column.
    std::int64_t value() const { return std::int64_t(finish(state_ ^ count_)); }

  private:
    // splitmix64's finalizer: every bit of the input reaches every bit of the output.
    static std::uint64_t finish(std::uint64_t z) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    void mix(std::uint64_t word) {
        state_ = finish(state_ ^ (word + 0x9e3779b97f4a7c15ULL * ++count_));
        state_ = std::rotl(state_, 23) * 0x9fb21c651e98df25ULL;
    }

    std::uint64_t state_ = 0x243f6a8885a308d3ULL;
    std::uint64_t count_ = 0;
};

}  // namespace chess960::db
