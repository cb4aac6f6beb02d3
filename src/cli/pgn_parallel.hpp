// PGN work on several threads with output in input order. This thread reads (and decompresses)
// the input and cuts it into chunks of whole games (pgn_chunks.hpp); worker threads read and
// replay each chunk (the moves checked against the rules there); the results come back to
// `emit` on this thread in input order, with the number of games before them, so that game
// numbers can be counted as one reader of the whole input counts them. Line numbers are the
// whole input's already. Every message and every output byte is what one thread would give.
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

#include "cli/pgn_chunks.hpp"

namespace chess960::cli {

// The number of threads to use by default: every core.
inline int default_pgn_threads() {
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1 : int(cores);
}

// Reads every game of `in`: `process` (on `threads` workers) turns a chunk into a Result, whose
// member `games` counts the chunk's games; `emit` (here, in input order) gets each Result and
// the games before its chunk, and returns false to stop reading.
template <typename Result>
void for_each_chunk(std::istream& in, int threads,
                    const std::function<Result(const PgnChunk&)>& process,
                    const std::function<bool(Result&, long games_before)>& emit) {
    // 1 MiB chunks: about a thousand games, little waiting at the end, a few MiB in flight. The
    // tests ask for small ones (CHESS960_PGN_CHUNK_BYTES) to cut a small file many times.
    std::size_t chunk_bytes = std::size_t(1) << 20;
    if (const char* bytes = std::getenv("CHESS960_PGN_CHUNK_BYTES"))
        chunk_bytes = std::max<std::size_t>(1, std::strtoull(bytes, nullptr, 10));
    const std::size_t max_in_flight = std::size_t(threads) * 2 + 1;

    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::pair<long, PgnChunk>> queue;  // chunks waiting for a worker
    std::map<long, Result> done;                  // results waiting for their turn
    // Chunks whose text is read: their memory serves the next chunk (a 4 MiB buffer made anew
    // each time costs more in page faults than the reading).
    std::vector<PgnChunk> spare;
    long next_to_emit = 0, submitted = 0, games_before = 0;
    bool reading_done = false, stop = false;
    std::exception_ptr worker_error;

    auto worker = [&] {
        for (;;) {
            std::pair<long, PgnChunk> job;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return !queue.empty() || reading_done || stop; });
                if (stop || queue.empty()) return;
                job = std::move(queue.front());
                queue.pop_front();
            }
            std::optional<Result> result;
            try {
                result.emplace(process(job.second));
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!worker_error) worker_error = std::current_exception();
                stop = true;
            }
            {
                std::lock_guard lock(mutex);
                if (result) done.emplace(job.first, std::move(*result));
                spare.push_back(std::move(job.second));
            }
            changed.notify_all();
        }
    };

    // Emits the results next in order; with `all`, waits for every submitted chunk.
    auto emit_ready = [&](bool all) {
        for (;;) {
            std::unique_lock lock(mutex);
            if (all)
                changed.wait(lock, [&] {
                    return stop || done.count(next_to_emit) || next_to_emit == submitted;
                });
            if (stop || next_to_emit == submitted) return;
            auto it = done.find(next_to_emit);
            if (it == done.end()) return;
            Result result = std::move(it->second);
            done.erase(it);
            lock.unlock();
            const long before = games_before;
            games_before += result.games;
            const bool go_on = emit(result, before);
            lock.lock();
            ++next_to_emit;
            if (!go_on) stop = true;
            changed.notify_all();
        }
    };

    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
    auto finish = [&] {
        {
            std::lock_guard lock(mutex);
            reading_done = true;
        }
        changed.notify_all();
        for (auto& t : pool) t.join();
    };
    try {
        PgnChunker chunker(in, chunk_bytes);
        for (;;) {
            PgnChunk chunk;
            {
                std::lock_guard lock(mutex);
                if (stop) break;
                if (!spare.empty()) {
                    chunk = std::move(spare.back());
                    spare.pop_back();
                }
            }
            if (!chunker.next(chunk)) break;
            // Room for it in flight, emitting finished results meanwhile (only this thread
            // emits, so waiting for room without emitting could wait for ever).
            for (;;) {
                emit_ready(false);
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] {
                    return stop || std::size_t(submitted - next_to_emit) < max_in_flight ||
                           done.count(next_to_emit);
                });
                if (stop) break;
                if (std::size_t(submitted - next_to_emit) < max_in_flight) {
                    queue.emplace_back(submitted++, std::move(chunk));
                    break;
                }
            }
            changed.notify_all();
        }
        emit_ready(true);
    } catch (...) {
        {
            std::lock_guard lock(mutex);
            stop = true;
        }
        changed.notify_all();
        finish();
        throw;
    }
    finish();
    if (worker_error) std::rethrow_exception(worker_error);
}

}  // namespace chess960::cli
