#include "chess960/pairing/tournament.hpp"

#include <algorithm>
#include <utility>

namespace chess960::pairing {

bool RoundEntry::played() const {
    if (opponent == 0 || colour == Colour::None) return false;
    switch (result) {
        case '1':
        case '0':
        case '=':
        case 'W':
        case 'D':
        case 'L':
            return true;
        default:
            return false;
    }
}

bool RoundEntry::paired() const { return opponent != 0 || result == 'U' || result == '+'; }

RoundEntry Player::entry(int round) const {
    if (round < 1 || round > static_cast<int>(rounds.size())) return {};
    return rounds[static_cast<std::size_t>(round - 1)];
}

int Tournament::rounds_recorded() const {
    int most = 0;
    for (const Player& p : players) {
        int last = static_cast<int>(p.rounds.size());
        while (last > 0 && p.rounds[static_cast<std::size_t>(last - 1)].empty()) --last;
        most = std::max(most, last);
    }
    return most;
}

const Player* Tournament::player(int start_number) const {
    if (start_number < 1 || start_number > static_cast<int>(players.size())) return nullptr;
    const Player& p = players[static_cast<std::size_t>(start_number - 1)];
    return p.start_number == start_number ? &p : nullptr;
}

Player* Tournament::player(int start_number) {
    return const_cast<Player*>(std::as_const(*this).player(start_number));
}

// The points of each code as bbpPairings counts them (README: BBW, BBD, BBL, BBZ, BBF, BBU):
// a forfeit win and a full-point bye are worth a win, a half-point bye a draw, an absence the
// zero-point bye's points.
Points Tournament::points_for(const RoundEntry& e) const {
    switch (e.result) {
        case '1':
        case 'W':
        case '+':
        case 'F':
            return points.win;
        case 'U':
            return e.opponent == 0 ? points.pairing_bye : points.win;
        case '=':
        case 'D':
        case 'H':
            return points.draw;
        case '0':
        case 'L':
            return e.opponent == 0 ? points.zero_point_bye : points.loss;
        case '-':
            return e.opponent == 0 ? points.zero_point_bye : points.forfeit_loss;
        default:
            return points.zero_point_bye;
    }
}

Points Tournament::score(const Player& p, int rounds) const {
    if (rounds < 0) rounds = static_cast<int>(p.rounds.size());
    Points total = 0;
    for (int r = 1; r <= rounds; ++r) total += points_for(p.entry(r));
    return total;
}

std::string format_points(Points points) {
    const Points magnitude = points < 0 ? -points : points;
    return (points < 0 ? "-" : "") + std::to_string(magnitude / 10) + "." +
           std::to_string(magnitude % 10);
}

}  // namespace chess960::pairing
