/// @file
/// PGN: a streaming reader (visitor callbacks, constant memory whatever the file size), a game
/// record with variations, and a writer.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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

/// The reader's limits. What it holds at once (a line, a comment) and what a game may hold
/// (its text, the nesting of its variations, its problems) are bounded, so that memory stays
/// bounded whatever the input: a file without line ends, a comment that never closes, a game
/// that never ends. Past a limit the reader reports it (Visitor::limit_reached, with the line)
/// and skips what it would have had to hold.
///
/// A line: at most 1 MiB, without its end of line. Inside a game a longer line ends the game:
/// the rest of its text is skipped up to the next tag pair line (is_tag_line), where the next
/// game starts. Between games it is skipped (reported with the game that follows).
inline constexpr std::size_t kMaxLineBytes = std::size_t(1) << 20;
/// A {comment} over several lines: at most 1 MiB; a longer one ends its game as a long line does.
inline constexpr std::size_t kMaxCommentBytes = std::size_t(1) << 20;
/// A game: at most 4 MiB of text from its first line; the rest of a longer one is skipped.
inline constexpr std::size_t kMaxGameBytes = std::size_t(4) << 20;
/// Variations inside variations: at most 1,000 deep. Deeper ones are skipped (reported once a
/// game) and the game goes on; records, and so the writer, never hold more.
inline constexpr int kMaxVariationDepth = 1000;
/// Syntax problems of one game: past 100 the rest of the game is skipped.
inline constexpr int kMaxGameProblems = 100;

/// What the reader skipped when it reached a limit (Visitor::limit_reached).
enum class Skipped {
    Lines,       ///< lines between games (too long to keep)
    Variations,  ///< variations nested too deep: the game goes on without them
    RestOfGame,  ///< the rest of the game: end_game follows
};

/// Where in the text a token starts.
struct Location {
    long line = 0;   ///< 1-based
    int column = 0;  ///< 1-based
};

/// Callbacks of the reader, in file order. Tokens are views valid only during the call.
class Visitor {
  public:
    /// Visitors are used through references to this base.
    virtual ~Visitor() = default;
    /// A new game starts (numbered from 1 in the file).
    virtual void begin_game(long /*game_number*/, Location) {}
    /// A tag pair [Name "value"], the value unescaped (PGN standard 8.1).
    virtual void tag(std::string_view /*name*/, std::string_view /*value*/, Location) {}
    /// After the tags, before the first movetext token.
    virtual void begin_movetext(Location) {}
    /// A move as written in the movetext (SAN, not yet checked; move numbers are not passed).
    virtual void move(std::string_view /*san*/, Location) {}
    /// A comment, {braced} or after ';', without its delimiters.
    virtual void comment(std::string_view /*text*/, Location) {}
    /// A numeric annotation glyph ($1, or !, ?, !!, ??, !?, ?! as $1..$6).
    virtual void nag(int /*number*/, Location) {}
    /// A '(' opens a variation: an alternative to the last move.
    virtual void begin_variation(Location) {}
    /// The ')' that closes it.
    virtual void end_variation(Location) {}
    /// The game termination marker: "1-0", "0-1", "1/2-1/2" or "*"; absent if the game was cut off.
    virtual void result(std::string_view /*result*/, Location) {}
    /// The game is over (after its result, or cut off by the next game or the end of the input).
    virtual void end_game(Location) {}
    /// A problem in the text (bad tag, unbalanced brackets, unknown token, missing result).
    /// The reader goes on: with the same game where it can, else with the next one.
    virtual void syntax_error(const std::string& /*message*/, Location) {}
    /// A limit of the reader was reached (kMaxLineBytes and the others) and text was skipped:
    /// `what` says which, the message says why. By default a syntax_error.
    virtual void limit_reached(const std::string& message, Location where, Skipped /*what*/) {
        syntax_error(message, where);
    }
};

/// Whether a line is a whole tag pair, [Name "value"] (trailing white space allowed): the line at
/// which the reader starts a game. A file can be split into games at such lines.
bool is_tag_line(std::string_view line);
/// Whether text holds control characters other than white space: binary data, not PGN text.
bool has_binary(std::string_view text);

