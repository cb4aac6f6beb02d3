// The puzzles' store (store/puzzle_store.hpp), once for both back ends: the same SQL but for its
// parameters' marks, which the back end gives with its session.
#pragma once

#include <mutex>
#include <string>

#include "sql_session.hpp"
#include "store/puzzle_store.hpp"

namespace chess960::server {

struct PuzzleStatements {
    explicit PuzzleStatements(char mark);
    std::string select_to_analyse, insert_analysis, insert_puzzle, select_puzzles_after,
        count_analysed, select_puzzle, select_above, select_below, select_player, select_attempted,
        upsert_player, update_puzzle_rating, insert_attempt, select_attempts;
};

class SqlPuzzleStore : public PuzzleStore {
  public:
    // `session` may be the back end's member: it is not used before a call.
    SqlPuzzleStore(const PuzzleStatements& sql, SqlSession& session)
        : sql_(sql), session_(session) {}

    std::vector<std::int64_t> games_to_analyse(const std::string& engine, std::int64_t after,
                                               int limit) override;
    bool add_analysis(std::int64_t game, const std::string& engine,
                      const std::optional<PuzzleRow>& puzzle) override;
    std::vector<PuzzleRow> puzzles_after(std::int64_t after, int limit) override;
    std::int64_t analysed_games(const std::string& engine) override;
    std::optional<PuzzleRow> puzzle(const std::string& public_id) override;
    std::vector<PuzzleRow> near(const PuzzleQuery& query) override;
    std::optional<PuzzleRatings> attempt(const std::string& account, const std::string& public_id,
                                         bool win, std::int64_t at,
                                         const PuzzleRater& rate) override;
    std::optional<PuzzleRatingRow> player_rating(const std::string& account) override;
    std::vector<PuzzleAttemptRow> attempts(const std::string& account, int limit) override;

  private:
    std::vector<PuzzleRow> side(const std::string& sql, const PuzzleQuery& query);
    std::optional<PuzzleRatingRow> read_player(const std::string& account);

    const PuzzleStatements& sql_;
    SqlSession& session_;
    std::mutex mutex_;
};

}  // namespace chess960::server
