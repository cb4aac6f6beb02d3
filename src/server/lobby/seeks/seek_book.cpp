#include "lobby/seek_book.hpp"

#include "common/now.hpp"
#include "lobby/seek_view.hpp"
#include "rating/rating.hpp"
#include "rating/speed.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

namespace {

std::string pool_of(const SeekRequest& request) {
    if (request.days_per_move) return std::string(rating::name(rating::Speed::Correspondence));
    if (!request.clock) return "casual";
    const auto speed = rating::classify(double(request.clock->initial) / 1000.0,
                                        double(request.clock->increment) / 1000.0);
    // The parser admits only times classify rates.
    return std::string(rating::name(speed.value_or(rating::Speed::Classical)));
}

// The rating an account shows in a pool: its own, or a new player's.
double shown_rating(const std::vector<RatingRow>& ratings, const std::string& pool) {
    for (const RatingRow& r : ratings)
        if (r.pool == pool) return r.rating;
    return rating::kDefaultRating;
}

std::string start_type_of(StartSpec::Type type) {
    switch (type) {
        case StartSpec::Type::Number:
            return "number";
        case StartSpec::Type::Double960:
            return "double960";
        default:
            return "random";
    }
}

void check_request(const SeekRequest& request) {
    if (request.rated && !request.clock && !request.days_per_move)
        throw ApiError{400, "a rated seek needs a clock or days per move", 0, "rated_needs_clock"};
    if (request.start.type == StartSpec::Type::Fen)
        throw ApiError{400,
                       "a seek's start is \"random\", \"number\" or \"double960\", not a FEN",
                       0,
                       "invalid_field",
                       {{"field", "start.type"}}};
    if (request.min_rating && request.max_rating && *request.min_rating > *request.max_rating)
        throw ApiError{400,
                       "field 'ratingRange': the lowest rating is above the highest",
                       0,
                       "invalid_field",
                       {{"field", "ratingRange"}}};
}

ApiError no_such_seek(const std::string& id) {
    return ApiError{404, "no open seek " + id.substr(0, 32), 0, "no_such_seek"};
}

}  // namespace

SeekRow SeekBook::seek_of(const Session& session, const SeekRequest& request) {
    SeekRow seek;
    const std::string& account = session.account.id;
    if (request.to) {
        const AccountRow challenged = accounts_.profile(*request.to);
        if (challenged.id == account)
            throw ApiError{
                400, "you cannot challenge yourself", 0, "invalid_field", {{"field", "to"}}};
        seek.to_account = challenged.id;
        seek.to_name = challenged.name;
    }
    seek.id = random_hex(8);
    seek.account_id = account;
    seek.account_name = session.account.name;
    seek.rated = request.rated;
    seek.pool = pool_of(request);
    if (request.clock) {
        seek.clock_initial_ms = request.clock->initial;
        seek.clock_increment_ms = request.clock->increment;
    }
    seek.days_per_move = request.days_per_move;
    seek.color = request.color;
    seek.start_type = start_type_of(request.start.type);
    seek.start_number = request.start.number;
    seek.start_black = request.start.black;
    seek.min_rating = request.min_rating;
    seek.max_rating = request.max_rating;
    return seek;
}

SeekRow SeekBook::create(const Session& session, const SeekRequest& request) {
    check_request(request);
    limits_.take_token(session.account.id);
    limits_.check_room(session.account.id, seeks_.seeks(options_.seeks_in_all).size());
    SeekRow seek = seek_of(session, request);
    seek.created_at = now_ms();
    seeks_.insert_seek(seek);
    return seek;
}

std::vector<SeekRow> SeekBook::visible(const std::optional<std::string>& viewer) {
    std::vector<SeekRow> seeks = seeks_.seeks(options_.seeks_in_all);
    std::erase_if(seeks, [&](const SeekRow& s) { return !sees(s, viewer.value_or("")); });
    return seeks;
}

void SeekBook::cancel(const Session& session, const std::string& id) {
    if (!seeks_.delete_seek(id, session.account.id))
        throw ApiError{404, "you have no open seek " + id.substr(0, 32), 0, "no_such_seek"};
}

bool SeekBook::leave(const std::string& account_id) {
    return seeks_.delete_seeks_of(account_id) > 0;
}

void SeekBook::check_acceptable(const SeekRow& seek, const std::string& me, double rating) {
    // A quick pairing seek and a challenge to another are not there for anyone to accept (as
    // for one never made).
    if (seek.quick) throw no_such_seek(seek.id);
    if (seek.account_id == me) throw ApiError{409, "this is your own seek", 0, "own_seek"};
    if (seek.to_account && *seek.to_account != me) throw no_such_seek(seek.id);
    if ((seek.min_rating && rating < *seek.min_rating) ||
        (seek.max_rating && rating > *seek.max_rating))
        throw ApiError{403, "your rating is outside the seek's range", 0, "outside_rating_range"};
}

SeekBook::Accepted SeekBook::accept(const Session& session, const std::string& id) {
    const std::string& me = session.account.id;
    const std::vector<RatingRow> my_ratings = account_games_.ratings(me);
    const std::int64_t now = now_ms();
    std::optional<MadeGame> made;
    const auto seek = seeks_.accept_seek(id, [&](const SeekRow& s) {
        check_acceptable(s, me, shown_rating(my_ratings, s.pool));
        const bool seeker_white =
            s.color == "white" || (s.color == "random" && random_hex(1)[0] < '8');
        AccountGameRow game;
        game.game_id = random_hex(8);
        game.seek_id = s.id;
        game.white_account = seeker_white ? s.account_id : me;
        game.black_account = seeker_white ? me : s.account_id;
        game.rated = s.rated;
        game.pool = s.pool;
        game.created_at = now;
        made = seats_.make(game, s);
        return made->rows;
    });
    if (!seek) throw no_such_seek(id);
    // Stored whole (the seek taken, the game and its account game): held here.
    seats_.hold(*made);
    return Accepted{*seek, made->rows.account_game.game_id};
}

}  // namespace chess960::server
