// The API's behaviour, whatever the transport: creating games, moves and game actions with
// their limits, views, tickets, subscriptions, the engine's turns and the clock's deadlines.
// Routes (HTTP) and live connections (SSE, WebSocket) call this; it calls the store, the
// engine pool and the rules library. Only games in play stay in memory; finished games are
// read from the store when asked for (a small cache keeps the last ones).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "chess960/pgn.hpp"
#include "games/engine_pool.hpp"
#include "games/limits.hpp"
#include "games/live_game.hpp"
#include "games/rate_limit.hpp"
#include "http/requests.hpp"
#include "games/rooms.hpp"
#include "store/store.hpp"
#include "store/writer.hpp"

namespace chess960::server {

struct GameServiceOptions {
    GameLimits limits;
    int engine_threads = 1;
    int engine_hash_mb = 16;
    std::function<void(const std::string&)> log;  // error lines; may be empty
};

// A friend game whose id and seats its caller chose: an event's board (events.cpp), whose
// seat tokens are derived from the organiser's token, so that only their hashes come here.
struct SeatedGame {
    std::string id;  // 16 hex digits, unused
    std::string event_id;
    int white_number = 518;
    int black_number = 518;  // differs in Double Chess960
    std::optional<TimeControl> clock;
    std::string white_token_hash;
    std::string black_token_hash;
};

Millis now_ms();
// A start position number drawn uniformly from 0..959 (Guidelines II.2).
int random_start_number();

// What a change answers once it is stored: its text, or why it was not saved.
struct Answer {
    std::string text;
    std::optional<ApiError> error;
};
// Called once with the answer, on the store writer's thread (it must not block).
using Reply = std::move_only_function<void(Answer)>;

class GameService {
  public:
    // Loads the games in play (throws StoreError on a damaged store), starts the engine pool
    // and the clock's deadline thread.
    GameService(Store& store, GameServiceOptions options);
    ~GameService();
    GameService(const GameService&) = delete;
    GameService& operator=(const GameService&) = delete;
    // Stops the engine searches and the deadline thread.
    void stop();

    // POST /api/games: the 201 body {"game": GameView, "id", "tokens"}.
    std::string create(const CreateGameRequest& request, const std::string& client);
    // Creates a SeatedGame (no rate limit: events have their own). ApiError 503 when the store
    // fails.
    void create_seated(const SeatedGame& request);
    // GET /api/games?limit=N
    std::string recent(int limit);
    // The game, from memory, the cache or the store; ApiError 404 if there is none.
    std::shared_ptr<LiveGame> find(std::string_view id);

    // The seat of a token (none for an empty or unknown one).
    std::optional<Color> seat_of(LiveGame& game, std::string_view token);
    // The seat of a token that must hold one: ApiError 401 without a token, 403 for a token of
    // no seat in this game.
    Color require_seat(LiveGame& game, std::string_view token);

    std::string view(LiveGame& game, std::optional<Color> you);
    std::string legal(LiveGame& game);
    std::string pgn(LiveGame& game);
    // The record pgn() writes, for a caller that changes its tags (an event's PGN).
    pgn::GameRecord pgn_record(LiveGame& game);
    // The GameState (views.hpp) alone: no moves, no seat.
    std::string state(LiveGame& game);
    // A move by `seat`. A refusal (409, 422, 429) is thrown at once; an accepted move is
    // played in memory, committed to the store with others (group commit), and then `reply`
    // gets its MoveUpdate and the game's audience its `move` event, but the connection
    // `mover` (which has the MoveUpdate in its acknowledgement).
    void move(const std::shared_ptr<LiveGame>& game, Color seat, const MoveRequest& request,
              const std::string& client, Reply reply, const Subscriber* mover = nullptr);
    // resign, abort, draw/offer, ...: as a move; `reply` gets the game's view for `seat`, and
    // the audience the `state` event (but `actor`, whose acknowledgement carries the state).
    void action(const std::shared_ptr<LiveGame>& game, Color seat, std::string_view action,
                Reply reply, const Subscriber* actor = nullptr);
    // takeback/offer, takeback/accept, takeback/decline (game_takeback.cpp): as action(), which
    // hands them here; an accepted takeback publishes the `takeback` event.
    void takeback(const std::shared_ptr<LiveGame>& game, Color seat, std::string_view action,
                  Reply reply, const Subscriber* actor);
    // A single-use ticket for the event stream, good for 30 seconds.
    std::string ticket(LiveGame& game, Color seat);
    // The seat of a ticket for this game, used up; ApiError 403 if unknown or expired.
    Color redeem_ticket(std::string_view ticket, const std::string& game_id);

    // Delivers the whole game for `you` to a live connection and adds it to the game's
    // audience, both under the game's lock, so that it misses no event and sees none twice.
    void subscribe(LiveGame& game, const std::shared_ptr<Subscriber>& subscriber,
                   std::optional<Color> you);
    // Delivers the whole game again (a WebSocket's resync), answering request `id`.
    void resync(LiveGame& game, const std::shared_ptr<Subscriber>& subscriber,
                std::optional<Color> you, std::optional<std::int64_t> id);

    // A token from `client`'s bucket of `kind` ("games", "events", "analysis") for a per-client
    // rate: the database's on a shared store, so that the rate holds in total across the servers
    // (Store::take_token, with a hash of the address), else `local`'s (this server's, in
    // memory). 0 when allowed, else the seconds to wait (>= 1).
    int take_token(const std::string& kind, const std::string& client, RateLimiter& local,
                   double rate_per_second, double burst);

