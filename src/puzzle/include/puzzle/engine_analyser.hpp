// The generator's analyses by our engine, in this process: one search thread.
#pragma once

#include <memory>

#include "puzzle/analyser.hpp"

namespace chess960::puzzle {

std::unique_ptr<Analyser> make_engine_analyser();

}  // namespace chess960::puzzle
