// PGN game records: start position from the tags, replay with checks, and the writer.
#include <algorithm>
#include <cctype>

#include "chess960/fen.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"

namespace chess960::pgn {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string trim_copy(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return std::string(s);
}

// Whether a position's castling rights need Chess960 rules: a right whose king is not on e1/e8
// or whose rook is not on a corner.
bool needs_chess960(const Position& pos) {
    for (Color c : {White, Black})
        for (CastlingSide side : {GSide, CSide}) {
            Square rook = pos.castling_rook(c, side);
            if (rook == NoSquare) continue;
            if (pos.king_square(c) != relative_square(c, E1)) return true;
            if (rook != relative_square(c, side == GSide ? H1 : A1)) return true;
        }
    return false;
}

}  // namespace

bool is_chess960_variant(std::string_view value) {
    std::string v = lower(trim_copy(value));
    return v == "chess960" || v == "chess 960" || v == "chess-960" || v == "fischerandom" ||
           v == "fischer random" || v == "fischerrandom" || v == "frc" || v == "960" ||
           v == "freestyle" || v == "chess960 (fischer random)";
}

bool is_standard_variant(std::string_view value) {
    std::string v = lower(trim_copy(value));
    return v.empty() || v == "standard" || v == "chess" || v == "normal" || v == "from position" ||
           v == "fromposition" || v == "orthodox";
}

GameResult parse_result(std::string_view text) {
    if (text == "1-0") return GameResult::WhiteWins;
    if (text == "0-1") return GameResult::BlackWins;
    if (text == "1/2-1/2") return GameResult::Draw;
    return GameResult::Ongoing;
}

Result<StartInfo> start_from_tags(const std::vector<std::pair<std::string, std::string>>& tags) {
    const std::string* variant = nullptr;
    const std::string* fen = nullptr;
    for (const auto& [name, value] : tags) {
        if (name == "Variant") variant = &value;
        if (name == "FEN") fen = &value;
    }
    bool chess960 = false;
    if (variant) {
        if (is_chess960_variant(*variant))
            chess960 = true;
        else if (!is_standard_variant(*variant))
            return make_error(ErrorCode::InvalidPosition, "unsupported variant '" + *variant + "'");
    }
    if (!fen) {
        if (chess960)
            return make_error(ErrorCode::InvalidFen,
                              "a Chess960 game needs a [FEN] tag with its start position");
        return StartInfo{Position(), false};
    }
    auto pos = position_from_fen(*fen);
    if (!pos)
        return make_error(pos.error().code, "[FEN \"" + *fen + "\"]: " + pos.error().to_string());
    // Exports without a Variant tag (chess.com) still mark Chess960 by Shredder letters or by
    // rights that ordinary chess cannot have.
    if (!variant) {
        std::size_t field_start = fen->find(' ');
        if (field_start != std::string::npos) field_start = fen->find(' ', field_start + 1);
        std::string_view field = field_start == std::string::npos
                                     ? std::string_view{}
                                     : std::string_view(*fen).substr(field_start + 1);
        field = field.substr(0, field.find(' '));
        bool shredder_letters = std::any_of(field.begin(), field.end(), [](char c) {
            return (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h');
        });
        chess960 = shredder_letters || needs_chess960(*pos);
    } else if (!chess960 && needs_chess960(*pos)) {
        // "Standard" or "From Position" with castling rights only Chess960 rules give (lila#3998):
        // castled by those rules, so marked Chess960, else the written record would be read
        // back as another game.
        chess960 = true;
    }
    return StartInfo{*pos, chess960};
}

Line::~Line() {
    // Every nested variation is moved out into one list, and released once its own variations
    // are moved out in turn: each goes with nothing nested left in it, so no call runs deeper
    // than one level whatever the nesting.
    std::vector<Line> nested;
    auto take_variations = [&](Line& line) {
        for (Node& node : line.nodes)
            for (Line& variation : node.variations)
                if (!variation.nodes.empty()) nested.push_back(std::move(variation));
    };
    take_variations(*this);
    while (!nested.empty()) {
        Line line = std::move(nested.back());
        nested.pop_back();
        take_variations(line);
    }
}

std::optional<std::string> GameRecord::tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
        if (n == name) return v;
    return std::nullopt;
}

void GameRecord::set_tag(std::string_view name, std::string value) {
    for (auto& [n, v] : tags)
        if (n == name) {
            v = std::move(value);
            return;
        }
    tags.emplace_back(std::string(name), std::move(value));
}

