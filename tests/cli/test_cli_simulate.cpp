// `impactlab-cli simulate`: the run summary on stdout, the CSV of time
// histories, parameter and law overrides, and the error contract (one line
// naming the field, exit 1 for bad input, 3 for I/O).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "CliTestSupport.h"
#include "laws/LawRegistry.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

// B2.8's first impact time (printed to 6 digits).
constexpr double kPrintedTol = 5e-6;
// B2.8's impulses, energies and states (printed to 5 decimals).
constexpr double kPrinted5Tol = 1e-5;
// Newton e = 1 keeps 11.772 J through closed-form flight and exact impacts to
// ~1e-12 J; the summary prints doubles exactly.
constexpr double kEnergyTol = 1e-9;
// A time read back from the CSV: 17 significant digits, so exact to round-off.
constexpr double kRoundOffTol = 1e-12;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

std::vector<std::vector<std::string>> readCsv(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> cells;
        std::istringstream ls(line);
        for (std::string cell; std::getline(ls, cell, ',');) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

// bar.json names these laws (its own is newton); all must be registered.
bool barLawsRegistered() {
    for (const char* id : {"newton", "poisson", "stronge", "kane", "brach", "glocker-pfeiffer", "wang-mason", "smith",
                           "cs", "jia-wang"})
        if (!findLaw(id)) return false;
    return true;
}

class CliSimulate : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(barLawsRegistered()) << "bar.json names a law that is not registered";
    }
    void TearDown() override {
        std::error_code ec;
        std::filesystem::remove(csv_, ec);
    }
    const std::string csv_ = makeTempPath(".csv");
};

TEST_F(CliSimulate, WritesTheSummaryAndOneCsvRowPerSample) {
    const CliRun run = runCli({"simulate", scenePath("bar.json"), "--csv", csv_});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const nlohmann::json s = run.json();
    EXPECT_EQ(s["format"], "impactlab.run/1");
    EXPECT_EQ(s["kind"], "planar");
    EXPECT_EQ(s["end_reason"], "end time");
    // [0, 0.8] s every 1 ms: 801 samples.
    EXPECT_EQ(s["samples"], 801);
    ASSERT_EQ(s["impacts"].size(), 2u);
    EXPECT_NEAR(s["impacts"][0]["time"].get<double>(), 0.415413, kPrintedTol);
    EXPECT_EQ(s["impacts"][0]["contact"], "bar left end / ground");
    EXPECT_NEAR(s["impacts"][0]["impulse"][2].get<double>(), 3.26016, kPrinted5Tol);
    EXPECT_NEAR(s["energy"]["final"].get<double>(), 11.772, kEnergyTol) << "Newton e = 1 keeps the energy";

    const auto rows = readCsv(csv_);
    ASSERT_EQ(rows.size(), 802u) << "a header row and one row per sample";
    const std::vector<std::string> header = {"t [s]", "bar.x [m]", "bar.y [m]", "bar.theta [rad]", "bar.vx [m/s]",
                                             "bar.vy [m/s]", "bar.omega [rad/s]", "bar.left_end_y [m]",
                                             "bar.right_end_y [m]", "kinetic_energy [J]", "potential_energy [J]",
                                             "energy [J]"};
    EXPECT_EQ(rows[0], header);
    for (std::size_t r = 1; r < rows.size(); ++r) ASSERT_EQ(rows[r].size(), header.size()) << "row " << r;
    EXPECT_DOUBLE_EQ(std::stod(rows[1][0]), 0.0);
    EXPECT_DOUBLE_EQ(std::stod(rows[1][2]), 1.2);
    EXPECT_NEAR(std::stod(rows.back()[0]), 0.8, kRoundOffTol);
    EXPECT_NEAR(std::stod(rows.back()[2]), 0.68643, kPrinted5Tol) << "B2.8: y at t = 0.8";
}

TEST_F(CliSimulate, SetAndLawOverrideTheScene) {
    const CliRun run = runCli({"simulate", scenePath("bar.json"), "--set", "restitution=0.8", "--set=friction=0"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json s = run.json();
    ASSERT_EQ(s["impacts"].size(), 3u);
    const double energies[] = {10.57628, 7.47538, 6.96276};
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(s["impacts"][i]["energy_after"].get<double>(), energies[i], kPrinted5Tol);

    const CliRun kane = runCli({"simulate", scenePath("bar.json"), "--law", "kane", "--set", "friction=1"});
    ASSERT_EQ(kane.exitCode, 0) << kane.err;
    const nlohmann::json k = kane.json();
    EXPECT_EQ(k["law"], "kane");
    ASSERT_GE(k["impacts"].size(), 2u);
    EXPECT_NEAR(k["impacts"][1]["energy_after"].get<double>(), 11.98366, kPrinted5Tol) << "Kane's energy gain (B2.8)";
    EXPECT_FALSE(k["warnings"].empty());

    const CliRun choice = runCli({"simulate", scenePath("bar.json"), "--set", "law=stronge"});
    ASSERT_EQ(choice.exitCode, 0) << choice.err;
    EXPECT_EQ(choice.json()["law"], "stronge");
}

TEST_F(CliSimulate, SpatialScenesWriteTheirBodiesPoses) {
    const CliRun run = runCli({"simulate", scenePath("superball.json"), "--csv", csv_});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.json()["kind"], "spatial");
    const auto rows = readCsv(csv_);
    ASSERT_GE(rows.size(), 2u);
    EXPECT_EQ(rows.size() - 1, run.json()["samples"].get<std::size_t>());
    EXPECT_NE(std::find(rows[0].begin(), rows[0].end(), "ball.z [m]"), rows[0].end());
    EXPECT_NE(std::find(rows[0].begin(), rows[0].end(), "ball.qw [1]"), rows[0].end());
}

TEST_F(CliSimulate, BadInputNamesTheFieldOnOneLine) {
    auto expectError = [](const std::vector<std::string>& args, int code, const std::string& text) {
        const CliRun run = runCli(args);
        EXPECT_EQ(run.exitCode, code) << run.err;
        EXPECT_EQ(run.out, "") << "nothing on stdout when it fails";
        EXPECT_EQ(run.errLines(), 1) << run.err;
        EXPECT_NE(run.err.find(text), std::string::npos) << run.err;
    };
    expectError({"simulate", scenePath("bar.json"), "--law", "magic"}, 1, "--law: unknown model 'magic'");
    expectError({"simulate", scenePath("bar.json"), "--set", "nothing=1"}, 1, "--set nothing");
    expectError({"simulate", scenePath("bar.json"), "--set", "friction=lots"}, 1, "--set friction");
    expectError({"simulate", scenePath("bar.json"), "--set", "friction=-1"}, 1, "contact.friction");
    expectError({"simulate", scenePath("bar.json"), "--set", "law=magic"}, 1, "parameter law");
    expectError({"simulate", scenePath("bar.json"), "--set", "friction"}, 2, "--set needs id=value");
    expectError({"simulate"}, 2, "one scene file");
    expectError({"simulate", "/nonexistent/scene.json"}, 3, "/nonexistent/scene.json");
    expectError({"simulate", scenePath("bar.json"), "--csv", "/nonexistent/dir/run.csv"}, 3,
                "/nonexistent/dir/run.csv");

    std::ifstream in(scenePath("bar.json"));
    nlohmann::json doc = nlohmann::json::parse(in);
    doc["system"]["body"]["shape"]["length"] = -1;
    const TempProblem bad(doc);
    expectError({"simulate", bad.path()}, 1, "system.body.shape.length: must be > 0");
}

}}  // namespace
}  // namespace impactlab::test
