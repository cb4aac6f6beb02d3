#include "games/service.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <nlohmann/json.hpp>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "engine/strength.hpp"
#include "store/secrets.hpp"
#include "http/views.hpp"
#include "games/words.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// Levels 1..8: UCI_Elo 1320 .. 2400 (engine/strength.hpp; 1400, 1800 and 2200 are measured
// points), then full strength (0 = no limit).
constexpr int kLevelElo[9] = {0, 1320, 1400, 1600, 1800, 2000, 2200, 2400, 0};
// Thinking time per engine move at each level (a time control can make it shorter).
constexpr Millis kLevelMovetimeMs[9] = {0, 150, 200, 300, 400, 600, 800, 1200, 2000};
// The engine accepts a draw offer when its last score was this many centipawns or more
// against it.
constexpr int kEngineAcceptsDrawAt = 150;
constexpr Millis kTicketLifetime = 30'000;
constexpr std::size_t kFinishedCache = 256;
constexpr auto kDeadlineTick = std::chrono::milliseconds(100);
// How often a server tries again to claim an engine move another server holds (a shared store).
constexpr Millis kEngineRetry = 1000;

bool looks_like_uci(std::string_view text) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (text.size() == 4 || text.size() == 5) && file(text[0]) && rank(text[1]) &&
           file(text[2]) && rank(text[3]);
}

// The HTTP status of a refused game action.
ApiError refusal(const Error& error) {
    switch (error.code) {
        case ErrorCode::GameOver:
        case ErrorCode::NotYourTurn:
        case ErrorCode::NoDrawOffer:
        case ErrorCode::CannotAbort:
            return ApiError{409, error.to_string(), 0, error_code_name(error.code)};
        default:
            return ApiError{422, error.to_string(), 0, error_code_name(error.code)};
    }
}

void check(const Result<void>& done) {
    if (!done) throw refusal(done.error());
}

// Game ids are 16 hex digits; anything else is no game (and no database query).
bool plausible_id(std::string_view id) {
    return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
}

}  // namespace

int random_start_number() {
    static std::mutex mutex;
    static startpos::Random random(startpos::random_seed());
    std::lock_guard lock(mutex);
    return random.draw();
}

Millis now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

GameService::GameService(Store& store, GameServiceOptions options)
    : store_(store),
      writer_(store),
      options_(std::move(options)),
      game_rate_(options_.limits.games_per_minute / 60.0, options_.limits.games_burst),
      move_rate_(options_.limits.moves_per_second, options_.limits.moves_burst),
      offer_rate_(options_.limits.offers_per_minute / 60.0, options_.limits.offers_burst),
      engines_(EnginePoolOptions{options_.engine_threads, options_.engine_hash_mb}) {
    load();
    deadline_thread_ = std::thread([this] { deadline_loop(); });
    listener_ = store_.listen([this](const std::string& id) { changed_elsewhere(id); },
                              [this](const std::string& line) { log(line); });
}

GameService::~GameService() { stop(); }

void GameService::stop() {
    if (stopping_.exchange(true)) return;
    listener_.reset();
    { std::lock_guard lock(deadline_mutex_); }
    deadline_wake_.notify_all();
    engines_.stop();
    if (deadline_thread_.joinable()) deadline_thread_.join();
    save_running_clocks();
    writer_.stop();  // after everything queued is stored
}

// A restart restarts the running turn (Clock::resume), so that the downtime is charged to
// nobody; what the turn had used before the stop must be in the store by then, or it would be
// given back. After a crash the turn starts over.
void GameService::save_running_clocks() {
    const Millis now = now_ms();
    std::vector<std::shared_ptr<LiveGame>> live;
    {
        std::lock_guard lock(games_mutex_);
        for (auto& [id, game] : games_) live.push_back(game);
    }
    for (auto& game : live) {
        std::lock_guard lock(game->mutex);
        try {
            apply_deadlines(game, now);  // a flag that has fallen ends the game first
            const auto& clock = game->play.clock();
            if (!game->play.is_active() || !clock || !clock->running()) continue;
            const Color running = *clock->running();
            Millis left[2] = {clock->stored(White), clock->stored(Black)};
            left[running] = clock->remaining(running, now);
            game->play.restore_clock(
                Clock::restore(clock->control(), left[White], left[Black], running, now));
            game->sync_row(now);
            persist(game, GameChange{game->row, std::nullopt}, "", nullptr, nullptr,
                    [this, id = game->row.id](Answer answer) {
                        if (answer.error)
                            log("game " + id +
                                ": clock not saved at the stop: " + answer.error->message);
                    });
        } catch (const ApiError& e) {
            log("game " + game->row.id + ": clock not saved at the stop: " + e.message);
        }
    }
}

