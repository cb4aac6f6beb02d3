/// @file
/// A Swiss or round-robin tournament as FIDE's Tournament Report File (TRF-2026) carries it:
/// players with their start numbers and particulars, and each player's entry for every round
/// (opponent, colour, result code). The pairing engine, the tie-breaks and the TRF reader and
/// writer all work on this one model; a server keeps it in memory and pairs from it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace chess960::pairing {

/// Points in tenths (TRF writes them with one decimal): a win is 10 by default.
using Points = std::int32_t;

/// A colour in a round: the TRF's 'w', 'b', or none (a bye, an unpaired round).
enum class Colour : std::uint8_t { None, White, Black };

constexpr Colour opposite(Colour c) {
    return c == Colour::White ? Colour::Black : c == Colour::Black ? Colour::White : Colour::None;
}

/// One player's entry for one round, as the TRF's 10-character round block has it:
/// opponent (0 for none), colour, and the result code.
///
/// Result codes (TRF-2026, the same letters as JaVaFo's TRF(x)):
///   '1' '=' '0'   played game won, drawn, lost (rated)
///   'W' 'D' 'L'   played game won, drawn, lost, not rated (fewer than two moves...)
///   '+' '-'       forfeit won / lost (with an opponent; both '-' is a double forfeit)
///   'U'           pairing-allocated bye (the points of a win unless BBU/162 says otherwise)
///   'F' 'H' 'Z'   full-, half- and zero-point bye (requested, or absent: not paired)
///   ' '           nothing for the round (not paired, or a round not yet played)
struct RoundEntry {
    int opponent = 0;  ///< the opponent's start number, 0 for none
    Colour colour = Colour::None;
    char result = ' ';

    friend bool operator==(const RoundEntry&, const RoundEntry&) = default;

    /// A game was played over the board (won, drawn or lost), which C.04.1 counts for
    /// colours and for "not meeting twice".
    bool played() const;
    /// The player took part in the round's pairing (a game, a forfeit either way, or the
    /// pairing-allocated bye) as opposed to a bye asked for or an absence.
    bool paired() const;
    /// The entry says nothing at all (trailing blank round).
    bool empty() const { return opponent == 0 && colour == Colour::None && result == ' '; }
};

/// What each kind of result is worth (TRF-2026 record 162, bbpPairings' BBW/BBD/... codes).
/// Tenths of a point.
struct PointSystem {
    Points win = 10;
    Points draw = 5;
    Points loss = 0;
    Points zero_point_bye = 0;  ///< 'Z' and an empty round
    Points forfeit_loss = 0;    ///< '-'
    Points pairing_bye = 10;    ///< 'U'
    // 'F' and 'H' byes are worth a win and a draw, as in bbpPairings and JaVaFo.

    friend bool operator==(const PointSystem&, const PointSystem&) = default;
};

/// A player as record 001 has them. Everything but the start number is optional.
struct Player {
    int start_number = 0;  ///< the pairing number, 1-based
    char sex = ' ';        ///< 'm', 'w' or ' '
    std::string title;     ///< GM, IM, WGM, FM, WIM, CM, WFM, WCM or empty
    std::string name;
    int rating = 0;  ///< 0 for unrated
    std::string federation;
    std::string fide_id;
    std::string birth_date;            ///< as written (YYYY/MM/DD or YYYY)
    Points points = 0;                 ///< the score the file states (read), or computed (written)
    int rank = 0;                      ///< the rank the file states
    std::vector<RoundEntry> rounds;    ///< index 0 is round 1
    std::vector<Points> acceleration;  ///< XXA: points added for pairing, per round

    /// The entry for round `round` (1-based); an empty entry past the end.
    RoundEntry entry(int round) const;
};

/// A tournament: the players and the settings that pairing and scoring need. Lines of the
/// report the model does not interpret are kept (in order) so that the writer gives the same
/// file back.
struct Tournament {
    std::vector<Player> players;  ///< index i is start number i + 1
    int total_rounds = 0;         ///< XXR / 142: rounds planned (0: unknown)
    PointSystem points;
    /// The colour the first player in the initial order gets in round 1 (XXC white1/black1,
    /// 152); None: inferred from round 1 as bbpPairings does, or white when nothing is played.
    Colour initial_colour = Colour::None;
    bool baku_acceleration = false;  ///< 192 FIDE_DUTCH_BAKU: C.04.5 (Baku) acceleration
    bool use_rank = false;           ///< XXC rank: pair by the rank field, not start number
    /// Players of whom no two may meet (XXP): start numbers.
    std::vector<std::vector<int>> forbidden;
    /// The same for some rounds only (record 260).
    struct ForbiddenInRounds {
        int first_round = 1;
        int last_round = 1;
        std::vector<int> players;
    };
    std::vector<ForbiddenInRounds> forbidden_in_rounds;
    /// A bye asked for a round not yet paired (record 240, TRF-2026): the player is not paired
    /// in it. `kind` is the record's letter: 'H' half-point, 'Z' zero-point, 'F' full-point.
    struct RequestedBye {
        int round = 0;
        int start_number = 0;
        char kind = 'H';
        friend bool operator==(const RequestedBye&, const RequestedBye&) = default;
    };
    std::vector<RequestedBye> requested_byes;

    std::string name;  ///< record 012, written when the model has no lines of its own

    /// The text of every line in the file, in order; a player line is kept as "001" plus the
    /// start number so the writer puts the (possibly changed) player back in its place.
    std::vector<std::string> lines;

    /// Rounds that have at least one entry (played or being recorded).
    int rounds_recorded() const;
    /// A player by start number (1-based), or nullptr.
    const Player* player(int start_number) const;
    Player* player(int start_number);
    /// What a result code is worth to the player who has it.
    Points points_for(const RoundEntry& entry) const;
    /// The score after `rounds` rounds (all recorded rounds when negative).
    Points score(const Player& player, int rounds = -1) const;
};

/// Points as the TRF writes them: "6.5", "10.0".
std::string format_points(Points points);

}  // namespace chess960::pairing
