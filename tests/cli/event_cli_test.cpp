// `chess960 event new|round|reveal|verify`, run as the built binary: the organiser's whole
// procedure, verify's refusals of every changed input, the output formats, EVENT.json's mode and
// the errors for bad input.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "draw/commitment.hpp"

namespace {

using chess960::testing::run_chess960;
using chess960::testing::slurp;
using Json = nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

class EventCli : public ::testing::Test {
  protected:
    void SetUp() override {
        char name[] = "/tmp/chess960_event_test_XXXXXX";
        ASSERT_NE(mkdtemp(name), nullptr);
        dir_ = name;
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string file(const std::string& name) const { return dir_ + "/" + name; }

    // A new event; the commitment it printed (JSON).
    Json make_event(const std::string& path, std::vector<std::string> options) {
        std::vector<std::string> args = {"event", "new", "--out", path, "--format", "json"};
        args.insert(args.end(), options.begin(), options.end());
        auto r = run_chess960(args);
        EXPECT_EQ(r.status, 0) << r.err;
        return Json::parse(r.out);
    }

    Json round_json(const std::string& path, int round, const std::string& entropy = "") {
        std::vector<std::string> args = {
            "event", "round", path, "--round", std::to_string(round), "--format", "json"};
        if (!entropy.empty()) args.insert(args.end(), {"--entropy", entropy});
        auto r = run_chess960(args);
        EXPECT_EQ(r.status, 0) << r.err;
        return r.status == 0 ? Json::parse(r.out) : Json();
    }

    std::string dir_;
};

}  // namespace

TEST_F(EventCli, NewCreatesTheFileMode0600AndPrintsTheCommitment) {
    const std::string path = file("open.json");
    auto r = run_chess960({"event", "new", "--name", "Example Open", "--rounds", "7", "--exclude",
                           "534,518", "--out", path});
    ASSERT_EQ(r.status, 0) << r.err;
    struct stat st {};
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    const Json stored = Json::parse(slurp(path));
    const auto secret = chess960::event::secret_from_hex(stored["secret"].get<std::string>());
    ASSERT_TRUE(secret);
    const std::string commitment = chess960::event::commitment_of(*secret);
    EXPECT_TRUE(contains(r.out, "Commitment: " + commitment + "\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "Event: Example Open\n"));
    EXPECT_TRUE(contains(r.out, "Rounds: 7\n"));
    EXPECT_TRUE(contains(r.out, "Excluded: 518, 534\n"));
    EXPECT_TRUE(contains(r.out, "Repeats: not allowed\n"));
    EXPECT_FALSE(contains(r.out, stored["secret"].get<std::string>())) << "the secret stays secret";
    EXPECT_FALSE(contains(r.err, stored["secret"].get<std::string>()));

    // JSON: the commitment field; two events never share a secret.
    const Json second =
        make_event(file("second.json"), {"--name", "Example Open", "--rounds", "7"});
    EXPECT_TRUE(chess960::event::is_digest_hex(second["commitment"].get<std::string>()));
    EXPECT_NE(second["commitment"], commitment);
    EXPECT_EQ(second["name"], "Example Open");
    EXPECT_EQ(second["rounds"], 7);

    // An existing file is never overwritten: its secret would be lost.
    const std::string before = slurp(path);
    auto again = run_chess960({"event", "new", "--name", "X", "--rounds", "1", "--out", path});
    EXPECT_EQ(again.status, 1);
    EXPECT_TRUE(contains(again.err, path)) << again.err;
    EXPECT_TRUE(contains(again.err, "exists")) << again.err;
    EXPECT_EQ(slurp(path), before);
}

TEST_F(EventCli, TheOrganisersRoundsVerifyAndEveryChangeIsRejected) {
    const std::string path = file("open.json");
    const Json created =
        make_event(path, {"--name", "Example Open", "--rounds", "4", "--exclude", "518,534"});
    const std::vector<std::string> entropies = {"3 5 2", "", "lottery 0417", ""};
    std::vector<Json> rounds;
    for (int k = 1; k <= 4; ++k)
        rounds.push_back(round_json(path, k, entropies[std::size_t(k - 1)]));
    std::set<int> numbers;
    for (const Json& round : rounds) {
        const int n = round["number"];
        EXPECT_NE(n, 518);
        EXPECT_NE(n, 534);
        numbers.insert(n);
        EXPECT_EQ(round["commitment"], created["commitment"]);
        EXPECT_FALSE(round.contains("black_number"));
    }
    EXPECT_EQ(numbers.size(), 4u) << "no repeats";

    auto reveal = run_chess960({"event", "reveal", path, "--format", "json"});
    ASSERT_EQ(reveal.status, 0) << reveal.err;
    const Json revealed = Json::parse(reveal.out);
    const std::string secret = revealed["secret"];
    EXPECT_EQ(chess960::event::commitment_of(*chess960::event::secret_from_hex(secret)),
              created["commitment"]);

    // What the players run, from what was published.
    std::vector<std::string> verify = {
        "event",     "verify",  "--commitment", created["commitment"].get<std::string>(),
        "--secret",  secret,    "--name",       "Example Open",
        "--rounds",  "4",       "--exclude",    "518,534",
        "--entropy", "1=3 5 2", "--entropy",    "3=lottery 0417"};
    for (int k = 1; k <= 4; ++k)
        verify.insert(verify.end(),
                      {"--played", std::to_string(k) + "=" +
                                       std::to_string(int(rounds[std::size_t(k - 1)]["number"]))});
    auto ok = run_chess960(verify);
    EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
    EXPECT_TRUE(contains(ok.out, "Result: OK")) << ok.out;
    auto ok_json = run_chess960([&] {
        auto args = verify;
        args.insert(args.end(), {"--format", "json"});
        return args;
    }());
    ASSERT_EQ(ok_json.status, 0);
    const Json verdict = Json::parse(ok_json.out);
    EXPECT_EQ(verdict["ok"], true);
    ASSERT_EQ(verdict["draws"].size(), 4u);
    for (std::size_t k = 0; k < 4; ++k) {
        EXPECT_EQ(verdict["draws"][k]["number"], rounds[k]["number"]);
        EXPECT_EQ(verdict["draws"][k]["fen"], rounds[k]["fen"]);
    }
    // The order of the options and of the exclusion list does not matter.
    auto reordered = verify;
    reordered[11] = "534,518";
    EXPECT_EQ(run_chess960(reordered).status, 0);

    // Every change of a published fact is caught.
    struct Change {
        std::string what;
        std::size_t index;  // the argument replaced; or npos to append `extra`
        std::string value;
        std::vector<std::string> extra;
    };
    std::string other_secret = secret;
    other_secret[10] = other_secret[10] == '0' ? '1' : '0';
    const std::string other_commitment =
        chess960::event::commitment_of(*chess960::event::secret_from_hex(other_secret));
    const std::size_t npos = std::string::npos;
    for (const Change& c : {
             Change{"secret", 5, other_secret, {}},
             Change{"commitment", 3, other_commitment, {}},
             Change{"name", 7, "Example open", {}},
             Change{"rounds", 9, "5", {}},
             Change{"exclusions", 11, "518", {}},
             Change{"exclusions", 11, "518,534,0", {}},
             Change{"entropy", 13, "1=3 5 3", {}},
             Change{"missing entropy", 13, "2=", {}},
             Change{"added entropy", npos, "", {"--entropy", "2=x"}},
             Change{"repeats", npos, "", {"--allow-repeats"}},
             Change{"double", npos, "", {"--double"}},
         }) {
        auto args = verify;
        if (c.index != npos)
            args[c.index] = c.value;
        else
            args.insert(args.end(), c.extra.begin(), c.extra.end());
        if (c.what == "missing entropy") args.erase(args.begin() + 12, args.begin() + 14);
        auto r = run_chess960(args);
        EXPECT_EQ(r.status, 1) << c.what << ": " << r.out << r.err;
        EXPECT_TRUE(contains(r.out, "Result: NOT OK")) << c.what << ": " << r.out;
    }
    // A secret changed together with its commitment still fails: the positions differ.
    auto forged = verify;
    forged[3] = other_commitment;
    forged[5] = other_secret;
    auto r = run_chess960(forged);
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "but the draw gives")) << r.out;

    // Reveal's text prints the command that checks it all, and it passes.
    auto text = run_chess960({"event", "reveal", path});
    ASSERT_EQ(text.status, 0);
    EXPECT_TRUE(contains(text.out, "Secret: " + secret + "\n")) << text.out;
    EXPECT_TRUE(contains(text.out, revealed["verify"].get<std::string>())) << text.out;
    EXPECT_TRUE(contains(revealed["verify"].get<std::string>(), "--entropy '3=lottery 0417'"));
}

TEST_F(EventCli, RoundsAreDrawnOnceInOrderAndRepeatTheSame) {
    const std::string path = file("e.json");
    make_event(path, {"--name", "Club", "--rounds", "3"});
    auto early = run_chess960({"event", "round", path, "--round", "2"});
    EXPECT_EQ(early.status, 1);
    EXPECT_TRUE(contains(early.err, "round 1 is not drawn yet")) << early.err;

    auto first = run_chess960({"event", "round", path, "--round", "1", "--entropy", "6 6 1"});
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_TRUE(contains(first.out, "Round: 1 of 3\n")) << first.out;
    EXPECT_TRUE(contains(first.out, "Entropy: '6 6 1'\n")) << first.out;
    // Printed again: with the same entropy, or none.
    EXPECT_EQ(run_chess960({"event", "round", path, "--round", "1", "--entropy", "6 6 1"}).out,
              first.out);
    EXPECT_EQ(run_chess960({"event", "round", path, "--round", "1"}).out, first.out);
    // Never drawn again with other entropy.
    auto redraw = run_chess960({"event", "round", path, "--round", "1", "--entropy", "6 6 2"});
    EXPECT_EQ(redraw.status, 1);
    EXPECT_TRUE(contains(redraw.err, "drawn once")) << redraw.err;
    EXPECT_EQ(run_chess960({"event", "round", path, "--round", "1"}).out, first.out);

    // The same inputs give the same positions in another event file with the same secret.
    const std::string copy = file("copy.json");
    Json stored = Json::parse(slurp(path));
    stored["drawn"] = Json::array();
    std::ofstream(copy) << stored.dump();
    EXPECT_EQ(run_chess960({"event", "round", copy, "--round", "1", "--entropy", "6 6 1"}).out,
              first.out);

    // With repeats, rounds may be drawn in any order.
    const std::string repeats = file("r.json");
    make_event(repeats, {"--name", "Club", "--rounds", "3", "--allow-repeats"});
    EXPECT_EQ(run_chess960({"event", "round", repeats, "--round", "3"}).status, 0);
}

TEST_F(EventCli, DoubleChess960RoundsAndVerify) {
    const std::string path = file("d.json");
    const Json created = make_event(path, {"--name", "Double", "--rounds", "2", "--double"});
    const Json one = round_json(path, 1, "1");
    const Json two = round_json(path, 2);
    for (const Json& r : {one, two}) {
        ASSERT_TRUE(r.contains("black_number")) << r.dump();
        const std::string fen = r["fen"];
        // Black's rank 8 is Black's arrangement, rank 1 White's.
        std::string black_rank = r["black_back_rank"];
        for (char& c : black_rank) c = char(std::tolower(static_cast<unsigned char>(c)));
        EXPECT_TRUE(fen.starts_with(black_rank + "/pppppppp/8/8/8/8/PPPPPPPP/" +
                                    r["back_rank"].get<std::string>()))
            << fen;
    }
    std::set<int> used = {one["number"].get<int>(), one["black_number"].get<int>(),
                          two["number"].get<int>(), two["black_number"].get<int>()};
    EXPECT_GE(used.size(), 3u) << "no arrangement of round 1 comes again in round 2";
    const Json revealed =
        Json::parse(run_chess960({"event", "reveal", path, "--format", "json"}).out);
    auto played = [](const Json& r) {
        return std::to_string(r["round"].get<int>()) + "=" +
               std::to_string(r["number"].get<int>()) + ":" +
               std::to_string(r["black_number"].get<int>());
    };
    std::vector<std::string> verify = {"event",        "verify",
                                       "--commitment", created["commitment"].get<std::string>(),
                                       "--secret",     revealed["secret"].get<std::string>(),
                                       "--name",       "Double",
                                       "--rounds",     "2",
                                       "--double",     "--entropy",
                                       "1=1",          "--played",
                                       played(one),    played(two)};
    auto r = run_chess960(verify);
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    verify.erase(verify.begin() + 10);  // without --double
    EXPECT_EQ(run_chess960(verify).status, 1);
}

TEST_F(EventCli, RoundFormats) {
    const std::string path = file("f.json");
    const Json created = make_event(path, {"--name", "Sheet <&> Open", "--rounds", "2"});
    const Json json = round_json(path, 1, "4 4");
    for (const char* field :
         {"name", "round", "number", "fen", "shredder_fen", "back_rank", "entropy", "commitment"})
        EXPECT_TRUE(json.contains(field)) << field;
    const int number = json["number"];
    auto position = run_chess960({"position", std::to_string(number)});
    EXPECT_TRUE(contains(position.out, "FEN: " + json["fen"].get<std::string>() + "\n"));
    EXPECT_TRUE(contains(position.out, "Shredder-FEN: " + json["shredder_fen"].get<std::string>()));

    auto text = run_chess960({"event", "round", path, "--round", "1"});
    EXPECT_TRUE(text.out.ends_with(position.out)) << "the position block of `position N`";
    EXPECT_TRUE(contains(text.out, "Commitment: " + created["commitment"].get<std::string>()));

    auto tsv = run_chess960({"event", "round", path, "--round", "1", "--format", "tsv"});
    ASSERT_EQ(tsv.status, 0);
    EXPECT_EQ(tsv.out,
              "round\tnumber\tblack_number\tback_rank\tblack_back_rank\tfen\tshredder_fen"
              "\tentropy\n1\t" +
                  std::to_string(number) + "\t\t" + json["back_rank"].get<std::string>() + "\t\t" +
                  json["fen"].get<std::string>() + "\t" + json["shredder_fen"].get<std::string>() +
                  "\t4 4\n");

    auto html = run_chess960({"event", "round", path, "--round", "1", "--format", "html"});
    ASSERT_EQ(html.status, 0);
    EXPECT_TRUE(html.out.starts_with("<!DOCTYPE html>"));
    EXPECT_TRUE(contains(html.out, "Sheet &lt;&amp;&gt; Open")) << "the name, escaped";
    EXPECT_FALSE(contains(html.out, "Sheet <&>"));
    EXPECT_TRUE(contains(html.out, "Round 1 of 2"));
    EXPECT_TRUE(contains(html.out, "Start position " + std::to_string(number)));
    EXPECT_TRUE(contains(html.out, json["back_rank"].get<std::string>()));
    EXPECT_TRUE(contains(html.out, json["fen"].get<std::string>()));
    EXPECT_TRUE(contains(html.out, json["shredder_fen"].get<std::string>()));
    EXPECT_TRUE(contains(html.out, created["commitment"].get<std::string>()));
    EXPECT_TRUE(contains(html.out, "<svg"));
    // 32 pieces on the board, 64 squares.
    std::size_t texts = 0, rects = 0;
    for (std::size_t at = 0; (at = html.out.find("\xEF\xB8\x8E</text>", at)) != std::string::npos;
         ++at)
        ++texts;
    for (std::size_t at = 0; (at = html.out.find("<rect ", at)) != std::string::npos; ++at) ++rects;
    EXPECT_EQ(texts, 32u);
    EXPECT_EQ(rects, 64u);
}

TEST_F(EventCli, BadInputIsRefusedWithAClearMessage) {
    const std::string path = file("b.json");
    make_event(path, {"--name", "B", "--rounds", "3"});
    const std::string hex64(64, 'a');
    struct Case {
        std::vector<std::string> args;
        int status;
        std::string named;
    };
    for (const Case& c : {
             Case{{"event", "verify", "--commitment", "xyz", "--secret", hex64, "--name", "B",
                   "--rounds", "3"},
                  2,
                  "--commitment must be 64 hexadecimal digits"},
             Case{{"event", "verify", "--commitment", hex64, "--secret", hex64 + "0", "--name", "B",
                   "--rounds", "3"},
                  2,
                  "--secret must be 64 hexadecimal digits"},
             Case{{"event", "verify", "--commitment", hex64, "--secret", hex64, "--name", "B",
                   "--rounds", "3", "--entropy", "4=x"},
                  2,
                  "round 4 is not a round of this event"},
             Case{{"event", "verify", "--commitment", hex64, "--secret", hex64, "--name", "B",
                   "--rounds", "3", "--entropy", "x"},
                  2,
                  "'x'"},
             Case{{"event", "verify", "--commitment", hex64, "--secret", hex64, "--name", "B",
                   "--rounds", "3", "--played", "1=960"},
                  2,
                  "'960'"},
             Case{{"event", "verify", "--commitment", hex64, "--secret", hex64, "--name", "B",
                   "--rounds", "3", "--format", "xml"},
                  2,
                  "'xml'"},
             Case{{"event", "verify", "--secret", hex64, "--name", "B", "--rounds", "3"},
                  2,
                  "--commitment"},
             Case{{"event", "round", path, "--round", "4"}, 2, "'4'"},
             Case{{"event", "round", path, "--round", "0"}, 2, "'0'"},
             Case{{"event", "round", path, "--round", "1", "--format", "pdf"}, 2, "'pdf'"},
             Case{{"event", "round", path, "--round", "1", "--entropy", "a\tb"}, 2, "control"},
             Case{{"event", "round", path}, 2, "--round"},
             Case{{"event", "round", file("missing.json"), "--round", "1"}, 1, "missing.json"},
             Case{{"event", "reveal", file("missing.json")}, 1, "missing.json"},
             Case{{"event", "new", "--name", "B", "--rounds", "0", "--out", file("n.json")},
                  2,
                  "'0'"},
             Case{{"event", "new", "--name", "B", "--rounds", "3", "--exclude", "518,960", "--out",
                   file("n.json")},
                  2,
                  "'960'"},
             Case{{"event", "new", "--name", "", "--rounds", "3", "--out", file("n.json")},
                  2,
                  "name is empty"},
             Case{{"event", "new", "--name", "B", "--rounds", "3"}, 2, "--out"},
             Case{{"event", "new", "--rounds", "3", "--out", file("n.json")}, 2, "--name"},
             Case{{"event", "new", "--name", "B", "--rounds", "3", "--out",
                   file("no/such/dir.json")},
                  1,
                  "cannot create"},
             Case{{"event", "new", "--name", "B", "--rounds", "3", "--rounds", "4", "--out",
                   file("n.json")},
                  2,
                  "--rounds is given twice"},
             Case{{"event", "frobnicate"}, 2, "unknown event subcommand 'frobnicate'"},
             Case{{"event"}, 2, "new, round, reveal or verify"},
         }) {
        auto r = run_chess960(c.args);
        EXPECT_EQ(r.status, c.status) << c.named << ": " << r.err;
        EXPECT_TRUE(contains(r.err, c.named)) << r.err;
        EXPECT_EQ(r.out, "") << c.named;
    }
    // 958 rounds without repeats need 958 numbers: excluding 3 leaves 957.
    auto r = run_chess960({"event", "new", "--name", "B", "--rounds", "958", "--exclude", "1,2,3",
                           "--out", file("n.json")});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "958 rounds without repeats need 958")) << r.err;
    EXPECT_FALSE(std::filesystem::exists(file("n.json")));

    // A damaged file: a secret that does not match the commitment.
    Json stored = Json::parse(slurp(path));
    std::string secret = stored["secret"];
    secret[0] = secret[0] == 'a' ? 'b' : 'a';
    stored["secret"] = secret;
    std::ofstream(file("damaged.json")) << stored.dump();
    auto damaged = run_chess960({"event", "round", file("damaged.json"), "--round", "1"});
    EXPECT_EQ(damaged.status, 1);
    EXPECT_TRUE(contains(damaged.err, "damaged")) << damaged.err;
    std::ofstream(file("garbage.json")) << "not json";
    auto garbage = run_chess960({"event", "round", file("garbage.json"), "--round", "1"});
    EXPECT_EQ(garbage.status, 1);
    EXPECT_TRUE(contains(garbage.err, "not an event file")) << garbage.err;
}

