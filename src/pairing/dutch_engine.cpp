// The Dutch system (C.04.3, 2025) as a sequence of maximum-weight matchings.
//
// Every possible pair gets a weight whose bit fields, highest first, are the criteria of
// C.04.3 in their order of priority: the absolute criteria C1-C3 make an edge exist or not;
// then completion (C4, the round can be finished), the bye's eligibility (C.04.1 d, C2), the
// number of pairs and the scores paired in the current bracket and the next (C5-C8), the
// unplayed games of the bye's receiver (C9), the colour criteria (C10-C13) and the repeated
// floats and their scores (C14-C21). A maximum-weight matching of the whole remaining field
// then satisfies the criteria bracket by bracket; the choices the criteria leave open are
// settled, as C.04.3 B (generation of the transpositions and exchanges) orders them, by
// fixing one decision at a time and matching again: which moved-down players are paired,
// their opponents, how many and which players are exchanged between S1 and S2, then each S1
// player's opponent. The matcher keeps its solution between calls (matching.hpp), so each
// decision costs a few augmentations.
//
// bbpPairings (the FIDE-endorsed reference this engine is checked against) decides the open
// choices in this same order; the bit layout below follows its weighting so that equal
// criteria compare equal in both.
//
// Citations: the criteria by their names C1-C21, which the 2025 text keeps; the articles on
// colour preferences (A.6), topscorers (A.7), the bracket procedure (B) and colour allocation
// (E) by their letters in the 2017 text, whose content the 2025 text keeps under new numbers;
// the 2025 text's 1.4.3 for the float of a player who scores without playing.
#include "dutch_engine.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "matching.hpp"

namespace chess960::pairing::detail {

namespace {

enum class Float { Down, Up, None };

unsigned bits_for(std::size_t value) {
    unsigned bits = 0;
    while (value) {
        ++bits;
        value >>= 1;
    }
    return bits;
}

bool compatible_colours(Colour a, Colour b) {
    return a != b || a == Colour::None || b == Colour::None;
}

// The fixed facts of one round's pairing, shared by every weight computation.
struct Round {
    const State& s;
    std::vector<const PlayerState*> sorted;    // by pairing score, then pairing number
    std::vector<Points> score;                 // pairing score by vertex
    std::vector<std::vector<bool>> forbidden;  // by id
    std::map<Points, unsigned> group_shift;
    unsigned groups_bits = 0;  // the width of a field with one bit per score group
    unsigned size_bits = 0;    // the width of a count of players of one score group
    Points bye_score = 0;
    bool single_downfloater_is_bye = false;
    std::map<int, unsigned> unplayed_rank;  // C9: by played games

    // C.04.3 (2025) 1.4.2 and 1.4.3: the higher of two players with different scores floats
    // down, the lower up; scoring more than a loss without playing is a downfloat.
    Float float_of(const PlayerState& p, int back) const {
        const Match& m = p.matches[static_cast<std::size_t>(s.played_rounds - back)];
        if (!m.played) return s.points_for(p, m) > s.points.loss ? Float::Down : Float::None;
        const Points mine = s.pairing_score(p, back);
        const Points theirs =
            s.pairing_score(s.players[static_cast<std::size_t>(m.opponent)], back);
        return mine > theirs ? Float::Down : mine < theirs ? Float::Up : Float::None;
    }

    // C1 (no rematch, no forbidden pair) and C3 (two players with the same absolute colour
    // preference do not meet, except topscorers in the last round: C.04.3 A.7, players with
    // more than half the maximum possible score).
    bool compatible(const PlayerState& a, const PlayerState& b, Points sa, Points sb) const {
        if (forbidden[static_cast<std::size_t>(a.id)][static_cast<std::size_t>(b.id)]) return false;
        if (!a.absolute() || !b.absolute() || a.preference != b.preference) return true;
        const Points threshold =
            static_cast<Points>(s.played_rounds) * std::max(s.points.win, s.points.draw) / 2;
        return s.played_rounds >= s.expected_rounds - 1 && (sa > threshold || sb > threshold);
    }

    bool bye_candidate(const PlayerState& p, Points sp) const {
        return s.bye_eligible(p) && sp <= bye_score;
    }

