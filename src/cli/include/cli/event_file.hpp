// EVENT.json: what `chess960 event new` keeps for the organiser (the secret, the commitment, the
// published parameters) and the rounds `event round` has drawn. The file is created with mode
// 0600 and never overwritten by `new`; `round` replaces it atomically.
#pragma once

#include <string>
#include <vector>

#include "draw/draw.hpp"

namespace chess960::cli {

struct DrawnRound {
    int round = 0;
    std::string entropy;
    int white = 0;
    int black = 0;
};

struct EventFile {
    event::Parameters parameters;
    event::Secret secret{};
    std::string commitment;
    std::string created;            // UTC, ISO 8601
    std::vector<DrawnRound> drawn;  // ascending by round
};

// Creates `path` readable and writable by its owner only; refuses an existing file (its secret
// would be lost). Throws std::runtime_error naming the path and the reason.
void create_event_file(const std::string& path, const EventFile& event);
// Reads and checks the file: its format, parameters, secret, commitment (SHA-256 of the secret)
// and drawn rounds. Throws std::runtime_error naming the path and what is wrong.
EventFile read_event_file(const std::string& path);
// Replaces the file atomically (a 0600 temporary beside it, then rename).
void write_event_file(const std::string& path, const EventFile& event);

}  // namespace chess960::cli
