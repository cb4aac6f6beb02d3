// PGN work on several threads with output in input order. The input is read (and decompressed)
// and cut into chunks of whole games (pgn_chunks.hpp); threads read and replay each chunk (the
// moves checked against the rules there); the results come back to `emit` in input order, with
// the number of games before them, so that game numbers can be counted as one reader of the whole
// input counts them. Line numbers are the whole input's already. Every message and every output
// byte is what one thread would give.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <istream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "pgn_chunks/pgn_chunks.hpp"

namespace chess960::cli {

// The number of threads to use by default: every core.
inline int default_pgn_threads() {
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1 : int(cores);
}

// Runs `f`; the exception it threw, or null.
template <typename F>
std::exception_ptr exception_of(F&& f) {
    try {
        f();
        return nullptr;
    } catch (...) {
        return std::current_exception();
    }
}

// Reads every game of `in`: `process` (on `threads` threads) turns a chunk into a Result, whose
// member `games` counts the chunk's games; `emit` gets each Result in input order with the games
// before its chunk, and returns false to stop reading. `emit` runs on one thread at a time, on
// whichever thread finished the chunk next in order. Where the input has no line to cut at
// within the largest chunk (PgnChunker), `read_rest` reads the rest of it on this thread, once
// every chunk before has been emitted: the rest's stream, the line it starts at, the games
// before it.
//
// Who reads: with a separate reader (by default when there are fewer threads than cores), this
// thread reads (and decompresses) while `threads` others replay, so that reading costs no wall
// time on the spare core. Otherwise (every core replaying) the threads take turns at reading: a
// thread that finds no chunk waiting reads one for itself and one for the next, then replays its
// own. A separate reader would then be one thread more than there are cores, preempting a
// replaying thread for every chunk it reads: taking turns measured 3.4% less wall time on a
// lichess-style .pgn.zst, the same on plain files (bench/results/pgn-threads-2026-11-28.md).
template <typename Result>
void for_each_chunk(
    std::istream& in, int threads, const std::function<Result(const PgnChunk&)>& process,
    const std::function<bool(Result&, long games_before)>& emit,
    const std::function<void(std::istream& rest, long first_line, long games_before)>& read_rest,
    std::optional<bool> separate_reader = std::nullopt) {
    // 1 MiB chunks: about a thousand games, little waiting at the end, a few MiB in flight. The
    // tests ask for small ones (CHESS960_PGN_CHUNK_BYTES) to cut a small file many times.
    std::size_t chunk_bytes = std::size_t(1) << 20;
    if (const char* bytes = std::getenv("CHESS960_PGN_CHUNK_BYTES"))
        chunk_bytes = std::max<std::size_t>(1, std::strtoull(bytes, nullptr, 10));
    const long max_in_flight = long(threads) * 2 + 1;
    if (!separate_reader) separate_reader = threads < default_pgn_threads();

    std::mutex mutex;
    std::condition_variable changed;
    PgnChunker chunker(in, chunk_bytes);          // used by one thread at a time (`reading`)
    std::deque<std::pair<long, PgnChunk>> queue;  // chunks read, waiting for a thread
    std::map<long, Result> done;                  // results waiting for their turn
    // Chunks whose text is read: their memory serves the next chunk (a 4 MiB buffer made anew
    // each time costs more in page faults than the reading).
    std::vector<PgnChunk> spare;
    long next_to_emit = 0, submitted = 0, games_before = 0;
    bool reading = false, emitting = false, input_done = false, stop = false;
    std::exception_ptr error;

    // Whether another chunk may be read before the oldest result in flight is emitted.
    auto room_in_flight = [&] { return submitted - next_to_emit < max_in_flight; };
    // The first error stops everyone (called with the lock held).
    auto fail = [&](std::exception_ptr e) {
        if (!error) error = std::move(e);
        stop = true;
        changed.notify_all();
    };

    // Reads chunks into the queue until it holds `want`, the input ends or the chunks in flight
    // reach their bound. Called with the lock held, which it lets go while reading.
    auto read_chunks = [&](std::unique_lock<std::mutex>& lock, std::size_t want) {
        reading = true;
        while (!stop && !input_done && queue.size() < want && room_in_flight()) {
            PgnChunk chunk;
            if (!spare.empty()) {
                chunk = std::move(spare.back());
                spare.pop_back();
            }
            lock.unlock();
            bool got = false;
            const std::exception_ptr failed = exception_of([&] { got = chunker.next(chunk); });
            lock.lock();
            if (failed) {
                fail(failed);
            } else if (!got) {
                input_done = true;
            } else {
                queue.emplace_back(submitted++, std::move(chunk));
            }
            changed.notify_all();
        }
        reading = false;
        changed.notify_all();
    };

    // Emits the results next in order, unless another thread is emitting (it will emit these
    // too: it looks again before it stops). Called with the lock held.
    auto emit_ready = [&](std::unique_lock<std::mutex>& lock) {
        if (emitting) return;
        emitting = true;
        for (;;) {
            auto it = stop ? done.end() : done.find(next_to_emit);
            if (it == done.end()) break;
            Result result = std::move(it->second);
            done.erase(it);
            lock.unlock();
            const long before = games_before;
            games_before += result.games;
            bool go_on = false;
            const std::exception_ptr failed = exception_of([&] { go_on = emit(result, before); });
            lock.lock();
            ++next_to_emit;
            if (failed) fail(failed);
            if (!go_on) stop = true;
        }
        emitting = false;
        changed.notify_all();
    };

    // A replaying thread: takes the next chunk waiting, or (if `reads`) reads when none is.
    auto replay = [&](bool reads) {
        std::unique_lock lock(mutex);
        for (;;) {
            if (stop) return;
            if (queue.empty()) {
                if (input_done) return;
                if (reads && !reading && room_in_flight())
                    read_chunks(lock, 2);
                else
                    changed.wait(lock);
                continue;
            }
            auto job = std::move(queue.front());
            queue.pop_front();
            lock.unlock();
            std::optional<Result> result;
            const std::exception_ptr failed =
                exception_of([&] { result.emplace(process(job.second)); });
            lock.lock();
            if (failed) {
                fail(failed);
                return;
            }
            done.emplace(job.first, std::move(*result));
            spare.push_back(std::move(job.second));
            emit_ready(lock);
        }
    };

    std::vector<std::thread> pool;
    const int others = *separate_reader ? threads : threads - 1;
    const std::exception_ptr no_thread = exception_of([&] {
        for (int i = 0; i < others; ++i) pool.emplace_back(replay, !*separate_reader);
    });
    if (no_thread) {
        std::unique_lock lock(mutex);
        fail(no_thread);
    }
    if (*separate_reader) {
        std::unique_lock lock(mutex);
        while (!stop && !input_done) {
            if (room_in_flight())
                read_chunks(lock, std::size_t(max_in_flight));
            else
                changed.wait(lock);
        }
    } else {
        replay(true);
    }
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
    // Every chunk is emitted: the rest, if any, follows them.
    if (!stop && chunker.has_rest()) read_rest(chunker.rest(), chunker.rest_line(), games_before);
}

}  // namespace chess960::cli
