#include "match/start_positions.hpp"

#include <fstream>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"

namespace chess960::match {

std::expected<std::vector<StartPosition>, std::string> start_positions(const MatchConfig& config,
                                                                       int pairs,
                                                                       std::uint64_t seed) {
    std::vector<StartPosition> out;
    const PositionSpec& spec = config.positions;
    auto numbered = [](int white, int black) {
        StartPosition p;
        p.fen = write_fen(*startpos::position(white, black));
        p.label = white == black ? std::to_string(white)
                                 : std::to_string(white) + ":" + std::to_string(black);
        return p;
    };
    switch (spec.kind) {
        case PositionSpec::Kind::Random: {
            startpos::Random random(seed);
            for (int i = 0; i < pairs; ++i) {
                int white = random.draw();
                int black = config.double960 ? random.draw() : white;
                out.push_back(numbered(white, black));
            }
            break;
        }
        case PositionSpec::Kind::All:
            for (int i = 0; i < pairs; ++i) out.push_back(numbered(i % 960, i % 960));
            break;
        case PositionSpec::Kind::List:
            for (int i = 0; i < pairs; ++i) {
                auto [white, black] = spec.numbers[std::size_t(i) % spec.numbers.size()];
                out.push_back(numbered(white, black));
            }
            break;
        case PositionSpec::Kind::File: {
            std::ifstream in(spec.file);
            if (!in) return std::unexpected("cannot open the positions file '" + spec.file + "'");
            std::vector<StartPosition> file_positions;
            std::string line;
            int number = 0;
            while (std::getline(in, line)) {
                ++number;
                if (!line.empty() && line.back() == '\r') line.pop_back();
                const auto first = line.find_first_not_of(" \t");
                if (first == std::string::npos || line[first] == '#') continue;
                auto pos = position_from_fen(line);
                if (!pos)
                    return std::unexpected(spec.file + ":" + std::to_string(number) + ": " +
                                           pos.error().to_string());
                if (pos->legal_moves().empty())
                    return std::unexpected(spec.file + ":" + std::to_string(number) +
                                           ": the game is over in this position");
                file_positions.push_back(
                    {write_fen(*pos), spec.file + ":" + std::to_string(number)});
            }
            if (file_positions.empty())
                return std::unexpected("the positions file '" + spec.file + "' holds no position");
            for (int i = 0; i < pairs; ++i)
                out.push_back(file_positions[std::size_t(i) % file_positions.size()]);
            break;
        }
    }
    return out;
}

}  // namespace chess960::match
