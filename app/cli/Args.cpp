#include "cli/Args.h"

#include <cmath>

#include "cli/Cli.h"

namespace impactlab::cli {

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
    const auto it = flags.find(name);
    if (it == flags.end()) return std::nullopt;
    return it->second;
}

ParsedArgs parseArgs(const std::vector<std::string>& args, const std::vector<FlagSpec>& spec,
                     const std::string& command) {
    ParsedArgs parsed;
    bool flagsEnded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (flagsEnded || arg == "-" || arg.empty() || arg[0] != '-') {
            parsed.positionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            flagsEnded = true;
            continue;
        }
        const auto eq = arg.find('=');
        const std::string name = arg.substr(0, eq);
        const FlagSpec* flag = nullptr;
        for (const FlagSpec& f : spec)
            if (f.name == name) flag = &f;
        if (!flag) throw UsageError("unknown option '" + name + "' for '" + command + "'");
        if (parsed.has(name)) throw UsageError("option '" + name + "' given twice");
        if (!flag->takesValue) {
            if (eq != std::string::npos) throw UsageError("option '" + name + "' takes no value");
            parsed.flags[name] = "";
        } else if (eq != std::string::npos) {
            parsed.flags[name] = arg.substr(eq + 1);
        } else {
            if (i + 1 >= args.size()) throw UsageError("option '" + name + "' needs a value");
            parsed.flags[name] = args[++i];
        }
        if (flag->takesValue && parsed.flags[name].empty())
            throw UsageError("option '" + name + "' needs a non-empty value");
    }
    return parsed;
}

std::vector<std::string> extractRepeatedFlag(std::vector<std::string>& args, const std::string& name) {
    std::vector<std::string> values, rest;
    const std::string withValue = name + "=";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            rest.insert(rest.end(), args.begin() + static_cast<long>(i), args.end());
            break;
        }
        if (a == name) {
            if (i + 1 >= args.size()) throw UsageError("option '" + name + "' needs a value");
            values.push_back(args[++i]);
        } else if (a.rfind(withValue, 0) == 0) {
            values.push_back(a.substr(withValue.size()));
        } else {
            rest.push_back(a);
        }
    }
    args = rest;
    return values;
}

std::optional<double> parseFiniteNumber(const std::string& text) {
    std::size_t used = 0;
    double value = 0.0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (text.empty() || used != text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

long long parseWholeFlag(const std::string& name, const std::string& text, long long lo, long long hi) {
    const std::optional<double> v = parseFiniteNumber(text);
    if (!v || *v != static_cast<double>(static_cast<long long>(*v)) || *v < static_cast<double>(lo) ||
        *v > static_cast<double>(hi))
        throw UsageError(name + " needs a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                         "], got '" + text + "'");
    return static_cast<long long>(*v);
}

}  // namespace impactlab::cli
