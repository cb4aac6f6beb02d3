#include "events/derivation.hpp"

#include <map>
#include <vector>

#include "draw/commitment.hpp"
#include "store/secrets.hpp"
#include "store/store.hpp"

namespace chess960::server {

event::Parameters parameters_of(const EventRow& e) {
    return event::Parameters{e.name, e.rounds, e.excluded, e.allow_repeats, e.double960};
}

event::Verification verify_event(const StoredEvent& stored) {
    const EventRow& e = stored.event;
    const auto secret = event::secret_from_hex(e.secret);
    if (!secret) throw StoreError("event " + e.id + ": the stored secret is not 64 hex digits");
    std::vector<std::string> entropies;
    std::map<int, event::RoundDraw> played;
    for (const EventRoundRow& r : stored.rounds) {
        entropies.push_back(r.entropy);
        if (r.revealed() && r.white_number)
            played[r.round] = {r.round, *r.white_number, r.black_number.value_or(*r.white_number)};
    }
    return event::verify(e.commitment, *secret, parameters_of(e), entropies, played);
}

std::string event_seat_token(std::string_view organiser_token, std::string_view event_id, int round,
                             int board, Color color) {
    std::string message = "chess960-event-seat-v1";
    for (const std::string& part : {std::string(event_id), std::to_string(round),
                                    std::to_string(board), std::string(color_name(color))}) {
        message.push_back('\0');
        message += part;
    }
    return hmac_sha256_hex(organiser_token, message).substr(0, 32);
}

}  // namespace chess960::server
