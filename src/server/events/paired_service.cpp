// The events' service for paired events (events/paired.hpp): players, the join link, byes,
// withdrawals, the pairing proposed for review, the arbiter's results, the TRF and a player's
// own view. The rounds are published, revealed and started by add_round and the timer as for
// typed events (service.cpp).
#include <algorithm>
#include <map>

#include "chess960/pairing/trf.hpp"
#include "common/words.hpp"
#include "events/service.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

namespace {

void require_paired_event(const StoredEvent& stored) {
    if (!is_paired(stored.event))
        throw ApiError{409,
                       "this event's pairings are typed: it has no players, byes or pairing of "
                       "its own (create it with kind 'swiss' or 'round_robin')",
                       0, "event_typed"};
    if (stored.event.closed_at) throw ApiError{409, "the event is closed", 0, "event_closed"};
}

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

// The result a finished game gives a board, PGN's words ("1-0"...); none for a game in play
// or aborted.
std::string game_result(const GameState& state) {
    const std::string r = result_string(state.outcome.result);
    return r == "*" ? std::string() : r;
}

}  // namespace

const EventPlayerRow& EventService::require_player(const StoredEvent& stored,
                                                   std::string_view token) {
    if (token.empty())
        throw ApiError{401, "this needs a player's token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    for (const EventPlayerRow& p : stored.players)
        if (token_matches(token, p.token_hash)) return p;
    // A player that is an account: its session acts as its token.
    const bool accounts = std::ranges::any_of(
        stored.players, [](const EventPlayerRow& p) { return p.account_id.has_value(); });
    if (accounts && options_.account_of_session)
        if (const auto account = options_.account_of_session(token))
            for (const EventPlayerRow& p : stored.players)
                if (p.account_id == account->id) return p;
    throw ApiError{403, "the token is no player's of this event", 0, "wrong_token"};
}

std::optional<EventAccount> EventService::named_account(const StoredEvent& stored,
                                                        const PlayerRequest& request, int except) {
    if (!request.account || request.account->empty()) return std::nullopt;
    const auto account =
        options_.account_named ? options_.account_named(*request.account) : std::nullopt;
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

EventService::Acting EventService::acting_player(const StoredEvent& stored, std::string_view token,
                                                 std::optional<int> player, const char* missing) {
    if (!token_matches(token, stored.event.organiser_token_hash))
        return Acting{require_player(stored, token), false};
    if (!player) throw ApiError{400, missing, 0, "missing_field", {{"field", "player"}}};
    return Acting{player_numbered(stored, *player), true};
}

BoardResults EventService::board_results(const StoredEvent& stored,
                                         std::map<std::pair<int, int>, std::string>* sources) {
    BoardResults results;
    for (const EventRoundRow& round : stored.rounds) {
        if (!round.started()) continue;
        for (const EventBoardRow& board : round.boards)
            if (auto game = games_.lookup(board.game_id))
                if (std::string r = game_result(games_.state(*game)); !r.empty()) {
                    results[{round.round, board.board}] = r;
                    if (sources) (*sources)[{round.round, board.board}] = "board";
                }
    }
    // The arbiter's rows come by board and seq: the last of a board's is the one that counts.
    for (const EventResultRow& row : stored.results) {
        results[{row.round, row.board}] = row.result;
        if (sources) (*sources)[{row.round, row.board}] = "arbiter";
    }
    return results;
}

std::expected<ProposedPairing, std::string> EventService::proposal_for(
    const StoredEvent& stored, const BoardResults& results) {
    std::string key = stored.event.kind + "\n" + std::to_string(stored.rounds.size()) + "\n" +
                      pairing::write_trf(tournament_of(stored, results, true));
    {
        std::lock_guard lock(proposals_mutex_);
        if (auto it = proposals_.find(stored.event.id);
            it != proposals_.end() && it->second.first == key)
            return it->second.second;
    }
    auto proposal = propose(stored, results);
    if (proposal) {
        std::lock_guard lock(proposals_mutex_);
        proposals_[stored.event.id] = {std::move(key), *proposal};
    }
    return proposal;
}

AddedPlayer EventService::insert_player(const StoredEvent& stored, const PlayerRequest& request) {
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
    store_.insert_player(e.id, row);
    if (published == 0) {
        rank_players(e.id);
        for (const EventPlayerRow& p : load(e.id).players)
            if (p.token_hash == row.token_hash) row.number = p.number;
    }
    changed(e.id);
    return AddedPlayer{e.id, row, token};
}

void EventService::rank_players(const std::string& event_id) {
    const StoredEvent stored = load(event_id);
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
    store_.renumber_players(event_id, players, byes);
}

AddedPlayer EventService::add_player(std::string_view id, std::string_view token,
                                     const PlayerRequest& request) {
    std::lock_guard lock(mutex_);
    const StoredEvent stored = load(id);
    require_organiser(stored, token);
    require_paired_event(stored);
    return insert_player(stored, request);
}

EventView EventService::edit_player(std::string_view id, std::string_view token, int number,
                                    const PlayerRequest& request) {
    {
        std::lock_guard lock(mutex_);
        const StoredEvent stored = load(id);
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
        store_.update_player(stored.event.id, row);
        forget_seats();
        rank_players(stored.event.id);
    }
    changed(std::string(id));
    return organiser_view(id, token);
}

std::string EventService::open_join_link(std::string_view id, std::string_view token) {
    std::lock_guard lock(mutex_);
    const StoredEvent stored = load(id);
    require_organiser(stored, token);
    require_paired_event(stored);
    if (!stored.rounds.empty())
        throw ApiError{409, "the event has started: the join link is for entries before it", 0,
                       "entries_closed"};
    const std::string join = random_hex(16);
    store_.set_join_token(stored.event.id, sha256_hex(join));
    return join;
}

EventView EventService::close_join_link(std::string_view id, std::string_view token) {
    {
        std::lock_guard lock(mutex_);
        const StoredEvent stored = load(id);
        require_organiser(stored, token);
        store_.set_join_token(stored.event.id, std::nullopt);
    }
    return organiser_view(id, token);
}

AddedPlayer EventService::join(std::string_view id, std::string_view join_token,
                               const PlayerRequest& request, std::string_view session) {
    std::lock_guard lock(mutex_);
    const StoredEvent stored = load(id);
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
    if (!session.empty() && options_.account_of_session)
        if (const auto account = options_.account_of_session(session))
            entry.account = account->name;
    return insert_player(stored, entry);
}

EventView EventService::request_bye(std::string_view id, std::string_view token,
                                    const ByeRequest& request) {
    bool organiser = false;
    {
        std::lock_guard lock(mutex_);
        const StoredEvent stored = load(id);
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
            store_.remove_bye(stored.event.id, request.round, p.number);
        else
            store_.set_bye(
                stored.event.id,
                EventByeRow{request.round, p.number, request.kind == "half" ? 'H' : 'Z', now_ms()});
    }
    changed(std::string(id));
    return organiser ? organiser_view(id, token) : view(id);
}

EventView EventService::withdraw(std::string_view id, std::string_view token,
                                 std::optional<int> player) {
    bool organiser = false;
    {
        std::lock_guard lock(mutex_);
        const StoredEvent stored = load(id);
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
        store_.update_player(stored.event.id, row);
    }
    changed(std::string(id));
    return organiser ? organiser_view(id, token) : view(id);
}

ProposalView EventService::proposal(std::string_view id, std::string_view token) {
    const StoredEvent stored = advance(id, now_ms());
    require_organiser(stored, token);
    require_paired_event(stored);
    if (int(stored.rounds.size()) >= stored.event.rounds)
        throw ApiError{409,
                       "all " + std::to_string(stored.event.rounds) +
                           " rounds of the event are published already",
                       0,
                       "all_rounds_entered",
                       {{"rounds", stored.event.rounds}}};
    const BoardResults results = board_results(stored);
    if (completed_rounds(stored, results) < int(stored.rounds.size()))
        throw ApiError{409,
                       "round " + std::to_string(stored.rounds.size()) +
                           " has games without a result: the next round is paired from the "
                           "results",
                       0,
                       "round_unfinished",
                       {{"round", int(stored.rounds.size())}}};
    auto engine = proposal_for(stored, results);
    if (!engine) throw ApiError{409, "no pairing: " + engine.error(), 0, "no_pairing"};
    ProposalView view{stored.event.id, *engine, {}, {}};
    for (const EventPlayerRow& p : stored.players) view.names[p.number] = p.name;
    return view;
}

ProposalView EventService::check_pairing(std::string_view id, std::string_view token,
                                         const std::vector<NumberedPairing>& pairs, int bye) {
    const StoredEvent stored = advance(id, now_ms());
    require_organiser(stored, token);
    require_paired_event(stored);
    const BoardResults results = board_results(stored);
    ProposedPairing changed{int(stored.rounds.size()) + 1, {}, bye};
    for (const NumberedPairing& n : pairs) changed.pairs.push_back({n.white, n.black});
    if (std::string problem = pairing_problem(stored, changed); !problem.empty())
        throw ApiError{400, "the pairing: " + problem, 0, "invalid_pairing"};
    auto engine = proposal_for(stored, results);
    ProposalView view{
        stored.event.id,
        changed,
        pairing_issues(stored, results, changed,
                       engine ? std::optional<ProposedPairing>(*engine) : std::nullopt),
        {}};
    for (const EventPlayerRow& p : stored.players) view.names[p.number] = p.name;
    return view;
}

EventView EventService::set_result(std::string_view id, std::string_view token, int round,
                                   int board, const ResultRequest& request) {
    {
        std::lock_guard lock(mutex_);
        const StoredEvent stored = load(id);
        require_organiser(stored, token);
        require_paired_event(stored);
        if (round < 1 || round > int(stored.rounds.size()))
            throw ApiError{404,
                           "round " + std::to_string(round) + " is not published",
                           0,
                           "unknown_round",
                           {{"round", std::to_string(round)}}};
        const EventRoundRow& r = stored.rounds[std::size_t(round - 1)];
        const auto it = std::ranges::find(r.boards, board, &EventBoardRow::board);
        if (it == r.boards.end())
            throw ApiError{
                404,
                "round " + std::to_string(round) + " has no board " + std::to_string(board),
                0,
                "unknown_board",
                {{"round", round}, {"board", board}}};
        int seq = 1;
        for (const EventResultRow& row : stored.results)
            if (row.round == round && row.board == board) seq = row.seq + 1;
        store_.append_result(stored.event.id,
                             EventResultRow{round, board, seq, request.result, request.reason,
                                            "organiser", now_ms()});
        // A game still in play (an untimed game that stalled, a no-show) ends with the
        // arbiter's result, so that the next round can start (Laws 12.2): the game's record
        // says the arbiter decided it; a double forfeit gives it no winner (it ends aborted).
        if (r.started())
            if (auto game = games_.lookup(it->game_id); game && games_.state(*game).active()) {
                try {
                    games_.end_by_arbiter(game, request.result == "1-0" || request.result == "+-"
                                                    ? GameResult::WhiteWins
                                                : request.result == "0-1" || request.result == "-+"
                                                    ? GameResult::BlackWins
                                                : request.result == "--" ? GameResult::Ongoing
                                                                         : GameResult::Draw);
                } catch (const ApiError& e) {
                    log("event " + stored.event.id + ": ending game " + it->game_id + ": " +
                        e.message);
                }
            }
    }
    changed(std::string(id));
    return organiser_view(id, token);
}

void EventService::forget_seats() {
    std::lock_guard lock(player_seats_mutex_);
    player_seats_.clear();
}

std::optional<Color> EventService::player_seat(const std::string& event_id,
                                               const std::string& game_id, std::string_view token) {
    std::optional<PlayerSeats> seats;
    {
        std::lock_guard lock(player_seats_mutex_);
        if (auto it = player_seats_.find(game_id); it != player_seats_.end()) seats = it->second;
    }
    if (!seats) {
        std::optional<StoredEvent> stored;
        try {
            stored = store_.load_event(event_id);
        } catch (const std::exception& e) {
            log("event " + event_id + ": a player's seat in game " + game_id + ": " + e.what());
            return std::nullopt;
        }
        if (!stored || !is_paired(stored->event)) return std::nullopt;
        const auto player_of = [&](std::optional<int> number) -> const EventPlayerRow* {
            for (const EventPlayerRow& p : stored->players)
                if (number && p.number == *number) return &p;
            return nullptr;
        };
        for (const EventRoundRow& round : stored->rounds)
            for (const EventBoardRow& board : round.boards)
                if (board.game_id == game_id) {
                    seats.emplace();
                    if (const EventPlayerRow* white = player_of(board.white_number)) {
                        seats->white_hash = white->token_hash;
                        seats->white_account = white->account_id;
                    }
                    if (const EventPlayerRow* black = player_of(board.black_number)) {
                        seats->black_hash = black->token_hash;
                        seats->black_account = black->account_id;
                    }
                }
        if (!seats) return std::nullopt;
        std::lock_guard lock(player_seats_mutex_);
        if (player_seats_.size() >= 100'000) player_seats_.clear();  // bounded: reread later
        player_seats_[game_id] = *seats;
    }
    if (!seats->white_hash.empty() && token_matches(token, seats->white_hash)) return White;
    if (!seats->black_hash.empty() && token_matches(token, seats->black_hash)) return Black;
    // A player that is an account plays with its session (the page's cookie).
    if ((seats->white_account || seats->black_account) && options_.account_of_session)
        if (const auto account = options_.account_of_session(token)) {
            if (seats->white_account == account->id) return White;
            if (seats->black_account == account->id) return Black;
        }
    return std::nullopt;
}

std::string EventService::trf(std::string_view id) {
    const StoredEvent stored = advance(id, now_ms());
    require_paired_event(stored);
    return event_trf(stored, board_results(stored));
}

PlayerView EventService::player(std::string_view id, std::string_view token) {
    const Millis now = now_ms();
    const StoredEvent stored = advance(id, now);
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
    const BoardResults results = board_results(stored);
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

}  // namespace chess960::server
