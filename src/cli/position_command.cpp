// `chess960 position`: a start position by number, at random, or the number of a FEN.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "args/arguments.hpp"
#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "cli/command.hpp"
#include "cli/start_position_text.hpp"

namespace chess960::cli {

namespace {

struct PositionOptions {
    CLI::Option *what = nullptr, *fen = nullptr, *seed = nullptr, *count = nullptr,
                *exclude_standard = nullptr, *double960 = nullptr;
};

int print_number_of_fen(const std::string& fen) {
    auto pos = position_from_fen(fen);
    if (!pos) {
        std::cerr << "chess960: invalid FEN '" << fen << "': " << pos.error().to_string()
                  << std::endl;
        return kFailed;
    }
    auto numbers = startpos::numbers_of(*pos);
    if (!numbers) {
        std::cerr << "chess960: " << numbers.error().message << std::endl;
        return kFailed;
    }
    print_start_position(std::cout, *numbers);
    return 0;
}

int print_random(const PositionOptions& o) {
    std::uint64_t seed = startpos::random_seed();
    const auto seed_text = args::value(o.seed);
    if (seed_text) {
        auto parsed = args::to_uint64(*seed_text);
        if (!parsed)
            throw args::ArgumentError{"--seed must be a non-negative integer, not '" + *seed_text +
                                      "'"};
        seed = *parsed;
    }
    std::int64_t count = 1;
    if (auto text = args::value(o.count))
        count = args::number_option("--count", *text, 1, 1'000'000);
    const bool exclude_standard = args::given(o.exclude_standard);
    const bool double960 = args::given(o.double960);
    if (!seed_text)
        std::cerr << "Seed: " << seed << " (repeat this draw with --seed " << seed << ")\n";
    startpos::Random random(seed);
    for (std::int64_t i = 0; i < count; ++i) {
        int white = random.draw(exclude_standard);
        int black = double960 ? random.draw(exclude_standard) : white;
        if (i) std::cout << "\n";
        print_start_position(std::cout, {white, black});
    }
    return 0;
}

int run(const PositionOptions& o) {
    if (auto fen = args::value(o.fen)) {
        // --fen goes alone.
        if (auto what = args::value(o.what))
            throw args::ArgumentError{"unexpected argument '" + *what + "' (--fen goes alone)"};
        for (const CLI::Option* other : {o.seed, o.count, o.exclude_standard, o.double960})
            if (args::given(other))
                throw args::ArgumentError{"unexpected argument '" + other->get_name() +
                                          "' (--fen goes alone)"};
        return print_number_of_fen(*fen);
    }
    auto what = args::value(o.what);
    if (!what) throw args::ArgumentError{"position needs a number, 'random' or --fen FEN"};
    if (*what == "random") return print_random(o);
    if (args::given(o.seed) || args::given(o.count))
        throw args::ArgumentError{"--seed and --count go with 'position random'"};
    for (const CLI::Option* flag : {o.exclude_standard, o.double960})
        if (args::given(flag))
            throw args::ArgumentError{"'" + flag->get_name() + "' goes with 'position random'"};
    auto number = args::to_int(*what, 0, 959);
    if (!number)
        throw args::ArgumentError{"start position number must be 0..959, not '" + *what + "'"};
    const int n = int(*number);
    print_start_position(std::cout, {n, n});
    return 0;
}

}  // namespace

Command add_position_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "position",
        "A start position: 'position N' (0..959, Scharnagl numbering), 'position random' (each of "
        "the 960 equally likely), or 'position --fen FEN' (the number of a start position). "
        "Prints the number, back rank, X-FEN, Shredder-FEN and a diagram.");
    auto o = std::make_shared<PositionOptions>();
    o->what = app->add_option("what", "a number 0..959, or 'random'")->type_name("N|random");
    o->fen = app->add_option("--fen", "the start position number of FEN, or why it is not one")
                 ->type_name("FEN");
    o->seed =
        app->add_option("--seed", "random: the seed (the draw repeats with it)")->type_name("S");
    o->count =
        app->add_option("--count", "random: this many positions (1..1000000)")->type_name("K");
    o->exclude_standard = app->add_flag("--exclude-standard")
                              ->description("random: never 518 (ordinary chess)")
                              ->disable_flag_override();
    o->double960 =
        app->add_flag("--double")
            ->description("random: each side's arrangement drawn on its own (Double Chess960)")
            ->disable_flag_override();
    return {app, [o] { return run(*o); }};
}

}  // namespace chess960::cli
