#pragma once
// Running the built impactlab-cli from the tests: arguments in; exit code,
// stdout and stderr out (through temporary files, so the three stay apart).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mechanics/Types.h"

namespace impactlab::test {

struct CliRun {
    int exitCode = -1;       // the process's exit status; -1 if it did not exit normally
    std::string out;         // stdout
    std::string err;         // stderr
    nlohmann::json json() const { return nlohmann::json::parse(out); }
    int errLines() const;    // newline-terminated lines on stderr
};

// Runs the CLI with `args`; stdin comes from `stdinPath` (or /dev/null).
CliRun runCli(const std::vector<std::string>& args, const std::string& stdinPath = "");

// A file of tests/data/problems ("ball-on-half-space.json", "bad/zero-normal.json").
std::string getProblemPath(const std::string& name);
nlohmann::json loadProblem(const std::string& name);
// A problem written to a fresh temporary file, removed again on destruction.
class TempProblem {
public:
    explicit TempProblem(const nlohmann::json& document);
    ~TempProblem();
    TempProblem(const TempProblem&) = delete;
    TempProblem& operator=(const TempProblem&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};
// A fresh path in the temporary directory (not created).
std::string makeTempPath(const std::string& suffix);

Vec3 toVec3(const nlohmann::json& array);
Mat3 toMat3(const nlohmann::json& rows);
nlohmann::json toJson(const Vec3& v);
nlohmann::json toJson(const Mat3& m);

}  // namespace impactlab::test
