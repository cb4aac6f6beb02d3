#include "chess960/error.hpp"

namespace chess960 {

std::string Error::to_string() const {
    if (column > 0) return message + " (column " + std::to_string(column) + ")";
    return message;
}

}  // namespace chess960
