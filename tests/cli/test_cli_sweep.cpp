// `impactlab-cli sweep` on impactlab.vehicle-collision/1 files: a sweep over
// epsilon of the head-on, equal-mass collision (sweep-head-on.json) follows the
// closed form delta_v1 = (1 + epsilon)/2 * closing speed at every grid point;
// the CSV has a header and one row per point; a two-input sweep nests the
// values; bad input names the field (exit 1), a bad command line exits 2, an
// unwritable CSV exits 3.
//
// The scene form (`sweep SCENE --param ID --values A,B,C`): every
// kind gives one result per value; restitution swept on a ball hitting a
// half-space scales the normal rebound and never gains energy; the PLUS
// cradle passes the striker's speed to the last ball; bad values exit 1
// naming --values[k]; --out writes each value's views through impactlab-report.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
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

// --- The scene form ---------------------------------------------------------

std::string getScenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

struct SceneSweepCase {
    const char* scene;
    const char* kind;
    std::vector<std::string> args;   // after the scene
    std::vector<json> values;
};

TEST(CliSceneSweep, EveryKindGivesOneResultPerValue) {
    const std::vector<SceneSweepCase> cases = {
        {"impact-ball-on-half-space.json", "impact", {"--param", "restitution", "--values", "0.2,0.9"}, {0.2, 0.9}},
        {"bar.json", "planar", {"--param", "law", "--values", "kane,wang-mason"}, {"kane", "wang-mason"}},
        {"brick-drop.json", "spatial", {"--param", "friction", "--values", "0.1,0.6"}, {0.1, 0.6}},
        {"plus-newtons-cradle.json", "plus", {"--param", "balls", "--values", "2,3,4"}, {2.0, 3.0, 4.0}},
        {"vehicle-barrier.json", "vehicles", {"--param", "epsilon", "--values", "0,0.4"}, {0.0, 0.4}},
        // A slice of a small pile: the granular run is short by default (200
        // steps); five steps of 100 particles keep the test to a blink.
        {"settling-box.json", "granular",
         {"--param", "friction", "--values", "0.1,0.5", "--steps", "5", "--set", "particles=100"}, {0.1, 0.5}},
    };
    for (const SceneSweepCase& c : cases) {
        SCOPED_TRACE(c.scene);
        const std::string csv = makeTempPath(".csv");
        std::vector<std::string> args = {"sweep", getScenePath(c.scene)};
        args.insert(args.end(), c.args.begin(), c.args.end());
        args.insert(args.end(), {"--csv", csv});
        const CliRun run = runCli(args);
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const json out = run.json();
        EXPECT_EQ(out.at("format"), "impactlab.sweep/1");
        EXPECT_EQ(out.at("kind"), c.kind);
        EXPECT_EQ(out.at("parameter"), c.args[1]);
        EXPECT_EQ(out.at("invalid_values"), 0);
        const json& results = out.at("results");
        ASSERT_EQ(results.size(), c.values.size());
        for (std::size_t k = 0; k < c.values.size(); ++k) {
            EXPECT_EQ(results[k].at("value"), c.values[k]);
            EXPECT_FALSE(results[k].contains("error")) << results[k].dump();
        }
        const std::vector<std::string> lines = readLines(csv);
        ASSERT_EQ(lines.size(), c.values.size() + 1);   // header + one row per value
        EXPECT_EQ(lines[0].rfind("value,", 0), 0u) << lines[0];
        std::remove(csv.c_str());
    }
}

