#include "match/pgn_record.hpp"

#include "chess960/outcome_text.hpp"
#include "match/move_comment.hpp"

namespace chess960::match {

PgnRecord::PgnRecord(const Position& start) {
    record_.start = start;
    record_.chess960 = true;
}

void PgnRecord::add_move(Move move, const SearchReply& reply) {
    pgn::Node node;
    node.move = move;
    node.comments.push_back(move_comment(reply));
    record_.main.nodes.push_back(std::move(node));
}

std::string PgnRecord::write(const GameTags& tags, const GameEnd& end) const {
    pgn::GameRecord record = record_;
    record.result = end.result;
    record.set_tag("Event", tags.event);
    record.set_tag("Site", "?");
    record.set_tag("Date", tags.date);
    record.set_tag("Round", std::to_string(tags.round));
    record.set_tag("White", tags.white);
    record.set_tag("Black", tags.black);
    record.set_tag("Result", result_string(end.result));
    record.set_tag("TimeControl", tags.time_control);
    record.set_tag("Termination", end.termination);
    record.set_tag("StartPosition", tags.start_position);
    // How the game ended, after the last move (or before the first, in a game without moves).
    if (record.main.nodes.empty())
        record.main.comments.push_back(end.detail);
    else
        record.main.nodes.back().comments.push_back(end.detail);
    return pgn::write_game(record) + "\n";
}

}  // namespace chess960::match