/// Reads games from a file or stream in chunks; memory stays bounded by the limits above
/// (kMaxLineBytes: about twice that for the read buffer).
class Reader {
  public:
    /// Reads from a stream.
    explicit Reader(std::istream& in);
    explicit Reader(std::FILE* file);  ///< not closed by the reader
    /// Reads a text in memory where it is (no copy); it must outlive the reader.
    explicit Reader(std::string_view text);
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    /// Reads one game, calling the visitor; false at the end of the input (nothing read).
    bool read_game(Visitor& visitor);
    /// Reads every game.
    long read_all(Visitor& visitor);
    /// Numbers the lines from `line` on (before reading): for a part of a larger text read on
    /// its own, so that Locations and messages give the lines of the whole text.
    void start_at_line(long line);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// --- Game records ----------------------------------------------------------------------------

struct Line;

/// A move of a game record with what follows it.
struct Node {
    /// The move.
    Move move;
    /// Its numeric annotation glyphs.
    std::vector<int> nags;
    std::vector<std::string> comments;  ///< after the move
    std::vector<Line> variations;       ///< alternatives to this move
};

/// A sequence of moves: the main line or a variation.
struct Line {
    std::vector<std::string> comments;  ///< before the first move
    /// The moves, in order.
    std::vector<Node> nodes;

    Line() = default;
    /// Releases nested variations without a call per level of nesting, so that a line built
    /// with variations nested a million deep does not overflow the stack when it goes. (Copying
    /// one still takes a call per level; the reader never nests deeper than kMaxVariationDepth.)
    ~Line();
    Line(const Line&) = default;                 ///< a deep copy
    Line(Line&&) noexcept = default;             ///< takes the moves and variations
    Line& operator=(const Line&) = default;      ///< a deep copy
    Line& operator=(Line&&) noexcept = default;  ///< takes the moves and variations
};

/// A game as a PGN file records it: tags, start position, main line with comments, NAGs and
/// variations, result.
struct GameRecord {
    std::vector<std::pair<std::string, std::string>> tags;  ///< in file order
    /// The start position (from the FEN tag, or the ordinary one).
    Position start;
    /// Whether the game is Chess960 (Variant tag, or castling only Chess960 allows).
    bool chess960 = false;
    /// The main line.
    Line main;
    /// The result (the termination marker, or the Result tag).
    GameResult result = GameResult::Ongoing;

    /// The value of tag `name`, if present.
    std::optional<std::string> tag(std::string_view name) const;
    /// Sets tag `name` (replacing its value, or adding it at the end).
    void set_tag(std::string_view name, std::string value);
    /// The position after the main line.
    Position final_position() const;
};

/// Whether a Variant tag value means Chess960: Chess960, Fischerandom, fischerandom, Chess 960,
/// chess-960, FRC, 960, Freestyle (any case).
bool is_chess960_variant(std::string_view value);
/// Whether a Variant value is ordinary chess (Standard, "chess", empty, From Position).
bool is_standard_variant(std::string_view value);

/// The start position a game's tags call for, and whether it is a Chess960 game. An error for
/// an unsupported variant or a bad FEN tag.
/// The start of a game according to its tags.
struct StartInfo {
    /// The start position.
    Position position;
    /// Whether the game is Chess960.
    bool chess960;
};
/// The start position the tags call for ([Variant], [SetUp], [FEN]): the ordinary start without
/// a FEN tag; an error for an unsupported variant, a Chess960 game without FEN, or a bad FEN.
Result<StartInfo> start_from_tags(const std::vector<std::pair<std::string, std::string>>& tags);

/// Writes a game: the seven-tag roster (Event Site Date Round White Black Result), then Variant,
/// SetUp and FEN for Chess960 or a non-standard start, then the other tags in their order; SAN
/// movetext wrapped at 80 columns with comments, NAGs and variations (nested to any depth: the
/// writer keeps a stack of its own, not one call per level); the result.
std::string write_game(const GameRecord& game);

/// Replays games as the reader delivers them: sets up each start position from the tags,
/// checks every move (variations too), the tags and the result, and (with keep_records) builds
/// GameRecords. Problems name the game, the players, the ply and the move. A result that
/// contradicts the board is a problem: a mate or stalemate, or the draw by fivefold repetition
/// or the 75-move rule on the main line (FIDE Laws 9.6, which end the game at once: a move
/// after them is a problem too, and stops the replay as an illegal move does).
class Replayer : public Visitor {
  public:
    /// Something wrong in a game: where, which game and move, and what.
    struct Problem {
        /// The game's number in the file (from 1).
        long game;
        /// Where in the text.
        Location where;
        std::string players;  ///< "White - Black"
        int ply;              ///< 0 when not about a move
        std::string move;     ///< "12... Nf3" or empty
        /// What is wrong.
        std::string message;
        /// "game N (White - Black), ply K (12... Nf3): message"; the message alone for game 0
        /// (text before any game)
        std::string describe() const;
    };

