// A start position as an SVG board diagram (White at the bottom), for the printable round sheet.
#pragma once

#include <string>

#include "chess960/startpos.hpp"

namespace chess960::cli {

std::string board_svg(startpos::Numbers numbers);

}  // namespace chess960::cli
