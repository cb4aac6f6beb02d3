#include "match/go_command.hpp"

#include <algorithm>

namespace chess960::match {

std::string position_command(const std::string& start_fen, const std::vector<std::string>& moves) {
    std::string command = "position fen " + start_fen;
    if (!moves.empty()) command += " moves";
    for (const auto& move : moves) command += " " + move;
    return command;
}

std::string go_command(const Limit& limit, const Clock& clock, Color us,
                       std::uint64_t engine_nodes) {
    switch (limit.kind) {
        case Limit::Kind::Nodes:
            return "go nodes " + std::to_string(engine_nodes ? engine_nodes : limit.nodes);
        case Limit::Kind::Depth:
            return "go depth " + std::to_string(limit.depth);
        case Limit::Kind::Time:
            break;
    }
    const Millis now = clock.turn_started_at();
    auto time = [&](Color c) {
        return std::to_string(std::max<Millis>(1, clock.remaining(c, now)));
    };
    std::string go = "go wtime " + time(White) + " btime " + time(Black);
    const TimeControl& tc = clock.control();
    if (tc.increment)
        go += " winc " + std::to_string(tc.increment) + " binc " + std::to_string(tc.increment);
    if (auto moves = clock.moves_to_go(us)) go += " movestogo " + std::to_string(*moves);
    return go;
}

}  // namespace chess960::match
