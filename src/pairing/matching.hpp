// Maximum-weight matching on a complete graph (Edmonds' blossom algorithm, primal-dual, in
// Galil's O(n^3) form with least-slack edges kept per blossom), kept up to date as weights
// change: the Dutch system asks for a matching, changes the weights around one or two
// players, and asks again, hundreds of times a round.
//
// It solves the perfect-matching problem on the complete graph (a weight of zero stands for
// "no edge", and an odd number of vertices gets a dummy joined to all by zero), so that vertex
// duals are free in sign and a solution can be restarted after any change: the blossoms that
// hold a changed vertex are dissolved (their duals moved onto their vertices, which keeps every
// edge feasible), the changed vertex and the partners that lost their tight edge are unmatched,
// the changed vertex's dual is raised until its edges are feasible again, and the stages run
// until the matching is perfect again. Duals are kept doubled (as in Galil's formulation),
// with every exposed vertex's dual even at the start of a computation, so that every S-S slack
// stays even and every value an integer.
#pragma once

#include <algorithm>
#include <cassert>
#include <tuple>
#include <vector>

#include "wide.hpp"

namespace chess960::pairing::detail {

template <int K>
class Matcher {
  public:
    using Weight = Wide<K>;

    explicit Matcher(int n) : real_(n), n_(n + (n & 1)) {
        const auto total = static_cast<std::size_t>(2 * n_);
        weight_.assign(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_), Weight{});
        mate_.assign(static_cast<std::size_t>(n_), -1);
        inblossom_.resize(static_cast<std::size_t>(n_));
        for (int v = 0; v < n_; ++v) inblossom_[static_cast<std::size_t>(v)] = v;
        parent_.assign(total, -1);
        children_.assign(total, {});
        edges_.assign(total, {});
        base_.assign(total, -1);
        for (int v = 0; v < n_; ++v) base_[static_cast<std::size_t>(v)] = v;
        label_.assign(total, 0);
        labeledge_.assign(total, {-1, -1});
        bestedge_.assign(total, {-1, -1});
        blossombest_.assign(total, {});
        has_blossombest_.assign(total, false);
        dual_.assign(total, Weight{});
        active_.assign(static_cast<std::size_t>(n_), true);
        dirty_flag_.assign(static_cast<std::size_t>(n_), false);
        for (int b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
        // Every vertex starts dirty: its dual is raised to its largest edge in compute().
        for (int v = 0; v < n_; ++v) {
            dirty_.push_back(v);
            dirty_flag_[static_cast<std::size_t>(v)] = true;
        }
    }

    int size() const { return real_; }

    // Sets the weight of the edge {changed, other}; `changed` is the vertex whose edges change.
    void set_weight(int changed, int other, const Weight& w) {
        Weight doubled = w;
        doubled += w;
        at(changed, other) = doubled;
        at(other, changed) = doubled;
        if (!dirty_flag_[static_cast<std::size_t>(changed)]) {
            dirty_flag_[static_cast<std::size_t>(changed)] = true;
            dirty_.push_back(changed);
        }
    }

    // The weight as set (not doubled).
    Weight weight(int u, int v) const {
        Weight w = at(u, v);
        return w.halve();
    }

    // Takes a and b out of the graph as a pair of the final matching (bbpPairings' finalizePair
    // gives the pair the largest weight and every other edge of theirs none: the same optimum).
    void fix_pair(int a, int b) {
        release(a);
        release(b);
        unmatch(a);
        unmatch(b);
        mate_[static_cast<std::size_t>(a)] = b;
        mate_[static_cast<std::size_t>(b)] = a;
        active_[static_cast<std::size_t>(a)] = false;
        active_[static_cast<std::size_t>(b)] = false;
    }

