// PGN: a streaming reader (visitor callbacks, constant memory whatever the file size), a game
// record with variations, and a writer.
#pragma once

#include <cstdio>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/outcome.hpp"
#include "chess960/position.hpp"

namespace chess960::pgn {

struct Location {
    long line = 0;   // 1-based
    int column = 0;  // 1-based
};

// Callbacks of the reader, in file order. Tokens are views valid only during the call.
class Visitor {
  public:
    virtual ~Visitor() = default;
    virtual void begin_game(long /*game_number*/, Location) {}
    virtual void tag(std::string_view /*name*/, std::string_view /*value*/, Location) {}
    // After the tags, before the first movetext token.
    virtual void begin_movetext(Location) {}
    virtual void move(std::string_view /*san*/, Location) {}
    virtual void comment(std::string_view /*text*/, Location) {}
    virtual void nag(int /*number*/, Location) {}
    virtual void begin_variation(Location) {}
    virtual void end_variation(Location) {}
    // The game termination marker: "1-0", "0-1", "1/2-1/2" or "*"; absent if the game was cut off.
    virtual void result(std::string_view /*result*/, Location) {}
    virtual void end_game(Location) {}
    // A problem in the text (bad tag, unbalanced brackets, unknown token, missing result).
    // The reader goes on: with the same game where it can, else with the next one.
    virtual void syntax_error(const std::string& /*message*/, Location) {}
};

// Reads games from a file or stream in chunks; memory stays bounded by the longest line and
// the longest comment.
class Reader {
  public:
    explicit Reader(std::istream& in);
    explicit Reader(std::FILE* file);  // not closed by the reader
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    // Reads one game, calling the visitor; false at the end of the input (nothing read).
    bool read_game(Visitor& visitor);
    // Reads every game.
    long read_all(Visitor& visitor);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// --- Game records ----------------------------------------------------------------------------

struct Line;

struct Node {
    Move move;
    std::vector<int> nags;
    std::vector<std::string> comments;  // after the move
    std::vector<Line> variations;       // alternatives to this move
};

struct Line {
    std::vector<std::string> comments;  // before the first move
    std::vector<Node> nodes;
};

struct GameRecord {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    Position start;
    bool chess960 = false;
    Line main;
    GameResult result = GameResult::Ongoing;

    std::optional<std::string> tag(std::string_view name) const;
    void set_tag(std::string_view name, std::string value);
    // The position after the main line.
    Position final_position() const;
};

// Whether a Variant tag value means Chess960: Chess960, Fischerandom, fischerandom, Chess 960,
// chess-960, FRC, 960, Freestyle (any case).
bool is_chess960_variant(std::string_view value);
// Whether a Variant value is ordinary chess (Standard, "chess", empty, From Position).
bool is_standard_variant(std::string_view value);

// The start position a game's tags call for, and whether it is a Chess960 game. An error for
// an unsupported variant or a bad FEN tag.
struct StartInfo {
    Position position;
    bool chess960;
};
Result<StartInfo> start_from_tags(const std::vector<std::pair<std::string, std::string>>& tags);

// Writes a game: the seven-tag roster (Event Site Date Round White Black Result), then Variant,
// SetUp and FEN for Chess960 or a non-standard start, then the other tags in their order; SAN
// movetext wrapped at 80 columns with comments, NAGs and variations; the result.
std::string write_game(const GameRecord& game);

// Replays games as the reader delivers them: sets up each start position from the tags,
// checks every move (variations too), the tags and the result, and (with keep_records) builds
// GameRecords. Problems name the game, the players, the ply and the move.
class Replayer : public Visitor {
  public:
    struct Problem {
        long game;
        Location where;
        std::string players;  // "White - Black"
        int ply;              // 0 when not about a move
        std::string move;     // "12... Nf3" or empty
        std::string message;
        // "game N (White - Black), ply K (12... Nf3): message"
        std::string describe() const;
    };

    explicit Replayer(bool keep_records = true) : keep_records_(keep_records) {}

    std::vector<GameRecord> games;  // with keep_records
    std::vector<Problem> problems;
    long games_read = 0;
    long moves_read = 0;  // every move replayed, variations included

    void begin_game(long game_number, Location) override;
    void tag(std::string_view name, std::string_view value, Location) override;
    void begin_movetext(Location) override;
    void move(std::string_view san, Location) override;
    void comment(std::string_view text, Location) override;
    void nag(int number, Location) override;
    void begin_variation(Location) override;
    void end_variation(Location) override;
    void result(std::string_view result, Location) override;
    void end_game(Location) override;
    void syntax_error(const std::string& message, Location) override;

  private:
    struct Level {
        Line* line;            // null without keep_records
        Position before_last;  // the position before the last move of this line
        Position current;
        int ply;  // plies played from the start to `current`
        bool has_move = false;
    };
    void problem(const std::string& message, Location where, int ply = 0, std::string move = {});
    void ensure_movetext(Location where);

    bool keep_records_;
    GameRecord record_;
    std::vector<std::pair<std::string, std::string>> tags_;
    std::vector<Level> stack_;
    long game_number_ = 0;
    bool in_movetext_ = false;
    bool skip_ = false;  // the rest of the game, after a problem that stops the replay
    std::string result_token_;
};

GameResult parse_result(std::string_view text);

}  // namespace chess960::pgn
