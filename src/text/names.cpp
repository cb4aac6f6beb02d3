#include "text/names.hpp"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

#include "text/utf8.hpp"

namespace chess960::text {

namespace {

std::string u_plus(UChar32 c) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c));
    return buffer;
}

std::string at_byte(std::size_t i) { return " at byte " + std::to_string(i + 1); }

constexpr UChar32 kZeroWidthNonJoiner = 0x200C;
constexpr UChar32 kZeroWidthJoiner = 0x200D;

// RFC 5892 Appendix A.1 and A.2 (CONTEXTJ): the joiners are part of a word after a virama
// (Indic scripts), and the non-joiner also between two letters that would otherwise join
// (Persian names), transparent marks aside. Anywhere else they only hide.
bool joiner_in_context(const std::vector<UChar32>& text, std::size_t at) {
    if (at > 0 && u_getCombiningClass(text[at - 1]) == 9) return true;  // virama
    if (text[at] != kZeroWidthNonJoiner) return false;
    auto joining = [](UChar32 c) { return u_getIntPropertyValue(c, UCHAR_JOINING_TYPE); };
    std::size_t before = at;
    while (before > 0 && joining(text[before - 1]) == U_JT_TRANSPARENT) --before;
    std::size_t after = at + 1;
    while (after < text.size() && joining(text[after]) == U_JT_TRANSPARENT) ++after;
    if (before == 0 || after >= text.size()) return false;
    const auto left = joining(text[before - 1]), right = joining(text[after]);
    return (left == U_JT_LEFT_JOINING || left == U_JT_DUAL_JOINING) &&
           (right == U_JT_RIGHT_JOINING || right == U_JT_DUAL_JOINING);
}

// What code point `at` of a name may not be, whichever form the name is in; empty when it may
// be.
std::string refusal(const std::vector<UChar32>& text, std::size_t at) {
    const UChar32 c = text[at];
    const auto type = static_cast<UCharCategory>(u_charType(c));
    if (type == U_CONTROL_CHAR) return "contains a control character (" + u_plus(c) + ")";
    if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL))
        return "contains a bidirectional control (" + u_plus(c) + ")";
    if ((c == kZeroWidthNonJoiner || c == kZeroWidthJoiner) && joiner_in_context(text, at))
        return "";
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
        return "contains an invisible character (" + u_plus(c) + ")";
    if (type == U_UNASSIGNED) return "contains an unassigned code point (" + u_plus(c) + ")";
    if (type == U_PRIVATE_USE_CHAR) return "contains a private-use character (" + u_plus(c) + ")";
    return "";
}

bool is_mark(UChar32 c) {
    const auto type = static_cast<UCharCategory>(u_charType(c));
    return type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK ||
           type == U_COMBINING_SPACING_MARK;
}

// Shows something by itself: not a space, not a mark, not the blank braille pattern (U+2800,
// which renders as nothing and is no space).
bool is_visible(UChar32 c) { return !u_isUWhiteSpace(c) && !is_mark(c) && c != 0x2800; }

std::u16string to_utf16(std::string_view text) {
    std::u16string out(text.size() + 1, u'\0');
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(out.data(), int32_t(out.size()), &length, text.data(), int32_t(text.size()),
                  &status);
    if (U_FAILURE(status)) throw std::runtime_error("a name is not UTF-8");
    out.resize(std::size_t(length));
    return out;
}

std::string to_utf8(const std::u16string& text) {
    std::string out(text.size() * 3 + 1, '\0');
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strToUTF8(out.data(), int32_t(out.size()), &length, text.data(), int32_t(text.size()),
                &status);
    if (U_FAILURE(status)) throw std::runtime_error("a name does not convert to UTF-8");
    out.resize(std::size_t(length));
    return out;
}

const UNormalizer2& nfkc() {
    static const UNormalizer2* instance = [] {
        UErrorCode status = U_ZERO_ERROR;
        const UNormalizer2* n = unorm2_getNFKCInstance(&status);
        if (U_FAILURE(status)) throw std::runtime_error("ICU has no NFKC data");
        return n;
    }();
    return *instance;
}

