#include "puzzle/themes.hpp"

namespace chess960::puzzle {

std::vector<std::string> themes(const ThemeInput&) { return {}; }

}  // namespace chess960::puzzle