    void compute() {
        if (fresh_) {
            // The first computation: every dual at the largest weight (all even).
            fresh_ = false;
            Weight most{};
            for (const Weight& w : weight_)
                if (most < w) most = w;
            for (int v = 0; v < n_; ++v) {
                dual_[static_cast<std::size_t>(v)] = most;
                dirty_flag_[static_cast<std::size_t>(v)] = false;
            }
            dirty_.clear();
            run();
            return;
        }
        for (int v : dirty_) release(v);
        for (int v : dirty_) unmatch(v);
        // Raise each changed vertex's dual until its edges are feasible; a changed vertex later
        // in the list sees the earlier ones' new duals.
        for (std::size_t i = 0; i < dirty_.size(); ++i) {
            const int v = dirty_[i];
            dirty_flag_[static_cast<std::size_t>(v)] = false;
        }
        std::vector<bool> pending(static_cast<std::size_t>(n_), false);
        for (int v : dirty_) pending[static_cast<std::size_t>(v)] = true;
        for (int v : dirty_) {
            pending[static_cast<std::size_t>(v)] = false;
            if (!active_[static_cast<std::size_t>(v)]) continue;
            bool first = true;
            Weight need{};
            for (int u = 0; u < n_; ++u) {
                if (u == v || !active_[static_cast<std::size_t>(u)] ||
                    pending[static_cast<std::size_t>(u)])
                    continue;
                Weight candidate = at(v, u) - dual_[static_cast<std::size_t>(u)];
                if (first || need < candidate) need = candidate;
                first = false;
            }
            dual_[static_cast<std::size_t>(v)] = first ? Weight{} : need;
        }
        dirty_.clear();
        make_exposed_even();
        run();
    }

    // The vertex matched to v, or -1 when v is unmatched (matched to the dummy or by an edge
    // of weight zero).
    int mate(int v) const {
        const int m = mate_[static_cast<std::size_t>(v)];
        if (m < 0 || m >= real_) return -1;
        if (active_[static_cast<std::size_t>(v)] && at(v, m).is_zero()) return -1;
        return m;
    }

  private:
    int real_;
    int n_;
    std::vector<Weight> weight_;
    std::vector<int> mate_, inblossom_, parent_, base_;
    std::vector<std::vector<int>> children_;
    std::vector<std::vector<std::pair<int, int>>> edges_;
    std::vector<int> label_;
    std::vector<std::pair<int, int>> labeledge_, bestedge_;
    std::vector<std::vector<std::pair<int, int>>> blossombest_;
    std::vector<bool> has_blossombest_;
    std::vector<Weight> dual_;
    std::vector<bool> active_, dirty_flag_;
    std::vector<int> dirty_, unused_, queue_;
    bool fresh_ = true;

    Weight& at(int u, int v) {
        return weight_[static_cast<std::size_t>(u) * static_cast<std::size_t>(n_) +
                       static_cast<std::size_t>(v)];
    }
    const Weight& at(int u, int v) const {
        return weight_[static_cast<std::size_t>(u) * static_cast<std::size_t>(n_) +
                       static_cast<std::size_t>(v)];
    }

    Weight slack(int u, int v) const {
        return Weight::sum_less(dual_[static_cast<std::size_t>(u)],
                                dual_[static_cast<std::size_t>(v)], at(u, v));
    }

    template <typename F>
    void for_leaves(int b, F&& f) const {
        if (b < n_) {
            f(b);
            return;
        }
        for (int c : children_[static_cast<std::size_t>(b)]) for_leaves(c, f);
    }

    void unmatch(int v) {
        const int m = mate_[static_cast<std::size_t>(v)];
        if (m >= 0) mate_[static_cast<std::size_t>(m)] = -1;
        mate_[static_cast<std::size_t>(v)] = -1;
    }

    // Dissolves every blossom holding v, outermost first: each blossom's dual goes onto its
    // vertices (an edge inside keeps its slack, an edge leaving gains), and its base's outside
    // partner, whose edge is no longer tight, is unmatched.
    void release(int v) {
        while (inblossom_[static_cast<std::size_t>(v)] != v)
            dissolve(inblossom_[static_cast<std::size_t>(v)]);
    }

    void dissolve(int b) {
        const Weight z = dual_[static_cast<std::size_t>(b)];
        if (!z.is_zero()) {
            for_leaves(b, [&](int x) { dual_[static_cast<std::size_t>(x)] += z; });
            unmatch(base_[static_cast<std::size_t>(b)]);
        }
        for (int s : children_[static_cast<std::size_t>(b)]) {
            parent_[static_cast<std::size_t>(s)] = -1;
            for_leaves(s, [&](int x) { inblossom_[static_cast<std::size_t>(x)] = s; });
        }
        free_blossom(b);
    }