Position GameRecord::final_position() const {
    Position pos = start;
    for (const Node& n : main.nodes) pos.play(n.move);
    return pos;
}

// --- Replayer --------------------------------------------------------------------------------

std::string Replayer::Problem::describe() const {
    // Game 0: text before any game (binary data or long lines in a file without a game).
    if (game == 0) return message;
    std::string out = "game " + std::to_string(game);
    if (!players.empty()) out += " (" + players + ")";
    if (ply > 0) {
        out += ", ply " + std::to_string(ply);
        if (!move.empty()) out += " (" + move + ")";
    }
    return out + ": " + message;
}

void Replayer::problem(const std::string& message, Location where, int ply, std::string move_text) {
    settle_tags();
    std::string white = "?", black = "?";
    for (const auto& [n, v] : tags_) {
        if (n == "White") white = v;
        if (n == "Black") black = v;
    }
    problems.push_back(
        {game_number_, where, white + " - " + black, ply, std::move(move_text), message});
}

void Replayer::begin_game(long game_number, Location) {
    game_number_ = game_number;
    tag_count_ = 0;
    stack_.clear();
    in_movetext_ = false;
    skip_ = false;
    incomplete_ = false;
    result_token_.clear();
    if (keep_records_) record_ = GameRecord{};
    if (keep_main_line_) {
        main_line_.tags.clear();
        main_line_.moves.clear();  // keeps its capacity from game to game
        main_line_.result = GameResult::Ongoing;
        main_line_.complete = false;
    }
}

void Replayer::tag(std::string_view name, std::string_view value, Location) {
    // In place of an earlier game's tag where there is one: no allocation from game to game.
    if (tag_count_ < tags_.size()) {
        tags_[tag_count_].first.assign(name);
        tags_[tag_count_].second.assign(value);
    } else {
        tags_.emplace_back(std::string(name), std::string(value));
    }
    ++tag_count_;
}

void Replayer::ensure_movetext(Location where) {
    if (!in_movetext_) begin_movetext(where);
}

void Replayer::begin_movetext(Location where) {
    if (in_movetext_) return;
    in_movetext_ = true;
    settle_tags();
    auto start = start_from_tags(tags_);
    if (!start) {
        problem(start.error().message, where);
        skip_ = true;
        return;
    }
    if (keep_records_) {
        record_.tags = tags_;
        record_.start = start->position;
        record_.chess960 = start->chess960;
    }
    const Position& pos = start->position;
    if (keep_main_line_) {
        main_line_.start = pos;
        main_line_.chess960 = start->chess960;
    }
    stack_.push_back({keep_records_ ? &record_.main : nullptr, pos, 0, false});
    forget_positions();
    main_end_ = Termination::None;
    note_main_line_position(stack_.front());
    for (const auto& [n, v] : tags_)
        if (n == "Result" && v != "1-0" && v != "0-1" && v != "1/2-1/2" && v != "*")
            problem("invalid Result tag '" + v + "'", where);
}

namespace {

std::string move_number_text(const Position& before, const std::string& san) {
    return std::to_string(before.fullmove_number()) +
           (before.side_to_move() == White ? ". " : "... ") + san;
}

// An automatic draw as problems name it: "fivefold repetition at ply 16 (FIDE Laws 9.6.1)".
std::string automatic_draw_text(Termination end, int ply) {
    return std::string(end == Termination::FivefoldRepetition ? "fivefold repetition"
                                                              : "the 75-move rule") +
           " at ply " + std::to_string(ply) + " (FIDE Laws " +
           (end == Termination::FivefoldRepetition ? "9.6.1" : "9.6.2") + ")";
}

}  // namespace

namespace {

// Five occurrences of a position lie at least four plies apart: 17 positions at the least.
constexpr std::size_t kPositionsForFivefold = 17;
constexpr std::size_t kOccurrenceSlots = 512;  // a power of two, well above 151

}  // namespace

void Replayer::forget_positions() {
    if (occurrences_.empty()) occurrences_.resize(kOccurrenceSlots);
    if (recent_count_ >= kPositionsForFivefold && ++generation_ == 0) {
        // Wrapped: entries of an old generation 0 would count again.
        std::fill(occurrences_.begin(), occurrences_.end(), Occurrences{});
        generation_ = 1;
    }
    recent_count_ = 0;
}

// Counts one more occurrence of the position `key`; whether that makes five.
bool Replayer::count_occurrence(std::uint64_t key) {
    std::size_t slot = std::size_t(key) & (kOccurrenceSlots - 1);
    while (occurrences_[slot].generation == generation_ && occurrences_[slot].key != key)
        slot = (slot + 1) & (kOccurrenceSlots - 1);
    Occurrences& seen = occurrences_[slot];
    if (seen.generation != generation_) seen = {key, generation_, 0};
    return ++seen.count == 5;
}

