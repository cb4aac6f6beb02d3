#include "game_tracker.hpp"

#include "chess960/fen.hpp"
#include "chess960/uci_move.hpp"

namespace serve_load {

using chess960::CastlingMode;

GameTracker::GameTracker(std::string id, chess960::Position start, int ply, GameRecord* record)
    : id_(std::move(id)), position_(start), ply_(ply), record_(record) {}

Side GameTracker::side_to_move() const {
    return position_.side_to_move() == chess960::White ? Side::White : Side::Black;
}

const chess960::MoveList& GameTracker::legal_moves() {
    if (!legal_known_) {
        legal_ = position_.legal_moves();
        legal_known_ = true;
    }
    return legal_;
}

std::string_view GameTracker::choose_move(std::mt19937_64& random, std::int64_t id,
                                          Clock::time_point sent, Clock::time_point due) {
    const chess960::MoveList& moves = legal_moves();
    if (moves.empty()) return {};
    Pending& p = pending_[index(side_to_move())];
    p.move = moves[int(random() % std::uint64_t(moves.size()))];
    p.uci = chess960::to_uci(position_, p.move, CastlingMode::Chess960);
    p.active = true;
    p.id = id;
    p.ply = ply_ + 1;
    p.sent = sent;
    p.due = due;
    return p.uci;
}

GameTracker::Applied GameTracker::apply(int ply, std::string_view uci) {
    if (ply <= ply_) return Applied::Known;
    if (ply != ply_ + 1) return Applied::Wrong;
    const Pending& p = pending_[index(side_to_move())];
    if (p.active && p.ply == ply && uci == p.uci) {
        position_.play(p.move);
    } else {
        auto move = chess960::parse_uci(position_, uci, CastlingMode::Chess960);
        if (!move) return Applied::Wrong;
        position_.play(*move);
    }
    legal_known_ = false;
    ++ply_;
    return Applied::New;
}

bool GameTracker::reset(std::string_view fen, int ply) {
    auto position = chess960::position_from_fen(fen);
    if (!position) return false;
    position_ = *position;
    legal_known_ = false;
    ply_ = ply;
    pending_[0].active = pending_[1].active = false;
    return true;
}

Clock::duration GameTracker::acknowledge(Side seat, int ply, std::string_view uci,
                                         Clock::time_point now, LatencyLog* watcher_latency,
                                         std::uint64_t* early_watchers, LatencyLog* from_send) {
    Pending& p = pending_[index(seat)];
    const Clock::duration took = now - p.sent;
    p.active = false;
    if (record_) {
        if (record_->acked.size() < std::size_t(ply)) record_->acked.resize(std::size_t(ply));
        record_->acked[std::size_t(ply - 1)] = uci;
        ++record_->acked_count;
    }
    RecentAck& slot = recent_[std::size_t(ply) % kRecent];
    if (slot.early_ply == ply) {
        for (int i = 0; i < slot.early_watchers; ++i)
            if (watcher_latency) watcher_latency->add_us(0);
        if (early_watchers) *early_watchers += std::uint64_t(slot.early_watchers);
        if (from_send)
            for (const Clock::time_point at : slot.early_at) from_send->add(at - p.sent);
    }
    slot = RecentAck{ply, now, 0, -1, p.sent, {}};
    return took;
}

bool GameTracker::watcher_saw(int ply, Clock::time_point now, LatencyLog* watcher_latency,
                              Clock::time_point opened, LatencyLog* from_send) {
    RecentAck& slot = recent_[std::size_t(ply) % kRecent];
    if (slot.ply == ply) {
        if (slot.at < opened) return false;
        if (watcher_latency) watcher_latency->add(now - slot.at);
        if (from_send) from_send->add(now - slot.sent);
        return true;
    }
    if (slot.early_ply != ply) {
        slot.early_ply = ply;
        slot.early_watchers = 0;
        slot.early_at.clear();
    }
    ++slot.early_watchers;
    slot.early_at.push_back(now);
    return true;
}

}  // namespace serve_load
