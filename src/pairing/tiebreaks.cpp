#include "chess960/pairing/tiebreaks.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace chess960::pairing {

namespace {

struct Name {
    const char* text;
    TiebreakKind kind;
};

constexpr Name kNames[] = {
    {"BH", TiebreakKind::Buchholz},
    {"BH-C1", TiebreakKind::BuchholzCut1},
    {"BH/C1", TiebreakKind::BuchholzCut1},
    {"BH-C2", TiebreakKind::BuchholzCut2},
    {"BH/C2", TiebreakKind::BuchholzCut2},
    {"BH-M1", TiebreakKind::BuchholzMedian},
    {"BH/M1", TiebreakKind::BuchholzMedian},
    {"MEDIAN", TiebreakKind::BuchholzMedian},
    {"SB", TiebreakKind::SonnebornBerger},
    {"DE", TiebreakKind::DirectEncounter},
    {"WIN", TiebreakKind::Wins},
    {"WON", TiebreakKind::GamesWon},
    {"BPG", TiebreakKind::GamesWithBlack},
    {"BWG", TiebreakKind::WinsWithBlack},
    {"ARO", TiebreakKind::AverageRatingOfOpponents},
    {"PS", TiebreakKind::ProgressiveScore},
    {"KS", TiebreakKind::Koya},
};

// C.07 16.2: the kinds of rounds without a game.
bool voluntarily_unplayed(const RoundEntry& e) {
    // Half- and zero-point byes, forfeit losses and absences: rounds the player did not play
    // by their own doing (not a pairing-allocated bye, a full-point bye or a forfeit win).
    if (e.played()) return false;
    return e.result == 'H' || e.result == 'Z' || e.result == '-' || e.result == ' ';
}

bool won(const RoundEntry& e) { return e.played() && (e.result == '1' || e.result == 'W'); }

}  // namespace

Result<std::vector<Tiebreak>> parse_tiebreaks(std::string_view text) {
    std::vector<Tiebreak> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = text.find(',', at);
        if (end == std::string_view::npos) end = text.size();
        std::string name(text.substr(at, end - at));
        while (!name.empty() && name.front() == ' ') name.erase(name.begin());
        while (!name.empty() && name.back() == ' ') name.pop_back();
        for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        at = end + 1;
        if (name.empty()) {
            if (end == text.size() && out.empty() && text.empty()) break;
            return make_error(ErrorCode::InvalidNumber,
                              "an empty tie-break name in '" + std::string(text) + "'");
        }
        const auto it = std::find_if(std::begin(kNames), std::end(kNames),
                                     [&](const Name& n) { return name == n.text; });
        if (it == std::end(kNames))
            return make_error(ErrorCode::InvalidNumber,
                              "unknown tie-break '" + name + "' (known: " + tiebreak_names() + ")");
        out.push_back({it->kind, name});
    }
    return out;
}

std::string tiebreak_names() {
    return "BH, BH-C1, BH-C2, BH-M1, SB, DE, WIN, WON, BPG, BWG, ARO, PS, KS";
}

