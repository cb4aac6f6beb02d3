#include "pgn_chunks/pgn_chunks.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace chess960::cli {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// Passes the reader's calls on until the game that begins on `stop_line` (the sentinel).
class UpToLine : public pgn::Visitor {
  public:
    UpToLine(pgn::Visitor& inner, long stop_line) : inner_(inner), stop_line_(stop_line) {}
    bool stopped() const { return stopped_; }
    long games() const { return games_; }

    void begin_game(long number, pgn::Location at) override {
        if (stop_line_ > 0 && at.line >= stop_line_) stopped_ = true;
        if (stopped_) return;
        ++games_;
        inner_.begin_game(number, at);
    }
    void tag(std::string_view name, std::string_view value, pgn::Location at) override {
        if (!stopped_) inner_.tag(name, value, at);
    }
    void begin_movetext(pgn::Location at) override {
        if (!stopped_) inner_.begin_movetext(at);
    }
    void move(std::string_view san, pgn::Location at) override {
        if (!stopped_) inner_.move(san, at);
    }
    void comment(std::string_view text, pgn::Location at) override {
        if (!stopped_) inner_.comment(text, at);
    }
    void nag(int number, pgn::Location at) override {
        if (!stopped_) inner_.nag(number, at);
    }
    void begin_variation(pgn::Location at) override {
        if (!stopped_) inner_.begin_variation(at);
    }
    void end_variation(pgn::Location at) override {
        if (!stopped_) inner_.end_variation(at);
    }
    void result(std::string_view result, pgn::Location at) override {
        if (!stopped_) inner_.result(result, at);
    }
    void end_game(pgn::Location at) override {
        if (!stopped_) inner_.end_game(at);
    }
    void syntax_error(const std::string& message, pgn::Location at) override {
        if (!stopped_) inner_.syntax_error(message, at);
    }
    void limit_reached(const std::string& message, pgn::Location at, pgn::Skipped what) override {
        if (!stopped_) inner_.limit_reached(message, at, what);
    }

  private:
    pgn::Visitor& inner_;
    long stop_line_;
    bool stopped_ = false;
    long games_ = 0;
};

// The text read but not cut into chunks, then the rest of the input: what one reader reads when
// no line to cut at comes within the largest chunk.
class RestBuffer : public std::streambuf {
  public:
    RestBuffer(std::string read, std::streambuf& unread) : read_(std::move(read)), unread_(unread) {
        setg(read_.data(), read_.data(), read_.data() + read_.size());
    }

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        release_read();
        const std::streamsize got = unread_.sgetn(buffer_, sizeof buffer_);
        if (got <= 0) return traits_type::eof();
        setg(buffer_, buffer_, buffer_ + got);
        return traits_type::to_int_type(*gptr());
    }
    // Large reads (the reader's) take what is buffered, then read straight into the caller's
    // memory.
    std::streamsize xsgetn(char* to, std::streamsize n) override {
        std::streamsize total = std::min<std::streamsize>(n, egptr() - gptr());
        std::memcpy(to, gptr(), std::size_t(total));
        gbump(int(total));
        if (total < n) {
            release_read();
            setg(buffer_, buffer_, buffer_);
            total += unread_.sgetn(to + total, n - total);
        }
        return total;
    }

  private:
    // Frees the text read before (up to the largest chunk) once it has been given out.
    void release_read() {
        if (!read_.empty()) std::string().swap(read_);
    }

    std::string read_;
    std::streambuf& unread_;
    char buffer_[1 << 16];
};

}  // namespace

PgnChunker::PgnChunker(std::istream& in, std::size_t target)
    : in_(in), target_(target), max_bytes_(max_chunk_bytes(target)) {}

PgnChunker::~PgnChunker() = default;

std::size_t PgnChunker::max_chunk_bytes(std::size_t target) {
    return std::max(2 * pgn::kMaxGameBytes, 2 * target);
}

