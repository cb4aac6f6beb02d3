// The command line of `chess960 match`.
#include "match/options.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <limits>

#include "args/arguments.hpp"
#include "match/time_control.hpp"

namespace chess960::match {

namespace {

using Error = std::unexpected<std::string>;

using args::to_double;
using args::to_int;

// "key=value" words after an option such as --engine or --sprt.
struct KeyValue {
    std::string key, value;
};

std::optional<KeyValue> split_key_value(const std::string& word) {
    std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    return KeyValue{word.substr(0, eq), word.substr(eq + 1)};
}

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

std::expected<EngineConfig, std::string> parse_engine(const std::vector<std::string>& words) {
    EngineConfig engine;
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
                return Error("--engine: nodes must be a number from 1, not '" + kv->value + "'");
            engine.nodes = std::uint64_t(*n);
        } else if (kv->key.starts_with("option.") && kv->key.size() > 7)
            engine.options.emplace_back(kv->key.substr(7), kv->value);
        else
            return Error("--engine: unknown key '" + kv->key +
                         "' (cmd, name, arg, dir, nodes, option.NAME)");
    }
    if (engine.command.empty()) return Error("--engine needs cmd=PATH");
    return engine;
}

std::expected<SprtConfig, std::string> parse_sprt(const std::vector<std::string>& words) {
    SprtConfig sprt;
    for (const auto& word : words) {
        auto kv = split_key_value(word);
        if (!kv) return Error("--sprt: expected key=value, not '" + word + "'");
        const bool probability = kv->key == "alpha" || kv->key == "beta";
        auto v = probability ? to_double(kv->value, 1e-9, 0.5) : to_double(kv->value, -2000, 2000);
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
    return sprt;
}

std::expected<DrawAdjudication, std::string> parse_draw(const std::vector<std::string>& words) {
    DrawAdjudication draw;
    for (const auto& word : words) {
        auto kv = split_key_value(word);
        if (!kv) return Error("--draw: expected key=value, not '" + word + "'");
        auto v = to_int(kv->value, 0, 100000);
        if (!v) return Error("--draw " + kv->key + ": a number is needed, not '" + kv->value + "'");
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
    return draw;
}

std::expected<ResignAdjudication, std::string> parse_resign(const std::vector<std::string>& words) {
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
            return Error("--resign " + kv->key + ": a number from 1 is needed, not '" + kv->value +
                         "'");
        if (kv->key == "movecount")
            resign.move_count = int(*v);
        else if (kv->key == "score")
            resign.score = int(*v);
        else
            return Error("--resign: unknown key '" + kv->key + "' (movecount, score, twosided)");
    }
    return resign;
}

// The words an option of key=value words received in one occurrence. CLI11 gives an occurrence
// without words one empty result.
std::vector<std::string> words_of(const std::vector<std::string>& results) {
    std::vector<std::string> words;
    for (const auto& r : results)
        if (!r.empty()) words.push_back(r);
    return words;
}

}  // namespace

// Each occurrence of a key=value option (--engine twice, --sprt once) is kept apart: CLI11 runs
// the option's callback at each occurrence (trigger_on_parse) and the words go into a list of
// their own.
struct MatchOptions::Values {
    std::vector<std::vector<std::string>> engines, sprt, draw, resign;
    CLI::Option *games = nullptr, *tc = nullptr, *nodes = nullptr, *depth = nullptr,
                *concurrency = nullptr, *pgn = nullptr, *log = nullptr, *event = nullptr,
                *positions = nullptr, *seed = nullptr, *double960 = nullptr, *quiet = nullptr,
                *maxmoves = nullptr, *time_margin = nullptr, *move_timeout = nullptr;
};

