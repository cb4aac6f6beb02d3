#include "chess960/pairing/generator.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "chess960/pairing/dutch.hpp"

namespace chess960::pairing {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::optional<double> number(std::string_view text) {
    text = trim(text);
    if (text.empty()) return std::nullopt;
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::unexpected<Error> bad_line(int line, std::string message) {
    Error e{ErrorCode::InvalidNumber, std::move(message), -1, line};
    return std::unexpected<Error>(std::move(e));
}

// A uniform integer in [low, high].
int uniform(std::mt19937_64& rng, int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(rng);
}

double unit(std::mt19937_64& rng) { return std::uniform_real_distribution<double>(0, 1)(rng); }

}  // namespace

Result<GeneratorConfig> parse_generator_config(std::string_view text, GeneratorConfig c) {
    int line_number = 0;
    std::size_t at = 0;
    bool pab_given = false;
    while (at <= text.size()) {
        std::size_t end = text.find_first_of("\r\n", at);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = trim(text.substr(at, end - at));
        at = end + 1;
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            return bad_line(line_number, "expected Key=Value, not '" + std::string(line) + "'");
        const std::string_view key = trim(line.substr(0, eq));
        const auto value = number(line.substr(eq + 1));
        if (!value)
            return bad_line(line_number, "the value of " + std::string(key) + " is not a number");
        const double v = *value;
        auto whole = [&](int low, int high) -> std::optional<int> {
            if (v != std::floor(v) || v < low || v > high) return std::nullopt;
            return static_cast<int>(v);
        };
        auto points = [&]() -> std::optional<Points> {
            const double tenths = v * 10;
            if (v < 0 || v > 99.9 || std::fabs(tenths - std::round(tenths)) > 1e-9)
                return std::nullopt;
            return static_cast<Points>(std::lround(tenths));
        };
        std::optional<int> i;
        std::optional<Points> p;
        if (key == "PlayersNumber" && (i = whole(1, 9999))) {
            c.players = *i;
        } else if (key == "RoundsNumber" && (i = whole(1, 99))) {
            c.rounds = *i;
        } else if (key == "DrawPercentage" && (i = whole(0, 100))) {
            c.draw_percentage = *i;
        } else if (key == "ForfeitRate" && (v == 0 || v >= 1)) {
            c.forfeit_rate = v;
        } else if ((key == "HalfPointByeRate" || key == "HalfPointByteRate") &&
                   (v == 0 || v >= 1)) {
            c.half_point_bye_rate = v;
        } else if (key == "RetiredRate" && (v == 0 || v >= 2)) {
            c.retired_rate = v;
        } else if (key == "HighestRating" && (i = whole(0, 9999))) {
            c.highest_rating = *i;
        } else if (key == "LowestRating" && (i = whole(0, 9999))) {
            c.lowest_rating = *i;
        } else if (key == "PointsForWin" && (p = points())) {
            c.points.win = *p;
            if (!pab_given) c.points.pairing_bye = *p;
        } else if (key == "PointsForDraw" && (p = points())) {
            c.points.draw = *p;
        } else if (key == "PointsForLoss" && (p = points())) {
            c.points.loss = *p;
        } else if (key == "PointsForForfeitLoss" && (p = points())) {
            c.points.forfeit_loss = *p;
            c.points.zero_point_bye = *p;
        } else if (key == "PointsForZPB" && (p = points())) {
            c.points.zero_point_bye = *p;
        } else if (key == "PointsForPAB" && (p = points())) {
            c.points.pairing_bye = *p;
            pab_given = true;
        } else {
            return bad_line(line_number,
                            "unknown key or value out of range: '" + std::string(line) + "'");
        }
    }
    if (c.lowest_rating > c.highest_rating)
        return bad_line(-1, "LowestRating is above HighestRating");
    return c;
}

Result<GeneratorConfig> config_from_model(const Tournament& model) {
    GeneratorConfig c;
    c.players = static_cast<int>(model.players.size());
    c.rounds = std::max(model.total_rounds, model.rounds_recorded());
    if (c.players == 0 || c.rounds == 0)
        return make_error(ErrorCode::InvalidTournament, "the model has no players or no rounds");
    c.points = model.points;
    int games = 0, draws = 0, forfeits = 0, lowest = 9999, highest = 0;
    int with_half = 0, with_zero = 0;
    for (const Player& p : model.players) {
        lowest = std::min(lowest, p.rating);
        highest = std::max(highest, p.rating);
        bool half = false, zero = false;
        for (const RoundEntry& e : p.rounds) {
            if (e.played()) {
                ++games;
                if (e.result == '=' || e.result == 'D') ++draws;
            } else if (e.opponent) {
                ++forfeits;
            } else if (e.result == 'H') {
                half = true;
            } else if (e.result == 'Z' || e.result == ' ') {
                zero = true;
            }
        }
        with_half += half;
        with_zero += zero;
    }
    c.lowest_rating = lowest;
    c.highest_rating = std::max(highest, lowest);
    c.draw_percentage = games ? 100 * draws / games : 0;
    c.forfeit_rate = forfeits ? std::max(1.0, static_cast<double>(games + forfeits) / forfeits) : 0;
    c.half_point_bye_rate =
        with_half ? std::max(1.0, static_cast<double>(c.players) / with_half) : 0;
    c.retired_rate = with_zero ? std::max(2.0, static_cast<double>(c.players) / with_zero) : 0;
    return c;
}

namespace {

// Who asks for half-point byes or misses rounds: one player in `rate` (none when rate <= 0).
std::vector<char> chosen(std::mt19937_64& rng, int players, double rate) {
    std::vector<char> mark(static_cast<std::size_t>(players), 0);
    if (rate <= 0) return mark;
    const int count = std::min(players, static_cast<int>(players / rate));
    std::vector<int> order(static_cast<std::size_t>(players));
    for (int i = 0; i < players; ++i) order[static_cast<std::size_t>(i)] = i;
    std::shuffle(order.begin(), order.end(), rng);
    for (int k = 0; k < count; ++k)
        mark[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = 1;
    return mark;
}

// The results of one game (white's, black's): each player shows up with probability `keep`,
// then a draw, or a win of the stronger player as likely as the rating difference says.
std::pair<char, char> game_results(std::mt19937_64& rng, const GeneratorConfig& c, double keep,
                                   int white_rating, int black_rating) {
    const bool white_shows = unit(rng) < keep, black_shows = unit(rng) < keep;
    char w = '=', b = '=';
    if (!white_shows || !black_shows) {
        w = white_shows ? '+' : '-';
        b = black_shows ? '+' : '-';
    } else {
        // The stronger player's expected score from the rating difference.
        const double diff = std::abs(white_rating - black_rating);
        const double expected = 1.0 / (1.0 + std::pow(10.0, -diff / 400.0));
        const double draw = std::min(c.draw_percentage / 100.0, 2.0 * (1.0 - expected));
        const double x = unit(rng);
        const bool white_stronger = white_rating >= black_rating;
        if (x < draw) {
            w = b = '=';
        } else {
            const bool stronger_wins = x < draw + (expected - draw / 2);
            const bool white_wins = stronger_wins == white_stronger;
            w = white_wins ? '1' : '0';
            b = white_wins ? '0' : '1';
        }
    }
    return {w, b};
}

// Ranks by score, then start number.
void rank_by_score(Tournament& t) {
    std::vector<int> order(t.players.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const Points pa = t.players[static_cast<std::size_t>(a)].points;
        const Points pb = t.players[static_cast<std::size_t>(b)].points;
        return pa != pb ? pa > pb : a < b;
    });
    for (std::size_t k = 0; k < order.size(); ++k)
        t.players[static_cast<std::size_t>(order[k])].rank = static_cast<int>(k + 1);
}

}  // namespace

Result<Tournament> generate_tournament(const GeneratorConfig& c, std::uint64_t seed) {
    if (c.players < 1 || c.rounds < 1)
        return make_error(ErrorCode::InvalidNumber, "a tournament needs players and rounds");
    const Points most = std::max({c.points.win, c.points.draw, c.points.loss, c.points.pairing_bye,
                                  c.points.zero_point_bye, c.points.forfeit_loss});
    if (static_cast<long>(most) * c.rounds > 999)
        return make_error(ErrorCode::InvalidNumber,
                          "a score could pass 99.9, which the TRF's points field cannot hold");
    std::mt19937_64 rng(seed);
    Tournament t;
    t.name = "Random tournament " + std::to_string(seed);
    t.total_rounds = c.rounds;
    t.points = c.points;
    t.initial_colour = rng() & 1 ? Colour::Black : Colour::White;
    std::vector<int> ratings;
    for (int i = 0; i < c.players; ++i)
        ratings.push_back(uniform(rng, c.lowest_rating, c.highest_rating));
    std::sort(ratings.rbegin(), ratings.rend());
    for (int i = 0; i < c.players; ++i) {
        Player p;
        p.start_number = i + 1;
        p.name = "Player " + std::to_string(i + 1);
        p.rating = ratings[static_cast<std::size_t>(i)];
        t.players.push_back(std::move(p));
    }
    // Who asks for half-point byes and who misses rounds (one player in X of each), and in
    // which rounds (never the last, as in bbpPairings' generator).
    const std::vector<char> takes_byes = chosen(rng, c.players, c.half_point_bye_rate);
    const std::vector<char> misses = chosen(rng, c.players, c.retired_rate);
    const double keep = c.forfeit_rate > 0 ? std::sqrt(1.0 - 1.0 / c.forfeit_rate) : 1.0;
    for (int round = 1; round <= c.rounds; ++round) {
        for (int i = 0; i < c.players; ++i) {
            Player& p = t.players[static_cast<std::size_t>(i)];
            p.rounds.resize(static_cast<std::size_t>(round - 1));
            if (round < c.rounds && takes_byes[static_cast<std::size_t>(i)] && unit(rng) < 0.25) {
                p.rounds.push_back({0, Colour::None, 'H'});
            } else if (round > 1 && misses[static_cast<std::size_t>(i)] && unit(rng) < 0.3) {
                p.rounds.push_back({0, Colour::None, 'Z'});
            }
        }
        auto pairing = pair_next_round(t);
        if (!pairing) {
            Error e = pairing.error();
            e.message =
                "round " + std::to_string(round) + " of the generated tournament: " + e.message;
            return std::unexpected(e);
        }
        for (const Pair& pair : pairing->pairs) {
            Player& white = t.players[static_cast<std::size_t>(pair.white - 1)];
            if (pair.black == 0) {
                white.rounds.push_back({0, Colour::None, 'U'});
                continue;
            }
            Player& black = t.players[static_cast<std::size_t>(pair.black - 1)];
            const auto [w, b] = game_results(rng, c, keep, white.rating, black.rating);
            white.rounds.push_back({pair.black, Colour::White, w});
            black.rounds.push_back({pair.white, Colour::Black, b});
        }
        for (Player& p : t.players) {
            p.rounds.resize(static_cast<std::size_t>(round));
            if (p.rounds.back().empty()) p.rounds.back() = {0, Colour::None, 'Z'};
            p.points = t.score(p);
        }
    }
    rank_by_score(t);
    return t;
}

}  // namespace chess960::pairing
