#include "live/write_gate.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace chess960::server {

std::string text_frame(std::string_view payload) {
    std::string frame;
    frame.reserve(payload.size() + 10);
    frame += char(0x81);  // FIN, text
    const std::uint64_t size = payload.size();
    if (size < 126) {
        frame += char(size);
    } else if (size <= 0xFFFF) {
        frame += char(126);
        frame += char(size >> 8);
        frame += char(size & 0xFF);
    } else {
        frame += char(127);
        for (int shift = 56; shift >= 0; shift -= 8) frame += char((size >> shift) & 0xFF);
    }
    frame += payload;
    return frame;
}

WriteGate::WriteGate(const net::any_io_executor& executor, int socket, std::size_t max_frames,
                     std::size_t max_bytes)
    : max_frames_(max_frames), max_bytes_(max_bytes), wake_(executor, 1), idle_(executor) {
    // Above the descriptors that select() and the like are limited to, and closed at exec.
    if (socket >= 0) socket_ = ::fcntl(socket, F_DUPFD_CLOEXEC, 0);
    idle_.expires_at(net::steady_timer::time_point::max());
}

WriteGate::~WriteGate() {
    if (socket_ >= 0) ::close(socket_);
}

void WriteGate::wake() { wake_.try_send(boost::system::error_code{}); }

bool WriteGate::offer(std::string_view frame) {
    std::lock_guard lock(mutex_);
    if (closed_) return false;
    if (!writer_has_socket_ && !beast_has_socket_ && beast_waiting_ == 0 && socket_ >= 0) {
        // Nothing before it (what waits is always the writer's or Beast's): sent from here.
        std::size_t sent = 0;
        while (sent < frame.size()) {
            const ssize_t n = ::send(socket_, frame.data() + sent, frame.size() - sent,
                                     MSG_DONTWAIT | MSG_NOSIGNAL);
            if (n > 0) {
                sent += std::size_t(n);
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
            // Gone (reset, shut down): the writer closes the connection.
            closed_ = true;
            wake();
            return false;
        }
        if (sent == frame.size()) return true;
        // The socket's buffer is full: the rest is the writer's, and what follows queues.
        pending_.assign(frame.substr(sent));
        pending_frames_ = 1;
        owed_ = pending_.size();
        writer_has_socket_ = true;
        wake();
        return true;
    }
    if (pending_frames_ >= max_frames_ ||
        pending_.size() + frame.size() > max_bytes_ + allowance_) {
        closed_ = true;
        too_far_behind_ = true;
        wake();
        return false;
    }
    pending_.append(frame);
    ++pending_frames_;
    if (!writer_has_socket_ && !beast_has_socket_ && beast_waiting_ == 0) {
        writer_has_socket_ = true;
        wake();
    }
    return true;
}

void WriteGate::start(std::string_view first) {
    std::lock_guard lock(mutex_);
    pending_.insert(0, first);
    ++pending_frames_;
    allowance_ = first.size();  // a long first message takes nothing from the bound
    wake();
}

net::awaitable<bool> WriteGate::run_writer(tcp::socket& socket) {
    for (;;) {
        auto [ec] = co_await wake_.async_receive(use_nothrow);
        if (ec) co_return false;
        bool idle = false;
        while (!idle) {
            std::string out;
            {
                std::lock_guard lock(mutex_);
                if (closed_) {
                    if (!too_far_behind_) {
                        boost::system::error_code ignored;
                        socket.close(ignored);
                    }
                    co_return too_far_behind_;
                }
                const bool beast_asks = beast_has_socket_ || beast_waiting_ > 0;
                if (pending_.empty() || (beast_asks && owed_ == 0)) {
                    writer_has_socket_ = false;
                    idle = true;
                    continue;
                }
                writer_has_socket_ = true;
                if (beast_asks) {
                    // Only the end of the frame begun; then Beast's turn.
                    out.assign(pending_, 0, owed_);
                    pending_.erase(0, owed_);
                    --pending_frames_;
                } else {
                    out.swap(pending_);
                    pending_frames_ = 0;
                    allowance_ = 0;
                }
                owed_ = 0;
            }
            auto [write_ec, n] = co_await net::async_write(socket, net::buffer(out), uncancelled());
            (void)n;
            if (write_ec) {
                std::lock_guard lock(mutex_);
                closed_ = true;
                boost::system::error_code ignored;
                socket.close(ignored);
                co_return false;
            }
        }
        // Beast's writes waiting for the socket may go.
        idle_.cancel();
    }
}

void WriteGate::shut() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
        pending_.clear();
        pending_frames_ = 0;
        owed_ = 0;
        writer_has_socket_ = false;
        if (socket_ >= 0) ::close(socket_);
        socket_ = -1;
    }
    wake_.close();
    idle_.cancel();
}

bool WriteGate::begin_beast_write(bool waited) {
    std::lock_guard lock(mutex_);
    if (writer_has_socket_ || beast_has_socket_) {
        if (!waited) ++beast_waiting_;
        return false;
    }
    if (waited) --beast_waiting_;
    beast_has_socket_ = true;
    return true;
}

void WriteGate::end_beast_write() {
    bool others_wait = false;
    {
        std::lock_guard lock(mutex_);
        beast_has_socket_ = false;
        others_wait = beast_waiting_ > 0;
        if (!others_wait && !closed_ && !pending_.empty()) {
            writer_has_socket_ = true;
            wake();
        }
    }
    if (others_wait) idle_.cancel();
}

}  // namespace chess960::server
