// `impactlab-cli reconstruct` (docs/reconstruction-format.md): the contract's
// JSON on stdout, progress on stderr, the same output for any thread count,
// and the exit codes of every other command (1 bad input naming the field,
// 2 a bad command line).
#include <gtest/gtest.h>

#include <fstream>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// A short Monte Carlo: the contract's shape, not its statistics (tests/core).
const char* kSamples = "20";

std::string reconstructionScene(const std::string& stem) {
    return std::string(IMPACTLAB_SCENES_DIR) + "/" + stem + ".json";
}

json loadScene(const std::string& stem) {
    std::ifstream in(reconstructionScene(stem));
    return json::parse(in);
}

TEST(CliReconstruct, PrintsTheContractsObjectWithProgressOnStderr) {
    const CliRun run = runCli({"reconstruct", reconstructionScene("reconstruction-ricsac-06"), "--samples", kSamples});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json out = run.json();
    for (const char* key : {"status", "unknowns", "evidence", "derived", "chi2", "dof", "samples", "failed_samples",
                            "warnings", "wall_s"})
        EXPECT_TRUE(out.contains(key)) << key;
    EXPECT_EQ(out["status"], "converged");
    EXPECT_EQ(out["samples"], 20);
    EXPECT_EQ(out["dof"], 2);
    ASSERT_EQ(out["unknowns"].size(), 6u);
    for (const auto& u : out["unknowns"]) {
        for (const char* key : {"target", "value", "median", "std", "interval_95", "sensitivity"})
            EXPECT_TRUE(u.contains(key)) << key;
        EXPECT_LE(u["interval_95"][0].get<double>(), u["interval_95"][1].get<double>());
        EXPECT_EQ(u["sensitivity"].size(), 6u);   // one entry per evidence item
    }
    ASSERT_EQ(out["evidence"].size(), 6u);
    EXPECT_EQ(out["evidence"][0]["quantity"], "separation_velocity");
    EXPECT_EQ(out["evidence"][0]["residual_sigmas"].size(), 2u);
    ASSERT_EQ(out["derived"].size(), 2u);
    for (const char* key : {"delta_v", "pdof", "ees"}) EXPECT_TRUE(out["derived"][1][key].contains("interval_95")) << key;
    EXPECT_NE(run.err.find("20 / 20 samples"), std::string::npos) << run.err;
}

TEST(CliReconstruct, TheSameSeedPrintsTheSameOnAnyThreadCount) {
    auto run = [](const char* threads) {
        const CliRun r = runCli({"reconstruct", reconstructionScene("reconstruction-intersection"), "--samples", kSamples,
                                 "--seed", "11", "--threads", threads, "--quiet"});
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(r.err, "");
        json out = r.json();
        out.erase("wall_s");
        return out.dump();
    };
    EXPECT_EQ(run("1"), run("2"));
}

TEST(CliReconstruct, BadInputExits1WithOneLineNamingTheField) {
    json doc = loadScene("reconstruction-ricsac-06");
    doc["reconstruction"]["evidence"][3]["sigma"] = 0;
    const TempProblem file(doc);
    const CliRun run = runCli({"reconstruct", file.path()});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "impactlab-cli: reconstruction.evidence[3].sigma: must be > 0, got 0\n");

    const CliRun noBlock = runCli({"reconstruct", std::string(IMPACTLAB_SCENES_DIR) + "/vehicles.json"});
    EXPECT_EQ(noBlock.exitCode, 1);
    EXPECT_EQ(noBlock.errLines(), 1);
    EXPECT_NE(noBlock.err.find("reconstruction: missing"), std::string::npos) << noBlock.err;

    const CliRun otherKind = runCli({"reconstruct", std::string(IMPACTLAB_SCENES_DIR) + "/superball.json"});
    EXPECT_EQ(otherKind.exitCode, 1);
    EXPECT_NE(otherKind.err.find("kind"), std::string::npos) << otherKind.err;
}

TEST(CliReconstruct, ABadCommandLineExits2) {
    const std::string scene = reconstructionScene("reconstruction-intersection");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"reconstruct", scene, "--samples", "many"},
          std::vector<std::string>{"reconstruct", scene, "--threads", "0"},
          std::vector<std::string>{"reconstruct", scene, "--seed", "-1"},
          std::vector<std::string>{"reconstruct"}}) {
        const CliRun run = runCli(args);
        EXPECT_EQ(run.exitCode, 2) << args.back();
        EXPECT_EQ(run.out, "");
        EXPECT_EQ(run.errLines(), 1) << run.err;
    }
}

}}  // namespace
}  // namespace impactlab::test
