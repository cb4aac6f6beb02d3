// What an opening explorer keeps of a game at each position it indexes, packed in one 64-bit
// integer so that a position's entries are read and filtered without touching the games: the
// move played, the result, lichess's speed, the game's rating (the mean of both players'), its
// day and its collection. lichess's explorer filters on these (speeds, rating groups, a range
// of months) and a collection is the explorer's source.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "chess960/outcome.hpp"
#include "chess960/types.hpp"

namespace chess960::db {

/// lichess's speeds (scalachess Speed), and None for a game without a time control said.
enum class Speed : std::uint8_t {
    None,
    UltraBullet,
    Bullet,
    Blitz,
    Rapid,
    Classical,
    Correspondence
};
inline constexpr int kSpeedCount = 7;

/// "ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence" (lichess's API
/// words); "" for None.
std::string_view speed_name(Speed speed);
/// The speed lichess's API names `word`, if any (never None).
std::optional<Speed> parse_speed_name(std::string_view word);
/// The speed of a PGN TimeControl: "base+increment" in seconds by the estimated duration
/// base + 40 x increment (under 30 s UltraBullet, 180 Bullet, 480 Blitz, 1500 Rapid, else
/// Classical), "-" Correspondence, anything else None.
Speed speed_of_time_control(std::string_view time_control);

/// lichess's rating groups: a game's rating r is in the group of the largest bound <= r.
inline constexpr std::array<int, 9> kRatingGroups = {0,    1000, 1200, 1400, 1600,
                                                     1800, 2000, 2200, 2500};
/// The index in kRatingGroups of rating `rating` (0 for an unknown rating, 0).
int rating_group(int rating);

/// A date as days from 1900-01-01 (a day number: 0 is unknown, as are dates outside 1900-2078).
int day_number(int year, int month, int day);
/// A day number's year, month and day; {0, 0, 0} for 0.
struct Date {
    int year = 0, month = 0, day = 0;
};
Date date_of_day(int day_number);

/// One game's entry at one position.
struct ExplorerEntry {
    Move move;                                ///< none: the game ended at this position
    GameResult result = GameResult::Ongoing;  ///< WhiteWins, BlackWins or Draw
    Speed speed = Speed::None;
    int rating = 0;      ///< (white's + black's) / 2, 0 when either is unknown; below 4096
    int day = 0;         ///< day_number(), 0 unknown
    int collection = 0;  ///< 0: the server's own games; below 8192

    /// The entry in 62 bits (a non-negative int64, for any SQL integer column).
    std::int64_t pack() const;
    static ExplorerEntry unpack(std::int64_t packed);
};

inline constexpr int kMaxRating = 4095;
inline constexpr int kMaxCollection = 8191;

}  // namespace chess960::db
