#pragma once
// What every fuzz harness asserts of one run of impactlab-cli (in-process):
// the contract's exit codes (docs/problem-format.md) with exit 4 reserved for our
// own bugs, one line on stderr naming the field on bad input, and no
// non-finite number in what is printed. A violation aborts, which libFuzzer
// records as a crash with the input that caused it.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/Cli.h"

namespace impactlab::fuzz {

[[noreturn]] inline void fail(const std::string& what, const std::string& out, const std::string& err) {
    std::fprintf(stderr, "fuzz check failed: %s\n--- stdout (first 2000 chars)\n%s\n--- stderr\n%s\n", what.c_str(),
                 out.substr(0, 2000).c_str(), err.c_str());
    std::abort();
}

// nlohmann::json prints a non-finite double as null, so a NaN shows as a null
// where a number belongs. The only null the contract prints is a ground
// contact's "other_body" in simulate's summary.
inline bool hasNullNumber(const nlohmann::json& j, const std::string& key = {}) {
    if (j.is_null()) return key != "other_body";
    if (j.is_number_float()) return !std::isfinite(j.get<double>());
    if (j.is_array()) {
        for (const auto& x : j)
            if (hasNullNumber(x, key)) return true;
    } else if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (hasNullNumber(*it, it.key())) return true;
    }
    return false;
}

inline bool hasNonFiniteNumber(const std::string& out) {
    const nlohmann::json j = nlohmann::json::parse(out, nullptr, false);
    if (j.is_discarded()) return true;   // not even valid JSON: as bad
    return hasNullNumber(j);
}

inline void runAndCheck(const std::vector<std::string>& args, const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out, err;
    cli::Streams io{in, out, err};
    const int code = cli::run(args, io);
    const std::string o = out.str(), e = err.str();
    if (code == cli::kExitOk) {
        if (hasNonFiniteNumber(o)) fail("exit 0 with output that is not JSON or has a non-finite number (null)", o, e);
        return;
    }
    if (code != cli::kExitBadInput) fail("exit " + std::to_string(code) + " (only 0 and 1 are expected)", o, e);
    if (!o.empty()) fail("exit 1 with output on stdout", o, e);
    const std::string prefix = std::string(cli::kProgramName) + ": ";
    if (e.rfind(prefix, 0) != 0 || e.find('\n') != e.size() - 1)
        fail("exit 1 without exactly one line \"impactlab-cli: <field>: ...\" on stderr", o, e);
}

}  // namespace impactlab::fuzz
