// The games' behaviour, whatever the transport: creating games, moves and game actions with
// their limits, views, tickets and subscriptions. Routes (HTTP) and live connections (SSE,
// WebSocket) call this and render what it returns; it holds the parts a game goes through:
// the registry (the games held, registry.hpp), the move pipeline (commit, store, publish,
// pipeline.hpp), the scheduler (the engine's moves and the clocks' deadlines, scheduler.hpp),
// and the catching up with other servers sharing the store (sync.hpp). Refusals are thrown as
// ApiError (api_error.hpp); a change's answer comes once it is stored, through its Reply.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/pgn.hpp"
#include "common/api_error.hpp"
#include "common/completion.hpp"
#include "common/now.hpp"
#include "common/rate_limit.hpp"
#include "games/audience.hpp"
#include "games/limits.hpp"
#include "games/live_game.hpp"
#include "games/pipeline.hpp"
#include "games/registry.hpp"
#include "games/requests.hpp"
#include "games/rooms.hpp"
#include "games/scheduler.hpp"
#include "games/snapshot.hpp"
#include "games/sync.hpp"
#include "games/tickets.hpp"
#include "store/cluster.hpp"
#include "store/store.hpp"

namespace chess960::server {

struct GameServiceOptions {
    GameLimits limits;
    int engine_threads = 1;
    int engine_hash_mb = 16;
    std::function<void(const std::string&)> log;  // error lines; may be empty
};

// A friend game whose id and seats its caller chose: an event's board
// (events/scheduler/scheduler.cpp), whose seat tokens are derived from the organiser's token, so
// that only their hashes come here, or a lobby's game (lobby/service.cpp), whose seats are
// accounts.
struct SeatedGame {
    std::string id;                       // 16 hex digits, unused
    std::optional<std::string> event_id;  // none: a lobby's game
    int white_number = 518;
    int black_number = 518;  // differs in Double Chess960
    std::optional<TimeControl> clock;
    std::string white_token_hash;
    std::string black_token_hash;
    GameOrigin origin = {};  // whether the lobby's game is rated, or the event's name and round
};

// A start position number drawn uniformly from 0..959 (Guidelines II.2).
int random_start_number();

class GameService {
  public:
    // Loads the games in play (throws StoreError on a damaged store), starts the engine pool
    // and the clock's deadline thread. `cluster`: what the servers sharing the store share
    // (store/cluster.hpp), or null for a server on a store of its own (SingleServer).
    GameService(Store& store, Cluster* cluster, GameServiceOptions options);
    ~GameService();
    GameService(const GameService&) = delete;
    GameService& operator=(const GameService&) = delete;
    // Stops listening to other servers, the engine searches and the deadline thread, saves the
    // running clocks, and stores everything queued.
    void stop();

    // POST /api/games: the new game, its view for its creator and its seat tokens.
    CreatedGame create(const CreateGameRequest& request, const std::string& client);
    // Creates a SeatedGame (no rate limit: events have their own). ApiError 503 when the store
    // fails.
    void create_seated(const SeatedGame& request);
    // The game a SeatedGame makes, not stored: its row is to be stored together with the rows
    // that go with it, in one transaction (the lobby's account game, the seek it takes), and the
    // game then held. ApiError 422 for a start position that cannot be.
    std::shared_ptr<LiveGame> seated_game(const SeatedGame& request);
    // A game seated_game made, once stored: in play here from now on.
    void hold(const std::shared_ptr<LiveGame>& game);
    // GET /api/games?limit=N: the rows of the games changed last, the last change first.
    std::vector<GameRow> recent(int limit);
    // The game, from memory, the cache or the store, with its origin (GameOrigin, looked up
    // once through the seams below for a game read from the store); ApiError 404 if there is
    // none. For the routes and live connections, whose views name the game.
    std::shared_ptr<LiveGame> find(std::string_view id);
    // The game, or null if there is none (its origin not looked up).
    std::shared_ptr<LiveGame> lookup(std::string_view id);

    // The seat of a token (none for an empty or unknown one).
    std::optional<Color> seat_of(LiveGame& game, std::string_view token);
    // The seat of a token that must hold one: ApiError 401 without a token, 403 for a token of
    // no seat in this game.
    Color require_seat(LiveGame& game, std::string_view token);

    // The whole game for `you` (none: a spectator).
    GameView view(LiveGame& game, std::optional<Color> you);
    // The game's state alone: no moves, no seat (its legal moves are its position's).
    GameState state(LiveGame& game);
    // The game's record for PGN (an event's PGN changes its tags).
    pgn::GameRecord pgn_record(LiveGame& game);
    // The same, by a caller that holds the game's lock.
    pgn::GameRecord pgn_record_held(LiveGame& game);

