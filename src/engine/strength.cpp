#include "engine/strength.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace chess960::engine {

namespace {

// At each measured point the engine played about even with Stockfish 15.1 at UCI_Elo `elo`
// (10+0.1, random Chess960 start positions; bench/results/calibration-2026-11-27.md and
// calibration-2026-11-28.md). Between two points the node budget grows geometrically and the
// temperature falls linearly; the last point is the interpolation's end only (full strength
// searches about that many nodes a move at 10+0.1). Stockfish's scale is far from linear in
// log(nodes) (250 nodes hold its 1600, 1,500 its 1800, 85,000 its 2200), so server levels get
// points of their own; 2000 and 2400 are interpolated. Budgets under ~1,000 nodes overshoot (the
// count is checked every 1,024 nodes): the low points are settings measured as they play.
struct Point {
    int elo;
    double nodes;
    double temperature;
};
// Each with what it measured (Elo on Stockfish's scale, games): 1400, 1800 and 2200 with the
// engine of 2026-11-28 (the seventh net and that day's search), the others with the fifth net,
// which got less from each node.
constexpr Point kPoints[] = {
    {kMinElo, 150, 30},              // 1303, 40 (fifth net)
    {1400, 150, 20},                 // 1404, 100
    {1600, 250, 0},                  // 1661, 120 (fifth net)
    {1800, 1'500, 0},                // 1844, 80
    {2200, 85'000, 0},               // 2196, 80 (120,000 scored 60.0%, about 2270)
    {kFullStrengthElo, 600'000, 0},  // not a measured point: the interpolation's end
};

}  // namespace

Weakness weakness_for_elo(int elo) {
    if (elo >= kFullStrengthElo) return {};
    elo = std::max(elo, kMinElo);
    const Point* hi = std::find_if(std::begin(kPoints), std::end(kPoints),
                                   [elo](const Point& p) { return p.elo >= elo; });
    const Point* lo = hi == std::begin(kPoints) ? hi : hi - 1;
    const double t = hi == lo ? 0 : double(elo - lo->elo) / (hi->elo - lo->elo);
    Weakness w;
    w.nodes = std::uint64_t(std::lround(lo->nodes * std::pow(hi->nodes / lo->nodes, t)));
    w.temperature = int(std::lround(lo->temperature + (hi->temperature - lo->temperature) * t));
    return w;
}

Weakness weakness_for_skill(int skill) {
    if (skill >= 20) return {};
    return weakness_for_elo(kMinElo + std::max(skill, 0) * (kFullStrengthElo - kMinElo) / 20);
}

}  // namespace chess960::engine
