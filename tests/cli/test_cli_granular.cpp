// `impactlab-cli simulate` on granular scenes: the JSON
// summary and its keys, frames and analyses in --output, progress on stderr,
// the flags, and the error contract (one line naming the field, exit 1).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "CliTestSupport.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

// The rate is printed with about seven significant digits.
constexpr double kRateRelTol = 1e-6;
// s: 50 steps of 1e-4 s summed in double, round-off only.
constexpr double kEndTimeTol = 1e-12;

namespace fs = std::filesystem;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

int countLines(const fs::path& path) {
    std::ifstream in(path);
    int n = 0;
    for (std::string line; std::getline(in, line);) ++n;
    return n;
}

class CliGranular : public ::testing::Test {
protected:
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    const std::string dir_ = makeTempPath("-granular");
};

// The settling box of 125 spheres (5^3, d = 0.01 m), 50 steps.
const std::vector<std::string> kSmallBox = {"simulate", scenePath("settling-box.json"), "--set", "particles=125",
                                            "--steps", "50"};

TEST_F(CliGranular, SummaryHoldsTheIssuesKeys) {
    const CliRun r = runCli(kSmallBox);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json s = r.json();
    EXPECT_EQ(s["format"], "impactlab.granular-run/1");
    EXPECT_EQ(s["setup"], "settling-box");
    EXPECT_EQ(s["particles"], 125);
    EXPECT_EQ(s["steps"], 50);
    EXPECT_EQ(s["iterations"], 10);
    EXPECT_EQ(s["lost_particles"], 0);
    EXPECT_EQ(s["end_reason"], "end time");
    // The lattice's neighbours start 0.1 d = 1 mm apart with relative speeds
    // up to about 1 m/s, and a pair is a contact only once it can close its
    // gap within a step (speculative contacts): over 5 ms most spheres meet a
    // neighbour or the floor's layer, so on average a step holds at least one
    // contact for every five spheres.
    constexpr double kMinContactsPerSphere = 0.2;
    EXPECT_GT(s["contacts_per_step"].get<double>(), kMinContactsPerSphere * 125);
    EXPECT_GE(s["residual"].get<double>(), 0.0);
    EXPECT_GT(s["wall_s"].get<double>(), 0.0);
    // contact_solves_per_s is contacts x sweeps over the stepping time.
    const double solves = s["contacts_per_step"].get<double>() * 10.0 * 50.0;
    EXPECT_NEAR(s["contact_solves_per_s"].get<double>(), solves / s["wall_s"].get<double>(), kRateRelTol * solves);
    // Penetrations stay below a tenth of d (the paper's Table 2: 8-10 %).
    EXPECT_GE(s["max_penetration"].get<double>(), 0.0);
    EXPECT_LT(s["max_penetration"].get<double>(), 1e-3);
    EXPECT_NEAR(s["end_time"].get<double>(), 50 * 1e-4, kEndTimeTol);
    // Progress: at least the final line on stderr.
    EXPECT_NE(r.err.find("simulate: step 50/50 (100 %)"), std::string::npos) << r.err;
}

TEST_F(CliGranular, OutputHoldsFramesStepsAndAnalyses) {
    std::vector<std::string> args = kSmallBox;
    args.insert(args.end(), {"--frame-interval", "0.002", "--output", dir_, "--quiet"});
    const CliRun r = runCli(args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << "--quiet: " << r.err;
    // Frames at steps 0, 20, 40 and the last, 50.
    for (int k = 0; k < 4; ++k) {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%05d", k);
        const std::string vtp = readText(fs::path(dir_) / (std::string(name) + ".vtp"));
        EXPECT_NE(vtp.find("NumberOfPoints=\"125\""), std::string::npos) << name;
        EXPECT_NE(vtp.find("Name=\"velocity\""), std::string::npos) << name;
        EXPECT_EQ(countLines(fs::path(dir_) / (std::string(name) + ".csv")), 126) << name;   // header + 125
    }
    EXPECT_FALSE(fs::exists(fs::path(dir_) / "frame_00004.vtp"));
    const std::string pvd = readText(fs::path(dir_) / "frames.pvd");
    EXPECT_NE(pvd.find("timestep=\"0.002\""), std::string::npos) << pvd;
    EXPECT_NE(pvd.find("file=\"frame_00003.vtp\""), std::string::npos) << pvd;
    EXPECT_EQ(countLines(fs::path(dir_) / "steps.csv"), 51);   // header + 50 steps
    for (const char* f : {"velocity_field.csv", "angular_velocity_field.csv", "rdf.csv", "statistics.csv"})
        EXPECT_GT(countLines(fs::path(dir_) / f), 1) << f;
    // No partial file is left behind.
    for (const auto& e : fs::directory_iterator(dir_)) EXPECT_NE(e.path().extension(), ".partial") << e.path();
}

TEST_F(CliGranular, SceneFromStandardInput) {
    std::vector<std::string> args = {"simulate", "-", "--set", "particles=27", "--steps", "5", "--quiet"};
    const CliRun r = runCli(args, scenePath("settling-box.json"));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.json()["particles"], 27);
    // A spatial scene on standard input still takes the other simulate.
    const CliRun spatial = runCli({"simulate", "-"}, scenePath("superball.json"));
    ASSERT_EQ(spatial.exitCode, 0) << spatial.err;
    EXPECT_EQ(spatial.json()["format"], "impactlab.run/1");
}

