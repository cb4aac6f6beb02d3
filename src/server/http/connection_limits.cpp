#include "http/connection_limits.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace chess960::server {

namespace {
// Descriptors kept free for the database, the listener, logs and the engine's threads.
constexpr std::size_t kReservedFiles = 64;
}  // namespace

std::size_t raise_open_file_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur == RLIM_INFINITY ? std::size_t(1) << 20 : std::size_t(limit.rlim_cur);
}

ConnectionLimits::ConnectionLimits(std::size_t max_total, std::size_t max_per_client)
    : max_total_(std::min(max_total,
                          std::max(raise_open_file_limit(), 2 * kReservedFiles) - kReservedFiles)),
      max_per_client_(max_per_client) {}

std::optional<ConnectionSlot> ConnectionLimits::acquire(const std::string& client) {
    std::lock_guard lock(mutex_);
    if (total_ >= max_total_) return std::nullopt;
    std::size_t& mine = per_client_[client];
    if (mine >= max_per_client_) return std::nullopt;
    ++mine;
    ++total_;
    return ConnectionSlot(shared_from_this(), client);
}

std::size_t ConnectionLimits::total() {
    std::lock_guard lock(mutex_);
    return total_;
}

void ConnectionLimits::release(const std::string& client) {
    std::lock_guard lock(mutex_);
    --total_;
    auto it = per_client_.find(client);
    if (it != per_client_.end() && --it->second == 0) per_client_.erase(it);
}

ConnectionSlot::~ConnectionSlot() {
    if (limits_) limits_->release(client_);
}

}  // namespace chess960::server
