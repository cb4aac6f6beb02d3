#include "store/event_store.hpp"

namespace chess960::server {

std::string excluded_to_text(const std::vector<int>& numbers) {
    std::string text;
    for (int n : numbers) text += (text.empty() ? "" : ",") + std::to_string(n);
    return text;
}

std::vector<int> excluded_from_text(const std::string& text) {
    std::vector<int> numbers;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find(',', begin);
        if (end == std::string::npos) end = text.size();
        numbers.push_back(std::stoi(text.substr(begin, end - begin)));
        begin = end + 1;
    }
    return numbers;
}

}  // namespace chess960::server
