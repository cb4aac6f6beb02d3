// Server-Sent Events, read incrementally as bytes arrive (the WHATWG "event stream
// interpretation"): lines end with LF, CRLF or CR; a line starting with ':' is a comment; the
// fields `event` and `data` are gathered (several data lines joined by LF) and a blank line
// dispatches the event. Other fields (id, retry) are read and ignored.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace serve_load {

// The first CR or LF at or after `pos`, or npos. (string_view::find_first_of looks each byte
// up in the set with memchr: a call per byte of every event. Here: one memchr for the LF that
// ends the line, one for a CR before it.)
inline std::size_t find_line_end(std::string_view bytes, std::size_t pos) {
    if (pos >= bytes.size()) return std::string_view::npos;
    const char* begin = bytes.data() + pos;
    const std::size_t left = bytes.size() - pos;
    const void* lf = std::memchr(begin, '\n', left);
    const std::size_t before_lf = lf ? std::size_t(static_cast<const char*>(lf) - begin) : left;
    if (const void* cr = std::memchr(begin, '\r', before_lf))
        return pos + std::size_t(static_cast<const char*>(cr) - begin);
    return lf ? pos + before_lf : std::string_view::npos;
}

class SseParser {
  public:
    // Feeds bytes; calls on_event(name, data) for each event completed by them ("message" when
    // the event has no name), and on_comment(text) for each comment line (the server's pings).
    template <typename OnEvent, typename OnComment>
    void feed(std::string_view bytes, OnEvent&& on_event, OnComment&& on_comment);

    // Bytes held back: a line not yet ended, or an event not yet dispatched.
    std::size_t pending() const { return line_.size() + data_.size() + event_.size(); }

  private:
    template <typename OnEvent, typename OnComment>
    void line(std::string_view text, OnEvent& on_event, OnComment& on_comment);

    std::string line_;   // the unfinished line
    std::string event_;  // the event name so far
    std::string data_;   // the data lines so far, each followed by LF
    bool has_data_ = false;
    bool after_cr_ = false;  // the last byte fed was CR: an LF right after it ends nothing
};

template <typename OnEvent, typename OnComment>
void SseParser::feed(std::string_view bytes, OnEvent&& on_event, OnComment&& on_comment) {
    std::size_t pos = 0;
    if (after_cr_ && !bytes.empty() && bytes.front() == '\n') pos = 1;
    after_cr_ = false;
    while (pos < bytes.size()) {
        const std::size_t end = find_line_end(bytes, pos);
        if (end == std::string_view::npos) {
            line_.append(bytes.substr(pos));
            return;
        }
        if (line_.empty()) {
            line(bytes.substr(pos, end - pos), on_event, on_comment);
        } else {
            line_.append(bytes.substr(pos, end - pos));
            std::string whole = std::move(line_);
            line_.clear();
            line(whole, on_event, on_comment);
        }
        pos = end + 1;
        if (bytes[end] == '\r') {
            if (pos < bytes.size()) {
                if (bytes[pos] == '\n') ++pos;
            } else {
                after_cr_ = true;
            }
        }
    }
}

template <typename OnEvent, typename OnComment>
void SseParser::line(std::string_view text, OnEvent& on_event, OnComment& on_comment) {
    if (text.empty()) {
        if (has_data_) {
            // The data buffer ends with LF; the event's data does not.
            std::string_view data(data_);
            data.remove_suffix(1);
            on_event(event_.empty() ? std::string_view("message") : std::string_view(event_), data);
        }
        event_.clear();
        data_.clear();
        has_data_ = false;
        return;
    }
    if (text.front() == ':') {
        text.remove_prefix(1);
        if (!text.empty() && text.front() == ' ') text.remove_prefix(1);
        on_comment(text);
        return;
    }
    std::string_view field = text, value;
    if (const std::size_t colon = text.find(':'); colon != std::string_view::npos) {
        field = text.substr(0, colon);
        value = text.substr(colon + 1);
        if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    }
    if (field == "event") {
        event_.assign(value);
    } else if (field == "data") {
        data_.append(value);
        data_ += '\n';
        has_data_ = true;
    }
}

}  // namespace serve_load
