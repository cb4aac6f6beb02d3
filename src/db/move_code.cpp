#include "chess960/db/move_code.hpp"

#include <algorithm>
#include <array>
#include <queue>
#include <string>

#include "chess960/db/move_order.hpp"

namespace chess960::db {

namespace {

constexpr int kRanks = 256;
constexpr int kMaxBits = 24;  // Huffman code lengths are capped here (see Code())
constexpr int kTableBits = 10;

constexpr std::array<std::uint64_t, kRanks> kFrequencies = {
#include "rank_frequencies.inc"
};

// A canonical Huffman code over the ranks: lengths from the frequencies (each at most kMaxBits,
// by flattening the rarest until they fit), codes assigned in order of length then rank, and a
// table of the first kTableBits bits for decoding.
struct Code {
    std::array<std::uint8_t, kRanks> length{};
    std::array<std::uint32_t, kRanks> code{};  // MSB-first, `length` bits
    // Decoding: for each kTableBits-bit prefix, the rank and its length when the code fits.
    std::array<std::uint16_t, 1 << kTableBits> table_rank{};
    std::array<std::uint8_t, 1 << kTableBits> table_length{};
    // For longer codes: per length, the first code and the index of its first symbol.
    std::array<std::uint32_t, kMaxBits + 1> first_code{};
    std::array<int, kMaxBits + 1> first_index{};
    std::array<int, kMaxBits + 1> count{};
    std::array<std::uint16_t, kRanks> sorted{};  // ranks by (length, rank)

    Code() {
        std::array<std::uint64_t, kRanks> weight = kFrequencies;
        for (;;) {
            lengths_from(weight);
            if (*std::max_element(length.begin(), length.end()) <= kMaxBits) break;
            for (auto& w : weight) w = w / 2 + 1;  // flatten until the longest code fits
        }
        int n = 0;
        for (int bits = 1; bits <= kMaxBits; ++bits)
            for (int r = 0; r < kRanks; ++r)
                if (length[r] == bits) sorted[n++] = std::uint16_t(r);
        std::uint32_t next = 0;
        int index = 0;
        for (int bits = 1; bits <= kMaxBits; ++bits) {
            first_code[bits] = next;
            first_index[bits] = index;
            for (int i = index; i < kRanks && length[sorted[i]] == bits; ++i) {
                code[sorted[i]] = next++;
                ++count[bits];
            }
            index += count[bits];
            next <<= 1;
        }
        for (int r = 0; r < kRanks; ++r) {
            if (length[r] > kTableBits) continue;
            const int shift = kTableBits - length[r];
            for (std::uint32_t fill = 0; fill < (1u << shift); ++fill) {
                table_rank[(code[r] << shift) | fill] = std::uint16_t(r);
                table_length[(code[r] << shift) | fill] = length[r];
            }
        }
    }

    void lengths_from(const std::array<std::uint64_t, kRanks>& weight) {
        // Huffman's tree over (weight, node); parents recorded to read each leaf's depth.
        using Item = std::pair<std::uint64_t, int>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
        std::array<int, 2 * kRanks> parent{};
        for (int r = 0; r < kRanks; ++r) heap.push({weight[r], r});
        int next = kRanks;
        while (heap.size() > 1) {
            const Item a = heap.top();
            heap.pop();
            const Item b = heap.top();
            heap.pop();
            parent[a.second] = parent[b.second] = next;
            heap.push({a.first + b.first, next++});
        }
        const int root = next - 1;
        for (int r = 0; r < kRanks; ++r) {
            int depth = 0;
            for (int node = r; node != root; node = parent[node]) ++depth;
            length[r] = std::uint8_t(std::min(depth, 255));
        }
    }
};

const Code& code() {
    static const Code instance;
    return instance;
}

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

// The next rank, or -1 when the bits hold none.
int read_rank(BitReader& in, const Code& c) {
    const std::uint32_t prefix = in.peek(kTableBits);
    if (c.table_length[prefix] != 0) {
        in.skip(c.table_length[prefix]);
        return c.table_rank[prefix];
    }
    for (int bits = kTableBits + 1; bits <= kMaxBits; ++bits) {
        const std::uint32_t value = in.peek(bits);
        if (c.count[bits] && value >= c.first_code[bits] &&
            value - c.first_code[bits] < std::uint32_t(c.count[bits])) {
            in.skip(bits);
            return c.sorted[std::size_t(c.first_index[bits]) + (value - c.first_code[bits])];
        }
    }
    return -1;
}

}  // namespace

int rank_code_bits(int rank) { return rank >= 0 && rank < kRanks ? code().length[rank] : 0; }

Result<std::vector<std::uint8_t>> encode_moves(const Position& start, std::span<const Move> moves) {
    const Code& c = code();
    BitWriter out;
    Position pos = start;
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        const int rank = move_rank(pos, moves[ply]);
        if (rank < 0)
            return make_error(ErrorCode::IllegalMove,
                              "move " + std::to_string(ply + 1) + " is not legal in its position");
        out.put(c.code[rank], c.length[rank]);
        pos.play(moves[ply]);
    }
    return out.take();
}

Result<std::vector<Move>> decode_moves(const Position& start, std::span<const std::uint8_t> bytes,
                                       int plies) {
    const Code& c = code();
    BitReader in(bytes);
    Position pos = start;
    std::vector<Move> moves;
    moves.reserve(std::size_t(std::max(plies, 0)));
    for (int ply = 1; ply <= plies; ++ply) {
        const int rank = read_rank(in, c);
        const Move m = rank < 0 ? Move() : move_at_rank(pos, rank);
        if (in.past_end() || m == Move())
            return make_error(ErrorCode::InvalidMove,
                              "the coded moves hold no move " + std::to_string(ply) +
                                  " for their start position (damaged, or another game's)");
        moves.push_back(m);
        pos.play(m);
    }
    return moves;
}

}  // namespace chess960::db
