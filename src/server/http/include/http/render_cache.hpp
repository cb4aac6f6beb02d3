// Answers rendered once and given to everyone who asks for a while: a public page that costs
// the server much to build (an event of many boards) costs it that once per `ttl` however many
// ask, and never more than once at a time. An entry is rendered again after `ttl` or once
// invalidated (a change that must show at once); the entries of keys nobody asked for lately
// are dropped past `max_entries`.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "chess960/clock.hpp"

namespace chess960::server {

class RenderCache {
  public:
    RenderCache(Millis ttl, std::size_t max_entries);

    // The text for `key`: the one rendered less than `ttl` ago and not invalidated since, else
    // render()'s, which one caller runs while the others wait for it. What render() throws,
    // its caller and those waiting get.
    std::string get(const std::string& key, const std::function<std::string()>& render);
    // The next get() of `key` renders again.
    void invalidate(const std::string& key);

  private:
    struct Entry {
        std::string text;
        Millis rendered_at = 0;
        bool valid = false;
        std::uint64_t generation = 0;  // counts invalidations, so a render begun before one
                                       // does not count as after it
        // While a render runs: the waiting callers' signal, and what it threw.
        std::shared_ptr<std::condition_variable> rendering;
        std::exception_ptr failure;
    };

    Millis ttl_;
    std::size_t max_entries_;
    std::mutex mutex_;
    std::unordered_map<std::string, Entry> entries_;
};

}  // namespace chess960::server
