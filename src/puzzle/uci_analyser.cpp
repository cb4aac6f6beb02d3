#include "puzzle/uci_analyser.hpp"

#include <chrono>
#include <map>
#include <sstream>

#include "chess960/fen.hpp"
#include "chess960/uci_move.hpp"
#include "match/go_command.hpp"
#include "match/uci_engine.hpp"

namespace chess960::puzzle {

namespace {

// A search of a few million nodes takes seconds; one that takes minutes has hung.
constexpr auto kSearchLimit = std::chrono::minutes(2);
constexpr auto kStopGrace = std::chrono::seconds(10);

Score score_of(const match::Score& s) {
    return s.kind == match::Score::Kind::Mate ? Score::mate(s.value) : Score::cp(s.value);
}

class UciAnalyser final : public Analyser {
  public:
    explicit UciAnalyser(const std::string& command) {
        match::EngineConfig config;
        std::istringstream words(command);
        words >> config.command;
        for (std::string arg; words >> arg;) config.args.push_back(arg);
        if (config.command.empty()) throw AnalyserError("no engine command");
        // The words, so that the same engine typed with other blanks is the same label.
        command_ = config.command;
        for (const std::string& arg : config.args) command_ += " " + arg;
        engine_ = std::make_unique<match::UciEngine>(config);
        if (auto started = engine_->start(); !started)
            throw AnalyserError("engine '" + command_ + "': " + started.error().message);
        if (auto ready = engine_->new_game(); !ready)
            throw AnalyserError("engine '" + command_ + "': " + ready.error().message);
    }

    std::vector<Line> analyse(const Position& start, std::span<const Move> moves, int lines,
                              std::uint64_t nodes) override {
        Position pos = start;
        std::vector<std::string> texts;
        texts.reserve(moves.size());
        for (const Move m : moves) {
            texts.push_back(to_uci(pos, m, CastlingMode::Chess960));
            pos.play(m);
        }
        const int legal = pos.count_legal();
        if (legal == 0) return {};
        lines = std::min(lines, legal);
        if (lines != multipv_) {
            if (auto set = engine_->set_option("MultiPV", std::to_string(lines)); !set)
                throw AnalyserError("engine '" + command_ + "': " + set.error().message);
            multipv_ = lines;
        }
        FenOptions fen;
        fen.castling = CastlingNotation::Shredder;
        std::map<int, match::PvLine> latest;
        const match::SearchReply reply = engine_->search(
            match::position_command(write_fen(start, fen), texts),
            "go nodes " + std::to_string(nodes), kSearchLimit, kStopGrace, nullptr,
            [&](const std::string& line) {
                if (auto pv = match::parse_pv_line(line); pv && pv->multipv <= lines)
                    latest[pv->multipv] = *pv;
            });
        if (reply.status != match::SearchReply::Status::BestMove)
            throw AnalyserError("engine '" + command_ + "' gave no best move (" +
                                engine_->exit_description() + ")");
        std::vector<Line> found;
        for (const auto& [number, pv] : latest) {
            auto m = parse_uci(pos, pv.first_move, CastlingMode::Chess960);
            if (!m)
                throw AnalyserError("engine '" + command_ + "' analysed an illegal move " +
                                    pv.first_move + " in " + write_fen(pos, fen));
            found.push_back({*m, score_of(pv.score)});
        }
        // Fewer lines than asked for would pass a move for the only one; refuse instead.
        if (int(found.size()) != lines)
            throw AnalyserError("engine '" + command_ + "' reported " +
                                std::to_string(found.size()) + " scored lines of the " +
                                std::to_string(lines) + " asked for");
        return found;
    }

    void new_game() override {
        if (auto ready = engine_->new_game(); !ready)
            throw AnalyserError("engine '" + command_ + "': " + ready.error().message);
    }

    std::string label() const override { return command_; }

  private:
    std::string command_;
    std::unique_ptr<match::UciEngine> engine_;
    int multipv_ = 1;
};

}  // namespace

std::unique_ptr<Analyser> make_uci_analyser(const std::string& command) {
    return std::make_unique<UciAnalyser>(command);
}

}  // namespace chess960::puzzle
