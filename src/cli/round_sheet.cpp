// The printable round sheet (`event round --format html`) and the verification sheet (`event
// verify --format html`): one self-contained HTML page, one printed page a round, the board as
// inline SVG.
#include <sstream>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "cli/board_svg.hpp"
#include "cli/event_output.hpp"

namespace chess960::cli {

namespace {

std::string escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

constexpr const char* kStyle = R"(<style>
body { font-family: system-ui, "DejaVu Sans", sans-serif; color: #000; margin: 2em auto; max-width: 46em; }
.sheet { break-after: page; page-break-after: always; margin-bottom: 3em; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 1.7em; margin: 0; }
h2 { font-size: 1.3em; margin: 0.3em 0; font-weight: normal; }
.number { font-size: 2.6em; font-weight: bold; margin: 0.2em 0; }
.board text { font-family: "DejaVu Sans", "Noto Sans Symbols 2", "Segoe UI Symbol", serif; }
table { border-collapse: collapse; margin: 1em 0; }
th { text-align: left; vertical-align: top; padding: 0.2em 1em 0.2em 0; white-space: nowrap; }
td { padding: 0.2em 0; }
code { font-size: 0.95em; word-break: break-all; }
.note { font-size: 0.85em; color: #333; }
.verdict { font-size: 1.3em; font-weight: bold; padding: 0.4em 0.6em; border: 2px solid; }
.ok { color: #075e07; } .bad { color: #9b0000; }
@media print { body { margin: 0; max-width: none; } }
</style>
)";

std::string head(const std::string& title) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
           escape(title) + "</title>\n" + kStyle + "</head>\n<body>\n";
}

std::string fen_of(const RoundView& r, CastlingNotation notation) {
    return write_fen(*startpos::position(r.white, r.black), {notation});
}

std::string back_rank_text(int number) { return startpos::to_string(*startpos::back_rank(number)); }

std::string row(const std::string& header, const std::string& html) {
    return "<tr><th>" + header + "</th><td>" + html + "</td></tr>\n";
}

std::string sheet(const EventView& e, const RoundView& r) {
    const event::Parameters& p = e.parameters;
    std::ostringstream html;
    html << "<section class=\"sheet\">\n<h1>" << escape(p.name) << "</h1>\n<h2>Round " << r.round
         << " of " << p.rounds << "</h2>\n<p class=\"number\">Start position "
         << escape(numbers_text(r)) << "</p>\n";
    if (r.white != r.black)
        html << "<p>Double Chess960: White's arrangement is number " << r.white
             << ", Black's number " << r.black << ".</p>\n";
    html << board_svg({r.white, r.black}) << "<table>\n";
    if (r.white != r.black)
        html << row("Back ranks", "<code>" + back_rank_text(r.white) + "</code> (white), <code>" +
                                      back_rank_text(r.black) + "</code> (black)");
    else
        html << row("Back rank", "<code>" + back_rank_text(r.white) + "</code>");
    html << row("X-FEN", "<code>" + escape(fen_of(r, CastlingNotation::XFen)) + "</code>")
         << row("Shredder-FEN",
                "<code>" + escape(fen_of(r, CastlingNotation::Shredder)) + "</code>")
         << row("Entropy", r.entropy.empty() ? "none" : "<code>" + escape(r.entropy) + "</code>")
         << row("Commitment", "<code>" + escape(e.commitment) + "</code>");
    if (r.played)
        html << row("Played",
                    escape(*r.played) + (r.played_matches
                                             ? " <span class=\"ok\">(matches)</span>"
                                             : " <span class=\"bad\">(does not match)</span>"));
    html << "</table>\n<p class=\"note\">Drawn by <code>chess960 event</code> from a secret the "
            "organiser committed to before the event (the commitment is its SHA-256), the event's "
            "name and parameters ("
         << p.rounds << " rounds; excluded: " << escape(exclusions_text(p.excluded)) << "; repeats "
         << (p.allow_repeats ? "allowed" : "not allowed")
         << (p.double960 ? "; Double Chess960" : "")
         << "), the round number and the entropy. After the event the secret is revealed and "
            "anyone can recompute every round with <code>chess960 event verify</code>.</p>\n"
            "</section>\n";
    return html.str();
}

}  // namespace

std::string round_sheet_html(const EventView& e, const RoundView& r) {
    return head(e.parameters.name + ", round " + std::to_string(r.round) + ": start position " +
                numbers_text(r)) +
           sheet(e, r) + "</body>\n</html>\n";
}

std::string verify_sheet_html(const EventView& e, const std::vector<RoundView>& rounds,
                              const Verdict& v) {
    std::ostringstream html;
    html << head(e.parameters.name + ": verification of the draw")
         << "<section class=\"sheet\">\n<h1>" << escape(e.parameters.name)
         << "</h1>\n<h2>Verification of the draw</h2>\n<p class=\"verdict "
         << (v.ok() ? "ok\">OK" : "bad\">NOT OK") << "</p>\n<table>\n"
         << row("Commitment",
                "<code>" + escape(e.commitment) + "</code> " +
                    (v.commitment_matches ? "<span class=\"ok\">(the SHA-256 of the secret)</span>"
                                          : "<span class=\"bad\">(does not match: the secret's "
                                            "SHA-256 is <code>" +
                                                v.secret_hash + "</code>)</span>"))
         << "</table>\n";
    if (!v.problems.empty()) {
        html << "<ul>\n";
        for (const auto& problem : v.problems) html << "<li>" << escape(problem) << "</li>\n";
        html << "</ul>\n";
    }
    html << "<table>\n<tr><th>Round</th><th>Number</th><th>Back rank</th><th>Played</th></tr>\n";
    for (const RoundView& r : rounds) {
        html << "<tr><td>" << r.round << "</td><td>" << numbers_text(r) << "</td><td><code>"
             << back_rank_text(r.white) << (r.white != r.black ? "/" + back_rank_text(r.black) : "")
             << "</code></td><td>";
        if (r.played)
            html << escape(*r.played)
                 << (r.played_matches ? " <span class=\"ok\">(matches)</span>"
                                      : " <span class=\"bad\">(does not match)</span>");
        html << "</td></tr>\n";
    }
    html << "</table>\n</section>\n";
    for (const RoundView& r : rounds) html << sheet(e, r);
    html << "</body>\n</html>\n";
    return html.str();
}

}  // namespace chess960::cli
