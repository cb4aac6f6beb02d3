// What an event's games have come to: each board's result (the arbiter's last, else its
// game's), the arbiter's results entered by the organiser, and the event's records of them
// (the finished games' PGN, a paired event's TRF). The standings are computed from these
// (events/standings.hpp, events/paired.hpp) where the event is viewed (views.hpp).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess960/pgn.hpp"
#include "events/ledger.hpp"
#include "events/paired.hpp"
#include "events/requests.hpp"
#include "events/scheduler.hpp"
#include "games/service.hpp"

namespace chess960::server {

class EventResults {
  public:
    EventResults(EventLedger& ledger, EventScheduler& scheduler, GameService& games);

    // Each board's result: the arbiter's last, else its game's (`sources`: which, "arbiter"
    // or "board").
    BoardResults board_results(const StoredEvent& event,
                               std::map<std::pair<int, int>, std::string>* sources = nullptr);
    // POST /api/events/{id}/rounds/{k}/boards/{b}/result: the arbiter's result, added to the
    // board's audit list; a game still in play is ended.
    void record(std::string_view id, std::string_view token, int round, int board,
                const ResultRequest& request);
    // GET /api/events/{id}/pgn: every finished game's record, by round and board, its tags the
    // event's.
    std::vector<pgn::GameRecord> pgn(std::string_view id);
    // GET /api/events/{id}/trf: the TRF-2026 after the completed rounds.
    std::string trf(std::string_view id);

  private:
    // Ends a game of the round still in play with the arbiter's result.
    void end_game(const StoredEvent& event, const std::string& game_id, const std::string& result);

    EventLedger& ledger_;
    EventScheduler& scheduler_;
    GameService& games_;
};

}  // namespace chess960::server
