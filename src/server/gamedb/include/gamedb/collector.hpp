// The games of a PGN text as the game database takes them: a replayer (pgn::Replayer, which
// checks every move against the rules) that makes each complete game into the database's
// (db_game.hpp) and notes each game it cannot take, with the line it starts at and why.
#pragma once

#include <string>
#include <vector>

#include "chess960/pgn.hpp"
#include "gamedb/db_game.hpp"

namespace chess960::server::gamedb {

struct SkippedGame {
    long line = 0;  // where the game starts
    std::string why;
};

class DbGameCollector final : public pgn::Replayer {
  public:
    explicit DbGameCollector(DbDestination to);

    std::vector<DbNewGame> games;
    std::vector<SkippedGame> skipped;
    long moves = 0;  // of the games taken

    void begin_game(long game_number, pgn::Location where) override;
    void end_game(pgn::Location where) override;

  private:
    DbDestination to_;
    long start_line_ = 0;
    std::size_t problems_before_ = 0;
};

}  // namespace chess960::server::gamedb
