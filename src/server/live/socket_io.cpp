#include "socket_io.hpp"

#include <nlohmann/json.hpp>

#include "http/asio.hpp"
#include "http/error_codes.hpp"
#include "http/requests.hpp"

namespace chess960::server {

void configure(LiveWebSocket& ws) {
    beast::get_lowest_layer(ws).expires_never();
    // Pings keep the connection alive through proxies and find peers that are gone.
    ws.set_option(
        websocket::stream_base::timeout{std::chrono::seconds(10), std::chrono::seconds(60), true});
    ws.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "chess960"); }));
    // A message over 4 KiB is dropped by read_message as it arrives (and answered 400); one
    // over 64 KiB closes the connection with 1009 as soon as a frame header announces it.
    ws.read_message_max(kMaxWebSocketMessage);
}

net::awaitable<boost::system::error_code> read_message(LiveWebSocket& ws,
                                                       beast::flat_buffer& buffer,
                                                       bool& too_large) {
    buffer.consume(buffer.size());
    too_large = false;
    do {
        auto [ec, n] = co_await ws.async_read_some(buffer, kMaxClientMessage + 1, uncancelled());
        (void)n;
        if (ec) co_return ec;
        if (buffer.size() > kMaxClientMessage) {
            too_large = true;
            buffer.consume(buffer.size());
        }
    } while (!ws.is_message_done());
    co_return boost::system::error_code{};
}

ApiError message_too_large() {
    return ApiError{400, "message larger than 4 KiB", 0, "message_too_large"};
}

std::string error_message_json(std::optional<std::int64_t> id, const ApiError& error) {
    nlohmann::json j = {{"type", "error"},
                        {"id", id ? nlohmann::json(*id) : nlohmann::json(nullptr)},
                        {"status", error.status}};
    add_error_fields(j, error);
    if (error.retry_after_seconds > 0) j["retryAfter"] = error.retry_after_seconds;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

ClientMessage client_message(const LiveWebSocket& ws, const beast::flat_buffer& buffer,
                             bool too_large, std::optional<std::int64_t>& id) {
    if (!ws.got_text())
        throw ApiError{400, "binary messages are not understood", 0, "binary_message"};
    if (too_large) throw message_too_large();
    const std::string_view text(static_cast<const char*>(buffer.data().data()), buffer.size());
    return parse_client_message(text, id);
}

}  // namespace chess960::server
