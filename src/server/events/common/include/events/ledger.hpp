// The events as stored, and the one lock their changes take. Every part of the events' service
// (service.hpp) reads an event through here, changes it holding lock(), and tells its change
// here, so that a rendered view of it is rendered again; none keeps an event of its own.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include "store/event_store.hpp"

namespace chess960::server {

class EventLedger {
  public:
    using Log = std::function<void(const std::string&)>;
    // `log`: error lines; `on_changed`: told the id of an event whose view changed. Either may
    // be empty.
    EventLedger(EventStore& store, Log log, Log on_changed);

    // Whether `id` could name an event (16 hex digits): anything else is none, and no query.
    static bool is_event_id(std::string_view id);
    // The event as stored; ApiError 404 for no such event.
    StoredEvent load(std::string_view id);
    EventStore& store() { return store_; }
    // One change to the events at a time: held from reading an event to storing its change.
    [[nodiscard]] std::unique_lock<std::mutex> lock() { return std::unique_lock(mutex_); }

    // Its rendered view is out of date (EventServiceOptions::on_changed).
    void changed(const std::string& id);
    void log(const std::string& line);

  private:
    EventStore& store_;
    Log log_;
    Log on_changed_;
    std::mutex mutex_;
};

// The organiser's token of the event, or ApiError 401 (none) or 403 (another).
void require_organiser(const StoredEvent& event, std::string_view token);
// A paired event that is not closed, or ApiError 409.
void require_paired_event(const StoredEvent& event);

}  // namespace chess960::server
