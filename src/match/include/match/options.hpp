// The command line of `chess960 match` on CLI11: the options are declared on an App (the
// `match` subcommand of `chess960`, or an App of their own in parse_match_arguments), and
// config() checks what was given once the App has parsed.
#pragma once

#include <expected>
#include <memory>
#include <string>

#include <vector>

#include "match/config.hpp"

namespace CLI {
class App;
}

namespace chess960::match {

class MatchOptions {
  public:
    explicit MatchOptions(CLI::App& app);
    // The configuration, or what is wrong with the options given (exit status 2).
    std::expected<MatchConfig, std::string> config() const;

  private:
    struct Values;
    std::shared_ptr<Values> values_;  // CLI11's callbacks write into it while parsing
};

// Parses the arguments after `chess960 match`; the message says what is wrong.
std::expected<MatchConfig, std::string> parse_match_arguments(const std::vector<std::string>& args);

}  // namespace chess960::match
