#include "io/JsonInput.h"

#include <cmath>
#include <sstream>

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

// A SAX handler that only tracks where in the document the parser is, so an
// error the DOM parser reports without a location ("number overflow") can be
// named by field. Used on the error path only.
class FieldTracker : public nlohmann::json_sax<json> {
public:
    std::string errorField;   // field of the value being read when the error occurred

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(false); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override {
        frames_.back().key = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        errorField = currentField();
        return false;
    }

private:
    struct Frame {
        bool isArray = false;
        std::size_t index = 0;   // next element (arrays)
        std::string key;         // current member (objects)
    };

    // The field of the value about to be read.
    std::string currentField() const {
        std::string field;
        for (const Frame& f : frames_)
            field = f.isArray ? indexField(field, f.index) : joinField(field, f.key);
        return field;
    }
    bool value() {
        if (!frames_.empty() && frames_.back().isArray) ++frames_.back().index;
        return true;
    }
    bool open(bool isArray) {
        frames_.push_back({isArray, 0, {}});
        return true;
    }
    bool close() {
        frames_.pop_back();
        return value();   // the finished container was one value of its parent
    }

    std::vector<Frame> frames_;
};

}  // namespace

json parseJsonText(const std::string& text, const std::string& sourceName) {
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        throw InputError(sourceName, "invalid JSON: " + stripExceptionTag(e.what()));
    } catch (const json::out_of_range& e) {
        // A number outside the range of a double (nlohmann error 406): find its field.
        FieldTracker tracker;
        json::sax_parse(text, &tracker);
        const std::string field = tracker.errorField.empty() ? sourceName : tracker.errorField;
        throw InputError(field, "must be a finite number (" + stripExceptionTag(e.what()) + ")");
    }
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
    return x;
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

Vec3 readVec3(const json& value, const std::string& field) {
    if (!value.is_array() || value.size() != 3) {
        std::ostringstream got;
        if (value.is_array()) got << "an array of " << value.size();
        else got << describeJsonType(value);
        throw InputError(field, "must be an array of 3 numbers, got " + got.str());
    }
    Vec3 v;
    for (std::size_t i = 0; i < 3; ++i)
        v(static_cast<Eigen::Index>(i)) = readNumber(value[i], indexField(field, i));
    return v;
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

}  // namespace impactlab
