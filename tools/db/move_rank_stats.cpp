// move_rank_stats: the move code's figures on PGN files (chess960/db/move_code.hpp): how often
// each rank of db/move_order.hpp was played, the bits a move the code gives them, and the
// decoding speed on one core. With --frequencies it prints the ranks' counts as
// src/db/rank_frequencies.inc wants them (the code is trained on such a file). A game whose
// replay stops is left out and its problem said on standard error; the exit status is then 1.
//
// usage: chess960_move_rank_stats [--frequencies] FILE.pgn...
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/db/move_code.hpp"
#include "chess960/db/move_order.hpp"
#include "chess960/pgn.hpp"

using namespace chess960;

int main(int argc, char** argv) {
    bool frequencies = false;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--frequencies") == 0)
            frequencies = true;
        else
            files.emplace_back(argv[i]);
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: chess960_move_rank_stats [--frequencies] FILE.pgn...\n");
        return 2;
    }
    std::array<std::uint64_t, 256> counts{};
    std::size_t problems = 0;
    std::vector<std::pair<Position, std::vector<Move>>> games;
    for (const std::string& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "chess960_move_rank_stats: cannot read %s\n", file.c_str());
            return 1;
        }
        std::ostringstream text;
        text << in.rdbuf();
        const std::string pgn_text = text.str();
        pgn::Reader reader{std::string_view(pgn_text)};
        pgn::Replayer replayer;
        reader.read_all(replayer);
        // A game the replay stopped in is left out; its problem is said, and the exit status is 1.
        problems += replayer.problems.size();
        for (const pgn::Replayer::Problem& problem : replayer.problems)
            std::fprintf(stderr, "chess960_move_rank_stats: %s: %s\n", file.c_str(),
                         problem.describe().c_str());
        for (const pgn::GameRecord& game : replayer.games) {
            std::vector<Move> moves;
            Position pos = game.start;
            for (const pgn::Node& node : game.main.nodes) {
                ++counts[std::size_t(db::move_rank(pos, node.move))];
                moves.push_back(node.move);
                pos.play(node.move);
            }
            games.emplace_back(game.start, std::move(moves));
        }
    }
    if (frequencies) {
        for (std::uint64_t c : counts) std::printf("%llu,", (unsigned long long)(c + 1));
        std::printf("\n");
        return problems == 0 ? 0 : 1;
    }
    std::uint64_t moves = 0, bits = 0, bytes = 0;
    std::vector<std::vector<std::uint8_t>> coded;
    for (const auto& [start, line] : games) {
        auto code = db::encode_moves(start, line);
        if (!code) {
            std::fprintf(stderr, "chess960_move_rank_stats: %s\n", code.error().message.c_str());
            return 1;
        }
        moves += line.size();
        bytes += code->size();
        coded.push_back(std::move(*code));
    }
    for (std::size_t r = 0; r < counts.size(); ++r) bits += counts[r] * db::rank_code_bits(int(r));
    // Decoding every game again until a second has passed.
    const auto begin = std::chrono::steady_clock::now();
    std::uint64_t decoded = 0;
    double seconds = 0;
    while (seconds < 1.0 && moves > 0) {
        for (std::size_t i = 0; i < games.size(); ++i)
            decoded +=
                db::decode_moves(games[i].first, coded[i], int(games[i].second.size()))->size();
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    }
    std::printf(
        "games %zu, moves %llu: %.3f bits a move (%.2f bytes a game, padded), rank 0 %.1f%%\n",
        games.size(), (unsigned long long)moves, moves ? double(bits) / double(moves) : 0.0,
        games.empty() ? 0.0 : double(bytes) / double(games.size()),
        moves ? 100.0 * double(counts[0]) / double(moves) : 0.0);
    if (moves > 0)
        std::printf("decoding: %.2f M moves a second on one core\n",
                    double(decoded) / seconds / 1e6);
    return problems == 0 ? 0 : 1;
}