    // The total width of a weight (for choosing the integer size).
    unsigned width() const {
        unsigned w =
            2 + size_bits + groups_bits + size_bits + groups_bits + 2 * size_bits + 4 * size_bits;
        if (s.played_rounds > 0) w += 2 * size_bits + 2 * groups_bits;
        if (s.played_rounds > 1) w += 2 * size_bits + 2 * groups_bits;
        return w + 3 * size_bits + 1;
    }
};

// C.04.3 E (colour allocation), as bbpPairings applies it, up to E.4: the colour of `a` that
// their preferences, imbalances and histories settle, or None when they leave it open (E.5).
Colour colour_by_preferences(const PlayerState& a, const PlayerState& c) {
    if (compatible_colours(a.preference, c.preference)) {
        if (a.preference != Colour::None) return a.preference;
        if (c.preference != Colour::None) return opposite(c.preference);
        return Colour::None;
    }
    if (a.absolute() && (a.imbalance > c.imbalance || !c.absolute())) return a.preference;
    if (c.absolute() && (c.imbalance > a.imbalance || !a.absolute())) return opposite(c.preference);
    if (a.strong && !c.strong) return a.preference;
    if (c.strong && !a.strong) return opposite(c.preference);
    // E.4: alternate from the most recent round in which they had different colours.
    auto ia = a.matches.rbegin(), ic = c.matches.rbegin();
    auto skip = [](auto it, auto end) {
        while (it != end && !it->played) ++it;
        return it;
    };
    ia = skip(ia, a.matches.rend());
    ic = skip(ic, c.matches.rend());
    while (ia != a.matches.rend() && ic != c.matches.rend() && ia->colour == ic->colour) {
        ia = skip(++ia, a.matches.rend());
        ic = skip(++ic, c.matches.rend());
    }
    if (ia != a.matches.rend() && ic != c.matches.rend()) return ic->colour;
    return Colour::None;
}

template <int K>
class DutchPairing {
  public:
    using W = Wide<K>;

    explicit DutchPairing(Round& r) : r_(r), m_(static_cast<int>(r.sorted.size())) {}

    // The round bracket by bracket (C.04.3 B), from the top score group down; the pairs by id
    // with their colours (E).
    Result<std::vector<IdPair>> run();

  private:
    // One bracket being paired: the players moved down into it, its residents, and the next
    // score group after them (C7, C8 look ahead to it); all by vertex in `cur`.
    struct Bracket {
        std::vector<int> cur;
        int movers = 0;        // moved-down players at the front of cur
        int group_end = 0;     // the index in cur of the next group's first player
        int size = 0;          // cur's size once the next group is in
        int begin_vertex = 0;  // the vertex of the first resident
        int end_vertex = 0;    // one past the vertex of the last resident
        int next_group = 0;    // the vertex of the next group's first player
        // The weights of the pairs by index in cur, the later player first (as in weight()).
        std::vector<std::vector<W>> base;
        // The remainder (C.04.3 B.3): the residents not paired with a moved-down player, by
        // index in cur; its first `pairs` players are S1.
        std::vector<int> rem;
        int pairs = 0;

        int vertex(int index) const { return cur[static_cast<std::size_t>(index)]; }
        bool resident(int v) const { return v >= begin_vertex && v < end_vertex; }
        W& edge(int later, int earlier) {
            return base[static_cast<std::size_t>(later)][static_cast<std::size_t>(earlier)];
        }
        int remainder(int k) const { return rem[static_cast<std::size_t>(k)]; }
        int remainder_size() const { return static_cast<int>(rem.size()); }
    };

    Round& r_;
    Matcher<K> m_;
    std::vector<int> partner_;   // by id: the vertex of the opponent decided, or -1
    std::vector<char> matched_;  // by vertex: paired in a bracket already decided

    int players() const { return static_cast<int>(r_.sorted.size()); }
    const PlayerState& p(int v) const { return *r_.sorted[static_cast<std::size_t>(v)]; }
    Points sc(int v) const { return r_.score[static_cast<std::size_t>(v)]; }
    // The matching as last computed (a fixed pair leaves it unchanged until the next
    // computation, as the decisions read it); an unmatched vertex is its own mate.
    std::vector<int> stable_;
    int mate(int v) const { return stable_[static_cast<std::size_t>(v)]; }
    void compute() {
        m_.compute();
        const int n = static_cast<int>(r_.sorted.size());
        stable_.resize(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v) {
            const int m = m_.mate(v);
            stable_[static_cast<std::size_t>(v)] = m < 0 ? v : m;
        }
    }