    void free_blossom(int b) {
        children_[static_cast<std::size_t>(b)].clear();
        edges_[static_cast<std::size_t>(b)].clear();
        base_[static_cast<std::size_t>(b)] = -1;
        parent_[static_cast<std::size_t>(b)] = -1;
        dual_[static_cast<std::size_t>(b)] = Weight{};
        blossombest_[static_cast<std::size_t>(b)].clear();
        has_blossombest_[static_cast<std::size_t>(b)] = false;
        unused_.push_back(b);
    }

    // Every exposed top-level blossom gets an even dual (see the file comment): a vertex by
    // adding one, a blossom by adding one to its vertices and taking one from its own dual, or,
    // when its dual is zero, by dissolving it and evening its (exposed) base part.
    void make_exposed_even() {
        for (int v = 0; v < n_; ++v) {
            if (!active_[static_cast<std::size_t>(v)] || mate_[static_cast<std::size_t>(v)] >= 0)
                continue;
            int b = inblossom_[static_cast<std::size_t>(v)];
            while (dual_[static_cast<std::size_t>(v)].odd()) {
                if (b == v) {
                    dual_[static_cast<std::size_t>(v)] += Weight::of(1);
                } else if (!dual_[static_cast<std::size_t>(b)].is_zero()) {
                    for_leaves(b,
                               [&](int x) { dual_[static_cast<std::size_t>(x)] += Weight::of(1); });
                    dual_[static_cast<std::size_t>(b)] -= Weight::of(1);
                } else {
                    dissolve(b);
                    b = inblossom_[static_cast<std::size_t>(v)];
                }
            }
        }
    }

    bool exposed(int v) const {
        return active_[static_cast<std::size_t>(v)] && mate_[static_cast<std::size_t>(v)] < 0;
    }

    void assign_label(int w, int t, int v) {
        const int b = inblossom_[static_cast<std::size_t>(w)];
        label_[static_cast<std::size_t>(w)] = label_[static_cast<std::size_t>(b)] = t;
        labeledge_[static_cast<std::size_t>(w)] = labeledge_[static_cast<std::size_t>(b)] =
            v >= 0 ? std::pair{v, w} : std::pair{-1, -1};
        bestedge_[static_cast<std::size_t>(w)] = bestedge_[static_cast<std::size_t>(b)] = {-1, -1};
        if (t == 1) {
            for_leaves(b, [&](int x) { queue_.push_back(x); });
        } else {
            const int base = base_[static_cast<std::size_t>(b)];
            assign_label(mate_[static_cast<std::size_t>(base)], 1, base);
        }
    }

    // Follows the labels back from v and w: the base of the blossom their edge closes, or -1
    // when it joins two trees (an augmenting path).
    int scan_blossom(int v, int w) {
        std::vector<int> path;
        int base = -1;
        while (v >= 0) {
            int b = inblossom_[static_cast<std::size_t>(v)];
            if (label_[static_cast<std::size_t>(b)] & 4) {
                base = base_[static_cast<std::size_t>(b)];
                break;
            }
            path.push_back(b);
            label_[static_cast<std::size_t>(b)] = 5;
            if (labeledge_[static_cast<std::size_t>(b)].first < 0) {
                v = -1;
            } else {
                v = labeledge_[static_cast<std::size_t>(b)].first;
                b = inblossom_[static_cast<std::size_t>(v)];
                v = labeledge_[static_cast<std::size_t>(b)].first;
            }
            if (w >= 0) std::swap(v, w);
        }
        for (int b : path) label_[static_cast<std::size_t>(b)] = 1;
        return base;
    }

