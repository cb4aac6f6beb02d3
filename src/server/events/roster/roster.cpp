#include "events/roster.hpp"

#include <algorithm>
#include <map>

#include "common/words.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

namespace {

bool round_robin(const EventRow& e) {
    return e.kind == "round_robin" || e.kind == "double_round_robin";
}

const EventPlayerRow& player_numbered(const StoredEvent& stored, int number) {
    for (const EventPlayerRow& p : stored.players)
        if (p.number == number) return p;
    throw ApiError{404,
                   "the event has no player " + std::to_string(number),
                   0,
                   "unknown_player",
                   {{"player", number}}};
}

}  // namespace

EventRoster::EventRoster(EventLedger& ledger, EventScheduler& scheduler, EventResults& results,
                         EventViews& views, PlayerSeats& seats, EventAccounts accounts)
    : ledger_(ledger),
      scheduler_(scheduler),
      results_(results),
      views_(views),
      seats_(seats),
      accounts_(std::move(accounts)) {}

const EventPlayerRow& EventRoster::require_player(const StoredEvent& stored,
                                                  std::string_view token) {
    if (token.empty())
        throw ApiError{401, "this needs a player's token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    for (const EventPlayerRow& p : stored.players)
        if (token_matches(token, p.token_hash)) return p;
    // A player that is an account: its session acts as its token.
    const bool accounts = std::ranges::any_of(
        stored.players, [](const EventPlayerRow& p) { return p.account_id.has_value(); });
    if (accounts && accounts_.of_session)
        if (const auto account = accounts_.of_session(token))
            for (const EventPlayerRow& p : stored.players)
                if (p.account_id == account->id) return p;
    throw ApiError{403, "the token is no player's of this event", 0, "wrong_token"};
}

std::optional<EventAccount> EventRoster::named_account(const StoredEvent& stored,
                                                       const PlayerRequest& request, int except) {
    if (!request.account || request.account->empty()) return std::nullopt;
    const auto account = accounts_.named ? accounts_.named(*request.account) : std::nullopt;
    if (!account)
        throw ApiError{404,
                       "field 'account': no account is named '" + quote(*request.account, 32) + "'",
                       0,
                       "no_such_account",
                       {{"name", quote(*request.account, 32)}}};
    for (const EventPlayerRow& p : stored.players)
        if (p.account_id == account->id && p.number != except)
            throw ApiError{409,
                           "the account " + account->name + " is player " +
                               std::to_string(p.number) + " of this event already",
                           0,
                           "already_entered",
                           {{"player", p.number}}};
    return account;
}

EventRoster::Acting EventRoster::acting_player(const StoredEvent& stored, std::string_view token,
                                               std::optional<int> player, const char* missing) {
    if (!token_matches(token, stored.event.organiser_token_hash))
        return Acting{require_player(stored, token), false};
    if (!player) throw ApiError{400, missing, 0, "missing_field", {{"field", "player"}}};
    return Acting{player_numbered(stored, *player), true};
}

AddedPlayer EventRoster::insert_player(const StoredEvent& stored, const PlayerRequest& request) {
    const EventRow& e = stored.event;
    const int published = int(stored.rounds.size());
    if (published > 0 && round_robin(e))
        throw ApiError{409, "a round robin takes no players once its first round is published", 0,
                       "entries_closed"};
    if (published >= e.rounds)
        throw ApiError{409, "every round of the event is published: it takes no more players", 0,
                       "entries_closed"};
    if (stored.players.size() >= kMaxEventPlayers)
        throw ApiError{400,
                       "an event has at most " + std::to_string(kMaxEventPlayers) + " players",
                       0,
                       "too_many_players",
                       {{"max", int(kMaxEventPlayers)}}};
    const int late_points = request.late_points.value_or(0);
    if (late_points > published * 10)
        throw ApiError{400,
                       "field 'latePoints': a player entering in round " +
                           std::to_string(published + 1) + " may be given at most " +
                           std::to_string(published) + " points",
                       0,
                       "field_out_of_range",
                       {{"field", "latePoints"}, {"min", 0}, {"max", published}}};
    const Millis now = now_ms();
    EventPlayerRow row;
    row.number = stored.players.empty() ? 1 : stored.players.back().number + 1;
    row.name = request.name;
    row.rating = request.rating;
    row.title = request.title;
    row.federation = request.federation;
    row.fide_id = request.fide_id;
    const std::string token = random_hex(16);
    row.token_hash = sha256_hex(token);
    row.joined_round = published + 1;
    row.late_points = published > 0 ? late_points : 0;
    row.created_at = row.updated_at = now;
    if (const auto account = named_account(stored, request)) {
        row.account_id = account->id;
        row.account_name = account->name;
    }
    ledger_.store().insert_player(e.id, row);
    if (published == 0) {
        rank_players(e.id);
        for (const EventPlayerRow& p : ledger_.load(e.id).players)
            if (p.token_hash == row.token_hash) row.number = p.number;
    }
    ledger_.changed(e.id);
    return AddedPlayer{e.id, row, token};
}

void EventRoster::rank_players(const std::string& event_id) {
    const StoredEvent stored = ledger_.load(event_id);
    if (!stored.rounds.empty()) return;
    const std::vector<int> order = initial_ranking(stored.players);
    std::map<int, int> renumbered;  // stored number -> its rank's number
    for (std::size_t i = 0; i < order.size(); ++i) renumbered[order[i]] = stored.players[i].number;
    bool moves = false;
    for (const auto& [from, to] : renumbered) moves = moves || from != to;
    if (!moves) return;
    std::vector<EventPlayerRow> players = stored.players;
    for (EventPlayerRow& p : players) p.number = renumbered[p.number];
    std::vector<EventByeRow> byes = stored.byes;
    for (EventByeRow& bye : byes) bye.player = renumbered[bye.player];
    ledger_.store().renumber_players(event_id, players, byes);
}

AddedPlayer EventRoster::add_player(std::string_view id, std::string_view token,
                                    const PlayerRequest& request) {
    auto lock = ledger_.lock();
    const StoredEvent stored = ledger_.load(id);
    require_organiser(stored, token);
    require_paired_event(stored);
    return insert_player(stored, request);
}

EventView EventRoster::edit_player(std::string_view id, std::string_view token, int number,
                                   const PlayerRequest& request) {
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        require_organiser(stored, token);
        require_paired_event(stored);
        EventPlayerRow row = player_numbered(stored, number);
        row.name = request.name;
        row.rating = request.rating;
        row.title = request.title;
        row.federation = request.federation;
        row.fide_id = request.fide_id;
        if (request.account) {
            const auto account = named_account(stored, request, number);
            row.account_id = account ? std::optional(account->id) : std::nullopt;
        }
        row.updated_at = now_ms();
        ledger_.store().update_player(stored.event.id, row);
        seats_.forget();
        rank_players(stored.event.id);
    }
    ledger_.changed(std::string(id));
    return views_.organiser_view(id, token);
}