namespace {

// Per player and round: the value a round gives to Buchholz (the opponent's adjusted score, or
// the player's own score against the dummy), the points scored, whether it is a voluntarily
// unplayed round.
struct RoundValue {
    Points buchholz;
    Points points;
    bool unplayed_voluntary;
};

// What the tie-breaks read of a tournament after `total` rounds, by player index.
struct Field {
    const Tournament& t;
    int total;
    std::vector<Points> score;
    std::vector<std::vector<RoundValue>> values;
    Points max_score;
};

std::size_t player_index(int start_number) { return static_cast<std::size_t>(start_number - 1); }

Field field_of(const Tournament& t, int total) {
    const std::size_t n = t.players.size();
    Field f{t, total, std::vector<Points>(n, 0), std::vector<std::vector<RoundValue>>(n),
            static_cast<Points>(total) * t.points.win};
    std::vector<Points> adjusted(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const Player& p = t.players[i];
        for (int r = 1; r <= total; ++r) {
            const RoundEntry e = p.entry(r);
            f.score[i] += t.points_for(e);
            // C.07 16.3: in an opponent's score, a round they chose not to play is a draw.
            adjusted[i] += voluntarily_unplayed(e) ? t.points.draw : t.points_for(e);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const Player& p = t.players[i];
        for (int r = 1; r <= total; ++r) {
            const RoundEntry e = p.entry(r);
            RoundValue v{f.score[i], t.points_for(e), voluntarily_unplayed(e)};
            if (e.played()) v.buchholz = adjusted[player_index(e.opponent)];
            f.values[i].push_back(v);
        }
    }
    return f;
}

long buchholz(std::vector<RoundValue> list, int low_cuts, int high_cuts) {
    // C.07 14.6: with low cuts, the player's voluntarily unplayed rounds go first, then the
    // least values.
    std::sort(list.begin(), list.end(), [](const RoundValue& a, const RoundValue& b) {
        if (a.unplayed_voluntary != b.unplayed_voluntary) return a.unplayed_voluntary;
        return a.buchholz < b.buchholz;
    });
    long sum = 0;
    const int size = static_cast<int>(list.size());
    std::vector<Points> kept;
    for (int k = low_cuts; k < size; ++k)
        kept.push_back(list[static_cast<std::size_t>(k)].buchholz);
    std::sort(kept.begin(), kept.end());
    for (int k = 0; k < static_cast<int>(kept.size()) - high_cuts; ++k)
        sum += kept[static_cast<std::size_t>(k)];
    return sum;
}

// The average rating of the opponents met (C.07 10.1), rounded to the nearest whole number.
long average_rating_of_opponents(const Field& f, const Player& p) {
    long sum = 0, games = 0;
    for (int r = 1; r <= f.total; ++r) {
        const RoundEntry e = p.entry(r);
        if (!e.played()) continue;
        const Player* o = f.t.player(e.opponent);
        if (o == nullptr || o->rating == 0) continue;
        sum += o->rating;
        ++games;
    }
    return games ? (2 * sum + games) / (2 * games) : 0;
}

// The value of one tie-break for the player at index i, but for direct encounter, which needs
// the tied group (direct_encounter below).
long tiebreak_value(const Field& f, std::size_t i, TiebreakKind kind) {
    const Tournament& t = f.t;
    const Player& p = t.players[i];
    long value = 0;
    switch (kind) {
        case TiebreakKind::Buchholz:
            return buchholz(f.values[i], 0, 0);
        case TiebreakKind::BuchholzCut1:
            return buchholz(f.values[i], 1, 0);
        case TiebreakKind::BuchholzCut2:
            return buchholz(f.values[i], 2, 0);
        case TiebreakKind::BuchholzMedian:
            return buchholz(f.values[i], 1, 1);
        case TiebreakKind::SonnebornBerger:
            // Each round's Buchholz value times the points scored in it: tenths times tenths,
            // so hundredths (a draw against 2.5 gives 1.25).
            for (const RoundValue& v : f.values[i])
                value += static_cast<long>(v.buchholz) * v.points;
            return value;
        case TiebreakKind::DirectEncounter:
            return 0;
        case TiebreakKind::Wins:
            for (int r = 1; r <= f.total; ++r) {
                const RoundEntry e = p.entry(r);
                if (t.points_for(e) >= t.points.win && e.result != ' ') ++value;
            }
            return value;
        case TiebreakKind::GamesWon:
            for (int r = 1; r <= f.total; ++r) value += won(p.entry(r));
            return value;
        case TiebreakKind::GamesWithBlack:
            for (int r = 1; r <= f.total; ++r) {
                const RoundEntry e = p.entry(r);
                value += e.played() && e.colour == Colour::Black;
            }
            return value;
        case TiebreakKind::WinsWithBlack:
            for (int r = 1; r <= f.total; ++r) {
                const RoundEntry e = p.entry(r);
                value += won(e) && e.colour == Colour::Black;
            }
            return value;
        case TiebreakKind::AverageRatingOfOpponents:
            return average_rating_of_opponents(f, p);
        case TiebreakKind::ProgressiveScore: {
            Points running = 0;
            for (int r = 1; r <= f.total; ++r) {
                running += t.points_for(p.entry(r));
                value += running;
            }
            return value;
        }
        case TiebreakKind::Koya:
            for (int r = 1; r <= f.total; ++r) {
                const RoundEntry e = p.entry(r);
                if (!e.played()) continue;
                if (2 * f.score[player_index(e.opponent)] >= f.max_score) value += t.points_for(e);
            }
            return value;
    }
    return value;
}

// Direct encounter (C.07 6), the k-th tie-break: among players tied on score (and the
// tie-breaks before it), the points each scored against the others, when every pair of them
// has met.
void direct_encounter(const Field& f, std::vector<Standing>& table, std::size_t k) {
    std::map<std::vector<long>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::vector<long> key{table[i].score};
        key.insert(key.end(), table[i].values.begin(),
                   table[i].values.begin() + static_cast<long>(k));
        groups[key].push_back(i);
    }
    for (const auto& [key, members] : groups) {
        if (members.size() < 2) continue;
        std::vector<long> points(members.size(), 0);
        bool all_met = true;
        for (std::size_t a = 0; a < members.size() && all_met; ++a)
            for (std::size_t b = 0; b < members.size(); ++b) {
                if (a == b) continue;
                bool met = false;
                const Player& pa = f.t.players[members[a]];
                for (int r = 1; r <= f.total; ++r) {
                    const RoundEntry e = pa.entry(r);
                    if (e.played() && player_index(e.opponent) == members[b]) {
                        met = true;
                        points[a] += f.t.points_for(e);
                    }
                }
                if (!met) all_met = false;
            }
        for (std::size_t a = 0; a < members.size(); ++a)
            table[members[a]].values[k] = all_met ? points[a] : 0;
    }
}

// The table in order of score and tie-breaks, then of start number; players equal on all share
// a rank.
std::vector<Standing> ranked(const std::vector<Standing>& table) {
    std::vector<std::size_t> order(table.size());
    std::iota(order.begin(), order.end(), 0);
    auto key = [&](std::size_t i) {
        std::vector<long> k{table[i].score};
        k.insert(k.end(), table[i].values.begin(), table[i].values.end());
        return k;
    };
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto ka = key(a), kb = key(b);
        return ka != kb ? ka > kb : a < b;  // then by start number
    });
    std::vector<Standing> out;
    for (std::size_t k = 0; k < order.size(); ++k) {
        Standing s = table[order[k]];
        s.rank = (k > 0 && key(order[k]) == key(order[k - 1])) ? out.back().rank
                                                               : static_cast<int>(k + 1);
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace

Result<std::vector<Standing>> standings(const Tournament& t, const std::vector<Tiebreak>& tiebreaks,
                                        int rounds) {
    const Field f = field_of(t, rounds > 0 ? rounds : t.rounds_recorded());
    std::vector<Standing> table;
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        Standing s;
        s.start_number = t.players[i].start_number;
        s.score = f.score[i];
        for (const Tiebreak& tb : tiebreaks) s.values.push_back(tiebreak_value(f, i, tb.kind));
        table.push_back(std::move(s));
    }
    for (std::size_t k = 0; k < tiebreaks.size(); ++k)
        if (tiebreaks[k].kind == TiebreakKind::DirectEncounter) direct_encounter(f, table, k);
    return ranked(table);
}