MatchOptions::MatchOptions(CLI::App& app) : values_(std::make_shared<Values>()) {
    Values& v = *values_;
    auto words_option = [&app](const std::string& name,
                               std::vector<std::vector<std::string>>& occurrences,
                               const std::string& description) {
        return app
            .add_option_function<std::vector<std::string>>(
                name,
                [&occurrences](const std::vector<std::string>& results) {
                    occurrences.push_back(words_of(results));
                },
                description)
            ->expected(0, CLI::detail::expected_max_vector_size)
            ->allow_extra_args()
            ->trigger_on_parse();
    };
    words_option("--engine", v.engines,
                 "an engine (give two): cmd=PATH [name=N] [arg=A]... [dir=D] [nodes=N] "
                 "[option.NAME=V]...")
        ->type_name("KEY=VALUE");
    v.games = app.add_option("--games", "games to play (1..1000000)")->type_name("N");
    v.tc = app.add_option("--tc", "time control [MOVES/]SECONDS[+INCREMENT]: 10+0.1, 40/60")
               ->type_name("TC");
    v.nodes = app.add_option("--nodes", "nodes per move instead of a clock")->type_name("N");
    v.depth =
        app.add_option("--depth", "depth per move instead of a clock (1..250)")->type_name("D");
    v.concurrency =
        app.add_option("--concurrency", "games played at once (1..256, default 1)")->type_name("K");
    v.pgn = app.add_option("--pgn", "write the games to FILE")->type_name("FILE");
    v.positions = app.add_option("--positions",
                                 "random (default), all, numbers N,N:M,... (W:B Double "
                                 "Chess960), or a FILE of FENs/EPD lines")
                      ->type_name("SPEC");
    v.seed = app.add_option("--seed", "seed of the random positions")->type_name("S");
    v.double960 = app.add_flag("--double960")
                      ->description("random positions are Double Chess960")
                      ->disable_flag_override();
    v.maxmoves =
        app.add_option("--maxmoves", "adjudicate a draw after N moves each")->type_name("N");
    words_option("--sprt", v.sprt,
                 "stop early by the SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05 (defaults)")
        ->type_name("KEY=VALUE");
    words_option("--draw", v.draw,
                 "draw adjudication: movenumber=40 movecount=8 score=10 (defaults)")
        ->type_name("KEY=VALUE");
    words_option("--resign", v.resign,
                 "resign adjudication: movecount=3 score=600 twosided=true (defaults)")
        ->type_name("KEY=VALUE");
    v.time_margin = app.add_option("--time-margin",
                                   "grace per move before a time forfeit (0..60000 ms, "
                                   "default 50)")
                        ->type_name("MS");
    v.move_timeout = app.add_option("--move-timeout",
                                    "with --nodes or --depth: longest a move may take (default "
                                    "60 s)")
                         ->type_name("S");
    v.event = app.add_option("--event", "the PGN Event tag")->type_name("NAME");
    v.log = app.add_option("--log", "write every line to and from the engines to FILE")
                ->type_name("FILE");
    v.quiet =
        app.add_flag("--quiet")->description("no per-game progress lines")->disable_flag_override();
}

