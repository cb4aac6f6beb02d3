#include "server/server.hpp"

#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <random>
#include <shared_mutex>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "engine/search.hpp"
#include "engine/strength.hpp"
#include "server/store.hpp"

#ifndef CHESS960_WEB_DIR
#define CHESS960_WEB_DIR "web/dist"
#endif

namespace chess960::server {

std::string default_web_dir() { return CHESS960_WEB_DIR; }

namespace {

using Json = nlohmann::json;

constexpr std::size_t kMaxBody = 64 * 1024;
constexpr int kMaxJsonDepth = 32;
constexpr auto kPingInterval = std::chrono::seconds(15);
// Levels 1..8: UCI_Elo 1320 .. 2600, then full strength (0 = no limit).
constexpr int kLevelElo[9] = {0, 1320, 1500, 1700, 1900, 2100, 2300, 2600, 0};
// Thinking time per engine move at each level (a time control can make it shorter).
// The engine accepts a draw offer when its last score was this many centipawns or more
// against it.
constexpr int kEngineAcceptsDrawAt = 150;
constexpr std::int64_t kLevelMovetimeMs[9] = {0, 150, 200, 300, 400, 600, 800, 1200, 2000};

// JSON text; bytes that are not UTF-8 (echoed from a bad request in an error message) become
// U+FFFD instead of making the dump throw.
std::string to_text(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// A failure to report: the status and the message of {"error": ...}.
struct HttpError {
    int status;
    std::string message;
};

const char* color_name(Color c) { return c == White ? "white" : "black"; }
const char* color_title(Color c) { return c == White ? "White" : "Black"; }
std::optional<Color> parse_color(std::string_view text) {
    if (text == "white") return White;
    if (text == "black") return Black;
    return std::nullopt;
}

// 128 random bits as 32 hex digits (or fewer bytes for game ids).
std::string random_hex(int bytes) {
    static std::mutex mutex;
    static std::random_device device;
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    std::lock_guard lock(mutex);
    for (int i = 0; i < bytes; i += 4) {
        unsigned value = device();
        for (int j = 0; j < 4 && i + j < bytes; ++j) {
            out += kDigits[(value >> 4) & 15];
            out += kDigits[value & 15];
            value >>= 8;
        }
    }
    return out;
}

// Compares secrets in time independent of where they differ.
bool same_secret(const std::string& a, const std::string& b) {
    if (a.empty() || a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

// The termination word of the API for a library termination.
const char* termination_word(Termination t) {
    switch (t) {
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::DeadPosition:
            return "insufficient material";
        case Termination::FivefoldRepetition:
            return "fivefold repetition";
        case Termination::SeventyFiveMoves:
            return "seventy-five moves";
        case Termination::ThreefoldRepetition:
            return "threefold repetition";
        case Termination::FiftyMoves:
            return "fifty moves";
        case Termination::Resignation:
            return "resignation";
        case Termination::Agreement:
            return "agreement";
        case Termination::Time:
        case Termination::TimeInsufficientMaterial:
            return "time";
        case Termination::None:
            break;
    }
    return nullptr;
}

// Back from the stored word and result (a time forfeit is a draw when the opponent can't mate).
Termination termination_from_word(std::string_view word, GameResult result) {
    for (Termination t : {Termination::Checkmate, Termination::Stalemate, Termination::DeadPosition,
                          Termination::FivefoldRepetition, Termination::SeventyFiveMoves,
                          Termination::ThreefoldRepetition, Termination::FiftyMoves,
                          Termination::Resignation, Termination::Agreement})
        if (word == termination_word(t)) return t;
    if (word == "time")
        return result == GameResult::Draw ? Termination::TimeInsufficientMaterial
                                          : Termination::Time;
    return Termination::None;
}

// The outcome as a sentence for people.
std::string reason_sentence(const Outcome& o, Color to_move) {
    const std::string winner = o.result == GameResult::WhiteWins ? "White" : "Black";
    const std::string loser = o.result == GameResult::WhiteWins ? "Black" : "White";
    switch (o.termination) {
        case Termination::None:
            return std::string(color_title(to_move)) + " to move";
        case Termination::Checkmate:
            return winner + " wins by checkmate";
        case Termination::Stalemate:
            return "Draw by stalemate";
        case Termination::DeadPosition:
            return "Draw: neither side can checkmate (insufficient material)";
        case Termination::FivefoldRepetition:
            return "Draw: the same position occurred five times";
        case Termination::SeventyFiveMoves:
            return "Draw: 75 moves by each side without a capture or pawn move";
        case Termination::ThreefoldRepetition:
            return "Draw claimed: the same position occurred three times";
        case Termination::FiftyMoves:
            return "Draw claimed: 50 moves by each side without a capture or pawn move";
        case Termination::Resignation:
            return loser + " resigned; " + winner + " wins";
        case Termination::Agreement:
            return "Draw by agreement";
        case Termination::Time:
            return loser + " ran out of time; " + winner + " wins";
        case Termination::TimeInsufficientMaterial:
            return std::string(color_title(to_move)) + " ran out of time, but " +
                   color_title(~to_move) + " cannot checkmate: draw";
    }
    return "";
}

// Rejects JSON nested deeper than kMaxJsonDepth before parsing it.
bool nesting_within_limit(const std::string& text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return false;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return true;
}

// The request body as a JSON object; an empty body is an empty object.
Json parse_body(const httplib::Request& req) {
    if (req.body.empty()) return Json::object();
    if (!nesting_within_limit(req.body))
        throw HttpError{400, "malformed JSON: nested deeper than 32 levels"};
    Json body;
    try {
        body = Json::parse(req.body);
    } catch (const Json::parse_error& e) {
        std::string what = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, ..." -> "parse error at ..."
        if (auto pos = what.find("] "); pos != std::string::npos) what = what.substr(pos + 2);
        throw HttpError{400, "malformed JSON: " + what};
    }
    if (!body.is_object()) throw HttpError{400, "malformed JSON: the body must be an object"};
    return body;
}

// Field readers: a missing field gives nullopt; a field of the wrong type is a 400 naming it.
std::optional<std::string> string_field(const Json& object, const char* name,
                                        const std::string& path = "") {
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) throw HttpError{400, "field '" + path + name + "' must be a string"};
    return it->get<std::string>();
}
std::optional<double> number_field(const Json& object, const char* name,
                                   const std::string& path = "") {
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return std::nullopt;
    if (!it->is_number()) throw HttpError{400, "field '" + path + name + "' must be a number"};
    return it->get<double>();
}
std::optional<int> int_field(const Json& object, const char* name, int lo, int hi,
                             const std::string& path = "") {
    auto value = number_field(object, name, path);
    if (!value) return std::nullopt;
    if (*value != double(int(*value)) || *value < lo || *value > hi)
        throw HttpError{400, "field '" + path + name + "' must be an integer from " +
                                 std::to_string(lo) + " to " + std::to_string(hi)};
    return int(*value);
}

Json start_position_json(int number) {
    auto rank = startpos::back_rank(number).value();
    return Json{{"number", number},
                {"fen", startpos::position(number).value().fen()},
                {"backRank", startpos::to_string(rank)}};
}

int random_number() {
    static std::mutex mutex;
    static startpos::Random random(startpos::random_seed());
    std::lock_guard lock(mutex);
    return random.draw();
}

// Details of a move for the page: castling's king and rook squares, promotion.
Json move_json(const Position& before, Move m) {
    Json j = {{"uci", to_uci(before, m, CastlingMode::Chess960)},
              {"from", square_name(m.from())},
              {"to", square_name(m.to())}};
    if (m.is_castling()) {
        CastlingSide side = before.castling_side(m);
        Color us = before.side_to_move();
        j["castle"] = side == GSide ? "g" : "c";
        j["kingFrom"] = square_name(m.from());
        j["kingTo"] = square_name(king_castling_destination(us, side));
        j["rookFrom"] = square_name(m.to());
        j["rookTo"] = square_name(rook_castling_destination(us, side));
    } else {
        j["castle"] = nullptr;
        j["kingFrom"] = nullptr;
        j["kingTo"] = nullptr;
        j["rookFrom"] = nullptr;
        j["rookTo"] = nullptr;
    }
    j["promotion"] =
        m.is_promotion()
            ? Json(std::string(1, char(std::tolower(piece_char(make_piece(White, m.promotion()))))))
            : Json(nullptr);
    return j;
}

// A game in play (or over) in memory; its row mirrors the database.
struct LiveGame {
    std::mutex mutex;
    std::condition_variable changed;  // notified when `version` grows
    GameRow row;
    Game game;
    std::vector<std::int64_t> move_times;
    // The moves of the view as JSON text, one entry per ply and joined with commas: built once
    // per move, so that a view costs the same at ply 300 as at ply 3.
    std::vector<std::string> move_texts;
    std::string moves_text;
    std::uint64_t version = 0;
    bool thinking = false;
    // The engine's last search score, from its side (centipawns; in memory only).
    std::optional<int> engine_score;

    // Adds the JSON of the last move played.
    void push_move_text() {
        const int ply = game.ply_count() - 1;
        const Position& before = game.position_at(ply);
        Move m = game.moves()[std::size_t(ply)];
        Json j = move_json(before, m);
        j["san"] = to_san(before, m);
        j["fen"] = game.position_at(ply + 1).fen();
        j.erase("promotion");
        move_texts.push_back(to_text(j));
        if (!moves_text.empty()) moves_text += ',';
        moves_text += move_texts.back();
    }
    void pop_move_text() {
        move_texts.pop_back();
        moves_text.clear();
        for (const std::string& text : move_texts) {
            if (!moves_text.empty()) moves_text += ',';
            moves_text += text;
        }
    }

    bool active() const { return !game.outcome().is_over(); }
    bool has_clock() const { return row.clock_initial_ms.has_value(); }
    std::optional<Color> engine_color() const {
        return row.engine_color ? parse_color(*row.engine_color) : std::nullopt;
    }
    bool engine_to_move() const {
        auto engine = engine_color();
        return active() && engine && *engine == game.position().side_to_move();
    }
    std::optional<Color> seat_of(const std::string& token) const {
        if (same_secret(token, row.white_token)) return White;
        if (same_secret(token, row.black_token)) return Black;
        return std::nullopt;
    }
    std::int64_t& clock_of(Color c) { return c == White ? row.white_ms : row.black_ms; }
    // `c`'s time left at `now`.
    std::int64_t remaining(Color c, std::int64_t now) const {
        std::int64_t left = c == White ? row.white_ms : row.black_ms;
        if (row.clock_running && parse_color(*row.clock_running) == c) left -= now - row.clock_at;
        return std::max<std::int64_t>(left, 0);
    }
    std::string player_name(Color c) const {
        auto engine = engine_color();
        if (engine && *engine == c)
            return "chess960 engine (level " + std::to_string(*row.level) + ")";
        return engine ? "Player" : color_title(c);
    }
    // Copies the outcome into the row once the game is over.
    void record_outcome() {
        Outcome o = game.outcome();
        if (!o.is_over()) return;
        row.result = result_string(o.result);
        const char* word = termination_word(o.termination);
        row.termination = word ? std::optional<std::string>(word) : std::nullopt;
        row.draw_offer.reset();
        if (row.clock_running) {
            Color running = *parse_color(*row.clock_running);
            clock_of(running) = remaining(running, now_ms());
            row.clock_running.reset();
        }
    }
    void touch() {
        row.updated_at = now_ms();
        ++version;
        changed.notify_all();
    }
};

}  // namespace

struct Server::Impl {
    Options options;
    Store store;
    httplib::Server http;
    std::atomic<bool> stopping{false};

    std::shared_mutex games_mutex;
    std::unordered_map<std::string, std::shared_ptr<LiveGame>> games;

    std::mutex engine_mutex;
    std::condition_variable engine_wake;
    std::deque<std::shared_ptr<LiveGame>> engine_queue;
    std::vector<std::thread> engine_threads;
    std::atomic<bool> engine_stop{false};

    std::mutex ticker_mutex;
    std::condition_variable ticker_wake;
    std::thread ticker;
    bool bound = false;
    std::atomic<bool> in_run{false};
    std::atomic<int> listen_socket{-1};

    explicit Impl(Options o);
    ~Impl();
    void log(const std::string& line) {
        if (options.log) *options.log << line << std::endl;
    }

    void load_games();
    void setup_routes();
    void start_threads();
    void shutdown();

    std::shared_ptr<LiveGame> find_game(const std::string& id);
    std::vector<std::shared_ptr<LiveGame>> all_games();

    std::string view(LiveGame& g, std::optional<Color> you, std::int64_t now);
    bool check_flag(LiveGame& g, std::int64_t now);
    // The seat of the request's token (401, 403) once the clock is checked; 409 if the game is
    // over.
    Color seat_in_active_game(LiveGame& g, const httplib::Request& req, std::int64_t now);
    void apply_move(LiveGame& g, Move m, std::int64_t now);
    void persist(LiveGame& g, const GameRow& before);
    void schedule_engine(const std::shared_ptr<LiveGame>& g);
    void engine_worker();
    void ticker_loop();

    // Handlers.
    void create_game(const httplib::Request& req, httplib::Response& res);
    void list_games(const httplib::Request& req, httplib::Response& res);
    void get_game(const httplib::Request& req, httplib::Response& res);
    void legal_moves(const httplib::Request& req, httplib::Response& res);
    void post_move(const httplib::Request& req, httplib::Response& res);
    void game_action(const httplib::Request& req, httplib::Response& res);
    void events(const httplib::Request& req, httplib::Response& res);
    void pgn(const httplib::Request& req, httplib::Response& res);
    void static_file(const httplib::Request& req, httplib::Response& res);
};

namespace {

void send_json(httplib::Response& res, int status, const Json& body) {
    res.status = status;
    res.set_content(to_text(body), "application/json");
}

void send_view(httplib::Response& res, int status, const std::string& view_text) {
    res.status = status;
    res.set_content(view_text, "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
    send_json(res, status, Json{{"error", message}});
}

std::string bearer_token(const httplib::Request& req) {
    std::string header = req.get_header_value("Authorization");
    constexpr std::string_view kPrefix = "Bearer ";
    if (header.size() > kPrefix.size() && header.compare(0, kPrefix.size(), kPrefix) == 0)
        return header.substr(kPrefix.size());
    return "";
}

std::string content_type_for(const std::filesystem::path& path) {
    static const std::map<std::string, std::string> kTypes = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".woff", "font/woff"},
        {".map", "application/json"},
        {".txt", "text/plain; charset=utf-8"},
        {".webmanifest", "application/manifest+json"},
    };
    auto it = kTypes.find(path.extension().string());
    return it == kTypes.end() ? "application/octet-stream" : it->second;
}

std::optional<std::string> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

constexpr const char* kNotBuiltPage = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>chess960</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>chess960 serve</h1>
<p>The server is running, but the web app has not been built. Build it with
<code>make web</code> (or start the server with <code>--web DIR</code> pointing at a built
<code>web/dist</code>), then reload this page.</p>
<p>The JSON API is available under <a href="/api/startpos/random"><code>/api/</code></a>.</p>
</body></html>
)";

}  // namespace

Server::Impl::Impl(Options o) : options(std::move(o)), store(options.db_path) {
    // A client that goes away (a closed tab with an event stream) must cost an EPIPE, not the
    // process: cpp-httplib writes with plain send(), which raises SIGPIPE. Left alone if the
    // program has its own handler.
    struct sigaction current {};
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
        std::signal(SIGPIPE, SIG_IGN);
    load_games();
    setup_routes();
}

Server::Impl::~Impl() { shutdown(); }

void Server::Impl::load_games() {
    const std::int64_t now = now_ms();
    for (StoredGame& stored : store.load_all()) {
        auto g = std::make_shared<LiveGame>();
        g->row = std::move(stored.game);
        auto start = Position::from_fen(g->row.initial_fen);
        if (!start) {
            log("game " + g->row.id + ": bad start FEN in the database (" +
                start.error().to_string() + "); skipped");
            continue;
        }
        g->game = Game(*start);
        for (const MoveRow& move : stored.moves) {
            auto played = g->game.play_uci(move.uci, true);
            if (!played) {
                log("game " + g->row.id + ": move " + std::to_string(move.ply) + " '" + move.uci +
                    "' does not replay (" + played.error().to_string() + "); later moves dropped");
                break;
            }
            g->move_times.push_back(move.created_at);
            g->push_move_text();
        }
        if (g->row.result != "*" && !g->game.outcome().is_over() && g->row.termination) {
            GameResult result = pgn::parse_result(g->row.result);
            g->game.set_outcome(
                Outcome{result, termination_from_word(*g->row.termination, result)});
        }
        (void)now;
        games.emplace(g->row.id, g);
    }
    if (!games.empty()) log("loaded " + std::to_string(games.size()) + " games");
}

std::shared_ptr<LiveGame> Server::Impl::find_game(const std::string& id) {
    std::shared_lock lock(games_mutex);
    auto it = games.find(id);
    if (it == games.end()) throw HttpError{404, "unknown game '" + id + "'"};
    return it->second;
}

std::vector<std::shared_ptr<LiveGame>> Server::Impl::all_games() {
    std::shared_lock lock(games_mutex);
    std::vector<std::shared_ptr<LiveGame>> out;
    out.reserve(games.size());
    for (auto& [id, g] : games) out.push_back(g);
    return out;
}

// The GameView of the API contract as JSON text. The caller holds g.mutex.
std::string Server::Impl::view(LiveGame& g, std::optional<Color> you, std::int64_t now) {
    const Position& pos = g.game.position();
    const Outcome outcome = g.game.outcome();
    Json v;
    v["id"] = g.row.id;
    v["createdAt"] = g.row.created_at;
    v["updatedAt"] = g.row.updated_at;
    v["opponent"] = g.row.opponent;
    v["level"] = g.row.level ? Json(*g.row.level) : Json(nullptr);
    v["engineColor"] = g.row.engine_color ? Json(*g.row.engine_color) : Json(nullptr);
    v["white"] = g.player_name(White);
    v["black"] = g.player_name(Black);
    const bool is_double = g.row.start_black_number.has_value();
    v["startNumber"] = g.row.start_number && !is_double ? Json(*g.row.start_number) : Json(nullptr);
    v["startNumbers"] =
        g.row.start_number ? Json{{"white", *g.row.start_number},
                                  {"black", g.row.start_black_number.value_or(*g.row.start_number)}}
                           : Json(nullptr);
    v["initialFen"] = g.row.initial_fen;
    v["fen"] = pos.fen();
    v["turn"] = color_name(pos.side_to_move());
    v["ply"] = g.game.ply_count();
    v["status"] = outcome.is_over() ? "over" : "active";
    v["result"] = result_string(outcome.result);
    const char* word = termination_word(outcome.termination);
    v["termination"] = word ? Json(word) : Json(nullptr);
    v["reason"] = reason_sentence(outcome, pos.side_to_move());
    v["check"] =
        pos.in_check() ? Json(square_name(pos.king_square(pos.side_to_move()))) : Json(nullptr);
    if (g.game.ply_count() > 0) {
        Move last = g.game.moves().back();
        v["lastMove"] = {{"from", square_name(last.from())}, {"to", square_name(last.to())}};
    } else {
        v["lastMove"] = nullptr;
    }
    if (g.has_clock()) {
        v["clock"] = {{"white", g.remaining(White, now)},
                      {"black", g.remaining(Black, now)},
                      {"initial", *g.row.clock_initial_ms},
                      {"increment", g.row.clock_increment_ms.value_or(0)},
                      {"running", g.row.clock_running ? Json(*g.row.clock_running) : Json(nullptr)},
                      {"at", now}};
    } else {
        v["clock"] = nullptr;
    }
    v["drawOffer"] = g.row.draw_offer ? Json(*g.row.draw_offer) : Json(nullptr);
    auto claim = outcome.is_over() ? std::nullopt : g.game.claimable_draw();
    v["claimable"] = {{"threefold", claim.has_value() && g.game.repetition_count() >= 3},
                      {"fifty", claim.has_value() && pos.halfmove_clock() >= 100}};
    v["you"] = you ? Json(color_name(*you)) : Json(nullptr);
    v["thinking"] = g.thinking;
    // The moves, kept as text, go in front of the other fields.
    std::string text = to_text(v);
    text.insert(1, "\"moves\":[" + g.moves_text + "],");
    return text;
}

// Writes the row (after a claim, resignation, draw offer, flag fall); on failure restores
// `before` and rethrows. The caller holds g.mutex.
void Server::Impl::persist(LiveGame& g, const GameRow& before) {
    try {
        store.update_game(g.row);
    } catch (...) {
        g.row = before;
        throw;
    }
}

// Ends the game on time if the running clock has run out. The caller holds g.mutex.
bool Server::Impl::check_flag(LiveGame& g, std::int64_t now) {
    if (!g.has_clock() || !g.row.clock_running || !g.active()) return false;
    Color running = *parse_color(*g.row.clock_running);
    if (g.remaining(running, now) > 0) return false;
    const GameRow before = g.row;
    g.clock_of(running) = 0;
    g.row.clock_running.reset();
    g.game.flag_fell(running);
    g.record_outcome();
    try {
        persist(g, before);
    } catch (const std::exception& e) {
        g.game.set_outcome(Outcome{});  // not recorded: the next check tries again
        log(std::string("flag fall not saved: ") + e.what());
        return false;
    }
    g.touch();
    return true;
}

// Plays a legal move: clocks, draw offer, outcome, then the database. The move counts only
// once its row is committed; on a database error the game is as before and this throws.
// The caller holds g.mutex.
void Server::Impl::apply_move(LiveGame& g, Move m, std::int64_t now) {
    const GameRow before = g.row;
    const Position& pos = g.game.position();
    const Color mover = pos.side_to_move();
    MoveRow row;
    row.ply = g.game.ply_count() + 1;
    row.uci = to_uci(pos, m, CastlingMode::Chess960);
    row.san = to_san(pos, m);
    row.created_at = now;
    if (auto played = g.game.play(m); !played) throw HttpError{422, played.error().to_string()};
    row.fen = g.game.position().fen();

    if (g.has_clock()) {
        // Each side's first move is free; from then on the side to move's clock runs, and a
        // move made with the clock running earns the increment.
        if (g.row.clock_running && *parse_color(*g.row.clock_running) == mover)
            g.clock_of(mover) = g.remaining(mover, now) + g.row.clock_increment_ms.value_or(0);
        if (g.game.ply_count() >= 2) {
            g.row.clock_running = color_name(~mover);
            g.row.clock_at = now;
        } else {
            g.row.clock_running.reset();
        }
    }
    // A move declines the opponent's standing draw offer.
    if (g.row.draw_offer && *g.row.draw_offer != color_name(mover)) g.row.draw_offer.reset();
    g.record_outcome();
    g.row.updated_at = now;
    g.push_move_text();
    try {
        store.add_move(g.row, row);
    } catch (...) {
        g.pop_move_text();
        g.game.undo();
        g.row = before;
        throw;
    }
    g.move_times.push_back(now);
    ++g.version;
    g.changed.notify_all();
}

void Server::Impl::schedule_engine(const std::shared_ptr<LiveGame>& g) {
    {
        std::lock_guard lock(engine_mutex);
        engine_queue.push_back(g);
    }
    engine_wake.notify_one();
}

// One engine thread: takes games whose engine is to move, searches without holding the game's
// lock, then plays the move if the game is still where it was.
void Server::Impl::engine_worker() {
    engine::Searcher searcher;
    searcher.set_hash_megabytes(std::size_t(options.engine_hash_mb));
    std::string last_game;
    for (;;) {
        std::shared_ptr<LiveGame> g;
        {
            std::unique_lock lock(engine_mutex);
            engine_wake.wait(lock, [&] { return stopping || !engine_queue.empty(); });
            if (stopping) return;
            g = engine_queue.front();
            engine_queue.pop_front();
        }
        Position root;
        std::vector<std::uint64_t> history;
        engine::Limits limits;
        int ply = 0;
        int level = 8;
        {
            std::lock_guard lock(g->mutex);
            check_flag(*g, now_ms());
            if (!g->engine_to_move() || g->thinking) continue;
            root = g->game.position();
            ply = g->game.ply_count();
            for (int i = 0; i < ply; ++i) history.push_back(g->game.position_at(i).key());
            level = std::clamp(g->row.level.value_or(8), 1, 8);
            limits.movetime = kLevelMovetimeMs[level];
            if (g->has_clock()) {
                Color us = root.side_to_move();
                std::int64_t left = g->remaining(us, now_ms());
                std::int64_t budget = left / 30 + g->row.clock_increment_ms.value_or(0) * 3 / 4;
                limits.movetime = std::clamp<std::int64_t>(budget, 20, limits.movetime);
            }
            g->thinking = true;
            g->touch();
        }
        if (last_game != g->row.id) searcher.clear();
        last_game = g->row.id;
        searcher.set_skill(kLevelElo[level] ? engine::skill_for_elo(kLevelElo[level]) : 20);
        engine::SearchResult result;
        try {
            result = searcher.search(root, history, limits, engine_stop, [](const auto&) {});
        } catch (const std::exception& e) {
            log(std::string("engine search failed: ") + e.what());
        }
        std::lock_guard lock(g->mutex);
        g->thinking = false;
        if (result.best) g->engine_score = result.score;
        const std::int64_t now = now_ms();
        if (stopping || g->game.ply_count() != ply || !g->active() || !result.best) {
            g->touch();
            continue;
        }
        if (check_flag(*g, now)) continue;
        try {
            apply_move(*g, result.best, now);
        } catch (const std::exception& e) {
            log("engine move not saved in game " + g->row.id + ": " + e.what());
            g->touch();
        } catch (const HttpError& e) {
            log("engine move rejected in game " + g->row.id + ": " + e.message);
            g->touch();
        }
    }
}

// Ends games whose running clock has run out, also when nobody asks about them.
void Server::Impl::ticker_loop() {
    std::unique_lock lock(ticker_mutex);
    while (!stopping) {
        ticker_wake.wait_for(lock, std::chrono::milliseconds(200));
        if (stopping) break;
        const std::int64_t now = now_ms();
        for (auto& g : all_games()) {
            std::lock_guard game_lock(g->mutex);
            check_flag(*g, now);
        }
    }
}

void Server::Impl::start_threads() {
    for (int i = 0; i < std::max(1, options.engine_threads); ++i)
        engine_threads.emplace_back([this] { engine_worker(); });
    ticker = std::thread([this] { ticker_loop(); });
    for (auto& g : all_games()) {
        std::lock_guard lock(g->mutex);
        if (g->engine_to_move()) schedule_engine(g);
    }
}

void Server::Impl::shutdown() {
    if (stopping.exchange(true)) return;
    engine_stop = true;
    { std::lock_guard lock(engine_mutex); }
    engine_wake.notify_all();
    { std::lock_guard lock(ticker_mutex); }
    ticker_wake.notify_all();
    for (auto& g : all_games()) {
        std::lock_guard lock(g->mutex);
        g->changed.notify_all();
    }
    // httplib's stop() does nothing before listening has begun: if run() is about to listen,
    // wait until it does (or returns) so that the stop is not lost.
    while (in_run && !http.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    http.stop();
    for (auto& t : engine_threads)
        if (t.joinable()) t.join();
    if (ticker.joinable()) ticker.join();
}

// --- Handlers ------------------------------------------------------------------------------

void Server::Impl::create_game(const httplib::Request& req, httplib::Response& res) {
    const Json body = parse_body(req);
    auto g = std::make_shared<LiveGame>();
    GameRow& row = g->row;

    std::string opponent = string_field(body, "opponent").value_or("friend");
    if (opponent != "engine" && opponent != "friend")
        throw HttpError{400, "field 'opponent' must be \"engine\" or \"friend\""};
    row.opponent = opponent;
    std::string color = string_field(body, "color").value_or("random");
    if (color != "white" && color != "black" && color != "random")
        throw HttpError{400, "field 'color' must be \"white\", \"black\" or \"random\""};
    Color human = color == "white"   ? White
                  : color == "black" ? Black
                                     : (random_hex(1)[0] < '8' ? White : Black);
    if (opponent == "engine") {
        row.level = int_field(body, "level", 1, 8).value_or(4);
        row.engine_color = color_name(~human);
    }

    // The start position.
    Position start;
    auto start_it = body.find("start");
    Json start_spec = Json::object();
    if (start_it != body.end() && !start_it->is_null()) {
        if (!start_it->is_object()) throw HttpError{400, "field 'start' must be an object"};
        start_spec = *start_it;
    }
    std::string type = string_field(start_spec, "type", "start.").value_or("random");
    if (type == "random" || type == "number") {
        int number = random_number();
        if (type == "number") {
            auto n = int_field(start_spec, "number", 0, 959, "start.");
            if (!n) throw HttpError{400, "field 'start.number' is missing"};
            number = *n;
        }
        start = startpos::position(number).value();
        row.start_number = number;
    } else if (type == "double960") {
        int white = int_field(start_spec, "white", 0, 959, "start.").value_or(random_number());
        int black = int_field(start_spec, "black", 0, 959, "start.").value_or(random_number());
        start = startpos::position(white, black).value();
        row.start_number = white;
        if (black != white) row.start_black_number = black;
    } else if (type == "fen") {
        auto fen = string_field(start_spec, "fen", "start.");
        if (!fen) throw HttpError{400, "field 'start.fen' is missing"};
        auto parsed = Position::from_fen(*fen);
        if (!parsed) throw HttpError{422, parsed.error().to_string()};
        start = *parsed;
        if (auto numbers = startpos::numbers_of(start)) {
            row.start_number = numbers->white;
            if (numbers->is_double()) row.start_black_number = numbers->black;
        }
    } else {
        throw HttpError{400,
                        "field 'start.type' must be \"random\", \"number\", \"double960\" or "
                        "\"fen\""};
    }
    row.initial_fen = start.fen();
    {
        Game probe(start);
        if (probe.outcome().is_over())
            throw HttpError{422, std::string("the game would be over before it starts (") +
                                     termination_string(probe.outcome().termination) + ")"};
    }

    // The clock.
    auto clock_it = body.find("clock");
    if (clock_it != body.end() && !clock_it->is_null()) {
        if (!clock_it->is_object()) throw HttpError{400, "field 'clock' must be an object or null"};
        auto initial = number_field(*clock_it, "initial", "clock.");
        auto increment = number_field(*clock_it, "increment", "clock.").value_or(0);
        if (!initial || *initial <= 0 || *initial > 6 * 3600)
            throw HttpError{400,
                            "field 'clock.initial' must be a number of seconds from 1 to 21600"};
        if (increment < 0 || increment > 600)
            throw HttpError{400,
                            "field 'clock.increment' must be a number of seconds from 0 to 600"};
        row.clock_initial_ms = std::int64_t(*initial * 1000);
        row.clock_increment_ms = std::int64_t(increment * 1000);
        row.white_ms = row.black_ms = *row.clock_initial_ms;
    }

    row.id = random_hex(8);
    const bool engine = opponent == "engine";
    row.white_token = engine && human == Black ? "" : random_hex(16);
    row.black_token = engine && human == White ? "" : random_hex(16);
    row.created_at = row.updated_at = now_ms();
    g->game = Game(start);
    store.insert_game(row);
    {
        std::unique_lock lock(games_mutex);
        games.emplace(row.id, g);
    }
    Json tokens = Json::object();
    if (!row.white_token.empty()) tokens["white"] = row.white_token;
    if (!row.black_token.empty()) tokens["black"] = row.black_token;
    std::string game_view;
    {
        std::lock_guard lock(g->mutex);
        game_view = view(*g, engine ? std::optional<Color>(human) : std::nullopt, now_ms());
        if (g->engine_to_move()) schedule_engine(g);
    }
    std::string text = to_text(Json{{"id", row.id}, {"tokens", tokens}});
    text.insert(1, "\"game\":" + game_view + ",");
    res.status = 201;
    res.set_content(text, "application/json");
}

void Server::Impl::list_games(const httplib::Request& req, httplib::Response& res) {
    int limit = 20;
    if (req.has_param("limit")) {
        std::string text = req.get_param_value("limit");
        char* end = nullptr;
        long value = std::strtol(text.c_str(), &end, 10);
        if (text.empty() || *end != '\0' || value < 1 || value > 200)
            throw HttpError{400, "parameter 'limit' must be an integer from 1 to 200"};
        limit = int(value);
    }
    struct Entry {
        std::int64_t updated;
        Json json;
    };
    std::vector<Entry> entries;
    for (auto& g : all_games()) {
        std::lock_guard lock(g->mutex);
        const bool is_double = g->row.start_black_number.has_value();
        entries.push_back(
            {g->row.updated_at,
             Json{{"id", g->row.id},
                  {"white", g->player_name(White)},
                  {"black", g->player_name(Black)},
                  {"opponent", g->row.opponent},
                  {"startNumber",
                   g->row.start_number && !is_double ? Json(*g->row.start_number) : Json(nullptr)},
                  {"result", result_string(g->game.outcome().result)},
                  {"status", g->active() ? "active" : "over"},
                  {"plies", g->game.ply_count()},
                  {"created", g->row.created_at},
                  {"updated", g->row.updated_at}}});
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.updated > b.updated; });
    Json list = Json::array();
    for (std::size_t i = 0; i < entries.size() && i < std::size_t(limit); ++i)
        list.push_back(std::move(entries[i].json));
    send_json(res, 200, Json{{"games", list}});
}

void Server::Impl::get_game(const httplib::Request& req, httplib::Response& res) {
    auto g = find_game(req.matches[1]);
    std::lock_guard lock(g->mutex);
    const std::int64_t now = now_ms();
    check_flag(*g, now);
    send_view(res, 200, view(*g, g->seat_of(bearer_token(req)), now));
}

void Server::Impl::legal_moves(const httplib::Request& req, httplib::Response& res) {
    auto g = find_game(req.matches[1]);
    std::lock_guard lock(g->mutex);
    check_flag(*g, now_ms());
    Json moves = Json::array();
    if (g->active()) {
        const Position& pos = g->game.position();
        for (Move m : pos.legal_moves()) {
            Json j = move_json(pos, m);
            j["san"] = to_san(pos, m);
            j.erase("kingFrom");
            moves.push_back(std::move(j));
        }
    }
    send_json(res, 200, Json{{"moves", moves}});
}

namespace {

// Who may act: 401 without a token, 403 with a token of no seat in this game.
Color require_seat(const LiveGame& g, const httplib::Request& req) {
    std::string token = bearer_token(req);
    if (token.empty())
        throw HttpError{401, "this needs a seat token (Authorization: Bearer <token>)"};
    auto seat = g.seat_of(token);
    if (!seat) throw HttpError{403, "the token holds no seat in this game"};
    return *seat;
}

bool looks_like_uci(std::string_view text) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (text.size() == 4 || text.size() == 5) && file(text[0]) && rank(text[1]) &&
           file(text[2]) && rank(text[3]);
}

}  // namespace

