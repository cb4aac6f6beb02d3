#include "common/api_error.hpp"

namespace chess960::server {

const char* error_code_name(ErrorCode code) {
    switch (code) {
        case ErrorCode::InvalidFen:
            return "invalid_fen";
        case ErrorCode::InvalidPosition:
            return "invalid_position";
        case ErrorCode::InvalidCastling:
            return "invalid_castling";
        case ErrorCode::InvalidEnPassant:
            return "invalid_en_passant";
        case ErrorCode::NotStartPosition:
            return "not_start_position";
        case ErrorCode::InvalidNumber:
            return "invalid_number";
        case ErrorCode::InvalidMove:
            return "invalid_move";
        case ErrorCode::IllegalMove:
            return "illegal_move";
        case ErrorCode::GameOver:
            return "game_over";
        case ErrorCode::NotYourTurn:
            return "not_your_turn";
        case ErrorCode::NoDrawOffer:
            return "no_draw_offer";
        case ErrorCode::NoDrawToClaim:
            return "no_draw_to_claim";
        case ErrorCode::CannotAbort:
            return "cannot_abort";
        case ErrorCode::NoTakeback:
            return "no_takeback";
        case ErrorCode::TakebackPending:
            return "takeback_pending";
        // The pairing layer's: the events' service answers its own codes for them
        // (no_pairing, invalid_pairing), so none reaches a client under these names.
        case ErrorCode::InvalidTrf:
        case ErrorCode::InvalidTournament:
        case ErrorCode::NoValidPairing:
        case ErrorCode::TooLarge:
            return "unprocessable";
    }
    return "unprocessable";
}

ApiError game_refusal(const Error& error) {
    switch (error.code) {
        case ErrorCode::GameOver:
        case ErrorCode::NotYourTurn:
        case ErrorCode::NoDrawOffer:
        case ErrorCode::CannotAbort:
            return ApiError{409, error.to_string(), 0, error_code_name(error.code)};
        default:
            return ApiError{422, error.to_string(), 0, error_code_name(error.code)};
    }
}

std::string quote(std::string_view text, std::size_t limit) {
    if (text.size() <= limit) return std::string(text);
    // Cut on a UTF-8 character boundary.
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return std::string(text.substr(0, cut)) + "...";
}

}  // namespace chess960::server
