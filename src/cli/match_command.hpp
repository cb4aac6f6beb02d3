// `chess960 match`: a match between two UCI engines (see src/match/match.hpp).
#pragma once

#include <string>
#include <vector>

namespace chess960::cli {

// The arguments after "match". Exit status: 0 done, 1 an engine or the positions file failed,
// 2 bad arguments.
int match_command(const std::vector<std::string>& args);

}  // namespace chess960::cli
