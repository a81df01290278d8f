// Every input that ever made impactlab-cli fail (fuzz/regressions/, found by
// fuzzing or reported), replayed against the built executable in
// every build, sanitized or not: exit 0 with finite JSON, or exit 1 with one
// line on stderr that names a field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "CliTestSupport.h"

using namespace impactlab::test;
namespace fs = std::filesystem;

namespace { namespace IMPACTLAB_UNITY_ID {

// The only null the contract prints: a ground contact's other body.
bool hasNonFinite(const nlohmann::json& j, const std::string& key = {}) {
    if (j.is_null()) return key != "other_body";
    if (j.is_number_float()) return !std::isfinite(j.get<double>());
    if (j.is_array()) return std::any_of(j.begin(), j.end(), [&](const auto& x) { return hasNonFinite(x, key); });
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            if (hasNonFinite(*it, it.key())) return true;
    return false;
}

std::vector<std::string> listRegressions(const std::string& command) {
    std::vector<std::string> paths;
    for (const auto& e : fs::directory_iterator(fs::path(IMPACTLAB_FUZZ_REGRESSIONS_DIR) / command))
        paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

void checkRun(const std::vector<std::string>& args, const std::string& path) {
    const CliRun run = runCli(args);
    ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << path << ": exit " << run.exitCode << "\n" << run.err;
    if (run.exitCode == 0) {
        const nlohmann::json j = nlohmann::json::parse(run.out, nullptr, false);
        ASSERT_FALSE(j.is_discarded()) << path << ": stdout is not JSON";
        EXPECT_FALSE(hasNonFinite(j)) << path << ": a non-finite number (printed as null)";
    } else {
        EXPECT_TRUE(run.out.empty()) << path;
        EXPECT_EQ(run.errLines(), 1) << path << ": " << run.err;
        // "impactlab-cli: <field>: <reason>"
        const std::string prefix = "impactlab-cli: ";
        ASSERT_EQ(run.err.rfind(prefix, 0), 0u) << path << ": " << run.err;
        EXPECT_NE(run.err.find(": ", prefix.size()), std::string::npos) << path << ": no field named: " << run.err;
    }
}

TEST(CliRegressions, EverySolveInputThatOnceFailedIsAnsweredOrRefused) {
    const auto paths = listRegressions("solve");
    ASSERT_GE(paths.size(), 10u);
    for (const auto& path : paths) checkRun({"solve", path}, path);
}

TEST(CliRegressions, EverySimulateInputThatOnceFailedIsAnsweredOrRefused) {
    const auto paths = listRegressions("simulate");
    ASSERT_GE(paths.size(), 10u);
    // The fuzz harness's budget: each run must end within it.
    for (const auto& path : paths) checkRun({"simulate", path, "--max-run-seconds", "5"}, path);
}

TEST(CliRegressions, MaxRunSecondsIsBoundedAndEndsARunOnTime) {
    const CliRun bad = runCli({"simulate", "-", "--max-run-seconds", "1e9"});
    EXPECT_EQ(bad.exitCode, 2) << bad.err;
    EXPECT_NE(bad.err.find("--max-run-seconds"), std::string::npos);
    const CliRun zero = runCli({"simulate", "-", "--max-run-seconds", "0"});
    EXPECT_EQ(zero.exitCode, 2) << zero.err;
}

}}  // namespace
