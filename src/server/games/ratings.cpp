#include "games/ratings.hpp"

#include <chrono>

namespace chess960::server {

rating::Rating to_rating(const RatingRow& row) { return rating::rating_of_row(row); }

RatingRow to_row(const rating::Rating& r, const std::string& pool) {
    RatingRow row;
    row.pool = pool;
    rating::write_row(r, row);
    return row;
}

std::optional<RatingOutput> rate_account_game(const RatingInput& input) {
    const AccountGameRow& game = input.game;
    if (!game.rated || !game.white_account || !game.black_account) return std::nullopt;
    rating::Score white_score;
    if (game.result == "1-0")
        white_score = rating::Score::Win;
    else if (game.result == "0-1")
        white_score = rating::Score::Loss;
    else if (game.result == "1/2-1/2")
        white_score = rating::Score::Draw;
    else
        return std::nullopt;
    const rating::Instant at{std::chrono::milliseconds(game.updated_at)};
    const rating::Rating white = input.white ? to_rating(*input.white) : rating::Rating{};
    const rating::Rating black = input.black ? to_rating(*input.black) : rating::Rating{};
    const auto after = rating::update(white, black, white_score, at);
    // A stored rating the library refuses (not finite, out of range) is a damaged row: rated
    // nothing rather than spread further.
    if (!after) return std::nullopt;
    return RatingOutput{to_row(rating::rating_at(white, at), game.pool),
                        to_row(rating::rating_at(black, at), game.pool),
                        to_row(after->player, game.pool), to_row(after->opponent, game.pool)};
}

}  // namespace chess960::server
