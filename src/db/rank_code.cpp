#include "rank_code.hpp"

#include "chess960/db/move_code.hpp"

#include <algorithm>
#include <queue>
#include <utility>
#include <vector>

namespace chess960::db {

namespace {

constexpr int kMaxBits = 24;  // Huffman code lengths are capped here (see Code())
constexpr int kTableBits = 10;

constexpr std::array<std::uint64_t, kRanks> kFrequencies = {
#include "rank_frequencies.inc"
};

// A canonical Huffman code over the ranks: lengths from the frequencies (each at most kMaxBits,
// by flattening the rarest until they fit), codes assigned in order of length then rank, and a
// table of the first kTableBits bits for decoding.
struct Code : RankCode {
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

const Code& tables() {
    static const Code instance;
    return instance;
}

}  // namespace

const RankCode& rank_code() { return tables(); }

std::span<const std::uint64_t> rank_frequencies() { return kFrequencies; }

int read_rank(BitReader& in) {
    const Code& c = tables();
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

}  // namespace chess960::db