Color Server::Impl::seat_in_active_game(LiveGame& g, const httplib::Request& req,
                                        std::int64_t now) {
    const Color seat = require_seat(g, req);
    check_flag(g, now);
    if (!g.active())
        throw HttpError{409,
                        "the game is over: " +
                            reason_sentence(g.game.outcome(), g.game.position().side_to_move())};
    return seat;
}

void Server::Impl::post_move(const httplib::Request& req, httplib::Response& res) {
    auto g = find_game(req.matches[1]);
    const Json body = parse_body(req);
    auto text = string_field(body, "move");
    if (!text) throw HttpError{400, "field 'move' is missing"};
    auto expected_ply = int_field(body, "ply", 0, 1 << 20);

    std::unique_lock lock(g->mutex);
    const std::int64_t now = now_ms();
    const Color seat = seat_in_active_game(*g, req, now);
    if (g->game.position().side_to_move() != seat) throw HttpError{409, "not your turn"};
    if (expected_ply && *expected_ply != g->game.ply_count())
        throw HttpError{409,
                        "stale ply: the game is at ply " + std::to_string(g->game.ply_count())};
    const Position& pos = g->game.position();
    auto move = looks_like_uci(*text) ? parse_uci(pos, *text, CastlingMode::Chess960)
                                      : parse_san(pos, *text);
    if (!move) throw HttpError{422, move.error().to_string()};
    apply_move(*g, *move, now);
    send_view(res, 200, view(*g, seat, now));
    if (g->engine_to_move()) schedule_engine(g);
}