// After each move of the main line (and at its start): whether the game has just ended by
// itself, drawn, under FIDE Laws 9.6. 9.6.1: the same position (9.2.2: same player to move,
// pieces, castling rights and en passant captures, which is what the zobrist key holds) for the
// fifth time; only positions since the last capture or pawn move can repeat, and the key is
// compared alone (a 64-bit key: a false match is not to be expected in any file). 9.6.2: 75
// moves of each player without a capture or pawn move, unless the last move mated.
//
// Most stretches without a capture or pawn move end before a fifth occurrence could happen:
// their keys are only noted, here, and counted (note_long_stretch) when one goes on long
// enough, from then on as they come.
inline void Replayer::note_main_line_position(const Level& main) {
    const Position& pos = main.current;
    if (pos.halfmove_clock() == 0) forget_positions();
    if (recent_count_ + 1 < kPositionsForFivefold && pos.halfmove_clock() < 150) [[likely]] {
        recent_keys_[recent_count_++] = pos.key();
        return;
    }
    note_long_stretch(main);
}

[[gnu::noinline]] void Replayer::note_long_stretch(const Level& main) {
    const Position& pos = main.current;
    // Only the position now can be a fifth occurrence when the counting starts: the others
    // are less than 16 plies after the first.
    bool fifth = false;
    if (recent_count_ < kPositionsForFivefold) {
        recent_keys_[recent_count_++] = pos.key();
        if (recent_count_ == kPositionsForFivefold)
            for (std::uint64_t key : recent_keys_) fifth = count_occurrence(key);
    } else {
        ++recent_count_;
        fifth = count_occurrence(pos.key());
    }
    if (fifth) {
        main_end_ = Termination::FivefoldRepetition;
        main_end_ply_ = main.ply;
    } else if (pos.halfmove_clock() >= 150 && !(pos.in_check() && pos.legal_moves().empty())) {
        main_end_ = Termination::SeventyFiveMoves;
        main_end_ply_ = main.ply;
    }
}

// A move of the main line after the game was over (Laws 9.6): it and those after it are not
// part of the game. Out of move(), which runs for every move.
[[gnu::noinline]] void Replayer::move_after_the_end(std::string_view san, Location where) {
    const Level& level = stack_.back();
    problem("played after the game was drawn by " + automatic_draw_text(main_end_, main_end_ply_),
            where, level.ply + 1, move_number_text(level.current, std::string(san)));
    skip_ = true;
}

void Replayer::move(std::string_view san, Location where) {
    ensure_movetext(where);
    if (skip_ || stack_.empty()) return;
    Level& level = stack_.back();
    const bool main_line = stack_.size() == 1;
    if (main_line && main_end_ != Termination::None) [[unlikely]] {
        move_after_the_end(san, where);
        return;
    }
    auto m = parse_san(level.current, san);
    if (!m) {
        // Strip the "illegal move 'x': " prefix the SAN reader adds; the report names the move.
        std::string why = m.error().message;
        if (auto colon = why.find("': "); colon != std::string::npos) why = why.substr(colon + 3);
        const char* kind =
            m.error().code == ErrorCode::InvalidMove ? "malformed move: " : "illegal move: ";
        problem(kind + why, where, level.ply + 1,
                move_number_text(level.current, std::string(san)));
        skip_ = true;
        return;
    }
    level.last_undo = level.current.make(*m);
    level.last_move = *m;
    level.has_move = true;
    ++level.ply;
    ++moves_read;
    if (level.line) level.line->nodes.push_back(Node{*m, {}, {}, {}});
    if (main_line) {
        note_main_line_position(level);
        if (keep_main_line_) main_line_.moves.push_back(*m);
    }
}

void Replayer::comment(std::string_view text, Location where) {
    ensure_movetext(where);
    if (skip_ || stack_.empty() || !keep_records_) return;
    Line* line = stack_.back().line;
    std::string trimmed = trim_copy(text);
    if (line->nodes.empty())
        line->comments.push_back(std::move(trimmed));
    else
        line->nodes.back().comments.push_back(std::move(trimmed));
}

void Replayer::nag(int number, Location where) {
    ensure_movetext(where);
    if (skip_ || stack_.empty() || !keep_records_) return;
    Line* line = stack_.back().line;
    if (line->nodes.empty())
        problem("NAG $" + std::to_string(number) + " before any move", where);
    else
        line->nodes.back().nags.push_back(number);
}

