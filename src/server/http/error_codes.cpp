#include "http/error_codes.hpp"

#include <nlohmann/json.hpp>

#include "store/store.hpp"

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

void add_error_fields(nlohmann::json& out, const ApiError& error) {
    out["error"] = error.message;
    out["code"] = error.code.empty() ? default_error_code(error.status) : error.code;
    if (error.args.empty()) return;
    nlohmann::json args = nlohmann::json::object();
    for (const ErrorArg& arg : error.args)
        std::visit([&](const auto& value) { args[arg.name] = value; }, arg.value);
    out["args"] = std::move(args);
}

ApiError refusal_of(std::exception_ptr error) {
    try {
        std::rethrow_exception(std::move(error));
    } catch (const ApiError& e) {
        return e;
    } catch (const StoreError& e) {
        return ApiError{503, std::string("the game store is failing: ") + e.what(), 5,
                        "store_failing"};
    } catch (const std::exception& e) {
        return ApiError{500, std::string("internal error: ") + e.what(), 0, "internal_error"};
    } catch (...) {
        return ApiError{500, "internal error", 0, "internal_error"};
    }
}

}  // namespace chess960::server
