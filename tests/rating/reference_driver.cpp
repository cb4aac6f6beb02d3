// The library's side of the comparison with the Python reference (glicko2_reference.py): reads
// cases, one a line, and writes the library's answer to each, one a line (doubles in their
// shortest exact form, so that Python reads back the very same numbers):
//   period TAU ELAPSED R RD VOL N (R_j RD_j VOL_j S_j)*N  ->  R RD VOL
//   idle R RD VOL GAMES LAST NOW                           ->  RD
//   game R RD VOL GAMES LAST  R RD VOL GAMES LAST  SCORE AT  ->  R RD VOL GAMES LAST  R RD VOL
//   GAMES LAST
// LAST is milliseconds since the epoch or "-" (never played); SCORE is loss, draw or win for the
// first player. A case the library refuses answers "error MESSAGE". A line that is not a case
// stops the program with a message and exit status 2.
#include <charconv>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rating/glicko2.hpp"
#include "rating/rating.hpp"

namespace {

using namespace chess960::rating;

// The shortest decimal text that reads back as the same double.
std::string exact(double value) {
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::string("?");
}

struct BadLine {
    std::string message;
};

class Fields {
  public:
    explicit Fields(const std::string& line) : stream_(line) {}

    std::string word() {
        std::string text;
        if (!(stream_ >> text)) throw BadLine{"a field is missing"};
        return text;
    }
    double number() {
        const std::string text = word();
        double value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size())
            throw BadLine{"'" + text + "' is not a number"};
        return value;
    }
    std::int64_t integer() {
        const std::string text = word();
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size())
            throw BadLine{"'" + text + "' is not an integer"};
        return value;
    }
    Rating rating() {
        Rating rating;
        rating.rating = number();
        rating.deviation = number();
        rating.volatility = number();
        rating.games = static_cast<int>(integer());
        const std::string last = word();
        if (last != "-") {
            std::int64_t millis = 0;
            const auto [end, error] =
                std::from_chars(last.data(), last.data() + last.size(), millis);
            if (error != std::errc() || end != last.data() + last.size())
                throw BadLine{"'" + last + "' is not a time"};
            rating.last_played = Instant(std::chrono::milliseconds(millis));
        }
        return rating;
    }
    void end() {
        std::string extra;
        if (stream_ >> extra) throw BadLine{"unexpected '" + extra + "'"};
    }

  private:
    std::istringstream stream_;
};

std::string written(const Rating& rating) {
    const std::string last =
        rating.last_played ? std::to_string(rating.last_played->time_since_epoch().count()) : "-";
    return exact(rating.rating) + " " + exact(rating.deviation) + " " + exact(rating.volatility) +
           " " + std::to_string(rating.games) + " " + last;
}

std::string answer(const std::string& line) {
    Fields fields(line);
    const std::string kind = fields.word();
    if (kind == "period") {
        PeriodOptions options;
        options.tau = fields.number();
        options.elapsed_periods = fields.number();
        Glicko player{fields.number(), fields.number(), fields.number()};
        const std::int64_t count = fields.integer();
        if (count < 0 || count > 1000) throw BadLine{"the game count must be from 0 to 1000"};
        std::vector<PeriodGame> games;
        for (std::int64_t i = 0; i < count; ++i) {
            PeriodGame game;
            game.opponent = Glicko{fields.number(), fields.number(), fields.number()};
            game.score = fields.number();
            games.push_back(game);
        }
        fields.end();
        const auto after = rate_period(player, games, options);
        if (!after) return "error " + after.error().message;
        return exact(after->rating) + " " + exact(after->deviation) + " " +
               exact(after->volatility);
    }
    if (kind == "idle") {
        const Rating rating = fields.rating();
        const Instant now{std::chrono::milliseconds(fields.integer())};
        fields.end();
        return exact(deviation_at(rating, now));
    }
    if (kind == "game") {
        const Rating player = fields.rating();
        const Rating opponent = fields.rating();
        const std::string score_text = fields.word();
        Score score = Score::Draw;
        if (score_text == "loss") {
            score = Score::Loss;
        } else if (score_text == "win") {
            score = Score::Win;
        } else if (score_text != "draw") {
            throw BadLine{"'" + score_text + "' is not loss, draw or win"};
        }
        const Instant at{std::chrono::milliseconds(fields.integer())};
        fields.end();
        const auto after = update(player, opponent, score, at);
        if (!after) return "error " + after.error().message;
        return written(after->player) + " " + written(after->opponent);
    }
    throw BadLine{"'" + kind + "' is not period, idle or game"};
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    std::string out;
    for (int number = 1; std::getline(std::cin, line); ++number) {
        try {
            out += answer(line);
            out += '\n';
        } catch (const BadLine& bad) {
            std::cerr << "rating_reference_driver: line " << number << ": " << bad.message << '\n';
            return 2;
        }
    }
    std::cout << out;
    return 0;
}
