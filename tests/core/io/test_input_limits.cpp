// The readers enforce docs/input-limits.md: each limit is
// refused with InputError naming the field, and input just inside it is read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "impact/ImpactProblem.h"
#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"
#include "mechanics/RigidBody.h"
#include "scene/ImpactScene.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"
#include "support/RefusalSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

json loadSceneDocument(const std::string& name) {
    std::ifstream in(std::string(IMPACTLAB_SCENES_DIR) + "/" + name);
    std::stringstream ss;
    ss << in.rdbuf();
    return parseJsonText(ss.str(), name);
}

TEST(InputLimits, JsonDocumentLimitsNameTheField) {
    EXPECT_EQ(test::getFieldOf([] { parseJsonText(R"({"a": 1, "b": {"c": 2, "c": 3}})", "doc"); }), "b.c");
    EXPECT_EQ(test::getFieldOf([] { parseJsonText(R"({"a": [1, 2, 1e999]})", "doc"); }), "a[2]");
    EXPECT_NE(test::getFieldOf([] { parseJsonText(std::string(100000, '[') + std::string(100000, ']'), "doc"); }),
              "no error");
    const std::string tooLong(limits::kMaxStringLength + 1, 'n');
    EXPECT_EQ(test::getFieldOf([&] { parseJsonText(R"({"name": ")" + tooLong + "\"}", "doc"); }), "name");
    EXPECT_EQ(test::getFieldOf([&] { parseJsonText(std::string(limits::kMaxInputBytes + 1, ' '), "doc"); }), "doc");
    EXPECT_EQ(test::getFieldOf([] { parseJsonText("{\"a\": ", "doc"); }), "doc");
    // Just inside: depth and string length at the limit are read.
    const int depth = limits::kMaxJsonDepth;
    EXPECT_NO_THROW(parseJsonText(std::string(depth, '[') + std::string(depth, ']'), "doc"));
    EXPECT_NO_THROW(parseJsonText("{\"name\": \"" + std::string(limits::kMaxStringLength, 'n') + "\"}", "doc"));
}

TEST(InputLimits, DepthErrorNamesTheNestedField) {
    try {
        parseJsonText("{\"a\": " + std::string(1000, '[') + std::string(1000, ']') + "}", "doc");
        FAIL() << "nesting of 1000 levels was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field().rfind("a[0]", 0), 0u) << e.field();
        EXPECT_NE(std::string(e.what()).find("nested deeper"), std::string::npos) << e.what();
    }
}

TEST(InputLimits, NumbersBeyondTheMagnitudeLimitAreRefused) {
    EXPECT_EQ(test::getFieldOf([] { readNumber(json(2e12), "x"); }), "x");
    EXPECT_EQ(test::getFieldOf([] { readNumber(json(-2e12), "x"); }), "x");
    EXPECT_DOUBLE_EQ(readNumber(json(limits::kMaxMagnitude), "x"), limits::kMaxMagnitude);
    EXPECT_DOUBLE_EQ(readNumber(json(1e-300), "x"), 1e-300);
    EXPECT_EQ(test::getFieldOf([] { readInteger(json(2.5), "n", 0, 10); }), "n");
    EXPECT_EQ(test::getFieldOf([] { readInteger(json(11), "n", 0, 10); }), "n");
    EXPECT_EQ(readInteger(json(10), "n", 0, 10), 10);
}

TEST(InputLimits, ProblemLimitsOnFrictionConditioningAndEnergy) {
    const Mat3 W = Vec3(3.5, 3.5, 1.0).asDiagonal();
    const Vec3 v(1, 0, -1);
    EXPECT_EQ(test::getFieldOf([&] { ImpactProblem::makeContactLevel(W, v, limits::kMaxFriction * 1.01, 0.5); }), "friction");
    EXPECT_NO_THROW(ImpactProblem::makeContactLevel(W, v, limits::kMaxFriction, 0.5));
    Mat3 nearlySingular = W;
    nearlySingular(2, 2) = 1e-308;
    EXPECT_EQ(test::getFieldOf([&] { ImpactProblem::makeContactLevel(nearlySingular, v, 0.3, 0.5); }), "W");
    nearlySingular(2, 2) = 3.5 / (2.0 * limits::kMaxConditionNumber);
    EXPECT_EQ(test::getFieldOf([&] { ImpactProblem::makeContactLevel(nearlySingular, v, 0.3, 0.5); }), "W");
    nearlySingular(2, 2) = 3.5 / (0.5 * limits::kMaxConditionNumber);
    EXPECT_NO_THROW(ImpactProblem::makeContactLevel(nearlySingular, v, 0.3, 0.5));
}

