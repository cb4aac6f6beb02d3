#include "cli/pgn_input.hpp"

#include <bzlib.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace chess960::cli {

namespace {

constexpr std::size_t kInput = std::size_t(1) << 17;
constexpr std::size_t kOutput = std::size_t(1) << 18;

// Reads compressed bytes from a FILE*, starting with the bytes already read to sniff the format.
class CompressedSource {
  public:
    CompressedSource(std::FILE* file, std::string name, std::string head)
        : file_(file), name_(std::move(name)), buffer_(std::max(kInput, head.size())) {
        std::memcpy(buffer_.data(), head.data(), head.size());
        end_ = head.size();
    }
    // The unread input; refills it when empty. Empty at the end of the file.
    std::pair<const char*, std::size_t> available() {
        if (begin_ == end_) {
            begin_ = 0;
            end_ = std::fread(buffer_.data(), 1, buffer_.size(), file_);
            if (end_ == 0 && std::ferror(file_))
                throw std::runtime_error(name_ + ": read error: " + std::strerror(errno));
        }
        return {buffer_.data() + begin_, end_ - begin_};
    }
    void consume(std::size_t n) { begin_ += n; }
    // Reads up to `n` bytes into `to`: what is buffered first, else straight from the file.
    std::size_t read(char* to, std::size_t n) {
        if (begin_ < end_) {
            const std::size_t k = std::min(n, end_ - begin_);
            std::memcpy(to, buffer_.data() + begin_, k);
            begin_ += k;
            return k;
        }
        const std::size_t got = std::fread(to, 1, n, file_);
        if (got == 0 && std::ferror(file_))
            throw std::runtime_error(name_ + ": read error: " + std::strerror(errno));
        return got;
    }
    bool at_end() {
        auto [data, size] = available();
        (void)data;
        return size == 0;
    }
    const std::string& name() const { return name_; }

  private:
    std::FILE* file_;
    std::string name_;
    std::vector<char> buffer_;
    std::size_t begin_ = 0, end_ = 0;
};

// A streambuf whose large reads take what is buffered, then go straight into the reader's
// buffer (no copy through this one's): `read_unbuffered` fills the rest, 0 at the end.
class DirectReadBuffer : public std::streambuf {
  protected:
    virtual std::size_t read_unbuffered(char* to, std::size_t size) = 0;

    std::streamsize xsgetn(char* to, std::streamsize n) override {
        std::streamsize total = 0;
        while (total < n) {
            if (gptr() < egptr()) {
                const std::streamsize k = std::min<std::streamsize>(n - total, egptr() - gptr());
                std::memcpy(to + total, gptr(), std::size_t(k));
                gbump(int(k));
                total += k;
                continue;
            }
            const std::size_t got = read_unbuffered(to + total, std::size_t(n - total));
            if (got == 0) break;
            total += std::streamsize(got);
        }
        return total;
    }
};

// A streambuf over decompressed output; `Codec::decompress` fills a buffer.
template <typename Codec>
class DecompressingBuffer : public DirectReadBuffer {
  public:
    DecompressingBuffer(std::FILE* file, std::string name, std::string head)
        : source_(file, std::move(name), std::move(head)), output_(kOutput) {}

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        const std::size_t produced = fill(output_.data(), output_.size());
        if (produced == 0) return traits_type::eof();
        setg(output_.data(), output_.data(), output_.data() + produced);
        return traits_type::to_int_type(*gptr());
    }
    std::size_t read_unbuffered(char* to, std::size_t size) override { return fill(to, size); }

  private:
    std::size_t fill(char* to, std::size_t size) {
        std::size_t produced = 0;
        while (produced == 0 && !done_) produced = codec_.decompress(source_, to, size, done_);
        return produced;
    }

    CompressedSource source_;
    Codec codec_;
    std::vector<char> output_;
    bool done_ = false;
};

[[noreturn]] void corrupt(const CompressedSource& source, const char* format, const char* why) {
    throw std::runtime_error(source.name() + ": corrupt " + format + " data: " + why);
}

// zstd: frames one after another (zstd -c a b > c) are read as one stream.
class Zstd {
  public:
    Zstd() : stream_(ZSTD_createDStream()) {
        if (!stream_) throw std::bad_alloc();
    }
    ~Zstd() { ZSTD_freeDStream(stream_); }
    Zstd(const Zstd&) = delete;
    Zstd& operator=(const Zstd&) = delete;

    std::size_t decompress(CompressedSource& source, char* out, std::size_t room, bool& done) {
        ZSTD_outBuffer output{out, room, 0};
        while (output.pos == 0) {
            auto [data, available] = source.available();
            if (available == 0) {
                if (in_frame_) corrupt(source, "zstd", "the file ends inside a frame");
                done = true;
                break;
            }
            ZSTD_inBuffer input{data, available, 0};
            const std::size_t status = ZSTD_decompressStream(stream_, &output, &input);
            source.consume(input.pos);
            if (ZSTD_isError(status)) corrupt(source, "zstd", ZSTD_getErrorName(status));
            in_frame_ = status != 0;
        }
        return output.pos;
    }

  private:
    ZSTD_DStream* stream_;
    bool in_frame_ = false;
};

// gzip (and zlib): members one after another (cat a.gz b.gz) are read as one stream.
class Gzip {
  public:
    Gzip() {
        std::memset(&stream_, 0, sizeof stream_);
        if (inflateInit2(&stream_, 15 + 32) != Z_OK) throw std::bad_alloc();
    }
    ~Gzip() { inflateEnd(&stream_); }
    Gzip(const Gzip&) = delete;
    Gzip& operator=(const Gzip&) = delete;

