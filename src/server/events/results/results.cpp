#include "events/results.hpp"

#include <algorithm>

namespace chess960::server {

namespace {

// The result a finished game gives a board, PGN's words ("1-0"...); none for a game in play
// or aborted.
std::string game_result(const GameState& state) {
    const std::string r = result_string(state.outcome.result);
    return r == "*" ? std::string() : r;
}

// The game's result for an arbiter's board result: a forfeit is a win, and a double forfeit
// no winner (Ongoing: the game ends aborted).
GameResult arbiter_game_result(const std::string& result) {
    if (result == "1-0" || result == "+-") return GameResult::WhiteWins;
    if (result == "0-1" || result == "-+") return GameResult::BlackWins;
    if (result == "--") return GameResult::Ongoing;
    return GameResult::Draw;
}

}  // namespace

EventResults::EventResults(EventLedger& ledger, EventScheduler& scheduler, GameService& games)
    : ledger_(ledger), scheduler_(scheduler), games_(games) {}

BoardResults EventResults::board_results(const StoredEvent& stored,
                                         std::map<std::pair<int, int>, std::string>* sources) {
    BoardResults results;
    for (const EventRoundRow& round : stored.rounds) {
        if (!round.started()) continue;
        for (const EventBoardRow& board : round.boards)
            if (auto game = games_.lookup(board.game_id))
                if (std::string r = game_result(games_.state(*game)); !r.empty()) {
                    results[{round.round, board.board}] = r;
                    if (sources) (*sources)[{round.round, board.board}] = "board";
                }
    }
    // The arbiter's rows come by board and seq: the last of a board's is the one that counts.
    for (const EventResultRow& row : stored.results) {
        results[{row.round, row.board}] = row.result;
        if (sources) (*sources)[{row.round, row.board}] = "arbiter";
    }
    return results;
}

void EventResults::record(std::string_view id, std::string_view token, int round, int board,
                          const ResultRequest& request) {
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        require_organiser(stored, token);
        require_paired_event(stored);
        if (round < 1 || round > int(stored.rounds.size()))
            throw ApiError{404,
                           "round " + std::to_string(round) + " is not published",
                           0,
                           "unknown_round",
                           {{"round", std::to_string(round)}}};
        const EventRoundRow& r = stored.rounds[std::size_t(round - 1)];
        const auto it = std::ranges::find(r.boards, board, &EventBoardRow::board);
        if (it == r.boards.end())
            throw ApiError{
                404,
                "round " + std::to_string(round) + " has no board " + std::to_string(board),
                0,
                "unknown_board",
                {{"round", round}, {"board", board}}};
        int seq = 1;
        for (const EventResultRow& row : stored.results)
            if (row.round == round && row.board == board) seq = row.seq + 1;
        ledger_.store().append_result(
            stored.event.id, EventResultRow{round, board, seq, request.result, request.reason,
                                            "organiser", now_ms()});
        if (r.started()) end_game(stored, it->game_id, request.result);
    }
    ledger_.changed(std::string(id));
}

// A game still in play (an untimed game that stalled, a no-show) ends with the arbiter's
// result, so that the next round can start (Laws 12.2): the game's record says the arbiter
// decided it; a double forfeit gives it no winner (it ends aborted).
void EventResults::end_game(const StoredEvent& stored, const std::string& game_id,
                            const std::string& result) {
    auto game = games_.lookup(game_id);
    if (!game || !games_.state(*game).active()) return;
    try {
        games_.end_by_arbiter(game, arbiter_game_result(result));
    } catch (const ApiError& e) {
        ledger_.log("event " + stored.event.id + ": ending game " + game_id + ": " + e.message);
    }
}

std::vector<pgn::GameRecord> EventResults::pgn(std::string_view id) {
    const StoredEvent stored = scheduler_.advance(id, now_ms());
    std::vector<pgn::GameRecord> records;
    for (const EventRoundRow& round : stored.rounds) {
        if (!round.started()) continue;
        for (const EventBoardRow& board : round.boards) {
            auto game = games_.lookup(board.game_id);
            if (!game) {
                ledger_.log("event " + stored.event.id + ": game " + board.game_id + " not found");
                continue;
            }
            pgn::GameRecord record = games_.pgn_record(*game);
            if (record.result == GameResult::Ongoing) continue;  // in play, or aborted
            record.set_tag("Event", stored.event.name);
            record.set_tag("Site",
                           "chess960 serve, event " + stored.event.id + ", game " + board.game_id);
            record.set_tag("Round", std::to_string(round.round));
            record.set_tag("White", board.white_name);
            record.set_tag("Black", board.black_name);
            record.set_tag("Board", std::to_string(board.board));
            records.push_back(std::move(record));
        }
    }
    return records;
}

std::string EventResults::trf(std::string_view id) {
    const StoredEvent stored = scheduler_.advance(id, now_ms());
    require_paired_event(stored);
    return event_trf(stored, board_results(stored));
}

}  // namespace chess960::server
