#include "chess960/error.hpp"

namespace chess960 {

std::string Error::to_string() const {
    if (line > 0 && column > 0)
        return message + " (line " + std::to_string(line) + ", column " + std::to_string(column) +
               ")";
    if (line > 0) return message + " (line " + std::to_string(line) + ")";
    if (column > 0) return message + " (column " + std::to_string(column) + ")";
    return message;
}

}  // namespace chess960
