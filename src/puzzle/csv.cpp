#include "puzzle/csv.hpp"

namespace chess960::puzzle {}  // namespace chess960::puzzle
