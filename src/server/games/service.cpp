#include "games/service.hpp"

#include <algorithm>
#include <ctime>
#include <functional>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "common/words.hpp"
#include "games/single_server.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

namespace {

// The engine accepts a draw offer when its last score was this many centipawns or more
// against it.
constexpr int kEngineAcceptsDrawAt = 150;

bool looks_like_uci(std::string_view text) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (text.size() == 4 || text.size() == 5) && file(text[0]) && rank(text[1]) &&
           file(text[2]) && rank(text[3]);
}

void check_action(const Result<void>& done) {
    if (!done) throw game_refusal(done.error());
}

// The game in play after its deadlines at `now` (a flag, a no-show); ApiError 409 when it is
// over. The caller holds the game's lock.
OnlineGame& in_play(MovePipeline& pipeline, const std::shared_ptr<LiveGame>& game, Millis now) {
    pipeline.apply_deadlines(game, now);
    OnlineGame& play = game->play;
    if (!play.is_active())
        throw ApiError{409, "the game is over: " + describe(play), 0, "game_over"};
    return play;
}

}  // namespace

int random_start_number() {
    static std::mutex mutex;
    static startpos::Random random(startpos::random_seed());
    std::lock_guard lock(mutex);
    return random.draw();
}

GameService::GameService(Store& store, Cluster* cluster, GameServiceOptions options)
    : options_(std::move(options)),
      store_(store),
      single_server_(cluster ? nullptr : std::make_unique<SingleServer>(store)),
      cluster_(cluster ? *cluster : *single_server_),
      registry_(store, cluster_, options_.limits, options_.log),
      pipeline_(store, registry_, options_.log),
      scheduler_(registry_, pipeline_, cluster_,
                 EnginePoolOptions{options_.engine_threads, options_.engine_hash_mb}, options_.log),
      sync_(cluster_, registry_, pipeline_, scheduler_, options_.log),
      move_rate_(options_.limits.moves_per_second, options_.limits.moves_burst) {
    // Another server's game in play, read from the store: its engine move, if due, is claimed
    // here too (the other server may have died).
    registry_.on_loaded = [this](const std::shared_ptr<LiveGame>& game) {
        std::lock_guard lock(game->mutex);
        scheduler_.schedule_engine(game);
    };
    registry_.load();
    for (auto& game : registry_.in_play()) {
        std::lock_guard lock(game->mutex);
        scheduler_.schedule_engine(game);
    }
    scheduler_.start();
}

GameService::~GameService() { stop(); }

void GameService::stop() {
    sync_.stop();
    scheduler_.stop();
    pipeline_.stop();  // after everything queued is stored
}

void GameService::log(const std::string& line) {
    if (options_.log) options_.log(line);
}

// --- Finding games and seats ---------------------------------------------------------------

std::shared_ptr<LiveGame> GameService::find(std::string_view id) {
    auto game = registry_.find(id);
    learn_origin(*game);
    return game;
}

void GameService::learn_origin(LiveGame& game) {
    std::string game_id;
    std::optional<std::string> event_id;
    bool seated = false;  // two seats, neither the engine's: perhaps the lobby's
    {
        std::lock_guard lock(game.mutex);
        if (game.origin) return;
        game_id = game.row.id;
        event_id = game.row.event_id;
        seated = game.row.opponent == "friend";
    }
    GameOrigin origin;
    try {
        if (event_id && event_origin_)
            origin.event = event_origin_(*event_id, game_id);
        else if (!event_id && seated && account_rated_)
            origin.rated = account_rated_(game_id);
    } catch (const StoreError& e) {
        log("game " + game_id + ": what names it not read: " + e.what());
        return;
    }
    std::lock_guard lock(game.mutex);
    if (!game.origin) game.origin = std::move(origin);
}

std::shared_ptr<LiveGame> GameService::lookup(std::string_view id) { return registry_.lookup(id); }

