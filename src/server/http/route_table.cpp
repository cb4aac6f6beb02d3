#include "http/route_table.hpp"

#include <stdexcept>

#include "common/api_error.hpp"
#include "http/routes.hpp"

namespace chess960::server {

namespace {

// "/a/b/c" -> {"a", "b", "c"}; "/a/" -> {"a", ""}.
std::vector<std::string_view> split_path(std::string_view path) {
    std::vector<std::string_view> segments;
    if (path.starts_with('/')) path.remove_prefix(1);
    while (true) {
        const auto slash = path.find('/');
        segments.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return segments;
}

bool is_parameter(std::string_view segment) {
    return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

// Whether pattern `a` is the path's rather than `b` where both match it: the first segment where
// one has a literal and the other a parameter decides.
bool more_specific(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        const bool a_parameter = is_parameter(a[i]), b_parameter = is_parameter(b[i]);
        if (a_parameter != b_parameter) return !a_parameter;
    }
    return false;
}

// The patterns' shape: their literal segments, a parameter whatever its name.
bool same_shape(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (is_parameter(a[i]) != is_parameter(b[i]) || (!is_parameter(a[i]) && a[i] != b[i]))
            return false;
    return true;
}

ApiError no_such_path(const HttpRequest& request) {
    return ApiError{404,
                    "no such API path: " + std::string(request.method) + " " + quote(request.path),
                    0, "no_such_path"};
}

}  // namespace

std::string_view PathParams::operator[](std::string_view name) const {
    for (const auto& [parameter, value] : values_)
        if (parameter == name) return value;
    throw std::logic_error("the route's pattern has no parameter {" + std::string(name) + "}");
}

const RouteTable::Route* RouteTable::Resource::route(std::string_view method) const {
    for (const Route& r : routes)
        if (r.method == method) return &r;
    return nullptr;
}

void RouteTable::add(std::string_view method, std::string_view pattern, RouteHandler handler) {
    add_route(pattern, Route{std::string(method), std::move(handler), std::nullopt});
}

void RouteTable::add_live(std::string_view pattern, LiveRoute::Kind kind) {
    add_route(pattern, Route{"GET", nullptr, kind});
}

void RouteTable::add_route(std::string_view pattern, Route route) {
    if (!pattern.starts_with('/'))
        throw std::logic_error("a route's pattern begins with '/': " + std::string(pattern));
    std::vector<std::string> segments;
    for (std::string_view segment : split_path(pattern)) segments.emplace_back(segment);
    for (Resource& resource : resources_) {
        if (!same_shape(resource.segments, segments)) continue;
        if (resource.pattern != pattern)
            throw std::logic_error("route patterns " + resource.pattern + " and " +
                                   std::string(pattern) + " match the same paths");
        if (resource.route(route.method))
            throw std::logic_error("route " + route.method + " " + resource.pattern +
                                   " added twice");
        resource.routes.push_back(std::move(route));
        return;
    }
    resources_.push_back(Resource{std::string(pattern), std::move(segments), {}});
    resources_.back().routes.push_back(std::move(route));
}

const RouteTable::Resource* RouteTable::find(std::string_view path, PathParams& params) const {
    const std::vector<std::string_view> segments = split_path(path);
    const Resource* found = nullptr;
    for (const Resource& resource : resources_) {
        if (resource.segments.size() != segments.size()) continue;
        bool matches = true;
        for (std::size_t i = 0; i < segments.size() && matches; ++i)
            matches = is_parameter(resource.segments[i]) || resource.segments[i] == segments[i];
        if (matches && (!found || more_specific(resource.segments, found->segments)))
            found = &resource;
    }
    if (!found) return nullptr;
    params.values_.clear();
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const std::string_view segment = found->segments[i];
        if (is_parameter(segment))
            params.values_.emplace_back(segment.substr(1, segment.size() - 2), segments[i]);
    }
    return found;
}

std::optional<HttpResponse> RouteTable::dispatch(const ApiServices& api, const HttpRequest& request,
                                                 Respond& later) const {
    PathParams params;
    const Resource* resource = find(request.path, params);
    if (!resource) throw no_such_path(request);
    const Route* route = resource->route(request.method);
    if (!route) {
        std::string methods;
        for (std::size_t i = 0; i < resource->routes.size(); ++i)
            methods += (i == 0                             ? ""
                        : i + 1 == resource->routes.size() ? " or "
                                                           : ", ") +
                       resource->routes[i].method;
        HttpResponse response = error_response(
            ApiError{405, "use " + methods + " " + resource->pattern, 0, "method_not_allowed"});
        response.headers.emplace_back("Allow", allow(request.path));
        return response;
    }
    // The HTTP server serves a live route's GET itself (match_live) and never asks for it here.
    if (!route->handler) throw no_such_path(request);
    return route->handler(RouteCall{api, request, params, later});
}

std::optional<LiveRoute> RouteTable::match_live(std::string_view method,
                                                std::string_view path) const {
    if (method != "GET") return std::nullopt;  // every request asks: the cheap refusal first
    PathParams params;
    const Resource* resource = find(path, params);
    const Route* route = resource ? resource->route(method) : nullptr;
    if (!route || !route->kind) return std::nullopt;
    return LiveRoute{*route->kind,
                     *route->kind == LiveRoute::Kind::Lobby ? "" : std::string(params["id"])};
}

std::string RouteTable::allow(std::string_view path) const {
    PathParams params;
    const Resource* resource = find(path, params);
    std::string methods;
    if (!resource) return methods;
    for (const Route& route : resource->routes)
        methods += (methods.empty() ? "" : ", ") + route.method;
    return methods;
}

std::vector<std::pair<std::string, std::string>> RouteTable::routes() const {
    std::vector<std::pair<std::string, std::string>> all;
    for (const Resource& resource : resources_)
        for (const Route& route : resource.routes) all.emplace_back(route.method, resource.pattern);
    return all;
}

}  // namespace chess960::server
