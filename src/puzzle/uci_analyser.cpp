#include "puzzle/uci_analyser.hpp"

namespace chess960::puzzle {}  // namespace chess960::puzzle
