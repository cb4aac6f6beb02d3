#include "events/ledger.hpp"

#include <algorithm>

#include "common/api_error.hpp"
#include "events/paired.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

namespace {

ApiError unknown_event(std::string_view id) {
    return ApiError{
        404, "unknown event '" + quote(id, 32) + "'", 0, "unknown_event", {{"id", quote(id, 32)}}};
}

}  // namespace

EventLedger::EventLedger(EventStore& store, Log log, Log on_changed)
    : store_(store), log_(std::move(log)), on_changed_(std::move(on_changed)) {}

// Event ids are 16 hex digits; anything else is no event (and no database query).
bool EventLedger::is_event_id(std::string_view id) {
    return id.size() == 16 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

StoredEvent EventLedger::load(std::string_view id) {
    if (!is_event_id(id)) throw unknown_event(id);
    auto stored = store_.load_event(std::string(id));
    if (!stored) throw unknown_event(id);
    return std::move(*stored);
}

void EventLedger::changed(const std::string& id) {
    if (on_changed_) on_changed_(id);
}

void EventLedger::log(const std::string& line) {
    if (log_) log_(line);
}

void require_organiser(const StoredEvent& stored, std::string_view token) {
    if (token.empty())
        throw ApiError{401,
                       "this needs the event's organiser token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    if (!token_matches(token, stored.event.organiser_token_hash))
        throw ApiError{403, "the token is not this event's organiser token", 0, "wrong_token"};
}

void require_paired_event(const StoredEvent& stored) {
    if (!is_paired(stored.event))
        throw ApiError{409,
                       "this event's pairings are typed: it has no players, byes or pairing of "
                       "its own (create it with kind 'swiss' or 'round_robin')",
                       0, "event_typed"};
    if (stored.event.closed_at) throw ApiError{409, "the event is closed", 0, "event_closed"};
}

}  // namespace chess960::server
