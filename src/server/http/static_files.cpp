#include "http/static_files.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>

namespace chess960::server {

namespace {

namespace fs = std::filesystem;

std::string content_type_for(const fs::path& path) {
    static const std::map<std::string, std::string> kTypes = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".woff", "font/woff"},
        {".map", "application/json"},
        {".txt", "text/plain; charset=utf-8"},
        {".md", "text/markdown; charset=utf-8"},
        {".webmanifest", "application/manifest+json"},
    };
    auto it = kTypes.find(path.extension().string());
    return it == kTypes.end() ? "application/octet-stream" : it->second;
}

std::optional<std::string> read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

constexpr const char* kNotBuiltPage = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>chess960</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>chess960 serve</h1>
<p>The server is running, but the web app has not been built. Build it with
<code>make web</code> (or start the server with <code>--web DIR</code> pointing at a built
<code>web/dist</code>), then reload this page.</p>
<p>The JSON API is available under <a href="/api/startpos/random"><code>/api/</code></a>.</p>
</body></html>
)";

// The paths the page (web/src/main.ts) draws: "/", "/game/<id>", "/analysis/<id>",
// "/event/new", "/event/<id>", the help page "/help/castling", the accounts' "/lobby",
// "/login", "/settings" and "/player/<name>", the game database's "/db", the puzzles' "/puzzles",
// each with or without a final slash. Any other path that is no file gets the page too, but with
// status 404 (the page then says there is nothing there), so that a mistyped link is not taken for
// the start page by a person or a crawler.
bool is_page_path(std::string_view path) {
    if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
    if (path == "/" || path.empty() || path == "/help/castling" || path == "/lobby" ||
        path == "/login" || path == "/settings" || path == "/db" || path == "/puzzles")
        return true;
    for (std::string_view prefix : {"/game/", "/analysis/", "/event/", "/player/"}) {
        if (!path.starts_with(prefix)) continue;
        const std::string_view rest = path.substr(prefix.size());
        return !rest.empty() && rest.find('/') == std::string_view::npos;
    }
    return false;
}

}  // namespace

StaticFile StaticFiles::get(const std::string& path) const {
    const fs::path root = root_;
    std::error_code ec;
    if (root_.empty() || !fs::is_regular_file(root / "index.html", ec))
        return StaticFile{200, "text/html; charset=utf-8", kNotBuiltPage, true};
    fs::path file = root / fs::path(path).relative_path();
    const bool safe = path.find("..") == std::string::npos && path.find('\0') == std::string::npos;
    int status = 200;
    if (!safe || !fs::is_regular_file(file, ec)) {
        if (!is_page_path(path)) status = 404;
        file = root / "index.html";
    }
    auto content = read_file(file);
    if (!content)
        return StaticFile{500, "application/json",
                          "{\"error\":\"cannot read " + file.filename().string() +
                              "\",\"code\":\"internal_error\"}",
                          true};
    return StaticFile{status, content_type_for(file), std::move(*content),
                      file.filename() == "index.html"};
}

}  // namespace chess960::server
