// `chess960 pgn check|stats|normalize|fen` on compressed inputs (zstd, gzip, bzip2, found by
// their magic bytes) and on several threads: every format and every thread count gives exactly
// the output of one thread reading the plain file (stdout, stderr and exit status), problems
// and their game and line numbers included. The input spans several batches of games (256 a
// batch) and holds games with problems: an illegal move, a bad FEN tag, an unterminated
// comment, binary data, junk after the last game.
#include <bzlib.h>
#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

using chess960::testing::run_chess960;
using chess960::testing::slurp;

namespace {

namespace fs = std::filesystem;

std::string zstd_compress(const std::string& text) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
    EXPECT_FALSE(ZSTD_isError(n));
    out.resize(n);
    return out;
}

std::string gzip_compress(const std::string& text) {
    z_stream s{};
    EXPECT_EQ(deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string out(deflateBound(&s, uLong(text.size())) + 32, '\0');
    s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    s.avail_in = uInt(text.size());
    s.next_out = reinterpret_cast<Bytef*>(out.data());
    s.avail_out = uInt(out.size());
    EXPECT_EQ(deflate(&s, Z_FINISH), Z_STREAM_END);
    out.resize(s.total_out);
    deflateEnd(&s);
    return out;
}

std::string bzip2_compress(const std::string& text) {
    std::string out(text.size() + text.size() / 100 + 1024, '\0');
    unsigned int n = unsigned(out.size());
    EXPECT_EQ(BZ2_bzBuffToBuffCompress(out.data(), &n, const_cast<char*>(text.data()),
                                       unsigned(text.size()), 9, 0, 0),
              BZ_OK);
    out.resize(n);
    return out;
}

// The shared Chess960 games 30 times over (about 870 games: four batches), with games that
// have problems among them.
std::string corpus() {
    std::string games;
    for (const char* name :
         {"games_chess960_mainz2009_rapid_wch.pgn", "games_chess960_cutechess_engines.pgn",
          "games_chess960_kokopu_castle_swap.pgn", "games_chess960_kokopu_variant_tags.pgn"})
        games += slurp(std::string(CHESS960_TEST_DATA) + "/pgn/" + name) + "\n";
    const std::string broken =
        "[Event \"illegal\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n"
        "[Event \"bad fen\"]\n[Variant \"Chess960\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n"
        "\x01\x02 binary\n"
        "[Event \"unterminated\"]\n\n1. e4 {no end\n\n";
    std::string out;
    for (int i = 0; i < 30; ++i) out += games + (i % 7 == 3 ? broken : "");
    return out + "junk after the last game\n";
}

class PgnInputs : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        dir_ = fs::temp_directory_path() / ("chess960_pgn_test_" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        text_ = corpus();
        write("games.pgn", text_);
        write("games.pgn.zst", zstd_compress(text_));
        write("games.pgn.gz", gzip_compress(text_));
        write("games.pgn.bz2", bzip2_compress(text_));
        // Frames, members and streams one after another read as one text.
        const std::string half = text_.substr(0, text_.size() / 2),
                          rest = text_.substr(half.size());
        write("parts.pgn.zst", zstd_compress(half) + zstd_compress(rest));
        write("parts.pgn.gz", gzip_compress(half) + gzip_compress(rest));
        write("parts.pgn.bz2", bzip2_compress(half) + bzip2_compress(rest));
        // The format is the data's, not the name's.
        write("misnamed.pgn", zstd_compress(text_));
        // Chunks of about 16 KiB: the threads cut this file (about 1 MB) some 60 times.
        ::setenv("CHESS960_PGN_CHUNK_BYTES", "16384", 1);
    }
    static void TearDownTestSuite() {
        ::unsetenv("CHESS960_PGN_CHUNK_BYTES");
        fs::remove_all(dir_);
    }

    static void write(const std::string& name, const std::string& bytes) {
        std::ofstream(dir_ / name, std::ios::binary) << bytes;
    }
    static std::string path(const std::string& name) { return (dir_ / name).string(); }

    // The command's output with the timing line of `check` (stderr) left out.
    static chess960::testing::CommandResult run(std::vector<std::string> args) {
        auto r = run_chess960(args);
        std::istringstream lines(r.err);
        std::string kept;
        for (std::string line; std::getline(lines, line);)
            if (!line.starts_with("checked in ")) kept += line + "\n";
        r.err = kept;
        return r;
    }

    static inline fs::path dir_;
    static inline std::string text_;
};

