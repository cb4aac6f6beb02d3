// The fan-out of a game's changes (games/audience.hpp): each watcher gets the updates after the
// version of the game it was given, in order, once each; the connection that made a change
// gets its acknowledgement instead of its update.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "games/audience.hpp"

namespace chess960::server {
namespace {

// Records the game id of each update it gets (the tests name their updates by it).
class Recorder final : public Watcher {
  public:
    bool deliver(const std::shared_ptr<const GameUpdate>& update) override {
        if (closed) return false;
        got.push_back(update->state.id);
        return true;
    }
    bool deliver(const std::shared_ptr<const RoomChange>&) override { return !closed; }
    bool deliver(GameView, std::optional<std::int64_t>) override { return !closed; }
    void close() override { closed = true; }
    std::vector<std::string> got;
    bool closed = false;
};

std::shared_ptr<const GameUpdate> event(const std::string& name) {
    auto update = std::make_shared<GameUpdate>();
    update->state.id = name;
    return update;
}

TEST(Audience, ASubscriberGetsOnlyTheEventsAfterTheVersionItWasGiven) {
    Audience audience;
    auto early = std::make_shared<Recorder>();
    auto late = std::make_shared<Recorder>();
    audience.add(early, 0);
    // `late` was given the whole game at version 2 while the events of 1 and 2 were still
    // being stored: it must not get them again.
    audience.add(late, 2);
    audience.publish(event("one"), 1);
    audience.publish(event("two"), 2);
    audience.publish(event("three"), 3);
    EXPECT_EQ(early->got, (std::vector<std::string>{"one", "two", "three"}));
    EXPECT_EQ(late->got, (std::vector<std::string>{"three"}));
}

TEST(Audience, AResyncMovesTheSubscribersVersionInsteadOfAddingItTwice) {
    Audience audience;
    auto member = std::make_shared<Recorder>();
    audience.add(member, 0);
    audience.add(member, 5);
    EXPECT_EQ(audience.size(), 1u);
    audience.publish(event("stale"), 5);
    audience.publish(event("next"), 6);
    EXPECT_EQ(member->got, (std::vector<std::string>{"next"}));
}

TEST(Audience, TheChangesOwnConnectionIsSkippedButStaysSubscribed) {
    Audience audience;
    auto mover = std::make_shared<Recorder>();
    auto watcher = std::make_shared<Recorder>();
    audience.add(mover, 0);
    audience.add(watcher, 0);
    audience.publish(event("own"), 1, mover.get());
    audience.publish(event("theirs"), 2);
    EXPECT_EQ(mover->got, (std::vector<std::string>{"theirs"}));
    EXPECT_EQ(watcher->got.size(), 2u);
}

TEST(Audience, ClosedAndGoneSubscribersAreForgottenAndCloseAllClosesTheRest) {
    Audience audience;
    auto stays = std::make_shared<Recorder>();
    auto closes = std::make_shared<Recorder>();
    auto goes = std::make_shared<Recorder>();
    audience.add(stays, 0);
    audience.add(closes, 0);
    audience.add(goes, 0);
    closes->closed = true;
    goes.reset();
    audience.publish(event("one"), 1);
    EXPECT_EQ(audience.size(), 1u);
    audience.close_all();
    EXPECT_TRUE(stays->closed);
    EXPECT_EQ(audience.size(), 0u);
}

}  // namespace
}  // namespace chess960::server
