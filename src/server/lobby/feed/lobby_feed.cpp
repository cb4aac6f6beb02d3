#include "lobby/lobby_feed.hpp"

#include <algorithm>

#include "common/api_error.hpp"
#include "lobby/seek_view.hpp"

namespace chess960::server {

namespace {

// The games told and the seeks told gone, remembered to tell each once.
constexpr std::size_t kRemembered = 10'000;
// The longest an answer waits for the lobby to tell its change (the store failing meanwhile):
// then it is sent all the same.
constexpr auto kToldWaitAtMost = std::chrono::seconds(5);

std::shared_ptr<LobbyEvent> event_of(LobbyEvent::Kind kind) {
    auto event = std::make_shared<LobbyEvent>();
    event->kind = kind;
    return event;
}

}  // namespace

LobbyFeed::LobbyFeed(SeekStore& store, const LobbyOptions& options, Sources sources)
    : store_(store),
      options_(options),
      sources_(std::move(sources)),
      told_games_(kRemembered),
      gone_told_(kRemembered),
      fan_out_(options_.fan_out_helpers >= 0
                   ? options_.fan_out_helpers
                   : std::clamp(int(std::thread::hardware_concurrency()) - 1, 0, 3)) {
    thread_ = std::thread([this] { loop(); });
}

LobbyFeed::~LobbyFeed() { stop(); }

void LobbyFeed::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void LobbyFeed::changed() {
    std::lock_guard lock(mutex_);
    ++asked_;
    changed_ = true;
    wake_.notify_one();
}

void LobbyFeed::watch(const SeekRow& seek) {
    std::lock_guard lock(mutex_);
    watched_.push_back(seek);
}

void LobbyFeed::heard(bool seeks) {
    {
        std::lock_guard lock(mutex_);
        if (seeks)
            changed_ = true;
        else
            woken_ = true;
    }
    wake_.notify_one();
}

void LobbyFeed::after_told(std::move_only_function<void()> then) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_ && told_ < asked_) {
            told_waiting_.push_back({asked_, Clock::now() + kToldWaitAtMost, std::move(then)});
            return;
        }
    }
    then();
}

LobbyFeed::Joined LobbyFeed::join(const std::shared_ptr<LobbyListener>& listener) {
    std::lock_guard lock(mutex_);
    std::erase_if(listeners_, [](const auto& l) { return l.expired(); });
    if (listeners_.size() >= options_.max_listeners)
        throw ApiError{503, "the lobby has all the connections it can serve: try again shortly", 5,
                       "unavailable"};
    listeners_.push_back(listener);
    Joined joined;
    joined.seeks.reserve(known_.size());
    for (const auto& [id, seek] : known_)
        if (sees(seek, listener->account_id)) joined.seeks.push_back(seek);
    std::ranges::sort(joined.seeks, {},
                      [](const SeekRow& s) { return std::pair(s.created_at, s.id); });
    joined.waiting = waiting_;
    return joined;
}

void LobbyFeed::part(const std::shared_ptr<LobbyListener>& listener) {
    std::lock_guard lock(mutex_);
    std::erase_if(listeners_, [&](const auto& l) {
        auto held = l.lock();
        return !held || held == listener;
    });
}

// --- The thread ----------------------------------------------------------------------------------

LobbyFeed::Clock::duration LobbyFeed::wait_at_most() const {
    Clock::duration wait = options_.poll_every;
    // Answers waiting for a pass that could not read the seeks: read again soon.
    if (!told_waiting_.empty())
        wait = std::min<Clock::duration>(wait, std::chrono::milliseconds(200));
    // While players wait in the pools, their ranges widen: read at least that often.
    if (std::ranges::any_of(waiting_, [](int n) { return n > 0; }))
        wait = std::min<Clock::duration>(wait, options_.pool_range.widen_every);
    // A list of who is online held back is told when it may be.
    if (const auto held = sources_.online_held())
        wait =
            std::clamp<Clock::duration>(*held - Clock::now(), std::chrono::milliseconds(1), wait);
    return wait;
}

bool LobbyFeed::wait(std::unique_lock<std::mutex>& lock) {
    // The first pass reads the seeks at once; then at each change, or each poll.
    if (std::exchange(started_, true))
        wake_.wait_for(lock, wait_at_most(), [&] { return stopping_ || changed_ || woken_; });
    if (stopping_) return false;
    // Changes that come close together are read and told together.
    if (const auto since = Clock::now() - last_pass_; since < options_.feed_gap)
        wake_.wait_for(lock, options_.feed_gap - since, [&] { return stopping_; });
    return !stopping_;
}

void LobbyFeed::loop() {
    std::unique_lock lock(mutex_);
    while (wait(lock)) {
        last_pass_ = Clock::now();
        changed_ = woken_ = false;
        const std::uint64_t asked = asked_;
        const std::vector<SeekRow> watched = std::exchange(watched_, {});
        lock.unlock();
        // The store is read without the lock: joining and leaving never wait on it.
        Pass pass = read(watched);
        lock.lock();
        tell(pass);
        // A pass that could not read the seeks told nothing: the answers waiting for it wait
        // for the next (each at most kToldWaitAtMost).
        if (pass.seeks) told_ = asked;
        answer_told(lock);
    }
    // Stopping: what waits is answered.
    auto left = std::exchange(told_waiting_, {});
    lock.unlock();
    for (auto& waiting : left) waiting.then();
}

