// Events on the server (docs/event-draw.md, section 3): an organiser creates an event and
// publishes its commitment; enters each round's pairings and public entropy with a reveal
// time; at that time the round's start position, drawn from the secret the server keeps by the
// derivation of src/event/, is shown to everyone at once, and at the round's start the server
// makes one game per board at that position (GameService); the standings follow the games'
// results; once closed, the event shows its secret and the verification of every round.
//
// Nothing answers a round's position before its reveal time: it is not computed before then.
// The organiser holds a token (kept as a SHA-256); the players' seat tokens are derived from
// it (HMAC-SHA-256), so the organiser can be given them again at any time while the database
// keeps only their hashes.
#pragma once

#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "event/verify.hpp"
#include "events/event_view.hpp"
#include "events/requests.hpp"
#include "games/service.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

// An account, as the events know it: the player an account is (its session acts as the
// player's token).
struct EventAccount {
    std::string id;
    std::string name;
};

struct EventServiceOptions {
    double events_per_minute = 30;  // per client address, events and rounds; <= 0: no limit
    double events_burst = 10;
    // New events per client address, on top of the above: an event's boards are games in play
    // outside the games' own limit, so the events one address may open are few.
    double creations_per_hour = 20;  // <= 0: no limit
    double creations_burst = 5;
    std::function<void(const std::string&)> log;  // error lines; may be empty
    // Told the id of an event whose view changed (a round entered, revealed or started, a game's
    // end, the close), so that a rendered view of it is rendered again (http's RenderCache).
    std::function<void(const std::string&)> on_changed;
    // The accounts (set by the server; empty: an event's players are no accounts): the account
    // a session token signs in, and the account of a name.
    std::function<std::optional<EventAccount>(std::string_view token)> account_of_session;
    std::function<std::optional<EventAccount>(const std::string& name)> account_named;
};

// The most players (distinct names) an event may have: its rounds have at most half as many
// boards.
inline constexpr std::size_t kMaxEventPlayers = 2 * kMaxBoards;
// While a round waits for the games of the round before it to end, how often its start is
// tried again.
inline constexpr Millis kDeferredStartRetry = 2000;

// The latest a round may be revealed after it is entered, and started after its reveal.
inline constexpr Millis kMaxRevealDelay = 30LL * 24 * 3600 * 1000;
inline constexpr Millis kMaxStartDelay = 24LL * 3600 * 1000;

// The parameters an event published (for the derivation).
event::Parameters parameters_of(const EventRow& event);
// Recomputes every round from the event's secret and compares with the commitment and the
// positions the rounds were revealed with: `chess960 event verify`'s check.
event::Verification verify_event(const StoredEvent& event);
// A player's seat token for a board: HMAC-SHA-256 under the organiser's token of the event,
// round, board and colour (32 hex digits, as a game's seat tokens).
std::string event_seat_token(std::string_view organiser_token, std::string_view event_id, int round,
                             int board, Color color);

class EventService {
  public:
    // Starts the timer that reveals and starts the rounds of the store when they are due.
    EventService(EventStore& store, GameService& games, EventServiceOptions options);
    ~EventService();
    EventService(const EventService&) = delete;
    EventService& operator=(const EventService&) = delete;
    void stop();

    // Whether `id` could name an event (16 hex digits): anything else is none, and no query.
    static bool is_event_id(std::string_view id);

    // POST /api/events: the new event and its organiser's token.
    CreatedEvent create(const CreateEventRequest& request, const std::string& client);
    // GET /api/events/{id}: the public view (the secret and verification once closed).
    EventView view(std::string_view id);
    // GET /api/events/{id}/organiser: the view with each board's seat tokens.
    EventView organiser_view(std::string_view id, std::string_view token);
    // POST /api/events/{id}/rounds: the organiser's view.
    EventView add_round(std::string_view id, std::string_view token, const AddRoundRequest& request,
                        const std::string& client);
    // POST /api/events/{id}/rounds/{k}/reveal: the round revealed now; the organiser's view.
    EventView reveal_now(std::string_view id, std::string_view token, int round);
    // POST /api/events/{id}/close: the view with the secret and the verification.
    EventView close(std::string_view id, std::string_view token);
    // GET /api/events/{id}/pgn: every finished game's record, by round and board, its tags the
    // event's.
    std::vector<pgn::GameRecord> pgn(std::string_view id);
    // GET /api/events/{id}/seat: the board a seat token holds, and its game once started.
    SeatView seat(std::string_view id, std::string_view token);