OnlineRules GameService::rules_for(const GameRow& row) const {
    OnlineRules rules{options_.limits.abort_after, options_.limits.untimed_abort_after};
    if (row.event_id) rules.no_show_after = options_.limits.no_show_after;
    return rules;
}

void GameService::log(const std::string& line) {
    if (options_.log) options_.log(line);
}

void GameService::load() {
    const Millis now = now_ms();
    for (StoredGame& stored : store_.load_in_play()) {
        const OnlineRules rules = rules_for(stored.game);
        auto game = restore_game(std::move(stored), now, rules, /*resume_clock=*/true);
        games_.emplace(game->row.id, game);
    }
    if (!games_.empty()) log("loaded " + std::to_string(games_.size()) + " games in play");
    for (auto& [id, game] : games_) {
        std::lock_guard lock(game->mutex);
        schedule_engine(game);
    }
}

std::size_t GameService::games_in_memory() {
    std::lock_guard lock(games_mutex_);
    return games_.size() + finished_.size();
}

// --- Finding games and seats ---------------------------------------------------------------

std::shared_ptr<LiveGame> GameService::find(std::string_view id) {
    if (!plausible_id(id))
        throw ApiError{404,
                       "unknown game '" + quote(id, 32) + "'",
                       0,
                       "unknown_game",
                       {{"id", quote(id, 32)}}};
    const std::string key(id);
    {
        std::lock_guard lock(games_mutex_);
        if (auto it = games_.find(key); it != games_.end()) return it->second;
        for (auto it = finished_.begin(); it != finished_.end(); ++it) {
            if ((*it)->row.id == key) {
                auto game = *it;
                finished_.splice(finished_.begin(), finished_, it);
                return game;
            }
        }
    }
    auto stored = store_.load_game(key);
    if (!stored)
        throw ApiError{404, "unknown game '" + key + "'", 0, "unknown_game", {{"id", key}}};
    // On a shared store a game in play that is not in memory is being played through another
    // server: its clock runs as stored.
    const OnlineRules rules = rules_for(stored->game);
    auto game = restore_game(std::move(*stored), now_ms(), rules, !store_.shared());
    std::lock_guard lock(games_mutex_);
    if (game->row.in_play()) {
        // In play but not in memory: another writer's game (or one being loaded twice). Its
        // engine move, if due, is claimed here too (another server's may have died).
        auto [it, inserted] = games_.emplace(key, game);
        if (inserted && game->engine_to_move()) {
            std::lock_guard game_lock(game->mutex);
            schedule_engine(game);
        }
        return it->second;
    }
    finished_.push_front(game);
    if (finished_.size() > kFinishedCache) finished_.pop_back();
    return game;
}

std::optional<Color> GameService::seat_of(LiveGame& game, std::string_view token) {
    if (token.empty()) return std::nullopt;
    std::lock_guard lock(game.mutex);
    if (token_matches(token, game.row.white_token_hash)) return White;
    if (token_matches(token, game.row.black_token_hash)) return Black;
    return std::nullopt;
}

