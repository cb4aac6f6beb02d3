// One UCI engine as the match runner sees it: a child process, the uci/isready handshakes, and
// one search at a time, each with a deadline so that a silent engine cannot stall the match.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/process.hpp"

namespace chess960::match {

struct EngineConfig {
    std::string command;
    std::string name;  // empty: the engine's "id name"
    std::vector<std::string> args;
    std::string directory;
    std::vector<std::pair<std::string, std::string>> options;  // sent with setoption, in order
    std::uint64_t nodes = 0;  // with --nodes: this engine's own node limit (0: the match's)
};

// The last score an engine reported, from its own point of view.
struct Score {
    enum class Kind { Centipawns, Mate };
    Kind kind = Kind::Centipawns;
    int value = 0;  // centipawns, or moves to mate (negative: the engine is being mated)

    // Centipawns, with mates far beyond any evaluation (nearer mates larger).
    int as_centipawns() const {
        if (kind == Kind::Centipawns) return value;
        return value > 0 ? 100000 - value : -100000 - value;
    }
};

// Every line sent to and received from the engines, with the time and the engine's name, for
// `--log FILE`. Shared by all the engines of a match.
class ProtocolLog {
  public:
    explicit ProtocolLog(const std::string& path);
    bool is_open() const { return out_.is_open(); }
    void write(const std::string& engine, char direction, const std::string& line);

  private:
    std::mutex mutex_;
    std::ofstream out_;
    SteadyClock::time_point start_ = SteadyClock::now();
};

struct SearchReply {
    enum class Status {
        BestMove,     // a bestmove line came (maybe late: see `late`)
        NoReply,      // nothing, even after "stop": the engine hangs
        Crashed,      // the engine closed its output or could not be written to
        Interrupted,  // the match is being stopped
    };
    Status status = Status::NoReply;
    std::string move;  // the text after "bestmove" ("" when there was none)
    std::optional<Score> score;
    int depth = 0;
    SteadyClock::duration elapsed{};  // from writing "go" to reading "bestmove"
    bool late = false;                // the bestmove came after the deadline (we had sent "stop")
};

class UciEngine {
  public:
    // How long the engine may take to answer "uci" and "isready".
    static constexpr std::chrono::seconds kHandshakeTimeout{10};

    explicit UciEngine(EngineConfig config, ProtocolLog* log = nullptr);
    ~UciEngine();
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Starts the process: "uci" (waits for "uciok"), the configured options, UCI_Chess960,
    // "isready". The error says what went wrong.
    EngineStatus start(const std::atomic<bool>* abort = nullptr);
    bool running() const { return process_.running(); }
    // Ends the process: "quit", then a kill if it is still there after `grace`.
    void quit(std::chrono::milliseconds grace = std::chrono::milliseconds(500));
    // Kills the process at once (after a hang).
    void kill() { process_.stop(); }

    // "ucinewgame" and "isready". The error: the engine exited (Exited) or did not answer
    // (NoAnswer).
    EngineStatus new_game(const std::atomic<bool>* abort = nullptr);

    // Sends `position` and `go` and waits for bestmove until `limit` after the "go"; then sends
    // "stop" and waits `grace` more.
    // `on_info` (if any) gets each "info" line as it comes.
    SearchReply search(const std::string& position, const std::string& go,
                       SteadyClock::duration limit, SteadyClock::duration grace,
                       const std::atomic<bool>* abort = nullptr,
                       const std::function<void(const std::string&)>& on_info = {});

    // "setoption name NAME value VALUE" and "isready", between searches (MultiPV for an
    // analysis). The error as for new_game.
    EngineStatus set_option(const std::string& name, const std::string& value,
                            const std::atomic<bool>* abort = nullptr);

    // How the process ended, after a crash ("exit status 1", "killed by signal 11 ...").
    std::string exit_description() {
        return process_.exit_description(std::chrono::milliseconds(500));
    }

    const EngineConfig& config() const { return config_; }
    // From "id name", once started.
    const std::string& id_name() const { return id_name_; }
    // Problems worth a warning: options the engine does not declare, no UCI_Chess960.
    const std::vector<std::string>& warnings() const { return warnings_; }
    // A short name for logs: the configured name, else the id name, else the command.
    std::string label() const;

  private:
    bool send(const std::string& line);
    Process::ReadStatus read(std::string& line, SteadyClock::time_point deadline,
                             const std::atomic<bool>* abort);
    // Reads until a line equal to `expected` (or starting with it plus a blank).
    EngineStatus wait_for(const std::string& expected, SteadyClock::duration timeout,
                          const std::atomic<bool>* abort);

    EngineConfig config_;
    ProtocolLog* log_;
    Process process_;
    std::string id_name_;
    std::vector<std::string> declared_options_;
    std::vector<std::string> warnings_;
    int instance_;  // tells apart the engines of the same name in the log
};

// Reads an "info" line: depth and score (only for the first PV under MultiPV). False when the
// line carries no score.
bool parse_info(const std::string& line, Score& score, int& depth);

// One line of a MultiPV analysis as an "info" line gives it: its number (1 without "multipv"),
// depth, score and the first move of its pv. Nothing for a line without a score or a pv, or
// with a bound only (lowerbound, upperbound: the search had not settled it).
struct PvLine {
    int multipv = 1;
    int depth = 0;
    Score score;
    std::string first_move;
};
std::optional<PvLine> parse_pv_line(const std::string& line);

}  // namespace chess960::match