    // Paired events (paired_service.cpp). The organiser's calls answer the organiser's view.
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
    // GET /api/events/{id}/proposal: the next round as the engine pairs it, for review.
    ProposalView proposal(std::string_view id, std::string_view token);
    // POST /api/events/{id}/proposal: what a changed pairing breaks (nothing is stored).
    ProposalView check_pairing(std::string_view id, std::string_view token,
                               const std::vector<NumberedPairing>& pairs, int bye);
    // POST /api/events/{id}/rounds/{k}/boards/{b}/result: the arbiter's result, added to the
    // board's audit list; a game still in play is ended.
    EventView set_result(std::string_view id, std::string_view token, int round, int board,
                         const ResultRequest& request);
    // GET /api/events/{id}/trf: the TRF-2026 after the completed rounds.
    std::string trf(std::string_view id);
    // GET /api/events/{id}/player: a player's next board, colour and opponent.
    PlayerView player(std::string_view id, std::string_view token);

  private:
    void log(const std::string& line);
    // Takes a token of the client's events-and-rounds bucket, or throws 429.
    void take_event_token(const std::string& client);
    // Each board's result: the arbiter's last, else its game's (`sources`: which).
    BoardResults board_results(const StoredEvent& event,
                               std::map<std::pair<int, int>, std::string>* sources = nullptr);
    AddedPlayer insert_player(const StoredEvent& event, const PlayerRequest& request);
    // Before round 1, keeps the players numbered as the initial ranking list (C.04.2): the
    // players' rows and byes are moved to the numbers initial_ranking gives. Once a round is
    // published the numbers are fixed, and a late entrant takes the next free number.
    void rank_players(const std::string& event_id);
    // A paired event's player plays their board with their own token (GameService's
    // EventSeat): the seat of the game `game_id` whose player holds `token`, if any.
    std::optional<Color> player_seat(const std::string& event_id, const std::string& game_id,
                                     std::string_view token);
    // The engine's pairing of the next round (events/paired.hpp: propose), kept per event for
    // the tournament it was paired from (its TRF as the key): the organiser reviews the
    // proposal, then publishes it without the 570-player event being paired a second time.
    std::expected<ProposedPairing, std::string> proposal_for(const StoredEvent& event,
                                                             const BoardResults& results);
    // Reveals and starts the event's rounds that are due at `now` (under mutex_), then reads
    // the event as it stands. A round's games start only once no game of the event is in play
    // (one round at a time: an event's games in play are one round's at most). ApiError 404 for
    // no such event.
    StoredEvent advance(std::string_view id, Millis now);
    StoredEvent load(std::string_view id);
    void require_organiser(const StoredEvent& event, std::string_view token);
    void start_round(const StoredEvent& event, const EventRoundRow& round);
    // The event's name and the round of its game `game_id` (GameService's EventOrigin), if it
    // is one of its boards; StoreError when the store fails.
    std::optional<GameOrigin::Event> game_origin(const std::string& event_id,
                                                 const std::string& game_id);
    // The event as it stands for its reader (`token`: the organiser's).
    EventView snapshot(const StoredEvent& event, Millis now, std::optional<std::string> token);
    // Its rendered view is out of date (EventServiceOptions::on_changed).
    void changed(const std::string& id);
    void schedule(const StoredEvent& event);
    void timer_loop();

    EventStore& store_;
    GameService& games_;
    EventServiceOptions options_;
    std::mutex mutex_;  // one change to the events at a time
    // Events whose next round's games wait for the round before it, until when (under mutex_).
    std::unordered_map<std::string, Millis> deferred_until_;
    std::mutex proposals_mutex_;
    std::unordered_map<std::string, std::pair<std::string, ProposedPairing>> proposals_;
    // A paired event's game's players' token hashes (white's, black's), by game id: a board's
    // players never change once published.
    std::mutex player_seats_mutex_;
    // Forgets the cached seats (a player's account changed).
    void forget_seats();
    // A game's two players as their seats are checked: token hashes and accounts.
    struct PlayerSeats {
        std::string white_hash, black_hash;
        std::optional<std::string> white_account, black_account;
    };
    std::unordered_map<std::string, PlayerSeats> player_seats_;
    // The player a token is: a player's token, or the session of a player's account; ApiError
    // 401/403 otherwise.
    const EventPlayerRow& require_player(const StoredEvent& stored, std::string_view token);
    // The account a PlayerRequest names (`account`), checked: 404 for none such, 409 when
    // another player of the event is that account already (`except`: the player edited).
    std::optional<EventAccount> named_account(const StoredEvent& stored,
                                              const PlayerRequest& request, int except = 0);
    // Who a bye or a withdrawal is for: the player named by the organiser's token, or the
    // player a token is (require_player).
    struct Acting {
        EventPlayerRow player;
        bool organiser = false;
    };
    Acting acting_player(const StoredEvent& stored, std::string_view token,
                         std::optional<int> player, const char* missing);

    std::mutex timer_mutex_;
    std::condition_variable timer_wake_;
    std::multimap<Millis, std::string> due_;  // event ids by the time something is due
    bool stopping_ = false;
    std::thread timer_;
};

}  // namespace chess960::server
