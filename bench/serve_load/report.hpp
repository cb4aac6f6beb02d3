// The Markdown report of a run: the machine and what else ran on it, the server's options,
// and each scenario's figures against the targets.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "crash.hpp"
#include "crowd.hpp"
#include "games.hpp"
#include "lobby.hpp"
#include "machine.hpp"

namespace serve_load {

struct RunInfo {
    std::string date;          // UTC
    std::string command_line;  // how the generator was run
    MachineInfo machine;
    std::vector<std::string> busiest_before;  // other processes' CPU use at the start
    std::string load_after;
    std::vector<std::string> server_args;      // the limit options passed to every server
    std::vector<std::string> missing_options;  // limit options `serve --help` does not list
    long nofile_limit = 0;
    std::string help_note;  // where the server's options were found
};

struct Report {
    RunInfo info;
    std::optional<CrowdResult> crowd;
    std::optional<GamesResult> games_ws;        // paced at --move-rate (or unpaced if 0)
    std::optional<GamesResult> games_capacity;  // the same load unpaced: the server's capacity
    std::optional<GamesResult> games_http;
    std::optional<CrashResult> crash;
    std::optional<CrashResult> cluster;        // the load and, checked afterwards, every ack
    std::optional<LobbyResult> lobby;          // one instance (SQLite or --db)
    std::optional<LobbyResult> lobby_cluster;  // two instances on one PostgreSQL database
    std::vector<std::string> errors;           // scenarios that could not run, and why
    std::vector<std::string> notes;            // how each scenario started
};

std::string to_markdown(const Report& report);

// Whether every target was met (the exit status).
bool all_targets_met(const Report& report);

}  // namespace serve_load
