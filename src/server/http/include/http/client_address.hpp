// Who a client is, for the per-client limits and fair shares: its IPv4 address, or the /64
// prefix of its IPv6 address (RFC 4291 2.5.4: the interface identifier is the low 64 bits, and a
// host is commonly given a whole /64, so every address in it is the same client).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>

namespace chess960::server {

// "203.0.113.7" for IPv4 (and IPv4-mapped IPv6, ::ffff:203.0.113.7); "2001:db8:1:2::/64" for
// IPv6.
std::string client_key(const boost::asio::ip::address& address);

}  // namespace chess960::server
