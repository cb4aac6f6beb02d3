// make_pgn_corpus: writes a reproducible corpus of random Chess960 games as PGN, for the PGN
// speed benchmark (bench/pgn_bench.sh).
//
// Each game starts from a seeded random start position (any of the 960, each equally likely)
// and is played by a seeded random mover: a capture when one is available half of the time,
// else any legal move; promotions are to a queen three times out of four. A game ends on the
// board (checkmate, stalemate, dead position, fivefold repetition, 75-move rule), or when it
// reaches its drawn length of 80 to 120 plies: then the side more than two pawns behind in
// material resigns, and otherwise the players agree a draw. The games are written by
// pgn::write_game (seven-tag roster, [Variant "Chess960"], [SetUp "1"], [FEN ...], PlyCount,
// Termination) with no comments, so a reader's time goes to tags, SAN and move checking.
//
// --style lichess writes the same games as lichess exports its databases (database.lichess.org,
// the files published as .pgn.zst): twenty tags (site URL, UTC date and time, ratings, rating
// changes, time control, ECO, opening), the movetext on one line with "N..." before Black's
// moves and a clock comment `{ [%clk 0:02:57] }` after every move. The names, ratings and clocks
// are drawn from a second generator, so both styles hold the same games. About half of such a
// file is comments, which a reader skips quickly and a compressor packs well: it weighs the
// decompression against the replay differently (bench/pgn_threads_bench.sh measures both).
//
// --moves policy (issue 42, the game database's benchmark, bench/db/db_bench.sh) plays moves a
// database sees instead: each move is drawn by its RANK in the database's move order
// (chess960/db/move_order.hpp, the likeliest first), the rank sampled with the weights the
// database's move code is trained on (db::rank_frequencies(), how often each rank was played in
// engine games), among the ranks the position has moves for. So the first moves from a start
// position concentrate on a few likely moves, as players' do, and opening trees branch like real
// ones rather than spreading over every legal move. The game ends on the board or at its drawn
// length of 10 to 148 plies (two uniform draws of 0 to 69 added to 10, about 80 on average); a
// game not over then is decided from the players' ratings and the material: a draw by agreement
// about one time in twenty (more among strong players), else the loser resigns or, one time in
// three when it is the loser's move, loses on time (Termination "Time forfeit"). With --style
// lichess the decorations are drawn as a lichess export's look: a pool of 5,000 players
// (lichess-like names, each with a rating, about 1500 +- 350, and an activity: a few play hundreds
// of times more games than most), an opponent of a close rating, the games in time order from
// 2019-01-01 to 2025-12-31 (more of them each year), lichess's speeds (ultraBullet, bullet, blitz,
// rapid, classical and correspondence time controls, blitz the commonest), one game in twenty
// casual (no rating changes), clocks (none in correspondence). A
// --moves random file is the same as before this option existed.
//
// The same --seed, --style and --moves always give the same file.
//
// usage: make_pgn_corpus [--games N] [--seed S] [--style random|lichess] [--moves random|policy]
//                        [--output FILE]
//   defaults: 100000 games, seed 1, random, random, standard output
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/db/move_code.hpp"
#include "chess960/db/move_order.hpp"
#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"

using namespace chess960;

namespace {

[[noreturn]] void usage(const char* message) {
    std::fprintf(stderr,
                 "make_pgn_corpus: %s\n"
                 "usage: make_pgn_corpus [--games N] [--seed S] [--style random|lichess] "
                 "[--moves random|policy] [--output FILE]\n",
                 message);
    std::exit(2);
}

int material(const Position& pos, Color c) {
    constexpr int kValue[] = {1, 3, 3, 5, 9, 0};
    int total = 0;
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen})
        total += kValue[t] * popcount(pos.pieces(c, t));
    return total;
}

