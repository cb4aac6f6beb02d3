#include "args/arguments.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace chess960::args {

namespace {

// CLI11 (2.1) reports a missing value as "NAME: 1 required TYPE missing" and a value given to a
// flag as "NAME was given a disallowed flag override"; the option's name is all it carries, so
// it is read from the front of the message.
std::string argument_mismatch_message(const std::string& what) {
    const std::size_t colon = what.find(':');
    if (colon != std::string::npos && what.ends_with("missing"))
        return what.substr(0, colon) + " needs a value";
    const std::string override_suffix = " was given a disallowed flag override";
    if (what.ends_with(override_suffix)) {
        // Here CLI11 names the flag without its dashes.
        std::string name = what.substr(0, what.size() - override_suffix.size());
        if (!name.starts_with("-")) name = (name.size() == 1 ? "-" : "--") + name;
        return name + " takes no value";
    }
    return what;
}

std::string subcommand_list(const CLI::App& app) {
    std::string names;
    for (const CLI::App* sub : app.get_subcommands({})) {
        if (!names.empty()) names += ", ";
        names += sub->get_name();
    }
    return names;
}

// Arguments CLI11 could not place, and options given twice, from the root down to the chosen
// subcommand.
void check_used(CLI::App& app) {
    const std::vector<std::string> rest = app.remaining();
    const bool has_subcommands = !app.get_subcommands({}).empty();
    if (!rest.empty()) {
        if (has_subcommands && app.get_subcommands().empty()) {
            if (!app.get_parent()) throw ArgumentError{"unknown command '" + rest.front() + "'"};
            throw ArgumentError{"unknown " + command_path(app) + " subcommand '" + rest.front() +
                                "' (" + subcommand_list(app) + ")"};
        }
        throw ArgumentError{"unexpected argument '" + rest.front() + "'"};
    }
    for (const CLI::Option* option : app.get_options()) {
        // Options that take several values (--engine, --entropy) count their own repetitions.
        if (option->get_items_expected_max() > 1 || option->get_name() == "--help") continue;
        if (option->count() > 1)
            throw ArgumentError{option->get_name() + " is given " +
                                (option->count() == 2
                                     ? std::string("twice")
                                     : std::to_string(option->count()) + " times")};
    }
    for (CLI::App* sub : app.get_subcommands()) check_used(*sub);
}

}  // namespace

void configure(CLI::App& app) {
    app.allow_extras();
    app.require_subcommand(0, 1);
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

void parse(CLI::App& app, const std::vector<std::string>& arguments) {
    // CLI11 takes the arguments last first.
    std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());
    try {
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        // The root's help() delegates to the chosen subcommand and names it in full
        // ("Usage: chess960 event round ...").
        throw HelpRequested{app.help()};
    } catch (const CLI::CallForAllHelp&) {
        throw HelpRequested{app.help("", CLI::AppFormatMode::All)};
    } catch (const CLI::ArgumentMismatch& e) {
        throw ArgumentError{argument_mismatch_message(e.what())};
    } catch (const CLI::ParseError& e) {
        throw ArgumentError{e.what()};
    }
    check_used(app);
}

CLI::App& chosen(CLI::App& app) {
    CLI::App* at = &app;
    while (true) {
        auto subs = at->get_subcommands();
        if (subs.empty()) return *at;
        at = subs.front();
    }
}

std::string command_path(const CLI::App& app) {
    std::string path;
    for (const CLI::App* at = &app; at && at->get_parent(); at = at->get_parent())
        path = path.empty() ? at->get_name() : at->get_name() + " " + path;
    return path;
}

std::optional<std::string> value(const CLI::Option* option) {
    if (!option || option->count() == 0 || option->results().empty()) return std::nullopt;
    return option->results().back();
}

bool given(const CLI::Option* option) { return option && option->count() > 0; }

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

std::optional<std::uint64_t> to_uint64(std::string_view text) {
    std::uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

std::int64_t number_option(std::string_view name, const std::string& text, std::int64_t lo,
                           std::int64_t hi) {
    auto number = to_int(text, lo, hi);
    if (!number)
        throw ArgumentError{std::string(name) + " must be a number from " + std::to_string(lo) +
                            " to " + std::to_string(hi) + ", not '" + text + "'"};
    return *number;
}

}  // namespace chess960::args
