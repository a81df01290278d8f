// Scene model: the built-in scenes load, parameters edit the document, and
// malformed scenes give errors that name the field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <type_traits>
#include <variant>

#include "scene/GranularScene.h"
#include "scene/PlanarSceneReader.h"
#include "scene/Scene.h"
#include "scene/SceneDocument.h"
#include "scene/VehicleSceneReader.h"
#include "support/SceneTestSupport.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

// Kg m^2: J = 2/5 m r^2 of a small ball, round-off of O(1e-4) numbers.
constexpr double kInertiaTol = 1e-15;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

json superballDoc() {
    std::ifstream in(scenePath("superball.json"));
    return json::parse(in);
}

// The field readSpatialScene refuses `doc` for, or "no error".
std::string errorField(const json& doc) { return test::getFieldOf([&] { readSpatialScene(doc); }); }

TEST(Scene, BuiltInScenesLoad) {
    int count = 0;
    std::vector<std::string> waiting;
    for (const auto& entry : std::filesystem::directory_iterator(IMPACTLAB_SCENES_DIR)) {
        if (entry.path().extension() != ".json") continue;
        std::ifstream in(entry.path());
        const json doc = json::parse(in);
        // Impact, PLUS and granular scenes have readers of their own (SceneDocument.h).
        const SceneKind kind = getSceneKind(doc);
        if (kind != SceneKind::Spatial && kind != SceneKind::Planar && kind != SceneKind::Vehicles)
            continue;
        // Every law a built-in scene names must be registered.
        if (const std::string missing = test::findMissingLaw(doc); !missing.empty()) {
            waiting.push_back(entry.path().filename().string() + " (" + missing + ")");
            continue;
        }
        ++count;
        const SimulatedScene scene = loadSimulatedScene(entry.path().string());
        const Scene& s = getScene(scene);
        EXPECT_FALSE(s.bodies.empty()) << entry.path();
        EXPECT_FALSE(s.parameters.empty()) << entry.path() << ": every built-in scene has sliders";
    }
    EXPECT_GE(count, 2);
    if (!waiting.empty()) {
        std::string list;
        for (const auto& w : waiting) list += " " + w;
        ADD_FAILURE() << "scenes naming unregistered laws:" << list;
    }
}

TEST(Scene, SuperballParametersReadTheirTargets) {
    const SpatialScene s = readSpatialScene(superballDoc());
    ASSERT_EQ(s.bodies.size(), 1u);
    EXPECT_EQ(s.bodies[0].shape.type, Shape::Type::Sphere);
    const SceneParameter* h = s.findParameter("height");
    ASSERT_NE(h, nullptr);
    EXPECT_DOUBLE_EQ(h->value, s.bodies[0].body.position.z());
    const SceneParameter* law = s.findParameter("law");
    ASSERT_NE(law, nullptr);
    EXPECT_EQ(law->kind, SceneParameter::Kind::Choice);
    EXPECT_EQ(law->choice, s.contact.law);
    // Uniform solid sphere: J = 2/5 m r^2.
    EXPECT_NEAR(s.bodies[0].body.principalInertia.x(), 0.4 * 0.1 * 0.08 * 0.08, kInertiaTol);
}

TEST(Scene, ParametersEditTheSceneAndClampToTheirRange) {
    const SpatialScene s = readSpatialScene(superballDoc());
    const SpatialScene t = withParameter(s, "height", 2.5);
    EXPECT_DOUBLE_EQ(t.bodies[0].body.position.z(), 2.5);
    EXPECT_DOUBLE_EQ(t.findParameter("height")->value, 2.5);
    const SpatialScene u = withParameter(s, "friction", 99.0);
    EXPECT_DOUBLE_EQ(u.contact.friction, s.findParameter("friction")->max);
    const SpatialScene v = withChoice(s, "law", "newton");
    EXPECT_EQ(v.contact.law, "newton");
    EXPECT_THROW(withChoice(s, "law", "nonsense"), InputError);
    EXPECT_THROW(withParameter(s, "no-such", 1.0), InputError);
    EXPECT_THROW(withParameter(s, "height", NAN), InputError);
}

