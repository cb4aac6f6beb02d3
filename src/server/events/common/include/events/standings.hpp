// An event's standings: points (1 for a win, 1/2 for a draw), then the Sonneborn-Berger score as
// the tie-break (FIDE Handbook C.07, Tie-Break Regulations: the sum of the final scores of the
// opponents a player beat, plus half the final scores of those the player drew with). Pure
// arithmetic on the games' results, in exact fractions.
#pragma once

#include <string>
#include <vector>

namespace chess960::server {

// One game of the event: its players' names and its result as PGN writes it ("1-0", "0-1",
// "1/2-1/2"); any other result (a game in play, an aborted game) scores nothing, but its
// players are still in the standings.
struct ScoredGame {
    std::string white;
    std::string black;
    std::string result;
};

struct Standing {
    int rank = 0;  // 1-based; players equal on points and tie-break share a rank
    std::string name;
    int half_points = 0;  // points x 2
    int sb_quarters = 0;  // Sonneborn-Berger x 4
    int played = 0;       // games with a result
    int wins = 0, draws = 0, losses = 0;

    double points() const { return half_points / 2.0; }
    double sonneborn_berger() const { return sb_quarters / 4.0; }
};

// Every player of `games`, best first: more points, then more Sonneborn-Berger; players still
// equal share a rank and are listed by name.
std::vector<Standing> standings(const std::vector<ScoredGame>& games);

}  // namespace chess960::server
