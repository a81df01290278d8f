// The input limits of docs/input-limits.md at the CLI: the
// classes of input a mutation fuzzer found to overflow, allocate without bound
// or leak library errors are each refused with exit 1 and one line that names
// the field, and nothing on stdout. A valid problem at the edge of the limits
// is solved with finite numbers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "CliTestSupport.h"
#include "mechanics/InputLimits.h"

namespace impactlab::test {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

void expectRefused(const CliRun& run, const std::string& field) {
    EXPECT_EQ(run.exitCode, 1) << run.err << run.out;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.errLines(), 1) << run.err;
    EXPECT_NE(run.err.find(field + ": "), std::string::npos) << "expected '" << field << ": ' in: " << run.err;
    EXPECT_EQ(run.err.find("json.exception"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("bug"), std::string::npos) << run.err;
}

// A document with one value replaced by raw JSON text (so 1e999 can be written).
std::string withRawValue(const json& doc, const std::string& pointer, const std::string& raw) {
    json d = doc;
    d[json::json_pointer(pointer)] = "@@raw@@";
    std::string text = d.dump();
    const std::string marker = "\"@@raw@@\"";
    text.replace(text.find(marker), marker.size(), raw);
    return text;
}

class TempText {
public:
    explicit TempText(const std::string& text) : path_(makeTempPath(".json")) { std::ofstream(path_) << text; }
    ~TempText() { std::remove(path_.c_str()); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

CliRun solveText(const std::string& text) {
    const TempText f(text);
    return runCli({"solve", f.path()});
}

CliRun simulateText(const std::string& text) {
    const TempText f(text);
    return runCli({"simulate", f.path()});
}

json loadScene(const std::string& name) {
    std::ifstream in(std::string(IMPACTLAB_SCENES_DIR) + "/" + name);
    return json::parse(in);
}

struct Case {
    const char* problem;
    const char* pointer;
    const char* raw;
    const char* field;
};

TEST(CliLimits, HugeOrTinyNumbersAreRefusedNamingTheField) {
    const std::vector<Case> cases = {
        {"ball-on-half-space.json", "/contact_level/v_minus/2", "-1e200", "contact_level.v_minus[2]"},
        {"ball-on-half-space.json", "/contact_level/v_minus/0", "1e154", "contact_level.v_minus[0]"},
        {"ball-on-half-space.json", "/friction", "1e308", "friction"},
        {"ball-on-half-space.json", "/friction", "1e300", "friction"},
        {"ball-on-half-space.json", "/friction", "1001", "friction"},
        {"ball-on-half-space.json", "/contact_level/W/2/2", "1e-308", "contact_level.W"},
        {"ball-on-half-space.json", "/contact_level/W/0/0", "1e13", "contact_level.W[0][0]"},
        {"ball-on-half-space.json", "/contact_level/v_minus/1", "1e999", "contact_level.v_minus[1]"},
        {"two-free-bodies.json", "/bodies/0/angular_velocity/0", "1e300", "bodies[0].angular_velocity[0]"},
        {"two-free-bodies.json", "/bodies/1/velocity/2", "-1e200", "bodies[1].velocity[2]"},
        {"two-free-bodies.json", "/bodies/0/mass", "1e-300", "bodies[0].inertia"},
        {"planar-bar-laws.json", "/friction", "1e300", "friction"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.problem) + " " + c.pointer + " = " + c.raw);
        expectRefused(solveText(withRawValue(loadProblem(c.problem), c.pointer, c.raw)), c.field);
    }
}

TEST(CliLimits, DocumentLimitsAreRefusedNamingTheField) {
    const json problem = loadProblem("ball-on-half-space.json");
    // Duplicate key: JSON allows it, ImpactLab refuses it.
    std::string dup = problem.dump();
    dup.insert(1, "\"friction\": 0.1, ");
    expectRefused(solveText(dup), "friction");
    // Nesting beyond the limit, in a field.
    const int depth = limits::kMaxJsonDepth + 10;
    const CliRun deep = solveText(withRawValue(problem, "/name", std::string(depth, '[') + std::string(depth, ']')));
    expectRefused(deep, "...");
    EXPECT_EQ(deep.err.find("impactlab-cli: name[0][0]"), 0u) << deep.err;
    // A string beyond the limit.
    json longName = problem;
    longName["name"] = std::string(limits::kMaxStringLength + 1, 'x');
    expectRefused(solveText(longName.dump()), "name");
    // A file beyond the size limit.
    json big = problem;
    big["description"] = std::string(limits::kMaxStringLength, 'y');
    std::string text = big.dump();
    text.insert(text.size() - 1, std::string(limits::kMaxInputBytes, ' '));
    const CliRun run = solveText(text);
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("bytes"), std::string::npos) << run.err;
}

TEST(CliLimits, ValidProblemAtTheLimitsIsSolvedWithFiniteNumbers) {
    json p = loadProblem("ball-on-half-space.json");
    p.erase("model");
    p["models"] = json::array({"newton", "poisson", "stronge", "jia-wang", "max-dissipation"});
    p["friction"] = limits::kMaxFriction;
    p["contact_level"]["v_minus"] = json::array({0.5 * limits::kMaxMagnitude, 0.0, -0.5 * limits::kMaxMagnitude});
    const TempProblem f(p);
    const CliRun run = runCli({"solve", f.path()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out.find("nan"), std::string::npos);
    EXPECT_EQ(run.out.find("inf"), std::string::npos);
    const json r = run.json();
    ASSERT_TRUE(r.contains("results"));
    for (const json& result : r["results"]) {
        SCOPED_TRACE(result.dump());
        EXPECT_GT(result["impulse"][2].get<double>(), 0.0);
    }
}

TEST(CliLimits, SceneRunsAreBoundedOrRefused) {
    const json superball = loadScene("superball.json");
    expectRefused(simulateText(withRawValue(superball, "/end_time", "1e308")), "end_time");
    expectRefused(simulateText(withRawValue(superball, "/end_time", "1e6")), "end_time");
    expectRefused(simulateText(withRawValue(superball, "/sample_interval", "1e-300")), "sample_interval");
    expectRefused(simulateText(withRawValue(superball, "/gravity/2", "-1e300")), "gravity[2]");
    expectRefused(simulateText(withRawValue(superball, "/name", "5")), "name");
    expectRefused(simulateText(withRawValue(superball, "/bodies/0/name", "[1]")), "bodies[0].name");
    const json vehicles = loadScene("vehicles.json");
    expectRefused(simulateText(withRawValue(vehicles, "/sample_interval", "1e-7")), "sample_interval");
    expectRefused(simulateText(withRawValue(vehicles, "/vehicles/0/name", "{}")), "vehicles[0].name");
    const json brick = loadScene("brick-drop.json");
    for (const char* key : {"label", "unit", "help"})
        expectRefused(simulateText(withRawValue(brick, std::string("/parameters/0/") + key, "3")),
                      std::string("parameters[0].") + key);
}

TEST(CliLimits, VehicleRunStopsAtTheEndTime) {
    json vehicles = loadScene("vehicles.json");
    vehicles["end_time"] = 2.0;
    const TempText f(vehicles.dump());
    const CliRun run = runCli({"simulate", f.path()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json summary = run.json();
    EXPECT_LE(summary["end_time"].get<double>(), 2.0 + 1e-12);
    EXPECT_EQ(summary["end_reason"], "end time");
}

// Input over the size limit is refused from its size, before
// it is read. A sparse file of many gigabytes costs no disk; read in full it
// would exhaust memory (or take minutes), so only a refusal from the size
// passes. An endless standard input (/dev/zero) is refused once it passes the
// limit instead of being read forever.
TEST(CliLimits, OversizedInputIsRefusedBeforeItIsRead) {
    constexpr std::uintmax_t kSparseBytes = 64ull * 1024 * 1024 * 1024;   // 64 GiB, far beyond any memory here
    const std::string path = makeTempPath(".json");
    { std::ofstream(path) << "{}"; }
    std::filesystem::resize_file(path, kSparseBytes);
    for (const char* command : {"solve", "simulate"}) {
        SCOPED_TRACE(command);
        const CliRun run = runCli({command, path});
        EXPECT_EQ(run.exitCode, 1) << run.err;
        EXPECT_NE(run.err.find(path + ": is " + std::to_string(kSparseBytes) + " bytes, more than the limit of " +
                               std::to_string(limits::kMaxInputBytes) + " bytes"),
                  std::string::npos)
            << run.err;
    }
    std::filesystem::remove(path);

    const CliRun endless = runCli({"simulate", "-"}, "/dev/zero");
    EXPECT_EQ(endless.exitCode, 1) << endless.err;
    EXPECT_NE(endless.err.find("stdin: is more than the limit of " + std::to_string(limits::kMaxInputBytes)),
              std::string::npos)
        << endless.err;
}

}}  // namespace
}  // namespace impactlab::test
