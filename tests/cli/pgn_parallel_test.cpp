// The chunked PGN work of `pgn ... --threads N` (pgn_chunks/pgn_parallel.hpp) on its own: results
// reach `emit` in input order with the right count of games before them, whoever reads (a
// separate reader, or the threads taking turns), for every thread count; `emit` runs on one
// thread at a time; stopping early, a failing chunk and a failing input end the run with the
// first error and no result after it. Input with no line to cut at within the largest chunk is
// left, after every chunk before it, to `read_rest`.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "pgn_chunks/pgn_parallel.hpp"

namespace chess960::cli {
namespace {

// `count` games, each with its number (from `first`) in the Round tag and a few moves.
std::string games_text(int count, int first = 1) {
    std::string text;
    for (int i = first; i < first + count; ++i) {
        text += "[Event \"parallel\"]\n[Round \"" + std::to_string(i) + "\"]\n[Result \"*\"]\n\n";
        text += "1. e4 e5 2. Nf3 Nc6 *\n\n";
    }
    return text;
}

// The Round tags of a chunk's games, in order.
struct Rounds : pgn::Visitor {
    std::vector<long> rounds;
    void tag(std::string_view name, std::string_view value, pgn::Location) override {
        if (name == "Round") rounds.push_back(std::stol(std::string(value)));
    }
};

struct Batch {
    long games = 0;
    std::vector<long> rounds;
};

Batch rounds_of(const PgnChunk& chunk) {
    Rounds visitor;
    Batch batch;
    batch.games = read_chunk(chunk, visitor);
    batch.rounds = std::move(visitor.rounds);
    return batch;
}

// For runs whose input always has a line to cut at: read_rest is never called.
void no_rest(std::istream&, long, long) { ADD_FAILURE() << "read_rest was called"; }

// Small chunks (the chunker still reads 64 KiB at a time: a chunk is about that), so that 20,000
// games (1.5 MB) are cut some twenty times.
class PgnParallelTest : public ::testing::Test {
  protected:
    void SetUp() override { setenv("CHESS960_PGN_CHUNK_BYTES", "1000", 1); }
    void TearDown() override { unsetenv("CHESS960_PGN_CHUNK_BYTES"); }
};

constexpr int kGames = 20000;

TEST_F(PgnParallelTest, ResultsComeInInputOrderWhoeverReads) {
    const int games = kGames;
    const std::string text = games_text(games);
    for (const bool separate : {true, false}) {
        for (const int threads : {1, 2, 3, 5}) {
            const std::string what =
                (separate ? "separate reader, " : "shared reading, ") + std::to_string(threads);
            std::istringstream in(text);
            std::vector<long> seen;
            long chunks = 0, games_seen = 0;
            std::atomic<int> emitting{0};
            bool overlapped = false;
            for_each_chunk<Batch>(
                in, threads, rounds_of,
                [&](Batch& batch, long games_before) {
                    overlapped = overlapped || emitting.fetch_add(1) != 0;
                    EXPECT_EQ(games_before, games_seen) << what;
                    games_seen += batch.games;
                    seen.insert(seen.end(), batch.rounds.begin(), batch.rounds.end());
                    ++chunks;
                    emitting.fetch_sub(1);
                    return true;
                },
                no_rest, separate);
            EXPECT_FALSE(overlapped) << what;
            EXPECT_EQ(games_seen, games) << what;
            ASSERT_EQ(seen.size(), std::size_t(games)) << what;
            for (int i = 0; i < games; ++i) ASSERT_EQ(seen[std::size_t(i)], i + 1) << what;
            EXPECT_GT(chunks, 15) << what << ": the text was not cut into many chunks";
        }
    }
}

TEST_F(PgnParallelTest, EmitReturningFalseStopsTheRun) {
    const std::string text = games_text(kGames);
    for (const bool separate : {true, false}) {
        std::istringstream in(text);
        int emitted = 0;
        std::vector<long> seen;
        for_each_chunk<Batch>(
            in, 2, rounds_of,
            [&](Batch& batch, long) {
                seen.insert(seen.end(), batch.rounds.begin(), batch.rounds.end());
                return ++emitted < 3;
            },
            no_rest, separate);
        EXPECT_EQ(emitted, 3) << separate;
        for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], long(i) + 1);
    }
}

