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
        count_analysed;
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

  private:
    const PuzzleStatements& sql_;
    SqlSession& session_;
    std::mutex mutex_;
};

}  // namespace chess960::server
