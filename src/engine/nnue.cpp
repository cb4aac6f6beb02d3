// The learned evaluation: reading nets, the accumulator and the output layer (see nnue.hpp).
// The vector code is chosen at compile time: AVX-512BW, AVX2, or plain loops, which GCC
// vectorises for whatever the target has.
#include "engine/nnue.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#if defined(__AVX512BW__) || defined(__AVX2__)
#include <immintrin.h>
#endif

// The net built in (src/engine/nnue_embed.S).
extern "C" const std::uint8_t chess960_nnue_embedded[];
extern "C" const std::uint8_t chess960_nnue_embedded_end[];

namespace chess960::engine::nnue {

namespace {

std::uint64_t fnv1a(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::uint8_t b : bytes) {
        h ^= b;
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::uint32_t read_u32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}
void write_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
}
void write_i16s(std::vector<std::uint8_t>& out, const std::int16_t* v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        const auto u = std::uint16_t(v[i]);
        out.push_back(std::uint8_t(u));
        out.push_back(std::uint8_t(u >> 8));
    }
}
void read_i16s(const std::uint8_t* p, std::int16_t* v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        v[i] = std::int16_t(std::uint16_t(p[2 * i] | (p[2 * i + 1] << 8)));
}

// acc += column, acc -= column: kHidden int16 lanes.
void add_column(std::int16_t* acc, const std::int16_t* column) {
    for (int i = 0; i < kHidden; ++i) acc[i] = std::int16_t(acc[i] + column[i]);
}
void sub_column(std::int16_t* acc, const std::int16_t* column) {
    for (int i = 0; i < kHidden; ++i) acc[i] = std::int16_t(acc[i] - column[i]);
}

#if defined(__AVX512BW__) || defined(__AVX2__)
// The sum of a vector's 32-bit lanes, through memory: once per evaluation, and GCC 12's
// reduction intrinsics trip -Wuninitialized in its own headers.
template <typename Vector>
std::int32_t horizontal_sum(Vector v) {
    alignas(64) std::int32_t lanes[sizeof(Vector) / 4];
    std::memcpy(lanes, &v, sizeof v);
    std::int32_t sum = 0;
    for (std::int32_t x : lanes) sum += x;
    return sum;
}
#endif

// sum over i of clamp(acc[i], 0, qa)^2 * w[i], computed as (v * w) * v so that the products fit
// 16 bits (the trainer keeps |w| * qa within int16) and pairs add up in 32 bits.
std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* w, int qa) {
#if defined(__AVX512BW__)
    const __m512i zero = _mm512_setzero_si512(), top = _mm512_set1_epi16(std::int16_t(qa));
    __m512i sum = _mm512_setzero_si512();
    for (int i = 0; i < kHidden; i += 32) {
        const __m512i v = _mm512_min_epi16(
            _mm512_max_epi16(_mm512_load_si512(reinterpret_cast<const __m512i*>(acc + i)), zero),
            top);
        const __m512i vw =
            _mm512_mullo_epi16(v, _mm512_load_si512(reinterpret_cast<const __m512i*>(w + i)));
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(vw, v));
    }
    return horizontal_sum(sum);
#elif defined(__AVX2__)
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(std::int16_t(qa));
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < kHidden; i += 16) {
        const __m256i v = _mm256_min_epi16(
            _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i)), zero),
            top);
        const __m256i vw =
            _mm256_mullo_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
    }
    return horizontal_sum(sum);
#else
    std::int32_t sum = 0;
    for (int i = 0; i < kHidden; ++i) {
        const int v = std::clamp<int>(acc[i], 0, qa);
        sum += std::int16_t(v * w[i]) * v;
    }
    return sum;
#endif
}

}  // namespace

