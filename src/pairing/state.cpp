#include "state.hpp"

#include <algorithm>
#include <string>

namespace chess960::pairing::detail {

namespace {

std::unexpected<Error> inconsistent(std::string message) {
    return make_error(ErrorCode::InvalidTournament, std::move(message));
}

// Where a round's entry stops being trailing blanks: the entries a player line lists.
int listed_rounds(const Player& p) {
    int n = static_cast<int>(p.rounds.size());
    while (n > 0 && p.rounds[static_cast<std::size_t>(n - 1)].empty()) --n;
    return n;
}

// C.04.5 (Baku acceleration, as bbpPairings applies it): the first half of the players (by
// pairing number) get a win's points in the first rounds and a draw's in the next ones.
Result<void> apply_baku(State& s) {
    const PointSystem& p = s.points;
    if (p.loss != 0 || p.draw + p.draw != p.win)
        return inconsistent("the point system does not fit Baku acceleration");
    if (s.by_rank.empty() || s.expected_rounds == 0) return {};
    const std::size_t last_rank = (s.by_rank.size() - 1) / 2;
    const int last_round = (s.expected_rounds - 1) / 2;
    const int last_full_round = last_round / 2;
    for (std::size_t r = 0; r <= last_rank; ++r) {
        PlayerState& player = s.players[static_cast<std::size_t>(s.by_rank[r])];
        int round = 0;
        for (; round <= last_full_round && round <= s.played_rounds; ++round)
            player.acceleration.push_back(p.win);
        for (; round <= last_round && round <= s.played_rounds; ++round)
            player.acceleration.push_back(p.draw);
    }
    return {};
}

// The colour of the first player in round 1 when the file does not say (bbpPairings' README:
// the first round with a colour, the highest player there, reversed for every player above
// who was not paired).
Colour infer_initial_colour(const State& s) {
    int first = -1;
    for (const PlayerState& p : s.players) {
        if (!p.valid) continue;
        for (std::size_t r = 0; r < p.matches.size(); ++r)
            if (p.matches[r].colour != Colour::None) {
                if (first < 0 || static_cast<int>(r) < first) first = static_cast<int>(r);
                break;
            }
    }
    if (first < 0) return Colour::None;
    int number = 0;
    for (int id : s.by_rank) {
        const PlayerState& p = s.players[static_cast<std::size_t>(id)];
        bool took_part = false;
        for (std::size_t r = 0; r < p.matches.size() && static_cast<int>(r) <= first; ++r)
            if (p.matches[r].paired) took_part = true;
        if (!took_part) continue;
        // A player without a colour in that round (a bye) passes the question to the next,
        // whose pairing number has the other parity.
        const Colour c = p.matches[static_cast<std::size_t>(first)].colour;
        if (c != Colour::None) return number & 1 ? opposite(c) : c;
        ++number;
    }
    return Colour::None;
}

}  // namespace

Match match_of(const RoundEntry& e, int id) {
    Match m;
    m.opponent = e.opponent ? e.opponent - 1 : id;
    m.colour = e.colour;
    switch (e.result) {
        case '1':
        case 'W':
        case '+':
        case 'F':
        case 'U':
            m.outcome = Outcome::Win;
            break;
        case '=':
        case 'D':
        case 'H':
            m.outcome = Outcome::Draw;
            break;
        default:
            m.outcome = Outcome::Loss;
            break;
    }
    m.played = e.played();
    m.paired = e.paired();
    return m;
}

Points State::points_for(const PlayerState& p, const Match& m) const {
    switch (m.outcome) {
        case Outcome::Loss:
            return m.paired ? (m.played ? points.loss : points.forfeit_loss)
                            : points.zero_point_bye;
        case Outcome::Win:
            return m.opponent == p.id && m.paired ? points.pairing_bye : points.win;
        case Outcome::Draw:
            return points.draw;
    }
    return 0;
}

Points State::pairing_score(const PlayerState& p, int back) const {
    Points score = p.score;
    int round = played_rounds;
    for (; back > 0; --back) {
        --round;
        score -= points_for(p, p.matches[static_cast<std::size_t>(round)]);
    }
    return score + (round < static_cast<int>(p.acceleration.size())
                        ? p.acceleration[static_cast<std::size_t>(round)]
                        : 0);
}

// C.04.1 d (2025): a player who has already received a pairing-allocated bye, or scored a
// win's points without playing (a forfeit win, a full-point bye), cannot get it.
bool State::bye_eligible(const PlayerState& p) const {
    for (const Match& m : p.matches)
        if (!m.played && (points_for(p, m) >= points.win || (m.paired && m.opponent == p.id)))
            return false;
    return true;
}

std::vector<std::vector<bool>> State::cannot_meet() const {
    const std::size_t n = players.size();
    std::vector<std::vector<bool>> out(n, std::vector<bool>(n, false));
    auto forbid = [&](const std::vector<int>& group) {
        for (int a : group)
            for (int b : group)
                out[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = true;
    };
    for (const auto& group : forbidden) forbid(group);
    // Record 260: only while pairing a round index in [first, end).
    for (const auto& group : forbidden_in_rounds)
        if (played_rounds >= group.first && played_rounds < group.end) forbid(group.players);
    for (const PlayerState& p : players) {
        if (!p.valid) continue;
        for (const Match& m : p.matches)
            if (m.played)
                out[static_cast<std::size_t>(p.id)][static_cast<std::size_t>(m.opponent)] = true;
    }
    return out;
}

// A player takes part when they have no entry for the round being paired (a bye asked for,
// an absence) or have taken part in an earlier pairing: a late entrant listed with absences
// only is not yet in the tournament.
void State::update_ranks() {
    int number = 0;
    for (int id : by_rank) {
        PlayerState& p = players[static_cast<std::size_t>(id)];
        p.valid = static_cast<int>(p.matches.size()) <= played_rounds;
        for (const Match& m : p.matches)
            if (m.paired) p.valid = true;
        if (p.valid) p.rank = number++;
    }
}

// C.04.3 A.6 (2025): the colour difference and the last two colours give the preference:
// absolute (difference above 1, or two games in a row with one colour), strong (difference 1),
// mild (alternate), or none (no game played).
void State::compute_player_data() {
    for (PlayerState& p : players) {
        if (!p.valid) continue;
        int white = 0, black = 0, run = 0, games = 0;
        p.repeated = Colour::None;
        for (const Match& m : p.matches) {
            if (!m.played) continue;
            ++games;
            (m.colour == Colour::White ? white : black) += 1;
            run = (run == 0 || m.colour != p.repeated) ? 1 : run + 1;
            p.repeated = m.colour;
        }
        p.played_games = games;
        const Colour lower = white > black ? Colour::Black : Colour::White;
        p.imbalance = white > black ? white - black : black - white;
        p.preference = p.imbalance > 1   ? lower
                       : run > 1         ? opposite(p.repeated)
                       : p.imbalance > 0 ? lower
                       : run > 0         ? opposite(p.repeated)
                                         : Colour::None;
        if (run <= 1) p.repeated = Colour::None;
        p.strong = !p.absolute() && p.imbalance > 0;
    }
}

namespace {

// The players' initial order (by id): the order of the player lines with XXC rank, otherwise
// the start numbers'.
std::vector<int> initial_order(const Tournament& t) {
    std::vector<int> by_rank;
    if (t.use_rank) {
        for (const std::string& line : t.lines)
            if (line.starts_with("001 ")) by_rank.push_back(std::stoi(line.substr(4)) - 1);
        for (const Player& p : t.players)
            if (std::find(by_rank.begin(), by_rank.end(), p.start_number - 1) == by_rank.end())
                by_rank.push_back(p.start_number - 1);
    } else {
        for (const Player& p : t.players) by_rank.push_back(p.start_number - 1);
    }
    return by_rank;
}

// The pairs that may not meet (XXP) and those that may not in some rounds (260), by id.
void add_forbidden_pairs(State& s, const Tournament& t) {
    for (const auto& group : t.forbidden) {
        std::vector<int> ids;
        for (int n : group) ids.push_back(n - 1);
        s.forbidden.push_back(std::move(ids));
    }
    for (const auto& group : t.forbidden_in_rounds) {
        std::vector<int> ids;
        for (int n : group.players) ids.push_back(n - 1);
        s.forbidden_in_rounds.push_back({group.first_round - 1, group.last_round, std::move(ids)});
    }
}

// Scores: what the results give, as bbpPairings accepts them (with or without the
// acceleration, with or without a result already entered for the next round).
Result<void> check_scores(State& s) {
    const int played = s.played_rounds;
    for (PlayerState& p : s.players) {
        if (static_cast<int>(p.acceleration.size()) > s.expected_rounds)
            return inconsistent("player " + std::to_string(p.id + 1) +
                                " has more acceleration entries (XXA) than the tournament has "
                                "rounds");
        Points total = 0;
        for (int r = 0; r < played; ++r)
            total += s.points_for(p, p.matches[static_cast<std::size_t>(r)]);
        const Points accel = played < static_cast<int>(p.acceleration.size())
                                 ? p.acceleration[static_cast<std::size_t>(played)]
                                 : 0;
        Points stated = p.score;
        if (stated != total) {
            if (stated >= accel) stated -= accel;
            if (stated != total) stated += accel;
        }
        if (stated != total && static_cast<int>(p.matches.size()) > played) {
            const Points next = s.points_for(p, p.matches[static_cast<std::size_t>(played)]);
            if (stated >= next) stated -= next;
        }
        if (stated != total && stated >= accel) stated -= accel;
        if (stated != total)
            return inconsistent("the score of player " + std::to_string(p.id + 1) + " (" +
                                format_points(p.score) + ") does not match the results (" +
                                format_points(total) + ")");
        p.score = stated;
    }
    return {};
}

}  // namespace

Result<State> build_state(const Tournament& t, bool next_round) {
    State s;
    s.points = t.points;
    s.players.resize(t.players.size());
    int played = 0;
    bool any = false;
    for (const Player& player : t.players) {
        const int id = player.start_number - 1;
        PlayerState& p = s.players[static_cast<std::size_t>(id)];
        p.id = id;
        p.rating = player.rating;
        p.valid = true;
        p.acceleration = player.acceleration;
        const int listed = listed_rounds(player);
        for (int r = 0; r < listed; ++r) {
            const Match m = match_of(player.rounds[static_cast<std::size_t>(r)], id);
            p.matches.push_back(m);
            played = std::max(played, r + (m.paired ? 1 : 0));
        }
        p.score = player.points;
        any = true;
    }
    s.by_rank = initial_order(t);
    // A round where every player (pairing) or some player (checking) already has an entry
    // beyond the paired ones counts as played.
    bool forward = next_round;
    for (const PlayerState& p : s.players) {
        const bool beyond = static_cast<int>(p.matches.size()) > played;
        if (next_round != beyond) forward = !next_round;
    }
    if (any && forward) ++played;
    s.played_rounds = played;
    for (PlayerState& p : s.players)
        if (static_cast<int>(p.matches.size()) < played)
            p.matches.resize(static_cast<std::size_t>(played), Match{p.id});
    s.expected_rounds = t.total_rounds;
    if (s.expected_rounds && played > s.expected_rounds - (next_round ? 1 : 0))
        return inconsistent(next_round ? "all " + std::to_string(s.expected_rounds) +
                                             " rounds (XXR) are already played"
                                       : "more rounds are recorded than the tournament has (XXR)");
    if (next_round && !s.expected_rounds)
        return inconsistent("the number of rounds (XXR or 142) must be given to pair a round");
    if (!s.expected_rounds) s.expected_rounds = played;
    for (std::size_t i = 0; i < s.by_rank.size(); ++i)
        s.players[static_cast<std::size_t>(s.by_rank[i])].rank = static_cast<int>(i);
    if (next_round) {
        for (const auto& [round, number, kind] : t.requested_byes) {
            if (round - 1 != played) continue;
            PlayerState& p = s.players[static_cast<std::size_t>(number - 1)];
            if (static_cast<int>(p.matches.size()) <= played) p.matches.push_back(Match{p.id});
        }
    }
    const bool manual_acceleration =
        std::any_of(t.players.begin(), t.players.end(),
                    [](const Player& p) { return !p.acceleration.empty(); });
    if (t.baku_acceleration && !manual_acceleration) {
        auto done = apply_baku(s);
        if (!done) return std::unexpected(done.error());
    }
    add_forbidden_pairs(s, t);
    s.initial_colour =
        t.initial_colour != Colour::None ? t.initial_colour : infer_initial_colour(s);
    if (auto scores = check_scores(s); !scores) return std::unexpected(scores.error());
    return s;
}

}  // namespace chess960::pairing::detail