    std::size_t decompress(CompressedSource& source, char* out, std::size_t room, bool& done) {
        const std::size_t size = std::min<std::size_t>(room, 1u << 30);
        stream_.next_out = reinterpret_cast<Bytef*>(out);
        stream_.avail_out = uInt(size);
        while (stream_.avail_out == size) {
            auto [data, available] = source.available();
            if (available == 0) {
                if (in_member_) corrupt(source, "gzip", "the file ends inside a member");
                done = true;
                break;
            }
            stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
            stream_.avail_in = uInt(available);
            const int status = inflate(&stream_, Z_NO_FLUSH);
            source.consume(available - stream_.avail_in);
            if (status == Z_STREAM_END) {
                in_member_ = false;
                if (inflateReset(&stream_) != Z_OK) corrupt(source, "gzip", "reset failed");
                continue;
            }
            if (status != Z_OK && status != Z_BUF_ERROR)
                corrupt(source, "gzip", stream_.msg ? stream_.msg : "inflate failed");
            in_member_ = true;
        }
        return size - stream_.avail_out;
    }

  private:
    z_stream stream_;
    bool in_member_ = false;
};

// bzip2: streams one after another (pbzip2, cat a.bz2 b.bz2) are read as one.
class Bzip2 {
  public:
    Bzip2() { start(); }
    ~Bzip2() { BZ2_bzDecompressEnd(&stream_); }
    Bzip2(const Bzip2&) = delete;
    Bzip2& operator=(const Bzip2&) = delete;

    std::size_t decompress(CompressedSource& source, char* out, std::size_t room, bool& done) {
        const std::size_t size = std::min<std::size_t>(room, 1u << 30);
        stream_.next_out = out;
        stream_.avail_out = unsigned(size);
        while (stream_.avail_out == size) {
            auto [data, available] = source.available();
            if (available == 0) {
                if (in_stream_) corrupt(source, "bzip2", "the file ends inside a stream");
                done = true;
                break;
            }
            stream_.next_in = const_cast<char*>(data);
            stream_.avail_in = unsigned(available);
            const int status = BZ2_bzDecompress(&stream_);
            source.consume(available - stream_.avail_in);
            if (status == BZ_STREAM_END) {
                // Another stream may follow: start again, where the output stands.
                in_stream_ = false;
                char* next_out = stream_.next_out;
                const unsigned avail_out = stream_.avail_out;
                BZ2_bzDecompressEnd(&stream_);
                start();
                stream_.next_out = next_out;
                stream_.avail_out = avail_out;
                continue;
            }
            if (status != BZ_OK) corrupt(source, "bzip2", "not valid bzip2 data");
            in_stream_ = true;
        }
        return size - stream_.avail_out;
    }

  private:
    void start() {
        std::memset(&stream_, 0, sizeof stream_);
        if (BZ2_bzDecompressInit(&stream_, 0, 0) != BZ_OK) throw std::bad_alloc();
    }
    bz_stream stream_;
    bool in_stream_ = false;
};

// Plain text, with the sniffed bytes first.
class PlainBuffer : public DirectReadBuffer {
  public:
    PlainBuffer(std::FILE* file, std::string name, std::string head)
        : source_(file, std::move(name), std::move(head)) {}

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        source_.consume(std::size_t(egptr() - eback()));
        auto [data, size] = source_.available();
        if (size == 0) return traits_type::eof();
        char* begin = const_cast<char*>(data);
        setg(begin, begin, begin + size);
        return traits_type::to_int_type(*gptr());
    }

    std::size_t read_unbuffered(char* to, std::size_t size) override {
        source_.consume(std::size_t(egptr() - eback()));
        setg(nullptr, nullptr, nullptr);
        return source_.read(to, size);
    }

  private:
    CompressedSource source_;
};

}  // namespace

PgnInput::PgnInput(const std::string& path) : name_(path == "-" ? "<stdin>" : path) {
    if (path == "-") {
        file_ = stdin;
    } else {
        file_ = std::fopen(path.c_str(), "rb");
        owned_ = file_ != nullptr;
    }
    if (!file_) return;
    // The magic bytes: zstd 28 B5 2F FD, gzip 1F 8B, bzip2 "BZh".
    std::string head(4, '\0');
    head.resize(std::fread(head.data(), 1, head.size(), file_));
    const auto starts = [&](std::string_view magic) { return head.starts_with(magic); };
    if (starts("\x28\xB5\x2F\xFD")) {
        compression_ = "zstd";
        buffer_ = std::make_unique<DecompressingBuffer<Zstd>>(file_, name_, head);
    } else if (starts("\x1F\x8B")) {
        compression_ = "gzip";
        buffer_ = std::make_unique<DecompressingBuffer<Gzip>>(file_, name_, head);
    } else if (starts("BZh")) {
        compression_ = "bzip2";
        buffer_ = std::make_unique<DecompressingBuffer<Bzip2>>(file_, name_, head);
    } else {
        buffer_ = std::make_unique<PlainBuffer>(file_, name_, head);
    }
    stream_ = std::make_unique<std::istream>(buffer_.get());
    // A std::istream keeps a streambuf's exception to itself unless asked: corrupt data must
    // stop the command with its message, not look like the end of the file.
    stream_->exceptions(std::ios::badbit);
}

PgnInput::~PgnInput() {
    stream_.reset();
    buffer_.reset();
    if (owned_) std::fclose(file_);
}

}  // namespace chess960::cli