std::expected<std::shared_ptr<const Network>, std::string> parse(
    std::span<const std::uint8_t> bytes, const std::string& source) {
    auto fail = [&](const std::string& what) {
        return std::unexpected("net " + source + ": " + what);
    };
    if (bytes.size() < kHeaderBytes)
        return fail("too short for a net (" + std::to_string(bytes.size()) +
                    " bytes, the header alone is " + std::to_string(kHeaderBytes) + ")");
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        return fail("not a chess960 net (it does not start with \"C960NNUE\")");
    const std::uint8_t* h = bytes.data();
    const std::uint32_t version = read_u32(h + 8);
    if (version != kVersion)
        return fail("format version " + std::to_string(version) + ", this engine reads version " +
                    std::to_string(kVersion));
    const std::uint32_t hidden = read_u32(h + 12);
    if (hidden != std::uint32_t(kHidden))
        return fail("hidden layer of " + std::to_string(hidden) + ", this engine is built for " +
                    std::to_string(kHidden));
    const std::uint32_t buckets = read_u32(h + 16);
    if (buckets < 1 || buckets > std::uint32_t(kMaxBuckets))
        return fail(std::to_string(buckets) + " king buckets, expected 1 to " +
                    std::to_string(kMaxBuckets));
    const std::uint32_t flags = read_u32(h + 20);
    if (flags & ~kFlagMirror) return fail("unknown flags " + std::to_string(flags));
    const std::uint32_t qa = read_u32(h + 24), qb = read_u32(h + 28), scale = read_u32(h + 32);
    if (qa < 1 || qa > 1024 || qb < 1 || qb > 1024 || scale < 1 || scale > 4096)
        return fail("quantisation out of range (QA " + std::to_string(qa) + ", QB " +
                    std::to_string(qb) + ", scale " + std::to_string(scale) + ")");
    auto net = std::make_shared<Network>();
    net->buckets = int(buckets);
    net->mirror = flags & kFlagMirror;
    net->qa = int(qa);
    net->qb = int(qb);
    net->scale = int(scale);
    for (int s = 0; s < 64; ++s) {
        const std::uint8_t b = h[36 + s];
        if (b >= buckets)
            return fail("king square " + square_name(Square(s)) + " maps to bucket " +
                        std::to_string(b) + " of " + std::to_string(buckets));
        net->bucket_of[std::size_t(s)] = b;
    }
    const std::size_t weights = std::size_t(buckets) * kFeatures * kHidden;
    const std::size_t expected = kHeaderBytes + 2 * (weights + kHidden + 2 * kHidden) + 4 + 8;
    if (bytes.size() != expected)
        return fail(std::string(bytes.size() < expected ? "truncated" : "has trailing bytes") +
                    ": " + std::to_string(bytes.size()) + " bytes, a net of " +
                    std::to_string(buckets) + " bucket(s) has " + std::to_string(expected));
    std::uint64_t stored = 0;
    for (int i = 0; i < 8; ++i)
        stored |= std::uint64_t(bytes[expected - 8 + std::size_t(i)]) << (8 * i);
    if (fnv1a(bytes.first(expected - 8)) != stored)
        return fail("checksum mismatch: the file is corrupt");
    const std::uint8_t* p = h + kHeaderBytes;
    net->feature_weights.resize(weights);
    read_i16s(p, net->feature_weights.data(), weights);
    p += 2 * weights;
    read_i16s(p, net->feature_bias.data(), kHidden);
    p += 2 * kHidden;
    read_i16s(p, net->output_weights.data(), 2 * kHidden);
    p += 4 * kHidden;
    net->output_bias = std::int32_t(read_u32(p));
    return net;
}

std::expected<std::shared_ptr<const Network>, std::string> load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::unexpected("net " + path + ": cannot open the file");
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                    std::istreambuf_iterator<char>());
    if (in.bad()) return std::unexpected("net " + path + ": read error");
    return parse(bytes, path);
}

std::vector<std::uint8_t> serialize(const Network& net) {
    std::vector<std::uint8_t> out(kMagic, kMagic + sizeof kMagic);
    write_u32(out, kVersion);
    write_u32(out, kHidden);
    write_u32(out, std::uint32_t(net.buckets));
    write_u32(out, net.mirror ? kFlagMirror : 0);
    write_u32(out, std::uint32_t(net.qa));
    write_u32(out, std::uint32_t(net.qb));
    write_u32(out, std::uint32_t(net.scale));
    out.insert(out.end(), net.bucket_of.begin(), net.bucket_of.end());
    out.resize(kHeaderBytes, 0);
    write_i16s(out, net.feature_weights.data(), net.feature_weights.size());
    write_i16s(out, net.feature_bias.data(), kHidden);
    write_i16s(out, net.output_weights.data(), 2 * kHidden);
    write_u32(out, std::uint32_t(net.output_bias));
    const std::uint64_t hash = fnv1a(out);
    for (int i = 0; i < 8; ++i) out.push_back(std::uint8_t(hash >> (8 * i)));
    return out;
}

std::shared_ptr<const Network> embedded() {
    static const std::shared_ptr<const Network> net = [] {
        const std::span<const std::uint8_t> bytes(
            chess960_nnue_embedded,
            std::size_t(chess960_nnue_embedded_end - chess960_nnue_embedded));
        auto parsed = parse(bytes, "(built in)");
        // The build embeds a net the trainer wrote; a broken one is a build error, caught by
        // the tests.
        return parsed ? *parsed : std::shared_ptr<const Network>();
    }();
    return net;
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color side : {White, Black}) {
        std::int16_t* values = acc.values[side].data();
        std::copy(net.feature_bias.begin(), net.feature_bias.end(), values);
        const Network::View view = net.view(side, pos.king_square(side));
        for (Bitboard b = pos.pieces(); b;) {
            const Square s = pop_lsb(b);
            add_column(values, net.column(Network::feature(side, view, pos.piece_on(s), s)));
        }
    }
}

int output(const Network& net, const Accumulator& acc, Color side_to_move) {
    const std::int32_t sum =
        screlu_dot(acc.values[side_to_move].data(), net.output_weights.data(), net.qa) +
        screlu_dot(acc.values[~side_to_move].data(), net.output_weights.data() + kHidden, net.qa);
    const std::int64_t raw = std::int64_t(sum / net.qa + net.output_bias) * net.scale;
    const int cp = int(raw / (std::int64_t(net.qa) * net.qb));
    // Far from mate scores, which the search keeps for mates.
    return std::clamp(cp, -20000, 20000);
}