// One random game, played out and ended.
Game random_game(startpos::Random& rng) {
    const int number = rng.draw();
    Game game(*startpos::position(number));
    const int length = 80 + int(rng.below(41));
    while (game.ply_count() < length && !game.outcome().is_over()) {
        const Position& pos = game.position();
        const MoveList moves = pos.legal_moves();
        MoveList captures;
        for (Move m : moves)
            if (pos.is_capture(m)) captures.push(m);
        const MoveList& from = !captures.empty() && rng.below(2) == 0 ? captures : moves;
        Move m = from[int(rng.below(std::uint64_t(from.size())))];
        if (m.is_promotion() && m.promotion() != Queen && rng.below(4) != 0)
            m = Move(m.from(), m.to(), Move::Promotion, Queen);
        if (!game.play(m)) {
            std::fprintf(stderr, "make_pgn_corpus: the library refused its own legal move\n");
            std::exit(1);
        }
    }
    if (!game.outcome().is_over()) {
        const Position& pos = game.position();
        const int balance = material(pos, White) - material(pos, Black);
        if (balance > 2)
            game.resign(Black);
        else if (balance < -2)
            game.resign(White);
        else
            game.agree_draw();
    }
    return game;
}

// The game as a record with the seven-tag roster and a few more, ready to write.
std::string plain_text(const Game& game, long index) {
    const Outcome outcome = game.outcome();
    pgn::GameRecord record;
    record.start = game.start_position();
    record.chess960 = true;
    record.result = outcome.result;
    for (Move m : game.moves()) record.main.nodes.push_back(pgn::Node{m, {}, {}, {}});
    record.set_tag("Event", "Random Chess960 corpus");
    record.set_tag("Site", "chess960 bench/make_pgn_corpus");
    record.set_tag("Date", "2026.11.22");
    record.set_tag("Round", std::to_string(index));
    record.set_tag("White", "Random mover A");
    record.set_tag("Black", "Random mover B");
    record.set_tag("PlyCount", std::to_string(game.ply_count()));
    record.set_tag("Termination", termination_string(outcome.termination));
    return pgn::write_game(record);
}

// h:mm:ss, as lichess writes its clocks.
std::string clock_text(int seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60,
                  seconds % 60);
    return text;
}

// `length` characters drawn from `alphabet`.
std::string random_text(startpos::Random& rng, std::string_view alphabet, int length) {
    std::string text;
    for (int i = 0; i < length; ++i) text += alphabet[rng.below(alphabet.size())];
    return text;
}

// A lichess-style player name: letters, digits, '_' and '-', 3 to 16 characters.
std::string player_name(startpos::Random& rng) {
    const int length = 3 + int(rng.below(14));
    return random_text(rng, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-",
                       length);
}

// How long a player thinks over a move: `unit` tenths of a second times a uniform draw of 0 to
// 2 * `mean`.
struct Thinking {
    int mean;
    int unit;
};

// The moves as lichess writes them, on one line, "N..." before Black's moves; with a clock
// comment after each (whole seconds; `rng` draws the thinking) unless `base` is negative
// (correspondence).
std::string lichess_movetext(const Game& game, startpos::Random& rng, int base, int increment,
                             Thinking thinking) {
    std::string text;
    int clocks[2] = {10 * base, 10 * base};  // tenths of a second
    for (int ply = 0; ply < game.ply_count(); ++ply) {
        const int side = ply % 2;
        text += std::to_string(ply / 2 + 1) + (side ? "... " : ". ");
        text += to_san(game.position_at(ply), game.moves()[std::size_t(ply)]);
        if (base < 0) {
            text += ' ';
            continue;
        }
        const int think = thinking.unit * int(rng.below(std::uint64_t(2 * thinking.mean + 1)));
        clocks[side] = std::max(0, clocks[side] - think) + 10 * increment;
        text += " { [%clk " + clock_text(clocks[side] / 10) + "] } ";
    }
    return text;
}

