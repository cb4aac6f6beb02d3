#include "chess960/db/explorer_entry.hpp"

#include <algorithm>
#include <charconv>

namespace chess960::db {

namespace {

constexpr std::array<std::string_view, kSpeedCount> kSpeedNames = {
    "", "ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"};

// A whole non-negative number of seconds, all of `text`.
std::optional<long> seconds(std::string_view text) {
    long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0)
        return std::nullopt;
    return value;
}

// Days from 1900-01-01 to the first of each month of a year (`leap` or not).
int days_before_month(int month, bool leap) {
    static constexpr std::array<int, 12> kBefore = {0,   31,  59,  90,  120, 151,
                                                    181, 212, 243, 273, 304, 334};
    return kBefore[std::size_t(month - 1)] + (leap && month > 2 ? 1 : 0);
}

bool is_leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_before_year(int year) {
    const int y = year - 1;
    return 365 * (year - 1900) + (y / 4 - 1899 / 4) - (y / 100 - 1899 / 100) +
           (y / 400 - 1899 / 400);
}

constexpr int kLastYear = 2078;  // day numbers stay below 65536

}  // namespace

std::string_view speed_name(Speed speed) { return kSpeedNames[std::size_t(speed)]; }

std::optional<Speed> parse_speed_name(std::string_view word) {
    for (int i = 1; i < kSpeedCount; ++i)
        if (kSpeedNames[std::size_t(i)] == word) return Speed(i);
    return std::nullopt;
}

Speed speed_of_time_control(std::string_view time_control) {
    if (time_control == "-") return Speed::Correspondence;
    const auto plus = time_control.find('+');
    if (plus == std::string_view::npos) return Speed::None;
    const auto base = seconds(time_control.substr(0, plus));
    const auto increment = seconds(time_control.substr(plus + 1));
    if (!base || !increment) return Speed::None;
    const long estimate = *base + 40 * *increment;
    if (estimate < 30) return Speed::UltraBullet;
    if (estimate < 180) return Speed::Bullet;
    if (estimate < 480) return Speed::Blitz;
    if (estimate < 1500) return Speed::Rapid;
    return Speed::Classical;
}

int rating_group(int rating) {
    int group = 0;
    for (std::size_t i = 0; i < kRatingGroups.size(); ++i)
        if (rating >= kRatingGroups[i]) group = int(i);
    return group;
}

int day_number(int year, int month, int day) {
    if (year < 1900 || year > kLastYear || month < 1 || month > 12 || day < 1) return 0;
    static constexpr std::array<int, 12> kLength = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = is_leap(year);
    if (day > kLength[std::size_t(month - 1)] + (leap && month == 2 ? 1 : 0)) return 0;
    // Day 0 means unknown: 1900-01-01 is day 1.
    return days_before_year(year) + days_before_month(month, leap) + day;
}

Date date_of_day(int number) {
    if (number <= 0) return {};
    int year = 1900 + (number - 1) / 366;
    while (year < kLastYear && days_before_year(year + 1) < number) ++year;
    const bool leap = is_leap(year);
    const int in_year = number - days_before_year(year);
    int month = 12;
    while (month > 1 && days_before_month(month, leap) >= in_year) --month;
    return {year, month, in_year - days_before_month(month, leap)};
}

// Bits, low to high: move 16, result 2, speed 3, rating 12, day 16, collection 13.
std::int64_t ExplorerEntry::pack() const {
    const std::uint64_t result_bits = result == GameResult::WhiteWins   ? 1
                                      : result == GameResult::BlackWins ? 2
                                      : result == GameResult::Draw      ? 3
                                                                        : 0;
    std::uint64_t v = move.raw();
    v |= result_bits << 16;
    v |= std::uint64_t(speed) << 18;
    v |= std::uint64_t(rating & kMaxRating) << 21;
    v |= std::uint64_t(day & 0xFFFF) << 33;
    v |= std::uint64_t(collection & kMaxCollection) << 49;
    return std::int64_t(v);
}

ExplorerEntry ExplorerEntry::unpack(std::int64_t packed) {
    const auto v = std::uint64_t(packed);
    ExplorerEntry e;
    e.move = Move::from_raw(std::uint16_t(v & 0xFFFF));
    static constexpr std::array kResults = {GameResult::Ongoing, GameResult::WhiteWins,
                                            GameResult::BlackWins, GameResult::Draw};
    e.result = kResults[(v >> 16) & 3];
    e.speed = Speed(std::min<std::uint64_t>((v >> 18) & 7, kSpeedCount - 1));
    e.rating = int((v >> 21) & kMaxRating);
    e.day = int((v >> 33) & 0xFFFF);
    e.collection = int((v >> 49) & kMaxCollection);
    return e;
}

}  // namespace chess960::db
