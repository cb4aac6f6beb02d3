// The token of an `Authorization: Bearer <token>` header (RFC 6750 2.1). The scheme's name is
// case-insensitive (RFC 7235 2.1), and one or more spaces separate it from the token.
#pragma once

#include <string>
#include <string_view>

namespace chess960::server {

// The token, or "" when the header is not a Bearer credential.
std::string bearer_token(std::string_view authorization);

}  // namespace chess960::server
