// Caps on open connections, per client address and in all. A slot is held for a
// connection's life; when none is free the connection is answered 503 at once.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace chess960::server {

class ConnectionLimits;

// One open connection's place; gives it back when destroyed.
class ConnectionSlot {
  public:
    ConnectionSlot(std::shared_ptr<ConnectionLimits> limits, std::string client)
        : limits_(std::move(limits)), client_(std::move(client)) {}
    ConnectionSlot(ConnectionSlot&&) noexcept = default;
    ConnectionSlot& operator=(ConnectionSlot&&) noexcept = default;
    ConnectionSlot(const ConnectionSlot&) = delete;
    ConnectionSlot& operator=(const ConnectionSlot&) = delete;
    ~ConnectionSlot();

  private:
    std::shared_ptr<ConnectionLimits> limits_;
    std::string client_;
};

class ConnectionLimits : public std::enable_shared_from_this<ConnectionLimits> {
  public:
    // The total is also capped by the process's open-file limit (less a reserve for the
    // database, the listener and the engine).
    ConnectionLimits(std::size_t max_total, std::size_t max_per_client);
    std::optional<ConnectionSlot> acquire(const std::string& client);
    std::size_t total();

  private:
    friend class ConnectionSlot;
    void release(const std::string& client);

    std::size_t max_total_;
    std::size_t max_per_client_;
    std::mutex mutex_;
    std::size_t total_ = 0;
    std::unordered_map<std::string, std::size_t> per_client_;
};

// Raises this process's open-file limit to the hard limit; returns the new soft limit.
std::size_t raise_open_file_limit();

}  // namespace chess960::server
