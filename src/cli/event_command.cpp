// `chess960 event new|round|reveal|verify`: a verifiable draw of an event's start positions by
// commit and reveal (docs/event-draw.md). The organiser publishes the commitment with the
// event's parameters before the event; each round's position comes from the secret, the
// parameters, the round and the entropy fixed at the round; after the event the secret is
// revealed and anyone can recompute every round.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "args/arguments.hpp"
#include "cli/command.hpp"
#include "cli/event_file.hpp"
#include "cli/event_output.hpp"
#include "draw/commitment.hpp"
#include "draw/draw.hpp"
#include "draw/verify.hpp"

namespace chess960::cli {

namespace {

using args::ArgumentError;

// The published parameters, as `new` and `verify` take them.
struct ParameterOptions {
    CLI::Option *name = nullptr, *rounds = nullptr, *exclude = nullptr, *allow_repeats = nullptr,
                *double960 = nullptr;
};

ParameterOptions add_parameter_options(CLI::App& app) {
    ParameterOptions o;
    o.name = app.add_option("--name", "the event's name, exactly as published")->type_name("NAME");
    o.rounds = app.add_option("--rounds", "the number of rounds (1..960)")->type_name("N");
    o.exclude = app.add_option("--exclude", "start position numbers never drawn, e.g. 518,534")
                    ->type_name("N,N,...");
    o.allow_repeats = app.add_flag("--allow-repeats")
                          ->description("a position may come again in a later round")
                          ->disable_flag_override();
    o.double960 = app.add_flag("--double")
                      ->description("Double Chess960: each side's arrangement drawn on its own")
                      ->disable_flag_override();
    return o;
}

std::vector<int> parse_exclusions(const std::string& text) {
    if (text.empty()) throw ArgumentError{"--exclude needs start position numbers, e.g. 518,534"};
    std::vector<int> numbers;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find(',', begin);
        if (end == std::string::npos) end = text.size();
        const std::string item = text.substr(begin, end - begin);
        auto n = args::to_int(item, 0, 959);
        if (!n)
            throw ArgumentError{"--exclude: '" + item + "' is not a start position number 0..959"};
        numbers.push_back(int(*n));
        begin = end + 1;
    }
    return numbers;
}

event::Parameters parameters_from(const ParameterOptions& o, const std::string& command) {
    event::Parameters p;
    auto name = args::value(o.name);
    if (!name) throw ArgumentError{command + " needs --name NAME"};
    p.name = *name;
    auto rounds = args::value(o.rounds);
    if (!rounds) throw ArgumentError{command + " needs --rounds N"};
    p.rounds = int(args::number_option("--rounds", *rounds, 1, event::kMaxRounds));
    if (auto exclude = args::value(o.exclude)) p.excluded = parse_exclusions(*exclude);
    p.allow_repeats = args::given(o.allow_repeats);
    p.double960 = args::given(o.double960);
    auto checked = event::checked(p);
    if (!checked) throw ArgumentError{checked.error()};
    return *checked;
}

Format format_from(const CLI::Option* option, bool text_or_json_only) {
    const auto text = args::value(option);
    if (!text) return Format::Text;
    auto format = parse_format(*text);
    if (!format || (text_or_json_only && *format != Format::Text && *format != Format::Json))
        throw ArgumentError{std::string("--format must be ") +
                            (text_or_json_only ? "text or json" : "text, tsv, json or html") +
                            ", not '" + *text + "'"};
    return *format;
}

std::string now_utc() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string parameters_text(const event::Parameters& p) {
    return "Event: " + p.name + "\nRounds: " + std::to_string(p.rounds) +
           "\nExcluded: " + exclusions_text(p.excluded) +
           "\nRepeats: " + (p.allow_repeats ? "allowed" : "not allowed") +
           "\nDouble Chess960: " + (p.double960 ? "yes" : "no") + "\n";
}

nlohmann::ordered_json parameters_json(const event::Parameters& p) {
    nlohmann::ordered_json j;
    j["name"] = p.name;
    j["rounds"] = p.rounds;
    j["exclude"] = p.excluded;
    j["allow_repeats"] = p.allow_repeats;
    j["double"] = p.double960;
    return j;
}

// --- new -------------------------------------------------------------------------------------

struct NewOptions {
    ParameterOptions parameters;
    CLI::Option *out = nullptr, *format = nullptr;
};

int run_new(const NewOptions& o) {
    const event::Parameters p = parameters_from(o.parameters, "event new");
    const auto out = args::value(o.out);
    if (!out)
        throw ArgumentError{"event new needs --out EVENT.json (the file that keeps the secret)"};
    const Format format = format_from(o.format, true);
    EventFile e;
    e.parameters = p;
    e.secret = event::new_secret();
    e.commitment = event::commitment_of(e.secret);
    e.created = now_utc();
    try {
        create_event_file(*out, e);
    } catch (const std::runtime_error& error) {
        std::cerr << "chess960: " << error.what() << std::endl;
        return kFailed;
    }
    if (format == Format::Json) {
        auto j = parameters_json(p);
        j["commitment"] = e.commitment;
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << parameters_text(p) << "Commitment: " << e.commitment << "\n";
    }
    std::cerr << "Publish the commitment with the parameters above before the event. The secret "
                 "is in "
              << *out
              << " (readable by you only): keep it private until the last round is over, then "
                 "publish it with 'chess960 event reveal "
              << *out << "'." << std::endl;
    return 0;
}

// --- round -----------------------------------------------------------------------------------

struct RoundOptions {
    CLI::Option *file = nullptr, *round = nullptr, *entropy = nullptr, *format = nullptr;
};

// The recorded rounds recomputed from the secret: a file whose numbers differ is damaged.
std::vector<event::RoundDraw> recompute_drawn(const EventFile& e, const std::string& path) {
    std::vector<event::RoundDraw> draws;
    for (const DrawnRound& d : e.drawn) {
        const event::RoundDraw draw =
            event::draw_round(e.secret, e.parameters, d.round, d.entropy, draws);
        if (draw.white != d.white || draw.black != d.black)
            throw std::runtime_error(path + ": round " + std::to_string(d.round) +
                                     " is recorded with another position than the secret gives: "
                                     "the file is damaged");
        draws.push_back(draw);
    }
    return draws;
}

int run_round(const RoundOptions& o) {
    const auto path = args::value(o.file);
    if (!path)
        throw ArgumentError{"event round needs the event's file: event round EVENT.json --round K"};
    const auto round_text = args::value(o.round);
    if (!round_text) throw ArgumentError{"event round needs --round K"};
    const Format format = format_from(o.format, false);
    const auto entropy = args::value(o.entropy);
    if (entropy)
        if (auto ok = event::check_entropy(*entropy); !ok)
            throw ArgumentError{"--entropy: " + ok.error()};
    EventFile e;
    std::vector<event::RoundDraw> drawn;
    try {
        e = read_event_file(*path);
        drawn = recompute_drawn(e, *path);
    } catch (const std::runtime_error& error) {
        std::cerr << "chess960: " << error.what() << std::endl;
        return kFailed;
    }
    const int round = int(args::number_option("--round", *round_text, 1, e.parameters.rounds));

    RoundView view;
    view.round = round;
    auto recorded = std::find_if(e.drawn.begin(), e.drawn.end(),
                                 [&](const DrawnRound& d) { return d.round == round; });
    if (recorded != e.drawn.end()) {
        // A round is drawn once: drawing it again with other entropy would let whoever runs the
        // command choose among positions.
        if (entropy && *entropy != recorded->entropy) {
            std::cerr << "chess960: round " << round << " was drawn with entropy "
                      << (recorded->entropy.empty() ? "none" : "'" + recorded->entropy + "'")
                      << ": a round is drawn once (without --entropy its draw is printed again)"
                      << std::endl;
            return kFailed;
        }
        view.entropy = recorded->entropy;
        view.white = recorded->white;
        view.black = recorded->black;
    } else {
        if (!e.parameters.allow_repeats) {
            // Without repeats a round draws from what the earlier rounds left.
            for (int k = 1; k < round; ++k)
                if (std::none_of(e.drawn.begin(), e.drawn.end(),
                                 [&](const DrawnRound& d) { return d.round == k; })) {
                    std::cerr << "chess960: round " << k << " is not drawn yet: without "
                              << "repeats each round draws from the positions the earlier "
                                 "rounds left, so the rounds are drawn in order"
                              << std::endl;
                    return kFailed;
                }
        }
        view.entropy = entropy.value_or("");
        const event::RoundDraw draw =
            event::draw_round(e.secret, e.parameters, round, view.entropy, drawn);
        view.white = draw.white;
        view.black = draw.black;
        e.drawn.push_back({round, view.entropy, draw.white, draw.black});
        std::sort(e.drawn.begin(), e.drawn.end(),
                  [](const DrawnRound& a, const DrawnRound& b) { return a.round < b.round; });
        try {
            write_event_file(*path, e);
        } catch (const std::runtime_error& error) {
            std::cerr << "chess960: " << error.what() << std::endl;
            return kFailed;
        }
    }
    std::cout << round_output(format, {e.parameters, e.commitment}, view);
    return 0;
}

// --- reveal ----------------------------------------------------------------------------------

struct RevealOptions {
    CLI::Option *file = nullptr, *format = nullptr;
};

std::string verify_command(const EventFile& e) {
    std::vector<event::DrawnRound> drawn;
    for (const DrawnRound& d : e.drawn) drawn.push_back({{d.round, d.white, d.black}, d.entropy});
    return event::verify_command(e.commitment, e.secret, e.parameters, drawn);
}

int run_reveal(const RevealOptions& o) {
    const auto path = args::value(o.file);
    if (!path) throw ArgumentError{"event reveal needs the event's file: event reveal EVENT.json"};
    const Format format = format_from(o.format, true);
    EventFile e;
    try {
        e = read_event_file(*path);
        recompute_drawn(e, *path);
    } catch (const std::runtime_error& error) {
        std::cerr << "chess960: " << error.what() << std::endl;
        return kFailed;
    }
    if (int(e.drawn.size()) < e.parameters.rounds)
        std::cerr << "Warning: " << e.parameters.rounds - int(e.drawn.size()) << " of "
                  << e.parameters.rounds
                  << " rounds are not drawn yet: once the secret is public, anyone can compute "
                     "their positions as soon as their entropy is known."
                  << std::endl;
    if (format == Format::Json) {
        nlohmann::ordered_json j;
        j["secret"] = event::to_hex(e.secret);
        j["commitment"] = e.commitment;
        j.update(parameters_json(e.parameters));
        j["drawn"] = nlohmann::ordered_json::array();
        for (const DrawnRound& d : e.drawn) {
            nlohmann::ordered_json r;
            r["round"] = d.round;
            r["number"] = d.white;
            if (e.parameters.double960) r["black_number"] = d.black;
            r["entropy"] = d.entropy;
            j["drawn"].push_back(r);
        }
        j["verify"] = verify_command(e);
        std::cout << j.dump(2) << "\n";
        return 0;
    }
    std::cout << "Secret: " << event::to_hex(e.secret) << "\nCommitment: " << e.commitment << "\n"
              << parameters_text(e.parameters);
    for (const DrawnRound& d : e.drawn)
        std::cout << "Round " << d.round << ": "
                  << numbers_text({d.round, d.white, d.black, d.entropy, std::nullopt, true})
                  << " (entropy: " << (d.entropy.empty() ? "none" : "'" + d.entropy + "'") << ")\n";
    std::cout << "\nAnyone can check the draw with:\n  " << verify_command(e) << "\n";
    return 0;
}

// --- verify ----------------------------------------------------------------------------------

struct VerifyOptions {
    ParameterOptions parameters;
    CLI::Option *commitment = nullptr, *secret = nullptr, *entropy = nullptr, *played = nullptr,
                *format = nullptr;
};

// "K=TEXT" words of a repeatable option, by round; the round must be one of the event's.
std::map<int, std::string> by_round(const CLI::Option* option, const std::string& name,
                                    const std::string& form, int rounds) {
    std::map<int, std::string> values;
    if (!args::given(option)) return values;
    for (const std::string& word : option->results()) {
        const std::size_t eq = word.find('=');
        auto round =
            eq == std::string::npos ? std::nullopt : args::to_int(word.substr(0, eq), 1, 1'000'000);
        if (!round) throw ArgumentError{name + " must be " + form + ", not '" + word + "'"};
        if (*round > rounds)
            throw ArgumentError{name + ": round " + std::to_string(*round) +
                                " is not a round of this event (1.." + std::to_string(rounds) +
                                ")"};
        if (!values.emplace(int(*round), word.substr(eq + 1)).second)
            throw ArgumentError{name + ": round " + std::to_string(*round) + " is given twice"};
    }
    return values;
}

int run_verify(const VerifyOptions& o) {
    const auto commitment = args::value(o.commitment);
    if (!commitment) throw ArgumentError{"event verify needs --commitment HEX"};
    if (!event::is_digest_hex(*commitment))
        throw ArgumentError{"--commitment must be 64 hexadecimal digits (a SHA-256), not '" +
                            *commitment + "'"};
    const auto secret_text = args::value(o.secret);
    if (!secret_text) throw ArgumentError{"event verify needs --secret HEX"};
    const auto secret = event::secret_from_hex(*secret_text);
    if (!secret)
        throw ArgumentError{"--secret must be 64 hexadecimal digits (the 256-bit secret), not '" +
                            *secret_text + "'"};
    const event::Parameters p = parameters_from(o.parameters, "event verify");
    const Format format = format_from(o.format, false);
    const auto entropies = by_round(o.entropy, "--entropy", "ROUND=TEXT", p.rounds);
    for (const auto& [round, text] : entropies)
        if (auto ok = event::check_entropy(text); !ok)
            throw ArgumentError{"--entropy for round " + std::to_string(round) + ": " + ok.error()};
    const auto played_text =
        by_round(o.played, "--played", "ROUND=NUMBER (or ROUND=WHITE:BLACK)", p.rounds);
    std::map<int, event::RoundDraw> played;
    for (const auto& [round, text] : played_text) {
        const std::size_t colon = text.find(':');
        auto white = args::to_int(text.substr(0, colon), 0, 959);
        auto black =
            colon == std::string::npos ? white : args::to_int(text.substr(colon + 1), 0, 959);
        if (!white || !black)
            throw ArgumentError{"--played for round " + std::to_string(round) + ": '" + text +
                                "' is not a start position number 0..959 (or WHITE:BLACK)"};
        played[round] = {round, int(*white), int(*black)};
    }

    std::vector<std::string> entropy_list;
    for (int k = 1; k <= p.rounds; ++k)
        entropy_list.push_back(entropies.contains(k) ? entropies.at(k) : "");
    const event::Verification checked =
        event::verify(*commitment, *secret, p, entropy_list, played);

    Verdict verdict{checked.commitment_matches, checked.secret_hash, checked.problems};
    std::vector<RoundView> rounds;
    for (const event::RoundCheck& r : checked.rounds) {
        RoundView view{r.draw.round, r.draw.white, r.draw.black, r.entropy, std::nullopt, true};
        if (r.played) {
            view.played = played_text.at(r.draw.round);
            view.played_matches = r.played_matches;
        }
        rounds.push_back(view);
    }
    std::cout << verify_output(format, {p, *commitment}, rounds, verdict);
    if (!verdict.ok() && format != Format::Text)
        for (const auto& problem : verdict.problems)
            std::cerr << "chess960: event verify: " << problem << std::endl;
    return verdict.ok() ? 0 : kFailed;
}

}  // namespace

