// `impactlab-cli sweep` on impactlab.vehicle-collision/1 files: a sweep over
// epsilon of the head-on, equal-mass collision (sweep-head-on.json) follows the
// closed form delta_v1 = (1 + epsilon)/2 * closing speed at every grid point;
// the CSV has a header and one row per point; a two-input sweep nests the
// values; bad input names the field (exit 1), a bad command line exits 2, an
// unwritable CSV exits 3.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

// The law's result for a central impact is a few products of O(10^4) numbers:
// round-off ~1e-12 m/s, and the CLI prints doubles with round-trip precision.
constexpr double kClosedFormTol = 1e-9;   // m/s

// K / 5 printed and read back: a unit in the last place of numbers below 1.
constexpr double kGridTol = 1e-15;
// Not in the top directory: every file there is an impactlab.problem/1 for `solve`.
const char* kHeadOn = "vehicle-collisions/sweep-head-on.json";

// Closing speed of sweep-head-on.json: 10 m/s each way.
double getClosingSpeed(const json& problem) {
    const json& v = problem.at("vehicles");
    return double(v[1].at("velocity")[0]) - double(v[0].at("velocity")[0]);
}

std::vector<std::string> readLines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(CliSweep, EpsilonSweepOfHeadOnEqualMassesFollowsClosedForm) {
    const json problem = loadProblem(kHeadOn);
    const double closing = getClosingSpeed(problem);
    ASSERT_DOUBLE_EQ(closing, 20.0);
    const std::string csv = makeTempPath(".csv");
    const CliRun run =
        runCli({"sweep", getProblemPath(kHeadOn), "--input", "epsilon", "0", "1", "6", "--csv", csv});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const json out = run.json();
    EXPECT_EQ(out.at("format"), "impactlab.vehicle-sweep/1");
    EXPECT_EQ(out.at("output"), "delta_v1");
    EXPECT_EQ(out.at("unit"), "m/s");
    ASSERT_EQ(out.at("axes").size(), 1u);
    const json& eps = out.at("axes")[0].at("values");
    const json& values = out.at("values");
    ASSERT_EQ(eps.size(), 6u);
    ASSERT_EQ(values.size(), 6u);
    EXPECT_EQ(out.at("invalid_points"), 0);
    for (std::size_t k = 0; k < eps.size(); ++k) {
        const double e = eps[k];
        EXPECT_NEAR(e, k / 5.0, kGridTol);
        EXPECT_NEAR(double(values[k]), (1.0 + e) / 2.0 * closing, kClosedFormTol) << "epsilon " << e;
    }

    const std::vector<std::string> lines = readLines(csv);
    ASSERT_EQ(lines.size(), 7u);   // header + 6 points
    EXPECT_EQ(lines[0], "epsilon [1],delta_v1 [m/s]");
    for (std::size_t k = 1; k < lines.size(); ++k) {
        std::istringstream row(lines[k]);
        double e = 0.0, dv = 0.0;
        char comma = 0;
        row >> e >> comma >> dv;
        EXPECT_EQ(comma, ',');
        EXPECT_NEAR(dv, (1.0 + e) / 2.0 * closing, kClosedFormTol) << lines[k];
    }
    std::remove(csv.c_str());
}