    static void push(W& w, unsigned bits, std::uint64_t value = 0) {
        w.shl(bits);
        w += W::of(value);
    }
    static W bit(unsigned at) {
        W w{};
        w.set_bit(at);
        return w;
    }

    // The weight of the pair (higher, lower) by vertex, lower being the one later in the
    // order; `in_current` / `in_next`: lower is a resident of the bracket being paired / of
    // the next score group.
    W weight(int hv, int lv, bool in_current, bool in_next) const {
        const PlayerState& hi = p(hv);
        const PlayerState& lo = p(lv);
        const Points hs = sc(hv), ls = sc(lv);
        W w{};
        if (!r_.compatible(hi, lo, hs, ls)) return w;
        const unsigned sb = r_.size_bits, gb = r_.groups_bits;
        // C4 (completion) and C2 (the bye goes to an eligible player of the lowest score).
        w = W::of(1 + !r_.bye_candidate(hi, hs) + !r_.bye_candidate(lo, ls));
        // C5, C6: pairs and paired scores in the current bracket.
        push(w, sb, in_current);
        w.shl(gb);
        if (in_current) w += bit(r_.group_shift.at(hs));
        // C7, C8: the same in the next bracket.
        push(w, sb, in_next);
        w.shl(gb);
        if (in_next) w += bit(r_.group_shift.at(hs));
        // C9: the unplayed games of the bye's receiver.
        w.shl(2 * sb);
        if (r_.single_downfloater_is_bye) {
            if (hs == r_.bye_score) w += W::of(r_.unplayed_rank.at(hi.played_games));
            if (ls == r_.bye_score) w += W::of(r_.unplayed_rank.at(lo.played_games));
        }
        // C10-C13: colours (checked for residents of the current bracket only).
        colour_fields(w, lo, hi, in_current);
        const int played = r_.s.played_rounds;
        // C14-C17: repeated downfloaters and upfloaters, one and two rounds before.
        for (int back = 1; back <= 2 && back <= played; ++back) {
            w.shl(sb);
            if (in_current) {
                if (r_.float_of(lo, back) == Float::Down) w += W::of(1);
                if (hs <= ls && r_.float_of(hi, back) == Float::Down) w += W::of(1);
            }
            w.shl(sb);
            if (in_current && !(hs > ls && r_.float_of(lo, back) == Float::Up)) w += W::of(1);
        }
        // C18-C21: the scores of those repeated floaters.
        for (int back = 1; back <= 2 && back <= played; ++back) {
            w.shl(gb);
            if (in_current) {
                if (r_.float_of(lo, back) == Float::Down) w += bit(r_.group_shift.at(ls));
                if (r_.float_of(hi, back) == Float::Down) w += bit(r_.group_shift.at(hs));
            }
            w.shl(gb);
            if (in_current && !(r_.float_of(lo, back) == Float::Up && hs > ls))
                w += bit(r_.group_shift.at(hs));
        }
        // Room for the exchange and transposition order (C.04.3 B).
        w.shl(3 * sb + 1);
        return w;
    }

    void colour_fields(W& w, const PlayerState& a, const PlayerState& b, bool in_current) const {
        const unsigned sb = r_.size_bits;
        const bool differ = a.preference != b.preference;
        // C10: no player's colour difference goes beyond 2 (absolute imbalances).
        push(w, sb, in_current && (!a.absolute_imbalance() || !b.absolute_imbalance() || differ));
        // C11: no player gets the same colour three times in a row.
        bool c11 = !a.absolute() || !b.absolute() || differ;
        if (!c11) {
            if (a.imbalance == b.imbalance) {
                c11 = a.repeated == Colour::None || a.repeated != b.repeated;
            } else {
                const PlayerState& smaller = a.imbalance > b.imbalance ? b : a;
                c11 = smaller.repeated != opposite(a.preference);
            }
        }
        push(w, sb, in_current && c11);
        // C12: colour preferences met.
        push(w, sb, in_current && compatible_colours(a.preference, b.preference));
        // C13: strong colour preferences met.
        push(w, sb,
             in_current && ((!a.strong && !a.absolute()) || (!b.strong && !b.absolute()) ||
                            (a.absolute() && b.absolute()) || differ));
    }

