// The events' store (store/event_store.hpp) on both back ends: an event with its rounds and
// boards, a paired event's players, byes and results, renumbering, and players who are accounts.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "store/account_store.hpp"
#include "store/event_store.hpp"
#include "store/open.hpp"
#include "store/secrets.hpp"
#include "store/store.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

TEST_P(StoreBackendTest, AnEventItsRoundsAndBoardsRoundTrip) {
    { const auto store = open_store(db_); }  // creates and migrates the file
    const auto events = open_event_store(db_);
    EventRow e;
    e.id = "00000000000000e1";
    e.name = "Café Open — 2025";
    e.rounds = 7;
    e.excluded = {0, 518, 534, 959};
    e.allow_repeats = true;
    e.double960 = true;
    e.clock_initial_ms = 5'400'000;
    e.clock_increment_ms = 30'000;
    e.secret = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    e.commitment = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
    e.organiser_token_hash = sha256_hex("the organiser");
    e.created_at = 1'763'000'000'000;
    events->insert_event(e);

    EventRoundRow r;
    r.round = 1;
    r.entropy = "3 5 2 6";
    r.reveal_at = 1'763'000'100'000;
    r.start_at = 1'763'000'700'000;
    r.created_at = 1'763'000'000'500;
    r.boards = {{1, "Ann", "Bob", sha256_hex("a"), sha256_hex("b"), "00000000000000a1", {}, {}},
                {2, "Cy", "Di", sha256_hex("c"), sha256_hex("d"), "00000000000000a2", {}, {}}};
    events->insert_round(e.id, r);

    auto pending = events->pending_rounds();
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_EQ(pending[0].event_id, e.id);
    EXPECT_EQ(pending[0].reveal_at, r.reveal_at);
    EXPECT_FALSE(pending[0].revealed);

    events->move_reveal(e.id, 1, 1'763'000'050'000, 1'763'000'650'000);
    events->set_revealed(e.id, 1, 623, 871, 1'763'000'050'001);
    EXPECT_TRUE(events->pending_rounds().at(0).revealed);
    // A round is revealed once: a second reveal is an error, not a new draw.
    EXPECT_THROW(events->set_revealed(e.id, 1, 1, 1, 1'763'000'050'002), StoreError);
    events->set_started(e.id, 1, 1'763'000'650'001);
    EXPECT_TRUE(events->pending_rounds().empty());
    events->set_closed(e.id, 1'763'001'000'000);

    auto loaded = events->load_event(e.id);
    ASSERT_TRUE(loaded);
    const EventRow& l = loaded->event;
    EXPECT_EQ(l.name, e.name);
    EXPECT_EQ(l.rounds, 7);
    EXPECT_EQ(l.excluded, e.excluded);
    EXPECT_TRUE(l.allow_repeats);
    EXPECT_TRUE(l.double960);
    EXPECT_EQ(l.clock_initial_ms, e.clock_initial_ms);
    EXPECT_EQ(l.clock_increment_ms, e.clock_increment_ms);
    EXPECT_EQ(l.secret, e.secret);
    EXPECT_EQ(l.commitment, e.commitment);
    EXPECT_EQ(l.organiser_token_hash, e.organiser_token_hash);
    EXPECT_EQ(l.created_at, e.created_at);
    EXPECT_EQ(l.closed_at, 1'763'001'000'000);
    ASSERT_EQ(loaded->rounds.size(), 1u);
    const EventRoundRow& lr = loaded->rounds[0];
    EXPECT_EQ(lr.entropy, r.entropy);
    EXPECT_EQ(lr.reveal_at, 1'763'000'050'000);
    EXPECT_EQ(lr.start_at, 1'763'000'650'000);
    EXPECT_EQ(lr.white_number, 623);
    EXPECT_EQ(lr.black_number, 871);
    EXPECT_EQ(lr.revealed_at, 1'763'000'050'001);
    EXPECT_EQ(lr.started_at, 1'763'000'650'001);
    ASSERT_EQ(lr.boards.size(), 2u);
    EXPECT_EQ(lr.boards[1].white_name, "Cy");
    EXPECT_EQ(lr.boards[1].black_token_hash, sha256_hex("d"));
    EXPECT_EQ(lr.boards[1].game_id, "00000000000000a2");

    EXPECT_FALSE(events->load_event("ffffffffffffffff"));
    // A round of an event that does not exist breaks the foreign key: nothing is written.
    EXPECT_THROW(events->insert_round("ffffffffffffffff", r), StoreError);
    // The same board twice: the whole round is rolled back.
    EventRoundRow twice = r;
    twice.round = 2;
    twice.boards[1].board = 1;
    EXPECT_THROW(events->insert_round(e.id, twice), StoreError);
    EXPECT_EQ(events->load_event(e.id)->rounds.size(), 1u);
}

