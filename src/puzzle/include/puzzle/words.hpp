// A puzzle's lists as lichess's CSV writes them and the store keeps them: its moves and its
// themes, words separated by one blank.
#pragma once

#include <string>
#include <vector>

namespace chess960::puzzle {

// The words, one blank between each.
std::string join_words(const std::vector<std::string>& words);
// The words of `text`, split at blanks (several blanks are one; none at the ends).
std::vector<std::string> split_words(const std::string& text);

}  // namespace chess960::puzzle