const std::vector<std::vector<std::string>> kCommands = {
    {"check"},
    {"stats"},
    {"normalize"},
    {"fen"},
    {"fen", "--ply", "12"},
    {"fen", "--ply", "60"},
    {"fen", "--game", "500"},
};

// Replaces the file name in messages, so that outputs of different files compare equal.
std::string without(const std::string& text, const std::string& name) {
    std::string out = text;
    for (std::size_t at; (at = out.find(name)) != std::string::npos;)
        out.replace(at, name.size(), "FILE");
    return out;
}

}  // namespace

TEST_F(PgnInputs, EveryFormatAndThreadCountGivesTheOutputOfOneThreadOnPlainText) {
    for (const auto& command : kCommands) {
        auto args = [&](const std::string& file, const std::string& threads) {
            std::vector<std::string> a{"pgn", command[0]};
            a.push_back(path(file));
            a.insert(a.end(), command.begin() + 1, command.end());
            a.insert(a.end(), {"--threads", threads});
            return a;
        };
        const auto reference = run(args("games.pgn", "1"));
        ASSERT_FALSE(reference.out.empty()) << command[0];
        for (const std::string file :
             {"games.pgn", "games.pgn.zst", "games.pgn.gz", "games.pgn.bz2", "parts.pgn.zst",
              "parts.pgn.gz", "parts.pgn.bz2", "misnamed.pgn"}) {
            const bool plain = file == "games.pgn";
            for (const std::string& threads : plain ? std::vector<std::string>{"1", "2", "3", "8"}
                                                    : std::vector<std::string>{"1", "3"}) {
                const auto r = run(args(file, threads));
                const std::string what = command[0] + " " + file + " --threads " + threads;
                EXPECT_EQ(r.status, reference.status) << what;
                EXPECT_EQ(without(r.out, path(file)), without(reference.out, path("games.pgn")))
                    << what;
                EXPECT_EQ(without(r.err, path(file)), without(reference.err, path("games.pgn")))
                    << what;
            }
        }
    }
}

// Many zstd frames cut anywhere (inside games, tags and lines), empty frames among them and at
// both ends: one text, on the reading thread as when the whole file is one frame. --threads 1
// decompresses on its own thread too, and must give what one thread gives on the plain text.
TEST_F(PgnInputs, ManyFramesWithEmptyOnesReadAsOneText) {
    std::string frames = zstd_compress("");
    for (std::size_t at = 0, step = 1; at < text_.size(); at += step, step = step * 3 + 7) {
        frames += zstd_compress(text_.substr(at, step));
        if (step % 2) frames += zstd_compress("");
    }
    frames += zstd_compress("");
    write("frames.pgn.zst", frames);
    write("empty.pgn", "");
    write("empty-frame.pgn.zst", zstd_compress(""));
    for (const std::string command : {"check", "normalize"}) {
        const auto reference = run({"pgn", command, path("games.pgn"), "--threads", "1"});
        const auto empty = run({"pgn", command, path("empty.pgn"), "--threads", "1"});
        for (const std::string threads : {"1", "2"}) {
            const auto r = run({"pgn", command, path("frames.pgn.zst"), "--threads", threads});
            EXPECT_EQ(r.status, reference.status) << command << " --threads " << threads;
            EXPECT_EQ(without(r.out, path("frames.pgn.zst")),
                      without(reference.out, path("games.pgn")))
                << command << " --threads " << threads;
            EXPECT_EQ(without(r.err, path("frames.pgn.zst")),
                      without(reference.err, path("games.pgn")))
                << command << " --threads " << threads;
            const auto e = run({"pgn", command, path("empty-frame.pgn.zst"), "--threads", threads});
            EXPECT_EQ(e.status, empty.status) << command;
            EXPECT_EQ(e.out, empty.out) << command;
        }
    }
}

