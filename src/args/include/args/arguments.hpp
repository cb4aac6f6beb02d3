// Command lines on CLI11 with the project's conventions: an option that takes one value (or
// none) is given at most once, every argument is either used or named in the error, and CLI11's
// errors are said in our words ("--seed needs a value", "unexpected argument '17'"). Used by
// the `chess960` command and by the match options (src/match/options.cpp).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chess960::args {

// A bad command line (exit status 2); the message names what is wrong and where.
struct ArgumentError {
    std::string message;
};

// --help (or -h) was given: `text` is the help of the command it was given to (exit status 0).
struct HelpRequested {
    std::string text;
};

// Makes an App that follows the conventions: unknown arguments are collected (and reported by
// `parse`), every option keeps all the values it is given (so that `parse` can say "given twice"
// instead of CLI11's count message), at most one subcommand.
void configure(CLI::App& app);

// Parses `arguments` (without the program name) with `app`; throws ArgumentError or
// HelpRequested. After it returns, the options hold their values.
void parse(CLI::App& app, const std::vector<std::string>& arguments);

// The subcommand chosen at the deepest level under `app` ("event" then "round" gives round's
// App), or `app` itself.
CLI::App& chosen(CLI::App& app);
// "event round" for round's App under the root.
std::string command_path(const CLI::App& app);

// The one value of an option taking one value, if given.
std::optional<std::string> value(const CLI::Option* option);
bool given(const CLI::Option* option);

// `text` as an integer from lo to hi, or nothing (no sign, spaces or trailing characters).
std::optional<std::int64_t> to_int(std::string_view text, std::int64_t lo, std::int64_t hi);
// `text` as a finite number from lo to hi, or nothing.
std::optional<double> to_double(std::string_view text, double lo, double hi);
// `text` as a non-negative 64-bit integer, or nothing.
std::optional<std::uint64_t> to_uint64(std::string_view text);
// The value of option `name` as a number from lo to hi; an ArgumentError naming the range if not.
std::int64_t number_option(std::string_view name, const std::string& text, std::int64_t lo,
                           std::int64_t hi);

}  // namespace chess960::args
