#include "pgn.hpp"

#include <pybind11/stl.h>

#include <cstdio>
#include <istream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "board.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/pgn.hpp"
#include "chess960/uci_move.hpp"
#include "errors.hpp"
#include "python_streambuf.hpp"

namespace py = pybind11;

namespace chess960::python {

namespace {

py::dict tags_dict(const std::vector<std::pair<std::string, std::string>>& tags) {
    py::dict d;
    for (const auto& [name, value] : tags) d[py::str(name)] = py::str(value);
    return d;
}

std::vector<std::string> problem_texts(const std::vector<pgn::Replayer::Problem>& problems) {
    std::vector<std::string> out;
    for (const auto& p : problems) out.push_back(p.describe());
    return out;
}

// One game read into objects, as python-chess's read_game gives it: tags, the main line's
// moves, the result, and the problems the replay found.
struct PyGame {
    std::vector<std::pair<std::string, std::string>> tags;
    Position start;
    bool chess960 = false;
    std::vector<Move> moves;
    std::string result = "*";
    std::vector<std::string> errors;
};

// Reads the first game of `text`; None when there is none.
std::optional<PyGame> read_game_text(const std::string& text) {
    std::istringstream in(text);
    pgn::Reader reader(in);
    pgn::Replayer replayer(false);
    replayer.keep_main_line(true);
    if (!reader.read_game(replayer) || replayer.games_read == 0) return std::nullopt;
    const pgn::Replayer::MainLine& line = replayer.main_line();
    return PyGame{line.tags,
                  line.start,
                  line.chess960,
                  line.moves,
                  result_string(line.result),
                  problem_texts(replayer.problems)};
}

// One game of a stream: no object per move.
struct StreamedGame {
    py::dict headers;
    std::string moves;  // the main line in UCI, space-separated
    std::string result;
    int ply_count = 0;
    std::optional<std::string> error;  // the first problem, if any
};

// Streams the games of a file: each next() reads and replays one game.
class GameStream {
  public:
    GameStream(py::object source, bool chess960) : chess960_(chess960) {
        if (py::isinstance<py::str>(source) || py::hasattr(source, "__fspath__")) {
            const std::string path = py::str(py::module_::import("os").attr("fspath")(source));
            file_ = std::fopen(path.c_str(), "rb");
            if (!file_) {
                PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
                throw py::error_already_set();
            }
            reader_ = std::make_unique<pgn::Reader>(file_);
        } else {
            buffer_ = std::make_unique<PythonStreambuf>(source);
            stream_ = std::make_unique<std::istream>(buffer_.get());
            reader_ = std::make_unique<pgn::Reader>(*stream_);
        }
        replayer_.keep_main_line(true);
    }
    ~GameStream() {
        if (file_) std::fclose(file_);
    }
    GameStream(const GameStream&) = delete;
    GameStream& operator=(const GameStream&) = delete;

    StreamedGame next() {
        for (;;) {
            replayer_.problems.clear();
            const long before = replayer_.games_read;
            bool more;
            if (file_) {
                py::gil_scoped_release release;  // a file of our own: no Python object is used
                more = reader_->read_game(replayer_);
            } else {
                more = reader_->read_game(replayer_);
            }
            if (replayer_.games_read == before) {
                if (!more) throw py::stop_iteration();
                continue;  // text after the last game, no game in it
            }
            return summary();
        }
    }

  private:
    StreamedGame summary() const {
        const pgn::Replayer::MainLine& line = replayer_.main_line();
        StreamedGame g;
        g.headers = tags_dict(line.tags);
        g.result = result_string(line.result);
        g.ply_count = int(line.moves.size());
        Position pos = line.start;
        const CastlingMode mode = chess960_ ? CastlingMode::Chess960 : CastlingMode::Standard;
        g.moves.reserve(line.moves.size() * 5);
        // King-takes-rook UCI needs no position; writing a castle as e1g1 needs the mover's.
        const bool replay = mode == CastlingMode::Standard;
        for (Move m : line.moves) {
            if (!g.moves.empty()) g.moves += ' ';
            g.moves += to_uci(pos, m, mode);
            if (replay) pos.play(m);
        }
        if (!replayer_.problems.empty()) g.error = replayer_.problems.front().describe();
        return g;
    }

    bool chess960_;
    std::FILE* file_ = nullptr;
    std::unique_ptr<PythonStreambuf> buffer_;
    std::unique_ptr<std::istream> stream_;
    std::unique_ptr<pgn::Reader> reader_;
    pgn::Replayer replayer_{false};
};

}  // namespace

void bind_pgn(py::module_& m) {
    py::module_ pgn = m.def_submodule("_pgn", "PGN reading (the chess960.pgn module wraps it).");

    py::class_<PyGame>(pgn, "Game", "A game read from PGN: tags, main line, result, problems.")
        .def_property_readonly("headers", [](const PyGame& g) { return tags_dict(g.tags); })
        .def_readonly("chess960", &PyGame::chess960)
        .def_readonly("result", &PyGame::result)
        .def_readonly("errors", &PyGame::errors)
        .def("mainline_moves", [](const PyGame& g) { return g.moves; })
        .def(
            "board", [](const PyGame& g) { return Board(g.start); }, "The start position.")
        .def(
            "end_board",
            [](const PyGame& g) {
                Board b(g.start);
                for (Move mv : g.moves) unwrap(b.play(mv));
                return b;
            },
            "The board after the main line, its moves on the move stack.")
        .def("__repr__", [](const PyGame& g) {
            std::string white = "?", black = "?";
            for (const auto& [n, v] : g.tags) {
                if (n == "White") white = v;
                if (n == "Black") black = v;
            }
            return "<Game " + white + " - " + black + " " + g.result + ", " +
                   std::to_string(g.moves.size()) + " plies>";
        });
    pgn.def("read_game_text", &read_game_text, py::arg("text"),
            "The first game in `text`, or None.");

    py::class_<StreamedGame>(pgn, "StreamedGame",
                             "A game from a stream: headers, moves as one UCI string, result.")
        .def_readonly("headers", &StreamedGame::headers)
        .def_readonly("moves", &StreamedGame::moves)
        .def_readonly("result", &StreamedGame::result)
        .def_readonly("ply_count", &StreamedGame::ply_count)
        .def_readonly("error", &StreamedGame::error)
        .def("__repr__", [](const StreamedGame& g) {
            return "<StreamedGame " + std::to_string(g.ply_count) + " plies " + g.result + ">";
        });

    py::class_<GameStream>(pgn, "GameStream", "Iterates over the games of a PGN file.")
        .def(py::init<py::object, bool>(), py::arg("source"), py::arg("chess960") = true)
        .def("__iter__", [](GameStream& s) -> GameStream& { return s; })
        .def("__next__", &GameStream::next);
}

}  // namespace chess960::python
