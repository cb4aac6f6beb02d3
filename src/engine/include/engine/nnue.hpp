// The learned evaluation (NNUE): a network of one hidden layer over piece-square features seen
// from each side's king, whose first layer is kept up to date move by move (the accumulator).
//
//   features (per perspective): king bucket x (own/their piece type) x square, 768 per bucket,
//       squares seen from the perspective's side and mirrored to files a-d when its king is on
//       files e-h (if the net asks for mirroring)
//   accumulator: bias + the sum of the feature columns, kHidden int16 per perspective
//   output: SCReLU(side to move's half) . w1 + SCReLU(other half) . w2 + b, scaled to centipawns
//
// The net file (".nnue", little-endian) is a 128-byte header, the int16 feature weights
// [bucket][feature][hidden], the int16 biases [hidden], the int16 output weights [2 x hidden],
// an int32 output bias, then the FNV-1a 64-bit hash of everything before it. The header holds
// "C960NNUE", the format version, the hidden size, the number of king buckets, the flags
// (bit 0: mirror), the quantisation factors QA and QB, the output scale and the bucket of each
// king square. tools/nnue/ trains nets and writes them; the one built in comes from there.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "chess960/position.hpp"

namespace chess960::engine::nnue {

constexpr int kHidden = 256;     // accumulator width per perspective
constexpr int kFeatures = 768;   // per king bucket: 2 colours x 6 types x 64 squares
constexpr int kMaxBuckets = 32;  // king buckets a net may have
constexpr int kHeaderBytes = 128;
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kFlagMirror = 1;
constexpr char kMagic[8] = {'C', '9', '6', '0', 'N', 'N', 'U', 'E'};

struct Network {
    int buckets = 1;
    bool mirror = false;
    int qa = 255, qb = 64, scale = 400;
    std::array<std::uint8_t, 64> bucket_of{};   // by king square seen from its side, mirrored
    std::vector<std::int16_t> feature_weights;  // [bucket * kFeatures + feature][kHidden]
    alignas(64) std::array<std::int16_t, kHidden> feature_bias{};
    alignas(64) std::array<std::int16_t, 2 * kHidden> output_weights{};
    std::int32_t output_bias = 0;

    // Where perspective `side`'s features start in the weight table and whether its squares
    // are mirrored, given that side's king square.
    struct View {
        int base;  // bucket * kFeatures
        int flip;  // 0 or 7, xor-ed into the file
        bool operator==(const View&) const = default;
    };
    View view(Color side, Square king) const {
        const Square k = relative_square(side, king);
        const int flip = mirror && file_of(k) >= 4 ? 7 : 0;
        return {bucket_of[std::size_t(k ^ flip)] * kFeatures, flip};
    }
    // The feature of `piece` on `s` as perspective `side` sees it.
    static int feature(Color side, View v, Piece piece, Square s) {
        const int colour = color_of(piece) == side ? 0 : 1;
        return v.base + (colour * 6 + type_of(piece)) * 64 + (relative_square(side, s) ^ v.flip);
    }
    const std::int16_t* column(int feature) const {
        return feature_weights.data() + std::size_t(feature) * kHidden;
    }
};

// Reads a net from its bytes; the error names what is wrong (`source` names the file).
std::expected<std::shared_ptr<const Network>, std::string> parse(
    std::span<const std::uint8_t> bytes, const std::string& source);
// Reads a net file.
std::expected<std::shared_ptr<const Network>, std::string> load(const std::string& path);
// The bytes of a net file for `net` (what the trainer writes; parse() reads it back).
std::vector<std::uint8_t> serialize(const Network& net);
// The net built into the binary.
std::shared_ptr<const Network> embedded();

struct alignas(64) Accumulator {
    std::array<std::array<std::int16_t, kHidden>, 2> values;  // by perspective (White, Black)
};

// The accumulator of `pos` computed from scratch.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// The evaluation of an accumulator, in centipawns from the side to move's view.
int output(const Network& net, const Accumulator& acc, Color side_to_move);
// The evaluation of `pos` from scratch (no accumulator kept).
int evaluate(const Network& net, const Position& pos);

// The accumulators along a search path: push() records what a move changes, and the
// accumulator is brought up to date only when a node is evaluated (a move whose subtree is cut
// off costs nothing), from the nearest computed ancestor, or from scratch for the perspective
// whose king changed bucket or mirroring.
class AccumulatorStack {
  public:
    explicit AccumulatorStack(std::shared_ptr<const Network> net) : net_(std::move(net)) {}
    const Network& network() const { return *net_; }

    // Starts a path at `root`.
    void reset(const Position& root);
    // `m` is played from `before` (the position at the top of the stack).
    void push(const Position& before, Move m);
    // A null move: nothing changes on the board.
    void push_null();
    void pop() { --top_; }
    // The accumulator of the top position `pos`, brought up to date.
    const Accumulator& current(const Position& pos);
    // The evaluation of the top position `pos`.
    int evaluate(const Position& pos) { return output(*net_, current(pos), pos.side_to_move()); }

  private:
    struct Change {
        Piece piece;
        Square square;
    };
    struct Entry {
        Accumulator acc;
        std::array<bool, 2> computed{};
        std::array<Network::View, 2> view{};  // of each perspective at this node
        std::array<Change, 2> added{}, removed{};
        int added_count = 0, removed_count = 0;
    };
    void update_from(int from, int to, Color side);
    std::shared_ptr<const Network> net_;
    std::vector<Entry> entries_ = std::vector<Entry>(1);
    int top_ = 0;
};

}  // namespace chess960::engine::nnue
