// The last ids seen, at most a bound of them (the oldest forgotten first): the lobby's feed
// remembers the games it told and the seeks it told gone, so as to tell each once.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <unordered_set>

namespace chess960::server {

class RecentIds {
  public:
    explicit RecentIds(std::size_t bound) : bound_(bound) {}
    // True when `id` was not among them (it is now).
    bool insert(const std::string& id) {
        if (!ids_.insert(id).second) return false;
        order_.push_back(id);
        if (order_.size() > bound_) {
            ids_.erase(order_.front());
            order_.pop_front();
        }
        return true;
    }
    bool contains(const std::string& id) const { return ids_.contains(id); }

  private:
    std::size_t bound_;
    std::unordered_set<std::string> ids_;
    std::deque<std::string> order_;
};

}  // namespace chess960::server