// The game as lichess exports it (see the top of this file); `rng` draws the decorations.
// Written here rather than by pgn::write_game, whose export format differs from lichess's where
// it matters to the benchmark: it wraps the movetext at 80 columns and writes `{text}`.
std::string lichess_text(const Game& game, startpos::Random& rng) {
    static constexpr int kControls[][2] = {{60, 0},  {120, 1}, {180, 0}, {180, 2}, {300, 0},
                                           {300, 3}, {600, 0}, {600, 5}, {900, 10}};
    const auto& control = kControls[rng.below(std::size(kControls))];
    const int day = 1 + int(rng.below(28));
    const int second_of_day = int(rng.below(86400));
    const std::string result = result_string(game.outcome().result);
    char date[32], time_of_day[48];
    std::snprintf(date, sizeof date, "2024.01.%02d", day);
    std::snprintf(time_of_day, sizeof time_of_day, "%02d:%02d:%02d", second_of_day / 3600,
                  second_of_day / 60 % 60, second_of_day % 60);
    // The rating changes have opposite signs, as after a rated game.
    const bool white_gains = rng.below(2) != 0;
    const auto rating_change = [&](bool gains) {
        return (gains ? "+" : "-") + std::to_string(1 + rng.below(12));
    };
    const std::string site =
        "https://lichess.org/" +
        random_text(rng, "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ2345678", 8);

    std::string text;
    const auto tag = [&](const char* name, const std::string& value) {
        text += std::string("[") + name + " \"" + value + "\"]\n";
    };
    tag("Event", "Rated Chess960 game");
    tag("Site", site);
    tag("Date", date);
    tag("Round", "-");
    tag("White", player_name(rng));
    tag("Black", player_name(rng));
    tag("Result", result);
    tag("UTCDate", date);
    tag("UTCTime", time_of_day);
    tag("WhiteElo", std::to_string(1000 + rng.below(1700)));
    tag("BlackElo", std::to_string(1000 + rng.below(1700)));
    tag("WhiteRatingDiff", rating_change(white_gains));
    tag("BlackRatingDiff", rating_change(!white_gains));
    tag("Variant", "Chess960");
    tag("TimeControl", std::to_string(control[0]) + "+" + std::to_string(control[1]));
    tag("ECO", "?");
    tag("Opening", "?");
    tag("Termination", "Normal");
    tag("FEN", write_fen(game.start_position()));
    tag("SetUp", "1");
    text += '\n';

    // Whole seconds, about a sixtieth of the base time.
    text += lichess_movetext(game, rng, control[0], control[1], Thinking{control[0] / 60 + 1, 10});
    text += result + "\n";
    return text;
}

// --- --moves policy (see the top of this file) -----------------------------------------------

// A uniform number in [0, 1).
double uniform(startpos::Random& rng) { return double(rng.below(1ull << 40)) / double(1ull << 40); }

// Draws each move by its rank in the database's move order, the rank with the weights of
// db::rank_frequencies() among the ranks the position has moves for.
class PolicyMover {
  public:
    PolicyMover() {
        const std::span<const std::uint64_t> weights = db::rank_frequencies();
        cumulative_.assign(weights.size() + 1, 0);
        for (std::size_t r = 0; r < weights.size(); ++r)
            cumulative_[r + 1] = cumulative_[r] + weights[r];
    }

    Move pick(const Position& pos, startpos::Random& rng) const {
        const std::size_t ranks =
            std::min(std::size_t(pos.legal_moves().size()), cumulative_.size() - 1);
        const std::uint64_t x = rng.below(cumulative_[ranks]);
        // The rank r with cumulative_[r] <= x < cumulative_[r + 1].
        const auto above = std::upper_bound(cumulative_.begin(),
                                            cumulative_.begin() + std::ptrdiff_t(ranks) + 1, x);
        return db::move_at_rank(pos, int(above - cumulative_.begin()) - 1);
    }

  private:
    std::vector<std::uint64_t> cumulative_;
};

struct Player {
    std::string name;
    int rating = 1500;
};

// A lichess-like name: two words (DarkKnight, silent_rook), a word and a number (Tiger1987,
// pawn42), or letters and digits as random_text writes them.
std::string lichess_name(startpos::Random& rng) {
    static constexpr std::string_view kFirst[] = {
        "Dark",  "Silent", "Happy",  "Lucky", "Crazy",  "Royal", "Iron",  "Swift",
        "Wild",  "Little", "Big",    "Grand", "Old",    "Young", "Mad",   "Lazy",
        "Brave", "Clever", "Cosmic", "Magic", "Red",    "Blue",  "Black", "White",
        "Super", "Mega",   "Night",  "Quiet", "Hungry", "Sneaky"};
    static constexpr std::string_view kSecond[] = {
        "Knight",  "Rook",   "Bishop", "Pawn",  "Queen",  "King",   "Gambit",
        "Fischer", "Castle", "Tiger",  "Wolf",  "Dragon", "Fox",    "Eagle",
        "Panda",   "Shark",  "Storm",  "Blitz", "Tactic", "Player", "Master",
        "Patzer",  "Hunter", "Wizard", "Ninja", "Bear",   "Lion",   "Owl"};
    const auto word = [&](const auto& words, bool lower) {
        std::string w(words[rng.below(std::size(words))]);
        if (lower) w[0] = char(w[0] - 'A' + 'a');
        return w;
    };
    const bool lower = rng.below(3) == 0;
    switch (rng.below(5)) {
        case 0:
            return word(kFirst, lower) + word(kSecond, false);
        case 1:
            return word(kFirst, lower) + "_" + word(kSecond, lower);
        case 2:
            return word(kSecond, lower) + std::to_string(1950 + rng.below(63));
        case 3:
            return word(kFirst, lower) + word(kSecond, false) + std::to_string(rng.below(1000));
        default:
            return player_name(rng);
    }
}

