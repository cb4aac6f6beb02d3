// How often one may try to sign in: a token bucket per client address and one per account, so
// that guessing from one address is slowed, and so is guessing one account's password from
// many addresses (a botnet). Several servers sharing a database share the buckets (the
// cluster's take_token); a server on its own keeps them in memory.
#pragma once

#include <string>

#include "common/rate_limit.hpp"
#include "store/cluster.hpp"

namespace chess960::server {

struct LoginLimitOptions {
    // Attempts a minute (refilled continuously) and the burst, per address and per account.
    double per_address_per_minute = 5;
    double per_address_burst = 20;
    double per_account_per_minute = 5;
    double per_account_burst = 10;
};

class LoginLimits {
  public:
    LoginLimits(LoginLimitOptions options, Cluster* cluster);
    // Takes a token from the address's bucket and the account's (`account_key`: the name's
    // skeleton, known account or not, so that the answer does not tell which names exist):
    // 0 when the attempt may go on, else the seconds to wait.
    int take(const std::string& address, const std::string& account_key, Millis now);

  private:
    LoginLimitOptions options_;
    Cluster* cluster_;
    RateLimiter by_address_;
    RateLimiter by_account_;
};

}  // namespace chess960::server
