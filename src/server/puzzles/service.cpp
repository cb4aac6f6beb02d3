#include "puzzles/service.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>

#include "chess960/startpos.hpp"
#include "puzzle/words.hpp"
#include "rating/rating.hpp"

namespace chess960::server::puzzles {

namespace {

// The next puzzle is one of the nearest this many, at random: a player who skips does not get
// the same one again and again.
constexpr int kNearest = 8;

rating::Rating to_rating(const PuzzleRatingRow& row) { return rating::rating_of_row(row); }

PuzzleRatingRow to_row(const rating::Rating& r, bool keep_time) {
    PuzzleRatingRow row;
    rating::write_row(r, row);
    if (!keep_time) row.last_played.reset();
    return row;
}

}  // namespace

PuzzleView view_of(const PuzzleRow& row) {
    PuzzleView v;
    v.row = row;
    std::vector<std::string> moves = puzzle::split_words(row.moves);
    if (!moves.empty()) {
        v.last_move = moves.front();
        v.solution.assign(moves.begin() + 1, moves.end());
    }
    v.themes = puzzle::split_words(row.themes);
    if (row.start_number)
        if (auto rank = startpos::back_rank(*row.start_number))
            v.back_rank = startpos::to_string(*rank);
    return v;
}

PuzzleService::PuzzleService(PuzzleStore& store, std::function<std::int64_t()> now)
    : store_(store), now_(std::move(now)) {}

std::optional<PuzzleView> PuzzleService::next(const NextQuery& query) {
    PuzzleQuery q;
    q.rating = query.rating;
    if (query.account && !query.rating_given) q.rating = rating(*query.account).rating;
    q.theme = query.theme;
    q.start_number = query.start_number;
    q.account = query.account;
    q.limit = kNearest;
    std::vector<PuzzleRow> rows = store_.near(q);
    if (rows.empty()) return std::nullopt;
    thread_local std::mt19937_64 random{std::random_device{}()};
    const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, rows.size() - 1)(random);
    return view_of(rows[pick]);
}

std::optional<PuzzleView> PuzzleService::find(const std::string& public_id) {
    auto row = store_.puzzle(public_id);
    if (!row) return std::nullopt;
    return view_of(*row);
}

std::optional<AttemptOutcome> PuzzleService::attempt(const std::optional<std::string>& account,
                                                     const std::string& public_id, bool win) {
    if (!account) {
        if (!store_.puzzle(public_id)) return std::nullopt;
        return AttemptOutcome{};
    }
    const std::int64_t at = now_();
    const auto rated =
        store_.attempt(*account, public_id, win, at, [&](const PuzzleRatings& before) {
            // lichess rates a puzzle round as a game between the player and the puzzle.
            const auto after = rating::update(to_rating(before.player), to_rating(before.puzzle),
                                              win ? rating::Score::Win : rating::Score::Loss,
                                              rating::Instant(std::chrono::milliseconds(at)));
            // Thrown inside the store's transaction, which it rolls back.
            if (!after) throw std::runtime_error("rating an attempt: " + after.error().message);
            // The puzzle's deviation does not grow with time: it keeps no last attempt.
            return PuzzleRatings{to_row(after->player, true), to_row(after->opponent, false)};
        });
    if (!rated) {
        if (!store_.puzzle(public_id)) return std::nullopt;
        return AttemptOutcome{};  // attempted before: not rated again
    }
    AttemptOutcome outcome;
    outcome.rated = true;
    outcome.after = *rated;
    return outcome;
}

PuzzleRatingRow PuzzleService::rating(const std::string& account) {
    const std::optional<PuzzleRatingRow> row = store_.player_rating(account);
    if (!row) return PuzzleRatingRow{};
    const rating::Rating now =
        rating::rating_at(to_rating(*row), rating::Instant(std::chrono::milliseconds(now_())));
    return to_row(now, true);
}

Dashboard PuzzleService::dashboard(const std::string& account, int history) {
    Dashboard d;
    d.rating = rating(account);
    d.history = store_.attempts(account, std::max(1, history));
    std::map<std::string, ThemeTally> themes;
    for (const PuzzleAttemptRow& a : d.history) {
        ++d.attempts;
        d.wins += a.win;
        for (const std::string& t : puzzle::split_words(a.themes)) {
            ThemeTally& tally = themes[t];
            tally.theme = t;
            ++tally.attempts;
            tally.wins += a.win;
        }
    }
    for (auto& [name, tally] : themes) d.themes.push_back(tally);
    std::stable_sort(
        d.themes.begin(), d.themes.end(),
        [](const ThemeTally& a, const ThemeTally& b) { return a.attempts > b.attempts; });
    return d;
}

}  // namespace chess960::server::puzzles
