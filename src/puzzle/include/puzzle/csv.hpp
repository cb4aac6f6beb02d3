// Puzzles as lichess's puzzle file has them (database.lichess.org/#puzzles):
// PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,
// with the FEN in Shredder-FEN or X-FEN as a Chess960 position needs, and castling in Moves as
// the king taking its rook, so that tools reading lichess's file read ours.
#pragma once

#include <string>
#include <vector>

namespace chess960::puzzle {

inline constexpr const char* kCsvHeader =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags";

struct CsvRow {
    std::string id, fen, moves;  // moves: UCI, space-separated
    int rating = 1500, deviation = 500, popularity = 0, plays = 0;
    std::vector<std::string> themes;
    std::string game_url;
    std::vector<std::string> opening_tags;
};

// One line, without its newline; fields quoted where CSV (RFC 4180) needs it.
std::string csv_line(const CsvRow& row);

}  // namespace chess960::puzzle
