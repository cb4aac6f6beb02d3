// `chess960 pairings`: a pairing engine with JaVaFo 1.4's and bbpPairings' command line, so
// that tournament managers that call those can call this one:
//   chess960 pairings --dutch in.trf -p [out]     pair the next round
//   chess960 pairings --dutch in.trf -c           check every round against the engine
//   chess960 pairings --dutch [model.trf] -g [config] -o out.trf [-s seed]
//                                                 a random tournament paired by the engine
// and, for arbiters, Berger tables and standings with tie-breaks. The arguments are read by
// hand: JaVaFo's grammar (an optional file after -p and -g) is not CLI11's.
// Exit codes are bbpPairings' (its README): 0 done, 1 no valid pairing (for -c: some round
// differs), 2 unexpected error, 3 invalid request (arguments, a malformed file), 4 beyond the
// engine's limits, 5 a file that cannot be read or written.
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "chess960/pairing/berger.hpp"
#include "chess960/pairing/dutch.hpp"
#include "chess960/pairing/generator.hpp"
#include "chess960/pairing/tiebreaks.hpp"
#include "chess960/pairing/trf.hpp"
#include "cli/command.hpp"

namespace chess960::cli {

namespace {

constexpr int kDone = 0;
constexpr int kNoValidPairing = 1;
constexpr int kUnexpected = 2;
constexpr int kInvalidRequest = 3;
constexpr int kLimitExceeded = 4;
constexpr int kFileError = 5;

constexpr const char* kPairingsUsage =
    R"(usage: chess960 pairings --dutch FILE -p [OUT]      pair the next round of the TRF FILE
       chess960 pairings --dutch FILE -c              check every round against the engine
       chess960 pairings --dutch [MODEL] -g [CONFIG] -o OUT [-s SEED]
                                                      a random tournament paired by the engine
       chess960 pairings --berger N [--double]        FIDE's Berger tables (C.05 Annex 1)
       chess960 pairings --standings FILE [--tiebreaks BH-C1,BH,SB,...]
                                                      standings with FIDE tie-breaks (C.07)

-p writes the number of boards, then "white black" per board (start numbers, 0 for the bye),
to OUT or standard output. -c lists each round that differs from the engine's pairing and
exits 0 only when none does. -g takes bbpPairings' generator keys (PlayersNumber,
RoundsNumber, DrawPercentage, ForfeitRate, HalfPointByeRate, RetiredRate, PointsForWin,
PointsForDraw, PointsForLoss, PointsForForfeitLoss, PointsForZPB, PointsForPAB,
HighestRating, LowestRating). Tie-breaks: )";

int usage_error(const std::string& message) {
    std::cerr << "chess960 pairings: " << message << "\n(see 'chess960 pairings --help')\n";
    return kInvalidRequest;
}

int exit_code_of(const Error& error) {
    switch (error.code) {
        case ErrorCode::NoValidPairing:
            return kNoValidPairing;
        case ErrorCode::TooLarge:
            return kLimitExceeded;
        default:
            return kInvalidRequest;
    }
}

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return text.str();
}

// Reads and parses a TRF: the tournament, or the exit code after the message.
std::variant<pairing::Tournament, int> load(const std::string& path) {
    const auto text = read_file(path);
    if (!text) {
        std::cerr << "chess960 pairings: cannot read " << path << "\n";
        return kFileError;
    }
    auto tournament = pairing::read_trf(*text);
    if (!tournament) {
        std::cerr << "chess960 pairings: " << path << ": " << tournament.error().to_string()
                  << "\n";
        return kInvalidRequest;
    }
    return std::move(*tournament);
}

int write_output(const std::optional<std::string>& path, const std::string& text) {
    if (!path) {
        std::cout << text << std::flush;
        return kDone;
    }
    std::ofstream out(*path, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
        std::cerr << "chess960 pairings: cannot write " << *path << "\n";
        return kFileError;
    }
    return kDone;
}

