#include "chess960/pairing/dutch.hpp"

#include <string>

#include "dutch_engine.hpp"
#include "state.hpp"

namespace chess960::pairing {

namespace {

std::vector<Pair> numbered(const std::vector<detail::IdPair>& pairs) {
    std::vector<Pair> out;
    out.reserve(pairs.size());
    for (const detail::IdPair& p : pairs)
        out.push_back({p.white + 1, p.black == p.white ? 0 : p.black + 1});
    return out;
}

}  // namespace

Result<RoundPairing> pair_next_round(const Tournament& tournament) {
    auto state = detail::build_state(tournament, true);
    if (!state) return std::unexpected(state.error());
    if (state->initial_colour == Colour::None)
        return make_error(ErrorCode::InvalidTournament,
                          "the initial colour is not known: give XXC white1 or XXC black1 "
                          "(C.04.3 E.5: the first player's colour in round 1)");
    state->update_ranks();
    state->compute_player_data();
    auto pairs = detail::pair_round(*state);
    if (!pairs) return std::unexpected(pairs.error());
    detail::sort_pairs(*pairs, *state);
    return RoundPairing{state->played_rounds + 1, numbered(*pairs)};
}

Result<std::vector<RoundCheck>> check_tournament(const Tournament& tournament) {
    auto original = detail::build_state(tournament, false);
    if (!original) return std::unexpected(original.error());
    detail::State s = *original;
    for (detail::PlayerState& p : s.players) {
        p.matches.clear();
        p.score = 0;
    }
    std::vector<RoundCheck> out;
    for (int r = 0; r < original->played_rounds; ++r) {
        s.played_rounds = r;
        for (int id : s.by_rank) {
            const detail::Match& m = original->players[static_cast<std::size_t>(id)]
                                         .matches[static_cast<std::size_t>(r)];
            if (!m.paired) s.players[static_cast<std::size_t>(id)].matches.push_back(m);
        }
        s.update_ranks();
        s.compute_player_data();
        RoundCheck check;
        check.round = r + 1;
        if (s.initial_colour == Colour::None)
            return make_error(ErrorCode::InvalidTournament,
                              "the initial colour is not known: give XXC white1 or XXC black1");
        auto pairs = detail::pair_round(s);
        if (!pairs) {
            if (pairs.error().code != ErrorCode::NoValidPairing)
                return std::unexpected(pairs.error());
            check.same = false;
            check.no_valid_pairing = true;
        } else {
            for (const detail::IdPair& p : *pairs) {
                const detail::Match& m = original->players[static_cast<std::size_t>(p.white)]
                                             .matches[static_cast<std::size_t>(r)];
                if (!(m.opponent == p.black && m.colour != Colour::Black)) check.same = false;
            }
            detail::sort_pairs(*pairs, s);
            check.engine = numbered(*pairs);
        }
        // The round as recorded.
        for (int id : s.by_rank) {
            const detail::Match& m = original->players[static_cast<std::size_t>(id)]
                                         .matches[static_cast<std::size_t>(r)];
            if (!m.paired) continue;
            if (m.opponent == id) {
                check.recorded.push_back({id + 1, 0});
            } else if (m.colour == Colour::White || (m.colour == Colour::None && id < m.opponent)) {
                check.recorded.push_back({id + 1, m.opponent + 1});
            }
        }
        out.push_back(std::move(check));
        for (int id : s.by_rank) {
            detail::PlayerState& p = s.players[static_cast<std::size_t>(id)];
            const detail::Match& m = original->players[static_cast<std::size_t>(id)]
                                         .matches[static_cast<std::size_t>(r)];
            if (m.paired) p.matches.push_back(m);
            p.score += s.points_for(p, m);
        }
    }
    return out;
}

}  // namespace chess960::pairing