LobbyFeed::Pass LobbyFeed::read(const std::vector<SeekRow>& watched) {
    Pass pass;
    try {
        pass.online = sources_.online();
        std::vector<SeekRow> seeks = sources_.seeks(pass.paired);
        std::vector<std::string> paired_ids;
        for (const AccountGameRow& game : pass.paired) {
            if (game.seek_id) paired_ids.push_back(*game.seek_id);
            if (game.second_seek_id) paired_ids.push_back(*game.second_seek_id);
        }
        pass.changes = seek_changes(known_, seeks, paired_ids, watched, gone_told_);
        // A seek gone was accepted or paired (its game was stored in the transaction that took
        // it: found) or withdrawn (no game).
        for (const SeekRow& seek : pass.changes.gone)
            pass.games_of_gone.push_back(store_.find_game_of_seek(seek.id));
        pass.seeks = std::move(seeks);
    } catch (const std::exception& e) {
        if (options_.log)
            options_.log(std::string("reading the lobby's seeks failed: ") + e.what());
    }
    return pass;
}

void LobbyFeed::tell_started(const AccountGameRow& game) {
    if (!game.white_account || !game.black_account) return;
    if (!told_games_.insert(game.game_id)) return;
    auto started = event_of(LobbyEvent::Kind::Started);
    started->id = game.game_id;
    publish(started, {*game.white_account, *game.black_account});
}

void LobbyFeed::tell_seeks(Pass& pass) {
    for (std::size_t i = 0; i < pass.changes.gone.size(); ++i) {
        const SeekRow& seek = pass.changes.gone[i];
        if (!seek.quick) {
            auto removed = event_of(LobbyEvent::Kind::Removed);
            removed->id = seek.id;
            publish(removed, seen_by(seek));
        }
        known_.erase(seek.id);
        gone_told_.insert(seek.id);
        if (pass.games_of_gone[i]) tell_started(*pass.games_of_gone[i]);
    }
    for (const AccountGameRow& game : pass.paired) tell_started(game);
    for (const std::string& id : pass.changes.paired) known_.erase(id);
    for (SeekRow& seek : pass.changes.added) {
        // A quick pairing seek is known (to tell its players of its game), not shown.
        if (!seek.quick) {
            auto added = event_of(LobbyEvent::Kind::Added);
            added->seek = seek;
            publish(added, seen_by(seek));
        }
        const std::string id = seek.id;
        known_.emplace(id, std::move(seek));
    }
    if (const auto waiting = waiting_in(*pass.seeks); waiting != waiting_) {
        waiting_ = waiting;
        auto event = event_of(LobbyEvent::Kind::Pools);
        event->waiting = waiting;
        publish(event);
    }
}

void LobbyFeed::tell(Pass& pass) {
    if (pass.seeks) tell_seeks(pass);
    if (pass.online) {
        auto event = event_of(LobbyEvent::Kind::Online);
        event->names = std::move(*pass.online);
        publish(event);
    }
    publish_pass();
}

void LobbyFeed::answer_told(std::unique_lock<std::mutex>& lock) {
    std::vector<std::move_only_function<void()>> told;
    const auto now = Clock::now();
    while (!told_waiting_.empty() &&
           (told_waiting_.front().change <= told_ || told_waiting_.front().due <= now)) {
        told.push_back(std::move(told_waiting_.front().then));
        told_waiting_.pop_front();
    }
    if (told.empty()) return;
    lock.unlock();
    for (auto& then : told) then();
    lock.lock();
}

// --- Telling -------------------------------------------------------------------------------------

void LobbyFeed::publish(const std::shared_ptr<const LobbyEvent>& event,
                        const std::vector<std::string>& only_accounts) {
    // A change for everyone waits for the pass's end, to go with the others in one message.
    if (only_accounts.empty())
        for_everyone_.push_back(event);
    else
        deliver_to(event, only_accounts);
}

void LobbyFeed::publish_pass() {
    if (for_everyone_.empty()) return;
    if (for_everyone_.size() == 1) {
        deliver_to_all(for_everyone_.front());
    } else {
        auto batch = event_of(LobbyEvent::Kind::Batch);
        batch->events = std::move(for_everyone_);
        deliver_to_all(batch);
    }
    for_everyone_.clear();
}

void LobbyFeed::deliver_to(const std::shared_ptr<const LobbyEvent>& event,
                           const std::vector<std::string>& accounts) {
    std::erase_if(listeners_, [&](const std::weak_ptr<LobbyListener>& weak) {
        auto listener = weak.lock();
        if (!listener) return true;
        if (std::ranges::find(accounts, listener->account_id) == accounts.end()) return false;
        return !listener->deliver(event);
    });
}

void LobbyFeed::deliver_to_all(const std::shared_ptr<const LobbyEvent>& event) {
    // Shared between the fan-out's threads, those gone or too far behind forgotten after.
    std::vector<char> gone(listeners_.size(), 0);
    fan_out_.run(listeners_.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            auto listener = listeners_[i].lock();
            gone[i] = !listener || !listener->deliver(event);
        }
    });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < listeners_.size(); ++i)
        if (!gone[i]) {
            if (kept != i) listeners_[kept] = std::move(listeners_[i]);
            ++kept;
        }
    listeners_.resize(kept);
}

}  // namespace chess960::server
