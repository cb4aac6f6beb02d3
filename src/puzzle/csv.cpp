#include "puzzle/csv.hpp"

#include "puzzle/words.hpp"
namespace chess960::puzzle {

namespace {

// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
std::string field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::string csv_line(const CsvRow& row) {
    return field(row.id) + ',' + field(row.fen) + ',' + field(row.moves) + ',' +
           std::to_string(row.rating) + ',' + std::to_string(row.deviation) + ',' +
           std::to_string(row.popularity) + ',' + std::to_string(row.plays) + ',' +
           field(join_words(row.themes)) + ',' + field(row.game_url) + ',' +
           field(join_words(row.opening_tags));
}

}  // namespace chess960::puzzle
