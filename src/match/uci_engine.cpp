#include "match/uci_engine.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <sstream>

namespace chess960::match {

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return (x | 0x20) == (y | 0x20);
           });
}

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    std::string w;
    while (in >> w) out.push_back(w);
    return out;
}

std::unexpected<EngineError> fail(EngineError::Kind kind, std::string message) {
    return std::unexpected(EngineError{kind, std::move(message)});
}

bool to_int(const std::string& text, int& value) {
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

ProtocolLog::ProtocolLog(const std::string& path) : out_(path, std::ios::trunc) {}

void ProtocolLog::write(const std::string& engine, char direction, const std::string& line) {
    const double t = std::chrono::duration<double>(SteadyClock::now() - start_).count();
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "%10.3f ", t);
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << stamp << engine << ' ' << direction << ' ' << line << '\n';
    out_.flush();
}

bool parse_info(const std::string& line, Score& score, int& depth) {
    const auto w = words(line);
    if (w.empty() || w[0] != "info") return false;
    bool has_score = false;
    int new_depth = depth;
    Score new_score;
    for (std::size_t i = 1; i < w.size(); ++i) {
        // Free text, or the pv's moves, to the end of the line.
        if (w[i] == "string" || w[i] == "pv") break;
        if (w[i] == "multipv" && i + 1 < w.size()) {
            int pv = 1;
            if (to_int(w[i + 1], pv) && pv != 1) return false;
        } else if (w[i] == "depth" && i + 1 < w.size()) {
            to_int(w[i + 1], new_depth);
        } else if (w[i] == "score" && i + 2 < w.size()) {
            int value = 0;
            if (!to_int(w[i + 2], value)) continue;
            if (w[i + 1] == "cp") {
                new_score = {Score::Kind::Centipawns, value};
                has_score = true;
            } else if (w[i + 1] == "mate") {
                new_score = {Score::Kind::Mate, value};
                has_score = true;
            }
        }
    }
    if (!has_score) return false;
    score = new_score;
    depth = new_depth;
    return true;
}

std::optional<PvLine> parse_pv_line(const std::string& line) {
    const auto w = words(line);
    if (w.empty() || w[0] != "info") return std::nullopt;
    PvLine pv;
    bool has_score = false, numbered = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
        if (w[i] == "string") break;
        if (w[i] == "lowerbound" || w[i] == "upperbound") return std::nullopt;
        if (w[i] == "multipv" && i + 1 < w.size()) {
            // Said twice, the line says two things: none is taken (nor by parse_info).
            if (numbered || !to_int(w[i + 1], pv.multipv) || pv.multipv < 1) return std::nullopt;
            numbered = true;
        } else if (w[i] == "depth" && i + 1 < w.size()) {
            to_int(w[i + 1], pv.depth);
        } else if (w[i] == "score" && i + 2 < w.size()) {
            int value = 0;
            if (!to_int(w[i + 2], value)) return std::nullopt;
            if (w[i + 1] == "cp") {
                pv.score = {Score::Kind::Centipawns, value};
            } else if (w[i + 1] == "mate") {
                pv.score = {Score::Kind::Mate, value};
            } else {
                return std::nullopt;
            }
            has_score = true;
        } else if (w[i] == "pv" && i + 1 < w.size()) {
            pv.first_move = w[i + 1];
            break;  // the moves run to the end of the line
        }
    }
    if (!has_score || pv.first_move.empty()) return std::nullopt;
    return pv;
}

UciEngine::UciEngine(EngineConfig config, ProtocolLog* log)
    : config_(std::move(config)), log_(log) {
    static std::atomic<int> instances{0};
    instance_ = ++instances;
}

UciEngine::~UciEngine() { quit(std::chrono::milliseconds(200)); }

std::string UciEngine::label() const {
    if (!config_.name.empty()) return config_.name;
    if (!id_name_.empty()) return id_name_;
    return config_.command;
}

bool UciEngine::send(const std::string& line) {
    if (log_) log_->write(label() + "#" + std::to_string(instance_), '>', line);
    return process_.write_line(line);
}

Process::ReadStatus UciEngine::read(std::string& line, SteadyClock::time_point deadline,
                                    const std::atomic<bool>* abort) {
    auto status = process_.read_line(line, deadline, abort);
    if (log_ && status == Process::ReadStatus::Line)
        log_->write(label() + "#" + std::to_string(instance_), '<', line);
    return status;
}

