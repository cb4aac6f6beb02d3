#include "gamedb/collector.hpp"

#include <utility>

namespace chess960::server::gamedb {

DbGameCollector::DbGameCollector(DbDestination to) : Replayer(false), to_(std::move(to)) {
    keep_main_line(true);
}

void DbGameCollector::begin_game(long game_number, pgn::Location where) {
    Replayer::begin_game(game_number, where);
    start_line_ = where.line;
    problems_before_ = problems.size();
}

void DbGameCollector::end_game(pgn::Location where) {
    Replayer::end_game(where);
    const MainLine& game = main_line();
    if (problems.size() > problems_before_) {
        // The first problem says why; the game is left out (a damaged game is not half kept).
        const Problem& first = problems[problems_before_];
        std::string why = first.players.empty() ? "" : first.players + ": ";
        if (first.ply) why += "ply " + std::to_string(first.ply) + " (" + first.move + "): ";
        skipped.push_back({first.where.line ? first.where.line : start_line_, why + first.message});
        problems.resize(problems_before_);
        return;
    }
    if (!game.complete) {
        skipped.push_back({start_line_, "the game could not be replayed to its end"});
        return;
    }
    auto made = make_db_game(game, to_);
    if (!made) {
        skipped.push_back({start_line_, made.error().message});
        return;
    }
    moves += long(game.moves.size());
    games.push_back(std::move(*made));
}

}  // namespace chess960::server::gamedb