void Replayer::begin_variation(Location where) {
    ensure_movetext(where);
    if (skip_ || stack_.empty()) return;
    Level& parent = stack_.back();
    if (!parent.has_move) {
        problem("a variation must follow a move", where, parent.ply);
        skip_ = true;
        return;
    }
    Line* line = nullptr;
    if (parent.line) {
        parent.line->nodes.back().variations.emplace_back();
        line = &parent.line->nodes.back().variations.back();
    }
    // The variation replaces the parent's last move: it starts from the position before it.
    Position before = parent.current;
    before.unmake(parent.last_move, parent.last_undo);
    const int ply = parent.ply - 1;
    stack_.push_back({line, before, ply, false});
}

void Replayer::end_variation(Location) {
    if (skip_ || stack_.size() <= 1) return;
    stack_.pop_back();
}

void Replayer::result(std::string_view token, Location) { result_token_ = std::string(token); }

void Replayer::end_game(Location where) {
    ++games_read;
    if (!in_movetext_) begin_movetext(where);
    if (keep_main_line_) {
        main_line_.tags = tags_;
        std::string_view result_text = result_token_;
        if (result_text.empty())
            for (const auto& [n, v] : tags_)
                if (n == "Result") result_text = v;
        main_line_.result = parse_result(result_text);
        main_line_.complete = !skip_ && !incomplete_ && !stack_.empty();
    }
    if (skip_ || stack_.empty()) return;
    const Level& main = stack_.front();
    const Position& final = main.current;
    GameResult result = parse_result(result_token_);
    std::optional<std::string> result_tag;
    for (const auto& [n, v] : tags_)
        if (n == "Result") result_tag = v;
    if (!result_token_.empty() && result_tag && *result_tag != result_token_)
        problem("Result tag \"" + *result_tag + "\" differs from the result " + result_token_ +
                    " after the moves",
                where);
    if (result_token_.empty() && result_tag) result = parse_result(*result_tag);
    // The board's verdict, where there is one, must match the recorded result.
    if (final.legal_moves().empty() && !result_token_.empty()) {
        bool mate = final.in_check();
        GameResult expected =
            !mate ? GameResult::Draw
                  : (final.side_to_move() == White ? GameResult::BlackWins : GameResult::WhiteWins);
        if (result != expected)
            problem(std::string("result ") + result_string(result) + " contradicts the " +
                        (mate ? "checkmate" : "stalemate") + " on the board (" +
                        result_string(expected) + ")",
                    where, main.ply);
    } else if (main_end_ != Termination::None && !result_token_.empty() &&
               result != GameResult::Draw) {
        // Drawn by Laws 9.6 at main_end_ply_, the last ply (a move after it stopped the replay).
        problem(std::string("result ") + result_string(result) + " contradicts the draw by " +
                    automatic_draw_text(main_end_, main_end_ply_),
                where, main.ply);
    }
    if (keep_records_) {
        record_.result = result;
        if (!incomplete_) games.push_back(std::move(record_));
        record_ = GameRecord{};
    }
}

void Replayer::syntax_error(const std::string& message, Location where) { problem(message, where); }

void Replayer::limit_reached(const std::string& message, Location where, Skipped what) {
    problem(message, where);
    // Not the game as written: checked as far as it was read, but not kept.
    if (what != Skipped::Lines) incomplete_ = true;
}

// --- Writer ----------------------------------------------------------------------------------

namespace {

constexpr const char* kRoster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

// A tag value as written: '"' and '\\' escaped; control characters, which PGN's export format
// does not allow and the reader takes for binary data, as a space (white space) or '?'.
std::string escape(std::string_view value) {
    std::string out;
    for (char c : value) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 32 || byte == 127)
            c = (c == '\t' || c == '\r' || c == '\v' || c == '\f') ? ' ' : '?';
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// Accumulates tokens into lines of at most 80 columns.
class Wrapper {
  public:
    // `in_comment`: a word inside a brace comment. A comment line that starts with '[' or a
    // UTF-8 byte order mark starts with a space: the reader takes a line that looks like a tag
    // pair for the next game (a comment that lost its '}'), and drops a BOM at a line start.
    void token(const std::string& t, bool in_comment = false) {
        if (!line_.empty() && line_.size() + 1 + t.size() > 80) flush();
        if (!line_.empty())
            line_ += ' ';
        else if (in_comment && (t.starts_with('[') || t.starts_with("\xEF\xBB\xBF")))
            line_ = " ";
        line_ += t;
    }
    void flush() {
        if (!line_.empty()) out_ += line_ + '\n';
        line_.clear();
    }
    std::string& text() { return out_; }

