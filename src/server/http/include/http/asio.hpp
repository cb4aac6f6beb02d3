// The names the files that speak Boost.Asio and Beast share: namespace aliases and the
// completion token that hands errors back as values (a closed connection is no exception).
#pragma once

#include <boost/asio.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace chess960::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
inline constexpr auto use_nothrow = net::as_tuple(net::use_awaitable);
// The same, for an operation that a coroutine's cancellation (an `a || b` group) does not
// reach: it installs no cancellation handler, which costs an allocation and a clear on every
// operation. Such an operation is ended by closing what it waits on (its socket or channel).
// (A function: Asio 1.81 takes this token only as a non-const value.)
inline auto uncancelled() {
    return net::as_tuple(net::bind_cancellation_slot(net::cancellation_slot(), net::use_awaitable));
}

}  // namespace chess960::server