// Version 7: a paired event's kind, tie-breaks and join link, its players, byes and the
// arbiter's results (an audit list: rows are added, never replaced) round-trip on both back
// ends.
TEST_P(StoreBackendTest, APairedEventsPlayersByesAndResultsRoundTrip) {
    { const auto store = open_store(db_); }
    const auto events = open_event_store(db_);
    EventRow e = an_event("00000000000000e7", "Swiss", 5);
    e.created_at = 1'763'000'000'000;
    e.kind = "swiss";
    e.tiebreaks = "BH-C1,SB";
    e.join_token_hash = sha256_hex("join");
    events->insert_event(e);

    EventPlayerRow ann;
    ann.number = 1;
    ann.name = "Ann";
    ann.rating = 2105;
    ann.title = "FM";
    ann.federation = "GER";
    ann.fide_id = "4611111";
    ann.token_hash = sha256_hex("ann");
    ann.created_at = ann.updated_at = 1'763'000'000'100;
    events->insert_player(e.id, ann);
    EventPlayerRow late;
    late.number = 2;
    late.name = "Late";
    late.token_hash = sha256_hex("late");
    late.joined_round = 2;
    late.late_points = 5;
    late.created_at = late.updated_at = 1'763'000'000'200;
    events->insert_player(e.id, late);
    EXPECT_THROW(events->insert_player(e.id, late), StoreError);  // the number is taken
    ann.withdrawn_after = 3;
    ann.updated_at = 1'763'000'000'300;
    events->update_player(e.id, ann);
    EventPlayerRow nobody = late;
    nobody.number = 9;
    EXPECT_THROW(events->update_player(e.id, nobody), StoreError);

    events->set_bye(e.id, EventByeRow{3, 2, 'Z', 10});
    events->set_bye(e.id, EventByeRow{3, 2, 'H', 11});  // replaces
    events->set_bye(e.id, EventByeRow{4, 2, 'H', 12});
    events->remove_bye(e.id, 4, 2);
    EXPECT_THROW(events->remove_bye(e.id, 4, 2), StoreError);

    EventRoundRow r;
    r.round = 1;
    r.reveal_at = r.start_at = r.created_at = 1'763'000'001'000;
    EventBoardRow b{1, "Ann", "Late", sha256_hex("w"), sha256_hex("b"), "00000000000000b1", 1, 2};
    r.boards = {b};
    events->insert_round(e.id, r, {EventByeRow{1, 3, 'U', 13}});

    events->append_result(e.id, EventResultRow{1, 1, 1, "+-", "forfeit", "arbiter", 20});
    events->append_result(e.id, EventResultRow{1, 1, 2, "1-0", "correction", "arbiter", 21});
    // A row is never overwritten, nor a seq skipped.
    EXPECT_THROW(events->append_result(e.id, EventResultRow{1, 1, 2, "0-1", "x", "y", 22}),
                 StoreError);
    EXPECT_THROW(events->append_result(e.id, EventResultRow{1, 1, 4, "0-1", "x", "y", 22}),
                 StoreError);
    events->set_join_token(e.id, std::nullopt);

    const auto loaded = events->load_event(e.id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->event.kind, "swiss");
    EXPECT_EQ(loaded->event.tiebreaks, "BH-C1,SB");
    EXPECT_EQ(loaded->event.join_token_hash, std::nullopt);
    ASSERT_EQ(loaded->players.size(), 2u);
    const EventPlayerRow& la = loaded->players[0];
    EXPECT_EQ(la.name, "Ann");
    EXPECT_EQ(la.rating, 2105);
    EXPECT_EQ(la.title, "FM");
    EXPECT_EQ(la.federation, "GER");
    EXPECT_EQ(la.fide_id, "4611111");
    EXPECT_EQ(la.token_hash, sha256_hex("ann"));
    EXPECT_EQ(la.withdrawn_after, 3);
    EXPECT_EQ(la.created_at, 1'763'000'000'100);
    EXPECT_EQ(la.updated_at, 1'763'000'000'300);
    const EventPlayerRow& ll = loaded->players[1];
    EXPECT_EQ(ll.rating, std::nullopt);
    EXPECT_EQ(ll.joined_round, 2);
    EXPECT_EQ(ll.late_points, 5);
    EXPECT_EQ(ll.withdrawn_after, std::nullopt);
    ASSERT_EQ(loaded->byes.size(), 2u);
    EXPECT_EQ(loaded->byes[0].round, 1);
    EXPECT_EQ(loaded->byes[0].player, 3);
    EXPECT_EQ(loaded->byes[0].kind, 'U');
    EXPECT_EQ(loaded->byes[1].round, 3);
    EXPECT_EQ(loaded->byes[1].kind, 'H');
    EXPECT_EQ(loaded->byes[1].created_at, 11);
    ASSERT_EQ(loaded->rounds.size(), 1u);
    EXPECT_EQ(loaded->rounds[0].boards.at(0).white_number, 1);
    EXPECT_EQ(loaded->rounds[0].boards.at(0).black_number, 2);
    ASSERT_EQ(loaded->results.size(), 2u);
    EXPECT_EQ(loaded->results[0].result, "+-");
    EXPECT_EQ(loaded->results[0].reason, "forfeit");
    EXPECT_EQ(loaded->results[1].seq, 2);
    EXPECT_EQ(loaded->results[1].result, "1-0");
    EXPECT_EQ(loaded->results[1].set_by, "arbiter");
    EXPECT_EQ(loaded->results[1].set_at, 21);
}