std::istream& PgnChunker::rest() {
    if (!rest_) {
        rest_buffer_ = std::make_unique<RestBuffer>(std::move(pending_), *in_.rdbuf());
        pending_.clear();
        rest_ = std::make_unique<std::istream>(rest_buffer_.get());
        // Corrupt compressed data throws out of the reading call, as from the input itself.
        rest_->exceptions(std::ios::badbit);
    }
    return *rest_;
}

std::size_t PgnChunker::cut_before(std::size_t limit) const {
    const std::string_view text(pending_);
    // Candidate lines start after a '\n' and must end before `limit` (a whole line, which the
    // sentinel copies), from the last one back.
    std::size_t search = std::min(limit, text.size());
    while (search > 0) {
        const std::size_t nl = text.rfind('\n', search - 1);
        if (nl == std::string_view::npos) return 0;
        search = nl;
        const std::size_t start = nl + 1;
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos || end >= limit || text[start] != '[') continue;
        if (end - start > pgn::kMaxLineBytes || !pgn::is_tag_line(text.substr(start, end - start)))
            continue;
        // The previous line with content: not blank, not a % escape line.
        std::size_t line_end = nl;
        bool allowed = false;
        while (line_end > 0) {
            const std::size_t prev_nl = text.rfind('\n', line_end - 1);
            const std::size_t line_start = prev_nl == std::string_view::npos ? 0 : prev_nl + 1;
            const std::string_view line = text.substr(line_start, line_end - line_start);
            const auto content =
                std::find_if(line.begin(), line.end(), [](char c) { return !is_space(c); });
            if (content != line.end() && line[0] != '%') {
                // Not after tags (a '['), binary data, or a byte order mark the reader drops.
                allowed =
                    *content != '[' && !pgn::has_binary(line) && !line.starts_with("\xEF\xBB\xBF");
                break;
            }
            if (prev_nl == std::string_view::npos) break;
            line_end = prev_nl;
        }
        if (allowed) return start;
    }
    return 0;
}

bool PgnChunker::next(PgnChunk& chunk) {
    if (has_rest_) return false;
    for (std::size_t want = target_;; want = std::min(2 * want, max_bytes_)) {
        while (!eof_ && pending_.size() < want) {
            // Read straight into the string, without zeroing the room first.
            const std::size_t old = pending_.size();
            const std::size_t room = std::max(want, old + (std::size_t(1) << 16)) - old;
            std::size_t got = 0;
            pending_.resize_and_overwrite(old + room, [&](char* data, std::size_t) {
                in_.read(data + old, std::streamsize(room));
                got = std::size_t(in_.gcount());
                return old + got;
            });
            if (got == 0 || in_.eof()) eof_ = true;
        }
        if (pending_.empty()) return false;
        std::size_t cut = eof_ && pending_.size() <= want ? 0 : cut_before(pending_.size());
        if (cut == 0 && !eof_) {
            if (pending_.size() < max_bytes_) continue;  // no line to cut at yet: read more
            // None within the largest chunk: one reader reads the rest.
            has_rest_ = true;
            return false;
        }
        chunk.first_line = line_;
        if (cut == 0) {  // the rest of the input: the last chunk
            chunk.text.swap(pending_);
            pending_.clear();
            chunk.sentinel_line = 0;
            return true;
        }
        const std::size_t sentinel_end = pending_.find('\n', cut) + 1;
        line_ += long(std::count(pending_.begin(), pending_.begin() + long(cut), '\n'));
        chunk.sentinel_line = line_;
        // The chunk takes the text read; what follows the cut (less than a read) goes on in the
        // chunk's old memory: a copy of the rest rather than of the chunk.
        chunk.text.assign(pending_, cut, std::string::npos);
        chunk.text.swap(pending_);
        chunk.text.resize(sentinel_end);
        return true;
    }
}

long read_chunk(const PgnChunk& chunk, pgn::Visitor& visitor) {
    pgn::Reader reader(std::string_view(chunk.text));
    reader.start_at_line(chunk.first_line);
    UpToLine bounded(visitor, chunk.sentinel_line);
    while (!bounded.stopped() && reader.read_game(bounded)) {
    }
    return bounded.games();
}

}  // namespace chess960::cli