    // Pairs v with the best opponent the criteria allow and fixes the pair: each option (the
    // lowest first) gets a larger addend than the one before, so that among matchings equal on
    // every criterion the highest opponent wins (C.04.3 B: S1 players meet the first S2 player
    // possible). `step_on_missing`: the addend grows past options without an edge too.
    int fix_highest(int v, const std::vector<std::pair<int, W>>& lowest_first, std::uint64_t addend,
                    bool step_on_missing) {
        for (const auto& [ov, base] : lowest_first) {
            if (!base.is_zero()) {
                W w = base;
                w += W::of(addend);
                m_.set_weight(v, ov, w);
                if (!step_on_missing) ++addend;
            }
            if (step_on_missing) ++addend;
        }
        compute();
        const int mv = mate(v);
        m_.fix_pair(v, mv);
        return mv;
    }

    // The weight of the pair in the remainder, with the exchanges' order folded in (C.04.3
    // B.3, B.4: fewer exchanges first, then the smallest difference of the exchanged
    // numbers).
    W remainder_weight(const std::vector<std::vector<W>>& base, int s, int l, int s_index,
                       int pairs) const {
        W w = base[static_cast<std::size_t>(l)][static_cast<std::size_t>(s)];
        if (w.is_zero()) return w;
        W addend = W::of(s_index < pairs ? 1 : 0);
        addend.shl(2 * r_.size_bits);
        addend -= W::of(static_cast<std::uint64_t>(s_index));
        addend.shl(1);
        w += addend;
        return w;
    }

    // paired_down: an S1 player of the remainder paired with a later player of the bracket.
    bool paired_down(const Bracket& br, int v) const {
        const int m = mate(v);
        return m > v && m < br.end_vertex;
    }

    // The steps of run(), in order.
    Result<void> first_matching();
    void settle_bye();
    void open_bracket(Bracket& br, int& next);
    void choose_paired_movers(Bracket& br);
    void pair_movers(Bracket& br);
    int open_remainder(Bracket& br);
    void exchange_lowest_s1(Bracket& br, int exchanges);
    void exchange_highest_s2(Bracket& br, int exchanges);
    void keep_s1_against_s2(Bracket& br);
    void transpose(Bracket& br);
    void close_bracket(Bracket& br);
    Colour colour_of(int v, int mv) const;
    std::vector<IdPair> pairs_by_id() const;
};

// The first matching: can the round be completed at all (C4), and who gets the bye (C2)?
template <int K>
Result<void> DutchPairing<K>::first_matching() {
    const int n = players();
    const bool odd = n & 1;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < i; ++j) {
            if (odd) {
                W w{};
                if (r_.compatible(p(i), p(j), sc(i), sc(j))) {
                    w = W::of(1 + !r_.s.bye_eligible(p(i)) + !r_.s.bye_eligible(p(j)));
                    w.shl(r_.groups_bits);
                    w += W::of(r_.group_shift.at(sc(i)) + r_.group_shift.at(sc(j)));
                    w.shl(r_.size_bits);
                    w += W::of(sc(i) >= sc(0) ? 1 : 0);
                }
                m_.set_weight(i, j, w);
            } else {
                m_.set_weight(i, j, weight(j, i, false, false));
            }
        }
    }
    compute();
    int unmatched = 0;
    for (int v = 0; v < n; ++v) {
        if (m_.mate(v) >= 0) continue;
        if (++unmatched > 1 || !r_.s.bye_eligible(p(v)))
            return make_error(ErrorCode::NoValidPairing,
                              "no pairing of round " + std::to_string(r_.s.played_rounds + 1) +
                                  " satisfies the absolute criteria (C.04.3 C1-C3)");
    }
    return {};
}

