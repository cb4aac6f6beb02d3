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

}  // namespace chess960::server
