#include "server/words.hpp"

namespace chess960::server {

const char* color_name(Color c) { return c == White ? "white" : "black"; }
const char* color_title(Color c) { return c == White ? "White" : "Black"; }

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
        case Termination::None:
            break;
    }
    return nullptr;
}

Termination termination_from_word(std::string_view word, GameResult result) {
    for (Termination t : {Termination::Checkmate, Termination::Stalemate, Termination::DeadPosition,
                          Termination::FivefoldRepetition, Termination::SeventyFiveMoves,
                          Termination::ThreefoldRepetition, Termination::FiftyMoves,
                          Termination::Resignation, Termination::Agreement})
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

std::string reason_sentence(const OnlineGame& game) {
    if (game.status() == GameStatus::Aborted) return "Game aborted";
    const Outcome o = game.outcome();
    const Color to_move = game.side_to_move();
    const std::string winner = o.result == GameResult::WhiteWins ? "White" : "Black";
    const std::string loser = o.result == GameResult::WhiteWins ? "Black" : "White";
    switch (o.termination) {
        case Termination::None:
            return std::string(color_title(to_move)) + " to move";
        case Termination::Checkmate:
            return winner + " wins by checkmate";
        case Termination::Stalemate:
            return "Draw by stalemate";
        case Termination::DeadPosition:
            return "Draw: neither side can checkmate (insufficient material)";
        case Termination::FivefoldRepetition:
            return "Draw: the same position occurred five times";
        case Termination::SeventyFiveMoves:
            return "Draw: 75 moves by each side without a capture or pawn move";
        case Termination::ThreefoldRepetition:
            return "Draw claimed: the same position occurred three times";
        case Termination::FiftyMoves:
            return "Draw claimed: 50 moves by each side without a capture or pawn move";
        case Termination::Resignation:
            return loser + " resigned; " + winner + " wins";
        case Termination::Agreement:
            return "Draw by agreement";
        case Termination::Time:
            return loser + " ran out of time; " + winner + " wins";
        case Termination::TimeInsufficientMaterial:
            return std::string(color_title(to_move)) + " ran out of time, but " +
                   color_title(~to_move) + " cannot checkmate: draw";
    }
    return "";
}

}  // namespace chess960::server