// Each simulated kind has a type of its own, which its reader returns and
// readSimulatedScene holds; the kind is a constant of the type.
TEST(Scene, EachReaderReturnsItsKindsType) {
    static_assert(std::is_same_v<decltype(readSpatialScene(json())), SpatialScene>);
    static_assert(std::is_same_v<decltype(readPlanarScene(json())), PlanarScene>);
    static_assert(std::is_same_v<decltype(readVehicleScene(json())), VehicleScene>);
    const json planar = test::withRegisteredLawsOnly(test::loadSceneDocument("bar.json"), "newton");
    const json vehicles = test::loadSceneDocument("vehicles.json");
    EXPECT_TRUE(std::holds_alternative<SpatialScene>(readSimulatedScene(superballDoc())));
    EXPECT_TRUE(std::holds_alternative<PlanarScene>(readSimulatedScene(planar)));
    EXPECT_TRUE(std::holds_alternative<VehicleScene>(readSimulatedScene(vehicles)));
    EXPECT_EQ(getSceneKind(readSimulatedScene(planar)), SceneKind::Planar);
    EXPECT_EQ(getSceneKind(readSimulatedScene(vehicles)), SceneKind::Vehicles);
    // The shared part is the same whichever way the scene is read.
    const PlanarScene bar = readPlanarScene(planar);
    const SimulatedScene any = readSimulatedScene(planar);
    EXPECT_EQ(getScene(any).name, bar.name);
    EXPECT_EQ(getScene(any).bodies.size(), bar.bodies.size());
    EXPECT_EQ(bar.bodies.size(), bar.planar.system.bodies.size());
    // A parameter edit keeps the kind.
    const SimulatedScene edited = withParameter(any, "theta0", 0.3);
    ASSERT_TRUE(std::holds_alternative<PlanarScene>(edited));
}

// A reader given a document of another kind refuses it by "kind", naming
// both kinds; readSimulatedScene refuses the kinds with readers of their own.
TEST(Scene, ReadersRefuseOtherKindsByKind) {
    const json planar = test::withRegisteredLawsOnly(test::loadSceneDocument("bar.json"), "newton");
    const json vehicles = test::loadSceneDocument("vehicles.json");
    EXPECT_EQ(test::getRefusalOf([&] { readSpatialScene(planar); }),
              "kind: must be \"spatial\" for this reader, got \"planar\"");
    EXPECT_EQ(test::getRefusalOf([&] { readPlanarScene(vehicles); }),
              "kind: must be \"planar\" for this reader, got \"vehicles\"");
    EXPECT_EQ(test::getRefusalOf([&] { readVehicleScene(superballDoc()); }),
              "kind: must be \"vehicles\" for this reader, got \"spatial\"");
    const json impact = test::loadSceneDocument("impact-ball-on-ball.json");
    EXPECT_EQ(test::getRefusalOf([&] { readSimulatedScene(impact); }),
              "kind: must be \"spatial\", \"planar\" or \"vehicles\" for a simulation, got \"impact\" (a scene "
              "of its own kind)");
}

TEST(Scene, MalformedScenesNameTheField) {
    json d = superballDoc();
    d["bodies"][0]["mass"] = -2;
    EXPECT_EQ(errorField(d), "bodies[0].mass");
    d = superballDoc();
    d["contact"]["friction"] = -0.1;
    EXPECT_EQ(errorField(d), "contact.friction");
    d = superballDoc();
    d["contact"]["restitution"] = 1.2;
    EXPECT_EQ(errorField(d), "contact.restitution");
    d = superballDoc();
    d["contact"]["law"] = "magic";
    EXPECT_EQ(errorField(d), "contact.law");
    d = superballDoc();
    d["format"] = "something/2";
    EXPECT_EQ(errorField(d), "format");
    d = superballDoc();
    d["bodies"][0]["shape"]["radius"] = 0;
    EXPECT_EQ(errorField(d), "bodies[0].shape.radius");
    d = superballDoc();
    d["bodies"][0]["velocity"] = {1, 2};
    EXPECT_EQ(errorField(d), "bodies[0].velocity");
    d = superballDoc();
    d["bodies"][0]["inertia"] = {1, 1, 0};
    EXPECT_EQ(errorField(d), "bodies[0].inertia");
    d = superballDoc();
    d["bodies"][0]["position"][2] = std::numeric_limits<double>::infinity();   // as 1e999 in a file parses
    EXPECT_EQ(errorField(d), "bodies[0].position[2]");
    d = superballDoc();
    d["parameters"][0]["target"] = "/bodies/7/position/2";
    EXPECT_EQ(errorField(d), "parameters[0].target");
    d = superballDoc();
    d.erase("bodies");
    EXPECT_EQ(errorField(d), "bodies");
}

TEST(Scene, UnreadableFilesNameThePath) {
    const std::string missing = "/nonexistent/scene.json";
    try {
        loadSimulatedScene(missing);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), missing);
    }
    const auto tmp = std::filesystem::temp_directory_path() / ("impactlab_bad_scene-" + std::to_string(::getpid()) + ".json");
    std::ofstream(tmp) << "{ \"format\": ";
    try {
        loadSimulatedScene(tmp.string());
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("invalid JSON"), std::string::npos) << e.what();
        EXPECT_EQ(e.field(), tmp.string());
    }
    std::filesystem::remove(tmp);
}
}}  // namespace
