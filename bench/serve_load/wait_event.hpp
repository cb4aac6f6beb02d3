// A one-shot event coroutines can wait for (Asio has none): set() wakes every waiter, and a
// wait after set() returns at once. Single-threaded, like the rest of the generator.
#pragma once

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace serve_load {

class WaitEvent {
  public:
    explicit WaitEvent(boost::asio::any_io_executor executor)
        : timer_(executor, boost::asio::steady_timer::time_point::max()) {}
    void set() {
        set_ = true;
        timer_.cancel();
    }
    bool is_set() const { return set_; }
    boost::asio::awaitable<void> wait() {
        while (!set_) co_await timer_.async_wait(boost::asio::as_tuple(boost::asio::use_awaitable));
    }

  private:
    boost::asio::steady_timer timer_;
    bool set_ = false;
};

}  // namespace serve_load
