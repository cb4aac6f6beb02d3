#include "gamedb/db_game.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "chess960/db/content_hash.hpp"
#include "chess960/db/explorer_entry.hpp"
#include "chess960/db/game_index.hpp"
#include "chess960/db/move_code.hpp"
#include "chess960/fen.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/startpos.hpp"

namespace chess960::server::gamedb {

namespace {

// Tags kept in columns; the others are kept as they are (DbGameRow::tags).
constexpr std::array<std::string_view, 13> kColumnTags = {
    "Event",    "Site",     "Date",        "Round",   "White", "Black", "Result",
    "WhiteElo", "BlackElo", "TimeControl", "Variant", "SetUp", "FEN"};

std::optional<std::string_view> tag(const pgn::Replayer::MainLine& game, std::string_view name) {
    for (const auto& [n, v] : game.tags)
        if (n == name) return std::string_view(v);
    return std::nullopt;
}

// A whole number, all of `text`, within [0, max]; else 0 (unknown: "?", "", "-").
int whole(std::string_view text, int max) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0 ||
        value > max)
        return 0;
    return value;
}

// A PGN date "YYYY.MM.DD" (parts may be "??") as yyyymmdd with 0 for an unknown part; 0 when
// the year is unknown.
int date_of(std::string_view text) {
    if (text.size() != 10 || text[4] != '.' || text[7] != '.') return 0;
    const int year = whole(text.substr(0, 4), 9999);
    if (year == 0) return 0;
    const int month = whole(text.substr(5, 2), 12);
    const int day = month ? whole(text.substr(8, 2), 31) : 0;
    return year * 10000 + month * 100 + day;
}

// A stored date's day number (db::day_number), an unknown month or day taken as the first.
int day_of(int date) {
    if (date == 0) return 0;
    const int month = date / 100 % 100, day = date % 100;
    return db::day_number(date / 10000, month ? month : 1, day ? day : 1);
}

}  // namespace

std::string date_text(int date) {
    if (!date) return "????.??.??";
    char text[32];
    const int m = date / 100 % 100, d = date % 100;
    std::snprintf(text, sizeof text, "%04d.", date / 10000);
    std::snprintf(text + 5, sizeof text - 5, m ? "%02d." : "??.", m);
    std::snprintf(text + 8, sizeof text - 8, d ? "%02d" : "??", d);
    return text;
}

GameResult game_result(int stored) {
    static constexpr std::array kResults = {GameResult::Ongoing, GameResult::WhiteWins,
                                            GameResult::BlackWins, GameResult::Draw};
    return kResults[std::size_t(std::clamp(stored, 0, 3))];
}

Result<std::vector<Move>> stored_moves(const DbGameRow& row, const Position& start, int plies) {
    return db::decode_moves(
        start, std::span(reinterpret_cast<const std::uint8_t*>(row.moves.data()), row.moves.size()),
        plies);
}

int stored_result(GameResult result) {
    switch (result) {
        case GameResult::WhiteWins:
            return 1;
        case GameResult::BlackWins:
            return 2;
        case GameResult::Draw:
            return 3;
        default:
            return 0;
    }
}

