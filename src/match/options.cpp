// The command line of `chess960 match`.
#include <charconv>
#include <cmath>
#include <limits>
#include <set>

#include "match/match.hpp"

namespace chess960::match {

namespace {

using Error = std::unexpected<std::string>;

std::optional<std::int64_t> to_int(std::string_view text, std::int64_t lo, std::int64_t hi) {
    std::int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < lo ||
        value > hi)
        return std::nullopt;
    return value;
}

std::optional<double> to_double(std::string_view text, double lo, double hi) {
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
        !std::isfinite(value) || value < lo || value > hi)
        return std::nullopt;
    return value;
}

// "key=value" words after an option such as --engine or --sprt.
struct KeyValue {
    std::string key, value;
};

std::optional<KeyValue> split_key_value(const std::string& word) {
    std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    return KeyValue{word.substr(0, eq), word.substr(eq + 1)};
}

bool is_option(const std::string& word) { return word.starts_with("--"); }

std::expected<PositionSpec, std::string> parse_positions(const std::string& text) {
    PositionSpec spec;
    if (text == "random") return spec;
    if (text == "all") {
        spec.kind = PositionSpec::Kind::All;
        return spec;
    }
    // A list of numbers ("12,518,900"; "12:700" gives each side its own arrangement); anything
    // else is a file name.
    if (!text.empty() && text.find_first_not_of("0123456789,:") == std::string::npos) {
        spec.kind = PositionSpec::Kind::List;
        std::size_t begin = 0;
        while (begin <= text.size()) {
            std::size_t end = text.find(',', begin);
            if (end == std::string::npos) end = text.size();
            std::string item = text.substr(begin, end - begin);
            std::size_t colon = item.find(':');
            auto white = to_int(item.substr(0, colon), 0, 959);
            auto black =
                colon == std::string::npos ? white : to_int(item.substr(colon + 1), 0, 959);
            if (!white || !black)
                return Error("--positions: '" + item +
                             "' is not a start position number 0..959 (or W:B)");
            spec.numbers.emplace_back(int(*white), int(*black));
            begin = end + 1;
        }
        return spec;
    }
    spec.kind = PositionSpec::Kind::File;
    spec.file = text;
    return spec;
}

}  // namespace

std::expected<TimeControl, std::string> parse_time_control(std::string_view text) {
    TimeControl tc;
    std::string_view rest = text;
    if (std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
        auto moves = to_int(rest.substr(0, slash), 1, 1000);
        if (!moves) return Error("--tc: bad number of moves in '" + std::string(text) + "'");
        tc.moves = int(*moves);
        rest = rest.substr(slash + 1);
    }
    std::string_view base = rest;
    std::optional<double> inc_s = 0;
    if (std::size_t plus = rest.find('+'); plus != std::string_view::npos) {
        base = rest.substr(0, plus);
        inc_s = to_double(rest.substr(plus + 1), 0, 1e5);
    }
    auto base_s = to_double(base, 0.001, 1e6);
    if (!base_s || !inc_s)
        return Error("--tc must be [MOVES/]SECONDS[+INCREMENT], like 10+0.1 or 40/60, not '" +
                     std::string(text) + "'");
    tc.base_ms = std::llround(*base_s * 1000);
    tc.increment_ms = std::llround(*inc_s * 1000);
    return tc;
}