    /// A replayer that keeps each game as a GameRecord in `games` when `keep_records` (else it
    /// only checks and counts).
    explicit Replayer(bool keep_records = true) : keep_records_(keep_records) {}

    /// A game's start, tags, main line and result, without comments, NAGs or variations (they
    /// are checked but not kept): cheaper than a GameRecord (see keep_main_line).
    struct MainLine {
        std::vector<std::pair<std::string, std::string>> tags;  ///< in file order
        Position start;                                         ///< from the tags
        bool chess960 = false;                                  ///< whether it is Chess960
        std::vector<Move> moves;                  ///< the main line, as far as the replay went
        GameResult result = GameResult::Ongoing;  ///< termination marker, else Result tag
        bool complete = false;  ///< replayed to its end without a problem that stopped it
    };
    /// Keeps the main line of each game in main_line() (off by default).
    void keep_main_line(bool keep) { keep_main_line_ = keep; }
    /// With keep_main_line: the game being read; after end_game, the last game read.
    const MainLine& main_line() const { return main_line_; }

    std::vector<GameRecord> games;  ///< with keep_records
    /// The problems found, in file order (clear it between games to keep memory flat).
    std::vector<Problem> problems;
    /// Games read so far.
    long games_read = 0;
    long moves_read = 0;  ///< every move replayed, variations included

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
    /// A problem; a game that lost text to the limit is not kept (records, main_line()).
    void limit_reached(const std::string& message, Location, Skipped what) override;

  private:
    struct Level {
        Line* line;  ///< null without keep_records
        Position current;
        int ply;  ///< plies played from the start to `current`
        bool has_move = false;
        // The last move of this line and what takes it back: a variation starts from the
        // position before it (rebuilt then, not copied at every move).
        Move last_move{};
        Position::Undo last_undo{};
    };
    void problem(const std::string& message, Location where, int ply = 0, std::string move = {});
    void ensure_movetext(Location where);
    void note_main_line_position(const Level& main);
    // tags_ holds the current game's tags, then stale ones of earlier games kept for their
    // memory (tag() overwrites them in place); settle_tags drops the stale ones before use.
    void settle_tags() {
        if (tags_.size() > tag_count_) tags_.resize(tag_count_);
    }

    bool keep_records_;
    bool keep_main_line_ = false;
    MainLine main_line_;
    GameRecord record_;
    std::vector<std::pair<std::string, std::string>> tags_;
    std::size_t tag_count_ = 0;  ///< of the current game, at the front of tags_
    std::vector<Level> stack_;
    long game_number_ = 0;
    bool in_movetext_ = false;
    bool skip_ = false;        ///< the rest of the game, after a problem that stops the replay
    bool incomplete_ = false;  ///< the reader skipped part of the game (a limit)
    std::string result_token_;
    // The end of the main line by fivefold repetition or the 75-move rule (FIDE Laws 9.6), and
    // the rule and ply that ended the game, if one did. The positions since the last capture
    // or pawn move are noted by zobrist key in `recent_keys_` until there are enough for a
    // fifth occurrence; then how often each has stood is counted in a small open-addressed
    // table (they are at most 151: the 75-move rule ends the game at the 150th ply), emptied at
    // once by starting a new generation.
    struct Occurrences {
        std::uint64_t key = 0;
        std::uint32_t generation = 0;  // the entry counts only in the current generation
        std::uint32_t count = 0;
    };
    void forget_positions();
    bool count_occurrence(std::uint64_t key);
    void note_long_stretch(const Level& main);
    void move_after_the_end(std::string_view san, Location where);
    std::array<std::uint64_t, 17> recent_keys_{};  // 17: the fewest for a fifth occurrence
    std::size_t recent_count_ = 0;
    std::vector<Occurrences> occurrences_;
    std::uint32_t generation_ = 1;  // entries of generation 0 are empty
    Termination main_end_ = Termination::None;
    int main_end_ply_ = 0;
};

/// The result a PGN termination marker stands for (PGN standard 8.2.6): "1-0", "0-1",
/// "1/2-1/2"; Ongoing for "*" and anything else.
GameResult parse_result(std::string_view text);

}  // namespace chess960::pgn
