#include "match/report.hpp"

#include <cmath>
#include <sstream>

#include "match/numbers.hpp"
#include "match/time_control.hpp"

namespace chess960::match {

namespace {

// The half width of the interval; "inf" when a bound is infinite (a score of 0% or 100%).
std::string plus_minus(const EloEstimate& e) {
    return std::isfinite(e.lower) && std::isfinite(e.upper) ? fixed(e.error(), 1) : "inf";
}

std::string pair_key_names(const std::array<std::string, 2>& names) {
    return names[0] + " - " + names[1];
}

}  // namespace

std::string standing(const MatchResult& r) {
    const ScoreSample s = r.pairs.pairs() > 0 ? sample(r.pairs) : sample(r.first);
    const EloEstimate e = estimate_elo(s);
    std::string text = "W " + std::to_string(r.first.wins) + " D " + std::to_string(r.first.draws) +
                       " L " + std::to_string(r.first.losses) + ", " +
                       fixed(100 * sample(r.first).mean, 1) + "%";
    if (r.first.games() > 0) text += ", Elo " + signed_fixed(e.elo, 1) + " +/- " + plus_minus(e);
    if (r.sprt) text += ", LLR " + signed_fixed(r.sprt->llr, 2);
    return text;
}

std::string format_report(const MatchConfig& config, const MatchResult& r) {
    std::ostringstream out;
    const auto& names = r.names;
    out << "Match: " << pair_key_names(names) << ", " << r.games << " of " << config.games
        << " games, ";
    switch (config.limit.kind) {
        case Limit::Kind::Time:
            out << "tc " << time_control_tag(config.limit.time);
            break;
        case Limit::Kind::Nodes:
            out << "nodes " << config.limit.nodes;
            break;
        case Limit::Kind::Depth:
            out << "depth " << config.limit.depth;
            break;
    }
    out << ", concurrency " << config.concurrency;
    if (r.interrupted) out << " (interrupted)";
    out << "\n";
    const ScoreSample games = sample(r.first);
    out << "Results of " << names[0] << ": " << r.first.wins << " wins, " << r.first.draws
        << " draws, " << r.first.losses << " losses (W/D/L " << r.first.wins << "/" << r.first.draws
        << "/" << r.first.losses << ")\n";
    out << "Score: " << fixed(100 * games.mean, 1) << "% ("
        << fixed(double(r.first.wins) + 0.5 * double(r.first.draws), 1) << "/" << r.games << ")\n";
    const bool penta = r.pairs.pairs() > 0;
    const EloEstimate e = estimate_elo(penta ? sample(r.pairs) : games);
    if (r.games > 0)
        out << "Elo difference: " << signed_fixed(e.elo, 1) << " +/- " << plus_minus(e)
            << " (95% interval " << signed_fixed(e.lower, 1) << " to " << signed_fixed(e.upper, 1)
            << ", " << (penta ? "pentanomial" : "trinomial") << "), LOS " << fixed(100 * e.los, 1)
            << "%\n";
    out << "Pentanomial [0, 0.5, 1, 1.5, 2]: [";
    for (std::size_t i = 0; i < 5; ++i) out << (i ? ", " : "") << r.pairs.counts[i];
    out << "] (" << r.pairs.pairs() << " pairs";
    if (r.unpaired) out << ", " << r.unpaired << " unpaired game" << (r.unpaired > 1 ? "s" : "");
    out << ")\n";
    out << "White wins " << r.white_wins << ", Black wins " << r.black_wins << ", draws " << r.draws
        << " (draw ratio " << fixed(r.games ? 100.0 * r.draws / r.games : 0, 1) << "%)\n";
    if (config.sprt) {
        const SprtConfig& s = *config.sprt;
        const SprtState state =
            r.sprt ? *r.sprt : sprt(s, penta ? sprt_sample(r.pairs) : sprt_sample(r.first));
        out << "SPRT (GSPRT, logistic Elo, " << (penta ? "pentanomial" : "trinomial") << "): elo0 "
            << fixed(s.elo0, 1) << " elo1 " << fixed(s.elo1, 1) << " alpha " << s.alpha << " beta "
            << s.beta << ": LLR " << signed_fixed(state.llr, 2) << " ["
            << signed_fixed(state.lower, 2) << ", " << signed_fixed(state.upper, 2) << "] "
            << decision_string(state.decision) << "\n";
    }
    out << "Game endings:";
    if (r.reasons.empty()) out << " none";
    for (const auto& [reason, count] : r.reasons) out << " " << reason << " " << count << ";";
    out << "\n";
    int adjudicated = 0;
    for (const auto& [reason, count] : r.reasons)
        if (reason.starts_with("adjudication")) adjudicated += count;
    out << "Adjudications: " << adjudicated << "\n";
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& f = r.faults[i];
        auto count = [&](const char* reason) {
            auto it = f.find(reason);
            return it == f.end() ? 0 : it->second;
        };
        out << "Losses by fault of " << names[i] << ": illegal moves " << count("illegal move")
            << ", time forfeits " << count("time forfeit") << ", crashes "
            << count("engine crashed") << ", hangs " << count("engine hung") << ", failed starts "
            << count("engine failed to start") << "\n";
    }
    return out.str();
}

}  // namespace chess960::match