// With an odd number of players, the first matching's bye fixes the bye's score (C2), whether
// the single downfloater of the top bracket is the bye, and the order of the bye candidates'
// unplayed games (C9); then every weight is set with them.
template <int K>
void DutchPairing<K>::settle_bye() {
    const int n = players();
    for (int v = 0; v < n; ++v)
        if (m_.mate(v) < 0) {
            r_.bye_score = sc(v);
            break;
        }
    const Points top = sc(0);
    if (r_.bye_score >= top) {
        r_.single_downfloater_is_bye = true;
        for (int v = 0; v < n && sc(v) >= top; ++v)
            if (sc(mate(v)) < top) {
                r_.single_downfloater_is_bye = false;
                break;
            }
    }
    std::vector<int> games;
    for (int v = 0; v < n; ++v)
        if (sc(v) == r_.bye_score) games.push_back(p(v).played_games);
    std::sort(games.rbegin(), games.rend());
    for (std::size_t k = 0; k < games.size(); ++k)
        r_.unplayed_rank[games[k]] = static_cast<unsigned>(k);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < i; ++j) m_.set_weight(i, j, weight(j, i, false, false));
}

template <int K>
Result<std::vector<IdPair>> DutchPairing<K>::run() {
    const int n = players();
    if (auto completed = first_matching(); !completed) return std::unexpected(completed.error());
    r_.single_downfloater_is_bye = false;
    if (n & 1) settle_bye();

    partner_.assign(r_.s.players.size(), -1);
    matched_.assign(static_cast<std::size_t>(n), 0);
    Bracket br;
    int next = 0;  // the first vertex not yet in a bracket
    while (next < n && sc(next) >= sc(0)) br.cur.push_back(next++);
    while (br.cur.size() > 1 || next < n) {
        open_bracket(br, next);
        choose_paired_movers(br);
        pair_movers(br);
        const int exchanges = open_remainder(br);
        exchange_lowest_s1(br, exchanges);
        exchange_highest_s2(br, exchanges);
        keep_s1_against_s2(br);
        transpose(br);
        close_bracket(br);
    }
    return pairs_by_id();
}

// Takes the next score group into the bracket and weighs every pair of the bracket and that
// group (weight()).
template <int K>
void DutchPairing<K>::open_bracket(Bracket& br, int& next) {
    const int n = players();
    br.group_end = static_cast<int>(br.cur.size());
    br.end_vertex = br.begin_vertex + (br.group_end - br.movers);
    br.next_group = next;
    while (next < n && sc(next) >= sc(br.next_group)) br.cur.push_back(next++);
    br.size = static_cast<int>(br.cur.size());
    br.base.assign(static_cast<std::size_t>(br.size), {});
    for (int l = br.movers; l < br.size; ++l) {
        br.base[static_cast<std::size_t>(l)].resize(static_cast<std::size_t>(l));
        for (int s = 0; s < l; ++s)
            br.edge(l, s) = weight(br.vertex(s), br.vertex(l), l < br.group_end, l >= br.group_end);
    }
    for (int l = br.movers; l < br.size; ++l)
        for (int s = 0; s < l; ++s) m_.set_weight(br.vertex(l), br.vertex(s), br.edge(l, s));
    compute();
}

// C.04.3 B.2 (heterogeneous brackets): which moved-down players are paired here, the highest
// first.
template <int K>
void DutchPairing<K>::choose_paired_movers(Bracket& br) {
    Points mover_score = 0;
    int left = 0, left_matched = 0;
    for (int i = 0; i < br.movers; ++i) {
        if (i == 0 || sc(br.vertex(i)) < mover_score) {
            mover_score = sc(br.vertex(i));
            left = left_matched = 0;
            for (int k = i; k < br.size && sc(br.vertex(k)) >= mover_score; ++k) {
                ++left;
                if (br.resident(mate(br.vertex(k)))) ++left_matched;
            }
        }
        if (!left_matched) continue;
        const int v = br.vertex(i);
        if (left <= left_matched) {
            matched_[static_cast<std::size_t>(v)] = 1;
            continue;
        }
        --left;
        if (!br.resident(mate(v))) {
            for (int o = br.movers; o < br.group_end; ++o) {
                W w = br.edge(o, i);
                if (!w.is_zero()) {
                    w.limb[0] |= 1;
                    m_.set_weight(v, br.vertex(o), w);
                }
            }
            compute();
        }
        if (br.resident(mate(v))) {
            matched_[static_cast<std::size_t>(v)] = 1;
            --left_matched;
            for (int o = br.movers; o < br.group_end; ++o) {
                W w = br.edge(o, i);
                if (!w.is_zero()) {
                    w.limb[0] |= static_cast<std::uint64_t>(br.group_end - br.movers);
                    w += W::of(1);
                    m_.set_weight(v, br.vertex(o), w);
                }
            }
        }
    }
}