std::string EventRoster::open_join_link(std::string_view id, std::string_view token) {
    auto lock = ledger_.lock();
    const StoredEvent stored = ledger_.load(id);
    require_organiser(stored, token);
    require_paired_event(stored);
    if (!stored.rounds.empty())
        throw ApiError{409, "the event has started: the join link is for entries before it", 0,
                       "entries_closed"};
    const std::string join = random_hex(16);
    ledger_.store().set_join_token(stored.event.id, sha256_hex(join));
    return join;
}

EventView EventRoster::close_join_link(std::string_view id, std::string_view token) {
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        require_organiser(stored, token);
        ledger_.store().set_join_token(stored.event.id, std::nullopt);
    }
    return views_.organiser_view(id, token);
}

AddedPlayer EventRoster::join(std::string_view id, std::string_view join_token,
                              const PlayerRequest& request, std::string_view session) {
    auto lock = ledger_.lock();
    const StoredEvent stored = ledger_.load(id);
    require_paired_event(stored);
    if (join_token.empty())
        throw ApiError{401, "this needs the event's join token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    if (!stored.event.join_token_hash || !token_matches(join_token, *stored.event.join_token_hash))
        throw ApiError{403, "the join link is closed or not this event's", 0, "wrong_token"};
    if (!stored.rounds.empty())
        throw ApiError{409, "the event has started: it takes no more entries by its join link", 0,
                       "entries_closed"};
    PlayerRequest entry = request;
    entry.late_points.reset();
    // The entrant's own account only, never one named in the request.
    entry.account.reset();
    if (!session.empty() && accounts_.of_session)
        if (const auto account = accounts_.of_session(session)) entry.account = account->name;
    return insert_player(stored, entry);
}

EventView EventRoster::request_bye(std::string_view id, std::string_view token,
                                   const ByeRequest& request) {
    bool organiser = false;
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        require_paired_event(stored);
        const Acting acting = acting_player(stored, token, request.player,
                                            "field 'player' is missing: whose bye is it?");
        organiser = acting.organiser;
        const EventPlayerRow& p = acting.player;
        if (round_robin(stored.event))
            throw ApiError{409, "a round robin has no byes to ask for: every pairing is fixed", 0,
                           "byes_closed"};
        const int published = int(stored.rounds.size());
        if (request.round <= published || request.round > stored.event.rounds)
            throw ApiError{409,
                           "round " + std::to_string(request.round) +
                               " is not to come: byes are asked for rounds " +
                               std::to_string(published + 1) + " to " +
                               std::to_string(stored.event.rounds),
                           0,
                           "byes_closed",
                           {{"round", request.round}}};
        if (p.withdrawn_after)
            throw ApiError{
                409, "the player has withdrawn", 0, "player_withdrawn", {{"player", p.number}}};
        if (request.kind == "none")
            ledger_.store().remove_bye(stored.event.id, request.round, p.number);
        else
            ledger_.store().set_bye(
                stored.event.id,
                EventByeRow{request.round, p.number, request.kind == "half" ? 'H' : 'Z', now_ms()});
    }
    ledger_.changed(std::string(id));
    return answer(id, token, organiser);
}

