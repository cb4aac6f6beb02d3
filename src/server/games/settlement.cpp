#include "games/settlement.hpp"

#include "games/ratings.hpp"

namespace chess960::server {

Rater account_game_rater(std::function<void(const std::string&)> log) {
    return [log = std::move(log)](const RatingInput& input) {
        auto output = rate_account_game(input);
        const AccountGameRow& g = input.game;
        if (!output && log && g.rated && g.white_account && g.black_account &&
            (g.result == "1-0" || g.result == "0-1" || g.result == "1/2-1/2"))
            log("game " + g.game_id + ": a stored rating is out of range: the game changed none");
        return output;
    };
}

int settle_games_over(AccountGameStore& games, const Rater& rater,
                      const std::function<void(const std::string&)>& log) {
    int settled = 0;
    for (;;) {
        const std::vector<std::string> unsettled = games.unsettled_games(100);
        int now = 0;
        for (const std::string& id : unsettled) {
            try {
                if (games.rate_game(id, rater) == RateOutcome::settled) ++now;
            } catch (const std::exception& e) {
                if (log) log("game " + id + ": settling its ratings failed: " + e.what());
            }
        }
        settled += now;
        // A page that settled none (each failing) is not read again.
        if (unsettled.size() < 100 || now == 0) return settled;
    }
}

}  // namespace chess960::server