    void add_blossom(int base, int v, int w) {
        const int v0 = v, w0 = w;
        int bb = inblossom_[static_cast<std::size_t>(base)];
        int bv = inblossom_[static_cast<std::size_t>(v)];
        int bw = inblossom_[static_cast<std::size_t>(w)];
        const int b = unused_.back();
        unused_.pop_back();
        base_[static_cast<std::size_t>(b)] = base;
        parent_[static_cast<std::size_t>(b)] = -1;
        parent_[static_cast<std::size_t>(bb)] = b;
        std::vector<int> path;
        std::vector<std::pair<int, int>> edges;
        while (bv != bb) {
            parent_[static_cast<std::size_t>(bv)] = b;
            path.push_back(bv);
            edges.push_back(labeledge_[static_cast<std::size_t>(bv)]);
            v = labeledge_[static_cast<std::size_t>(bv)].first;
            bv = inblossom_[static_cast<std::size_t>(v)];
        }
        path.push_back(bb);
        std::reverse(path.begin(), path.end());
        std::reverse(edges.begin(), edges.end());
        edges.emplace_back(v0, w0);
        while (bw != bb) {
            parent_[static_cast<std::size_t>(bw)] = b;
            path.push_back(bw);
            const auto e = labeledge_[static_cast<std::size_t>(bw)];
            edges.emplace_back(e.second, e.first);
            w = e.first;
            bw = inblossom_[static_cast<std::size_t>(w)];
        }
        children_[static_cast<std::size_t>(b)] = path;
        edges_[static_cast<std::size_t>(b)] = edges;
        label_[static_cast<std::size_t>(b)] = 1;
        labeledge_[static_cast<std::size_t>(b)] = labeledge_[static_cast<std::size_t>(bb)];
        dual_[static_cast<std::size_t>(b)] = Weight{};
        for_leaves(b, [&](int x) {
            if (label_[static_cast<std::size_t>(inblossom_[static_cast<std::size_t>(x)])] == 2)
                queue_.push_back(x);
            inblossom_[static_cast<std::size_t>(x)] = b;
        });
        find_least_slack_edges(b);
    }

    // The least-slack edge from the new blossom b to each other S-blossom, found from its
    // children's own lists (or all their vertices' edges, for a child without one).
    void find_least_slack_edges(int b) {
        std::vector<std::pair<int, int>> bestto(static_cast<std::size_t>(2 * n_), {-1, -1});
        std::vector<Weight> bestslack(static_cast<std::size_t>(2 * n_));
        auto consider = [&](int i, int j) {
            if (inblossom_[static_cast<std::size_t>(j)] == b) std::swap(i, j);
            const int bj = inblossom_[static_cast<std::size_t>(j)];
            if (bj == b || label_[static_cast<std::size_t>(bj)] != 1) return;
            const Weight s = slack(i, j);
            if (bestto[static_cast<std::size_t>(bj)].first < 0 ||
                s < bestslack[static_cast<std::size_t>(bj)]) {
                bestto[static_cast<std::size_t>(bj)] = {i, j};
                bestslack[static_cast<std::size_t>(bj)] = s;
            }
        };
        for (int child : children_[static_cast<std::size_t>(b)]) {
            if (!has_blossombest_[static_cast<std::size_t>(child)]) {
                for_leaves(child, [&](int x) {
                    for (int y = 0; y < n_; ++y)
                        if (y != x && active_[static_cast<std::size_t>(y)]) consider(x, y);
                });
            } else {
                for (const auto& [i, j] : blossombest_[static_cast<std::size_t>(child)])
                    consider(i, j);
            }
            blossombest_[static_cast<std::size_t>(child)].clear();
            has_blossombest_[static_cast<std::size_t>(child)] = false;
            bestedge_[static_cast<std::size_t>(child)] = {-1, -1};
        }
        auto& list = blossombest_[static_cast<std::size_t>(b)];
        list.clear();
        bestedge_[static_cast<std::size_t>(b)] = {-1, -1};
        Weight best{};
        for (std::size_t k = 0; k < bestto.size(); ++k) {
            if (bestto[k].first < 0) continue;
            list.push_back(bestto[k]);
            if (bestedge_[static_cast<std::size_t>(b)].first < 0 || bestslack[k] < best) {
                bestedge_[static_cast<std::size_t>(b)] = bestto[k];
                best = bestslack[k];
            }
        }
        has_blossombest_[static_cast<std::size_t>(b)] = true;
    }

    int child_at(int b, int j) const {
        const auto& c = children_[static_cast<std::size_t>(b)];
        const int len = static_cast<int>(c.size());
        return c[static_cast<std::size_t>(((j % len) + len) % len)];
    }
    std::pair<int, int> edge_at(int b, int j) const {
        const auto& e = edges_[static_cast<std::size_t>(b)];
        const int len = static_cast<int>(e.size());
        return e[static_cast<std::size_t>(((j % len) + len) % len)];
    }