TEST(Cli, EveryCommandHasHelp) {
    for (std::vector<std::string> command : {std::vector<std::string>{"position"},
                                             {"perft"},
                                             {"pgn"},
                                             {"pgn", "check"},
                                             {"pgn", "fen"},
                                             {"match"},
                                             {"serve"},
                                             {"uci"},
                                             {"event"},
                                             {"event", "new"},
                                             {"event", "round"},
                                             {"event", "reveal"},
                                             {"event", "verify"},
                                             {"dice"}}) {
        std::string name;
        for (const auto& word : command) name += (name.empty() ? "" : " ") + word;
        auto args = command;
        args.push_back("--help");
        auto r = run_chess960(args);
        EXPECT_EQ(r.status, 0) << name << ": " << r.err;
        EXPECT_TRUE(contains(r.out, "Usage: chess960 " + name)) << r.out;
        auto help = command;
        help.insert(help.begin(), "help");
        EXPECT_EQ(run_chess960(help).out, r.out) << "chess960 help " << name;
    }
    auto serve = run_chess960({"serve", "--help"});
    for (std::string option : {"--io-threads", "--max-connections", "--max-connections-per-address",
                               "--max-games-per-minute", "--max-engine-games",
                               "--max-moves-per-second", "--engine-threads"})
        EXPECT_TRUE(contains(serve.out, option)) << option;
    auto verify = run_chess960({"event", "verify", "--help"});
    for (std::string option : {"--commitment", "--secret", "--entropy", "--played", "--format",
                               "--exclude", "--allow-repeats", "--double"})
        EXPECT_TRUE(contains(verify.out, option)) << option;
}
