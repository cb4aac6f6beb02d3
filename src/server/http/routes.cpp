#include "http/routes.hpp"

#include <charconv>

#include "http/error_codes.hpp"
#include "http/views.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

HttpResponse json_response(int status, std::string body) {
    return HttpResponse{status, "application/json", std::move(body), {}};
}

std::string decode_segment(std::string_view segment) {
    std::string out;
    for (std::size_t i = 0; i < segment.size(); ++i) {
        if (segment[i] != '%') {
            out += segment[i];
            continue;
        }
        const int high = i + 1 < segment.size() ? hex_value(segment[i + 1]) : -1;
        const int low = i + 2 < segment.size() ? hex_value(segment[i + 2]) : -1;
        if (high < 0 || low < 0)
            throw ApiError{400, "malformed percent escape in the path", 0, "invalid_path"};
        out += char(high * 16 + low);
        i += 2;
    }
    return out;
}

std::optional<int> parse_int(std::string_view text, int lo, int hi) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < lo ||
        value > hi)
        return std::nullopt;
    return value;
}

std::optional<std::string> query_param(std::string_view query, std::string_view name) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        const auto eq = pair.find('=');
        if (pair.substr(0, eq) != name) continue;
        std::string_view raw =
            eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
        std::string value;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '+') {
                value += ' ';
            } else if (raw[i] == '%' && i + 2 < raw.size() && hex_value(raw[i + 1]) >= 0 &&
                       hex_value(raw[i + 2]) >= 0) {
                value += char(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
                i += 2;
            } else {
                value += raw[i];
            }
        }
        return value;
    }
    return std::nullopt;
}

std::optional<HttpResponse> answer(const std::function<std::optional<HttpResponse>()>& respond) {
    try {
        return respond();
    } catch (...) {
        return error_response(refusal_of(std::current_exception()));
    }
}

HttpResponse error_response(const ApiError& error) {
    HttpResponse response = json_response(error.status, error_json(error));
    if (error.retry_after_seconds > 0)
        response.headers.emplace_back("Retry-After", std::to_string(error.retry_after_seconds));
    return response;
}

const RouteTable& api_routes() {
    static const RouteTable table = [] {
        RouteTable routes;
        add_position_routes(routes);
        add_game_routes(routes);
        add_room_routes(routes);
        add_lobby_routes(routes);
        add_account_routes(routes);
        add_event_routes(routes);
        add_db_routes(routes);
        add_puzzle_routes(routes);
        return routes;
    }();
    return table;
}

std::optional<LiveRoute> match_live_route(std::string_view method, std::string_view path) {
    return api_routes().match_live(method, path);
}

std::optional<HttpResponse> Routes::handle(const HttpRequest& request, Respond later) {
    return answer([&]() -> std::optional<HttpResponse> {
        if (request.path.starts_with("/api/") || request.path == "/api")
            return api_routes().dispatch(services_, request, later);
        // The web app's paths: its files, and its pages for any other GET (static_files.hpp).
        if (request.method != "GET" && request.method != "HEAD")
            throw ApiError{
                404, "no such path: " + std::string(request.method) + " " + quote(request.path), 0,
                "no_such_path"};
        StaticFile file = files_.get(std::string(request.path));
        HttpResponse response{file.status, std::move(file.content_type), std::move(file.body), {}};
        if (file.no_cache) response.headers.emplace_back("Cache-Control", "no-cache");
        return response;
    });
}

}  // namespace chess960::server