Command add_event_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "event",
        "A verifiable draw of an event's start positions by commit and reveal: new, round, "
        "reveal, verify (docs/event-draw.md).");

    CLI::App* make = app->add_subcommand(
        "new",
        "Makes the event's 256-bit secret, keeps it in EVENT.json (mode 0600) and prints "
        "the commitment (its SHA-256) with the parameters, to publish before the event.");
    auto new_options = std::make_shared<NewOptions>();
    new_options->parameters = add_parameter_options(*make);
    new_options->out = make->add_option("--out", "the file that keeps the secret (must not exist)")
                           ->type_name("EVENT.json");
    new_options->format = make->add_option("--format", "text (default) or json")->type_name("F");

    CLI::App* round = app->add_subcommand(
        "round",
        "Round K's start position, from the secret, the parameters, K and the entropy "
        "fixed at the round; recorded in EVENT.json (a round is drawn once).");
    auto round_options = std::make_shared<RoundOptions>();
    round_options->file = round->add_option("EVENT.json", "the event's file");
    round_options->round = round->add_option("--round", "the round, from 1")->type_name("K");
    round_options->entropy =
        round
            ->add_option("--entropy",
                         "public entropy fixed at the round: dice thrown at the "
                         "table, a lottery number (default: none)")
            ->type_name("TEXT");
    round_options->format = round
                                ->add_option("--format",
                                             "text (default), tsv, json or html (a printable round "
                                             "sheet)")
                                ->type_name("F");

    CLI::App* reveal = app->add_subcommand(
        "reveal", "Prints the secret, for after the event, and the command that checks the draw.");
    auto reveal_options = std::make_shared<RevealOptions>();
    reveal_options->file = reveal->add_option("EVENT.json", "the event's file");
    reveal_options->format =
        reveal->add_option("--format", "text (default) or json")->type_name("F");

    CLI::App* verify = app->add_subcommand(
        "verify",
        "Recomputes every round from the revealed secret and the published parameters; "
        "exit 0 when everything matches, 1 with what does not.");
    auto verify_options = std::make_shared<VerifyOptions>();
    verify_options->commitment =
        verify->add_option("--commitment", "the commitment published before the event")
            ->type_name("HEX");
    verify_options->secret =
        verify->add_option("--secret", "the secret revealed after the event")->type_name("HEX");
    verify_options->parameters = add_parameter_options(*verify);
    verify_options->entropy =
        verify->add_option("--entropy", "round K's entropy (rounds not given had none)")
            ->type_name("K=TEXT")
            ->expected(1, CLI::detail::expected_max_vector_size)
            ->allow_extra_args();
    verify_options->played =
        verify
            ->add_option("--played",
                         "the position played in round K (WHITE:BLACK for Double "
                         "Chess960), checked against the draw")
            ->type_name("K=N")
            ->expected(1, CLI::detail::expected_max_vector_size)
            ->allow_extra_args();
    verify_options->format =
        verify->add_option("--format", "text (default), tsv, json or html")->type_name("F");

    return {app, [=] {
                if (make->parsed()) return run_new(*new_options);
                if (round->parsed()) return run_round(*round_options);
                if (reveal->parsed()) return run_reveal(*reveal_options);
                if (verify->parsed()) return run_verify(*verify_options);
                throw ArgumentError{"event needs a subcommand: new, round, reveal or verify"};
            }};
}

}  // namespace chess960::cli
