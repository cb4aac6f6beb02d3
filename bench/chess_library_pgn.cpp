// chess_library_pgn: replays every game of a PGN file with Disservin's chess-library (its
// single header, read from the team's peers folder at build time and never copied here):
// pgn::StreamParser reads the file, uci::parseSan resolves each SAN move against the legal
// moves, Board::makeMove plays it. The peer in bench/pgn_threads_bench.sh, doing the work
// `chess960 pgn check` does (every move checked and played, Chess960 castling included).
// bench/pgn_threads_bench.sh compiles it with clang (GCC 12 stops with an internal compiler
// error on chess.hpp), -O3 -march=native, outside CMake.
//
// usage: chess_library_pgn FILE.pgn   prints "G games, M moves, E errors" and the time
#include <chess.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

namespace {

class Replay : public chess::pgn::Visitor {
  public:
    long games = 0, moves = 0, errors = 0;

    void startPgn() override {
        fen_.clear();
        chess960_ = false;
        broken_ = false;
    }
    void header(std::string_view key, std::string_view value) override {
        if (key == "FEN") fen_ = value;
        if (key == "Variant")
            chess960_ = value.find("960") != std::string_view::npos ||
                        value.find("ischer") != std::string_view::npos;
    }
    void startMoves() override {
        board_ = fen_.empty() ? chess::Board() : chess::Board(fen_, chess960_);
    }
    void move(std::string_view san, std::string_view) override {
        if (broken_) return;
        try {
            const chess::Move m = chess::uci::parseSan(board_, san, scratch_);
            if (m == chess::Move::NO_MOVE) {
                broken_ = true;
                ++errors;
                return;
            }
            board_.makeMove(m);
            ++moves;
        } catch (const std::exception&) {
            broken_ = true;
            ++errors;
        }
    }
    void endPgn() override { ++games; }

  private:
    chess::Board board_;
    chess::Movelist scratch_;
    std::string fen_;
    bool chess960_ = false;
    bool broken_ = false;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: chess_library_pgn FILE.pgn\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "chess_library_pgn: cannot open %s\n", argv[1]);
        return 1;
    }
    const auto start = std::chrono::steady_clock::now();
    Replay replay;
    chess::pgn::StreamParser parser(in);
    auto error = parser.readGames(replay);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (error) std::fprintf(stderr, "chess_library_pgn: %s\n", error.message().c_str());
    std::printf("%ld games, %ld moves, %ld errors\n", replay.games, replay.moves, replay.errors);
    std::fprintf(stderr, "checked in %g s: %ld games/s, %ld moves/s\n", seconds,
                 long(double(replay.games) / seconds), long(double(replay.moves) / seconds));
    return replay.errors ? 1 : 0;
}