std::string pairs_text(const pairing::RoundPairing& round) {
    std::string out = std::to_string(round.pairs.size()) + "\n";
    for (const pairing::Pair& p : round.pairs)
        out += std::to_string(p.white) + " " + std::to_string(p.black) + "\n";
    return out;
}

std::string boards(const std::vector<pairing::Pair>& pairs) {
    std::string out;
    for (const pairing::Pair& p : pairs) {
        if (!out.empty()) out += ", ";
        out += std::to_string(p.white) + "-" + std::to_string(p.black);
    }
    return out;
}

int run_pair(const std::string& input, const std::optional<std::string>& output) {
    auto loaded = load(input);
    if (std::holds_alternative<int>(loaded)) return std::get<int>(loaded);
    auto round = pairing::pair_next_round(std::get<pairing::Tournament>(loaded));
    if (!round) {
        std::cerr << "chess960 pairings: " << input << ": " << round.error().to_string() << "\n";
        return exit_code_of(round.error());
    }
    return write_output(output, pairs_text(*round));
}

int run_check(const std::string& input) {
    auto loaded = load(input);
    if (std::holds_alternative<int>(loaded)) return std::get<int>(loaded);
    auto checks = pairing::check_tournament(std::get<pairing::Tournament>(loaded));
    if (!checks) {
        std::cerr << "chess960 pairings: " << input << ": " << checks.error().to_string() << "\n";
        return exit_code_of(checks.error());
    }
    int differ = 0;
    for (const pairing::RoundCheck& c : *checks) {
        if (c.same) continue;
        ++differ;
        std::cout << input << ": round " << c.round << " differs\n";
        if (c.no_valid_pairing) {
            std::cout << "  engine:   no valid pairing\n";
        } else {
            std::cout << "  engine:   " << boards(c.engine) << "\n";
        }
        std::cout << "  recorded: " << boards(c.recorded) << "\n";
    }
    std::cout << input << ": " << checks->size() << " rounds checked, " << differ << " differ\n";
    return differ ? kNoValidPairing : kDone;
}

int run_generate(const std::optional<std::string>& model, const std::optional<std::string>& config,
                 const std::string& output, const std::optional<std::string>& seed_text) {
    pairing::GeneratorConfig settings;
    if (model) {
        auto loaded = load(*model);
        if (std::holds_alternative<int>(loaded)) return std::get<int>(loaded);
        auto from_model = pairing::config_from_model(std::get<pairing::Tournament>(loaded));
        if (!from_model) {
            std::cerr << "chess960 pairings: " << *model << ": " << from_model.error().to_string()
                      << "\n";
            return kInvalidRequest;
        }
        settings = *from_model;
    }
    if (config) {
        const auto text = read_file(*config);
        if (!text) {
            std::cerr << "chess960 pairings: cannot read " << *config << "\n";
            return kFileError;
        }
        auto parsed = pairing::parse_generator_config(*text, settings);
        if (!parsed) {
            std::cerr << "chess960 pairings: " << *config << ": " << parsed.error().to_string()
                      << "\n";
            return kInvalidRequest;
        }
        settings = *parsed;
    }
    std::uint64_t seed = 0;
    if (seed_text) {
        try {
            std::size_t used = 0;
            seed = std::stoull(*seed_text, &used);
            if (used != seed_text->size() || seed_text->front() == '-') throw std::exception();
        } catch (const std::exception&) {
            return usage_error("the seed must be a whole number, not '" + *seed_text + "'");
        }
    } else {
        seed = std::random_device{}();
    }
    auto tournament = pairing::generate_tournament(settings, seed);
    if (!tournament) {
        std::cerr << "chess960 pairings: " << tournament.error().to_string() << "\n";
        return exit_code_of(tournament.error());
    }
    return write_output(output, pairing::write_trf(*tournament));
}

int run_berger(const std::string& count_text, bool twice) {
    int players = 0;
    try {
        std::size_t used = 0;
        players = std::stoi(count_text, &used);
        if (used != count_text.size()) throw std::exception();
    } catch (const std::exception&) {
        return usage_error("--berger takes a number of players, not '" + count_text + "'");
    }
    auto table = pairing::berger_schedule(players, twice);
    if (!table) return usage_error(table.error().to_string());
    std::cout << pairing::format_berger(*table);
    return kDone;
}