    void expand_blossom(int b, bool endstage) {
        for (int s : children_[static_cast<std::size_t>(b)]) {
            parent_[static_cast<std::size_t>(s)] = -1;
            if (s < n_) {
                inblossom_[static_cast<std::size_t>(s)] = s;
            } else if (endstage && dual_[static_cast<std::size_t>(s)].is_zero()) {
                expand_blossom(s, endstage);
            } else {
                for_leaves(s, [&](int x) { inblossom_[static_cast<std::size_t>(x)] = s; });
            }
        }
        if (!endstage && label_[static_cast<std::size_t>(b)] == 2) {
            // Relabel the children on the even path from the entry child to the base.
            const int entry = inblossom_[static_cast<std::size_t>(
                labeledge_[static_cast<std::size_t>(b)].second)];
            const auto& childs = children_[static_cast<std::size_t>(b)];
            const int len = static_cast<int>(childs.size());
            int j =
                static_cast<int>(std::find(childs.begin(), childs.end(), entry) - childs.begin());
            int step;
            if (j & 1) {
                j -= len;
                step = 1;
            } else {
                step = -1;
            }
            auto [v, w] = labeledge_[static_cast<std::size_t>(b)];
            while (j != 0) {
                int p, q;
                if (step == 1) {
                    std::tie(p, q) = edge_at(b, j);
                } else {
                    std::tie(q, p) = edge_at(b, j - 1);
                }
                label_[static_cast<std::size_t>(w)] = 0;
                label_[static_cast<std::size_t>(q)] = 0;
                assign_label(w, 2, v);
                j += step;
                if (step == 1) {
                    std::tie(v, w) = edge_at(b, j);
                } else {
                    std::tie(w, v) = edge_at(b, j - 1);
                }
                j += step;
            }
            const int bw = child_at(b, j);
            label_[static_cast<std::size_t>(w)] = label_[static_cast<std::size_t>(bw)] = 2;
            labeledge_[static_cast<std::size_t>(w)] =
                labeledge_[static_cast<std::size_t>(bw)] = {v, w};
            bestedge_[static_cast<std::size_t>(bw)] = {-1, -1};
            j += step;
            while (child_at(b, j) != entry) {
                const int bv = child_at(b, j);
                if (label_[static_cast<std::size_t>(bv)] == 1) {
                    j += step;
                    continue;
                }
                int found = -1;
                for_leaves(bv, [&](int x) {
                    if (found < 0 && label_[static_cast<std::size_t>(x)] != 0) found = x;
                });
                if (found >= 0) {
                    label_[static_cast<std::size_t>(found)] = 0;
                    label_[static_cast<std::size_t>(
                        mate_[static_cast<std::size_t>(base_[static_cast<std::size_t>(bv)])])] = 0;
                    assign_label(found, 2, labeledge_[static_cast<std::size_t>(found)].first);
                }
                j += step;
            }
        }
        label_[static_cast<std::size_t>(b)] = 0;
        labeledge_[static_cast<std::size_t>(b)] = {-1, -1};
        bestedge_[static_cast<std::size_t>(b)] = {-1, -1};
        free_blossom(b);
    }

    void augment_blossom(int b, int v) {
        int t = v;
        while (parent_[static_cast<std::size_t>(t)] != b) t = parent_[static_cast<std::size_t>(t)];
        if (t >= n_) augment_blossom(t, v);
        auto& childs = children_[static_cast<std::size_t>(b)];
        const int len = static_cast<int>(childs.size());
        const int i = static_cast<int>(std::find(childs.begin(), childs.end(), t) - childs.begin());
        int j = i, step;
        if (i & 1) {
            j -= len;
            step = 1;
        } else {
            step = -1;
        }
        while (j != 0) {
            j += step;
            t = child_at(b, j);
            int w, x;
            if (step == 1) {
                std::tie(w, x) = edge_at(b, j);
            } else {
                std::tie(x, w) = edge_at(b, j - 1);
            }
            if (t >= n_) augment_blossom(t, w);
            j += step;
            t = child_at(b, j);
            if (t >= n_) augment_blossom(t, x);
            mate_[static_cast<std::size_t>(w)] = x;
            mate_[static_cast<std::size_t>(x)] = w;
        }
        std::rotate(childs.begin(), childs.begin() + i, childs.end());
        auto& e = edges_[static_cast<std::size_t>(b)];
        std::rotate(e.begin(), e.begin() + i, e.end());
        base_[static_cast<std::size_t>(b)] = base_[static_cast<std::size_t>(childs[0])];
    }