// With mu = 0 both friction models solve every contact alike (the impulse
// is normal), so the runs agree to round-off.
TEST_F(CliGranular, ModelsAgreeWithoutFriction) {
    auto run = [&](const std::string& model) {
        std::vector<std::string> args = kSmallBox;
        args.insert(args.end(), {"--set", "friction=0", "--model", model, "--quiet"});
        const CliRun r = runCli(args);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return r.json();
    };
    const nlohmann::json md = run("max-dissipation"), coulomb = run("coulomb");
    EXPECT_EQ(md["friction_model"], "max-dissipation");
    EXPECT_EQ(coulomb["friction_model"], "coulomb");
    EXPECT_EQ(md["contacts_per_step"], coulomb["contacts_per_step"]);
    constexpr double kRoundOffTol = 1e-12;   // m/s
    EXPECT_NEAR(md["mean_speed"].get<double>(), coulomb["mean_speed"].get<double>(), kRoundOffTol);
}

TEST_F(CliGranular, ChannelAndHopperRun) {
    const CliRun channel =
        runCli({"simulate", scenePath("channel-flow.json"), "--set", "particles=500", "--steps", "20", "--quiet"});
    ASSERT_EQ(channel.exitCode, 0) << channel.err;
    EXPECT_EQ(channel.json()["setup"], "channel-flow");
    EXPECT_EQ(channel.json()["lost_particles"], 0);
    const CliRun hopper = runCli({"simulate", scenePath("hopper.json"), "--set", "particles=100", "--steps", "20",
                                  "--threads", "1", "--sweep", "jacobi", "--quiet"});
    ASSERT_EQ(hopper.exitCode, 0) << hopper.err;
    EXPECT_EQ(hopper.json()["sweep"], "jacobi");
    EXPECT_EQ(hopper.json()["threads"], 1);
    EXPECT_EQ(hopper.json()["particles"], 100);
}

TEST_F(CliGranular, EndTimeAndTimeLimit) {
    const CliRun r = runCli({"simulate", scenePath("settling-box.json"), "--set", "particles=8", "--end-time", "0.001",
                             "--quiet"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.json()["steps"], 10);
    // A budget far below the run's length stops it early, saying so.
    const CliRun limited = runCli({"simulate", scenePath("settling-box.json"), "--set", "particles=1000", "--steps",
                                   "100000", "--max-run-seconds", "0.2", "--quiet"});
    ASSERT_EQ(limited.exitCode, 0) << limited.err;
    EXPECT_EQ(limited.json()["end_reason"], "time limit");
    EXPECT_LT(limited.json()["steps"].get<int>(), 100000);
}

TEST_F(CliGranular, BadInputNamesTheFieldOnOneLine) {
    struct Case {
        std::vector<std::string> extra;
        std::string field;
    };
    const std::vector<Case> cases = {
        {{"--set", "particles=-5"}, "granular.particles"},
        {{"--set", "particles=2.5"}, "granular.particles"},
        {{"--set", "friction=-1"}, "granular.friction"},
        {{"--set", "friction=nan"}, "--set friction"},
        {{"--set", "friction_model=stick"}, "parameter friction_model"},
        {{"--set", "wobble=1"}, "--set wobble"},
        {{"--model", "stick"}, "granular.friction_model"},
        {{"--sweep", "red-black"}, "granular.sweep"},
        {{"--threads", "-1"}, "granular.threads"},
        {{"--threads", "two"}, "--threads"},
        {{"--end-time", "-1"}, "granular.end_time"},
        {{"--frame-interval", "0"}, "granular.frame_interval"},
        {{"--vtk-format", "xml"}, "--vtk-format"},
        {{"--decomposition", "cubes"}, "--decomposition"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args = {"simulate", scenePath("settling-box.json")};
        if (c.extra.front() != "--end-time") args.insert(args.end(), {"--steps", "1"});
        args.insert(args.end(), c.extra.begin(), c.extra.end());
        const CliRun r = runCli(args);
        EXPECT_EQ(r.exitCode, 1) << c.field << ": " << r.err;
        EXPECT_EQ(r.errLines(), 1) << r.err;
        EXPECT_TRUE(r.out.empty());
        EXPECT_EQ(r.err.rfind("impactlab-cli: " + c.field + ":", 0), 0u) << r.err;
    }
    const CliRun steps = runCli({"simulate", scenePath("settling-box.json"), "--steps", "abc"});
    EXPECT_EQ(steps.exitCode, 1);
    EXPECT_EQ(steps.err.rfind("impactlab-cli: --steps:", 0), 0u) << steps.err;
    // Usage errors exit 2.
    EXPECT_EQ(runCli({"simulate", scenePath("settling-box.json"), "--steps", "1", "--end-time", "1"}).exitCode, 2);
    EXPECT_EQ(runCli({"simulate", scenePath("settling-box.json"), "--law", "newton"}).exitCode, 2);
    EXPECT_EQ(runCli({"simulate", scenePath("settling-box.json"), "--max-run-seconds", "0"}).exitCode, 2);
}

// The MPI decomposition's option and summary fields are documented in
// simulate's help (they act under mpirun only: tests/mpi runs them).
TEST_F(CliGranular, HelpNamesTheDecomposition) {
    const CliRun help = runCli({"simulate", "--help"});
    EXPECT_EQ(help.exitCode, 0);
    for (const char* word : {"--decomposition", "grid", "slabs", "halo_bytes_per_step", "halo_messages_per_step"})
        EXPECT_NE(help.out.find(word), std::string::npos) << word;
}

TEST_F(CliGranular, UnwritableOutputIsAnIoError) {
    std::ofstream(dir_) << "a file where the directory should be";
    std::vector<std::string> args = kSmallBox;
    args.insert(args.end(), {"--output", dir_ + "/sub", "--quiet"});
    const CliRun r = runCli(args);
    EXPECT_EQ(r.exitCode, 3) << r.err;
    EXPECT_EQ(r.errLines(), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
}

}}  // namespace
}  // namespace impactlab::test
