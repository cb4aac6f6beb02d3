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

Result<std::vector<Standing>> standings(const Tournament& t, const std::vector<Tiebreak>& tiebreaks,
                                        int rounds) {
    const int total = rounds > 0 ? rounds : t.rounds_recorded();
    const std::size_t n = t.players.size();
    std::vector<Points> score(n, 0), adjusted(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const Player& p = t.players[i];
        for (int r = 1; r <= total; ++r) {
            const RoundEntry e = p.entry(r);
            score[i] += t.points_for(e);
            // C.07 16.3: in an opponent's score, a round they chose not to play is a draw.
            adjusted[i] += voluntarily_unplayed(e) ? t.points.draw : t.points_for(e);
        }
    }
    const Points max_score = static_cast<Points>(total) * t.points.win;
    auto player_index = [&](int start_number) {
        return static_cast<std::size_t>(start_number - 1);
    };

    // Per player and round: the value a round gives to Buchholz (the opponent's adjusted score,
    // or the player's own score against the dummy), whether it is a voluntarily unplayed round.
    struct RoundValue {
        Points buchholz;
        Points points;
        bool unplayed_voluntary;
    };
    std::vector<std::vector<RoundValue>> values(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Player& p = t.players[i];
        for (int r = 1; r <= total; ++r) {
            const RoundEntry e = p.entry(r);
            RoundValue v{score[i], t.points_for(e), voluntarily_unplayed(e)};
            if (e.played()) v.buchholz = adjusted[player_index(e.opponent)];
            values[i].push_back(v);
        }
    }
    auto buchholz = [&](std::size_t i, int low_cuts, int high_cuts) -> long {
        std::vector<RoundValue> list = values[i];
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
    };

    std::vector<Standing> table;
    for (std::size_t i = 0; i < n; ++i) {
        const Player& p = t.players[i];
        Standing s;
        s.start_number = p.start_number;
        s.score = score[i];
        for (const Tiebreak& tb : tiebreaks) {
            long value = 0;
            switch (tb.kind) {
                case TiebreakKind::Buchholz:
                    value = buchholz(i, 0, 0);
                    break;
                case TiebreakKind::BuchholzCut1:
                    value = buchholz(i, 1, 0);
                    break;
                case TiebreakKind::BuchholzCut2:
                    value = buchholz(i, 2, 0);
                    break;
                case TiebreakKind::BuchholzMedian:
                    value = buchholz(i, 1, 1);
                    break;
                case TiebreakKind::SonnebornBerger:
                    // Each round's Buchholz value times the points scored in it: tenths times
                    // tenths, so hundredths (a draw against 2.5 gives 1.25).
                    for (const RoundValue& v : values[i])
                        value += static_cast<long>(v.buchholz) * v.points;
                    break;
                case TiebreakKind::DirectEncounter:
                    break;  // needs the tied group: below
                case TiebreakKind::Wins:
                    for (int r = 1; r <= total; ++r) {
                        const RoundEntry e = p.entry(r);
                        if (t.points_for(e) >= t.points.win && e.result != ' ') ++value;
                    }
                    break;
                case TiebreakKind::GamesWon:
                    for (int r = 1; r <= total; ++r) value += won(p.entry(r));
                    break;
                case TiebreakKind::GamesWithBlack:
                    for (int r = 1; r <= total; ++r) {
                        const RoundEntry e = p.entry(r);
                        value += e.played() && e.colour == Colour::Black;
                    }
                    break;
                case TiebreakKind::WinsWithBlack:
                    for (int r = 1; r <= total; ++r) {
                        const RoundEntry e = p.entry(r);
                        value += won(e) && e.colour == Colour::Black;
                    }
                    break;
                case TiebreakKind::AverageRatingOfOpponents: {
                    long sum = 0, games = 0;
                    for (int r = 1; r <= total; ++r) {
                        const RoundEntry e = p.entry(r);
                        if (!e.played()) continue;
                        const Player* o = t.player(e.opponent);
                        if (o == nullptr || o->rating == 0) continue;
                        sum += o->rating;
                        ++games;
                    }
                    // C.07 10.1: rounded to the nearest whole number.
                    value = games ? (2 * sum + games) / (2 * games) : 0;
                    break;
                }
                case TiebreakKind::ProgressiveScore: {
                    Points running = 0;
                    for (int r = 1; r <= total; ++r) {
                        running += t.points_for(p.entry(r));
                        value += running;
                    }
                    break;
                }
                case TiebreakKind::Koya:
                    for (int r = 1; r <= total; ++r) {
                        const RoundEntry e = p.entry(r);
                        if (!e.played()) continue;
                        if (2 * score[player_index(e.opponent)] >= max_score)
                            value += t.points_for(e);
                    }
                    break;
            }
            s.values.push_back(value);
        }
        table.push_back(std::move(s));
    }
    // Direct encounter (C.07 6): among players tied on score (and the tie-breaks before DE),
    // the points each scored against the others, when every pair of them has met.
    for (std::size_t k = 0; k < tiebreaks.size(); ++k) {
        if (tiebreaks[k].kind != TiebreakKind::DirectEncounter) continue;
        std::map<std::vector<long>, std::vector<std::size_t>> groups;
        for (std::size_t i = 0; i < n; ++i) {
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
                    const Player& pa = t.players[members[a]];
                    for (int r = 1; r <= total; ++r) {
                        const RoundEntry e = pa.entry(r);
                        if (e.played() && player_index(e.opponent) == members[b]) {
                            met = true;
                            points[a] += t.points_for(e);
                        }
                    }
                    if (!met) all_met = false;
                }
            for (std::size_t a = 0; a < members.size(); ++a)
                table[members[a]].values[k] = all_met ? points[a] : 0;
        }
    }
    std::vector<std::size_t> order(n);
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
