#include "io/JsonInput.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "mechanics/InputLimits.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

using nlohmann::json;

// nlohmann prefixes messages with "[json.exception.parse_error.101] "; users
// need only what follows.
std::string stripExceptionTag(const std::string& message) {
    if (!message.empty() && message.front() == '[') {
        const auto end = message.find("] ");
        if (end != std::string::npos) return message.substr(end + 2);
    }
    return message;
}

// A SAX pass run before the document is built: it knows the field of every
// value, so it can name the field of a number too large for a double ("1e999"),
// and it enforces the document limits of mechanics/InputLimits.h (nesting
// depth, string and array length, duplicate keys) before any memory is spent.
class DocumentChecker : public nlohmann::json_sax<json> {
public:
    std::string errorField;    // where the document is refused
    std::string errorReason;   // empty for a syntax error (then syntaxError is set)
    std::string syntaxError;

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t& s) override {
        if (s.size() > limits::kMaxStringLength)
            return refuse(currentField(), "string of " + std::to_string(s.size()) + " characters is longer than the limit of " +
                                              std::to_string(limits::kMaxStringLength));
        return value();
    }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(false); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override {
        Frame& f = frames_.back();
        f.key = k;
        if (k.size() > limits::kMaxStringLength)
            return refuse(currentField().substr(0, 64) + "...", "key is longer than the limit of " +
                                                                    std::to_string(limits::kMaxStringLength) + " characters");
        if (!f.keys.insert(k).second) return refuse(currentField(), "appears twice in the same object (duplicate key)");
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
        if (e.id == kNumberOverflowId) {
            refuse(currentField(), "must be a finite number (" + std::string(stripExceptionTag(e.what())) + ")");
        } else {
            syntaxError = stripExceptionTag(e.what());
        }
        return false;
    }

private:
    static constexpr int kNumberOverflowId = 406;   // nlohmann: "number overflow parsing ..."

    struct Frame {
        bool isArray = false;
        std::size_t index = 0;          // next element (arrays)
        std::string key;                // current member (objects)
        std::unordered_set<std::string> keys;
    };

    // The field of the value about to be read.
    std::string currentField() const {
        std::string field;
        for (const Frame& f : frames_)
            field = f.isArray ? indexField(field, f.index) : joinField(field, f.key);
        return field;
    }
    // A field path cut to a readable length ("name[0][0][0]...").
    static std::string shortened(const std::string& field) {
        constexpr std::size_t kShownChars = 40;
        return field.size() <= kShownChars ? field : field.substr(0, kShownChars) + "...";
    }
    bool refuse(std::string field, std::string reason) {
        errorField = std::move(field);
        errorReason = std::move(reason);
        return false;
    }
    bool value() {
        if (!frames_.empty() && frames_.back().isArray) {
            if (frames_.back().index >= limits::kMaxArrayLength)
                return refuse(currentField(), "array is longer than the limit of " +
                                                  std::to_string(limits::kMaxArrayLength) + " elements");
            ++frames_.back().index;
        }
        return true;
    }
    bool open(bool isArray) {
        if (static_cast<int>(frames_.size()) >= limits::kMaxJsonDepth)
            return refuse(shortened(currentField()), "nested deeper than the limit of " + std::to_string(limits::kMaxJsonDepth) +
                                              " levels");
        frames_.push_back({isArray, 0, {}, {}});
        return true;
    }
    bool close() {
        frames_.pop_back();
        return value();   // the finished container was one value of its parent
    }

    std::vector<Frame> frames_;
};

}  // namespace

void requireInputSize(std::uintmax_t bytes, const std::string& sourceName) {
    if (bytes > limits::kMaxInputBytes)
        throw InputError(sourceName, "is " + std::to_string(bytes) + " bytes, more than the limit of " +
                                         std::to_string(limits::kMaxInputBytes) + " bytes");
}