int evaluate(const Network& net, const Position& pos) {
    Accumulator acc;
    refresh(net, pos, acc);
    return output(net, acc, pos.side_to_move());
}

// --- The accumulator stack --------------------------------------------------------------------

void AccumulatorStack::reset(const Position& root) {
    top_ = 0;
    Entry& e = entries_[0];
    refresh(*net_, root, e.acc);
    e.computed = {true, true};
    for (Color side : {White, Black}) e.view[side] = net_->view(side, root.king_square(side));
}

void AccumulatorStack::push(const Position& before, Move m) {
    if (std::size_t(top_ + 2) > entries_.size()) entries_.resize(entries_.size() * 2 + 8);
    const Entry& parent = entries_[std::size_t(top_)];
    Entry& e = entries_[std::size_t(++top_)];
    e.computed = {false, false};
    e.view = parent.view;
    e.added_count = e.removed_count = 0;
    const Color us = before.side_to_move();
    const Square from = m.from();
    const Piece moving = before.piece_on(from);
    auto add = [&](Piece p, Square s) { e.added[std::size_t(e.added_count++)] = {p, s}; };
    auto remove = [&](Piece p, Square s) { e.removed[std::size_t(e.removed_count++)] = {p, s}; };
    Square king_to = NoSquare;
    if (m.is_castling()) {
        // King takes own rook: both leave their squares and land on g/c and f/d.
        const CastlingSide side = before.castling_side(m);
        const Piece rook = before.piece_on(m.to());
        remove(moving, from);
        remove(rook, m.to());
        king_to = king_castling_destination(us, side);
        add(moving, king_to);
        add(rook, rook_castling_destination(us, side));
    } else {
        const Square to = m.to();
        remove(moving, from);
        if (m.is_en_passant())
            remove(make_piece(~us, Pawn), Square(us == White ? to - 8 : to + 8));
        else if (before.piece_on(to) != NoPiece)
            remove(before.piece_on(to), to);
        add(m.is_promotion() ? make_piece(us, m.promotion()) : moving, to);
        if (type_of(moving) == King) king_to = to;
    }
    if (king_to != NoSquare) e.view[us] = net_->view(us, king_to);
}

void AccumulatorStack::push_null() {
    if (std::size_t(top_ + 2) > entries_.size()) entries_.resize(entries_.size() * 2 + 8);
    const Entry& parent = entries_[std::size_t(top_)];
    Entry& e = entries_[std::size_t(++top_)];
    e.view = parent.view;
    e.added_count = e.removed_count = 0;
    e.computed = parent.computed;
    if (parent.computed[White] || parent.computed[Black]) e.acc = parent.acc;
}

// Applies the changes of entries from+1 .. to for `side`, entry `from` being computed.
void AccumulatorStack::update_from(int from, int to, Color side) {
    for (int i = from + 1; i <= to; ++i) {
        const Entry& prev = entries_[std::size_t(i - 1)];
        Entry& e = entries_[std::size_t(i)];
        const Network::View view = e.view[side];
        const std::int16_t* in = prev.acc.values[side].data();
        std::int16_t* out = e.acc.values[side].data();
        std::memcpy(out, in, sizeof(std::int16_t) * kHidden);
        for (int k = 0; k < e.removed_count; ++k) {
            const Change c = e.removed[std::size_t(k)];
            sub_column(out, net_->column(Network::feature(side, view, c.piece, c.square)));
        }
        for (int k = 0; k < e.added_count; ++k) {
            const Change c = e.added[std::size_t(k)];
            add_column(out, net_->column(Network::feature(side, view, c.piece, c.square)));
        }
        e.computed[side] = true;
    }
}

const Accumulator& AccumulatorStack::current(const Position& pos) {
    Entry& top = entries_[std::size_t(top_)];
    for (Color side : {White, Black}) {
        if (top.computed[side]) continue;
        // The nearest computed ancestor with the same view (bucket and mirroring) of this side.
        int i = top_;
        while (i > 0 && !entries_[std::size_t(i)].computed[side] &&
               entries_[std::size_t(i)].view[side] == entries_[std::size_t(i - 1)].view[side])
            --i;
        if (entries_[std::size_t(i)].computed[side]) {
            update_from(i, top_, side);
        } else {
            // A king move changed the view: from scratch for this side.
            std::int16_t* values = top.acc.values[side].data();
            std::copy(net_->feature_bias.begin(), net_->feature_bias.end(), values);
            const Network::View view = top.view[side];
            for (Bitboard b = pos.pieces(); b;) {
                const Square s = pop_lsb(b);
                add_column(values, net_->column(Network::feature(side, view, pos.piece_on(s), s)));
            }
            top.computed[side] = true;
        }
    }
    return top.acc;
}

}  // namespace chess960::engine::nnue
