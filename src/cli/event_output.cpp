#include "cli/event_output.hpp"

#include <nlohmann/json.hpp>
#include <sstream>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "cli/start_position_text.hpp"

namespace chess960::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string back_rank_text(int number) { return startpos::to_string(*startpos::back_rank(number)); }

std::string fen_of(const RoundView& r, CastlingNotation notation) {
    return write_fen(*startpos::position(r.white, r.black), {notation});
}

std::string parameters_line(const event::Parameters& p) {
    return std::to_string(p.rounds) + "; excluded: " + exclusions_text(p.excluded) +
           "; repeats: " + (p.allow_repeats ? "allowed" : "not allowed") +
           "; Double Chess960: " + (p.double960 ? "yes" : "no");
}

Json round_json(const EventView& e, const RoundView& r) {
    Json j;
    j["round"] = r.round;
    j["number"] = r.white;
    if (e.parameters.double960) j["black_number"] = r.black;
    j["back_rank"] = back_rank_text(r.white);
    if (e.parameters.double960) j["black_back_rank"] = back_rank_text(r.black);
    j["fen"] = fen_of(r, CastlingNotation::XFen);
    j["shredder_fen"] = fen_of(r, CastlingNotation::Shredder);
    j["entropy"] = r.entropy;
    return j;
}

Json event_json(const EventView& e) {
    Json j;
    j["name"] = e.parameters.name;
    j["rounds"] = e.parameters.rounds;
    j["exclude"] = e.parameters.excluded;
    j["allow_repeats"] = e.parameters.allow_repeats;
    j["double"] = e.parameters.double960;
    j["commitment"] = e.commitment;
    return j;
}

constexpr const char* kTsvHeader =
    "round\tnumber\tblack_number\tback_rank\tblack_back_rank\tfen\tshredder_fen\tentropy";

std::string tsv_row(const EventView& e, const RoundView& r) {
    const bool d = e.parameters.double960;
    return std::to_string(r.round) + "\t" + std::to_string(r.white) + "\t" +
           (d ? std::to_string(r.black) : "") + "\t" + back_rank_text(r.white) + "\t" +
           (d ? back_rank_text(r.black) : "") + "\t" + fen_of(r, CastlingNotation::XFen) + "\t" +
           fen_of(r, CastlingNotation::Shredder) + "\t" + r.entropy;
}

std::string entropy_text(const std::string& entropy) {
    return entropy.empty() ? "none" : "'" + entropy + "'";
}

}  // namespace

std::optional<Format> parse_format(std::string_view text) {
    if (text == "text") return Format::Text;
    if (text == "tsv") return Format::Tsv;
    if (text == "json") return Format::Json;
    if (text == "html") return Format::Html;
    return std::nullopt;
}

std::string exclusions_text(const std::vector<int>& excluded) {
    if (excluded.empty()) return "none";
    std::string text;
    for (int n : excluded) text += (text.empty() ? "" : ", ") + std::to_string(n);
    return text;
}

std::string numbers_text(const RoundView& r) {
    return r.white == r.black ? std::to_string(r.white)
                              : std::to_string(r.white) + ":" + std::to_string(r.black);
}

std::string round_output(Format format, const EventView& e, const RoundView& r) {
    switch (format) {
        case Format::Text: {
            std::ostringstream out;
            out << "Event: " << e.parameters.name << "\n"
                << "Round: " << r.round << " of " << e.parameters.rounds << "\n"
                << "Entropy: " << entropy_text(r.entropy) << "\n"
                << "Commitment: " << e.commitment << "\n";
            print_start_position(out, {r.white, r.black});
            return out.str();
        }
        case Format::Tsv:
            return std::string(kTsvHeader) + "\n" + tsv_row(e, r) + "\n";
        case Format::Json: {
            Json j = event_json(e);
            j.update(round_json(e, r));
            return j.dump(2) + "\n";
        }
        case Format::Html:
            return round_sheet_html(e, r);
    }
    return {};
}

std::string verify_output(Format format, const EventView& e, const std::vector<RoundView>& rounds,
                          const Verdict& v) {
    switch (format) {
        case Format::Text: {
            std::ostringstream out;
            out << "Event: " << e.parameters.name << "\n"
                << "Rounds: " << parameters_line(e.parameters) << "\n"
                << "Commitment: " << e.commitment
                << (v.commitment_matches
                        ? " (the SHA-256 of the secret: matches)"
                        : " (does NOT match: the SHA-256 of the secret is " + v.secret_hash + ")")
                << "\n";
            for (const RoundView& r : rounds) {
                out << "Round " << r.round << ": " << numbers_text(r) << " "
                    << back_rank_text(r.white);
                if (r.white != r.black) out << "/" << back_rank_text(r.black);
                out << " " << fen_of(r, CastlingNotation::XFen)
                    << " (entropy: " << entropy_text(r.entropy) << ")";
                if (r.played)
                    out << (r.played_matches ? "; played " + *r.played + ": matches"
                                             : "; played " + *r.played + ": DOES NOT MATCH");
                out << "\n";
            }
            if (v.ok()) {
                out << "Result: OK: the secret matches the commitment";
                bool any_played = false;
                for (const RoundView& r : rounds) any_played = any_played || r.played;
                out << (any_played ? " and every position played is the draw's\n"
                                   : "; compare the rounds above with the positions played (or "
                                     "give them with --played ROUND=NUMBER)\n");
            } else {
                out << "Result: NOT OK\n";
                for (const auto& problem : v.problems) out << "  - " << problem << "\n";
            }
            return out.str();
        }
        case Format::Tsv: {
            std::string out = std::string(kTsvHeader) + "\tplayed\tmatches\n";
            for (const RoundView& r : rounds)
                out += tsv_row(e, r) + "\t" + r.played.value_or("") + "\t" +
                       (r.played ? (r.played_matches ? "yes" : "no") : "") + "\n";
            return out;
        }
        case Format::Json: {
            Json j;
            j["ok"] = v.ok();
            j.update(event_json(e));
            j["commitment_matches"] = v.commitment_matches;
            j["draws"] = Json::array();
            for (const RoundView& r : rounds) {
                Json round = round_json(e, r);
                if (r.played) {
                    round["played"] = *r.played;
                    round["played_matches"] = r.played_matches;
                }
                j["draws"].push_back(round);
            }
            j["problems"] = v.problems;
            return j.dump(2) + "\n";
        }
        case Format::Html:
            return verify_sheet_html(e, rounds, v);
    }
    return {};
}

}  // namespace chess960::cli
