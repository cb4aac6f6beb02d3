// The Tournament Report File. Record 001 has fixed columns (TRF-2026, as in the 2016 format):
//   1-3 "001", 5-8 start number, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
//   54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank,
//   then from column 92 one block of 10 per round: 4 opponent, 1 blank, colour, blank, result.
// Columns count characters, not bytes: names are UTF-8.
#include "chess960/pairing/trf.hpp"

#include <algorithm>
#include <charconv>
#include <istream>
#include <iterator>
#include <set>
#include <sstream>

namespace chess960::pairing {

namespace {

constexpr std::size_t kMaxPlayers = 9999;
constexpr std::size_t kMaxRounds = 999;
constexpr Points kMaxPoints = 9999;

// A line cut into characters: the byte offset of each character (UTF-8).
struct Line {
    std::string_view text;
    int number = 0;
    std::vector<std::size_t> starts;  // byte offset of character i; starts.back() == size

    std::size_t size() const { return starts.size() - 1; }
    // Characters [from, from + count), clipped to the line.
    std::string_view chars(std::size_t from, std::size_t count) const {
        if (from >= size()) return {};
        const std::size_t to = std::min(size(), from + count);
        return text.substr(starts[from], starts[to] - starts[from]);
    }
    char at(std::size_t i) const {
        if (i >= size()) return ' ';
        return starts[i + 1] - starts[i] == 1 ? text[starts[i]] : '\x7f';
    }
};

std::unexpected<Error> fail(const Line& line, std::size_t column0, std::string message) {
    Error e{ErrorCode::InvalidTrf, std::move(message), static_cast<int>(column0) + 1, line.number};
    return std::unexpected<Error>(std::move(e));
}

Result<Line> cut(std::string_view text, int number) {
    Line line{text, number, {}};
    line.starts.reserve(text.size() + 1);
    std::size_t i = 0;
    while (i < text.size()) {
        line.starts.push_back(i);
        const auto byte = static_cast<unsigned char>(text[i]);
        std::size_t length = byte < 0x80           ? 1
                             : (byte >> 5) == 0x6  ? 2
                             : (byte >> 4) == 0xE  ? 3
                             : (byte >> 3) == 0x1E ? 4
                                                   : 0;
        bool valid = length != 0 && i + length <= text.size();
        for (std::size_t k = 1; valid && k < length; ++k)
            valid = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        if (valid && length == 2) valid = byte >= 0xC2;
        if (!valid) {
            line.starts.push_back(text.size());
            return fail(line, line.starts.size() - 2, "not UTF-8 text");
        }
        i += length;
    }
    line.starts.push_back(text.size());
    return line;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool blank(std::string_view s) { return trim(s).empty(); }

// A whole number in the field, or nothing when the field is not one.
std::optional<long> number_in(std::string_view field) {
    field = trim(field);
    if (field.empty() || field.size() > 9) return std::nullopt;
    long value = 0;
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ec != std::errc() || end != field.data() + field.size() || value < 0) return std::nullopt;
    return value;
}

// "6.5", "10", "1.0": tenths. At most one decimal (TRF writes one).
std::optional<Points> points_in(std::string_view field) {
    field = trim(field);
    if (field.empty() || field.size() > 6) return std::nullopt;
    const std::size_t dot = field.find('.');
    auto digits = [](std::string_view d) {
        return !d.empty() &&
               std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    const std::string_view whole = field.substr(0, dot);
    if (!digits(whole)) return std::nullopt;
    Points value = 0;
    for (char c : whole) value = value * 10 + (c - '0');
    value *= 10;
    if (dot != std::string_view::npos) {
        const std::string_view tenths = field.substr(dot + 1);
        if (tenths.size() != 1 || !digits(tenths)) return std::nullopt;
        value += tenths[0] - '0';
    }
    if (value > kMaxPoints) return std::nullopt;
    return value;
}

Result<int> start_number_at(const Line& line, std::size_t from, std::size_t width,
                            const char* what) {
    const auto value = number_in(line.chars(from, width));
    if (!value || *value < 1 || *value > static_cast<long>(kMaxPlayers))
        return fail(line, from,
                    std::string("invalid ") + what + " '" + std::string(line.chars(from, width)) +
                        "': a start number from 1 to 9999");
    return static_cast<int>(*value);
}

Result<Points> points_at(const Line& line, std::size_t from, std::size_t width, const char* what) {
    const auto value = points_in(line.chars(from, width));
    if (!value)
        return fail(line, from,
                    std::string("invalid ") + what + " '" + std::string(line.chars(from, width)) +
                        "': points with at most one decimal, up to 999.9");
    return *value;
}

bool is_result_code(char c) {
    return std::string_view("10=WDL+-HFUZ ").find(c) != std::string_view::npos;
}

// One round block of a player line, "NNNN c r" from column `from`: the opponent, the colour, the
// result, and whether they go together (a bye has no opponent and no colour, a played game
// needs both).
Result<RoundEntry> read_round_block(const Line& line, std::size_t from, int start_number) {
    RoundEntry e;
    const std::string_view opponent = line.chars(from, 4);
    if (!blank(opponent)) {
        const auto value = number_in(opponent);
        if (!value || *value > static_cast<long>(kMaxPlayers))
            return fail(line, from, "invalid opponent '" + std::string(opponent) + "'");
        e.opponent = static_cast<int>(*value);
        if (e.opponent == start_number) return fail(line, from, "a player cannot meet themselves");
    }
    if (line.at(from + 4) != ' ' || line.at(from + 6) != ' ')
        return fail(line, from + 4, "a round block is 'NNNN c r' (opponent, colour, result)");
    const char colour = line.at(from + 5);
    if (colour == 'w' || colour == 'W') {
        e.colour = Colour::White;
    } else if (colour == 'b' || colour == 'B') {
        e.colour = Colour::Black;
    } else if (colour != '-' && colour != ' ') {
        return fail(line, from + 5,
                    std::string("invalid colour '") + colour + "': w, b, - or blank");
    }
    char result = line.at(from + 7);
    if (result >= 'a' && result <= 'z') result = static_cast<char>(result - 'a' + 'A');
    if (!is_result_code(result))
        return fail(line, from + 7,
                    std::string("invalid result '") + line.at(from + 7) +
                        "': one of 1 0 = W D L + - H F U Z");
    e.result = result;
    const bool bye = std::string_view("HFUZ ").find(result) != std::string_view::npos;
    if (bye && e.opponent != 0)
        return fail(line, from + 7,
                    std::string("result '") + result + "' is a bye: it has no opponent");
    if (bye && e.colour != Colour::None) return fail(line, from + 5, "a bye has no colour");
    const bool game = !bye && result != '+' && result != '-';
    if (game && e.colour == Colour::None && !(result == '=' && e.opponent == 0))
        return fail(line, from + 5, "a played game needs a colour (w or b)");
    if (game && e.opponent == 0 && result != '=')
        return fail(line, from, "a played game needs an opponent");
    return e;
}

Result<Player> read_player(const Line& line) {
    if (line.size() < 84)
        return fail(line, line.size(),
                    "player line ends at column " + std::to_string(line.size()) +
                        ": record 001 needs its points in columns 81-84");
    Player p;
    auto number = start_number_at(line, 4, 4, "start number");
    if (!number) return std::unexpected(number.error());
    p.start_number = *number;
    p.sex = line.at(9);
    p.title = std::string(trim(line.chars(10, 3)));
    p.name = std::string(trim(line.chars(14, 33)));
    const std::string_view rating = line.chars(48, 4);
    if (!blank(rating)) {
        const auto value = number_in(rating);
        if (!value || *value > 9999)
            return fail(line, 48, "invalid rating '" + std::string(rating) + "'");
        p.rating = static_cast<int>(*value);
    }
    p.federation = std::string(trim(line.chars(53, 3)));
    p.fide_id = std::string(trim(line.chars(57, 11)));
    p.birth_date = std::string(trim(line.chars(69, 10)));
    auto points = points_at(line, 80, 4, "points");
    if (!points) return std::unexpected(points.error());
    // The field holds four characters: 99.9 at most ("100.0" could not be written back).
    if (*points > 999) return fail(line, 80, "points above 99.9 do not fit the points field");
    p.points = *points;
    const std::string_view rank = line.chars(85, 4);
    if (!blank(rank)) {
        const auto value = number_in(rank);
        if (!value) return fail(line, 85, "invalid rank '" + std::string(rank) + "'");
        p.rank = static_cast<int>(*value);
    }
    for (std::size_t i = 84; i < std::min<std::size_t>(line.size(), 91); ++i)
        if (i != 85 && i != 86 && i != 87 && i != 88 && line.at(i) != ' ')
            return fail(line, i, "unexpected text between the rank and round 1");
    std::size_t from = 91;
    for (; from + 8 <= line.size(); from += 10) {
        if (p.rounds.size() >= kMaxRounds) return fail(line, from, "more than 999 rounds");
        if (line.at(from - 2) != ' ' || line.at(from - 1) != ' ')
            return fail(line, from - 2, "round blocks are separated by two blanks");
        auto e = read_round_block(line, from, p.start_number);
        if (!e) return std::unexpected(e.error());
        p.rounds.push_back(*e);
    }
    // After the last whole block (its two separating blanks included) only blanks.
    for (std::size_t i = from - 2; i < line.size(); ++i)
        if (line.at(i) != ' ') return fail(line, i, "unexpected text after the last round");
    while (!p.rounds.empty() && p.rounds.back().empty()) p.rounds.pop_back();
    return p;
}

// "XXR 9", "142 9".
Result<int> read_rounds(const Line& line) {
    const std::string_view field = line.chars(3, line.size());
    const auto value = number_in(field);
    if (!value || *value < 1 || *value > static_cast<long>(kMaxRounds))
        return fail(line, 3, "invalid number of rounds '" + std::string(trim(field)) + "'");
    return static_cast<int>(*value);
}

Result<void> read_point_system_162(const Line& line, PointSystem& points, bool& pab_given) {
    // "162  W 1.0    D 0.5 ..." : a code letter, then its points in 4 characters, every 9.
    std::size_t from = 5;
    for (; from + 5 <= line.size(); from += 9) {
        const char code = line.at(from);
        auto value = points_at(line, from + 1, 4, "points");
        if (!value) return std::unexpected(value.error());
        switch (code) {
            case 'W':
                points.win = *value;
                if (!pab_given) points.pairing_bye = *value;
                break;
            case 'D':
                points.draw = *value;
                break;
            case 'L':
                points.loss = *value;
                break;
            case 'Z':
            case 'A':
                points.zero_point_bye = *value;
                points.forfeit_loss = *value;
                break;
            case 'P':
                points.pairing_bye = *value;
                pab_given = true;
                break;
            default:
                return fail(line, from, std::string("unknown point code '") + code + "'");
        }
        for (std::size_t i = from + 5; i < std::min(line.size(), from + 9); ++i)
            if (line.at(i) != ' ') return fail(line, i, "unexpected text in record 162");
    }
    for (std::size_t i = from; i < line.size(); ++i)
        if (line.at(i) != ' ') return fail(line, i, "unexpected text in record 162");
    return {};
}

// JaVaFo's XXS: "XXS W=1.0 D=0.5 ..." (WW, BW, WD, BD, WL, BL, ZPB, HPB, FPB, PAB, FW, FL).
Result<void> read_point_system_xxs(const Line& line, PointSystem& points, bool& pab_given) {
    std::size_t i = 3;
    while (i < line.size()) {
        while (i < line.size() && line.at(i) == ' ') ++i;
        if (i >= line.size()) break;
        const std::size_t start = i;
        while (i < line.size() && line.at(i) != ' ') ++i;
        const std::string_view token = line.chars(start, i - start);
        const std::size_t eq = token.find('=');
        if (eq == std::string_view::npos)
            return fail(line, start, "XXS expects KEY=POINTS, not '" + std::string(token) + "'");
        const std::string_view key = token.substr(0, eq);
        const auto value = points_in(token.substr(eq + 1));
        if (!value)
            return fail(line, start + eq + 1,
                        "invalid points '" + std::string(token.substr(eq + 1)) + "'");
        if (key == "W" || key == "WW" || key == "BW") {
            points.win = *value;
            if (!pab_given) points.pairing_bye = *value;
        } else if (key == "D" || key == "WD" || key == "BD") {
            points.draw = *value;
        } else if (key == "L" || key == "WL" || key == "BL") {
            points.loss = *value;
        } else if (key == "ZPB") {
            points.zero_point_bye = *value;
        } else if (key == "FL") {
            points.forfeit_loss = *value;
        } else if (key == "PAB") {
            points.pairing_bye = *value;
            pab_given = true;
        } else if (key != "HPB" && key != "FPB" && key != "FW") {
            return fail(line, start, "unknown XXS key '" + std::string(key) + "'");
        }
    }
    return {};
}

Result<Points> read_bb_points(const Line& line) {
    return points_at(line, 4, std::max<std::size_t>(line.size(), 5) - 4, "points");
}

// XXA NNNN pppp pppp ...: the points added to the player's score for pairing, per round.
Result<void> read_acceleration(const Line& line, Tournament& t,
                               std::vector<std::pair<int, std::vector<Points>>>& out) {
    auto number = start_number_at(line, 4, 4, "start number");
    if (!number) return std::unexpected(number.error());
    std::vector<Points> values;
    std::size_t from = 9;
    for (; from + 4 <= line.size(); from += 5) {
        if (values.size() >= kMaxRounds) return fail(line, from, "more than 999 rounds");
        const std::string_view field = line.chars(from, 4);
        if (blank(field)) {
            values.push_back(0);
            continue;
        }
        auto value = points_at(line, from, 4, "acceleration");
        if (!value) return std::unexpected(value.error());
        values.push_back(*value);
    }
    for (std::size_t i = from; i < line.size(); ++i)
        if (line.at(i) != ' ') return fail(line, i, "unexpected text in XXA");
    (void)t;
    out.emplace_back(*number, std::move(values));
    return {};
}

Result<std::vector<int>> read_numbers(const Line& line, std::size_t from) {
    std::vector<int> numbers;
    std::size_t i = from;
    while (i < line.size()) {
        while (i < line.size() && (line.at(i) == ' ' || line.at(i) == '\t')) ++i;
        if (i >= line.size()) break;
        const std::size_t start = i;
        while (i < line.size() && line.at(i) != ' ' && line.at(i) != '\t') ++i;
        auto number = start_number_at(line, start, i - start, "start number");
        if (!number) return std::unexpected(number.error());
        numbers.push_back(*number);
    }
    return numbers;
}

std::unexpected<Error> inconsistent(std::string message, int line = -1) {
    Error e{ErrorCode::InvalidTournament, std::move(message), -1, line};
    return std::unexpected<Error>(std::move(e));
}

// 250 MMMM GGGG RRR RRR PPPP PPPP: GGGG points added for pairing in rounds RRR to RRR to the
// players PPPP to PPPP (match points are for teams).
struct RangedAcceleration {
    Points points;
    int first_round, last_round, first_player, last_player;
};

// A tournament file as read so far: the tournament, and what its last checks need.
struct Reading {
    Tournament t;
    bool pab_given = false;
    std::vector<int> player_line_of = std::vector<int>(kMaxPlayers + 1, 0);
    std::vector<std::pair<int, std::vector<Points>>> accelerations;
    std::vector<RangedAcceleration> ranged_accelerations;
};

// 001: a player's line, kept under its start number.
Result<void> read_player_record(Reading& reading, const Line& line, int number) {
    auto player = read_player(line);
    if (!player) return std::unexpected(player.error());
    const auto n = static_cast<std::size_t>(player->start_number);
    if (reading.player_line_of[n] != 0)
        return fail(line, 4,
                    "start number " + std::to_string(n) + " is repeated (first on line " +
                        std::to_string(reading.player_line_of[n]) + ")");
    reading.player_line_of[n] = number;
    Tournament& t = reading.t;
    if (t.players.size() < n) t.players.resize(n);
    t.players[n - 1] = std::move(*player);
    t.lines.push_back("001 " + std::to_string(n));
    return {};
}

// XXC: the words rank, white1 and black1.
void read_xxc(const Line& line, Tournament& t) {
    std::size_t i = 3;
    while (i < line.size()) {
        while (i < line.size() && (line.at(i) == ' ' || line.at(i) == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line.at(i) != ' ' && line.at(i) != '\t') ++i;
        const std::string_view token = line.chars(start, i - start);
        if (token == "rank") t.use_rank = true;
        if (token == "white1") t.initial_colour = Colour::White;
        if (token == "black1") t.initial_colour = Colour::Black;
    }
}

// 152: the first player's colour.
Result<void> read_initial_colour(const Line& line, Tournament& t) {
    const std::string_view c = trim(line.chars(3, line.size()));
    if (c == "W" || c == "w") {
        t.initial_colour = Colour::White;
    } else if (c == "B" || c == "b") {
        t.initial_colour = Colour::Black;
    } else {
        return fail(line, 4, "record 152 is W or B (the first player's colour)");
    }
    return {};
}

// BBW, BBD, BBL, BBZ, BBF, BBU: the points of a win, a draw, a loss, a zero-point bye, a
// forfeit loss, the pairing-allocated bye.
Result<void> read_bb(const Line& line, char which, PointSystem& points, bool& pab_given) {
    auto value = read_bb_points(line);
    if (!value) return std::unexpected(value.error());
    if (which == 'W') {
        points.win = *value;
        if (!pab_given) points.pairing_bye = *value;
    }
    if (which == 'D') points.draw = *value;
    if (which == 'L') points.loss = *value;
    if (which == 'Z') points.zero_point_bye = *value;
    if (which == 'F') points.forfeit_loss = *value;
    if (which == 'U') {
        points.pairing_bye = *value;
        pab_given = true;
    }
    return {};
}

// "260 RRR RRR NNNN NNNN ...": no two of these players meet in these rounds.
Result<void> read_forbidden_in_rounds(const Line& line, Tournament& t) {
    const auto first = number_in(line.chars(4, 3));
    const auto last = number_in(line.chars(8, 3));
    if (!first || *first < 1 || *first > static_cast<long>(kMaxRounds))
        return fail(line, 4, "invalid first round in record 260");
    if (!last || *last < *first || *last > static_cast<long>(kMaxRounds))
        return fail(line, 8, "invalid last round in record 260");
    auto numbers = read_numbers(line, 12);
    if (!numbers) return std::unexpected(numbers.error());
    t.forbidden_in_rounds.push_back(
        {static_cast<int>(*first), static_cast<int>(*last), std::move(*numbers)});
    return {};
}

// 250 (RangedAcceleration).
Result<void> read_ranged_acceleration(const Line& line, std::vector<RangedAcceleration>& out) {
    if (!blank(line.chars(4, 4))) return fail(line, 4, "record 250's match points must be blank");
    auto points = points_at(line, 9, 4, "acceleration");
    if (!points) return std::unexpected(points.error());
    const auto first = number_in(line.chars(14, 3));
    const auto last = number_in(line.chars(18, 3));
    if (!first || *first < 1 || *first > static_cast<long>(kMaxRounds))
        return fail(line, 14, "invalid first round in record 250");
    if (!last || *last < *first || *last > static_cast<long>(kMaxRounds))
        return fail(line, 18, "invalid last round in record 250");
    auto low = start_number_at(line, 22, 4, "start number");
    if (!low) return std::unexpected(low.error());
    auto high = start_number_at(line, 27, 4, "start number");
    if (!high) return std::unexpected(high.error());
    if (*high < *low) return fail(line, 27, "the last player comes before the first");
    out.push_back({*points, static_cast<int>(*first), static_cast<int>(*last), *low, *high});
    return {};
}

// "240 T RRR NNNN NNNN ...": byes of kind T (H half-point, Z zero-point, F full-point) asked
// for round RRR.
Result<void> read_requested_byes(const Line& line, Tournament& t) {
    const std::string_view kind = line.chars(4, 1);
    if (kind != "H" && kind != "Z" && kind != "F")
        return fail(line, 4, "the kind of bye in record 240 must be H, Z or F");
    const auto round = number_in(line.chars(6, 3));
    if (!round || *round < 1 || *round > static_cast<long>(kMaxRounds))
        return fail(line, 6, "invalid round in record 240");
    auto numbers = read_numbers(line, 10);
    if (!numbers) return std::unexpected(numbers.error());
    for (int n : *numbers) t.requested_byes.push_back({static_cast<int>(*round), n, kind[0]});
    return {};
}

// 192: the pairing system, the Dutch one with or without the Baku acceleration.
Result<void> read_pairing_system(const Line& line, Tournament& t) {
    const std::string_view system = trim(line.chars(4, line.size()));
    if (system == "FIDE_DUTCH_2025" || system == "FIDE_DUTCH") {
        t.baku_acceleration = false;
    } else if (system == "FIDE_DUTCH_2025_BAKU" || system == "FIDE_DUTCH_BAKU") {
        t.baku_acceleration = true;
    } else {
        return fail(line, 4, "unsupported pairing system '" + std::string(system) + "'");
    }
    return {};
}

// Any record but a player's (kept as it is in t.lines); unknown records are kept unread.
Result<void> read_record(Reading& reading, const Line& line, std::string_view code) {
    Tournament& t = reading.t;
    if (code == "012") {
        t.name = std::string(trim(line.chars(4, line.size())));
    } else if (code == "XXR" || code == "142") {
        auto rounds = read_rounds(line);
        if (!rounds) return std::unexpected(rounds.error());
        t.total_rounds = *rounds;
    } else if (code == "XXC") {
        read_xxc(line, t);
    } else if (code == "152") {
        return read_initial_colour(line, t);
    } else if (code == "162") {
        return read_point_system_162(line, t.points, reading.pab_given);
    } else if (code == "XXS") {
        return read_point_system_xxs(line, t.points, reading.pab_given);
    } else if (code == "BBW" || code == "BBD" || code == "BBL" || code == "BBZ" || code == "BBF" ||
               code == "BBU") {
        return read_bb(line, code[2], t.points, reading.pab_given);
    } else if (code == "XXA") {
        return read_acceleration(line, t, reading.accelerations);
    } else if (code == "XXP") {
        auto numbers = read_numbers(line, 3);
        if (!numbers) return std::unexpected(numbers.error());
        t.forbidden.push_back(std::move(*numbers));
    } else if (code == "260") {
        return read_forbidden_in_rounds(line, t);
    } else if (code == "250") {
        return read_ranged_acceleration(line, reading.ranged_accelerations);
    } else if (code == "240") {
        return read_requested_byes(line, t);
    } else if (code == "192") {
        return read_pairing_system(line, t);
    } else if (code == "013" || code == "310") {
        return fail(line, 0, "team tournaments are not supported");
    } else if (code == "299") {
        return fail(line, 0, "abnormal assignment points (record 299) are not supported");
    }
    return {};
}

// The accelerations of XXA and 250 given to their players.
Result<void> apply_accelerations(Reading& reading) {
    Tournament& t = reading.t;
    for (auto& [n, values] : reading.accelerations) {
        Player* p = t.player(n);
        if (p == nullptr)
            return inconsistent("XXA names start number " + std::to_string(n) +
                                ", which has no player");
        p->acceleration = std::move(values);
    }
    for (const RangedAcceleration& r : reading.ranged_accelerations) {
        for (int n = r.first_player; n <= r.last_player; ++n) {
            Player* p = t.player(n);
            if (p == nullptr)
                return inconsistent("record 250 names start number " + std::to_string(n) +
                                    ", which has no player");
            auto& a = p->acceleration;
            if (static_cast<int>(a.size()) < r.last_round)
                a.resize(static_cast<std::size_t>(r.last_round), 0);
            for (int round = r.first_round; round <= r.last_round; ++round)
                a[static_cast<std::size_t>(round - 1)] = r.points;
        }
    }
    return {};
}

// Every player the records 260, 240 and XXP name has a line.
Result<void> check_named_players(const Tournament& t) {
    for (const auto& group : t.forbidden_in_rounds)
        for (int n : group.players)
            if (t.player(n) == nullptr)
                return inconsistent("record 260 names start number " + std::to_string(n) +
                                    ", which has no player");
    for (const auto& [round, n, kind] : t.requested_byes)
        if (t.player(n) == nullptr)
            return inconsistent("record 240 names start number " + std::to_string(n) +
                                ", which has no player");
    for (const auto& group : t.forbidden)
        for (int n : group)
            if (t.player(n) == nullptr)
                return inconsistent("XXP names start number " + std::to_string(n) +
                                    ", which has no player");
    return {};
}

// Every game as both players list it (C.04.1: a pairing is one game between two players).
Result<void> check_games(const Tournament& t, const std::vector<int>& player_line_of) {
    for (const Player& p : t.players) {
        const int where = player_line_of[static_cast<std::size_t>(p.start_number)];
        for (std::size_t r = 0; r < p.rounds.size(); ++r) {
            const RoundEntry& e = p.rounds[r];
            if (e.opponent == 0) continue;
            const Player* o = t.player(e.opponent);
            const std::string where_text =
                "round " + std::to_string(r + 1) + " of player " + std::to_string(p.start_number);
            if (o == nullptr)
                return inconsistent(
                    where_text + ": opponent " + std::to_string(e.opponent) + " has no player line",
                    where);
            const RoundEntry other = o->entry(static_cast<int>(r + 1));
            if (other.opponent != p.start_number)
                return inconsistent(
                    where_text + " names " + std::to_string(e.opponent) + ", whose line names " +
                        (other.opponent ? std::to_string(other.opponent) : std::string("nobody")),
                    where);
            if (e.played() != other.played() || (e.played() && e.colour == other.colour))
                return inconsistent(
                    where_text + " contradicts the entry of player " + std::to_string(e.opponent),
                    where);
        }
    }
    return {};
}

}  // namespace

Result<Tournament> read_trf(std::string_view text) {
    Reading reading;
    int number = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find_first_of("\r\n", at);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view raw = text.substr(at, end - at);
        at = end;
        if (at < text.size())
            at += (text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n') ? 2 : 1;
        ++number;
        auto cut_line = cut(raw, number);
        if (!cut_line) return std::unexpected(cut_line.error());
        const Line& line = *cut_line;
        const std::string_view code = line.chars(0, 3);
        Result<void> done;
        if (code == "001") {
            done = read_player_record(reading, line, number);
        } else {
            reading.t.lines.emplace_back(raw);
            done = read_record(reading, line, code);
        }
        if (!done) return std::unexpected(done.error());
    }
    Tournament& t = reading.t;
    for (std::size_t i = 0; i < t.players.size(); ++i)
        if (t.players[i].start_number == 0)
            return inconsistent("start number " + std::to_string(i + 1) +
                                " is missing (players are numbered 1 to " +
                                std::to_string(t.players.size()) + ")");
    if (auto applied = apply_accelerations(reading); !applied)
        return std::unexpected(applied.error());
    if (auto named = check_named_players(t); !named) return std::unexpected(named.error());
    if (auto games = check_games(t, reading.player_line_of); !games)
        return std::unexpected(games.error());
    return std::move(reading.t);
}

Result<Tournament> read_trf(std::istream& in) {
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (in.bad()) return inconsistent("the tournament file could not be read");
    return read_trf(text);
}

namespace {

std::size_t char_count(std::string_view s) {
    std::size_t n = 0;
    for (char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
    return n;
}

// The field left-aligned in `width` characters (cut if longer).
void left(std::string& out, std::string_view field, std::size_t width) {
    std::size_t n = 0, i = 0;
    while (i < field.size() && n < width) {
        std::size_t len = 1;
        while (i + len < field.size() &&
               (static_cast<unsigned char>(field[i + len]) & 0xC0) == 0x80)
            ++len;
        out.append(field.substr(i, len));
        i += len;
        ++n;
    }
    out.append(width - n, ' ');
}

void right(std::string& out, std::string_view field, std::size_t width) {
    const std::size_t n = char_count(field);
    if (n < width) out.append(width - n, ' ');
    out.append(field);
}

}  // namespace

std::string player_line(const Player& p) {
    std::string out = "001 ";
    right(out, std::to_string(p.start_number), 4);
    out += ' ';
    out += p.sex;
    left(out, p.title, 3);
    out += ' ';
    left(out, p.name, 33);
    out += ' ';
    right(out, p.rating ? std::to_string(p.rating) : "", 4);
    out += ' ';
    left(out, p.federation, 3);
    out += ' ';
    right(out, p.fide_id, 11);
    out += ' ';
    left(out, p.birth_date, 10);
    out += ' ';
    right(out, format_points(p.points), 4);
    out += ' ';
    right(out, p.rank ? std::to_string(p.rank) : "", 4);
    for (const RoundEntry& e : p.rounds) {
        out += "  ";
        if (e.empty()) {
            out += "        ";
            continue;
        }
        if (e.opponent) {
            right(out, std::to_string(e.opponent), 4);
        } else {
            out += "0000";
        }
        out += ' ';
        out += e.colour == Colour::White ? 'w' : e.colour == Colour::Black ? 'b' : '-';
        out += ' ';
        out += e.result;
    }
    if (p.rounds.empty()) {
        while (!out.empty() && out.back() == ' ') out.pop_back();
    }
    return out;
}

namespace {

// The point system, when it is not the usual one: record 162, or bbpPairings' codes.
void write_point_system(std::string& out, const PointSystem& points) {
    const PointSystem standard;
    if (points.zero_point_bye == points.forfeit_loss) {
        // 162: a code and its points every 9 columns from column 6.
        std::string record = "162 ";
        auto code = [&](char name, Points value, Points usual) {
            if (value == usual) return;
            record += record.size() == 4 ? " " : "    ";
            record += name;
            right(record, format_points(value), 4);
        };
        code('W', points.win, standard.win);
        code('D', points.draw, standard.draw);
        code('L', points.loss, standard.loss);
        code('Z', points.zero_point_bye, standard.zero_point_bye);
        code('P', points.pairing_bye, points.win);
        if (record.size() > 4) out += record + "\n";
    } else {
        // 162 cannot give forfeits and zero-point byes different values: bbpPairings' codes.
        auto code = [&](const char* name, Points value, Points usual) {
            if (value == usual) return;
            out += std::string(name) + " ";  // the points right-aligned in columns 5-8
            right(out, format_points(value), 4);
            out += "\n";
        };
        code("BBW", points.win, standard.win);
        code("BBD", points.draw, standard.draw);
        code("BBL", points.loss, standard.loss);
        code("BBZ", points.zero_point_bye, standard.zero_point_bye);
        code("BBF", points.forfeit_loss, standard.forfeit_loss);
        code("BBU", points.pairing_bye, points.win);
    }
}

// What JaVaFo's and bbpPairings' codes say and TRF-2026 has no record for: accelerations
// (XXA), forbidden pairs (XXP) and those of some rounds (260), byes asked for (240).
void write_pairing_records(std::string& out, const Tournament& t) {
    for (const Player& p : t.players) {
        if (p.acceleration.empty()) continue;
        out += "XXA ";
        right(out, std::to_string(p.start_number), 4);
        for (Points a : p.acceleration) {
            out += ' ';
            right(out, format_points(a), 4);
        }
        out += "\n";
    }
    for (const auto& group : t.forbidden) {
        out += "XXP";
        for (int n : group) out += " " + std::to_string(n);
        out += "\n";
    }
    for (const auto& group : t.forbidden_in_rounds) {
        out += "260 ";
        right(out, std::to_string(group.first_round), 3);
        out += ' ';
        right(out, std::to_string(group.last_round), 3);
        for (int n : group.players) {
            out += ' ';
            right(out, std::to_string(n), 4);
        }
        out += "\n";
    }
    for (const auto& [round, n, kind] : t.requested_byes) {
        out += "240 ";
        out += kind;
        out += ' ';
        right(out, std::to_string(round), 3);
        out += ' ';
        right(out, std::to_string(n), 4);
        out += "\n";
    }
}

}  // namespace

std::string write_trf(const Tournament& t) {
    std::string out;
    std::vector<bool> written(t.players.size(), false);
    auto write_player = [&](int n) {
        const Player* p = t.player(n);
        if (p == nullptr) return;
        written[static_cast<std::size_t>(n - 1)] = true;
        out += player_line(*p);
        out += '\n';
    };
    auto write_unwritten = [&] {
        for (std::size_t i = 0; i < t.players.size(); ++i)
            if (!written[i]) write_player(static_cast<int>(i + 1));
    };
    if (t.lines.empty()) {
        // A tournament built in memory: TRF-2026's records (142 rounds, 152 the first player's
        // colour, 162 the points), its players, then what JaVaFo's and bbpPairings' codes say
        // and TRF-2026 has no record for.
        if (!t.name.empty()) out += "012 " + t.name + "\n";
        if (t.total_rounds) out += "142 " + std::to_string(t.total_rounds) + "\n";
        if (t.initial_colour != Colour::None)
            out += std::string("152 ") + (t.initial_colour == Colour::White ? "W" : "B") + "\n";
        write_point_system(out, t.points);
        write_unwritten();
        write_pairing_records(out, t);
        return out;
    }
    std::size_t last_player_line = 0;
    for (std::size_t i = 0; i < t.lines.size(); ++i)
        if (t.lines[i].starts_with("001 ")) last_player_line = i;
    for (std::size_t i = 0; i < t.lines.size(); ++i) {
        const std::string& line = t.lines[i];
        if (line.starts_with("001 ")) {
            write_player(std::stoi(line.substr(4)));
            if (i == last_player_line) write_unwritten();
        } else {
            out += line;
            out += '\n';
        }
    }
    if (std::find(written.begin(), written.end(), false) != written.end()) write_unwritten();
    return out;
}

}  // namespace chess960::pairing