std::string format_standings(const Tournament& t, const std::vector<Standing>& table,
                             const std::vector<Tiebreak>& tiebreaks) {
    auto tenths = [](long v) { return format_points(static_cast<Points>(v)); };
    std::string out = "Rank  No.  Name                             Pts";
    for (const Tiebreak& tb : tiebreaks) {
        std::string head = tb.name;
        out += std::string(head.size() < 7 ? 7 - head.size() : 1, ' ') + head;
    }
    out += "\n";
    for (const Standing& s : table) {
        const Player* p = t.player(s.start_number);
        std::string name = p ? p->name : "";
        if (name.size() > 30) name.resize(30);
        std::string line = std::to_string(s.rank);
        line.resize(6, ' ');
        std::string no = std::to_string(s.start_number);
        line += no + std::string(no.size() < 5 ? 5 - no.size() : 1, ' ');
        line += name + std::string(32 - name.size(), ' ');
        std::string pts = tenths(s.score);
        line += std::string(pts.size() < 4 ? 4 - pts.size() : 0, ' ') + pts;
        for (std::size_t k = 0; k < tiebreaks.size(); ++k) {
            const TiebreakKind kind = tiebreaks[k].kind;
            const bool count = kind == TiebreakKind::Wins || kind == TiebreakKind::GamesWon ||
                               kind == TiebreakKind::GamesWithBlack ||
                               kind == TiebreakKind::WinsWithBlack ||
                               kind == TiebreakKind::AverageRatingOfOpponents;
            std::string v = count ? std::to_string(s.values[k]) : tenths(s.values[k]);
            if (kind == TiebreakKind::SonnebornBerger) {
                const long h = s.values[k];
                v = std::to_string(h / 100) + "." + (h % 100 < 10 ? "0" : "") +
                    std::to_string(h % 100);
            }
            line += std::string(v.size() < 7 ? 7 - v.size() : 1, ' ') + v;
        }
        out += line + "\n";
    }
    return out;
}

}  // namespace chess960::pairing
