#include "common/words.hpp"

namespace chess960::server {

std::optional<Color> parse_color(std::string_view text) {
    if (text == "white") return White;
    if (text == "black") return Black;
    return std::nullopt;
}

const char* termination_word(Termination t) {
    switch (t) {
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::DeadPosition:
            return "insufficient material";
        case Termination::FivefoldRepetition:
            return "fivefold repetition";
        case Termination::SeventyFiveMoves:
            return "seventy-five moves";
        case Termination::ThreefoldRepetition:
            return "threefold repetition";
        case Termination::FiftyMoves:
            return "fifty moves";
        case Termination::Resignation:
            return "resignation";
        case Termination::Agreement:
            return "agreement";
        case Termination::Time:
        case Termination::TimeInsufficientMaterial:
            return "time";
        case Termination::NoShow:
            return "no show";
        case Termination::ArbiterDecision:
            return "arbiter";
        case Termination::None:
            break;
    }
    return nullptr;
}

Termination termination_from_word(std::string_view word, GameResult result) {
    for (Termination t :
         {Termination::Checkmate, Termination::Stalemate, Termination::DeadPosition,
          Termination::FivefoldRepetition, Termination::SeventyFiveMoves,
          Termination::ThreefoldRepetition, Termination::FiftyMoves, Termination::Resignation,
          Termination::Agreement, Termination::NoShow, Termination::ArbiterDecision})
        if (word == termination_word(t)) return t;
    if (word == "time")
        return result == GameResult::Draw ? Termination::TimeInsufficientMaterial
                                          : Termination::Time;
    return Termination::None;
}

const char* status_word(GameStatus status) {
    switch (status) {
        case GameStatus::Active:
            return "active";
        case GameStatus::Over:
            return "over";
        case GameStatus::Aborted:
            return "aborted";
    }
    return "active";
}

}  // namespace chess960::server
