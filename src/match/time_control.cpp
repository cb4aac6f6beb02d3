#include "match/time_control.hpp"

#include <cmath>
#include <cstdio>

#include "args/arguments.hpp"

namespace chess960::match {

std::expected<TimeControl, std::string> parse_time_control(std::string_view text) {
    using Error = std::unexpected<std::string>;
    TimeControl tc;
    std::string_view rest = text;
    if (std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
        auto moves = args::to_int(rest.substr(0, slash), 1, 1000);
        if (!moves) return Error("--tc: bad number of moves in '" + std::string(text) + "'");
        tc.moves = int(*moves);
        rest = rest.substr(slash + 1);
    }
    std::string_view base = rest;
    std::optional<double> inc_s = 0;
    if (std::size_t plus = rest.find('+'); plus != std::string_view::npos) {
        base = rest.substr(0, plus);
        inc_s = args::to_double(rest.substr(plus + 1), 0, 1e5);
    }
    auto base_s = args::to_double(base, 0.001, 1e6);
    if (!base_s || !inc_s)
        return Error("--tc must be [MOVES/]SECONDS[+INCREMENT], like 10+0.1 or 40/60, not '" +
                     std::string(text) + "'");
    tc.initial = std::llround(*base_s * 1000);
    tc.increment = std::llround(*inc_s * 1000);
    return tc;
}

std::string time_control_tag(const TimeControl& tc) {
    auto seconds = [](Millis ms) {
        std::string s = std::to_string(ms / 1000);
        if (ms % 1000) {
            char frac[8];
            std::snprintf(frac, sizeof frac, ".%03d", int(ms % 1000));
            std::string f = frac;
            while (f.back() == '0') f.pop_back();
            s += f;
        }
        return s;
    };
    std::string tag =
        tc.moves ? std::to_string(tc.moves) + "/" + seconds(tc.initial) : seconds(tc.initial);
    if (tc.increment) tag += "+" + seconds(tc.increment);
    return tag;
}

Clock game_clock(const MatchConfig& config, Color side_to_move) {
    TimeControl control = config.limit.time;
    if (config.limit.kind != Limit::Kind::Time)
        control = TimeControl{.per_move = std::llround(config.move_timeout_s * 1000)};
    Clock clock(control);
    clock.start(side_to_move, 0);
    return clock;
}

Millis search_time(const MatchConfig& config, const Clock& clock, Color us) {
    const Millis left = clock.remaining(us, clock.turn_started_at());
    return config.limit.kind == Limit::Kind::Time ? left + config.time_margin_ms : left;
}

}  // namespace chess960::match