void Server::Impl::game_action(const httplib::Request& req, httplib::Response& res) {
    auto g = find_game(req.matches[1]);
    const std::string action = req.matches[2];
    parse_body(req);  // any body must at least be JSON
    std::lock_guard lock(g->mutex);
    const std::int64_t now = now_ms();
    const Color seat = seat_in_active_game(*g, req, now);
    const GameRow before_row = g->row;
    const Game before_game = g->game;
    const std::string me = color_name(seat);
    if (action == "resign") {
        g->game.resign(seat);
    } else if (action == "draw/offer") {
        if (g->row.draw_offer && *g->row.draw_offer != me) {
            g->game.agree_draw();  // offering back accepts the standing offer
        } else if (g->engine_color()) {
            // The engine answers at once: it accepts when its last search saw it clearly
            // worse, and declines otherwise (also when it has not searched since a restart).
            if (g->engine_score && *g->engine_score <= -kEngineAcceptsDrawAt) g->game.agree_draw();
        } else {
            g->row.draw_offer = me;
        }
    } else if (action == "draw/accept") {
        if (!g->row.draw_offer || *g->row.draw_offer == me)
            throw HttpError{409, "there is no draw offer from your opponent to accept"};
        g->game.agree_draw();
    } else if (action == "draw/decline") {
        if (!g->row.draw_offer || *g->row.draw_offer == me)
            throw HttpError{409, "there is no draw offer from your opponent to decline"};
        g->row.draw_offer.reset();
    } else if (action == "draw/claim") {
        if (g->game.position().side_to_move() != seat)
            throw HttpError{422, "only the player to move may claim a draw"};
        if (auto claimed = g->game.claim_draw(); !claimed)
            throw HttpError{422, claimed.error().to_string()};
    }
    g->record_outcome();
    g->row.updated_at = now;
    try {
        persist(*g, before_row);
    } catch (...) {
        g->game = before_game;
        throw;
    }
    g->touch();
    send_view(res, 200, view(*g, seat, now));
}

