#include "match/engine_faults.hpp"

#include "chess960/uci_move.hpp"
#include "match/numbers.hpp"

namespace chess960::match {

namespace {

// A loss of `loser` by the fault `reason`; the detail names the side, as "White: engine hung".
GameEnd fault(Color loser, std::string reason, const std::string& detail, const char* tag) {
    GameEnd end;
    end.result = loser == White ? GameResult::BlackWins : GameResult::WhiteWins;
    end.reason = std::move(reason);
    end.detail = std::string(color_title(loser)) + ": " + detail;
    end.termination = tag;
    end.faulty = loser;
    return end;
}

}  // namespace

GameEnd failed_start(Color loser, const EngineError& error) {
    return fault(loser, "engine failed to start", "engine failed to start: " + error.message,
                 kAbandoned);
}

GameEnd failed_new_game(Color loser, const EngineError& error) {
    const bool crashed = error.kind == EngineError::Kind::Exited;
    return fault(loser, crashed ? "engine crashed" : "engine hung",
                 (crashed ? "engine crashed: " : "engine hung: ") + error.message, kAbandoned);
}

GameEnd crashed(Color loser, const std::string& how) {
    return fault(loser, "engine crashed", "engine crashed" + (how.empty() ? "" : " (" + how + ")"),
                 kAbandoned);
}

GameEnd hung(Color loser, Millis waited, bool on_the_clock) {
    return fault(
        loser, "engine hung",
        "engine hung: no bestmove within " + fixed(double(waited) / 1000, 2) + " s, nor after stop",
        on_the_clock ? kTimeForfeit : kAbandoned);
}

GameEnd time_forfeit(Color loser, GameResult result, Millis used, Millis left) {
    GameEnd end = fault(loser, "time forfeit",
                        "time forfeit (the move took " + fixed(double(used) / 1000, 3) + " s, " +
                            fixed(double(left) / 1000, 3) + " s were left)",
                        kTimeForfeit);
    end.result = result;
    return end;
}

GameEnd illegal_move(Color loser, const Position& pos, const std::string& move) {
    auto parsed = parse_uci(pos, move, CastlingMode::Chess960);
    std::string detail =
        move.empty() ? "illegal move: bestmove without a move" : "illegal move " + move;
    // The usual Chess960 slip: a castle written as the king's move to its destination.
    auto standard = parse_uci(pos, move, CastlingMode::Standard);
    if (!move.empty() && standard && standard->is_castling())
        detail += " (in Chess960 mode castling is written king takes rook: " +
                  to_uci(pos, *standard, CastlingMode::Chess960) + ")";
    else if (!move.empty() && !parsed) {
        // The library's message repeats the move: keep what follows it.
        std::string why = parsed.error().message;
        const std::string quoted = "'" + move + "': ";
        if (auto at = why.find(quoted); at != std::string::npos)
            why = why.substr(at + quoted.size());
        detail += " (" + why + ")";
    }
    return fault(loser, "illegal move", detail, kRulesInfraction);
}

}  // namespace chess960::match
