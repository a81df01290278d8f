#include "laws/LawOptionReader.h"

#include <algorithm>
#include <cmath>

#include "io/JsonInput.h"

namespace impactlab {

using nlohmann::json;

LawOptionReader::LawOptionReader(std::string law, const json& options)
    : law_(std::move(law)), options_(options.is_null() ? json::object() : options) {
    if (!options_.is_object()) throw InputError(law_, "options must be a JSON object");
}

std::vector<std::string> LawOptionReader::keys() const {
    std::vector<std::string> out;
    for (auto it = options_.begin(); it != options_.end(); ++it) out.push_back(it.key());
    return out;
}

std::string LawOptionReader::field(const std::string& key) const { return joinField(law_, key); }

void LawOptionReader::rejectKey(const std::string& key, const std::string& reason) const {
    throw InputError(field(key), reason);
}

void LawOptionReader::rejectUnknownKeys(const std::vector<std::string>& known, const std::string& reason) const {
    for (const std::string& key : keys())
        if (std::find(known.begin(), known.end(), key) == known.end()) rejectKey(key, reason);
}

const json& LawOptionReader::at(const std::string& key) const { return options_.at(key); }

double LawOptionReader::readPositive(const std::string& key) const {
    const json& v = at(key);
    if (!v.is_number() || !std::isfinite(v.get<double>()) || !(v.get<double>() > 0.0))
        rejectKey(key, "must be a finite number > 0");
    return v.get<double>();
}

double LawOptionReader::readFinite(const std::string& key) const {
    const json& v = at(key);
    if (!v.is_number() || !std::isfinite(v.get<double>())) rejectKey(key, "must be a finite number");
    return v.get<double>();
}

double LawOptionReader::readNonNegative(const std::string& key) const {
    const double x = readFinite(key);
    if (x < 0.0) rejectKey(key, "must be >= 0");
    return x;
}

double LawOptionReader::readStrictlyPositive(const std::string& key) const {
    const double x = readFinite(key);
    if (!(x > 0.0)) rejectKey(key, "must be > 0");
    return x;
}

double LawOptionReader::readNumberIn(const std::string& key, double lo, double hi, const std::string& range) const {
    const json& v = at(key);
    if (!v.is_number() || !(v.get<double>() >= lo && v.get<double>() <= hi)) rejectKey(key, "must be a number in " + range);
    return v.get<double>();
}

int LawOptionReader::readCount(const std::string& key) const {
    const json& v = at(key);
    if (!v.is_number_integer() || v.get<long long>() < 1) rejectKey(key, "must be an integer >= 1");
    return static_cast<int>(std::min<long long>(v.get<long long>(), 1LL << 30));
}

bool LawOptionReader::readBool(const std::string& key) const {
    const json& v = at(key);
    if (!v.is_boolean()) rejectKey(key, "must be true or false");
    return v.get<bool>();
}

std::size_t LawOptionReader::readChoice(const std::string& key, const std::vector<std::string>& choices,
                                        const std::string& reason) const {
    const json& v = at(key);
    if (v.is_string()) {
        const auto it = std::find(choices.begin(), choices.end(), v.get<std::string>());
        if (it != choices.end()) return static_cast<std::size_t>(it - choices.begin());
    }
    rejectKey(key, reason);
}

std::optional<double> LawOptionReader::readNumberOr(const std::string& key, std::optional<double> fallback) const {
    const auto it = options_.find(key);
    if (it == options_.end() || (it->is_null() && !fallback)) return fallback;
    if (!it->is_number() || !std::isfinite(it->get<double>())) rejectKey(key, "must be a finite number");
    return it->get<double>();
}

double LawOptionReader::readNumberOr(const std::string& key, double fallback) const {
    return *readNumberOr(key, std::optional<double>(fallback));
}

std::optional<std::string> LawOptionReader::readStringIfPresent(const std::string& key) const {
    const auto it = options_.find(key);
    if (it == options_.end()) return std::nullopt;
    if (!it->is_string()) rejectKey(key, "must be a string");
    return it->get<std::string>();
}

std::optional<int> LawOptionReader::readCountIfPresent(const std::string& key) const {
    if (options_.find(key) == options_.end()) return std::nullopt;
    return readCount(key);
}

}  // namespace impactlab