void Server::Impl::events(const httplib::Request& req, httplib::Response& res) {
    auto g = find_game(req.matches[1]);
    std::optional<Color> you;
    {
        std::lock_guard lock(g->mutex);
        std::string token =
            req.has_param("token") ? req.get_param_value("token") : bearer_token(req);
        you = g->seat_of(token);
    }
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Accel-Buffering", "no");
    struct StreamState {
        std::uint64_t sent = 0;
        bool first = true;
        std::chrono::steady_clock::time_point last_write = std::chrono::steady_clock::now();
    };
    auto state = std::make_shared<StreamState>();
    res.set_chunked_content_provider(
        "text/event-stream", [this, g, you, state](std::size_t, httplib::DataSink& sink) {
            std::string chunk;
            {
                std::unique_lock lock(g->mutex);
                if (!state->first)
                    g->changed.wait_for(lock, std::chrono::seconds(1),
                                        [&] { return stopping || g->version != state->sent; });
                if (stopping) {
                    lock.unlock();
                    sink.done();
                    return true;
                }
                const std::int64_t now = now_ms();
                if (state->first || g->version != state->sent) {
                    check_flag(*g, now);
                    state->sent = g->version;
                    state->first = false;
                    chunk = "event: game\ndata: " + view(*g, you, now) + "\n\n";
                }
            }
            auto clock_now = std::chrono::steady_clock::now();
            if (chunk.empty() && clock_now - state->last_write >= kPingInterval)
                chunk = ": ping\n\n";
            if (chunk.empty()) return true;
            state->last_write = clock_now;
            return sink.write(chunk.data(), chunk.size());
        });
}