TEST_F(PgnParallelTest, AFailingChunkStopsTheRunWithItsError) {
    const std::string text = games_text(kGames);
    for (const bool separate : {true, false}) {
        std::istringstream in(text);
        long last_round = 0;
        try {
            for_each_chunk<Batch>(
                in, 3,
                [](const PgnChunk& chunk) {
                    Batch batch = rounds_of(chunk);
                    for (long round : batch.rounds)
                        if (round == kGames / 2) throw std::runtime_error("the middle game is bad");
                    return batch;
                },
                [&](Batch& batch, long) {
                    if (!batch.rounds.empty()) last_round = batch.rounds.back();
                    return true;
                },
                no_rest, separate);
            ADD_FAILURE() << "no error";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "the middle game is bad");
        }
        EXPECT_LT(last_round, kGames / 2) << "a result after the failing chunk was emitted";
    }
}

// A stream whose reading fails after `good` bytes of `text` (as a corrupt compressed file does).
class FailingBuffer : public std::streambuf {
  public:
    FailingBuffer(std::string text, std::size_t good) : text_(std::move(text)), good_(good) {}

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (given_ >= good_) throw std::runtime_error("corrupt input");
        const std::size_t n = std::min<std::size_t>(100, good_ - given_);
        char* begin = text_.data() + given_;
        given_ += n;
        setg(begin, begin, begin + n);
        return traits_type::to_int_type(*gptr());
    }

  private:
    std::string text_;
    std::size_t good_, given_ = 0;
};

TEST_F(PgnParallelTest, AFailingInputStopsTheRunWithItsError) {
    for (const bool separate : {true, false}) {
        for (const int threads : {1, 2, 4}) {
            const std::string text = games_text(kGames);
            FailingBuffer buffer(text, text.size() / 2);
            std::istream in(&buffer);
            in.exceptions(std::ios::badbit);  // as PgnInput does
            long games = 0;
            try {
                for_each_chunk<Batch>(
                    in, threads, rounds_of,
                    [&](Batch& batch, long) {
                        games += batch.games;
                        return true;
                    },
                    no_rest, separate);
                ADD_FAILURE() << "no error";
            } catch (const std::runtime_error& e) {
                EXPECT_STREQ(e.what(), "corrupt input");
            }
            EXPECT_LT(games, kGames);
        }
    }
}

// Between tagged games, games without tags (9 MB: more than the largest chunk, and no line to
// cut at): the games before go out in chunks, then the rest of the input, from the last cut on,
// to read_rest with its first line and the games before it; every game is seen once, in order.
TEST_F(PgnParallelTest, InputWithoutALineToCutAtIsLeftToOneReader) {
    const std::string before = games_text(100);
    std::string untagged;
    while (untagged.size() < PgnChunker::max_chunk_bytes(1000) + (1 << 20))
        untagged += "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    const long untagged_games = long(untagged.size() / 32);
    const std::string text = before + untagged + games_text(100, 101);
    for (const bool separate : {true, false}) {
        for (const int threads : {1, 2}) {
            SCOPED_TRACE(std::to_string(threads) + (separate ? " separate" : " shared"));
            std::istringstream in(text);
            std::vector<long> seen;
            long games_seen = 0, rests = 0;
            for_each_chunk<Batch>(
                in, threads, rounds_of,
                [&](Batch& batch, long games_before) {
                    EXPECT_EQ(rests, 0) << "a chunk after the rest";
                    EXPECT_EQ(games_before, games_seen);
                    games_seen += batch.games;
                    seen.insert(seen.end(), batch.rounds.begin(), batch.rounds.end());
                    return true;
                },
                [&](std::istream& rest, long first_line, long games_before) {
                    ++rests;
                    EXPECT_EQ(games_before, games_seen);
                    // The rest starts with a game the chunks did not hold, at its first line.
                    const std::size_t at =
                        text.find("[Round \"" + std::to_string(games_seen + 1) + "\"]");
                    ASSERT_NE(at, std::string::npos);
                    EXPECT_EQ(first_line,
                              1 + std::count(text.begin(), text.begin() + long(at), '\n') - 1);
                    pgn::Reader reader(rest);
                    Rounds visitor;
                    games_seen += reader.read_all(visitor);
                    seen.insert(seen.end(), visitor.rounds.begin(), visitor.rounds.end());
                },
                separate);
            EXPECT_EQ(rests, 1);
            EXPECT_EQ(games_seen, 200 + untagged_games);
            ASSERT_EQ(seen.size(), 200u);
            for (long i = 0; i < 200; ++i) ASSERT_EQ(seen[std::size_t(i)], i + 1);
        }
    }
}

}  // namespace
}  // namespace chess960::cli
