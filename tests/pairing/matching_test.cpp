// The maximum-weight matcher (src/pairing/matching.hpp) against exhaustive search on small
// graphs, through weight changes, fixed pairs and restarts: the value of every matching it
// returns must be the optimum.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "matching.hpp"

namespace {

using chess960::pairing::detail::Matcher;
using W = chess960::pairing::detail::Wide<2>;

// The best total weight of a matching of the vertices not yet used (0 weight: no edge).
long best(const std::vector<std::vector<long>>& w, std::vector<char>& used, std::size_t i) {
    const std::size_t n = w.size();
    while (i < n && used[i]) ++i;
    if (i >= n) return 0;
    used[i] = 1;
    long b = best(w, used, i + 1);
    for (std::size_t j = i + 1; j < n; ++j)
        if (!used[j] && w[i][j] > 0) {
            used[j] = 1;
            b = std::max(b, w[i][j] + best(w, used, i + 1));
            used[j] = 0;
        }
    used[i] = 0;
    return b;
}

TEST(Matcher, OptimalThroughChangesAndFixedPairs) {
    std::mt19937 rng(12345);
    for (int iteration = 0; iteration < 3000; ++iteration) {
        const int n = 1 + static_cast<int>(rng() % 10);
        std::vector<std::vector<long>> w(static_cast<std::size_t>(n),
                                         std::vector<long>(static_cast<std::size_t>(n), 0));
        Matcher<2> m(n);
        const long most = 1 + static_cast<long>(rng() % 50);
        auto edge = [&](int a, int b) -> long& {
            return w[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
        };
        auto set = [&](int changed, int other, long value) {
            edge(changed, other) = edge(other, changed) = value;
            m.set_weight(changed, other, W::of(static_cast<std::uint64_t>(value)));
        };
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                set(i, j, rng() % 3 ? static_cast<long>(rng() % most) : 0);
        std::vector<char> fixed(static_cast<std::size_t>(n), 0);
        for (int step = 0; step < 6; ++step) {
            m.compute();
            long got = 0;
            for (int v = 0; v < n; ++v) {
                const int u = m.mate(v);
                if (u >= 0) {
                    ASSERT_EQ(m.mate(u), v);
                }
                if (u > v && !fixed[static_cast<std::size_t>(v)]) got += edge(v, u);
            }
            // The optimum over the vertices not fixed.
            std::vector<char> used = fixed;
            ASSERT_EQ(got, best(w, used, 0)) << "iteration " << iteration << " step " << step;
            if (rng() % 3 == 0) {
                const int a = static_cast<int>(rng() % static_cast<unsigned>(n));
                const int b = m.mate(a);
                if (b >= 0 && !fixed[static_cast<std::size_t>(a)]) {
                    m.fix_pair(a, b);
                    fixed[static_cast<std::size_t>(a)] = fixed[static_cast<std::size_t>(b)] = 1;
                    continue;
                }
            }
            for (int k = 0; k < 2; ++k) {
                const int v = static_cast<int>(rng() % static_cast<unsigned>(n));
                if (fixed[static_cast<std::size_t>(v)]) continue;
                for (int u = 0; u < n; ++u)
                    if (u != v && !fixed[static_cast<std::size_t>(u)] && rng() % 2)
                        set(v, u, rng() % 3 ? static_cast<long>(rng() % most) : 0);
            }
        }
    }
}

TEST(Matcher, WideIntegersCarryAcrossLimbs) {
    using chess960::pairing::detail::Wide;
    Wide<3> a = Wide<3>::of(~std::uint64_t{0});
    a += Wide<3>::of(1);
    EXPECT_EQ(a.limb[0], 0u);
    EXPECT_EQ(a.limb[1], 1u);
    a -= Wide<3>::of(1);
    EXPECT_EQ(a.limb[0], ~std::uint64_t{0});
    EXPECT_EQ(a.limb[1], 0u);
    Wide<3> b = Wide<3>::zero();
    b -= Wide<3>::of(2);
    EXPECT_TRUE(b.negative());
    EXPECT_TRUE(b < Wide<3>::zero());
    b.halve();
    EXPECT_EQ(b, Wide<3>::zero() - Wide<3>::of(1));
    Wide<3> c = Wide<3>::of(1);
    c.shl(130);
    EXPECT_EQ(c.limb[2], 4u);
    EXPECT_EQ(Wide<3>::sum_less(c, c, Wide<3>::of(1)).limb[1], ~std::uint64_t{0});
}

}  // namespace
