#include "puzzle/engine_analyser.hpp"

namespace chess960::puzzle {}  // namespace chess960::puzzle
