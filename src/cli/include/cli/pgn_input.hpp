// An input of the `pgn` commands: a file or standard input ("-"), plain or compressed with
// zstd (.pgn.zst, as lichess publishes its databases), gzip (.pgn.gz) or bzip2 (.pgn.bz2). The
// compression is recognised by the data's own magic bytes, whatever the file is called, and
// decompressed as it is read: memory stays bounded whatever the size.
#pragma once

#include <cstdio>
#include <istream>
#include <memory>
#include <streambuf>
#include <string>

namespace chess960::cli {

class PgnInput {
  public:
    // Opens `path` ("-" for standard input); ok() says whether that worked.
    explicit PgnInput(const std::string& path);
    ~PgnInput();
    PgnInput(const PgnInput&) = delete;
    PgnInput& operator=(const PgnInput&) = delete;

    bool ok() const { return file_ != nullptr; }
    // "<stdin>" or the path, for messages.
    const std::string& name() const { return name_; }
    // "zstd", "gzip", "bzip2" or "" (plain text).
    const std::string& compression() const { return compression_; }
    // The decompressed text. A read error or corrupt compressed data throws std::runtime_error
    // out of the reading call, its message naming the file and the problem.
    std::istream& stream() { return *stream_; }

  private:
    std::string name_;
    std::string compression_;
    std::FILE* file_ = nullptr;
    bool owned_ = false;
    std::unique_ptr<std::streambuf> buffer_;
    std::unique_ptr<std::istream> stream_;
};

}  // namespace chess960::cli
