// The UCI protocol loop. stdout carries UCI only; problems are reported as
// "info string error: ..." and the loop keeps running.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"

namespace chess960::uci {

// Prints perft as both `chess960 perft` and `go perft` do: with `divide`, one line per root move
// ("b1a1: 1234", castling in `mode`'s form), then "Nodes searched: N"; time and speed go to `log`.
std::uint64_t print_perft(std::ostream& out, std::ostream& log, const Position& pos, int depth,
                          bool divide, CastlingMode mode);

class Session {
  public:
    Session(std::ostream& out, std::ostream& log) : out_(out), log_(log) {}

    // Reads commands until "quit" or end of input.
    void run(std::istream& in);
    // Handles one command line; returns false on "quit".
    bool handle(std::string_view line);

    const Position& position() const { return position_; }
    CastlingMode mode() const {
        return chess960_ ? CastlingMode::Chess960 : CastlingMode::Standard;
    }

  private:
    void cmd_uci();
    void cmd_setoption(std::string_view args);
    void cmd_position(std::string_view args);
    void cmd_go(std::string_view args);
    void cmd_display();
    void error(const std::string& message);

    std::ostream& out_;
    std::ostream& log_;
    Position position_;
    bool chess960_ = false;
};

}  // namespace chess960::uci