// The paired moved-down players' opponents: the highest resident possible for each (C.04.3
// B.2).
template <int K>
void DutchPairing<K>::pair_movers(Bracket& br) {
    for (int i = 0; i < br.movers; ++i) {
        const int v = br.vertex(i);
        if (!matched_[static_cast<std::size_t>(v)]) continue;
        std::vector<std::pair<int, W>> options;  // the lowest resident first
        for (int o = br.group_end - 1; o >= br.movers; --o)
            if (!matched_[static_cast<std::size_t>(br.vertex(o))])
                options.emplace_back(br.vertex(o), br.edge(o, i));
        const int mv = fix_highest(v, options, static_cast<std::uint64_t>(br.size), false);
        matched_[static_cast<std::size_t>(mv)] = 1;
    }
}

// The remainder: the residents not paired with a moved-down player, weighed with the order of
// the exchanges; answers the number of exchanges between S1 and S2 the criteria need.
template <int K>
int DutchPairing<K>::open_remainder(Bracket& br) {
    br.rem.clear();
    br.pairs = 0;
    for (int i = br.movers; i < br.group_end; ++i) {
        const int v = br.vertex(i);
        if (mate(v) < br.begin_vertex) continue;
        br.rem.push_back(i);
        if (mate(v) < v) ++br.pairs;
    }
    const int rem_size = br.remainder_size();
    for (int lk = 0; lk < rem_size; ++lk) {
        const int l = br.remainder(lk);
        for (int sk = 0; sk < lk; ++sk) {
            const int s = br.remainder(sk);
            m_.set_weight(br.vertex(s), br.vertex(l),
                          remainder_weight(br.base, s, l, sk, br.pairs));
        }
    }
    compute();
    int exchanges = 0;
    for (int k = 0; k < br.pairs && k < rem_size; ++k)
        exchanges += !paired_down(br, br.vertex(br.remainder(k)));
    return exchanges;
}

// C.04.3 B.3: exchange the lowest S1 players possible...
template <int K>
void DutchPairing<K>::exchange_lowest_s1(Bracket& br, int exchanges) {
    const int rem_size = br.remainder_size();
    int remaining = exchanges;
    for (int k = br.pairs; k > 0 && remaining;) {
        const int first_opponent = k;
        --k;
        const int s = br.remainder(k);
        const int v = br.vertex(s);
        if (paired_down(br, v)) {
            for (int ok = first_opponent; ok < rem_size; ++ok) {
                W w = remainder_weight(br.base, s, br.remainder(ok), k, br.pairs);
                if (!w.is_zero()) {
                    w -= W::of(1);
                    m_.set_weight(v, br.vertex(br.remainder(ok)), w);
                }
            }
            compute();
        }
        const bool exchange = !paired_down(br, v);
        remaining -= exchange;
        for (int ok = k + 1; ok < rem_size; ++ok) {
            if (exchange) br.edge(br.remainder(ok), s) = W{};
            m_.set_weight(v, br.vertex(br.remainder(ok)),
                          remainder_weight(br.base, s, br.remainder(ok), k, br.pairs));
        }
    }
}

// ...for the highest S2 players possible.
template <int K>
void DutchPairing<K>::exchange_highest_s2(Bracket& br, int exchanges) {
    const int rem_size = br.remainder_size();
    int remaining = exchanges;
    for (int k = br.pairs; k < rem_size && remaining > 1; ++k) {
        const int s = br.remainder(k);
        const int v = br.vertex(s);
        const bool already = paired_down(br, v);
        if (!already) {
            for (int ok = k + 1; ok < rem_size; ++ok) {
                W w = remainder_weight(br.base, s, br.remainder(ok), k, br.pairs);
                if (!w.is_zero()) {
                    w += W::of(1);
                    m_.set_weight(v, br.vertex(br.remainder(ok)), w);
                }
            }
            compute();
        }
        if (paired_down(br, v)) {
            --remaining;
            for (int ok = 0; ok < k; ++ok) {
                br.edge(s, br.remainder(ok)) = W{};
                m_.set_weight(v, br.vertex(br.remainder(ok)), W{});
            }
            for (int o = br.group_end; o < br.size; ++o) {
                br.edge(o, s) = W{};
                m_.set_weight(v, br.vertex(o), W{});
            }
        }
        if (!already)
            for (int ok = k + 1; ok < rem_size; ++ok)
                m_.set_weight(v, br.vertex(br.remainder(ok)),
                              remainder_weight(br.base, s, br.remainder(ok), k, br.pairs));
    }
}

