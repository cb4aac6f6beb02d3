// A new round's entry (src/server/events/rounds/round_entry.cpp): the checks a round's entry
// makes before it is paired, each refusal by its code, and a typed round's names as first
// entered.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/api_error.hpp"
#include "events/round_entry.hpp"

namespace chess960::server {
namespace {

constexpr Millis kNow = 1'800'000'000'000;
constexpr Millis kHour = 3'600'000;

// A typed event of three rounds whose round 1 (Ann-Bob, Cy-Di) is revealed.
StoredEvent typed_event() {
    StoredEvent stored;
    stored.event.id = "0123456789abcdef";
    stored.event.rounds = 3;
    EventRoundRow one;
    one.round = 1;
    one.reveal_at = one.start_at = kNow - kHour;
    one.revealed_at = kNow - kHour;
    one.boards.push_back(EventBoardRow{1, "Ann", "Bob", "", "", "", {}, {}});
    one.boards.push_back(EventBoardRow{2, "Cy", "Di", "", "", "", {}, {}});
    stored.rounds.push_back(one);
    return stored;
}

AddRoundRequest request() {
    AddRoundRequest r;
    r.pairings = {{"Ann", "Cy"}, {"Bob", "Di"}};
    r.entropy = "dice 3 1 4";
    return r;
}

TEST(RoundEntry, TheNextRoundWithItsTimes) {
    AddRoundRequest r = request();
    r.reveal_at = kNow + kHour;
    r.start_at = kNow + 2 * kHour;
    const EventRoundRow round = check_round_entry(typed_event(), r, kNow);
    EXPECT_EQ(round.round, 2);
    EXPECT_EQ(round.entropy, "dice 3 1 4");
    EXPECT_EQ(round.reveal_at, kNow + kHour);
    EXPECT_EQ(round.start_at, kNow + 2 * kHour);
    EXPECT_EQ(round.created_at, kNow);
    EXPECT_TRUE(round.boards.empty());
}

TEST(RoundEntry, RevealsNowAndStartsAtTheRevealByDefault) {
    AddRoundRequest r = request();
    r.reveal_at = kNow - kHour;  // in the past: now
    const EventRoundRow round = check_round_entry(typed_event(), r, kNow);
    EXPECT_EQ(round.reveal_at, kNow);
    EXPECT_EQ(round.start_at, kNow);
}

struct Refusal {
    const char* name;
    void (*change)(StoredEvent&, AddRoundRequest&);
    int status;
    const char* code;
};

class RoundEntryRefusal : public testing::TestWithParam<Refusal> {};

TEST_P(RoundEntryRefusal, IsRefusedWithItsCode) {
    StoredEvent stored = typed_event();
    AddRoundRequest r = request();
    GetParam().change(stored, r);
    try {
        check_round_entry(stored, r, kNow);
        FAIL() << "accepted";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.status, GetParam().status) << e.message;
        EXPECT_EQ(e.code, GetParam().code) << e.message;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Checks, RoundEntryRefusal,
    testing::Values(
        Refusal{"closed", [](StoredEvent& s, AddRoundRequest&) { s.event.closed_at = kNow; }, 409,
                "event_closed"},
        Refusal{"all_entered", [](StoredEvent& s, AddRoundRequest&) { s.event.rounds = 1; }, 409,
                "all_rounds_entered"},
        Refusal{"wrong_round", [](StoredEvent&, AddRoundRequest& r) { r.round = 3; }, 409,
                "wrong_round"},
        Refusal{"not_revealed",
                [](StoredEvent& s, AddRoundRequest&) { s.rounds.back().revealed_at.reset(); }, 409,
                "round_not_revealed"},
        Refusal{"reveal_too_late",
                [](StoredEvent&, AddRoundRequest& r) { r.reveal_at = kNow + 31 * 24 * kHour; }, 400,
                "reveal_too_late"},
        Refusal{"start_before_reveal",
                [](StoredEvent&, AddRoundRequest& r) {
                    r.reveal_at = kNow + kHour;
                    r.start_at = kNow;
                },
                400, "start_before_reveal"},
        Refusal{"start_too_late",
                [](StoredEvent&, AddRoundRequest& r) { r.start_at = kNow + 25 * kHour; }, 400,
                "start_too_late"},
        Refusal{"no_pairings", [](StoredEvent&, AddRoundRequest& r) { r.pairings.clear(); }, 400,
                "invalid_field"},
        // A closed event is refused as closed, whatever else is wrong.
        Refusal{"closed_first",
                [](StoredEvent& s, AddRoundRequest& r) {
                    s.event.closed_at = kNow;
                    r.round = 7;
                    r.pairings.clear();
                },
                409, "event_closed"}),
    [](const testing::TestParamInfo<Refusal>& refusal) { return std::string(refusal.param.name); });

TEST(RoundEntry, APairedRoundNeedsNoTypedPairings) {
    StoredEvent stored = typed_event();
    stored.event.kind = "swiss";
    AddRoundRequest r = request();
    r.pairings.clear();
    EXPECT_EQ(check_round_entry(stored, r, kNow).round, 2);
}

TEST(NamesAsEntered, AConfusableNameIsThePlayerFirstEntered) {
    // A Cyrillic "А" (U+0410) for the Latin "A" of round 1's Ann.
    const std::vector<Pairing> named =
        names_as_entered(typed_event(), {{"\xD0\x90nn", "Eve"}, {"Bob", "Di"}});
    ASSERT_EQ(named.size(), 2u);
    EXPECT_EQ(named[0].white, "Ann");
    EXPECT_EQ(named[0].black, "Eve");
    EXPECT_EQ(named[1].white, "Bob");
    EXPECT_EQ(named[1].black, "Di");
}

TEST(NamesAsEntered, NoMoreThanTheMostPlayers) {
    StoredEvent stored = typed_event();  // 4 players
    std::vector<Pairing> pairings;
    for (std::size_t i = 0; 4 + 2 * (i + 1) <= kMaxEventPlayers; ++i)
        pairings.push_back({"w" + std::to_string(i), "b" + std::to_string(i)});
    EXPECT_EQ(names_as_entered(stored, pairings).size(), pairings.size());
    pairings.push_back({"one", "too many"});
    try {
        names_as_entered(stored, pairings);
        FAIL() << "accepted";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.code, "too_many_players");
    }
}

}  // namespace
}  // namespace chess960::server