    void augment_matching(int v, int w) {
        for (auto [s, j] : {std::pair{v, w}, std::pair{w, v}}) {
            while (true) {
                const int bs = inblossom_[static_cast<std::size_t>(s)];
                if (bs >= n_) augment_blossom(bs, s);
                mate_[static_cast<std::size_t>(s)] = j;
                if (labeledge_[static_cast<std::size_t>(bs)].first < 0) break;
                const int t = labeledge_[static_cast<std::size_t>(bs)].first;
                const int bt = inblossom_[static_cast<std::size_t>(t)];
                std::tie(s, j) = labeledge_[static_cast<std::size_t>(bt)];
                if (bt >= n_) augment_blossom(bt, j);
                mate_[static_cast<std::size_t>(j)] = s;
            }
        }
    }

    // The stages of the primal-dual method, until no vertex is exposed: each labels the exposed
    // vertices S, grows their trees along tight edges and changes the duals when none is left,
    // until an augmenting path is found.
    void run() {
        while (any_exposed()) {
            start_stage();
            while (!scan_queue()) {
                const DualChange change = least_dual_change();
                assert(change.type != -1);
                if (change.type == -1) return;  // cannot happen on a complete graph of even order
                apply_dual_change(change);
            }
            expand_zero_s_blossoms();
        }
    }

    bool any_exposed() const {
        for (int v = 0; v < n_; ++v)
            if (exposed(v)) return true;
        return false;
    }

    // A new stage: no labels, no least-slack edges, every exposed vertex's blossom labelled S.
    void start_stage() {
        std::fill(label_.begin(), label_.end(), 0);
        std::fill(bestedge_.begin(), bestedge_.end(), std::pair{-1, -1});
        for (int b = n_; b < 2 * n_; ++b) {
            blossombest_[static_cast<std::size_t>(b)].clear();
            has_blossombest_[static_cast<std::size_t>(b)] = false;
        }
        queue_.clear();
        for (int v = 0; v < n_; ++v)
            if (exposed(v) &&
                label_[static_cast<std::size_t>(inblossom_[static_cast<std::size_t>(v)])] == 0)
                assign_label(v, 1, -1);
    }

    // Follows the edges of the queued S-vertices until the queue is empty (false) or the
    // matching was augmented (true).
    bool scan_queue() {
        while (!queue_.empty()) {
            const int v = queue_.back();
            queue_.pop_back();
            for (int w = 0; w < n_; ++w) {
                if (w == v || !active_[static_cast<std::size_t>(w)]) continue;
                if (scan_edge(v, w)) return true;
            }
        }
        return false;
    }

    // The edge from the S-vertex v to w: a tight one labels w, closes a blossom or augments
    // the matching (true); a loose one may be the least-slack edge to w or w's S-blossom.
    bool scan_edge(int v, int w) {
        // (v's blossom changes when an edge closes a new blossom.)
        const int bv = inblossom_[static_cast<std::size_t>(v)];
        const int bw = inblossom_[static_cast<std::size_t>(w)];
        if (bv == bw) return false;
        // Nothing to learn from a labelled vertex of a T-blossom.
        if (label_[static_cast<std::size_t>(bw)] == 2 && label_[static_cast<std::size_t>(w)] != 0)
            return false;
        const Weight s = slack(v, w);
        const bool tight = !(Weight{} < s);
        if (tight) {
            if (label_[static_cast<std::size_t>(bw)] == 0) {
                assign_label(w, 2, v);
            } else if (label_[static_cast<std::size_t>(bw)] == 1) {
                const int base = scan_blossom(v, w);
                if (base < 0) {
                    augment_matching(v, w);
                    return true;
                }
                add_blossom(base, v, w);
            } else if (label_[static_cast<std::size_t>(w)] == 0) {
                label_[static_cast<std::size_t>(w)] = 2;
                labeledge_[static_cast<std::size_t>(w)] = {v, w};
            }
        } else if (label_[static_cast<std::size_t>(bw)] == 1) {
            auto& best = bestedge_[static_cast<std::size_t>(bv)];
            if (best.first < 0 || s < slack(best.first, best.second)) best = {v, w};
        } else if (label_[static_cast<std::size_t>(w)] == 0) {
            auto& best = bestedge_[static_cast<std::size_t>(w)];
            if (best.first < 0 || s < slack(best.first, best.second)) best = {v, w};
        }
        return false;
    }

