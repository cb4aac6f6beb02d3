#include "events/standings.hpp"

#include <algorithm>
#include <map>

namespace chess960::server {

namespace {

// Half points each side scored, or none for a game without a result.
struct Score {
    int white = 0;
    int black = 0;
};
bool score_of(const std::string& result, Score& score) {
    if (result == "1-0")
        score = {2, 0};
    else if (result == "0-1")
        score = {0, 2};
    else if (result == "1/2-1/2")
        score = {1, 1};
    else
        return false;
    return true;
}

}  // namespace

std::vector<Standing> standings(const std::vector<ScoredGame>& games) {
    std::map<std::string, Standing> by_name;
    for (const ScoredGame& g : games) {
        by_name[g.white].name = g.white;
        by_name[g.black].name = g.black;
    }
    // Points first: the tie-break needs every opponent's final score.
    for (const ScoredGame& g : games) {
        Score s;
        if (!score_of(g.result, s)) continue;
        for (auto [name, own] : {std::pair{&g.white, s.white}, {&g.black, s.black}}) {
            Standing& player = by_name[*name];
            player.half_points += own;
            ++player.played;
            if (own == 2)
                ++player.wins;
            else if (own == 1)
                ++player.draws;
            else
                ++player.losses;
        }
    }
    // A win adds the opponent's score (h/2 points: 2h quarters); a draw half of it (h quarters).
    for (const ScoredGame& g : games) {
        Score s;
        if (!score_of(g.result, s)) continue;
        Standing& white = by_name[g.white];
        Standing& black = by_name[g.black];
        white.sb_quarters += s.white * black.half_points;
        black.sb_quarters += s.black * white.half_points;
    }
    std::vector<Standing> table;
    for (auto& [name, standing] : by_name) table.push_back(standing);
    std::stable_sort(table.begin(), table.end(), [](const Standing& a, const Standing& b) {
        if (a.half_points != b.half_points) return a.half_points > b.half_points;
        return a.sb_quarters > b.sb_quarters;
    });
    for (std::size_t i = 0; i < table.size(); ++i) {
        const bool tied = i > 0 && table[i].half_points == table[i - 1].half_points &&
                          table[i].sb_quarters == table[i - 1].sb_quarters;
        table[i].rank = tied ? table[i - 1].rank : int(i) + 1;
    }
    return table;
}

}  // namespace chess960::server
