#include "chess960/clock.hpp"

#include <algorithm>

namespace chess960 {

namespace {

Millis starting_time(const TimeControl& control) {
    return control.per_move > 0 ? control.per_move : control.initial;
}

}  // namespace

Clock::Clock(TimeControl control)
    : control_(control), left_{starting_time(control), starting_time(control)} {}

Clock Clock::restore(TimeControl control, Millis white_left, Millis black_left,
                     std::optional<Color> running, Millis turn_started_at) {
    Clock clock(control);
    clock.left_[White] = white_left;
    clock.left_[Black] = black_left;
    clock.running_ = running;
    clock.turn_started_at_ = turn_started_at;
    return clock;
}

Millis Clock::remaining(Color c, Millis now) const {
    Millis left = left_[c];
    // A `now` before the turn started (a clock that stepped back) charges nothing rather than
    // giving time back.
    if (running_ == c) left -= std::max<Millis>(now - turn_started_at_, 0);
    return std::max<Millis>(left, 0);
}

std::optional<int> Clock::moves_to_go(Color c) const {
    if (control_.per_move > 0 || control_.moves <= 0) return std::nullopt;
    return control_.moves - moves_made_[c] % control_.moves;
}

void Clock::start(Color side_to_move, Millis now) {
    every_move_timed_ = true;
    running_ = side_to_move;
    turn_started_at_ = now;
}

void Clock::on_move(Color mover, int plies_played, Millis now) {
    ++moves_made_[mover];
    if (control_.per_move > 0) {
        // Each move has its time, whatever the last one left.
        left_[mover] = control_.per_move;
    } else {
        // Fischer mode (Laws 6.3.1): the increment comes with a move made on one's own time,
        // so not with either side's free first move.
        if (running_ == mover) left_[mover] = remaining(mover, now) + control_.increment;
        // The move that ends a period brings the next period's time, on top of what is left
        // (Laws 6.3.2).
        if (control_.moves > 0 && moves_made_[mover] % control_.moves == 0)
            left_[mover] += control_.initial;
    }
    // The clock first runs after both sides' first moves (ply 2), unless every move is timed,
    // then always for the side to move.
    if (plies_played >= 2 || every_move_timed_)
        running_ = ~mover;
    else
        running_.reset();
    turn_started_at_ = now;
}

std::optional<Color> Clock::flagged(Millis now) const {
    // Laws 6.9: the flag falls when the time is used up, at zero, not after it.
    if (running_ && remaining(*running_, now) <= 0) return running_;
    return std::nullopt;
}

std::optional<Millis> Clock::flag_time() const {
    if (!running_) return std::nullopt;
    return turn_started_at_ + left_[*running_];
}

void Clock::stop(Millis now) {
    if (!running_) return;
    left_[*running_] = remaining(*running_, now);
    running_.reset();
    turn_started_at_ = now;
}

void Clock::resume(Millis now) {
    if (running_) turn_started_at_ = now;
}

}  // namespace chess960