// Before the first round the players are numbered anew as the initial ranking list: all of
// them and their byes in one transaction, so that a failure half-way (here a number given
// twice) leaves the numbering as it was, on both back ends.
TEST_P(StoreBackendTest, PlayersAreRenumberedAllAtOnceOrNotAtAll) {
    { const auto store = open_store(db_); }
    const auto events = open_event_store(db_);
    EventRow e = an_event("00000000000000e8", "Swiss", 5);
    e.kind = "swiss";
    events->insert_event(e);
    auto player = [](int number, const std::string& name) {
        EventPlayerRow p;
        p.number = number;
        p.name = name;
        p.token_hash = sha256_hex(name);
        p.created_at = p.updated_at = 100 + number;
        return p;
    };
    events->insert_player(e.id, player(1, "Ann"));
    events->insert_player(e.id, player(2, "Bob"));
    events->insert_player(e.id, player(3, "Cyd"));
    events->set_bye(e.id, EventByeRow{2, 3, 'H', 10});

    // Cyd first, then Ann, then Bob; Cyd's bye follows her.
    EventPlayerRow cyd = player(3, "Cyd"), ann = player(1, "Ann"), bob = player(2, "Bob");
    cyd.number = 1;
    ann.number = 2;
    bob.number = 3;
    events->renumber_players(e.id, {cyd, ann, bob}, {EventByeRow{2, 1, 'H', 10}});
    auto names = [&] {
        std::string out;
        const auto loaded = events->load_event(e.id);
        for (const EventPlayerRow& p : loaded->players)
            out += std::to_string(p.number) + p.name + "(" + p.token_hash.substr(0, 4) + ") ";
        for (const EventByeRow& b : loaded->byes)
            out += "bye r" + std::to_string(b.round) + "#" + std::to_string(b.player);
        return out;
    };
    const std::string after = names();
    EXPECT_EQ(after, "1Cyd(" + sha256_hex("Cyd").substr(0, 4) + ") 2Ann(" +
                         sha256_hex("Ann").substr(0, 4) + ") 3Bob(" +
                         sha256_hex("Bob").substr(0, 4) + ") bye r2#1");

    // Two players given number 1: refused, and nothing of it stays.
    EventPlayerRow again = ann;
    again.number = 1;
    EXPECT_THROW(events->renumber_players(e.id, {bob, again, cyd}, {}), StoreError);
    EXPECT_EQ(names(), after);
}

// Version 11: an event's player may be an account, kept through an update and a renumbering,
// read with the account's name, and forgotten (the player stays) when the account is deleted.
TEST_P(StoreBackendTest, AnEventPlayerIsAnAccountUntilTheAccountIsDeleted) {
    { const auto store = open_store(db_); }
    const auto accounts = open_account_store(db_);
    ASSERT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
              AccountInsert::inserted);
    const auto events = open_event_store(db_);
    EventRow e = an_event("00000000000000e9", "Swiss", 5);
    e.kind = "swiss";
    events->insert_event(e);
    EventPlayerRow ann;
    ann.number = 1;
    ann.name = "Ann Smith";
    ann.token_hash = sha256_hex("ann");
    ann.account_id = "a1";
    events->insert_player(e.id, ann);
    EventPlayerRow bob = ann;
    bob.number = 2;
    bob.name = "Bob";
    bob.token_hash = sha256_hex("bob");
    bob.account_id.reset();
    events->insert_player(e.id, bob);
    auto loaded = events->load_event(e.id);
    ASSERT_EQ(loaded->players.size(), 2u);
    EXPECT_EQ(loaded->players[0].account_id, "a1");
    EXPECT_EQ(loaded->players[0].account_name, "Ann");
    EXPECT_FALSE(loaded->players[1].account_id);
    EXPECT_EQ(loaded->players[1].account_name, "");
    ann.rating = 2100;
    events->update_player(e.id, ann);
    ann.number = 2;
    bob.number = 1;
    events->renumber_players(e.id, {bob, ann}, {});
    loaded = events->load_event(e.id);
    EXPECT_EQ(loaded->players[1].account_id, "a1");
    EXPECT_EQ(loaded->players[1].rating, 2100);
    accounts->delete_account("a1");
    loaded = events->load_event(e.id);
    ASSERT_EQ(loaded->players.size(), 2u);
    EXPECT_EQ(loaded->players[1].name, "Ann Smith");
    EXPECT_FALSE(loaded->players[1].account_id);
}

}  // namespace
}  // namespace chess960::server::store_test
