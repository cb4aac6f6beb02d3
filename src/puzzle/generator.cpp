#include "puzzle/generator.hpp"

namespace chess960::puzzle {}  // namespace chess960::puzzle
