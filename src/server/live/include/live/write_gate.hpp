// One WebSocket connection's outgoing frames, offered from any thread (the lobby's feed, telling
// thousands of connections each change) and written in their order. A frame offered while
// nothing waits before it is written at once by the offering thread, with one non-blocking send
// on the gate's own copy of the socket: no queue, no wake-up of the connection's thread, which at
// thousands of connections and dozens of changes a second cost more than the send. What could
// not be written at once queues, and the connection's writer (run_writer, on the connection's
// strand) writes it. Beast's own writes (pongs to the client's pings, keep-alive pings, the
// close frame) pass through WebSocketFrameGuard, which takes the socket from the gate for them
// (begin_beast_write), so that a frame is never written into the middle of another.
#pragma once

#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

#include "http/asio.hpp"

namespace chess960::server {

// A text message as one unmasked WebSocket frame (RFC 6455 5.2: FIN, opcode 1, the payload's
// length in 7, 7+16 or 7+64 bits), as a server sends it.
std::string text_frame(std::string_view payload);

class WriteGate {
  public:
    // `socket`: the connection's descriptor, duplicated so that the gate's sends never reach a
    // descriptor closed and reused meanwhile (without a copy, when none can be made, every frame
    // goes through the writer). The gate starts held: frames queue until start() puts the first
    // one before them. At most `max_frames` frames or `max_bytes` bytes wait: one more shuts the
    // gate (the connection is too far behind).
    WriteGate(const net::any_io_executor& executor, int socket, std::size_t max_frames,
              std::size_t max_bytes);
    ~WriteGate();
    WriteGate(const WriteGate&) = delete;
    WriteGate& operator=(const WriteGate&) = delete;

    // Any thread: writes or queues a whole frame. False when the gate is shut or the
    // connection is too far behind (the gate is then shut and the writer ends).
    bool offer(std::string_view frame);
    // The connection's strand: `first` goes before every frame offered so far; the writer may
    // begin.
    void start(std::string_view first);
    // The connection's strand: writes what queues until the gate is shut or a write fails.
    // True when it ended because the connection was too far behind (to be said goodbye to).
    net::awaitable<bool> run_writer(tcp::socket& socket);
    // The connection's strand: no more frames; what waits is dropped, Beast may write.
    void shut();

    // For WebSocketFrameGuard (the connection's strand): the socket for one of Beast's writes,
    // false while the writer has it (then wait_idle, and ask again with `waited`);
    // end_beast_write gives it back. A Beast write waiting goes before the frames queued.
    bool begin_beast_write(bool waited);
    void end_beast_write();
    template <typename Token>
    auto wait_idle(Token&& token) {
        return idle_.async_wait(std::forward<Token>(token));
    }

  private:
    void wake();  // mutex_ held

    std::mutex mutex_;
    int socket_ = -1;  // the gate's copy, or -1
    std::string pending_;
    std::size_t pending_frames_ = 0;
    // The head of pending_ that ends a frame an offer could send only in part: written before
    // Beast may write, or Beast's frame would fall inside it.
    std::size_t owed_ = 0;
    const std::size_t max_frames_, max_bytes_;
    std::size_t allowance_ = 0;      // the first message's length, until it is written
    bool writer_has_socket_ = true;  // held until start()
    bool beast_has_socket_ = false;
    int beast_waiting_ = 0;
    bool closed_ = false, too_far_behind_ = false;  // closed_: no more frames
    net::experimental::concurrent_channel<void(boost::system::error_code)> wake_;
    net::steady_timer idle_;  // never expires: cancelled when the writer lets go of the socket
};

}  // namespace chess960::server