// ICU's spoof checker: thread safe once made (uspoof.h), so one serves every request.
const USpoofChecker& spoof_checker() {
    static const std::unique_ptr<USpoofChecker, void (*)(USpoofChecker*)> instance = [] {
        UErrorCode status = U_ZERO_ERROR;
        USpoofChecker* checker = uspoof_open(&status);
        if (U_FAILURE(status)) throw std::runtime_error("ICU's spoof checker does not open");
        return std::unique_ptr<USpoofChecker, void (*)(USpoofChecker*)>(checker, uspoof_close);
    }();
    return *instance;
}

}  // namespace

std::expected<std::string, std::string> normalize_name(std::string_view name) {
    // The text as given: every character, by its byte.
    std::vector<UChar32> given_points;
    std::vector<std::size_t> offsets;
    for (std::size_t i = 0; i < name.size();) {
        const Utf8Char d = decode_utf8(name, i);
        if (d.length == 0) return std::unexpected("is not valid UTF-8" + at_byte(i));
        given_points.push_back(UChar32(d.code));
        offsets.push_back(i);
        i += d.length;
    }
    for (std::size_t k = 0; k < given_points.size(); ++k)
        if (std::string problem = refusal(given_points, k); !problem.empty())
            return std::unexpected(problem + at_byte(offsets[k]));
    // Spaces at either end, named as given (NFKC makes most spaces U+0020).
    if (!given_points.empty())
        for (const UChar32 end : {given_points.front(), given_points.back()})
            if (u_isUWhiteSpace(end) && given_points.size() > 1)
                return std::unexpected("begins or ends with a space (" + u_plus(end) + ")");
    const std::u16string given = to_utf16(name);
    UErrorCode status = U_ZERO_ERROR;
    const int32_t needed =
        unorm2_normalize(&nfkc(), given.data(), int32_t(given.size()), nullptr, 0, &status);
    std::u16string normal(std::size_t(needed), u'\0');
    status = U_ZERO_ERROR;
    unorm2_normalize(&nfkc(), given.data(), int32_t(given.size()), normal.data(), needed, &status);
    if (U_FAILURE(status)) return std::unexpected("cannot be normalized (NFKC)");

    // The normal form: what it shows.
    std::vector<UChar32> points;
    for (int32_t i = 0; i < int32_t(normal.size());) {
        UChar32 c;
        U16_NEXT(normal.data(), i, int32_t(normal.size()), c);
        points.push_back(c);
    }
    bool visible = false;
    int marks = 0;
    UChar32 first = -1, last = -1;
    for (std::size_t k = 0; k < points.size(); ++k) {
        const UChar32 c = points[k];
        if (std::string problem = refusal(points, k); !problem.empty())
            return std::unexpected(problem);
        if (first < 0) first = c;
        last = c;
        if (is_mark(c)) {
            // Canonical combining class 1: marks drawn through the letter (U+0334..U+0338...).
            if (u_getCombiningClass(c) == 1)
                return std::unexpected("contains an overlay mark (" + u_plus(c) + ")");
            if (++marks > kMaxCombiningMarks)
                return std::unexpected("stacks more than " + std::to_string(kMaxCombiningMarks) +
                                       " combining marks on one character");
        } else {
            marks = 0;
        }
        visible = visible || is_visible(c);
    }
    if (!visible) return std::unexpected("has no visible character");
    for (const UChar32 end : {first, last})
        if (u_isUWhiteSpace(end))
            return std::unexpected("begins or ends with a space (" + u_plus(end) + ")");
    if (first >= 0 && is_mark(first))
        return std::unexpected("begins with a combining mark (" + u_plus(first) + ")");
    return to_utf8(normal);
}

std::string name_skeleton(std::string_view name) {
    std::u16string spaced = to_utf16(name);
    std::u16string single;
    single.reserve(spaced.size());
    bool in_space = false;
    for (char16_t unit : spaced) {
        const bool space = u_isUWhiteSpace(unit);
        if (space && in_space) continue;
        single.push_back(space ? u' ' : unit);
        in_space = space;
    }
    UErrorCode status = U_ZERO_ERROR;
    const int32_t needed = uspoof_getSkeleton(&spoof_checker(), 0, single.data(),
                                              int32_t(single.size()), nullptr, 0, &status);
    std::u16string skeleton(std::size_t(needed), u'\0');
    status = U_ZERO_ERROR;
    uspoof_getSkeleton(&spoof_checker(), 0, single.data(), int32_t(single.size()), skeleton.data(),
                       needed, &status);
    if (U_FAILURE(status)) throw std::runtime_error("ICU's skeleton failed");
    return to_utf8(skeleton);
}

}  // namespace chess960::text
