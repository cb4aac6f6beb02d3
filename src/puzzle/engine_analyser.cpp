#include "puzzle/engine_analyser.hpp"

#include <algorithm>
#include <atomic>

#include "engine/nnue.hpp"
#include "engine/search.hpp"

namespace chess960::puzzle {

namespace {

Score score_of(int score) {
    if (score > engine::kMateBound) return Score::mate((engine::kMate - score + 1) / 2);
    if (score < -engine::kMateBound) return Score::mate(-(engine::kMate + score) / 2);
    return Score::cp(score);
}

class EngineAnalyser final : public Analyser {
  public:
    EngineAnalyser() {
        if (engine::kUseNnueByDefault) searcher_.set_network(engine::nnue::embedded());
        searcher_.set_hash_megabytes(16);
    }

    std::vector<Line> analyse(const Position& start, std::span<const Move> moves, int lines,
                              std::uint64_t nodes) override {
        Position pos = start;
        std::vector<std::uint64_t> history;
        history.reserve(moves.size());
        for (const Move m : moves) {
            history.push_back(pos.key());
            pos.play(m);
        }
        const int legal = pos.count_legal();
        if (legal == 0) return {};
        searcher_.set_multipv(std::min(lines, legal));
        engine::Limits limits;
        limits.nodes = nodes;
        std::atomic<bool> stop = false;
        // The lines of the last iteration the search finished (it reports each line of one).
        std::vector<Line> found;
        searcher_.search(pos, history, limits, stop, [&](const engine::SearchInfo& info) {
            if (info.multipv == 1) found.clear();
            if (!info.pv.empty()) found.push_back({info.pv.front(), score_of(info.score)});
        });
        if (int(found.size()) != std::min(lines, legal))
            throw AnalyserError("the engine found " + std::to_string(found.size()) +
                                " lines of the " + std::to_string(std::min(lines, legal)) +
                                " asked for");
        return found;
    }

    void new_game() override { searcher_.clear(); }

    std::string label() const override { return "chess960"; }

  private:
    engine::Searcher searcher_;
};

}  // namespace

std::unique_ptr<Analyser> make_engine_analyser() { return std::make_unique<EngineAnalyser>(); }

}  // namespace chess960::puzzle