    // Called with the event's id when one of its games ends here (an event's view shows the
    // results): set before serving.
    void set_on_event_game_over(std::function<void(const std::string&)> on_over) {
        on_event_game_over_ = std::move(on_over);
    }
    // How many of an event's games are in play (Store::event_games_in_play); ApiError 503 when
    // the store fails.
    int event_games_in_play(const std::string& event_id);

    // Takes a token of the seat's offers (draw offers, takeback requests, rematch offers, name
    // changes: GameLimits::offers_per_minute); ApiError 429 with Retry-After past it.
    void limit_offers(const std::string& game_id, Color seat);

    // Counters for tests and logs.
    std::size_t games_in_memory();

    // Names, presence and rematches (rooms.hpp, room_routes.cpp).
    Rooms& rooms() { return rooms_; }

  private:
    void log(const std::string& line);
    void load();
    // The rules beyond the Laws for a game: an event's board has the no-show rule
    // (GameLimits::no_show_after), another game the abort rules.
    OnlineRules rules_for(const GameRow& row) const;
    // Flag fall and abort at `now`, saved and published; the caller holds the game's lock.
    void apply_deadlines(const std::shared_ptr<LiveGame>& game, Millis now);
    // Stores the change the game has just made in memory (none: nothing to store, only to
    // publish in order), then answers `reply` with `answer` and publishes `event`. On a store
    // failure the game is reloaded from the store and its watchers are disconnected (they
    // reconnect for the whole game), and `reply` gets 503. The caller holds the game's lock.
    // `ply`: the ply a `move` event publishes (LiveGame::published_ply), 0 for other events;
    // with `rewinds`, the ply a `takeback` event goes back to (0 too).
    void persist(const std::shared_ptr<LiveGame>& game, std::optional<GameChange> change,
                 std::string answer, std::shared_ptr<const LiveEvent> event,
                 const Subscriber* except, Reply reply, int ply = 0, bool rewinds = false);
    // Another server sharing the store changed game `id` (empty: perhaps any): if it is in
    // memory it is read again, and its watchers here get the moves they have not seen, each as
    // its `move` event, or the `state` event.
    void changed_elsewhere(const std::string& id);
    // The game read again from a shared store after another server changed it, and its watchers
    // here brought up to date as changed_elsewhere says, without reconnecting. With
    // `tell_state` (a change of the game's state made here was refused: another server stored
    // one first, say both saw the same flag fall) they get the `state` event as stored even when
    // this server's copy already showed it, since the refused change was not published. The
    // caller holds the game's lock.
    void catch_up(const std::shared_ptr<LiveGame>& game, bool tell_state = false);
    // How many first moves two move lists share (game_takeback.cpp).
    static int common_plies(const std::vector<Move>& a, const std::vector<Move>& b);
    // The `takeback` event back to `ply` (game_takeback.cpp).
    static std::shared_ptr<const LiveEvent> takeback_event(LiveGame& game, int ply, Millis now);
    // After a failed write: the game as stored.
    void recover(const std::shared_ptr<LiveGame>& game, const std::string& why);
    void reload_from_store(LiveGame& game);
    // After a change that may have ended the game: engine limits, memory.
    void after_change(const std::shared_ptr<LiveGame>& game);
    std::shared_ptr<const LiveEvent> state_event(LiveGame& game, Millis now);
    // The game's row as it stands, stored, and its `state` event published.
    void save_state(const std::shared_ptr<LiveGame>& game, Millis now);
    // The `state` event published (after the changes before it), nothing stored: the
    // engine's thinking.
    void publish_state(const std::shared_ptr<LiveGame>& game, Millis now);
    // Plays a move and persists it; `reply` gets the MoveUpdate (no type). The caller holds the
    // game's lock. `token`: the move limit's token, taken when the move is stored (shared store).
    void commit_move(const std::shared_ptr<LiveGame>& game, Color seat, Move move, Millis now,
                     Reply reply, const Subscriber* mover,
                     std::optional<TokenClaim> token = std::nullopt);
    void schedule_engine(const std::shared_ptr<LiveGame>& game);
    void engine_turn(const std::shared_ptr<LiveGame>& game, engine::Searcher& searcher,
                     std::atomic<bool>& stop);
    void deadline_loop();
    // At the stop: each running clock saved as it stands, with its turn restarted now.
    void save_running_clocks();
    void remember_finished(const std::shared_ptr<LiveGame>& game);

    Store& store_;
    StoreWriter writer_;
    GameServiceOptions options_;
    RateLimiter game_rate_;
    RateLimiter move_rate_;
    RateLimiter offer_rate_;
    std::function<void(const std::string&)> on_event_game_over_;

    std::mutex games_mutex_;
    std::unordered_map<std::string, std::shared_ptr<LiveGame>> games_;  // in play
    std::list<std::shared_ptr<LiveGame>> finished_;                     // most recent first
    std::unordered_map<std::string, int> engine_games_;                 // per client

    std::mutex tickets_mutex_;
    struct Ticket {
        std::string game_id;
        Color seat;
        Millis expires;
    };
    std::unordered_map<std::string, Ticket> tickets_;

    EnginePool engines_;
    Rooms rooms_;
    std::mutex deadline_mutex_;
    std::condition_variable deadline_wake_;
    std::atomic<bool> stopping_{false};
    std::thread deadline_thread_;
    // Other servers' changes (a shared PostgreSQL store); null on SQLite. Last: it calls
    // changed_elsewhere on its thread, so it goes first.
    std::unique_ptr<StoreListener> listener_;
};

}  // namespace chess960::server