std::optional<Color> GameService::seat_of(LiveGame& game, std::string_view token) {
    if (token.empty()) return std::nullopt;
    std::string event_id, game_id;
    {
        std::lock_guard lock(game.mutex);
        if (token_matches(token, game.row.white_token_hash)) return White;
        if (token_matches(token, game.row.black_token_hash)) return Black;
        game_id = game.row.id;
        if (game.row.event_id) event_id = *game.row.event_id;
    }
    if (!event_id.empty())
        return event_seat_ ? event_seat_(event_id, game_id, token) : std::nullopt;
    return account_seat_ ? account_seat_(game_id, token) : std::nullopt;
}

Color GameService::require_seat(LiveGame& game, std::string_view token) {
    if (token.empty())
        throw ApiError{401, "this needs a seat token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    auto seat = seat_of(game, token);
    if (!seat) throw ApiError{403, "the token holds no seat in this game", 0, "wrong_token"};
    return *seat;
}

int GameService::take_token(const std::string& kind, const std::string& client,
                            double rate_per_second, double burst) {
    return cluster_.take_token(kind, client, rate_per_second, burst);
}

int GameService::event_games_in_play(const std::string& event_id) {
    try {
        return store_.event_games_in_play(event_id);
    } catch (const StoreError& e) {
        log("event " + event_id + ": its games in play not counted: " + e.what());
        throw ApiError{503, "the game store is failing: try again", 5, "store_failing"};
    }
}

void GameService::limit_offers(const std::string& game_id, Color seat) {
    if (int wait =
            take_token("offers", game_id + ":" + color_name(seat),
                       options_.limits.offers_per_minute / 60.0, options_.limits.offers_burst))
        throw ApiError{429,
                       "too many offers and requests from your seat in this game: try again in " +
                           std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
}

// --- Creating and listing --------------------------------------------------------------------

CreatedGame GameService::create(const CreateGameRequest& request, const std::string& client) {
    const Millis now = now_ms();
    // The limits are the cluster's (Cluster::take_token, Cluster::insert_engine_game): the
    // database's when servers share one, so that they hold in total across them, else this
    // server's, in memory.
    if (int wait = take_token("games", client, options_.limits.games_per_minute / 60.0,
                              options_.limits.games_burst))
        throw ApiError{
            429,
            "too many games created from your address: try again in " + std::to_string(wait) + " s",
            wait,
            "rate_limited",
            {{"seconds", wait}}};
    auto too_many_engine_games = [](int in_play) {
        return ApiError{429,
                        "you have " + std::to_string(in_play) +
                            " games against the engine in play already: finish or resign one "
                            "first",
                        10,
                        "too_many_engine_games",
                        {{"count", in_play}}};
    };

    GameRow row;
    row.opponent = request.engine ? "engine" : "friend";
    const Color human = request.human_white ? (*request.human_white ? White : Black)
                                            : (random_hex(1)[0] < '8' ? White : Black);
    if (request.engine) {
        row.level = request.level;
        row.engine_color = color_name(~human);
    }
    Position start;
    const StartSpec& spec = request.start;
    switch (spec.type) {
        case StartSpec::Type::Random:
        case StartSpec::Type::Number: {
            const int number = spec.number.value_or(random_start_number());
            start = startpos::position(number).value();
            row.start_number = number;
            break;
        }
        case StartSpec::Type::Double960: {
            const int white = spec.number.value_or(random_start_number());
            const int black = spec.black.value_or(random_start_number());
            start = startpos::position(white, black).value();
            row.start_number = white;
            if (black != white) row.start_black_number = black;
            break;
        }
        case StartSpec::Type::Fen: {
            auto parsed = position_from_fen(spec.fen);
            if (!parsed)
                throw ApiError{422, parsed.error().to_string(), 0,
                               error_code_name(parsed.error().code)};
            start = *parsed;
            if (auto numbers = startpos::numbers_of(start)) {
                row.start_number = numbers->white;
                if (numbers->is_double()) row.start_black_number = numbers->black;
            }
            break;
        }
    }
    row.initial_fen = write_fen(start);
    {
        Game probe(start);
        if (probe.outcome().is_over())
            throw ApiError{422,
                           std::string("the game would be over before it starts (") +
                               termination_string(probe.outcome().termination) + ")",
                           0, "over_at_start"};
    }
    if (request.clock) {
        row.clock_initial_ms = request.clock->initial;
        row.clock_increment_ms = request.clock->increment;
        row.white_ms = row.black_ms = request.clock->initial;
    }
    row.id = random_hex(8);
    const std::string white_token = request.engine && human == Black ? "" : random_hex(16);
    const std::string black_token = request.engine && human == White ? "" : random_hex(16);
    row.white_token_hash = white_token.empty() ? "" : sha256_hex(white_token);
    row.black_token_hash = black_token.empty() ? "" : sha256_hex(black_token);
    row.created_at = row.updated_at = now;
    const bool counted = request.engine && options_.limits.engine_games > 0;
    if (counted) {
        if (auto in_play = cluster_.insert_engine_game(row, client, options_.limits.engine_games))
            throw too_many_engine_games(*in_play);
    } else {
        store_.insert_game(row);
    }

    auto game = std::make_shared<LiveGame>(
        row, OnlineGame(start, request.clock, now, registry_.rules_for(row)));
    game->owner = client;
    if (request.engine) game->engine_color = ~human;
    game->counted_as_engine_game = counted;
    game->origin = GameOrigin{};  // a friend's or the engine's game
    registry_.add(game);
    CreatedGame created{row.id, {white_token, black_token}, {}};
    std::lock_guard lock(game->mutex);
    created.view = game->view(request.engine ? std::optional<Color>(human) : std::nullopt, now);
    scheduler_.schedule_engine(game);
    return created;
}

std::shared_ptr<LiveGame> GameService::seated_game(const SeatedGame& request) {
    const Millis now = now_ms();
    auto start = startpos::position(request.white_number, request.black_number);
    if (!start)
        throw ApiError{422, start.error().to_string(), 0, error_code_name(start.error().code)};
    GameRow row;
    row.id = request.id;
    row.opponent = "friend";
    row.event_id = request.event_id;
    row.start_number = request.white_number;
    if (request.black_number != request.white_number) row.start_black_number = request.black_number;
    row.initial_fen = write_fen(*start);
    if (request.clock && request.clock->per_move > 0) {
        row.clock_per_move_ms = row.clock_initial_ms = request.clock->per_move;
        row.clock_increment_ms = 0;
        row.white_ms = row.black_ms = request.clock->per_move;
    } else if (request.clock) {
        row.clock_initial_ms = request.clock->initial;
        row.clock_increment_ms = request.clock->increment;
        row.white_ms = row.black_ms = request.clock->initial;
    }
    row.white_token_hash = request.white_token_hash;
    row.black_token_hash = request.black_token_hash;
    row.created_at = row.updated_at = now;
    const OnlineRules rules = registry_.rules_for(row);
    auto game =
        std::make_shared<LiveGame>(std::move(row), OnlineGame(*start, request.clock, now, rules));
    game->origin = request.origin;
    return game;
}

void GameService::hold(const std::shared_ptr<LiveGame>& game) { registry_.add(game); }

void GameService::create_seated(const SeatedGame& request) {
    auto game = seated_game(request);
    try {
        store_.insert_game(game->row);
    } catch (const StoreError& e) {
        log("game " + game->row.id + " not created: " + e.what());
        throw ApiError{503, "the game store is failing: the game was not created", 5,
                       "store_failing"};
    }
    hold(game);
}

std::vector<GameRow> GameService::recent(int limit) {
    std::vector<GameRow> rows = store_.recent_games(limit);
    // The stores choose by the games' rows, which a move leaves as they were (the move's own row
    // carries its time, folded into `updated_at`): listed by the last change they show.
    std::ranges::stable_sort(rows, std::greater{}, &GameRow::updated_at);
    return rows;
}

// --- Reading a game --------------------------------------------------------------------------

GameView GameService::view(LiveGame& game, std::optional<Color> you) {
    std::lock_guard lock(game.mutex);
    return game.view(you, now_ms());
}

GameState GameService::state(LiveGame& game) {
    std::lock_guard lock(game.mutex);
    return game.state(now_ms());
}

pgn::GameRecord GameService::pgn_record(LiveGame& game) {
    std::lock_guard lock(game.mutex);
    return pgn_record_held(game);
}

pgn::GameRecord GameService::pgn_record_held(LiveGame& game) {
    pgn::GameRecord record;
    const GameRow& row = game.row;
    std::time_t created = std::time_t(row.created_at / 1000);
    std::tm utc{};
    gmtime_r(&created, &utc);
    char date[16];
    std::strftime(date, sizeof date, "%Y.%m.%d", &utc);
    record.set_tag("Event", row.opponent == "engine" ? "chess960 game against the engine"
                                                     : "chess960 game between friends");
    record.set_tag("Site", "chess960 serve, game " + row.id);
    record.set_tag("Date", date);
    record.set_tag("Round", "-");
    record.set_tag("White", game.player_name(White));
    record.set_tag("Black", game.player_name(Black));
    // PGN's TimeControl for a time per move: "-" as lichess writes its correspondence games
    // (the standard's "moves/seconds" counts moves per period, with the saved time carried).
    if (row.clock_per_move_ms)
        record.set_tag("TimeControl", "-");
    else if (row.clock_initial_ms)
        record.set_tag("TimeControl",
                       std::to_string(*row.clock_initial_ms / 1000) + "+" +
                           std::to_string(row.clock_increment_ms.value_or(0) / 1000));
    const Outcome outcome = game.play.outcome();
    if (game.play.status() == GameStatus::Aborted)
        record.set_tag("Termination", "abandoned");
    else if (outcome.termination == Termination::NoShow)
        record.set_tag("Termination", "abandoned");  // PGN 9.8.1: a player did not come
    else if (outcome.termination == Termination::ArbiterDecision)
        record.set_tag("Termination", "adjudication");  // PGN 9.8.1: the result is the arbiter's
    else if (outcome.is_over())
        record.set_tag("Termination",
                       outcome.termination == Termination::Time ||
                               outcome.termination == Termination::TimeInsufficientMaterial
                           ? "time forfeit"
                           : "normal");
    record.start = game.play.game().start_position();
    record.chess960 = true;
    for (Move m : game.play.game().moves()) record.main.nodes.push_back(pgn::Node{m, {}, {}, {}});
    record.result = outcome.result;
    return record;
}

// --- Changing a game ---------------------------------------------------------------------------

void GameService::move(const std::shared_ptr<LiveGame>& game, Color seat,
                       const MoveRequest& request, const std::string& client, Reply reply,
                       const Watcher* mover) {
    const Millis now = now_ms();
    // This server's bucket first (also on a shared store: it costs nothing and keeps a client
    // from flooding one server); on a shared store the move then needs a token from the client's
    // bucket in the database too, taken when the move is stored (Store::write), so that the
    // limit holds in total across the servers without a round trip of its own.
    if (int wait = move_rate_.take(client, now)) throw too_many_moves(wait);
    std::optional<TokenClaim> token = cluster_.token_claim(
        "moves", client, options_.limits.moves_per_second, options_.limits.moves_burst);
    std::lock_guard lock(game->mutex);
    pipeline_.apply_deadlines(game, now);
    LiveGame& g = *game;
    // On a shared store the game here may not have heard yet of a move made through another
    // server (LISTEN/NOTIFY takes a moment): a move that does not follow it reads it again.
    if (sync_.may_be_behind(g) &&
        (g.play.side_to_move() != seat || (request.ply && *request.ply != g.play.ply())))
        sync_.catch_up(game);
    if (!g.play.is_active())
        throw ApiError{409, "the game is over: " + describe(g.play), 0, "game_over"};
    if (g.play.side_to_move() != seat) throw ApiError{409, "not your turn", 0, "not_your_turn"};
    if (request.ply && *request.ply != g.play.ply())
        throw ApiError{409,
                       "stale ply: the game is at ply " + std::to_string(g.play.ply()),
                       0,
                       "stale_ply",
                       {{"ply", g.play.ply()}}};
    const Position& pos = g.play.position();
    auto parsed = looks_like_uci(request.move)
                      ? parse_uci(pos, request.move, CastlingMode::Chess960)
                      : parse_san(pos, request.move);
    if (!parsed)
        throw ApiError{422,
                       parsed.error().to_string(),
                       0,
                       error_code_name(parsed.error().code),
                       {{"move", quote(request.move, 16)}}};
    pipeline_.commit_move(game, seat, *parsed, now, std::move(reply), mover, std::move(token));
    scheduler_.schedule_engine(game);
}

void GameService::action(const std::shared_ptr<LiveGame>& game, Color seat, std::string_view action,
                         Reply reply, const Watcher* actor) {
    if (action.starts_with("takeback/"))
        return takeback(game, seat, action, std::move(reply), actor);
    const Millis now = now_ms();
    std::lock_guard lock(game->mutex);
    OnlineGame& play = in_play(pipeline_, game, now);
    if (action == "resign") {
        check_action(play.resign(seat, now));
    } else if (action == "abort") {
        check_action(play.abort(seat, now));
    } else if (action == "draw/offer") {
        limit_offers(game->row.id, seat);
        const bool to_engine = game->engine_color && *game->engine_color == ~seat;
        check_action(play.offer_draw(seat, now));
        // The engine answers at once: it accepts when its last search saw it clearly worse,
        // and declines otherwise (also when it has not searched since a restart).
        if (to_engine && play.draw_offer() == seat) {
            if (game->engine_score && *game->engine_score <= -kEngineAcceptsDrawAt)
                check_action(play.accept_draw(~seat, now));
            else
                check_action(play.decline_draw(~seat, now));
        }
    } else if (action == "draw/accept") {
        check_action(play.accept_draw(seat, now));
    } else if (action == "draw/decline") {
        check_action(play.decline_draw(seat, now));
    } else if (action == "draw/claim") {
        check_action(play.claim_draw(seat, now));
    } else {
        throw ApiError{404,
                       "no such game action '" + quote(action, 24) + "'",
                       0,
                       "unknown_action",
                       {{"action", quote(action, 24)}}};
    }
    game->sync_row(now);
    // The view for an HTTP answer; a WebSocket's acknowledgement carries the update only.
    pipeline_.persist(game, GameChange{game->row, std::nullopt}, state_update(*game, now), actor,
                      std::move(reply),
                      actor ? std::nullopt : std::optional<GameView>(game->view(seat, now)));
    registry_.settle(game);
}

void GameService::end_by_arbiter(const std::shared_ptr<LiveGame>& game, GameResult result) {
    const Millis now = now_ms();
    std::lock_guard lock(game->mutex);
    check_action(in_play(pipeline_, game, now).end_by_arbiter(result, now));
    pipeline_.save_state(game, now);
    registry_.settle(game);
}

// --- Live connections ----------------------------------------------------------------------------

Ticket GameService::ticket(LiveGame& game, Color seat) {
    std::string id;
    {
        std::lock_guard lock(game.mutex);
        id = game.row.id;
    }
    return tickets_.issue(id, seat);
}

Color GameService::redeem_ticket(std::string_view ticket, const std::string& game_id) {
    return tickets_.redeem(ticket, game_id);
}

void GameService::subscribe(LiveGame& game, const std::shared_ptr<Watcher>& watcher,
                            std::optional<Color> you) {
    std::lock_guard lock(game.mutex);
    watcher->deliver(game.view(you, now_ms()), std::nullopt);
    game.audience.add(watcher, game.version);
}

void GameService::resync(LiveGame& game, const std::shared_ptr<Watcher>& watcher,
                         std::optional<Color> you, std::optional<std::int64_t> id) {
    std::lock_guard lock(game.mutex);
    watcher->deliver(game.view(you, now_ms()), id);
    game.audience.add(watcher, game.version);
}

}  // namespace chess960::server