int run_standings(const std::string& input, const std::string& tiebreak_text) {
    auto loaded = load(input);
    if (std::holds_alternative<int>(loaded)) return std::get<int>(loaded);
    auto tiebreaks = pairing::parse_tiebreaks(tiebreak_text);
    if (!tiebreaks) return usage_error(tiebreaks.error().to_string());
    const pairing::Tournament& t = std::get<pairing::Tournament>(loaded);
    auto table = pairing::standings(t, *tiebreaks);
    if (!table) {
        std::cerr << "chess960 pairings: " << input << ": " << table.error().to_string() << "\n";
        return kInvalidRequest;
    }
    std::cout << pairing::format_standings(t, *table, *tiebreaks);
    return kDone;
}

}  // namespace

int run_pairings_command(const std::vector<std::string>& args) {
    bool dutch = false, pair = false, check = false, generate = false, twice = false;
    std::optional<std::string> input, output, config, seed, berger, standings_file, pair_output;
    std::string tiebreaks = "BH-C1,BH,SB";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto optional_value = [&]() -> std::optional<std::string> {
            if (i + 1 < args.size() && !args[i + 1].starts_with("-")) return args[++i];
            return std::nullopt;
        };
        auto value = [&](const char* what) -> std::optional<std::string> {
            if (i + 1 < args.size()) return args[++i];
            std::cerr << "chess960 pairings: " << what << " needs a value\n";
            return std::nullopt;
        };
        if (a == "--help" || a == "-h") {
            std::cout << kPairingsUsage << pairing::tiebreak_names() << "\n";
            return kDone;
        } else if (a == "--dutch") {
            dutch = true;
            if (auto v = optional_value()) input = v;
        } else if (a == "-p") {
            pair = true;
            pair_output = optional_value();
        } else if (a == "-c") {
            check = true;
        } else if (a == "-g") {
            generate = true;
            config = optional_value();
        } else if (a == "-o") {
            if (!(output = value("-o"))) return kInvalidRequest;
        } else if (a == "-s") {
            if (!(seed = value("-s"))) return kInvalidRequest;
        } else if (a == "-r") {
            // JaVaFo's and bbpPairings' -r (print the program's name and version): accepted.
        } else if (a == "-l" || a == "-w" || a == "-q") {
            // Check-list files and JaVaFo's tuning options: accepted and ignored.
            if (a == "-l") optional_value();
            if (a == "-q") optional_value();
        } else if (a == "--berger") {
            if (!(berger = value("--berger"))) return kInvalidRequest;
        } else if (a == "--double") {
            twice = true;
        } else if (a == "--standings") {
            if (!(standings_file = value("--standings"))) return kInvalidRequest;
        } else if (a == "--tiebreaks") {
            auto v = value("--tiebreaks");
            if (!v) return kInvalidRequest;
            tiebreaks = *v;
        } else {
            return usage_error("unknown argument '" + a + "'");
        }
    }
    try {
        if (berger) return run_berger(*berger, twice);
        if (standings_file) return run_standings(*standings_file, tiebreaks);
        if (!dutch) return usage_error("say which system: --dutch (or --berger, --standings)");
        if (pair + check + generate != 1) return usage_error("give exactly one of -p, -c and -g");
        if (generate) {
            if (!output) return usage_error("-g needs -o OUT");
            return run_generate(input, config, *output, seed);
        }
        if (!input) return usage_error("--dutch needs the tournament file");
        if (check) return run_check(*input);
        return run_pair(*input, pair_output);
    } catch (const std::bad_alloc&) {
        std::cerr << "chess960 pairings: out of memory\n";
        return kLimitExceeded;
    } catch (const std::exception& e) {
        std::cerr << "chess960 pairings: unexpected error: " << e.what() << "\n";
        return kUnexpected;
    }
}

}  // namespace chess960::cli
