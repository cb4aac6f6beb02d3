// The generator's analyses by our engine, in this process: one search thread, a node limit.
#pragma once

#include <cstdint>
#include <memory>

#include "puzzle/analyser.hpp"

namespace chess960::puzzle {

std::unique_ptr<Analyser> make_engine_analyser(std::uint64_t nodes);

}  // namespace chess960::puzzle
