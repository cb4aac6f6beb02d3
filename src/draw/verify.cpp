#include "draw/verify.hpp"

#include "draw/commitment.hpp"

namespace chess960::event {

Verification verify(std::string_view commitment, const Secret& secret, const Parameters& parameters,
                    const std::vector<std::string>& entropies,
                    const std::map<int, RoundDraw>& played) {
    Verification verdict;
    verdict.secret_hash = commitment_of(secret);
    verdict.commitment_matches = same_digest(commitment, verdict.secret_hash);
    if (!verdict.commitment_matches)
        verdict.problems.push_back("the commitment is not the SHA-256 of the secret (that is " +
                                   verdict.secret_hash + ")");
    std::vector<std::string> all(std::size_t(parameters.rounds));
    for (std::size_t k = 0; k < all.size() && k < entropies.size(); ++k) all[k] = entropies[k];
    for (const RoundDraw& draw : draw_rounds(secret, parameters, all)) {
        RoundCheck check{draw, all[std::size_t(draw.round - 1)], std::nullopt, true};
        if (auto it = played.find(draw.round); it != played.end()) {
            check.played = it->second;
            check.played_matches = it->second.white == draw.white && it->second.black == draw.black;
            if (!check.played_matches)
                verdict.problems.push_back("round " + std::to_string(draw.round) + ": played " +
                                           numbers_text(it->second.white, it->second.black) +
                                           ", but the draw gives " +
                                           numbers_text(draw.white, draw.black));
        }
        verdict.rounds.push_back(std::move(check));
    }
    return verdict;
}

std::string numbers_text(int white, int black) {
    return white == black ? std::to_string(white)
                          : std::to_string(white) + ":" + std::to_string(black);
}

std::string shell_quote(std::string_view text) {
    if (!text.empty() &&
        text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789,._-=:/+") == std::string_view::npos)
        return std::string(text);
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string verify_command(std::string_view commitment, const Secret& secret, const Parameters& p,
                           const std::vector<DrawnRound>& drawn) {
    std::string command = "chess960 event verify --commitment " + std::string(commitment) +
                          " --secret " + to_hex(secret) + " --name " + shell_quote(p.name) +
                          " --rounds " + std::to_string(p.rounds);
    if (!p.excluded.empty()) {
        std::string list;
        for (int n : p.excluded) list += (list.empty() ? "" : ",") + std::to_string(n);
        command += " --exclude " + list;
    }
    if (p.allow_repeats) command += " --allow-repeats";
    if (p.double960) command += " --double";
    for (const DrawnRound& d : drawn)
        if (!d.entropy.empty())
            command += " --entropy " + shell_quote(std::to_string(d.draw.round) + "=" + d.entropy);
    for (const DrawnRound& d : drawn)
        command += " --played " + std::to_string(d.draw.round) + "=" +
                   numbers_text(d.draw.white, d.draw.black);
    return command;
}

}  // namespace chess960::event
