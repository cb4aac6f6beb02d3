#include "http/render_cache.hpp"

#include "common/now.hpp"

namespace chess960::server {

RenderCache::RenderCache(Millis ttl, std::size_t max_entries)
    : ttl_(ttl), max_entries_(max_entries) {}

std::string RenderCache::get(const std::string& key, const std::function<std::string()>& render) {
    std::unique_lock lock(mutex_);
    for (;;) {
        Entry& entry = entries_[key];
        const Millis now = steady_now();
        if (entry.valid && now - entry.rendered_at < ttl_) return entry.text;
        if (!entry.rendering) break;
        // Older than the lifetime but not changed since: the render under way refreshes it, and
        // this caller takes the text as it was rather than hold a server thread meanwhile (a
        // slow render would otherwise hold every thread its readers came in on).
        if (entry.valid) return entry.text;
        // Another caller renders it: wait for its text (or its failure). The wait ends when
        // that render is over, not when no render runs: a third caller may have begun the next
        // one (the text already older than the lifetime) before this one woke, and that render
        // notifies its own signal, not this one.
        const auto signal = entry.rendering;
        signal->wait(lock, [&] {
            const auto it = entries_.find(key);
            return it == entries_.end() || it->second.rendering != signal;
        });
        Entry& done = entries_[key];
        if (!done.rendering && done.failure) std::rethrow_exception(done.failure);
        if (done.valid) return done.text;
    }
    if (entries_.size() > max_entries_) {
        const Millis now = steady_now();
        std::erase_if(entries_, [&](const auto& e) {
            return e.first != key && !e.second.rendering && now - e.second.rendered_at >= ttl_;
        });
    }
    Entry& entry = entries_[key];
    entry.rendering = std::make_shared<std::condition_variable>();
    entry.failure = nullptr;
    const std::uint64_t generation = entry.generation;
    const Millis started = steady_now();
    lock.unlock();
    std::string text;
    std::exception_ptr failure;
    try {
        text = render();
    } catch (...) {
        failure = std::current_exception();
    }
    lock.lock();
    Entry& done = entries_[key];
    const auto signal = std::move(done.rendering);
    done.rendering.reset();
    done.failure = failure;
    if (!failure) {
        done.text = text;
        // Invalidated while it rendered: rendered again for the next caller.
        done.valid = done.generation == generation;
        done.rendered_at = started;
    } else {
        done.valid = false;
    }
    signal->notify_all();
    if (failure) std::rethrow_exception(failure);
    return text;
}

void RenderCache::invalidate(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end()) return;
    it->second.valid = false;
    ++it->second.generation;
}

}  // namespace chess960::server