// Stronge's law on a ball and a half-space: W = diag(7, 7, 2)/(2m) does not
// couple the normal with the tangents, so the normal rebound is exactly
// v_n+ = -e v_n- (Stronge 2000, the energetic coefficient of a decoupled
// contact), and an energetic restitution never gains energy.
TEST(CliSceneSweep, RestitutionScalesTheReboundAndNeverGainsEnergy) {
    constexpr double kVz = -1.5;   // m/s, the ball's approach (the normal is world z)
    // The law advances in closed form between events; the printed rebound
    // differs from e |v_n-| by ~1e-13 m/s of round-off.
    constexpr double kReboundTol = 1e-9;   // m/s
    constexpr double kEnergyTol = 1e-12;   // J, round-off of energies of order 1 J
    const std::vector<double> es = {0.0, 0.25, 0.5, 0.75, 1.0};
    const CliRun run = runCli({"sweep", getScenePath("impact-ball-on-half-space.json"), "--set", "vz=-1.5", "--param",
                               "restitution", "--values", "0,0.25,0.5,0.75,1"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json results = run.json().at("results");
    ASSERT_EQ(results.size(), es.size());
    for (std::size_t k = 0; k < es.size(); ++k) {
        const json& r = results[k];
        EXPECT_NEAR(double(r.at("v_plus")[2]), -es[k] * kVz, kReboundTol) << "e = " << es[k];
        EXPECT_LE(double(r.at("energy_after")), double(r.at("energy_before")) + kEnergyTol) << "e = " << es[k];
        EXPECT_GT(double(r.at("energy_before")), 0.0);
    }
    // Restitution only adds to the normal impulse: more e, less energy lost.
    for (std::size_t k = 1; k < es.size(); ++k)
        EXPECT_GT(double(results[k].at("energy_after")), double(results[k - 1].at("energy_after")));
}

// Newton's cradle under PLUS with e = 1 (Uchida et al. 2015, Example 3,
// Table 2): the striker stops and the last ball leaves at the striker's speed,
// the balls between at rest, whatever the speed; momentum is conserved for any e.
TEST(CliSceneSweep, CradlePassesTheStrikersSpeedToTheLastBall) {
    // PLUS's rounds with e = 1 end at the pre-impact speeds up to round-off
    // of a few rounds of 2x2 solves.
    constexpr double kSpeedTol = 1e-9;     // m/s
    constexpr double kMomentumTol = 1e-9;  // kg m/s, five unit masses at up to 5 m/s
    const std::vector<double> speeds = {0.5, 2.0, 5.0};
    const CliRun run = runCli({"sweep", getScenePath("plus-newtons-cradle.json"), "--set", "restitution=1", "--param",
                               "striker_speed", "--values", "0.5,2,5"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json results = run.json().at("results");
    ASSERT_EQ(results.size(), speeds.size());
    for (std::size_t k = 0; k < speeds.size(); ++k) {
        const json& bodies = results[k].at("bodies");
        ASSERT_EQ(bodies.size(), 5u);
        double vLast = bodies[4].at("velocity")[0];
        EXPECT_NEAR(std::abs(vLast), speeds[k], kSpeedTol);
        for (std::size_t b = 0; b < 4; ++b)
            EXPECT_NEAR(double(bodies[b].at("velocity")[0]), 0.0, kSpeedTol) << "ball " << b;
    }
    const CliRun lossy = runCli({"sweep", getScenePath("plus-newtons-cradle.json"), "--param", "restitution",
                                 "--values", "0.3,0.7"});
    ASSERT_EQ(lossy.exitCode, 0) << lossy.err;
    const json lossyOut = lossy.json();   // held: a range-for over a temporary's member dangles
    for (const json& r : lossyOut.at("results")) {
        double momentum = 0.0;   // unit masses; the striker came at 2 m/s
        for (const json& b : r.at("bodies")) momentum += double(b.at("velocity")[0]);
        EXPECT_NEAR(std::abs(momentum), 2.0, kMomentumTol) << r.dump();
        EXPECT_LT(double(r.at("energy_after")), double(r.at("energy_before")));
    }
}

TEST(CliSceneSweep, BadValuesNameTheField) {
    const std::string scene = getScenePath("impact-ball-on-half-space.json");
    auto sweepValues = [&](const std::string& param, const std::string& values) {
        return runCli({"sweep", scene, "--param", param, "--values", values});
    };
    expectBadInput(sweepValues("restitution", "0.5,nan"), "--values[1]: must be a finite number");
    expectBadInput(sweepValues("restitution", "0.5,1.5"), "--values[1]: must be within restitution's range");
    expectBadInput(sweepValues("restitution", "-0.1"), "--values[0]: ");
    expectBadInput(sweepValues("restitution", "0.5,"), "--values[1]: is empty");
    expectBadInput(sweepValues("law", "stronge,nosuch"), "--values[1]: must be one of law's choices");
    expectBadInput(sweepValues("nosuch", "1"), "--param: no such parameter");
    // Command-line mistakes are usage errors (2): no values, --steps off a granular scene.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sweep", scene, "--param", "restitution"},
          {"sweep", scene, "--param", "restitution", "--values", "0.5", "--steps", "10"}}) {
        const CliRun run = runCli(args);
        EXPECT_EQ(run.exitCode, 2) << run.err;
        EXPECT_EQ(run.out, "");
    }
}

#ifdef IMPACTLAB_HAS_REPORT

TEST(CliSceneSweep, OutWritesEveryValuesViewsAsCsv) {
    namespace fs = std::filesystem;
    const fs::path dir = makeTempPath("-sweep");
    const CliRun run = runCli({"sweep", getScenePath("impact-ball-on-half-space.json"), "--param", "restitution",
                               "--values", "0.3,0.9", "--out", dir.string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json out = run.json();
    EXPECT_EQ(readLines((dir / "sweep.csv").string()).size(), 3u);
    for (const char* value : {"0.3", "0.9"}) {
        const fs::path folder = dir / (std::string("restitution=") + value);
        ASSERT_TRUE(fs::is_directory(folder)) << folder;
        int csvs = 0;
        for (const auto& entry : fs::directory_iterator(folder)) csvs += entry.path().extension() == ".csv";
        EXPECT_GT(csvs, 0) << folder;
        // The report drew the scene at this value.
        std::ifstream in(folder / "scene.json");
        const json scene = json::parse(in);
        EXPECT_DOUBLE_EQ(scene.at("contact").at("restitution").get<double>(), std::stod(value));
    }
    EXPECT_EQ(out.at("results")[1].at("folder"), (dir / "restitution=0.9").string());
    EXPECT_FALSE(fs::exists(dir / ".sweep-scene.json"));   // the temporary scene is gone
    fs::remove_all(dir);
}

#else

TEST(CliSceneSweep, OutSaysItNeedsTheDesktopBuild) {
    const CliRun run = runCli({"sweep", getScenePath("impact-ball-on-half-space.json"), "--param", "restitution",
                               "--values", "0.3", "--out", makeTempPath("-sweep")});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_NE(run.err.find("impactlab-report"), std::string::npos) << run.err;
}

#endif

}}  // namespace
}  // namespace impactlab::test
