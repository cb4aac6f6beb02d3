#include "chess960/pairing/berger.hpp"

#include <utility>

namespace chess960::pairing {

// C.05 Annex 1. With n players (n even) and m = n - 1, the last player meets in round r the
// player f = ((r - 1) * n / 2) mod m + 1, with white in odd rounds and black in even ones;
// every other board k (k = 2 .. n/2) has f + (k - 1) with white against f - (k - 1) (numbers
// taken round 1 .. m).
std::vector<Pair> berger_round(int size, int round) {
    const int m = size - 1;
    const int f = ((round - 1) * (size / 2)) % m + 1;
    auto wrap = [&](int x) { return ((x - 1) % m + m) % m + 1; };
    std::vector<Pair> boards;
    boards.push_back(round % 2 == 1 ? Pair{f, size} : Pair{size, f});
    for (int k = 2; k <= size / 2; ++k) boards.push_back({wrap(f + (k - 1)), wrap(f - (k - 1))});
    return boards;
}

Result<BergerSchedule> berger_schedule(int players, bool twice) {
    if (players < 2 || players > 9999)
        return make_error(ErrorCode::InvalidNumber,
                          "a round robin needs 2 to 9999 players, not " + std::to_string(players));
    const int size = players + (players & 1);
    BergerSchedule schedule{players, twice, {}};
    auto with_bye = [&](std::vector<Pair> boards) {
        // The dummy (the table's last number when players is odd) gives its opponent the bye.
        std::vector<Pair> out;
        Pair bye{};
        for (const Pair& p : boards) {
            if (size != players && (p.white == size || p.black == size)) {
                bye = {p.white == size ? p.black : p.white, 0};
            } else {
                out.push_back(p);
            }
        }
        if (bye.white) out.push_back(bye);
        return out;
    };
    std::vector<std::vector<Pair>> cycle;
    for (int r = 1; r < size; ++r) cycle.push_back(berger_round(size, r));
    if (twice && cycle.size() >= 2) std::swap(cycle[cycle.size() - 1], cycle[cycle.size() - 2]);
    int number = 0;
    for (const auto& boards : cycle) schedule.rounds.push_back({++number, with_bye(boards)});
    if (twice) {
        for (const auto& boards : cycle) {
            std::vector<Pair> reversed;
            for (const Pair& p : boards) reversed.push_back({p.black, p.white});
            schedule.rounds.push_back({++number, with_bye(reversed)});
        }
    }
    return schedule;
}

std::string format_berger(const BergerSchedule& s) {
    std::string out;
    for (const RoundPairing& r : s.rounds) {
        out += "Round " + std::to_string(r.round) + ":";
        for (const Pair& p : r.pairs)
            out +=
                " " + std::to_string(p.white) + "-" + (p.black ? std::to_string(p.black) : "bye");
        out += "\n";
    }
    return out;
}

}  // namespace chess960::pairing