void Server::Impl::pgn(const httplib::Request& req, httplib::Response& res) {
    auto g = find_game(req.matches[1]);
    pgn::GameRecord record;
    {
        std::lock_guard lock(g->mutex);
        check_flag(*g, now_ms());
        std::time_t created = std::time_t(g->row.created_at / 1000);
        std::tm utc{};
        gmtime_r(&created, &utc);
        char date[16];
        std::strftime(date, sizeof date, "%Y.%m.%d", &utc);
        record.set_tag("Event", g->row.opponent == "engine" ? "chess960 game against the engine"
                                                            : "chess960 game between friends");
        record.set_tag("Site", "chess960 serve, game " + g->row.id);
        record.set_tag("Date", date);
        record.set_tag("Round", "-");
        record.set_tag("White", g->player_name(White));
        record.set_tag("Black", g->player_name(Black));
        if (g->row.clock_initial_ms)
            record.set_tag("TimeControl",
                           std::to_string(*g->row.clock_initial_ms / 1000) + "+" +
                               std::to_string(g->row.clock_increment_ms.value_or(0) / 1000));
        Outcome outcome = g->game.outcome();
        if (outcome.is_over())
            record.set_tag("Termination",
                           outcome.termination == Termination::Time ||
                                   outcome.termination == Termination::TimeInsufficientMaterial
                               ? "time forfeit"
                               : "normal");
        record.start = g->game.start_position();
        record.chess960 = true;
        for (Move m : g->game.moves()) record.main.nodes.push_back(pgn::Node{m, {}, {}, {}});
        record.result = outcome.result;
    }
    res.set_header("Content-Disposition",
                   "attachment; filename=\"chess960-" + g->row.id + ".pgn\"");
    res.set_content(pgn::write_game(record), "application/x-chess-pgn");
}

