#pragma once
// Plain argument parsing for one command: flags from a small spec, the rest
// positional. "--name VALUE" and "--name=VALUE" are both accepted; "-" is a
// positional (standard input); "--" ends the flags. Anything else starting
// with "-" is a UsageError.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace impactlab::cli {

struct FlagSpec {
    std::string name;          // "--model"
    bool takesValue = false;
};

struct ParsedArgs {
    std::vector<std::string> positionals;
    std::map<std::string, std::string> flags;   // name -> value ("" for switches)

    bool has(const std::string& name) const { return flags.count(name) != 0; }
    std::optional<std::string> value(const std::string& name) const;
};

// `command` names the command in error messages.
ParsedArgs parseArgs(const std::vector<std::string>& args, const std::vector<FlagSpec>& spec,
                     const std::string& command);

// A flag that may repeat ("--set id=value"), which parseArgs does not allow:
// removes every "NAME VALUE" and "NAME=VALUE" before "--" from `args` and
// returns the values in order. UsageError when NAME ends the line.
std::vector<std::string> extractRepeatedFlag(std::vector<std::string>& args, const std::string& name);

// `text`, the value of flag `name`, as a whole number in [lo, hi]; UsageError
// naming the flag and the range otherwise.
long long parseWholeFlag(const std::string& name, const std::string& text, long long lo, long long hi);

// The whole of `text` as a finite number, or nothing ("", "1x", "nan", "1e999").
std::optional<double> parseFiniteNumber(const std::string& text);

}  // namespace impactlab::cli