Color GameService::require_seat(LiveGame& game, std::string_view token) {
    if (token.empty())
        throw ApiError{401, "this needs a seat token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    auto seat = seat_of(game, token);
    if (!seat) throw ApiError{403, "the token holds no seat in this game", 0, "wrong_token"};
    return *seat;
}

int GameService::take_token(const std::string& kind, const std::string& client, RateLimiter& local,
                            double rate_per_second, double burst) {
    if (!store_.shared()) return local.take(client, now_ms());
    return store_.take_token(kind, sha256_hex(client), rate_per_second, burst);
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
            take_token("offers", game_id + ":" + color_name(seat), offer_rate_,
                       options_.limits.offers_per_minute / 60.0, options_.limits.offers_burst))
        throw ApiError{429,
                       "too many offers and requests from your seat in this game: try again in " +
                           std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
}

// --- Creating and listing --------------------------------------------------------------------

std::string GameService::create(const CreateGameRequest& request, const std::string& client) {
    const Millis now = now_ms();
    // On a shared store the limits are the database's, so that they hold in total across the
    // servers (Store::take_token, Store::insert_engine_game); the client is named there by a
    // hash of its address. Otherwise they are this server's, in memory.
    const bool shared_limits = store_.shared();
    if (int wait = take_token("games", client, game_rate_, options_.limits.games_per_minute / 60.0,
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
    if (request.engine && options_.limits.engine_games > 0 && !shared_limits) {
        std::lock_guard lock(games_mutex_);
        if (engine_games_[client] >= options_.limits.engine_games)
            throw too_many_engine_games(engine_games_[client]);
    }

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
    if (request.engine && shared_limits && options_.limits.engine_games > 0) {
        if (auto in_play =
                store_.insert_engine_game(row, sha256_hex(client), options_.limits.engine_games))
            throw too_many_engine_games(*in_play);
    } else {
        store_.insert_game(row);
    }

    auto game =
        std::make_shared<LiveGame>(row, OnlineGame(start, request.clock, now, rules_for(row)));
    game->owner = client;
    if (request.engine) game->engine_color = ~human;
    {
        std::lock_guard lock(games_mutex_);
        games_.emplace(row.id, game);
        if (request.engine && !shared_limits) {
            ++engine_games_[client];
            game->counted_as_engine_game = true;
        }
    }
    Json tokens = Json::object();
    if (!white_token.empty()) tokens["white"] = white_token;
    if (!black_token.empty()) tokens["black"] = black_token;
    std::string view_text;
    {
        std::lock_guard lock(game->mutex);
        view_text =
            view_json(*game, request.engine ? std::optional<Color>(human) : std::nullopt, now);
        schedule_engine(game);
    }
    std::string text = Json{{"id", row.id}, {"tokens", tokens}}.dump();
    text.insert(1, "\"game\":" + view_text + ",");
    return text;
}

void GameService::create_seated(const SeatedGame& request) {
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
    if (request.clock) {
        row.clock_initial_ms = request.clock->initial;
        row.clock_increment_ms = request.clock->increment;
        row.white_ms = row.black_ms = request.clock->initial;
    }
    row.white_token_hash = request.white_token_hash;
    row.black_token_hash = request.black_token_hash;
    row.created_at = row.updated_at = now;
    try {
        store_.insert_game(row);
    } catch (const StoreError& e) {
        log("game " + row.id + " not created: " + e.what());
        throw ApiError{503, "the game store is failing: the game was not created", 5,
                       "store_failing"};
    }
    auto game =
        std::make_shared<LiveGame>(row, OnlineGame(*start, request.clock, now, rules_for(row)));
    std::lock_guard lock(games_mutex_);
    games_.emplace(row.id, game);
}

std::string GameService::recent(int limit) {
    Json list = Json::array();
    std::vector<GameRow> rows = store_.recent_games(limit);
    // The stores choose by the games' rows, which a move leaves as they were (the move's own row
    // carries its time, folded into `updated_at`): listed by the last change they show.
    std::ranges::stable_sort(rows, std::greater{}, &GameRow::updated_at);
    for (const GameRow& row : rows) {
        const bool is_double = row.start_black_number.has_value();
        const bool aborted = row.termination && *row.termination == kAbortedWord;
        list.push_back(Json{{"id", row.id},
                            {"white", player_name(row, White)},
                            {"black", player_name(row, Black)},
                            {"opponent", row.opponent},
                            {"startNumber", row.start_number && !is_double ? Json(*row.start_number)
                                                                           : Json(nullptr)},
                            {"result", row.result},
                            {"status", row.in_play() ? "active"
                                       : aborted     ? "aborted"
                                                     : "over"},
                            {"plies", row.plies},
                            {"created", row.created_at},
                            {"updated", row.updated_at}});
    }
    return Json{{"games", list}}.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// --- Reading a game --------------------------------------------------------------------------

std::string GameService::view(LiveGame& game, std::optional<Color> you) {
    std::lock_guard lock(game.mutex);
    return view_json(game, you, now_ms());
}

std::string GameService::legal(LiveGame& game) {
    std::lock_guard lock(game.mutex);
    return legal_moves_json(game);
}

std::string GameService::pgn(LiveGame& game) { return pgn::write_game(pgn_record(game)); }

std::string GameService::state(LiveGame& game) {
    std::lock_guard lock(game.mutex);
    return state_json(game, now_ms());
}

pgn::GameRecord GameService::pgn_record(LiveGame& game) {
    pgn::GameRecord record;
    std::lock_guard lock(game.mutex);
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
    if (row.clock_initial_ms)
        record.set_tag("TimeControl",
                       std::to_string(*row.clock_initial_ms / 1000) + "+" +
                           std::to_string(row.clock_increment_ms.value_or(0) / 1000));
    const Outcome outcome = game.play.outcome();
    if (game.play.status() == GameStatus::Aborted)
        record.set_tag("Termination", "abandoned");
    else if (outcome.termination == Termination::NoShow)
        record.set_tag("Termination", "abandoned");  // PGN 9.8.1: a player did not come
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

namespace {
ApiError too_many_moves(int wait_seconds) {
    return ApiError{
        429,
        "too many moves from your address: try again in " + std::to_string(wait_seconds) + " s",
        wait_seconds,
        "rate_limited",
        {{"seconds", wait_seconds}}};
}
}  // namespace

void GameService::persist(const std::shared_ptr<LiveGame>& game, std::optional<GameChange> change,
                          std::string answer, std::shared_ptr<const LiveEvent> event,
                          const Subscriber* except, Reply reply, int ply, bool rewinds) {
    const std::uint64_t version = ++game->version;
    // On a shared store, the game is not read again while a change of this server's is on its
    // way to the store (that would forget it): changed_elsewhere waits for it (catch_up_due).
    const bool counted = listener_ && change.has_value();
    if (counted) ++game->pending_writes;
    // An event that stores nothing (catch_up's) cannot be refused: its ply counts as published
    // at once, so that the next catch_up starts after it even before the writer has sent it
    // (or it would send its moves again, and miss a takeback between them). A stored change's
    // counts once stored.
    const bool stored = change.has_value();
    if (!stored && (ply > 0 || rewinds)) game->published_ply = ply;
    writer_.submit(
        std::move(change), [this, game, version, except, ply, rewinds, counted, stored,
                            answer = std::move(answer), event = std::move(event),
                            reply = std::move(reply)](const StoreWriter::Refused& refused) mutable {
            if (counted) {
                std::lock_guard lock(game->mutex);
                --game->pending_writes;
            }
            if (refused) {
                using Reason = WriteRefusal::Reason;
                // On a shared store a change is refused when another server changed the game first
                // (the ply check in Store::write), or when its client's move tokens, shared by the
                // servers, ran out: the game as stored is what holds.
                const bool overtaken = listener_ && refused->reason == Reason::NotAtPly;
                const bool too_fast = refused->reason == Reason::NoToken;
                if (overtaken || too_fast) {
                    std::lock_guard lock(game->mutex);
                    catch_up(game, /*tell_state=*/event && ply == 0 && !rewinds);
                } else {
                    recover(game, refused->message);
                }
                if (reply)
                    reply(Answer{{},
                                 too_fast    ? too_many_moves(refused->retry_after_seconds)
                                 : overtaken ? ApiError{409,
                                                        "the change was not saved: the game was "
                                                        "changed through another server first",
                                                        0, "changed_elsewhere"}
                                             : ApiError{503,
                                                        "the game store is failing: the change was "
                                                        "not saved",
                                                        5, "store_failing"}});
                return;
            }
            if (reply) reply(Answer{std::move(answer), std::nullopt});
            if (stored && (ply > 0 || rewinds)) game->published_ply = ply;
            if (event) game->audience.publish(event, version, except);
            if (counted) {
                std::lock_guard lock(game->mutex);
                if (game->pending_writes == 0 && std::exchange(game->catch_up_due, false))
                    catch_up(game);
            }
        });
}

void GameService::recover(const std::shared_ptr<LiveGame>& game, const std::string& why) {
    log("game " + game->row.id + ": a change was not saved: " + why);
    {
        std::lock_guard lock(game->mutex);
        reload_from_store(*game);
        ++game->version;
        // Its watchers reconnect for the whole game.
        game->published_ply = game->play.ply();
    }
    game->audience.close_all();
}

void GameService::reload_from_store(LiveGame& game) {
    try {
        auto stored = store_.load_game(game.row.id);
        if (!stored) return;
        // On a shared store: read again after another server's change, its clock as stored.
        const OnlineRules rules = rules_for(stored->game);
        auto fresh = restore_game(std::move(*stored), now_ms(), rules, !store_.shared());
        game.row = fresh->row;
        game.play = fresh->play;
        game.move_texts = std::move(fresh->move_texts);
    } catch (const std::exception& e) {
        log("game " + game.row.id + " could not be reloaded: " + e.what());
    }
}

std::shared_ptr<const LiveEvent> GameService::state_event(LiveGame& game, Millis now) {
    return make_event(
        "state", with_type("state", std::nullopt, "{\"state\":" + state_json(game, now) + "}"));
}

void GameService::save_state(const std::shared_ptr<LiveGame>& game, Millis now) {
    game->sync_row(now);
    persist(game, GameChange{game->row, std::nullopt}, "", state_event(*game, now), nullptr,
            nullptr);
}

void GameService::publish_state(const std::shared_ptr<LiveGame>& game, Millis now) {
    persist(game, std::nullopt, "", state_event(*game, now), nullptr, nullptr);
}

void GameService::after_change(const std::shared_ptr<LiveGame>& game) {
    if (game->play.is_active()) return;
    if (game->row.event_id && on_event_game_over_) on_event_game_over_(*game->row.event_id);
    std::lock_guard lock(games_mutex_);
    if (game->counted_as_engine_game) {
        game->counted_as_engine_game = false;
        if (auto it = engine_games_.find(game->owner);
            it != engine_games_.end() && --it->second <= 0)
            engine_games_.erase(it);
    }
    if (games_.erase(game->row.id)) {
        finished_.push_front(game);
        if (finished_.size() > kFinishedCache) finished_.pop_back();
    }
}

void GameService::apply_deadlines(const std::shared_ptr<LiveGame>& game, Millis now) {
    if (!game->play.tick(now)) return;
    save_state(game, now);
    after_change(game);
}

void GameService::commit_move(const std::shared_ptr<LiveGame>& game, Color seat, Move move,
                              Millis now, Reply reply, const Subscriber* mover,
                              std::optional<TokenClaim> token) {
    LiveGame& g = *game;
    const Position before = g.play.position();
    MoveText text = move_text(before, move);
    check(g.play.play(seat, move, now));
    const int ply = g.play.ply();
    // The move's row carries the clock; the game's row is written too only when the move
    // changed more (an offer answered by the move, the end of the game).
    const bool row_changed = [&] {
        const GameRow& stored = g.row;
        const Outcome outcome = g.play.outcome();
        return outcome.is_over() || g.play.status() != GameStatus::Active ||
               stored.draw_offer.has_value() != g.play.draw_offer().has_value() ||
               stored.takeback.has_value() != g.play.takeback_request().has_value();
    }();
    g.sync_row(now);
    g.move_texts.push_back(move_info_json(before, move, text, std::nullopt));
    std::string update = move_update_json(g, now, move_info_json(before, move, text, ply));
    auto event = make_event("move", with_type("move", std::nullopt, update));
    persist(
        game,
        GameChange{g.row,
                   MoveRow{ply, std::move(text.uci), std::move(text.san), std::move(text.fen), now},
                   row_changed, std::nullopt, std::move(token)},
        std::move(update), std::move(event), mover, std::move(reply), ply);
    after_change(game);
}

void GameService::move(const std::shared_ptr<LiveGame>& game, Color seat,
                       const MoveRequest& request, const std::string& client, Reply reply,
                       const Subscriber* mover) {
    const Millis now = now_ms();
    // This server's bucket first (also on a shared store: it costs nothing and keeps a client
    // from flooding one server); on a shared store the move then needs a token from the client's
    // bucket in the database too, taken when the move is stored (Store::write), so that the
    // limit holds in total across the servers without a round trip of its own.
    if (int wait = move_rate_.take(client, now)) throw too_many_moves(wait);
    std::optional<TokenClaim> token;
    if (store_.shared() && options_.limits.moves_per_second > 0)
        token = TokenClaim{"moves", sha256_hex(client), options_.limits.moves_per_second,
                           options_.limits.moves_burst};
    std::lock_guard lock(game->mutex);
    apply_deadlines(game, now);
    LiveGame& g = *game;
    // On a shared store the game here may not have heard yet of a move made through another
    // server (LISTEN/NOTIFY takes a moment): a move that does not follow it reads it again.
    if (store_.shared() && g.pending_writes == 0 && g.play.is_active() &&
        (g.play.side_to_move() != seat || (request.ply && *request.ply != g.play.ply())))
        catch_up(game);
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
    commit_move(game, seat, *parsed, now, std::move(reply), mover, std::move(token));
    schedule_engine(game);
}

void GameService::action(const std::shared_ptr<LiveGame>& game, Color seat, std::string_view action,
                         Reply reply, const Subscriber* actor) {
    if (action.starts_with("takeback/"))
        return takeback(game, seat, action, std::move(reply), actor);
    const Millis now = now_ms();
    std::lock_guard lock(game->mutex);
    apply_deadlines(game, now);
    OnlineGame& play = game->play;
    if (!play.is_active())
        throw ApiError{409, "the game is over: " + describe(play), 0, "game_over"};
    if (action == "resign") {
        check(play.resign(seat, now));
    } else if (action == "abort") {
        check(play.abort(seat, now));
    } else if (action == "draw/offer") {
        limit_offers(game->row.id, seat);
        const bool to_engine = game->engine_color && *game->engine_color == ~seat;
        check(play.offer_draw(seat, now));
        // The engine answers at once: it accepts when its last search saw it clearly worse,
        // and declines otherwise (also when it has not searched since a restart).
        if (to_engine && play.draw_offer() == seat) {
            if (game->engine_score && *game->engine_score <= -kEngineAcceptsDrawAt)
                check(play.accept_draw(~seat, now));
            else
                check(play.decline_draw(~seat, now));
        }
    } else if (action == "draw/accept") {
        check(play.accept_draw(seat, now));
    } else if (action == "draw/decline") {
        check(play.decline_draw(seat, now));
    } else if (action == "draw/claim") {
        check(play.claim_draw(seat, now));
    } else {
        throw ApiError{404,
                       "no such game action '" + quote(action, 24) + "'",
                       0,
                       "unknown_action",
                       {{"action", quote(action, 24)}}};
    }
    game->sync_row(now);
    const std::string body = "{\"state\":" + state_json(*game, now) + "}";
    // The view for an HTTP answer; a WebSocket's acknowledgement carries the state only.
    std::string answer = actor ? body : view_json(*game, seat, now);
    persist(game, GameChange{game->row, std::nullopt}, std::move(answer),
            make_event("state", with_type("state", std::nullopt, body)), actor, std::move(reply));
    after_change(game);
}

void GameService::changed_elsewhere(const std::string& id) {
    if (stopping_) return;
    if (id.empty()) {
        std::vector<std::string> ids;
        {
            std::lock_guard lock(games_mutex_);
            for (auto& [key, game] : games_) ids.push_back(key);
        }
        for (const std::string& key : ids) changed_elsewhere(key);
        return;
    }
    std::shared_ptr<LiveGame> game;
    {
        std::lock_guard lock(games_mutex_);
        if (auto it = games_.find(id); it != games_.end()) game = it->second;
        for (auto it = finished_.begin(); !game && it != finished_.end(); ++it)
            if ((*it)->row.id == id) game = *it;
    }
    if (!game) return;  // read from the store when asked for
    std::lock_guard lock(game->mutex);
    if (game->pending_writes > 0)
        game->catch_up_due = true;
    else
        catch_up(game);
}

void GameService::catch_up(const std::shared_ptr<LiveGame>& game, bool tell_state) {
    const GameRow before_row = game->row;
    const std::vector<Move> before_moves = game->play.game().moves();
    reload_from_store(*game);
    const Millis now = now_ms();
    const Game& played = game->play.game();
    const int plies = int(played.moves().size());
    int from = game->published_ply.load();
    // A takeback (another server's): the watchers go back to the last move both copies share
    // (the `takeback` event), then get the moves made since, if any.
    const int shared_plies = common_plies(before_moves, played.moves());
    if (shared_plies < from) {
        persist(game, std::nullopt, "", takeback_event(*game, shared_plies, now), nullptr, nullptr,
                shared_plies, /*rewinds=*/true);
        from = shared_plies;
    }
    if (from >= plies) {
        // No move to hear of: a `state` event if the game's state changed (an offer, its end).
        const GameRow& row = game->row;
        if (tell_state || row.result != before_row.result ||
            row.termination != before_row.termination || row.draw_offer != before_row.draw_offer ||
            row.takeback != before_row.takeback || row.plies != before_row.plies)
            publish_state(game, now);
    } else {
        for (int ply = from + 1; ply <= plies; ++ply) {
            const Position before = played.position_at(ply - 1);
            const Move move = played.moves()[std::size_t(ply - 1)];
            const MoveText text = move_text(before, move);
            std::string update =
                move_update_json(*game, now, move_info_json(before, move, text, ply));
            persist(game, std::nullopt, "",
                    make_event("move", with_type("move", std::nullopt, update)), nullptr, nullptr,
                    ply);
        }
    }
    after_change(game);
    // The engine's move after another server's change: whichever server claims it computes it.
    schedule_engine(game);
}

// --- Live connections ----------------------------------------------------------------------------

std::string GameService::ticket(LiveGame& game, Color seat) {
    const Millis now = now_ms();
    std::string value = random_hex(16);
    std::lock_guard lock(tickets_mutex_);
    std::erase_if(tickets_, [&](const auto& entry) { return entry.second.expires < now; });
    tickets_.emplace(value, Ticket{game.row.id, seat, now + kTicketLifetime});
    return Json{{"ticket", value}, {"expiresIn", kTicketLifetime / 1000}}.dump();
}

Color GameService::redeem_ticket(std::string_view ticket, const std::string& game_id) {
    std::lock_guard lock(tickets_mutex_);
    auto it = tickets_.find(std::string(ticket));
    if (it == tickets_.end() || it->second.expires < now_ms() || it->second.game_id != game_id)
        throw ApiError{403,
                       "unknown or expired ticket: ask for a new one (POST /api/games/" +
                           quote(game_id, 32) + "/ticket)",
                       0, "invalid_ticket"};
    const Color seat = it->second.seat;
    tickets_.erase(it);
    return seat;
}

void GameService::subscribe(LiveGame& game, const std::shared_ptr<Subscriber>& subscriber,
                            std::optional<Color> you) {
    std::lock_guard lock(game.mutex);
    subscriber->deliver(game_event(view_json(game, you, now_ms()), std::nullopt));
    game.audience.add(subscriber, game.version);
}

void GameService::resync(LiveGame& game, const std::shared_ptr<Subscriber>& subscriber,
                         std::optional<Color> you, std::optional<std::int64_t> id) {
    std::lock_guard lock(game.mutex);
    subscriber->deliver(game_event(view_json(game, you, now_ms()), id));
    game.audience.add(subscriber, game.version);
}

// --- The engine and the clock ----------------------------------------------------------------

void GameService::schedule_engine(const std::shared_ptr<LiveGame>& game) {
    if (stopping_ || !game->engine_to_move() || game->engine_queued || game->thinking) return;
    game->engine_queued = true;
    engines_.submit(game->owner, [this, game](engine::Searcher& searcher, std::atomic<bool>& stop) {
        engine_turn(game, searcher, stop);
    });
}

// The search may be stopped early (EnginePool: another client waits): its best move so far is
// played. Only a stop of the pool drops it.
void GameService::engine_turn(const std::shared_ptr<LiveGame>& game, engine::Searcher& searcher,
                              std::atomic<bool>& stop) {
    Position root;
    std::vector<std::uint64_t> history;
    engine::Limits limits;
    int ply = 0;
    int level = 8;
    // On a shared store one server computes the move: the one that claims it (the others try
    // again every kEngineRetry, and take it over when that server dies).
    bool claimed = false;
    auto release = [this, &claimed, id = game->row.id] {
        if (!std::exchange(claimed, false)) return;
        try {
            store_.release_engine(id);
        } catch (const StoreError& e) {
            log("game " + id + ": the engine's claim not released: " + e.what());
        }
    };
    try {
        std::lock_guard lock(game->mutex);
        game->engine_queued = false;
        const Millis now = now_ms();
        apply_deadlines(game, now);
        if (!game->engine_to_move()) return;
        if (store_.shared()) {
            try {
                claimed = store_.claim_engine(game->row.id);
            } catch (const StoreError& e) {
                log("game " + game->row.id + ": the engine's move not claimed: " + e.what());
            }
            if (!claimed) {
                game->engine_retry_at = now + kEngineRetry;
                return;
            }
        }
        const OnlineGame& play = game->play;
        root = play.position();
        ply = play.ply();
        for (int i = 0; i < ply; ++i) history.push_back(play.game().position_at(i).key());
        level = std::clamp(game->row.level.value_or(8), 1, 8);
        limits.movetime = kLevelMovetimeMs[level];
        if (const auto& clock = play.clock()) {
            const Color us = root.side_to_move();
            const Millis budget =
                clock->remaining(us, now) / 30 + clock->control().increment * 3 / 4;
            limits.movetime = std::clamp<Millis>(budget, 20, limits.movetime);
        }
        game->thinking = true;
        publish_state(game, now);
    } catch (const ApiError& e) {
        log("engine turn in game " + game->row.id + ": " + e.message);
        release();
        return;
    }
    thread_local std::string last_game;
    if (last_game != game->row.id) searcher.clear();
    last_game = game->row.id;
    searcher.set_weakness(kLevelElo[level] ? engine::weakness_for_elo(kLevelElo[level])
                                           : engine::Weakness{});
    engine::SearchResult result;
    try {
        result = searcher.search(root, history, limits, stop, [](const auto&) {});
    } catch (const std::exception& e) {
        log(std::string("engine search failed: ") + e.what());
    }
    std::lock_guard lock(game->mutex);
    game->thinking = false;
    if (result.best) game->engine_score = result.score;
    const Millis now = now_ms();
    if (engines_.stopping()) {
        release();
        return;
    }
    try {
        apply_deadlines(game, now);
        if (game->play.ply() != ply || !game->engine_to_move() || !result.best) {
            release();
            publish_state(game, now);
            // Stopped for another client before its first iteration: searched again in turn.
            if (!result.best) schedule_engine(game);
            return;
        }
        // The claim goes once the move is stored (or refused).
        Reply stored = nullptr;
        if (claimed)
            stored = [this, id = game->row.id](Answer) {
                try {
                    store_.release_engine(id);
                } catch (const StoreError& e) {
                    log("game " + id + ": the engine's claim not released: " + e.what());
                }
            };
        claimed = false;
        commit_move(game, *game->engine_color, result.best, now, std::move(stored), nullptr);
    } catch (const ApiError& e) {
        log("engine move in game " + game->row.id + " not played: " + e.message);
        release();
        publish_state(game, now);
    }
}

void GameService::deadline_loop() {
    std::unique_lock wait_lock(deadline_mutex_);
    while (!stopping_) {
        deadline_wake_.wait_for(wait_lock, kDeadlineTick);
        if (stopping_) break;
        std::vector<std::shared_ptr<LiveGame>> live;
        {
            std::lock_guard lock(games_mutex_);
            live.reserve(games_.size());
            for (auto& [id, game] : games_) live.push_back(game);
        }
        const Millis now = now_ms();
        for (auto& game : live) {
            std::lock_guard lock(game->mutex);
            // An engine move another server had claimed: tried again.
            if (game->engine_retry_at && game->engine_retry_at <= now) {
                game->engine_retry_at = 0;
                schedule_engine(game);
            }
            auto deadline = game->play.next_deadline();
            if (!deadline || *deadline > now) continue;
            try {
                apply_deadlines(game, now);
            } catch (const ApiError& e) {
                log("game " + game->row.id + ": " + e.message);
            }
        }
    }
}

}  // namespace chess960::server