EngineStatus UciEngine::wait_for(const std::string& expected, SteadyClock::duration timeout,
                                 const std::atomic<bool>* abort) {
    const auto deadline = SteadyClock::now() + timeout;
    std::string line;
    for (;;) {
        switch (read(line, deadline, abort)) {
            case Process::ReadStatus::Line:
                break;
            case Process::ReadStatus::Timeout:
                return fail(
                    EngineError::Kind::NoAnswer,
                    "no '" + expected + "' within " +
                        std::to_string(
                            std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) +
                        " s");
            case Process::ReadStatus::Closed: {
                std::string how = exit_description();
                return fail(EngineError::Kind::Exited, "the engine exited before '" + expected +
                                                           "'" +
                                                           (how.empty() ? "" : " (" + how + ")"));
            }
            case Process::ReadStatus::Interrupted:
                return fail(EngineError::Kind::Interrupted, "interrupted");
        }
        const auto w = words(line);
        if (w.empty()) continue;
        if (w[0] == expected) return {};
        if (expected == "uciok" && w[0] == "id" && w.size() >= 3 && w[1] == "name") {
            id_name_ = line.substr(line.find("name") + 5);
            while (!id_name_.empty() && (id_name_.back() == ' ' || id_name_.back() == '\t'))
                id_name_.pop_back();
        } else if (expected == "uciok" && w[0] == "option" && w.size() >= 3 && w[1] == "name") {
            // The name runs up to the word "type".
            std::string name;
            for (std::size_t i = 2; i < w.size() && w[i] != "type"; ++i)
                name += (name.empty() ? "" : " ") + w[i];
            declared_options_.push_back(name);
        }
    }
}

EngineStatus UciEngine::start(const std::atomic<bool>* abort) {
    quit(std::chrono::milliseconds(200));
    declared_options_.clear();
    warnings_.clear();
    if (auto started = process_.start(config_.command, config_.args, config_.directory); !started)
        return started;
    if (!send("uci"))
        return fail(EngineError::Kind::Exited,
                    "the engine exited at once (" + exit_description() + ")");
    if (auto answered = wait_for("uciok", kHandshakeTimeout, abort); !answered) {
        kill();
        return answered;
    }
    auto declared = [&](const std::string& name) {
        return std::any_of(declared_options_.begin(), declared_options_.end(),
                           [&](const std::string& d) { return iequals(d, name); });
    };
    for (const auto& [name, value] : config_.options) {
        if (!declared(name)) warnings_.push_back("the engine declares no option '" + name + "'");
        send("setoption name " + name + " value " + value);
    }
    if (!declared("UCI_Chess960"))
        warnings_.push_back("the engine declares no UCI_Chess960 option: it may not play Chess960");
    send("setoption name UCI_Chess960 value true");
    if (!send("isready"))
        return fail(EngineError::Kind::Exited,
                    "the engine exited after the options (" + exit_description() + ")");
    if (auto answered = wait_for("readyok", kHandshakeTimeout, abort); !answered) {
        kill();
        return answered;
    }
    return {};
}

void UciEngine::quit(std::chrono::milliseconds grace) {
    if (!process_.running()) return;
    send("quit");
    process_.stop(grace);
}

EngineStatus UciEngine::new_game(const std::atomic<bool>* abort) {
    if (!send("ucinewgame") || !send("isready"))
        return fail(EngineError::Kind::Exited, "the engine exited (" + exit_description() + ")");
    return wait_for("readyok", kHandshakeTimeout, abort);
}

EngineStatus UciEngine::set_option(const std::string& name, const std::string& value,
                                   const std::atomic<bool>* abort) {
    if (!send("setoption name " + name + " value " + value) || !send("isready"))
        return fail(EngineError::Kind::Exited, "the engine exited (" + exit_description() + ")");
    return wait_for("readyok", kHandshakeTimeout, abort);
}

SearchReply UciEngine::search(const std::string& position, const std::string& go,
                              SteadyClock::duration limit, SteadyClock::duration grace,
                              const std::atomic<bool>* abort,
                              const std::function<void(const std::string&)>& on_info) {
    SearchReply reply;
    if (!send(position)) {
        reply.status = SearchReply::Status::Crashed;
        return reply;
    }
    // The engine's clock runs from the moment "go" is written.
    const auto start = SteadyClock::now();
    if (!send(go)) {
        reply.status = SearchReply::Status::Crashed;
        return reply;
    }
    auto deadline = start + limit;
    bool stopped = false;
    std::string line;
    Score score;
    int depth = 0;
    for (;;) {
        auto status = read(line, deadline, abort);
        if (status == Process::ReadStatus::Interrupted) {
            reply.status = SearchReply::Status::Interrupted;
            return reply;
        }
        if (status == Process::ReadStatus::Closed) {
            reply.status = SearchReply::Status::Crashed;
            return reply;
        }
        if (status == Process::ReadStatus::Timeout) {
            if (stopped) {
                reply.status = SearchReply::Status::NoReply;
                reply.elapsed = SteadyClock::now() - start;
                return reply;
            }
            // Too late already; "stop" tells apart an engine that is merely slow (it answers)
            // from one that hangs.
            stopped = true;
            send("stop");
            deadline = SteadyClock::now() + grace;
            continue;
        }
        if (line.starts_with("info")) {
            if (on_info) on_info(line);
            if (parse_info(line, score, depth)) {
                reply.score = score;
                reply.depth = depth;
            }
            continue;
        }
        const auto w = words(line);
        if (w.empty() || w[0] != "bestmove") continue;
        reply.elapsed = SteadyClock::now() - start;
        reply.status = SearchReply::Status::BestMove;
        reply.move = w.size() >= 2 ? w[1] : "";
        reply.late = stopped;
        return reply;
    }
}

}  // namespace chess960::match
