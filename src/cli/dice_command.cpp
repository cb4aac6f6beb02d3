// `chess960 dice`: a start position from throws of an ordinary die (event/dice.hpp), given as
// arguments or typed one by one (with a prompt when stdin is a terminal).
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <sstream>

#include "args/arguments.hpp"
#include "cli/command.hpp"
#include "cli/start_position_text.hpp"
#include "draw/dice.hpp"

namespace chess960::cli {

namespace {

struct DiceOptions {
    CLI::Option *throws = nullptr, *explain = nullptr;
};

// "faces 1 to 4 count; on 5 or 6 throw again"
std::string counting_rule(const dice::Step& step) {
    if (step.faces == 6) return "every face counts";
    std::string again = step.faces == 5 ? "6" : std::to_string(step.faces + 1) + " or 6";
    return "1 to " + std::to_string(step.faces) + " count; on " + again + " throw again";
}

std::optional<int> face_of(const std::string& text) {
    auto face = args::to_int(text, 1, 6);
    if (!face) return std::nullopt;
    return int(*face);
}

// Takes one throw and prints what it did.
void take(dice::Procedure& procedure, int face, int& thrown) {
    const dice::Step step = procedure.next();
    ++thrown;
    std::cout << "Throw " << thrown << ": " << face << " -> ";
    if (procedure.take(face) == dice::Procedure::Outcome::ThrowAgain) {
        std::cout << "throw again (for the " << step.piece << ", " << counting_rule(step) << ")\n";
        return;
    }
    std::cout << procedure.last_placement() << "\n";
    if (procedure.complete())
        std::cout << "No throw: rook, king, rook on " << procedure.rook_king_rook_squares() << "\n";
}

std::string next_step_text(const dice::Procedure& procedure) {
    const dice::Step& step = procedure.next();
    return "the " + std::string(step.piece) + " (" + counting_rule(step) + ")";
}

int from_arguments(const std::vector<std::string>& throws) {
    // Check every throw before printing anything.
    std::vector<int> faces;
    for (const auto& text : throws) {
        auto face = face_of(text);
        if (!face) throw args::ArgumentError{"a throw is a number 1 to 6, not '" + text + "'"};
        faces.push_back(*face);
    }
    dice::Procedure check;
    for (std::size_t i = 0; i < faces.size(); ++i) {
        if (check.complete())
            throw args::ArgumentError{
                "more throws than the procedure needs: the position is "
                "complete after throw " +
                std::to_string(i) + ", so '" + throws[i] + "' is left over"};
        check.take(faces[i]);
    }
    if (!check.complete())
        throw args::ArgumentError{
            "the throws end before the position is complete: the next "
            "throw is for " +
            next_step_text(check)};
    dice::Procedure procedure;
    int thrown = 0;
    for (int face : faces) take(procedure, face, thrown);
    std::cout << "\n";
    print_start_position(std::cout, {procedure.number(), procedure.number()});
    return 0;
}

// Throws typed on stdin, any number a line. At a terminal each throw is prompted for and a typing
// mistake asks again; from a pipe or file a bad word or missing throws are an error (exit 1).
int from_input() {
    const bool terminal = isatty(STDIN_FILENO) == 1;
    dice::Procedure procedure;
    int thrown = 0;
    int line_number = 0;
    std::string line;
    if (terminal) std::cerr << "Type each throw of the die (1 to 6) and press Enter.\n";
    while (!procedure.complete()) {
        if (terminal)
            std::cerr << "Throw " << thrown + 1 << ", for " << next_step_text(procedure) << ": "
                      << std::flush;
        if (!std::getline(std::cin, line)) {
            if (terminal) std::cerr << "\n";
            std::cerr << "chess960: dice: the input ended after " << thrown
                      << " throws, before the position is complete: the next throw is for "
                      << next_step_text(procedure) << std::endl;
            return kFailed;
        }
        ++line_number;
        std::istringstream words(line);
        std::string word;
        while (words >> word) {
            if (procedure.complete()) {
                std::cerr << "chess960: dice: more throws than the procedure needs: '" << word
                          << "' is left over" << std::endl;
                return kFailed;
            }
            auto face = face_of(word);
            if (!face) {
                if (terminal) {
                    std::cerr << "'" << word << "' is not a throw: type a number 1 to 6\n";
                    break;  // the rest of the line is dropped; prompt again
                }
                std::cerr << "chess960: dice: line " << line_number << ": '" << word
                          << "' is not a throw (a number 1 to 6)" << std::endl;
                return kFailed;
            }
            take(procedure, *face, thrown);
        }
    }
    if (!terminal) {
        std::string word;
        if (std::cin >> word) {
            std::cerr << "chess960: dice: more throws than the procedure needs: '" << word
                      << "' is left over" << std::endl;
            return kFailed;
        }
    }
    std::cout << "\n";
    print_start_position(std::cout, {procedure.number(), procedure.number()});
    return 0;
}

int run(const DiceOptions& o) {
    const bool have_throws = args::given(o.throws);
    if (args::given(o.explain)) {
        if (have_throws)
            throw args::ArgumentError{"--explain prints the procedure: give the throws without it"};
        std::cout << dice::explanation();
        return 0;
    }
    return have_throws ? from_arguments(o.throws->results()) : from_input();
}

}  // namespace

Command add_dice_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "dice",
        "A start position from the throws of one six-sided die, each of the 960 equally likely "
        "(--explain prints the procedure). Give the throws as arguments (chess960 dice 3 5 2 6 1 "
        "4), or type them one by one.");
    auto o = std::make_shared<DiceOptions>();
    o->throws = app->add_option("THROW", "the throws, in order (1 to 6)")
                    ->expected(1, CLI::detail::expected_max_vector_size)
                    ->allow_extra_args();
    o->explain = app->add_flag("--explain")
                     ->description("print the procedure for the arbiter")
                     ->disable_flag_override();
    return {app, [o] { return run(*o); }};
}

}  // namespace chess960::cli
