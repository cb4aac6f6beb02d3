// The built web app as static files, with index.html for every path that is not a file (the
// app routes /game/<id> itself), and a page saying how to build the app when it is missing.
#pragma once

#include <string>

namespace chess960::server {

struct StaticFile {
    int status = 200;
    std::string content_type;
    std::string body;
    bool no_cache = false;
};

class StaticFiles {
  public:
    explicit StaticFiles(std::string web_dir) : root_(std::move(web_dir)) {}
    StaticFile get(const std::string& path) const;

  private:
    std::string root_;
};

}  // namespace chess960::server
