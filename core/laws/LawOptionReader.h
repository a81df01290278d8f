#pragma once
// The one reader of law options (docs/problem-format.md, "Law options"): a
// law's options object, "<law>": {...}, read into the law's own options struct
// (impact/, with the papers' defaults). Built on io/JsonInput.h's field names:
// every error is InputError("<law>.<key>", reason), or InputError("<law>",
// "options must be a JSON object"). Absent and null options are an empty
// object.
//
// Two orders of reading, as the families have always read:
// - key by key in the object's order (keys()), rejecting an unknown key when
//   it is met (rejectKey): the path laws, jia-wang, kudlich-slibar, plus;
// - all unknown keys first (rejectUnknownKeys), then the typed reads in the
//   law's own order: the planar laws, max-dissipation, coulomb-inelastic.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace impactlab {

class LawOptionReader {
public:
    // Throws InputError(law, "options must be a JSON object") unless
    // `options` is an object or null.
    LawOptionReader(std::string law, const nlohmann::json& options);

    // The keys present, in the object's order.
    std::vector<std::string> keys() const;
    bool empty() const { return options_.empty(); }
    // "<law>.<key>".
    std::string field(const std::string& key) const;

    // Throws InputError(field(key), reason): "unknown option" by default.
    [[noreturn]] void rejectKey(const std::string& key, const std::string& reason = "unknown option") const;
    // rejectKey for the first key (in order) not in `known`.
    void rejectUnknownKeys(const std::vector<std::string>& known, const std::string& reason = "unknown option") const;

    // Typed reads of a present key; each throws InputError(field(key), ...).
    // A finite number > 0: "must be a finite number > 0".
    double readPositive(const std::string& key) const;
    // A finite number ("must be a finite number"), then >= 0 ("must be >= 0")
    // or > 0 ("must be > 0").
    double readNonNegative(const std::string& key) const;
    double readStrictlyPositive(const std::string& key) const;
    // A number in [lo, hi]: "must be a number in [lo, hi]" as `range` says.
    double readNumberIn(const std::string& key, double lo, double hi, const std::string& range) const;
    // An integer >= 1, capped at 2^30: "must be an integer >= 1".
    int readCount(const std::string& key) const;
    bool readBool(const std::string& key) const;   // "must be true or false"
    // One of `choices` (its index), else InputError(field(key), reason).
    std::size_t readChoice(const std::string& key, const std::vector<std::string>& choices,
                           const std::string& reason) const;

    // Reads by key that may be absent.
    // A finite number ("must be a finite number"), or `fallback` when the key
    // is absent, or null while `fallback` is empty.
    std::optional<double> readNumberOr(const std::string& key, std::optional<double> fallback) const;
    double readNumberOr(const std::string& key, double fallback) const;
    // A string ("must be a string"), or nothing when absent.
    std::optional<std::string> readStringIfPresent(const std::string& key) const;
    // An integer >= 1 as readCount, or nothing when absent.
    std::optional<int> readCountIfPresent(const std::string& key) const;

private:
    const nlohmann::json& at(const std::string& key) const;
    double readFinite(const std::string& key) const;   // "must be a finite number"

    std::string law_;
    nlohmann::json options_;
};

}  // namespace impactlab