void Server::Impl::static_file(const httplib::Request& req, httplib::Response& res) {
    const std::string& path = req.path;
    if (path.rfind("/api/", 0) == 0 || path == "/api") throw HttpError{404, "no such API path"};
    namespace fs = std::filesystem;
    const fs::path root = options.web_dir;
    std::error_code ec;
    if (options.web_dir.empty() || !fs::is_regular_file(root / "index.html", ec)) {
        res.set_content(kNotBuiltPage, "text/html; charset=utf-8");
        return;
    }
    fs::path file = root / fs::path(path).relative_path();
    const bool safe = path.find("..") == std::string::npos && path.find('\0') == std::string::npos;
    if (!safe || !fs::is_regular_file(file, ec)) file = root / "index.html";
    auto content = read_file(file);
    if (!content) throw HttpError{500, "cannot read " + file.filename().string()};
    if (file.filename() == "index.html") res.set_header("Cache-Control", "no-cache");
    res.set_content(*content, content_type_for(file).c_str());
}

void Server::Impl::setup_routes() {
    using httplib::Request;
    using httplib::Response;
    // Every handler reports its failures as JSON and never lets an exception out.
    auto guarded = [this](void (Impl::*handler)(const Request&, Response&)) {
        return [this, handler](const Request& req, Response& res) {
            try {
                (this->*handler)(req, res);
            } catch (const HttpError& e) {
                send_error(res, e.status, e.message);
            } catch (const std::exception& e) {
                log(std::string("error: ") + req.method + " " + req.path + ": " + e.what());
                send_error(res, 500, std::string("internal error: ") + e.what());
            } catch (...) {
                send_error(res, 500, "internal error");
            }
        };
    };
    auto simple = [](auto fn) {
        return [fn](const Request& req, Response& res) {
            try {
                fn(req, res);
            } catch (const HttpError& e) {
                send_error(res, e.status, e.message);
            } catch (const std::exception& e) {
                send_error(res, 500, std::string("internal error: ") + e.what());
            }
        };
    };

    http.new_task_queue = [threads = options.http_threads] {
        return new httplib::ThreadPool(std::size_t(std::max(4, threads)));
    };
    http.set_payload_max_length(kMaxBody);
    // The headers and the body go out in separate writes: without TCP_NODELAY, Nagle's
    // algorithm holds the body back until the client's delayed ACK (about 40 ms per answer).
    http.set_tcp_nodelay(true);
    // SO_REUSEADDR rather than httplib's SO_REUSEPORT, so that a second server on a port in
    // use fails to bind instead of sharing the port; and the socket is remembered so that
    // bind() can widen its listen backlog.
    http.set_socket_options([this](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listen_socket = int(sock);
    });
    http.set_keep_alive_max_count(1000);
    http.set_keep_alive_timeout(5);
    http.set_error_handler([](const Request&, Response& res) {
        if (!res.body.empty()) return;
        std::string message = res.status == 413   ? "request body larger than 64 KiB"
                              : res.status == 404 ? "not found"
                              : res.status == 400 ? "bad request"
                                                  : "HTTP status " + std::to_string(res.status);
        send_error(res, res.status, message);
    });
    http.set_exception_handler([](const Request&, Response& res, std::exception_ptr) {
        send_error(res, 500, "internal error");
    });

    http.Get("/api/startpos/random", simple([](const Request& r, Response& s) {
                 bool is_double =
                     r.has_param("double960") && r.get_param_value("double960") == "true";
                 if (!is_double) return send_json(s, 200, start_position_json(random_number()));
                 int white = random_number(), black = random_number();
                 send_json(s, 200,
                           Json{{"white", start_position_json(white)},
                                {"black", start_position_json(black)},
                                {"fen", startpos::position(white, black).value().fen()}});
             }));
    http.Get(R"(/api/startpos/([^/]*))", simple([](const Request& r, Response& s) {
                 std::string text = r.matches[1];
                 char* end = nullptr;
                 long number = std::strtol(text.c_str(), &end, 10);
                 if (text.empty() || *end != '\0' || number < 0 || number > 959)
                     throw HttpError{400, "start position number must be from 0 to 959, not '" +
                                              text.substr(0, 40) + "'"};
                 send_json(s, 200, start_position_json(int(number)));
             }));
    http.Post("/api/fen/check", simple([](const Request& r, Response& s) {
                  auto fen = string_field(parse_body(r), "fen");
                  if (!fen) throw HttpError{400, "field 'fen' is missing"};
                  auto pos = Position::from_fen(*fen);
                  if (!pos) throw HttpError{422, pos.error().to_string()};
                  Json out{{"fen", pos->fen()}};
                  if (auto numbers = startpos::numbers_of(*pos)) {
                      out["number"] = numbers->is_double() ? Json(nullptr) : Json(numbers->white);
                      out["numbers"] = {{"white", numbers->white}, {"black", numbers->black}};
                  } else {
                      out["number"] = nullptr;
                      out["numbers"] = nullptr;
                  }
                  send_json(s, 200, out);
              }));
    http.Post("/api/games", guarded(&Impl::create_game));
    http.Get("/api/games", guarded(&Impl::list_games));
    http.Get(R"(/api/games/([^/]+))", guarded(&Impl::get_game));
    http.Get(R"(/api/games/([^/]+)/legal)", guarded(&Impl::legal_moves));
    http.Post(R"(/api/games/([^/]+)/moves)", guarded(&Impl::post_move));
    http.Post(R"(/api/games/([^/]+)/(resign|draw/offer|draw/accept|draw/decline|draw/claim))",
              guarded(&Impl::game_action));
    http.Get(R"(/api/games/([^/]+)/events)", guarded(&Impl::events));
    http.Get(R"(/api/games/([^/]+)/pgn)", guarded(&Impl::pgn));
    http.Get(R"(/.*)", guarded(&Impl::static_file));
    auto api_not_found = [](const Request& req, Response& res) {
        send_error(res, 404, "no such API path: " + req.method + " " + req.path);
    };
    http.Post(R"(/.*)", api_not_found);
    http.Put(R"(/.*)", api_not_found);
    http.Delete(R"(/.*)", api_not_found);
}

Server::Server(Options options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() { impl_->shutdown(); }

int Server::bind() {
    int port = impl_->options.port;
    if (port == 0) {
        port = impl_->http.bind_to_any_port(impl_->options.host);
        if (port < 0) throw std::runtime_error("cannot bind to " + impl_->options.host);
    } else if (!impl_->http.bind_to_port(impl_->options.host, port)) {
        throw std::runtime_error("cannot listen on " + impl_->options.host + ":" +
                                 std::to_string(port) + " (in use?)");
    }
    // Debian's cpp-httplib listens with a backlog of 5: a burst of new connections (a page
    // opening its event stream and requests, many clients at once) overflows it and waits for
    // the SYN retransmission, a second. Listening again on the bound socket widens it.
    if (impl_->listen_socket >= 0) ::listen(impl_->listen_socket, SOMAXCONN);
    impl_->bound = true;
    impl_->start_threads();
    return port;
}

void Server::run() {
    if (!impl_->bound) throw std::runtime_error("Server::run before bind");
    impl_->in_run = true;
    if (!impl_->stopping) impl_->http.listen_after_bind();
    impl_->in_run = false;
}

void Server::stop() { impl_->shutdown(); }

}  // namespace chess960::server