bool readStreamWithinLimit(std::istream& in, const std::string& sourceName, std::string& text) {
    constexpr std::size_t kBlockBytes = 64 * 1024;   // one read; the limit is checked after each
    text.clear();
    char block[kBlockBytes];
    while (in.read(block, kBlockBytes) || in.gcount() > 0) {
        text.append(block, static_cast<std::size_t>(in.gcount()));
        if (text.size() > limits::kMaxInputBytes)
            throw InputError(sourceName, "is more than the limit of " + std::to_string(limits::kMaxInputBytes) +
                                             " bytes");
    }
    return !in.bad();
}

json parseJsonText(const std::string& text, const std::string& sourceName) {
    requireInputSize(text.size(), sourceName);
    DocumentChecker checker;
    if (!json::sax_parse(text, &checker)) {
        if (!checker.errorReason.empty())
            throw InputError(checker.errorField.empty() ? sourceName : checker.errorField, checker.errorReason);
        throw InputError(sourceName, "invalid JSON: " + (checker.syntaxError.empty() ? std::string("cannot be parsed")
                                                                                     : checker.syntaxError));
    }
    try {
        return json::parse(text);
    } catch (const json::exception& e) {   // the checker accepted it: not expected
        throw InputError(sourceName, "invalid JSON: " + stripExceptionTag(e.what()));
    }
}

json readJsonFile(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot be opened");
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec) requireInputSize(size, path);
    std::string text;
    if (!readStreamWithinLimit(in, path, text)) throw InputError(path, "read failed");
    return parseJsonText(text, path);
}

std::string joinField(const std::string& parent, const std::string& key) {
    return parent.empty() ? key : parent + "." + key;
}

std::string indexField(const std::string& parent, std::size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

std::string describeJsonType(const json& value) {
    switch (value.type()) {
        case json::value_t::null: return "null";
        case json::value_t::object: return "an object";
        case json::value_t::array: return "an array";
        case json::value_t::string: return "a string";
        case json::value_t::boolean: return "a boolean";
        case json::value_t::number_integer:
        case json::value_t::number_unsigned:
        case json::value_t::number_float: return "a number";
        default: return "an unsupported value";
    }
}

void requireObject(const json& value, const std::string& field) {
    if (!value.is_object())
        throw InputError(field, "must be a JSON object, got " + describeJsonType(value));
}

const json& getMember(const json& object, const std::string& key, const std::string& field) {
    requireObject(object, field);
    const auto it = object.find(key);
    if (it == object.end()) throw InputError(joinField(field, key), "missing");
    return *it;
}

void rejectUnknownKeys(const json& object, const std::vector<std::string>& known,
                       const std::string& field) {
    requireObject(object, field);
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool isKnown = false;
        for (const std::string& k : known) isKnown = isKnown || k == it.key();
        if (isKnown) continue;
        std::string list;
        for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
        throw InputError(joinField(field, it.key()), "unknown field (expected one of: " + list + ")");
    }
}

double readNumber(const json& value, const std::string& field) {
    if (!value.is_number())
        throw InputError(field, "must be a number, got " + describeJsonType(value));
    const double x = value.get<double>();
    if (!std::isfinite(x)) throw InputError(field, "must be a finite number");
    if (std::abs(x) > limits::kMaxMagnitude)
        throw InputError(field, "must be at most " + formatNumber(limits::kMaxMagnitude) +
                                    " in magnitude (ImpactLab's input limit, SI units), got " + formatNumber(x));
    return x;
}

double readNumberInRange(const json& value, const std::string& field, double lo, double hi) {
    const double x = readNumber(value, field);
    if (x < lo || x > hi)
        throw InputError(field, "must be in [" + formatNumber(lo) + ", " + formatNumber(hi) + "], got " + formatNumber(x));
    return x;
}