    // A move by `seat`. A refusal (409, 422, 429) is thrown at once; an accepted move is
    // played in memory, committed to the store with others (group commit), and then `reply`
    // gets its update and the game's audience the same update, but the connection `mover`
    // (whose acknowledgement carries it).
    void move(const std::shared_ptr<LiveGame>& game, Color seat, const MoveRequest& request,
              const std::string& client, Reply reply, const Watcher* mover = nullptr);
    // resign, abort, draw/offer, ..., takeback/offer, takeback/accept, takeback/decline: as a
    // move; `reply` gets the `state` update (a takeback's `takeback` update) for `actor`, and
    // with no actor (an HTTP request) the game's view for `seat` too.
    void action(const std::shared_ptr<LiveGame>& game, Color seat, std::string_view action,
                Reply reply, const Watcher* actor = nullptr);
    // The arbiter ends a game in play with `result` (an event's result set by its organiser:
    // OnlineGame::end_by_arbiter; GameResult::Ongoing for no winner), stored and sent to the
    // game's audience as an action is. ApiError 409 when the game is over.
    void end_by_arbiter(const std::shared_ptr<LiveGame>& game, GameResult result);
    // A single-use ticket for the event stream, good for 30 seconds.
    Ticket ticket(LiveGame& game, Color seat);
    // The seat of a ticket for this game, used up; ApiError 403 if unknown or expired.
    Color redeem_ticket(std::string_view ticket, const std::string& game_id);

    // Delivers the whole game for `you` to a live connection and adds it to the game's
    // audience, both under the game's lock, so that it misses no update and sees none twice.
    void subscribe(LiveGame& game, const std::shared_ptr<Watcher>& watcher,
                   std::optional<Color> you);
    // Delivers the whole game again (a WebSocket's resync), answering request `id`.
    void resync(LiveGame& game, const std::shared_ptr<Watcher>& watcher, std::optional<Color> you,
                std::optional<std::int64_t> id);

    // A token from `client`'s bucket of `kind` ("games", "events", "analysis") for a per-client
    // rate (Cluster::take_token: the database's where servers share one, so that the rate holds
    // in total across them, else this server's, in memory). 0 when allowed, else the seconds to
    // wait (>= 1).
    int take_token(const std::string& kind, const std::string& client, double rate_per_second,
                   double burst);
    // Takes a token of the seat's offers (draw offers, takeback requests, rematch offers, name
    // changes: GameLimits::offers_per_minute); ApiError 429 with Retry-After past it.
    void limit_offers(const std::string& game_id, Color seat);

    // Called with the event's id when one of its games ends here (an event's view shows the
    // results): set before serving.
    void set_on_event_game_over(std::function<void(const std::string&)> on_over) {
        registry_.on_game_over = std::move(on_over);
    }
    // Called with each game in play here once it ends, under its lock (pgn_record_held gives
    // its record there): set before serving.
    void set_on_game_finished(std::function<void(LiveGame&)> on_finished) {
        registry_.on_finished = std::move(on_finished);
    }
    // Another holder of a seat in an event's game (a paired event's player plays with the
    // player's token): called with the event's id, the game's id and a token that is neither
    // seat's, outside the game's lock; set before serving.
    using EventSeat = std::function<std::optional<Color>(
        const std::string& event_id, const std::string& game_id, std::string_view token)>;
    void set_event_seat(EventSeat event_seat) { event_seat_ = std::move(event_seat); }
    // The holder of the seats of a game that is not an event's (the lobby's account games: a
    // player plays with the account's session token): called with the game's id and a token
    // that is neither seat's, outside the game's lock; set before serving.
    using AccountSeat =
        std::function<std::optional<Color>(const std::string& game_id, std::string_view token)>;
    void set_account_seat(AccountSeat account_seat) { account_seat_ = std::move(account_seat); }
    // What names a game read from the store (a game made here is told at its making,
    // SeatedGame::origin): the event's name and the board's round, called with the event's id and
    // the game's id (none when it is not the event's board); whether the lobby's game between two
    // accounts is rated, called with the game's id (false for a game that is not the lobby's).
    // StoreError when the store fails (the game is then asked for again next time). Called
    // outside the game's lock; set before serving.
    using EventOrigin = std::function<std::optional<GameOrigin::Event>(const std::string& event_id,
                                                                       const std::string& game_id)>;
    void set_event_origin(EventOrigin event_origin) { event_origin_ = std::move(event_origin); }
    using AccountRated = std::function<bool(const std::string& game_id)>;
    void set_account_rated(AccountRated account_rated) {
        account_rated_ = std::move(account_rated);
    }
    // How many of an event's games are in play (Store::event_games_in_play); ApiError 503 when
    // the store fails.
    int event_games_in_play(const std::string& event_id);

    // Counters for tests and logs.
    std::size_t games_in_memory() { return registry_.size(); }
    // Names, presence and rematches (rooms.hpp).
    Rooms& rooms() { return rooms_; }
    // What the servers sharing the store share, or this server's own (SingleServer).
    Cluster& cluster() { return cluster_; }

  private:
    EventSeat event_seat_;
    AccountSeat account_seat_;
    EventOrigin event_origin_;
    AccountRated account_rated_;
    void log(const std::string& line);
    // Looks up the game's origin unless it is known (find()).
    void learn_origin(LiveGame& game);
    // takeback/offer, takeback/accept, takeback/decline (takeback.cpp), which action() hands
    // here.
    void takeback(const std::shared_ptr<LiveGame>& game, Color seat, std::string_view action,
                  Reply reply, const Watcher* actor);

    GameServiceOptions options_;
    Store& store_;
    std::unique_ptr<Cluster> single_server_;  // when no cluster is given
    Cluster& cluster_;
    GameRegistry registry_;
    MovePipeline pipeline_;
    GameScheduler scheduler_;
    GameSync sync_;
    Tickets tickets_;
    Rooms rooms_;
    RateLimiter move_rate_;  // this server's, also where servers share the store
};

}  // namespace chess960::server