// The exchanges are decided: S1 players meet only S2 players from now on.
template <int K>
void DutchPairing<K>::keep_s1_against_s2(Bracket& br) {
    const int rem_size = br.remainder_size();
    for (int k = 0; k < rem_size; ++k) {
        const int s = br.remainder(k);
        const int v = br.vertex(s);
        for (int ok = k + 1; ok < rem_size; ++ok) {
            const int o = br.remainder(ok);
            if (!paired_down(br, v) || paired_down(br, br.vertex(o))) br.edge(o, s) = W{};
            m_.set_weight(v, br.vertex(o), br.edge(o, s));
        }
    }
}

// C.04.3 B.4 (transpositions): each S1 player, from the top, meets the first S2 player
// possible.
template <int K>
void DutchPairing<K>::transpose(Bracket& br) {
    const int rem_size = br.remainder_size();
    for (int k = 0; k < rem_size; ++k) {
        const int s = br.remainder(k);
        const int v = br.vertex(s);
        if (!paired_down(br, v)) continue;
        std::vector<std::pair<int, W>> options;  // the lowest of the bracket first
        for (int ok = rem_size - 1; ok >= 0; --ok) {
            const int o = br.remainder(ok);
            if (o > s && !matched_[static_cast<std::size_t>(br.vertex(o))])
                options.emplace_back(br.vertex(o), br.edge(o, s));
        }
        const int mv = fix_highest(v, options, 0, true);
        matched_[static_cast<std::size_t>(v)] = 1;
        matched_[static_cast<std::size_t>(mv)] = 1;
    }
}

// The bracket's pairs are recorded; the next bracket is its unpaired players (moved down) and
// the next score group.
template <int K>
void DutchPairing<K>::close_bracket(Bracket& br) {
    const int n = players();
    const bool odd = n & 1;
    std::vector<int> following;
    br.movers = 0;
    r_.single_downfloater_is_bye = odd && br.next_group < n && r_.bye_score >= sc(br.next_group);
    for (int i = 0; i < br.size; ++i) {
        const int v = br.vertex(i);
        if (i < br.group_end && matched_[static_cast<std::size_t>(v)]) {
            const int mv = mate(v);
            partner_[static_cast<std::size_t>(p(v).id)] = mv;
            partner_[static_cast<std::size_t>(p(mv).id)] = v;
        } else {
            following.push_back(v);
            if (i < br.group_end) ++br.movers;
            if (r_.single_downfloater_is_bye && sc(mate(v)) < sc(br.next_group))
                r_.single_downfloater_is_bye = false;
        }
    }
    br.cur = std::move(following);
    br.begin_vertex = br.end_vertex;
}

// The colour of the player at vertex v against the one at mv: C.04.3 E as bbpPairings applies
// it.
template <int K>
Colour DutchPairing<K>::colour_of(int v, int mv) const {
    const PlayerState& pl = p(v);
    const PlayerState& op = p(mv);
    const Colour colour = colour_by_preferences(pl, op);
    if (colour != Colour::None) return colour;
    // E.5: the higher ranked player gets the colour by the initial colour and their pairing
    // number's parity; E.1: with a preference, the higher one's is served.
    const Points ps = sc(v);
    const Points os = sc(mv);
    const bool lower = std::tie(ps, op.rank) < std::tie(os, pl.rank);
    const Colour initial = r_.s.initial_colour;
    if (pl.preference == Colour::None)
        return lower ? (op.rank & 1 ? initial : opposite(initial))
                     : (pl.rank & 1 ? opposite(initial) : initial);
    return lower ? opposite(op.preference) : pl.preference;
}