// The players of a --moves policy corpus: kSize of them with names unique ignoring case (as
// lichess's) and ratings about 1500 +- 350; the first of the pool play the most.
class PlayerPool {
  public:
    static constexpr int kSize = 5000;

    explicit PlayerPool(std::uint64_t seed) {
        startpos::Random rng(seed);
        std::set<std::string> taken;
        while (players_.size() < std::size_t(kSize)) {
            std::string name = lichess_name(rng);
            std::string key = name;
            for (char& c : key)
                if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
            // About normal: the sum of four uniform draws, centred and scaled to a unit spread.
            double z = -2;
            for (int k = 0; k < 4; ++k) z += uniform(rng);
            const int rating =
                std::clamp(int(std::lround(1500 + 350 * std::sqrt(3.0) * z)), 600, 2900);
            if (taken.insert(key).second) players_.push_back(Player{name, rating});
        }
    }

    const Player& operator[](int i) const { return players_[std::size_t(i)]; }

    // A player by activity: player i of n with probability ((i+1)/n)^(2/3) - (i/n)^(2/3), so
    // that the first play hundreds of times more games than the last.
    int pick(startpos::Random& rng) const {
        return std::min(kSize - 1, int(std::pow(uniform(rng), 1.5) * kSize));
    }

    // An opponent for player `white`: of eight drawn by activity, the closest in rating.
    int opponent(int white, startpos::Random& rng) const {
        int best = -1;
        for (int k = 0; k < 8; ++k) {
            const int candidate = pick(rng);
            if (candidate == white) continue;
            if (best < 0 || std::abs(players_[std::size_t(candidate)].rating -
                                     players_[std::size_t(white)].rating) <
                                std::abs(players_[std::size_t(best)].rating -
                                         players_[std::size_t(white)].rating))
                best = candidate;
        }
        return best >= 0 ? best : (white + 1) % kSize;
    }

  private:
    std::vector<Player> players_;
};

// A lichess time control: base seconds (-1: correspondence, written "-") and increment.
struct TimeControl {
    int base;
    int increment;
    int speed;  // 0 ultraBullet, 1 bullet, 2 blitz, 3 rapid, 4 classical, 5 correspondence
    int weight;
};
// Blitz the commonest, then bullet and rapid, as in lichess's Chess960 games.
constexpr TimeControl kTimeControls[] = {
    {15, 0, 0, 2},   {60, 0, 1, 8},   {60, 1, 1, 4},    {120, 1, 1, 8}, {180, 0, 2, 14},
    {180, 2, 2, 12}, {300, 0, 2, 10}, {300, 3, 2, 10},  {600, 0, 3, 8}, {600, 5, 3, 6},
    {900, 10, 3, 5}, {1800, 0, 4, 2}, {1800, 20, 4, 2}, {-1, 0, 5, 2}};

// Who plays whom, when, at which speed: drawn before the game, which the ratings decide.
struct Pairing {
    const Player* white;
    const Player* black;
    int white_rating;  // at this speed
    int black_rating;
    const TimeControl* control;
    bool rated;
    std::int64_t start;  // seconds since 2019-01-01 00:00 UTC
};

constexpr std::int64_t kPeriod = 7 * 365 * 86400 + 2 * 86400;  // 2019-01-01 to 2026-01-01

