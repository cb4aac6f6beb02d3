#include "accounts/login_limits.hpp"

#include <algorithm>

namespace chess960::server {

LoginLimits::LoginLimits(LoginLimitOptions options, Cluster* cluster)
    : options_(options),
      cluster_(cluster),
      by_address_(options.per_address_per_minute / 60.0, options.per_address_burst),
      by_account_(options.per_account_per_minute / 60.0, options.per_account_burst) {}

int LoginLimits::take(const std::string& address, const std::string& account_key, Millis now) {
    if (cluster_) {
        const int wait_address =
            cluster_->take_token("login_address", address, options_.per_address_per_minute / 60.0,
                                 options_.per_address_burst);
        if (wait_address > 0) return wait_address;
        return cluster_->take_token("login_account", account_key,
                                    options_.per_account_per_minute / 60.0,
                                    options_.per_account_burst);
    }
    const int wait_address = by_address_.take(address, now);
    if (wait_address > 0) return wait_address;
    return by_account_.take(account_key, now);
}

}  // namespace chess960::server
