#include "match/adjudication.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "match/numbers.hpp"

namespace chess960::match {

namespace {

// Every score of the run is there and satisfies `predicate` (an empty run does not count).
template <typename Predicate>
bool all(const std::vector<std::optional<int>>& scores, Predicate predicate) {
    return !scores.empty() && std::all_of(scores.begin(), scores.end(),
                                          [&](const auto& s) { return s && predicate(*s); });
}

}  // namespace

Adjudicator::Adjudicator(std::optional<DrawAdjudication> draw,
                         std::optional<ResignAdjudication> resign, int max_moves)
    : draw_(draw), resign_(resign), max_moves_(max_moves) {}

std::optional<GameEnd> Adjudicator::before_move(int plies) const {
    if (!max_moves_ || plies < 2 * max_moves_) return std::nullopt;
    GameEnd end;
    end.result = GameResult::Draw;
    end.reason = "adjudication: max moves";
    end.detail = "adjudication: draw after " + std::to_string(max_moves_) + " moves";
    end.termination = kAdjudication;
    return end;
}

std::vector<std::optional<int>> Adjudicator::last_scores(Color c, int count) const {
    std::vector<std::optional<int>> out;
    for (auto it = scores_.rbegin(); it != scores_.rend() && int(out.size()) < count; ++it)
        if (it->first == c) out.push_back(it->second);
    return int(out.size()) == count ? out : std::vector<std::optional<int>>{};
}

std::optional<GameEnd> Adjudicator::after_move(Color mover, std::optional<int> score,
                                               int fullmove_number) {
    scores_.emplace_back(mover, score);
    if (resign_) {
        const ResignAdjudication& rule = *resign_;
        // Either side may resign: the mover on its own run of scores, or its opponent, whose
        // run the mover's score may just have confirmed (two-sided).
        for (Color loser : {mover, ~mover}) {
            const bool lost =
                all(last_scores(loser, rule.move_count), [&](int s) { return s <= -rule.score; });
            const bool confirmed = !rule.two_sided || all(last_scores(~loser, rule.move_count),
                                                          [&](int s) { return s >= rule.score; });
            if (lost && confirmed) {
                GameEnd end;
                end.result = loser == White ? GameResult::BlackWins : GameResult::WhiteWins;
                end.reason = "adjudication: resign";
                end.detail = std::string("adjudication: resign (") + color_title(loser) +
                             " scored -" + fixed(rule.score / 100.0, 2) + " or less for " +
                             std::to_string(rule.move_count) + " moves)";
                end.termination = kAdjudication;
                return end;
            }
        }
    }
    if (draw_ && fullmove_number > draw_->move_number) {
        const DrawAdjudication& rule = *draw_;
        auto small = [&](int s) { return std::abs(s) <= rule.score; };
        if (all(last_scores(White, rule.move_count), small) &&
            all(last_scores(Black, rule.move_count), small)) {
            GameEnd end;
            end.result = GameResult::Draw;
            end.reason = "adjudication: draw";
            end.detail = "adjudication: draw (both scores within " + std::to_string(rule.score) +
                         " cp for " + std::to_string(rule.move_count) + " moves)";
            end.termination = kAdjudication;
            return end;
        }
    }
    return std::nullopt;
}

}  // namespace chess960::match