// The pairing of game `index` (1..games): its start time grows with the index, the games
// thickening with time (the i-th of n at kPeriod * sqrt(i / n)).
Pairing draw_pairing(const PlayerPool& pool, startpos::Random& rng, long index, long games) {
    Pairing p{};
    const int white = pool.pick(rng);
    const int black = pool.opponent(white, rng);
    p.white = &pool[white];
    p.black = &pool[black];
    int total = 0;
    for (const TimeControl& c : kTimeControls) total += c.weight;
    int x = int(rng.below(std::uint64_t(total)));
    p.control = &kTimeControls[0];
    for (const TimeControl& c : kTimeControls) {
        if (x < c.weight) {
            p.control = &c;
            break;
        }
        x -= c.weight;
    }
    // A player's rating differs a little from one speed to another.
    const auto at_speed = [&](int player, int rating) {
        const std::uint32_t h =
            std::uint32_t(player) * 2654435761u + std::uint32_t(p.control->speed) * 40503u;
        return std::max(400, rating + int(h % 241) - 120);
    };
    p.white_rating = at_speed(white, p.white->rating);
    p.black_rating = at_speed(black, p.black->rating);
    p.rated = rng.below(20) != 0;
    p.start = std::int64_t(double(kPeriod) *
                           std::sqrt((double(index - 1) + uniform(rng)) / double(games)));
    return p;
}

// A game by the policy mover, played out and ended (see the top of this file).
Game policy_game(const PolicyMover& mover, startpos::Random& rng, const Pairing& p) {
    Game game(*startpos::position(rng.draw()));
    const int length = 10 + int(rng.below(70)) + int(rng.below(70));
    while (game.ply_count() < length && !game.outcome().is_over()) {
        if (!game.play(mover.pick(game.position(), rng))) {
            std::fprintf(stderr, "make_pgn_corpus: the library refused its own legal move\n");
            std::exit(1);
        }
    }
    if (game.outcome().is_over()) return game;
    const Position& pos = game.position();
    const int balance = std::clamp(material(pos, White) - material(pos, Black), -8, 8);
    const double mean = (p.white_rating + p.black_rating) / 2.0;
    const double draw = std::clamp(0.03 + 0.05 * (mean - 1000) / 1500, 0.02, 0.10);
    const double edge = p.white_rating - p.black_rating + 20 + 120 * balance;
    const double white_scores = 1 / (1 + std::pow(10.0, -edge / 400));
    if (uniform(rng) < draw) {
        game.agree_draw();
        return game;
    }
    const Color loser = uniform(rng) < white_scores ? Black : White;
    // The flag falls for the side to move.
    if (loser == pos.side_to_move() && rng.below(3) == 0)
        game.flag_fell(loser);
    else
        game.resign(loser);
    return game;
}

// yyyy.mm.dd and hh:mm:ss of `seconds` after 2019-01-01 00:00 UTC.
void date_and_time(std::int64_t seconds, char (&date)[32], char (&time_of_day)[32]) {
    using namespace std::chrono;
    const sys_days day = sys_days(year(2019) / January / 1) + days(seconds / 86400);
    const year_month_day ymd(day);
    const int second_of_day = int(seconds % 86400);
    std::snprintf(date, sizeof date, "%04d.%02u.%02u", int(ymd.year()), unsigned(ymd.month()),
                  unsigned(ymd.day()));
    std::snprintf(time_of_day, sizeof time_of_day, "%02d:%02d:%02d", second_of_day / 3600,
                  second_of_day / 60 % 60, second_of_day % 60);
}

