#include "chess960/outcome_text.hpp"

namespace chess960 {

const char* result_string(GameResult r) {
    switch (r) {
        case GameResult::WhiteWins:
            return "1-0";
        case GameResult::BlackWins:
            return "0-1";
        case GameResult::Draw:
            return "1/2-1/2";
        default:
            return "*";
    }
}

const char* termination_string(Termination t) {
    switch (t) {
        case Termination::None:
            return "none";
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::DeadPosition:
            return "dead position (insufficient material)";
        case Termination::FivefoldRepetition:
            return "fivefold repetition";
        case Termination::SeventyFiveMoves:
            return "75-move rule";
        case Termination::ThreefoldRepetition:
            return "threefold repetition";
        case Termination::FiftyMoves:
            return "50-move rule";
        case Termination::Resignation:
            return "resignation";
        case Termination::Agreement:
            return "agreement";
        case Termination::Time:
            return "time forfeit";
        case Termination::TimeInsufficientMaterial:
            return "time forfeit, opponent cannot mate";
        case Termination::NoShow:
            return "no show (default time)";
        case Termination::ArbiterDecision:
            return "arbiter's decision";
    }
    return "unknown";
}

}  // namespace chess960