EventView EventRoster::withdraw(std::string_view id, std::string_view token,
                                std::optional<int> player) {
    bool organiser = false;
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        require_paired_event(stored);
        Acting acting =
            acting_player(stored, token, player, "field 'player' is missing: who withdraws?");
        organiser = acting.organiser;
        EventPlayerRow& row = acting.player;
        if (row.withdrawn_after)
            throw ApiError{409,
                           "the player has withdrawn already",
                           0,
                           "player_withdrawn",
                           {{"player", row.number}}};
        // After the latest published round: a game of it still in play is played out.
        row.withdrawn_after = int(stored.rounds.size());
        row.updated_at = now_ms();
        ledger_.store().update_player(stored.event.id, row);
    }
    ledger_.changed(std::string(id));
    return answer(id, token, organiser);
}

PlayerView EventRoster::player(std::string_view id, std::string_view token) {
    const Millis now = now_ms();
    const StoredEvent stored = scheduler_.advance(id, now);
    if (!is_paired(stored.event)) require_paired_event(stored);
    const EventPlayerRow& p = require_player(stored, token);
    PlayerView view;
    view.event_id = stored.event.id;
    view.event_name = stored.event.name;
    view.player = p;
    view.now = now;
    for (const EventByeRow& bye : stored.byes)
        if (bye.player == p.number) view.byes.push_back(bye);
    std::map<int, std::string> names;
    for (const EventPlayerRow& each : stored.players) names[each.number] = each.name;
    const BoardResults results = results_.board_results(stored);
    if (!stored.rounds.empty()) {
        const EventRoundRow& round = stored.rounds.back();
        view.round = round.round;
        view.revealed = round.revealed();
        view.started = round.started();
        for (const EventBoardRow& board : round.boards) {
            if (board.white_number != p.number && board.black_number != p.number) continue;
            view.board = board.board;
            view.color = board.white_number == p.number ? White : Black;
            view.opponent = *(view.color == White ? board.black_number : board.white_number);
            view.opponent_name = names[view.opponent];
            if (round.started()) view.game_id = board.game_id;
            if (auto it = results.find({round.round, board.board}); it != results.end())
                view.result = it->second;
        }
        for (const EventByeRow& bye : stored.byes)
            if (bye.round == round.round && bye.player == p.number) view.bye = bye.kind;
    }
    const PairedStandings table = paired_standings(stored, results);
    for (const pairing::Standing& s : table.table)
        if (s.start_number == p.number) view.points = s.score;
    return view;
}

EventView EventRoster::answer(std::string_view id, std::string_view token, bool organiser) {
    return organiser ? views_.organiser_view(id, token) : views_.view(id);
}

}  // namespace chess960::server
