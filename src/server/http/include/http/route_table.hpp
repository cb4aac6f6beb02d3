// The API's route table: {method, path pattern, handler} entries, a pattern being the path with
// `{name}` for a segment that is a parameter ("/api/games/{id}/moves"). A request's path is
// matched against the patterns and its parameters taken out; a path no pattern matches is a
// 404, a path one matches asked with a method it does not list a 405 with an Allow header
// listing the methods it does (RFC 9110 15.5.6). The table is built once, in one place
// (api_routes, routes.cpp), from the wings' entries (games, rooms, events, lobby, accounts).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/messages.hpp"

namespace chess960::server {

struct ApiServices;

// The parameters a pattern took from a path, as they are in it (undecoded: a route decodes the
// one that may hold an escape, decode_segment).
class PathParams {
  public:
    // The value of the pattern's parameter `name`; a name the pattern lacks is a bug of the
    // route (std::logic_error).
    std::string_view operator[](std::string_view name) const;

  private:
    friend class RouteTable;
    std::vector<std::pair<std::string_view, std::string_view>> values_;
};

// One request as its route sees it.
struct RouteCall {
    const ApiServices& api;
    const HttpRequest& request;
    const PathParams& params;
    // Where the response goes when the handler answers later (nullopt): a stored change's, an
    // analysis', a lobby change's once its connections are told.
    Respond& later;
};
using RouteHandler = std::function<std::optional<HttpResponse>(const RouteCall&)>;

class RouteTable {
  public:
    // Adds `method pattern`. Where two patterns match a path, the one with a literal segment
    // where the other has a parameter (from the left) is the path's ("/api/startpos/random"
    // before "/api/startpos/{number}"). A pair added twice, or two patterns that differ only in
    // their parameters' names, are a bug (std::logic_error).
    void add(std::string_view method, std::string_view pattern, RouteHandler handler);
    // A live connection's route (GET): the HTTP server asks match_live before it reads the
    // body, and serves it on the live connections (http_server.cpp).
    void add_live(std::string_view pattern, LiveRoute::Kind kind);

    // The request's route's response, or nullopt when it comes later through `later`; a route's
    // refusal is thrown (ApiError), as the 404 for a path the table does not know. A known path
    // asked with another method is answered 405 with the Allow header.
    std::optional<HttpResponse> dispatch(const ApiServices& api, const HttpRequest& request,
                                         Respond& later) const;
    // The live connection a request asks for, or nullopt when it is not a live route's.
    std::optional<LiveRoute> match_live(std::string_view method, std::string_view path) const;
    // The methods of the path's pattern as the Allow header lists them ("GET, POST"), in the
    // order they were added; "" for a path the table does not know.
    std::string allow(std::string_view path) const;
    // Every route: its method and pattern, by pattern in the order the patterns were added.
    std::vector<std::pair<std::string, std::string>> routes() const;

  private:
    struct Route {
        std::string method;
        RouteHandler handler;                 // none for a live route
        std::optional<LiveRoute::Kind> kind;  // a live route's
    };
    // A pattern and the routes of its methods.
    struct Resource {
        std::string pattern;
        std::vector<std::string> segments;  // a parameter as "{name}"
        std::vector<Route> routes;
        const Route* route(std::string_view method) const;
    };
    void add_route(std::string_view pattern, Route route);
    // The path's resource and its parameters, or null.
    const Resource* find(std::string_view path, PathParams& params) const;

    std::vector<Resource> resources_;
};

}  // namespace chess960::server
