#pragma once
// Input and output for the commands: reading a file or standard input, and
// printing JSON only when every number in it is finite.
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>

namespace impactlab::cli {

// The whole text of `path`, or of `in` when path is "-". IoError when the file
// is missing, a directory or unreadable.
std::string readInputText(const std::string& path, std::istream& in);

// The name errors use for an input: the path, or "stdin" for "-".
std::string getSourceName(const std::string& path);

// Prints `document` (indented, doubles round-trip precise) and a newline.
// Throws InternalError naming the field when a number is NaN or infinite (a bug
// upstream: the contract never prints them), IoError when writing fails. Nothing
// is written when it throws.
void writeJson(const nlohmann::ordered_json& document, std::ostream& out);

// Writes `path` through `write` (on a stream with 17 significant digits),
// first under a temporary name that is renamed when complete, so a failed
// write leaves no half file. IoError naming the path when it cannot be
// opened, written or renamed.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace impactlab::cli
