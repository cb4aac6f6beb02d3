#include "live/websocket_frame_guard.hpp"

namespace chess960::server {

// RFC 6455 5.2: a frame is two bytes (FIN, RSV, opcode; MASK and a 7-bit length), a 16- or
// 64-bit extended length when the 7-bit one is 126 or 127, a 4-byte masking key when MASK is
// set, then the payload.
void FrameLengthCheck::inspect(unsigned char* bytes, std::size_t size) {
    std::size_t i = 0;
    while (i < size) {
        switch (state_) {
            case State::First:
                ++i;
                state_ = State::Second;
                break;
            case State::Second: {
                const unsigned char b = bytes[i++];
                masked_ = (b & 0x80) != 0;
                const int short_length = b & 0x7f;
                length_ = std::uint64_t(short_length);
                length_seen_ = 0;
                clearing_ = false;
                if (short_length == 126 || short_length == 127) {
                    length_bytes_ = short_length == 126 ? 2 : 8;
                    length_ = 0;
                    state_ = State::Length;
                } else {
                    begin_payload();
                }
                break;
            }
            case State::Length: {
                unsigned char& b = bytes[i++];
                if (length_bytes_ == 8 && length_seen_ == 0 && (b & 0x80) != 0) clearing_ = true;
                // The six high bytes of the 64-bit length; the two low ones stay, so the length
                // is below 65536: not canonical for a 64-bit length (RFC 6455 5.2).
                if (clearing_ && length_seen_ < 6) b = 0;
                length_ = (length_ << 8) | b;
                if (++length_seen_ == length_bytes_) begin_payload();
                break;
            }
            case State::MaskKey:
                ++i;
                if (--key_left_ == 0) state_ = payload_left_ > 0 ? State::Payload : State::First;
                break;
            case State::Payload: {
                const std::uint64_t take = std::min<std::uint64_t>(payload_left_, size - i);
                i += std::size_t(take);
                payload_left_ -= take;
                if (payload_left_ == 0) state_ = State::First;
                break;
            }
        }
    }
}

void FrameLengthCheck::begin_payload() {
    payload_left_ = length_;
    if (masked_) {
        key_left_ = 4;
        state_ = State::MaskKey;
    } else {
        state_ = payload_left_ > 0 ? State::Payload : State::First;
    }
}

}  // namespace chess960::server