TEST(CliSweep, TwoInputsNestValuesAndMarkInvalidPointsNull) {
    // speed1 from -15 to 15: vehicle 1 drives away from vehicle 2 once
    // speed1 <= -10 (vehicle 2 comes at 10 m/s), so those rows are invalid.
    const CliRun run = runCli({"sweep", getProblemPath(kHeadOn), "--input", "speed1", "-15", "15", "7", "--input2",
                               "epsilon", "0", "1", "3", "--output", "delta_v2"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json out = run.json();
    ASSERT_EQ(out.at("axes").size(), 2u);
    EXPECT_EQ(out.at("axes")[1].at("input"), "epsilon");
    const json& values = out.at("values");
    ASSERT_EQ(values.size(), 7u);
    int nulls = 0;
    for (std::size_t i = 0; i < 7; ++i) {
        ASSERT_EQ(values[i].size(), 3u);
        const double speed1 = out.at("axes")[0].at("values")[i];
        for (std::size_t j = 0; j < 3; ++j) {
            const double e = out.at("axes")[1].at("values")[j];
            if (speed1 + 10.0 <= 0.0) {
                EXPECT_TRUE(values[i][j].is_null()) << speed1;
                ++nulls;
            } else {
                EXPECT_NEAR(double(values[i][j]), (1.0 + e) / 2.0 * (speed1 + 10.0), kClosedFormTol);
            }
        }
    }
    EXPECT_EQ(out.at("invalid_points"), nulls);
    EXPECT_GT(nulls, 0);
    EXPECT_FALSE(out.at("warnings").empty());
}

void expectBadInput(const CliRun& run, const std::string& mention) {
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.errLines(), 1) << run.err;
    EXPECT_NE(run.err.find(mention), std::string::npos) << "expected '" << mention << "' in: " << run.err;
}

TEST(CliSweep, BadInputNamesTheField) {
    const json good = loadProblem(kHeadOn);
    const std::vector<std::string> axis = {"--input", "epsilon", "0", "1", "3"};
    auto runOn = [&](const json& doc, std::vector<std::string> extra = {}) {
        TempProblem file(doc);
        std::vector<std::string> args = {"sweep", file.path()};
        args.insert(args.end(), axis.begin(), axis.end());
        args.insert(args.end(), extra.begin(), extra.end());
        return runCli(args);
    };
    json doc = good;
    doc["vehicles"][1]["mass"] = -1500;
    expectBadInput(runOn(doc), "vehicles[1].mass: ");
    doc = good;
    doc["collision"]["epsilon"] = 1.5;
    expectBadInput(runOn(doc), "collision.epsilon: ");
    doc = good;
    doc["collision"].erase("mu_user");
    expectBadInput(runOn(doc), "collision.mu_user: missing");
    doc = good;
    doc["vehicles"][0]["position"] = json::array({1, 2, 3});
    expectBadInput(runOn(doc), "vehicles[0].position: ");
    doc = good;
    doc["vehicles"][0]["velocity"] = json::array({10, 0});   // now separating
    expectBadInput(runOn(doc), "collision.approach: ");
    doc = good;
    doc["format"] = "impactlab.problem/1";
    expectBadInput(runOn(doc), "format: ");
    doc = good;
    doc["collision"]["mu"] = 0.3;
    expectBadInput(runOn(doc), "collision.mu: ");
    expectBadInput(runOn(good, {"--output", "delta_v9"}), "--output: ");
    expectBadInput(runCli({"sweep", getProblemPath(kHeadOn), "--input", "spead1", "0", "1", "3"}), "--input: ");
    // Barrier: vehicle 2 outputs and inputs do not exist.
    doc = good;
    doc["vehicles"].erase(1);
    expectBadInput(runOn(doc, {"--output", "delta_v2"}), "--output: ");
    expectBadInput(runOn(doc, {"--input2", "speed2", "0", "1", "2"}), "--input2: ");
}

TEST(CliSweep, CommandLineAndIoErrors) {
    const std::string file = getProblemPath(kHeadOn);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sweep", file}, {"sweep", file, "--input", "epsilon", "0", "1"},
          {"sweep", file, "--input", "epsilon", "0", "x", "3"}, {"sweep", file, "--input", "epsilon", "0", "1", "0"},
          {"sweep", file, "--input", "epsilon", "0", "1", "2.5"}, {"sweep", "--input", "epsilon", "0", "1", "3"}}) {
        const CliRun run = runCli(args);
        EXPECT_EQ(run.exitCode, 2) << run.err;
        EXPECT_EQ(run.out, "");
        EXPECT_EQ(run.errLines(), 1) << run.err;
    }
    const CliRun missing = runCli({"sweep", "/nonexistent/collision.json", "--input", "epsilon", "0", "1", "3"});
    EXPECT_EQ(missing.exitCode, 3) << missing.err;
    const CliRun unwritable =
        runCli({"sweep", file, "--input", "epsilon", "0", "1", "3", "--csv", "/nonexistent/dir/out.csv"});
    EXPECT_EQ(unwritable.exitCode, 3) << unwritable.err;
    EXPECT_EQ(unwritable.out, "");
}

}}  // namespace
}  // namespace impactlab::test