// A --moves policy game as lichess exports it, with the pairing's players, time and speed.
std::string policy_lichess_text(const Game& game, const Pairing& p, startpos::Random& rng) {
    const Outcome outcome = game.outcome();
    const std::string result = result_string(outcome.result);
    char date[32], time_of_day[32];
    date_and_time(p.start, date, time_of_day);
    const std::string site =
        "https://lichess.org/" +
        random_text(rng, "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ2345678", 8);
    const bool on_time = outcome.termination == Termination::Time ||
                         outcome.termination == Termination::TimeInsufficientMaterial;

    std::string text;
    const auto tag = [&](const char* name, const std::string& value) {
        text += std::string("[") + name + " \"" + value + "\"]\n";
    };
    tag("Event", p.rated ? "Rated Chess960 game" : "Casual Chess960 game");
    tag("Site", site);
    tag("Date", date);
    tag("Round", "-");
    tag("White", p.white->name);
    tag("Black", p.black->name);
    tag("Result", result);
    tag("UTCDate", date);
    tag("UTCTime", time_of_day);
    tag("WhiteElo", std::to_string(p.white_rating));
    tag("BlackElo", std::to_string(p.black_rating));
    if (p.rated) {
        // Elo's change with K = 20, a rated game's order of size on lichess.
        const double expected = 1 / (1 + std::pow(10.0, (p.black_rating - p.white_rating) / 400.0));
        const double score = outcome.result == GameResult::WhiteWins   ? 1.0
                             : outcome.result == GameResult::BlackWins ? 0.0
                                                                       : 0.5;
        const int change = int(std::lround(20 * (score - expected)));
        const auto signed_text = [](int v) { return (v >= 0 ? "+" : "") + std::to_string(v); };
        tag("WhiteRatingDiff", signed_text(change));
        tag("BlackRatingDiff", signed_text(-change));
    }
    tag("Variant", "Chess960");
    tag("TimeControl", p.control->base < 0 ? "-"
                                           : std::to_string(p.control->base) + "+" +
                                                 std::to_string(p.control->increment));
    tag("ECO", "?");
    tag("Opening", "?");
    tag("Termination", on_time ? "Time forfeit" : "Normal");
    tag("FEN", write_fen(game.start_position()));
    tag("SetUp", "1");
    text += '\n';
    // In tenths of a second, a sixtieth of the estimated time (base + 40 increments) a move on
    // average: forty moves use two thirds of it.
    const int mean_think = std::max(1, (p.control->base + 40 * p.control->increment) / 6);
    text +=
        lichess_movetext(game, rng, p.control->base, p.control->increment, Thinking{mean_think, 1});
    text += result + "\n";
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    long games = 100000;
    std::uint64_t seed = 1;
    const char* output = nullptr;
    bool lichess = false;
    bool policy = false;
    for (int i = 1; i < argc; ++i) {
        const bool has_value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--games") && has_value) {
            games = std::atol(argv[++i]);
            if (games < 0) usage("--games needs a number >= 0");
        } else if (!std::strcmp(argv[i], "--seed") && has_value) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--style") && has_value) {
            const std::string style = argv[++i];
            if (style != "random" && style != "lichess")
                usage(("--style is random or lichess, not '" + style + "'").c_str());
            lichess = style == "lichess";
        } else if (!std::strcmp(argv[i], "--moves") && has_value) {
            const std::string moves = argv[++i];
            if (moves != "random" && moves != "policy")
                usage(("--moves is random or policy, not '" + moves + "'").c_str());
            policy = moves == "policy";
        } else if (!std::strcmp(argv[i], "--output") && has_value) {
            output = argv[++i];
        } else {
            usage((std::string("unknown or incomplete argument '") + argv[i] + "'").c_str());
        }
    }
    std::FILE* out = output ? std::fopen(output, "wb") : stdout;
    if (!out) usage((std::string("cannot write '") + output + "'").c_str());

    startpos::Random rng(seed);
    startpos::Random decorations(seed ^ 0x9E3779B97F4A7C15ull);
    const PolicyMover mover;
    const PlayerPool pool(seed ^ 0xD1B54A32D192ED03ull);
    for (long i = 1; i <= games; ++i) {
        std::string text;
        if (policy) {
            const Pairing pairing = draw_pairing(pool, decorations, i, games);
            const Game game = policy_game(mover, rng, pairing);
            text = lichess ? policy_lichess_text(game, pairing, decorations) : plain_text(game, i);
        } else {
            const Game game = random_game(rng);
            text = lichess ? lichess_text(game, decorations) : plain_text(game, i);
        }
        if (i > 1) text.insert(text.begin(), '\n');
        if (std::fwrite(text.data(), 1, text.size(), out) != text.size()) {
            std::fprintf(stderr, "make_pgn_corpus: write error\n");
            return 1;
        }
    }
    if (std::fflush(out) != 0 || (output && std::fclose(out) != 0)) {
        std::fprintf(stderr, "make_pgn_corpus: write error\n");
        return 1;
    }
    return 0;
}
