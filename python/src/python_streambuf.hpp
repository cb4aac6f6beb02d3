// A std::streambuf that reads a Python file object (text or binary) in chunks, so that the
// library's stream reader can read what Python opened without a copy of the whole file.
#pragma once

#include <pybind11/pybind11.h>

#include <streambuf>
#include <string>

namespace chess960::python {

class PythonStreambuf : public std::streambuf {
  public:
    explicit PythonStreambuf(pybind11::object file, std::size_t chunk = 1 << 16)
        : file_(std::move(file)), chunk_(chunk) {}

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        pybind11::gil_scoped_acquire gil;
        pybind11::object data = file_.attr("read")(chunk_);
        if (pybind11::isinstance<pybind11::bytes>(data))
            buffer_ = data.cast<std::string>();
        else
            buffer_ = pybind11::str(data).cast<std::string>();  // UTF-8
        if (buffer_.empty()) return traits_type::eof();
        setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
        return traits_type::to_int_type(*gptr());
    }

  private:
    pybind11::object file_;
    std::size_t chunk_;
    std::string buffer_;
};

}  // namespace chess960::python