Result<DbNewGame> make_db_game(const pgn::Replayer::MainLine& game, const DbDestination& to) {
    DbNewGame out;
    DbGameRow& g = out.game;
    g.collection = to.collection;
    g.game_id = to.server_game_id;
    g.white = std::string(tag(game, "White").value_or("?"));
    g.black = std::string(tag(game, "Black").value_or("?"));
    g.white_elo = whole(tag(game, "WhiteElo").value_or(""), db::kMaxRating);
    g.black_elo = whole(tag(game, "BlackElo").value_or(""), db::kMaxRating);
    g.rating = g.white_elo && g.black_elo ? (g.white_elo + g.black_elo) / 2 : 0;
    g.result = stored_result(game.result);
    g.time_control = std::string(tag(game, "TimeControl").value_or(""));
    const db::Speed speed = db::speed_of_time_control(g.time_control);
    g.speed = int(speed);
    g.event = std::string(tag(game, "Event").value_or("?"));
    g.site = std::string(tag(game, "Site").value_or("?"));
    g.round = std::string(tag(game, "Round").value_or("?"));
    // lichess names its rated games' events "Rated ... game".
    g.rated = g.event.starts_with("Rated ");
    g.date = date_of(tag(game, "UTCDate").value_or(tag(game, "Date").value_or("")));
    for (const auto& [name, value] : game.tags)
        if (std::find(kColumnTags.begin(), kColumnTags.end(), name) == kColumnTags.end())
            g.tags += name + '\t' + value + '\n';

    if (auto numbers = startpos::numbers_of(game.start); numbers) {
        g.start_number = numbers->white;
        if (numbers->is_double()) g.start_black_number = numbers->black;
    } else {
        g.initial_fen = write_fen(game.start);
    }
    auto code = db::encode_moves(game.start, game.moves);
    if (!code) return std::unexpected(code.error());
    g.moves.assign(code->begin(), code->end());
    g.plies = int(game.moves.size());

    db::ContentHash hash;
    for (const auto& [name, value] : game.tags) hash.add(name).add(value);
    hash.add(write_fen(game.start)).add(std::uint64_t(g.result));
    for (Move m : game.moves) hash.add(std::uint64_t(m.raw()));
    g.hash = hash.value();
    out.index = index_rows(g, game.start, game.moves, to.masters);
    return out;
}

std::vector<DbIndexRow> index_rows(const DbGameRow& g, const Position& start,
                                   std::span<const Move> moves, bool masters) {
    // A game without a result counts for no one in the explorer.
    if (g.result == 0) return {};
    db::ExplorerEntry entry;
    entry.result = game_result(g.result);
    entry.speed = db::Speed(std::clamp(g.speed, 0, db::kSpeedCount - 1));
    entry.rating = std::clamp(g.rating, 0, db::kMaxRating);
    entry.day = day_of(g.date);
    entry.collection = std::clamp(g.collection, 0, db::kMaxCollection);
    // Moves that stop short of the game's end (more than the limit: the keeper decodes no more)
    // leave out the final position, as indexed_positions does for any game past the limit.
    const auto positions = db::indexed_positions(start, moves, masters ? -1 : db::kIndexedPlies);
    std::vector<DbIndexRow> rows;
    rows.reserve(positions.size());
    for (const db::IndexedPosition& p : positions) {
        entry.move = p.move;
        rows.push_back({std::int64_t(p.key), entry.pack()});
    }
    return rows;
}

Result<Position> start_of(const DbGameRow& row) {
    if (row.initial_fen) return position_from_fen(*row.initial_fen);
    if (!row.start_number)
        return std::unexpected(Error{ErrorCode::InvalidFen, "the game has no start position"});
    return row.start_black_number ? startpos::position(*row.start_number, *row.start_black_number)
                                  : startpos::position(*row.start_number);
}

Result<pgn::GameRecord> record_of(const DbGameRow& row) {
    pgn::GameRecord record;
    auto start = start_of(row);
    if (!start) return std::unexpected(start.error());
    auto moves = stored_moves(row, *start, row.plies);
    if (!moves) return std::unexpected(moves.error());
    auto rating = [](int elo) { return elo ? std::to_string(elo) : std::string("?"); };
    record.set_tag("Event", row.event);
    record.set_tag("Site", row.site);
    record.set_tag("Date", date_text(row.date));
    record.set_tag("Round", row.round);
    record.set_tag("White", row.white);
    record.set_tag("Black", row.black);
    record.set_tag("Result", result_string(game_result(row.result)));
    if (row.white_elo) record.set_tag("WhiteElo", rating(row.white_elo));
    if (row.black_elo) record.set_tag("BlackElo", rating(row.black_elo));
    if (!row.time_control.empty()) record.set_tag("TimeControl", row.time_control);
    for (std::size_t at = 0; at < row.tags.size();) {
        const std::size_t tab = row.tags.find('\t', at), end = row.tags.find('\n', at);
        if (tab == std::string::npos || end == std::string::npos || tab > end) break;
        record.set_tag(row.tags.substr(at, tab - at), row.tags.substr(tab + 1, end - tab - 1));
        at = end + 1;
    }
    record.start = *start;
    record.chess960 = true;
    for (Move m : *moves) record.main.nodes.push_back(pgn::Node{m, {}, {}, {}});
    record.result = game_result(row.result);
    return record;
}

}  // namespace chess960::server::gamedb
