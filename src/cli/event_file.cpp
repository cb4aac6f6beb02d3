#include "cli/event_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "draw/commitment.hpp"

namespace chess960::cli {

namespace {

constexpr const char* kFormat = "chess960-event/1";

using Json = nlohmann::ordered_json;

std::runtime_error file_error(const std::string& path, const std::string& what) {
    return std::runtime_error(path + ": " + what);
}

std::string to_json_text(const EventFile& e) {
    Json j;
    j["format"] = kFormat;
    j["name"] = e.parameters.name;
    j["rounds"] = e.parameters.rounds;
    j["exclude"] = e.parameters.excluded;
    j["allow_repeats"] = e.parameters.allow_repeats;
    j["double"] = e.parameters.double960;
    j["commitment"] = e.commitment;
    j["secret"] = event::to_hex(e.secret);
    j["created"] = e.created;
    j["drawn"] = Json::array();
    for (const DrawnRound& d : e.drawn) {
        Json r;
        r["round"] = d.round;
        r["entropy"] = d.entropy;
        r["number"] = d.white;
        if (e.parameters.double960) r["black_number"] = d.black;
        j["drawn"].push_back(r);
    }
    return j.dump(2) + "\n";
}

// Writes all of `text` to a descriptor opened with mode 0600 and syncs it.
void write_all(int fd, const std::string& path, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw file_error(path, std::string("cannot write: ") + std::strerror(errno));
        }
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0)
        throw file_error(path, std::string("cannot sync: ") + std::strerror(errno));
}

void write_new(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        if (errno == EEXIST)
            throw file_error(path,
                             "exists already (a new event would lose the secret it keeps: "
                             "choose another file)");
        throw file_error(path, std::string("cannot create: ") + std::strerror(errno));
    }
    try {
        // The mode given to open is reduced by the umask; the secret is for the owner only.
        if (::fchmod(fd, 0600) != 0)
            throw file_error(path, std::string("cannot set mode 0600: ") + std::strerror(errno));
        write_all(fd, path, text);
    } catch (...) {
        ::close(fd);
        ::unlink(path.c_str());
        throw;
    }
    ::close(fd);
}

template <typename T>
T field(const Json& j, const char* name, const std::string& path) {
    if (!j.contains(name)) throw file_error(path, std::string("no \"") + name + "\" field");
    try {
        return j.at(name).get<T>();
    } catch (const Json::exception&) {
        throw file_error(path, std::string("the \"") + name + "\" field has the wrong type");
    }
}

}  // namespace

void create_event_file(const std::string& path, const EventFile& event) {
    write_new(path, to_json_text(event));
}

void write_event_file(const std::string& path, const EventFile& event) {
    const std::string temporary = path + ".tmp";
    ::unlink(temporary.c_str());
    write_new(temporary, to_json_text(event));
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temporary.c_str());
        throw file_error(path, "cannot replace: " + reason);
    }
}

EventFile read_event_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw file_error(path, std::string("cannot open: ") + std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    Json j;
    try {
        j = Json::parse(text.str());
    } catch (const Json::parse_error& e) {
        throw file_error(path, std::string("not an event file (not JSON: ") + e.what() + ")");
    }
    if (!j.is_object() || !j.contains("format") || j["format"] != kFormat)
        throw file_error(path, std::string("not an event file of this version (\"format\" is not "
                                           "\"") +
                                   kFormat + "\")");
    EventFile e;
    event::Parameters p;
    p.name = field<std::string>(j, "name", path);
    p.rounds = field<int>(j, "rounds", path);
    p.excluded = field<std::vector<int>>(j, "exclude", path);
    p.allow_repeats = field<bool>(j, "allow_repeats", path);
    p.double960 = field<bool>(j, "double", path);
    auto checked = event::checked(p);
    if (!checked) throw file_error(path, checked.error());
    e.parameters = *checked;
    auto secret = event::secret_from_hex(field<std::string>(j, "secret", path));
    if (!secret) throw file_error(path, "the secret is not 64 hexadecimal digits");
    e.secret = *secret;
    e.commitment = field<std::string>(j, "commitment", path);
    if (!event::same_digest(e.commitment, event::commitment_of(e.secret)))
        throw file_error(path,
                         "the commitment is not the SHA-256 of the secret: the file is "
                         "damaged");
    e.created = j.value("created", "");
    const Json drawn = j.value("drawn", Json::array());
    if (!drawn.is_array()) throw file_error(path, "the \"drawn\" field is not a list");
    int previous = 0;
    for (const Json& r : drawn) {
        DrawnRound d;
        d.round = field<int>(r, "round", path);
        d.entropy = field<std::string>(r, "entropy", path);
        d.white = field<int>(r, "number", path);
        d.black = e.parameters.double960 ? field<int>(r, "black_number", path) : d.white;
        if (d.round <= previous || d.round > e.parameters.rounds)
            throw file_error(path, "the drawn rounds are not rounds 1.." +
                                       std::to_string(e.parameters.rounds) + " in order");
        previous = d.round;
        e.drawn.push_back(d);
    }
    return e;
}

}  // namespace chess960::cli
