// A stream layer under Beast's WebSocket stream that reads the client's frame headers as they
// pass and makes Beast refuse a frame whose 64-bit payload length has its most significant bit
// set. RFC 6455 5.2 forbids that bit ("the most significant bit MUST be 0"); Beast 1.81 checks
// only that a 64-bit length is canonical (at least 65536) and would take such a frame for a very
// long one (closing with 1009, message too big) instead of a protocol error (1002). The layer
// clears the length's six high bytes, which leaves a non-canonical length that Beast itself
// refuses as a protocol error: close code 1002, as for any other malformed frame.
//
// With a WriteGate (the lobby's connections, whose frames other threads write), each of Beast's
// writes waits for the gate to give it the socket and is written whole before it is given back,
// so that a frame of the gate's never falls inside one of Beast's.
#pragma once

#include <boost/asio/compose.hpp>
#include <boost/beast/core/stream_traits.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstdint>
#include <memory>
#include <utility>

#include "live/write_gate.hpp"

namespace chess960::server {

// Follows the frames of one direction (the client's) through their headers and payloads.
class FrameLengthCheck {
  public:
    // Looks at the next `size` bytes of the stream (as they arrive), clearing the high bytes of
    // a 64-bit length whose top bit is set.
    void inspect(unsigned char* bytes, std::size_t size);

  private:
    enum class State { First, Second, Length, MaskKey, Payload };
    State state_ = State::First;
    bool masked_ = false;
    int length_bytes_ = 0;  // of the extended length: 2 or 8
    int length_seen_ = 0;
    bool clearing_ = false;  // the length's high bytes are being cleared
    std::uint64_t length_ = 0;
    int key_left_ = 0;
    std::uint64_t payload_left_ = 0;

    void begin_payload();
};

template <class NextLayer>
class WebSocketFrameGuard {
  public:
    using executor_type = typename NextLayer::executor_type;
    using next_layer_type = NextLayer;

    explicit WebSocketFrameGuard(NextLayer next) : next_(std::move(next)) {}

    executor_type get_executor() noexcept { return next_.get_executor(); }
    NextLayer& next_layer() noexcept { return next_; }
    const NextLayer& next_layer() const noexcept { return next_; }

    template <class MutableBuffers, class Token>
    auto async_read_some(const MutableBuffers& buffers, Token&& token) {
        return boost::asio::async_compose<Token, void(boost::system::error_code, std::size_t)>(
            [this, buffers, started = false](auto& self, boost::system::error_code ec = {},
                                             std::size_t n = 0) mutable {
                if (!started) {
                    started = true;
                    next_.async_read_some(buffers, std::move(self));
                    return;
                }
                std::size_t left = n;
                for (auto it = boost::asio::buffer_sequence_begin(buffers);
                     left > 0 && it != boost::asio::buffer_sequence_end(buffers); ++it) {
                    const boost::asio::mutable_buffer buffer(*it);
                    const std::size_t size = std::min(left, buffer.size());
                    check_.inspect(static_cast<unsigned char*>(buffer.data()), size);
                    left -= size;
                }
                self.complete(ec, n);
            },
            token, next_);
    }

    template <class ConstBuffers, class Token>
    auto async_write_some(const ConstBuffers& buffers, Token&& token) {
        // Without a gate (a game's connection), straight through.
        if (!gate_) return next_.async_write_some(buffers, std::forward<Token>(token));
        enum class Step { Start, Waited, Written };
        return boost::asio::async_compose<Token, void(boost::system::error_code, std::size_t)>(
            [this, buffers, gate = gate_, step = Step::Start](
                auto& self, boost::system::error_code ec = {}, std::size_t n = 0) mutable {
                if (step == Step::Written) {
                    gate->end_beast_write();
                    return self.complete(ec, n);
                }
                if (!gate->begin_beast_write(step == Step::Waited)) {
                    step = Step::Waited;
                    return gate->wait_idle(std::move(self));
                }
                step = Step::Written;
                boost::asio::async_write(next_, buffers, std::move(self));
            },
            token, next_);
    }

    // From now on Beast's writes take the socket from `gate`.
    void use_gate(std::shared_ptr<WriteGate> gate) { gate_ = std::move(gate); }

  private:
    NextLayer next_;
    FrameLengthCheck check_;
    std::shared_ptr<WriteGate> gate_;
};

// The WebSocket stream's closing handshake ends the connection through the layer below.
template <class NextLayer>
void teardown(boost::beast::role_type role, WebSocketFrameGuard<NextLayer>& stream,
              boost::system::error_code& ec) {
    using boost::beast::websocket::teardown;
    teardown(role, stream.next_layer(), ec);
}

template <class NextLayer, class Handler>
void async_teardown(boost::beast::role_type role, WebSocketFrameGuard<NextLayer>& stream,
                    Handler&& handler) {
    using boost::beast::websocket::async_teardown;
    async_teardown(role, stream.next_layer(), std::forward<Handler>(handler));
}

}  // namespace chess960::server