long long readInteger(const json& value, const std::string& field, long long lo, long long hi) {
    const double x = readNumber(value, field);
    if (x != std::floor(x)) throw InputError(field, "must be a whole number, got " + formatNumber(x));
    if (x < static_cast<double>(lo) || x > static_cast<double>(hi))
        throw InputError(field, "must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                                    formatNumber(x));
    return static_cast<long long>(x);
}

bool readBool(const json& value, const std::string& field) {
    if (!value.is_boolean())
        throw InputError(field, "must be true or false, got " + describeJsonType(value));
    return value.get<bool>();
}

std::string readString(const json& value, const std::string& field) {
    if (!value.is_string())
        throw InputError(field, "must be a string, got " + describeJsonType(value));
    return value.get<std::string>();
}

std::string readOptionalString(const json& object, const std::string& key, const std::string& field,
                               const std::string& fallback) {
    requireObject(object, field);
    const auto it = object.find(key);
    return it == object.end() ? fallback : readString(*it, joinField(field, key));
}

namespace {

// [x, y] or [x, y, z]: an array of N numbers, each read as readNumber does.
template <int N>
Eigen::Matrix<double, N, 1> readFixedVector(const json& value, const std::string& field) {
    const std::size_t n = static_cast<std::size_t>(N);
    if (!value.is_array() || value.size() != n) {
        const std::string got = value.is_array() ? "an array of " + std::to_string(value.size()) : describeJsonType(value);
        throw InputError(field, "must be an array of " + std::to_string(N) + " numbers, got " + got);
    }
    Eigen::Matrix<double, N, 1> v;
    for (std::size_t i = 0; i < n; ++i) v(static_cast<Eigen::Index>(i)) = readNumber(value[i], indexField(field, i));
    return v;
}

}  // namespace

Vec2 readVec2(const json& value, const std::string& field) { return readFixedVector<2>(value, field); }

Vec3 readVec3(const json& value, const std::string& field) {
    return readFixedVector<3>(value, field);
}

Mat3 readMat3(const json& value, const std::string& field) {
    if (!value.is_array() || value.size() != 3) {
        std::ostringstream got;
        if (value.is_array()) got << "an array of " << value.size() << " rows";
        else got << describeJsonType(value);
        throw InputError(field, "must be a 3x3 matrix (3 rows of 3 numbers), got " + got.str());
    }
    Mat3 m;
    for (std::size_t r = 0; r < 3; ++r)
        m.row(static_cast<Eigen::Index>(r)) = readVec3(value[r], indexField(field, r)).transpose();
    return m;
}

const json* findMember(const json& object, const std::string& key) {
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

double readOptionalNumber(const json& object, const std::string& key, const std::string& field, double fallback) {
    const json* v = findMember(object, key);
    return v ? readNumber(*v, joinField(field, key)) : fallback;
}

double readOptionalNumberInRange(const json& object, const std::string& key, const std::string& field, double fallback,
                                 double lo, double hi) {
    const json* v = findMember(object, key);
    return v ? readNumberInRange(*v, joinField(field, key), lo, hi) : fallback;
}

Vec2 readOptionalVec2(const json& object, const std::string& key, const std::string& field, const Vec2& fallback) {
    const json* v = findMember(object, key);
    return v ? readVec2(*v, joinField(field, key)) : fallback;
}

Vec3 readOptionalVec3(const json& object, const std::string& key, const std::string& field, const Vec3& fallback) {
    const json* v = findMember(object, key);
    return v ? readVec3(*v, joinField(field, key)) : fallback;
}

Vec3 readOptionalVec3InRange(const json& object, const std::string& key, const std::string& field,
                             const Vec3& fallback, double lo, double hi) {
    const Vec3 v = readOptionalVec3(object, key, field, fallback);
    if ((v.array() < lo).any() || (v.array() > hi).any())
        throw InputError(joinField(field, key),
                         lo == -hi ? "components must be within +-" + formatNumber(hi)
                                   : "components must be in [" + formatNumber(lo) + ", " + formatNumber(hi) + "]");
    return v;
}

}  // namespace impactlab
