// Bits written and read most significant first, for the move code (move_code.cpp): a writer that
// appends to bytes, and a reader that gives zeros past their end and says when it went there.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace chess960::db {

class BitWriter {
  public:
    void put(std::uint32_t bits, int count) {
        for (int i = count - 1; i >= 0; --i) {
            if (used_ == 0) bytes_.push_back(0);
            if ((bits >> i) & 1) bytes_.back() |= std::uint8_t(0x80 >> used_);
            used_ = (used_ + 1) & 7;
        }
    }
    std::vector<std::uint8_t> take() { return std::move(bytes_); }

  private:
    std::vector<std::uint8_t> bytes_;
    int used_ = 0;
};

class BitReader {
  public:
    explicit BitReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    // The next `count` bits (1..32; zeros past the end), without consuming them.
    std::uint32_t peek(int count) {
        if (available_ < count) refill();
        return std::uint32_t(window_ >> (64 - count));
    }
    void skip(int count) {
        window_ <<= count;
        available_ -= count;
        consumed_ += std::size_t(count);
    }
    bool past_end() const { return consumed_ > bytes_.size() * 8; }

  private:
    // Tops the window up to at least 57 bits, zeros past the end of the bytes.
    void refill() {
        while (available_ <= 56) {
            const std::uint64_t byte = next_ < bytes_.size() ? bytes_[next_] : 0;
            ++next_;
            window_ |= byte << (56 - available_);
            available_ += 8;
        }
    }
    std::span<const std::uint8_t> bytes_;
    std::uint64_t window_ = 0;  // the next bits, most significant first
    int available_ = 0;         // how many of them are valid
    std::size_t next_ = 0;      // the next byte to load
    std::size_t consumed_ = 0;  // bits skipped so far
};

}  // namespace chess960::db