std::expected<MatchConfig, std::string> MatchOptions::config() const {
    const Values& v = *values_;
    MatchConfig config;
    if (v.engines.size() > 2)
        return Error("a match is between two engines: --engine given " +
                     std::to_string(v.engines.size()) + " times");
    for (std::size_t i = 0; i < v.engines.size(); ++i) {
        auto engine = parse_engine(v.engines[i]);
        if (!engine) return Error(engine.error());
        config.engines[i] = *engine;
    }
    for (const auto* words : {&v.sprt, &v.draw, &v.resign})
        if (words->size() > 1)
            return Error(std::string(words == &v.sprt   ? "--sprt"
                                     : words == &v.draw ? "--draw"
                                                        : "--resign") +
                         " is given twice");
    if (auto games = args::value(v.games)) {
        auto n = to_int(*games, 1, 1'000'000);
        if (!n) return Error("--games must be a number from 1 to 1000000, not '" + *games + "'");
        config.games = int(*n);
    }
    int limits = 0;
    if (auto tc_text = args::value(v.tc)) {
        auto tc = parse_time_control(*tc_text);
        if (!tc) return Error(tc.error());
        config.limit.kind = Limit::Kind::Time;
        config.limit.time = *tc;
        ++limits;
    }
    if (auto nodes = args::value(v.nodes)) {
        auto n = to_int(*nodes, 1, std::int64_t(1) << 50);
        if (!n) return Error("--nodes must be a number from 1, not '" + *nodes + "'");
        config.limit.kind = Limit::Kind::Nodes;
        config.limit.nodes = std::uint64_t(*n);
        ++limits;
    }
    if (auto depth = args::value(v.depth)) {
        auto n = to_int(*depth, 1, 250);
        if (!n) return Error("--depth must be a number from 1 to 250, not '" + *depth + "'");
        config.limit.kind = Limit::Kind::Depth;
        config.limit.depth = int(*n);
        ++limits;
    }
    if (auto k = args::value(v.concurrency)) {
        auto n = to_int(*k, 1, 256);
        if (!n) return Error("--concurrency must be a number from 1 to 256, not '" + *k + "'");
        config.concurrency = int(*n);
    }
    for (auto [option, name, target] : {std::tuple{v.pgn, "--pgn", &config.pgn_path},
                                        std::tuple{v.log, "--log", &config.log_path},
                                        std::tuple{v.event, "--event", &config.event}}) {
        if (auto text = args::value(option)) {
            if (text->empty()) return Error(std::string(name) + " needs a non-empty value");
            *target = *text;
        }
    }
    if (auto text = args::value(v.positions)) {
        auto spec = parse_positions(*text);
        if (!spec) return Error(spec.error());
        config.positions = *spec;
    }
    if (auto text = args::value(v.seed)) {
        auto seed = args::to_uint64(*text);
        if (!seed) return Error("--seed must be a non-negative integer, not '" + *text + "'");
        config.seed = *seed;
    }
    config.double960 = args::given(v.double960);
    config.quiet = args::given(v.quiet);
    if (auto text = args::value(v.maxmoves)) {
        auto n = to_int(*text, 1, 100000);
        if (!n) return Error("--maxmoves must be a number from 1, not '" + *text + "'");
        config.max_moves = int(*n);
    }
    if (auto text = args::value(v.time_margin)) {
        auto n = to_int(*text, 0, 60000);
        if (!n)
            return Error("--time-margin must be milliseconds from 0 to 60000, not '" + *text + "'");
        config.time_margin_ms = int(*n);
    }
    if (auto text = args::value(v.move_timeout)) {
        auto s = to_double(*text, 0.01, 1e6);
        if (!s) return Error("--move-timeout must be seconds (more than 0), not '" + *text + "'");
        config.move_timeout_s = *s;
    }
    if (!v.sprt.empty()) {
        auto sprt = parse_sprt(v.sprt.front());
        if (!sprt) return Error(sprt.error());
        config.sprt = *sprt;
    }
    if (!v.draw.empty()) {
        auto draw = parse_draw(v.draw.front());
        if (!draw) return Error(draw.error());
        config.draw = *draw;
    }
    if (!v.resign.empty()) {
        auto resign = parse_resign(v.resign.front());
        if (!resign) return Error(resign.error());
        config.resign = *resign;
    }
    if (v.engines.size() != 2) return Error("match needs two engines: --engine cmd=PATH ... twice");
    if (config.games == 0) return Error("match needs --games N");
    if (limits != 1) return Error("match needs exactly one of --tc, --nodes and --depth");
    if (config.double960 && config.positions.kind != PositionSpec::Kind::Random)
        return Error(
            "--double960 goes with random positions (for a list, write W:B numbers instead)");
    if (config.seed && config.positions.kind != PositionSpec::Kind::Random)
        return Error("--seed goes with random positions");
    return config;
}

std::expected<MatchConfig, std::string> parse_match_arguments(
    const std::vector<std::string>& arguments) {
    CLI::App app("A Chess960 match between two UCI engines", "chess960 match");
    args::configure(app);
    MatchOptions options(app);
    try {
        args::parse(app, arguments);
    } catch (const args::ArgumentError& e) {
        return Error(e.message);
    } catch (const args::HelpRequested& help) {
        return Error(help.text);
    }
    return options.config();
}

}  // namespace chess960::match