    // The least change of the duals that makes an edge tight or a T-blossom's dual zero:
    // type 2, an edge from an S-blossom to a free vertex; 3, an edge between two S-blossoms
    // (half its slack); 4, a T-blossom to expand; -1, none.
    struct DualChange {
        int type = -1;
        Weight delta{};
        std::pair<int, int> edge{-1, -1};
        int blossom = -1;
    };

    DualChange least_dual_change() const {
        DualChange c;
        for (int v = 0; v < n_; ++v) {
            if (!active_[static_cast<std::size_t>(v)]) continue;
            const auto& best = bestedge_[static_cast<std::size_t>(v)];
            if (label_[static_cast<std::size_t>(inblossom_[static_cast<std::size_t>(v)])] == 0 &&
                best.first >= 0) {
                const Weight d = slack(best.first, best.second);
                if (c.type == -1 || d < c.delta) {
                    c.delta = d;
                    c.type = 2;
                    c.edge = best;
                }
            }
        }
        for (int b = 0; b < 2 * n_; ++b) {
            if (b < n_ && !active_[static_cast<std::size_t>(b)]) continue;
            if (b >= n_ && base_[static_cast<std::size_t>(b)] < 0) continue;
            if (parent_[static_cast<std::size_t>(b)] != -1) continue;
            if (b < n_ && inblossom_[static_cast<std::size_t>(b)] != b) continue;
            const auto& best = bestedge_[static_cast<std::size_t>(b)];
            if (label_[static_cast<std::size_t>(b)] == 1 && best.first >= 0) {
                Weight d = slack(best.first, best.second);
                d.halve();
                if (c.type == -1 || d < c.delta) {
                    c.delta = d;
                    c.type = 3;
                    c.edge = best;
                }
            }
        }
        for (int b = n_; b < 2 * n_; ++b) {
            if (base_[static_cast<std::size_t>(b)] >= 0 &&
                parent_[static_cast<std::size_t>(b)] == -1 &&
                label_[static_cast<std::size_t>(b)] == 2 &&
                (c.type == -1 || dual_[static_cast<std::size_t>(b)] < c.delta)) {
                c.delta = dual_[static_cast<std::size_t>(b)];
                c.type = 4;
                c.blossom = b;
            }
        }
        return c;
    }

    // S-vertices and T-blossoms lose delta, T-vertices and S-blossoms gain it; then the edge
    // made tight is scanned, or the T-blossom whose dual fell to zero is expanded.
    void apply_dual_change(const DualChange& c) {
        for (int v = 0; v < n_; ++v) {
            if (!active_[static_cast<std::size_t>(v)]) continue;
            const int l = label_[static_cast<std::size_t>(inblossom_[static_cast<std::size_t>(v)])];
            if (l == 1) dual_[static_cast<std::size_t>(v)] -= c.delta;
            if (l == 2) dual_[static_cast<std::size_t>(v)] += c.delta;
        }
        for (int b = n_; b < 2 * n_; ++b) {
            if (base_[static_cast<std::size_t>(b)] < 0 ||
                parent_[static_cast<std::size_t>(b)] != -1)
                continue;
            if (label_[static_cast<std::size_t>(b)] == 1)
                dual_[static_cast<std::size_t>(b)] += c.delta;
            if (label_[static_cast<std::size_t>(b)] == 2)
                dual_[static_cast<std::size_t>(b)] -= c.delta;
        }
        if (c.type == 2) {
            auto [i, j] = c.edge;
            if (label_[static_cast<std::size_t>(inblossom_[static_cast<std::size_t>(i)])] == 0)
                std::swap(i, j);
            queue_.push_back(i);
        } else if (c.type == 3) {
            queue_.push_back(c.edge.first);
        } else {
            expand_blossom(c.blossom, false);
        }
    }

    // End of stage: S-blossoms whose dual fell to zero are expanded.
    void expand_zero_s_blossoms() {
        for (int b = n_; b < 2 * n_; ++b)
            if (base_[static_cast<std::size_t>(b)] >= 0 &&
                parent_[static_cast<std::size_t>(b)] == -1 &&
                label_[static_cast<std::size_t>(b)] == 1 &&
                dual_[static_cast<std::size_t>(b)].is_zero())
                expand_blossom(b, true);
    }
};

}  // namespace chess960::pairing::detail
