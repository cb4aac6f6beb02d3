// Who a client is for the limits (src/server/http/client_address.cpp): an IPv4 address, or an IPv6
// address's /64, so that one host cannot take a new share of every limit with each of its 2^64
// addresses.
#include <gtest/gtest.h>

#include <boost/asio/ip/address.hpp>

#include "http/client_address.hpp"

using boost::asio::ip::make_address;
using chess960::server::client_key;

TEST(ClientAddress, IPv4IsItself) {
    EXPECT_EQ(client_key(make_address("203.0.113.7")), "203.0.113.7");
    EXPECT_EQ(client_key(make_address("127.0.0.1")), "127.0.0.1");
    // An IPv4 client on a dual-stack socket is the same IPv4 client.
    EXPECT_EQ(client_key(make_address("::ffff:203.0.113.7")), "203.0.113.7");
}

TEST(ClientAddress, IPv6IsItsSlash64) {
    EXPECT_EQ(client_key(make_address("2001:db8:1:2:3:4:5:6")), "2001:db8:1:2::/64");
    EXPECT_EQ(client_key(make_address("2001:db8:1:2:ffff:ffff:ffff:ffff")), "2001:db8:1:2::/64");
    EXPECT_NE(client_key(make_address("2001:db8:1:3::1")),
              client_key(make_address("2001:db8:1:2::1")));
    EXPECT_EQ(client_key(make_address("::1")), "::/64");
}