std::string time_control_tag(const TimeControl& tc) {
    auto seconds = [](std::int64_t ms) {
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
        tc.moves ? std::to_string(tc.moves) + "/" + seconds(tc.base_ms) : seconds(tc.base_ms);
    if (tc.increment_ms) tag += "+" + seconds(tc.increment_ms);
    return tag;
}

std::expected<MatchConfig, std::string> parse_match_arguments(
    const std::vector<std::string>& args) {
    MatchConfig config;
    int engines = 0;
    int limits = 0;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& option = args[i];
        if (!is_option(option)) return Error("unexpected argument '" + option + "'");
        // The key=value words that follow.
        std::vector<std::string> words;
        auto take_words = [&] {
            while (i + 1 < args.size() && !is_option(args[i + 1])) words.push_back(args[++i]);
        };
        auto value = [&]() -> std::expected<std::string, std::string> {
            if (i + 1 >= args.size()) return Error(option + " needs a value");
            return args[++i];
        };
        if (option != "--engine") {
            if (seen.count(option)) return Error(option + " is given twice");
            seen.insert(option);
        }
        if (option == "--engine") {
            if (engines == 2)
                return Error("a match is between two engines: --engine given 3 times");
            take_words();
            EngineConfig& engine = config.engines[std::size_t(engines++)];
            for (const auto& word : words) {
                auto kv = split_key_value(word);
                if (!kv) return Error("--engine: expected key=value, not '" + word + "'");
                if (kv->key == "cmd")
                    engine.command = kv->value;
                else if (kv->key == "name")
                    engine.name = kv->value;
                else if (kv->key == "arg")
                    engine.args.push_back(kv->value);
                else if (kv->key == "dir")
                    engine.directory = kv->value;
                else if (kv->key == "nodes") {
                    auto n = to_int(kv->value, 1, std::numeric_limits<std::int64_t>::max());
                    if (!n)
                        return Error("--engine: nodes must be a number from 1, not '" + kv->value +
                                     "'");
                    engine.nodes = std::uint64_t(*n);
                } else if (kv->key.starts_with("option.") && kv->key.size() > 7)
                    engine.options.emplace_back(kv->key.substr(7), kv->value);
                else
                    return Error("--engine: unknown key '" + kv->key +
                                 "' (cmd, name, arg, dir, nodes, option.NAME)");
            }
            if (engine.command.empty()) return Error("--engine needs cmd=PATH");
        } else if (option == "--games") {
            auto v = value();
            if (!v) return Error(v.error());
            auto n = to_int(*v, 1, 1'000'000);
            if (!n) return Error("--games must be a number from 1 to 1000000, not '" + *v + "'");
            config.games = int(*n);
        } else if (option == "--tc") {
            auto v = value();
            if (!v) return Error(v.error());
            auto tc = parse_time_control(*v);
            if (!tc) return Error(tc.error());
            config.limit.kind = Limit::Kind::Time;
            config.limit.time = *tc;
            ++limits;
        } else if (option == "--nodes") {
            auto v = value();
            if (!v) return Error(v.error());
            auto n = to_int(*v, 1, std::int64_t(1) << 50);
            if (!n) return Error("--nodes must be a number from 1, not '" + *v + "'");
            config.limit.kind = Limit::Kind::Nodes;
            config.limit.nodes = std::uint64_t(*n);
            ++limits;
        } else if (option == "--depth") {
            auto v = value();
            if (!v) return Error(v.error());
            auto n = to_int(*v, 1, 250);
            if (!n) return Error("--depth must be a number from 1 to 250, not '" + *v + "'");
            config.limit.kind = Limit::Kind::Depth;
            config.limit.depth = int(*n);
            ++limits;
        } else if (option == "--concurrency") {
            auto v = value();
            if (!v) return Error(v.error());
            auto n = to_int(*v, 1, 256);
            if (!n) return Error("--concurrency must be a number from 1 to 256, not '" + *v + "'");
            config.concurrency = int(*n);
        } else if (option == "--pgn" || option == "--log" || option == "--event") {
            auto v = value();
            if (!v) return Error(v.error());
            if (v->empty()) return Error(option + " needs a non-empty value");
            (option == "--pgn"   ? config.pgn_path
             : option == "--log" ? config.log_path
                                 : config.event) = *v;
        } else if (option == "--positions") {
            auto v = value();
            if (!v) return Error(v.error());
            auto spec = parse_positions(*v);
            if (!spec) return Error(spec.error());
            config.positions = *spec;
        } else if (option == "--seed") {
            auto v = value();
            if (!v) return Error(v.error());
            std::uint64_t seed = 0;
            auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), seed);
            if (v->empty() || ec != std::errc() || ptr != v->data() + v->size())
                return Error("--seed must be a non-negative integer, not '" + *v + "'");
            config.seed = seed;
        } else if (option == "--double960") {
            config.double960 = true;
        } else if (option == "--quiet") {
            config.quiet = true;
        } else if (option == "--maxmoves") {
            auto v = value();
            if (!v) return Error(v.error());
            auto n = to_int(*v, 1, 100000);
            if (!n) return Error("--maxmoves must be a number from 1, not '" + *v + "'");
            config.max_moves = int(*n);
        } else if (option == "--time-margin") {
            auto v = value();
            if (!v) return Error(v.error());
            auto n = to_int(*v, 0, 60000);
            if (!n)
                return Error("--time-margin must be milliseconds from 0 to 60000, not '" + *v +
                             "'");
            config.time_margin_ms = int(*n);
        } else if (option == "--move-timeout") {
            auto v = value();
            if (!v) return Error(v.error());
            auto s = to_double(*v, 0.01, 1e6);
            if (!s) return Error("--move-timeout must be seconds (more than 0), not '" + *v + "'");
            config.move_timeout_s = *s;
        } else if (option == "--sprt") {
            take_words();
            SprtConfig sprt;
            for (const auto& word : words) {
                auto kv = split_key_value(word);
                if (!kv) return Error("--sprt: expected key=value, not '" + word + "'");
                const bool probability = kv->key == "alpha" || kv->key == "beta";
                auto v = probability ? to_double(kv->value, 1e-9, 0.5)
                                     : to_double(kv->value, -2000, 2000);
                if (!v)
                    return Error("--sprt " + kv->key + ": " +
                                 (probability ? "a probability in (0, 0.5]" : "an Elo value") +
                                 " is needed, not '" + kv->value + "'");
                if (kv->key == "elo0")
                    sprt.elo0 = *v;
                else if (kv->key == "elo1")
                    sprt.elo1 = *v;
                else if (kv->key == "alpha")
                    sprt.alpha = *v;
                else if (kv->key == "beta")
                    sprt.beta = *v;
                else
                    return Error("--sprt: unknown key '" + kv->key + "' (elo0, elo1, alpha, beta)");
            }
            if (sprt.elo0 >= sprt.elo1) return Error("--sprt: elo0 must be less than elo1");
            config.sprt = sprt;
        } else if (option == "--draw") {
            take_words();
            DrawAdjudication draw;
            for (const auto& word : words) {
                auto kv = split_key_value(word);
                if (!kv) return Error("--draw: expected key=value, not '" + word + "'");
                auto v = to_int(kv->value, 0, 100000);
                if (!v)
                    return Error("--draw " + kv->key + ": a number is needed, not '" + kv->value +
                                 "'");
                if (kv->key == "movenumber")
                    draw.move_number = int(*v);
                else if (kv->key == "movecount" && *v >= 1)
                    draw.move_count = int(*v);
                else if (kv->key == "score")
                    draw.score = int(*v);
                else
                    return Error("--draw: unknown key '" + kv->key +
                                 "' (movenumber, movecount >= 1, score)");
            }
            config.draw = draw;
        } else if (option == "--resign") {
            take_words();
            ResignAdjudication resign;
            for (const auto& word : words) {
                auto kv = split_key_value(word);
                if (!kv) return Error("--resign: expected key=value, not '" + word + "'");
                if (kv->key == "twosided") {
                    if (kv->value != "true" && kv->value != "false")
                        return Error("--resign twosided: true or false, not '" + kv->value + "'");
                    resign.two_sided = kv->value == "true";
                    continue;
                }
                auto v = to_int(kv->value, 1, 100000);
                if (!v)
                    return Error("--resign " + kv->key + ": a number from 1 is needed, not '" +
                                 kv->value + "'");
                if (kv->key == "movecount")
                    resign.move_count = int(*v);
                else if (kv->key == "score")
                    resign.score = int(*v);
                else
                    return Error("--resign: unknown key '" + kv->key +
                                 "' (movecount, score, twosided)");
            }
            config.resign = resign;
        } else {
            return Error("unknown option '" + option + "'");
        }
    }
    if (engines != 2) return Error("match needs two engines: --engine cmd=PATH ... twice");
    if (config.games == 0) return Error("match needs --games N");
    if (limits != 1) return Error("match needs exactly one of --tc, --nodes and --depth");
    if (config.double960 && config.positions.kind != PositionSpec::Kind::Random)
        return Error(
            "--double960 goes with random positions (for a list, write W:B numbers instead)");
    if (config.seed && config.positions.kind != PositionSpec::Kind::Random)
        return Error("--seed goes with random positions");
    return config;
}

}  // namespace chess960::match
