// A paired event's players (events/paired.hpp): entered by the organiser or through the join
// link, numbered as the initial ranking list until the first round, their particulars
// corrected; the byes they ask for and their withdrawals; a player's own view. The organiser's
// calls answer the organiser's view.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "events/event_view.hpp"
#include "events/ledger.hpp"
#include "events/options.hpp"
#include "events/requests.hpp"
#include "events/results.hpp"
#include "events/scheduler.hpp"
#include "events/seats.hpp"
#include "events/views.hpp"

namespace chess960::server {

class EventRoster {
  public:
    EventRoster(EventLedger& ledger, EventScheduler& scheduler, EventResults& results,
                EventViews& views, PlayerSeats& seats, EventAccounts accounts);

    // POST /api/events/{id}/players: a player entered by the organiser (before the start, or
    // in a Swiss as a late entrant in the next round, with the points given).
    AddedPlayer add_player(std::string_view id, std::string_view token,
                           const PlayerRequest& request);
    // PUT /api/events/{id}/players/{n}: a player's particulars corrected.
    EventView edit_player(std::string_view id, std::string_view token, int number,
                          const PlayerRequest& request);
    // POST /api/events/{id}/join-link: opens the join link (its token; a new one each time);
    // DELETE closes it.
    std::string open_join_link(std::string_view id, std::string_view token);
    EventView close_join_link(std::string_view id, std::string_view token);
    // POST /api/events/{id}/join: a player enters through the join link until the start; with
    // `session`, a signed-in account's session token, the player is that account.
    AddedPlayer join(std::string_view id, std::string_view join_token, const PlayerRequest& request,
                     std::string_view session = {});
    // POST /api/events/{id}/byes: a half- or zero-point bye asked for a round not yet
    // published (the player's token, or the organiser's naming the player).
    EventView request_bye(std::string_view id, std::string_view token, const ByeRequest& request);
    // POST /api/events/{id}/withdraw: the player withdraws after the latest published round
    // (the player's token; or the organiser's with `player`).
    EventView withdraw(std::string_view id, std::string_view token, std::optional<int> player);
    // GET /api/events/{id}/player: a player's next board, colour and opponent.
    PlayerView player(std::string_view id, std::string_view token);

  private:
    AddedPlayer insert_player(const StoredEvent& event, const PlayerRequest& request);
    // Before round 1, keeps the players numbered as the initial ranking list (C.04.2): the
    // players' rows and byes are moved to the numbers initial_ranking gives. Once a round is
    // published the numbers are fixed, and a late entrant takes the next free number.
    void rank_players(const std::string& event_id);
    // The player a token is: a player's token, or the session of a player's account; ApiError
    // 401/403 otherwise.
    const EventPlayerRow& require_player(const StoredEvent& event, std::string_view token);
    // The account a PlayerRequest names (`account`), checked: 404 for none such, 409 when
    // another player of the event is that account already (`except`: the player edited).
    std::optional<EventAccount> named_account(const StoredEvent& event,
                                              const PlayerRequest& request, int except = 0);
    // Who a bye or a withdrawal is for: the player named by the organiser's token, or the
    // player a token is (require_player).
    struct Acting {
        EventPlayerRow player;
        bool organiser = false;
    };
    Acting acting_player(const StoredEvent& event, std::string_view token,
                         std::optional<int> player, const char* missing);
    // The answer to a bye or a withdrawal: the organiser's view, or the public one.
    EventView answer(std::string_view id, std::string_view token, bool organiser);

    EventLedger& ledger_;
    EventScheduler& scheduler_;
    EventResults& results_;
    EventViews& views_;
    PlayerSeats& seats_;
    EventAccounts accounts_;
};

}  // namespace chess960::server