  private:
    std::string out_, line_;
};

void write_comment(Wrapper& w, const std::string& comment) {
    // Comment words wrap like moves; '}' cannot appear inside a brace comment. Any white space
    // separates words: a word ending in '\r' put at the end of a line would lose it on reading.
    std::string text = comment;
    std::replace(text.begin(), text.end(), '}', ')');
    std::replace_if(
        text.begin(), text.end(),
        [](char c) { return c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f'; }, ' ');
    std::string word;
    bool first = true;
    auto emit = [&](std::string piece, bool last) {
        if (first) piece = "{" + piece;
        if (last) piece += "}";
        w.token(piece, !first);
        first = false;
    };
    std::vector<std::string> words;
    for (char c : text) {
        if (c == ' ') {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(word);
    if (words.empty()) {
        w.token("{}");
        return;
    }
    for (std::size_t i = 0; i < words.size(); ++i) emit(words[i], i + 1 == words.size());
}

// Writes a line and its variations, depth first. The lines open at once are kept on a stack of
// their own, not one call each: a record nested a million deep is written in memory, not
// with the call stack (which it would overflow).
void write_line(Wrapper& w, const Line& main, const Position& start) {
    // A line being written: its next move, the position before it, whether that move has been
    // written (with its NAGs and comments) and which of its variations comes next.
    struct Open {
        const Line* line;
        Position pos;
        std::size_t node = 0;
        bool move_written = false;
        std::size_t variation = 0;
        bool need_number = true;  // the next black move needs its number ("12... Nf6")
    };
    std::vector<Open> open;
    auto begin_line = [&](const Line& line, const Position& pos) {
        for (const std::string& c : line.comments) write_comment(w, c);
        open.push_back({&line, pos});
    };
    begin_line(main, start);
    while (!open.empty()) {
        Open& top = open.back();
        if (top.node == top.line->nodes.size()) {
            open.pop_back();
            if (!open.empty()) {
                w.token(")");
                open.back().need_number = true;
            }
            continue;
        }
        const Node& node = top.line->nodes[top.node];
        if (!top.move_written) {
            std::string san = to_san(top.pos, node.move);
            if (top.pos.side_to_move() == White)
                w.token(std::to_string(top.pos.fullmove_number()) + ". " + san);
            else if (top.need_number)
                w.token(std::to_string(top.pos.fullmove_number()) + "... " + san);
            else
                w.token(san);
            top.need_number = false;
            for (int nag : node.nags) w.token("$" + std::to_string(nag));
            for (const std::string& c : node.comments) {
                write_comment(w, c);
                top.need_number = true;
            }
            top.move_written = true;
        }
        if (top.variation < node.variations.size()) {
            // An alternative to this move: from the same position.
            const Line& variation = node.variations[top.variation++];
            const Position before = top.pos;  // `top` goes stale when the stack grows
            w.token("(");
            begin_line(variation, before);
            continue;
        }
        top.pos.play(node.move);
        ++top.node;
        top.move_written = false;
        top.variation = 0;
    }
}

}  // namespace

std::string write_game(const GameRecord& game) {
    std::string out;
    for (const char* name : kRoster) {
        std::string value;
        if (std::string_view(name) == "Result")
            value = result_string(game.result);
        else
            value = game.tag(name).value_or(std::string_view(name) == "Date" ? "????.??.??" : "?");
        out += "[" + std::string(name) + " \"" + escape(value) + "\"]\n";
    }
    const bool custom_start = game.chess960 || !game.start.same_position(Position()) ||
                              game.start.fullmove_number() != 1 || game.start.halfmove_clock() != 0;
    if (game.chess960) out += "[Variant \"Chess960\"]\n";
    if (custom_start) {
        out += "[SetUp \"1\"]\n";
        out += "[FEN \"" + write_fen(game.start) + "\"]\n";
    }
    for (const auto& [name, value] : game.tags) {
        if (std::find_if(std::begin(kRoster), std::end(kRoster),
                         [&](const char* r) { return name == r; }) != std::end(kRoster))
            continue;
        if (name == "Variant" || name == "SetUp" || name == "FEN") continue;
        out += "[" + name + " \"" + escape(value) + "\"]\n";
    }
    out += '\n';
    Wrapper w;
    write_line(w, game.main, game.start);
    w.token(result_string(game.result));
    w.flush();
    out += w.text();
    return out;
}

}  // namespace chess960::pgn
