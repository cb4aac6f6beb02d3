/// @file
/// The library's one error channel: std::expected<T, Error>.
#pragma once

#include <expected>
#include <string>

namespace chess960 {

/// What kind of problem an Error reports.
enum class ErrorCode {
    InvalidFen,        ///< FEN text that does not parse (names the field and column)
    InvalidPosition,   ///< parsed, but against the rules (missing king, side not to move in
                       ///< check...)
    InvalidCastling,   ///< castling rights that match no king and rook
    InvalidEnPassant,  ///< an en passant square no double step could have produced
    NotStartPosition,  ///< not one of the 960 start positions
    InvalidNumber,     ///< start position number outside 0..959
    InvalidMove,       ///< move text that does not parse
    IllegalMove,       ///< a well-formed move that is not legal here
    // Online play (online_game.hpp):
    GameOver,         ///< the game has ended (or was aborted): no more moves or actions
    NotYourTurn,      ///< the seat acting is not the side to move
    NoDrawOffer,      ///< accepting or declining a draw the opponent has not offered
    NoDrawToClaim,    ///< claiming a draw that neither Laws 9.2 nor 9.3 allows now
    CannotAbort,      ///< aborting after both sides have moved
    NoTakeback,       ///< a takeback with nothing to take back, or no request to answer
    TakebackPending,  ///< asking for a takeback while a request already stands
    // Tournaments (the pairing layer):
    InvalidTrf,         ///< tournament report text that does not parse (line and column)
    InvalidTournament,  ///< parsed, but inconsistent (a game one side does not list, a score)
    NoValidPairing,     ///< no pairing of the round satisfies the absolute criteria
    TooLarge,           ///< beyond what the pairing engine handles (players, rounds, points)
};

/// A problem the library reports instead of a result: a code for programs and a message for
/// people that names what is wrong (the field, the square, the move) and, for text, where.
struct Error {
    /// What kind of problem.
    ErrorCode code;
    /// What is wrong, in words.
    std::string message;
    int column = -1;  ///< 1-based column in the parsed text, or -1 when not about a column
    int line = -1;    ///< 1-based line in the parsed text, or -1 when not about a line

    /// The message, with the line and column when there are.
    std::string to_string() const;
};

/// The result of anything that can fail: a `T`, or the Error that says why not.
template <typename T>
using Result = std::expected<T, Error>;

/// An Error as the failed result of a function returning Result.
inline std::unexpected<Error> make_error(ErrorCode code, std::string message, int column = -1) {
    return std::unexpected<Error>(Error{code, std::move(message), column});
}

}  // namespace chess960