TEST(InputLimits, BodyInertiaConditioning) {
    RigidBody b;
    b.mass = 1.0;
    b.principalInertia = Vec3(1.0, 1.0, 1.0 / (2.0 * limits::kMaxConditionNumber));
    EXPECT_EQ(test::getFieldOf([&] { b.validate("bodies[0]"); }), "bodies[0].inertia");
}

TEST(InputLimits, SceneRunBoundsAndTypes) {
    json s = loadSceneDocument("superball.json");
    s["end_time"] = limits::kMaxEndTime * 2;
    EXPECT_EQ(test::getFieldOf([&] { readSimulatedScene(s); }), "end_time");
    s = loadSceneDocument("superball.json");
    s["sample_interval"] = s["end_time"].get<double>() / (2.0 * limits::kMaxSamplesPerRun);
    EXPECT_EQ(test::getFieldOf([&] { readSimulatedScene(s); }), "sample_interval");
    s = loadSceneDocument("superball.json");
    s["bodies"][0]["name"] = 5;
    EXPECT_EQ(test::getFieldOf([&] { readSimulatedScene(s); }), "bodies[0].name");
    s = loadSceneDocument("vehicles.json");
    s["vehicles"][0]["name"] = json::object();
    EXPECT_EQ(test::getFieldOf([&] { readSimulatedScene(s); }), "vehicles[0].name");
    s = loadSceneDocument("brick-drop.json");
    s["parameters"][0]["help"] = false;
    EXPECT_EQ(test::getFieldOf([&] { readSimulatedScene(s); }), "parameters[0].help");
    s = loadSceneDocument("brick-drop.json");
    s["contact"]["friction"] = 2.0 * limits::kMaxFriction;
    EXPECT_EQ(test::getFieldOf([&] { readSimulatedScene(s); }), "contact.friction");
    json pin = loadSceneDocument("impact-bowling-pin-ball.json");
    pin["bodies"][1]["mesh"]["segments"] = 100000000;
    EXPECT_EQ(test::getFieldOf([&] { parseImpactScene(pin); }), "bodies[1].mesh.segments");
}

TEST(InputLimits, RunStopsAtItsComputingBudgetWithAWarning) {
    // A zero budget stops the run at its first check: the end reason and a
    // warning say so, and the samples so far are kept.
    const SpatialScene scene = readSpatialScene(loadSceneDocument("superball.json"));
    SimulationOptions options;
    options.maxRunSeconds = 0.0;
    const SimulationRun run = simulate(scene, options);
    EXPECT_EQ(run.endReason, "time limit");
    ASSERT_FALSE(run.warnings.empty());
    EXPECT_NE(run.warnings.back().find("time limit"), std::string::npos);
    EXPECT_FALSE(run.samples.empty());
    EXPECT_LT(run.endTime, scene.endTime);
}

TEST(InputLimits, VehicleRunEndsAtTheEndTime) {
    json s = loadSceneDocument("vehicles.json");
    s["end_time"] = 2.0;
    const SimulationRun run = simulate(readSimulatedScene(s));
    EXPECT_LE(run.endTime, 2.0 + 1e-12);
    EXPECT_LE(run.samples.back().time, 2.0 + 1e-12);
    EXPECT_EQ(run.endReason, "end time");
    EXPECT_EQ(run.impacts.size(), 1u);
}

// A file over the size limit is refused from its size. The
// sparse file is far larger than memory: reading it first could not pass.
TEST(InputLimits, OversizedFileIsRefusedFromItsSize) {
    constexpr std::uintmax_t kSparseBytes = 64ull * 1024 * 1024 * 1024;
    const std::string path =
        (std::filesystem::temp_directory_path() / ("impactlab-oversized-" + std::to_string(::getpid()) + ".json")).string();
    { std::ofstream(path) << "{}"; }
    std::filesystem::resize_file(path, kSparseBytes);
    try {
        readJsonFile(path);
        ADD_FAILURE() << "accepted a file of " << kSparseBytes << " bytes";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), path);
        EXPECT_NE(std::string(e.what()).find(std::to_string(kSparseBytes) + " bytes, more than the limit"),
                  std::string::npos)
            << e.what();
    }
    std::filesystem::remove(path);
    // A stream is cut at the limit, not read to its end.
    std::istringstream endless(std::string(limits::kMaxInputBytes + 1, ' '));
    std::string text;
    EXPECT_EQ(test::getFieldOf([&] { readStreamWithinLimit(endless, "stdin", text); }), "stdin");
}

}}  // namespace
}  // namespace impactlab