// Cut at a frame's end the file is whole (the games before the cut); cut inside the next frame's
// header or data it is corrupt, whatever the thread count.
TEST_F(PgnInputs, ACutBetweenFramesIsWholeAndInsideAFrameIsAnError) {
    const std::string first = text_.substr(0, text_.size() / 3);
    const std::string one = zstd_compress(first), two = zstd_compress(text_.substr(first.size()));
    write("first.pgn", first);
    write("at-frame-end.pgn.zst", one);
    write("in-header.pgn.zst", one + two.substr(0, 3));
    write("in-data.pgn.zst", one + two.substr(0, two.size() - 1));
    const auto reference = run({"pgn", "check", path("first.pgn"), "--threads", "1"});
    for (const std::string threads : {"1", "2"}) {
        const auto whole =
            run({"pgn", "check", path("at-frame-end.pgn.zst"), "--threads", threads});
        EXPECT_EQ(without(whole.out, path("at-frame-end.pgn.zst")),
                  without(reference.out, path("first.pgn")));
        for (const std::string name : {"in-header.pgn.zst", "in-data.pgn.zst"}) {
            const auto r = run({"pgn", "check", path(name), "--threads", threads});
            EXPECT_EQ(r.status, 1) << name;
            EXPECT_TRUE(r.err.find(path(name) + ": corrupt zstd data") != std::string::npos)
                << name << " --threads " << threads << ": " << r.err;
        }
    }
}

TEST_F(PgnInputs, TheReferenceSeesTheGamesAndTheirProblems) {
    const auto r = run({"pgn", "check", path("games.pgn"), "--threads", "1"});
    EXPECT_EQ(r.status, 1);
    // 30 copies of the 29 shared games, 4 of the 3 broken ones, the junk at the end (a game).
    EXPECT_TRUE(r.out.find("883 games,") != std::string::npos) << r.out;
    EXPECT_TRUE(r.out.find("illegal move: ") != std::string::npos);
    EXPECT_TRUE(r.out.find("unterminated comment") != std::string::npos);
    EXPECT_TRUE(r.out.find("binary data skipped") != std::string::npos);
    EXPECT_TRUE(r.out.find("at the end") != std::string::npos ||
                r.out.find("junk") != std::string::npos);
}

TEST_F(PgnInputs, CompressedStandardInput) {
    const auto plain = run_chess960({"pgn", "stats", "-", "--threads", "2"}, text_);
    const auto zst = run_chess960({"pgn", "stats", "-", "--threads", "2"}, zstd_compress(text_));
    const auto gz = run_chess960({"pgn", "stats", "-"}, gzip_compress(text_));
    EXPECT_EQ(plain.status, 0) << plain.err;
    EXPECT_EQ(zst.out, plain.out);
    EXPECT_EQ(gz.out, plain.out);
}

TEST_F(PgnInputs, CorruptOrTruncatedCompressedDataIsAnErrorNamingTheFile) {
    struct Case {
        std::string name, bytes, format;
    };
    const std::string zst = zstd_compress(text_), gz = gzip_compress(text_),
                      bz = bzip2_compress(text_);
    std::string flipped = zst;
    flipped[flipped.size() / 2] = char(~flipped[flipped.size() / 2]);
    for (const Case& c : {Case{"cut.pgn.zst", zst.substr(0, zst.size() / 2), "zstd"},
                          Case{"flipped.pgn.zst", flipped, "zstd"},
                          Case{"cut.pgn.gz", gz.substr(0, gz.size() / 2), "gzip"},
                          Case{"cut.pgn.bz2", bz.substr(0, bz.size() / 2), "bzip2"},
                          Case{"garbage.pgn.bz2", "BZh9garbage garbage garbage", "bzip2"}}) {
        write(c.name, c.bytes);
        for (const std::string threads : {"1", "2"}) {
            const auto r = run({"pgn", "check", path(c.name), "--threads", threads});
            EXPECT_EQ(r.status, 1) << c.name;
            EXPECT_TRUE(r.err.find(path(c.name) + ": corrupt " + c.format + " data") !=
                        std::string::npos)
                << c.name << ": " << r.err;
        }
    }
}

TEST_F(PgnInputs, ThreadsMustBeANumber) {
    for (const std::string bad : {"0", "x", "257"}) {
        const auto r = run({"pgn", "check", path("games.pgn"), "--threads", bad});
        EXPECT_EQ(r.status, 2) << bad;
        EXPECT_TRUE(r.err.find("--threads must be a number from 1 to 256, not '" + bad + "'") !=
                    std::string::npos)
            << r.err;
    }
}
