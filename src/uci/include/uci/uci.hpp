// The UCI protocol loop. stdout carries UCI only; problems are reported as
// "info string error: ..." and the loop keeps running.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"
#include "engine/search.hpp"

namespace chess960::uci {

// Prints perft as both `chess960 perft` and `go perft` do: with `divide`, one line per root move
// ("b1a1: 1234", castling in `mode`'s form), then "Nodes searched: N"; time and speed go to `log`.
std::uint64_t print_perft(std::ostream& out, std::ostream& log, const Position& pos, int depth,
                          bool divide, CastlingMode mode);

class Session {
  public:
    Session(std::ostream& out, std::ostream& log);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Reads commands until "quit" or end of input. At the end of input a search with a limit
    // (depth, nodes, time) is finished and answered; an infinite or pondering one is stopped.
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
    void cmd_bench(std::string_view args);
    void error(const std::string& message);
    void send(const std::string& line);  // one line to the GUI, atomically
    // Stops a running search (it answers bestmove) and waits for it.
    void stop_search();
    // Waits for a search with a limit to end by itself.
    void wait_search();
    void apply_strength();
    void apply_evaluation();

    std::ostream& out_;
    std::ostream& log_;
    std::mutex out_mutex_;
    Position position_;
    std::vector<std::uint64_t> history_;  // keys of the positions before position_
    bool chess960_ = false;

    // Engine options.
    int hash_mb_ = 16;
    int threads_ = 1;
    int multipv_ = 1;
    bool ponder_option_ = false;
    int move_overhead_ = 30;
    bool limit_strength_ = false;
    int elo_ = 1500;
    int skill_level_ = 20;
    // The evaluation: the learned one (with the net built in, or EvalFile's) or the hand-written.
    bool use_nnue_ = engine::kUseNnueByDefault;
    std::string eval_file_;  // empty: the built-in net
    std::shared_ptr<const engine::nnue::Network> net_;

    // The search runs on its own thread so that the loop keeps answering.
    std::unique_ptr<engine::Searcher> searcher_;
    std::thread worker_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> pondering_{false};  // go ponder / go infinite: wait before bestmove
    std::atomic<bool> searching_{false};
};

}  // namespace chess960::uci
