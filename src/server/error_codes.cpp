// The machine-readable side of the API's refusals: every error answer carries a stable `code`
// (docs/openapi.yaml, Error) beside its English message, so that a client can say it in its
// own language, and the values the message names as `args`.
#include <nlohmann/json.hpp>

#include "server/requests.hpp"

namespace chess960::server {

const char* default_error_code(int status) {
    switch (status) {
        case 401:
            return "unauthorized";
        case 403:
            return "forbidden";
        case 404:
            return "not_found";
        case 405:
            return "method_not_allowed";
        case 409:
            return "conflict";
        case 413:
            return "body_too_large";
        case 422:
            return "unprocessable";
        case 429:
            return "rate_limited";
        case 500:
            return "internal_error";
        case 503:
            return "unavailable";
        default:
            return "bad_request";
    }
}

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
        case ErrorCode::InvalidTrf:
            return "invalid_trf";
        case ErrorCode::InvalidTournament:
            return "invalid_tournament";
        case ErrorCode::NoValidPairing:
            return "no_valid_pairing";
        case ErrorCode::TooLarge:
            return "too_large";
    }
    return "unprocessable";
}

void add_error_fields(nlohmann::json& out, const ApiError& error) {
    out["error"] = error.message;
    out["code"] = error.code.empty() ? default_error_code(error.status) : error.code;
    if (error.args.empty()) return;
    nlohmann::json args = nlohmann::json::object();
    for (const ErrorArg& arg : error.args)
        std::visit([&](const auto& value) { args[arg.name] = value; }, arg.value);
    out["args"] = std::move(args);
}

}  // namespace chess960::server