// The decided pairs by id with their colours, and the bye (black == white).
template <int K>
std::vector<IdPair> DutchPairing<K>::pairs_by_id() const {
    std::vector<IdPair> out;
    for (int v = 0; v < players(); ++v) {
        const PlayerState& pl = p(v);
        const int mv = partner_[static_cast<std::size_t>(pl.id)];
        if (mv < 0) {
            out.push_back({pl.id, pl.id});
            continue;
        }
        const PlayerState& op = p(mv);
        if (pl.id > op.id) continue;
        if (colour_of(v, mv) == Colour::White) {
            out.push_back({pl.id, op.id});
        } else {
            out.push_back({op.id, pl.id});
        }
    }
    return out;
}

template <int K>
Result<std::vector<IdPair>> run_with(Round& round) {
    DutchPairing<K> pairing(round);
    return pairing.run();
}

}  // namespace

void sort_pairs(std::vector<IdPair>& pairs, const State& s) {
    auto player = [&](int id) -> const PlayerState& {
        return s.players[static_cast<std::size_t>(id)];
    };
    auto higher_lower = [&](const IdPair& pr) {
        const PlayerState& w = player(pr.white);
        const PlayerState& bl = player(pr.black);
        const bool white_lower = std::tie(w.score, bl.rank) < std::tie(bl.score, w.rank);
        return white_lower ? std::pair{&bl, &w} : std::pair{&w, &bl};
    };
    // The higher player's pairing number makes every key distinct: no ties to keep in order.
    std::sort(pairs.begin(), pairs.end(), [&](const IdPair& a, const IdPair& b) {
        const auto [ha, la] = higher_lower(a);
        const auto [hb, lb] = higher_lower(b);
        return std::make_tuple(a.white == a.black, hb->score, lb->score, ha->rank) <
               std::make_tuple(b.white == b.black, ha->score, la->score, hb->rank);
    });
}

Result<std::vector<IdPair>> pair_round(const State& s) {
    Round r{s, {}, {}, s.cannot_meet(), {}, 0, 0, 0, false, {}};
    for (const PlayerState& p : s.players)
        if (p.valid && static_cast<int>(p.matches.size()) <= s.played_rounds)
            r.sorted.push_back(&p);
    std::sort(r.sorted.begin(), r.sorted.end(), [&](const PlayerState* a, const PlayerState* b) {
        const Points sa = s.pairing_score(*a), sb = s.pairing_score(*b);
        return std::tie(sb, a->rank) < std::tie(sa, b->rank);
    });
    if (r.sorted.empty()) return std::vector<IdPair>{};
    for (const PlayerState* p : r.sorted) r.score.push_back(s.pairing_score(*p));
    // A field one bit per player of each score group (C6, C8: the scores paired).
    std::size_t largest = 0, count = 0;
    for (std::size_t i = r.sorted.size(); i-- > 0;) {
        ++count;
        if (i == 0 || r.score[i] < r.score[i - 1]) {
            r.group_shift[r.score[i]] = r.groups_bits;
            largest = std::max(largest, count);
            r.groups_bits += bits_for(count);
            count = 0;
        }
    }
    r.size_bits = bits_for(largest);
    const unsigned needed = r.width() + 8;
    // The narrowest integers that hold the weights (each width is its own instantiation).
    if (needed <= 64) return run_with<1>(r);
    if (needed <= 128) return run_with<2>(r);
    if (needed <= 192) return run_with<3>(r);
    if (needed <= 256) return run_with<4>(r);
    if (needed <= 384) return run_with<6>(r);
    if (needed <= 512) return run_with<8>(r);
    if (needed <= 640) return run_with<10>(r);
    if (needed <= 768) return run_with<12>(r);
    if (needed <= 896) return run_with<14>(r);
    if (needed <= 1024) return run_with<16>(r);
    if (needed <= 1536) return run_with<24>(r);
    if (needed <= 2048) return run_with<32>(r);
    if (needed <= 4096) return run_with<64>(r);
    return make_error(ErrorCode::TooLarge,
                      "the round has too many players and score groups for the pairing engine");
}

}  // namespace chess960::pairing::detail
