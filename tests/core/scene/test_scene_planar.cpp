// Planar scenes ("kind": "planar"): the built-in planar scenes load with the
// 3D images the app draws, law options keyed by law id, and malformed planar
// documents give errors that name the field.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "scene/PlanarSceneReader.h"
#include "scene/Scene.h"
#include "support/SceneTestSupport.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

// Values the reader computes in one or two flops (L cos(theta0), 2/5 m r^2).
constexpr double kRoundOffTol = 1e-15;

// A built-in scene's document, naming only registered laws (its own law when
// registered, else `fallbackLaw`).
json planarDoc(const std::string& name, const std::string& fallbackLaw = "newton") {
    return test::withRegisteredLawsOnly(test::loadSceneDocument(name), fallbackLaw);
}

// The field readPlanarScene refuses `doc` for, or "no error".
std::string errorField(const json& doc) { return test::getFieldOf([&] { readPlanarScene(doc); }); }


TEST(ScenePlanar, BuiltInPlanarScenesLoadWithTheirLaws) {
    for (const char* name :
         {"bar.json", "kane-paradox.json", "pendulum-moving-surface.json", "ball-between-walls.json"}) {
        const json doc = test::loadSceneDocument(name);
        if (const std::string missing = test::findMissingLaw(doc); !missing.empty())
            FAIL() << name << " names law '" << missing << "', which is not registered";
        const PlanarScene s = readPlanarScene(doc);
        EXPECT_EQ(s.bodies.size(), s.planar.system.bodies.size()) << name;
        EXPECT_FALSE(s.planes.empty()) << name << ": the walls are drawn";
        EXPECT_FALSE(s.parameters.empty()) << name;
    }
}

TEST(ScenePlanar, BarSceneHasThePapersSetUp) {
    const PlanarScene s = readPlanarScene(planarDoc("bar.json"));
    EXPECT_EQ(s.planar.type, "bar");
    const PlanarBody& b = s.planar.system.bodies[0];
    EXPECT_DOUBLE_EQ(b.mass, 1.0);
    EXPECT_DOUBLE_EQ(b.geometry.length, 1.0);
    EXPECT_DOUBLE_EQ(b.inertia, 1.0 / 12.0) << "thin rod, sec. 3.1";
    EXPECT_EQ(s.planar.system.gravity, Vec2(0, -9.81));
    const PlanarPose p = s.planar.system.calcPose(s.planar.initial, 0);
    EXPECT_DOUBLE_EQ(p.position.y(), 1.2);
    EXPECT_DOUBLE_EQ(p.theta, kPi / 4);
    // The 3D image: planar (x, y) -> world (x, 0, y), a rod drawn as its box.
    EXPECT_EQ(s.gravity, Vec3(0, 0, -9.81));
    EXPECT_EQ(s.bodies[0].shape.type, Shape::Type::Rod);
    EXPECT_DOUBLE_EQ(s.bodies[0].shape.halfExtents.x(), 0.5);
    EXPECT_EQ(s.bodies[0].body.position, Vec3(0, 0, 1.2));
    ASSERT_EQ(s.planes.size(), 1u);
    EXPECT_EQ(s.planes[0].normal, Vec3::UnitZ());
    EXPECT_DOUBLE_EQ(s.groundHeight, 0.0);
    // Sliders reach into the planar system.
    const PlanarScene t = withParameter(s, "theta0", 0.3);
    EXPECT_DOUBLE_EQ(t.planar.initial.q(2), 0.3);
    const PlanarScene u = withParameter(s, "height", 2.0);
    EXPECT_DOUBLE_EQ(u.bodies[0].body.position.z(), 2.0);
}

TEST(ScenePlanar, PendulumAndBallScenesPlaceTheirWalls) {
    const PlanarScene p = readPlanarScene(planarDoc("pendulum-moving-surface.json", "poisson"));
    const PlanarBody& rod = p.planar.system.bodies[0];
    EXPECT_TRUE(rod.pinned);
    EXPECT_NEAR(rod.pivot.y(), std::cos(kPi / 6), kRoundOffTol) << "pivot L cos(theta0) above the surface";
    ASSERT_EQ(p.pivots.size(), 1u);
    EXPECT_NEAR(p.pivots[0].z(), std::cos(kPi / 6), kRoundOffTol);
    ASSERT_EQ(p.planes.size(), 1u);
    EXPECT_EQ(p.planes[0].velocity, Vec3(1.5, 0, 0)) << "the surface slides along +x";
    EXPECT_NEAR(p.planar.system.calcSwingAngle(p.planar.initial, 0), 0.752313894200564, kRoundOffTol);
    const PlanarScene q = withParameter(p, "surface_velocity", -1.0);
    EXPECT_EQ(q.planar.system.walls[0].velocity, Vec2(-1.0, 0.0));

    const PlanarScene b = readPlanarScene(planarDoc("ball-between-walls.json", "newton"));
    ASSERT_EQ(b.planes.size(), 2u);
    EXPECT_DOUBLE_EQ(b.planes[1].point.z(), 1.01);
    EXPECT_EQ(b.planes[1].normal, -Vec3::UnitZ());
    EXPECT_EQ(b.bodies[0].shape.type, Shape::Type::Sphere);
    EXPECT_NEAR(b.planar.system.bodies[0].inertia, 0.4 * 1.0 * 0.01, kRoundOffTol) << "J = 2/5 m r^2 (B2.9)";
}

TEST(ScenePlanar, LawOptionsAreKeyedByLawId) {
    json doc = planarDoc("bar.json");
    doc.erase("parameters");   // its sliders target the scene's own options
    doc["contact"]["options"] = {{"newton", {{"max_steps", 1000}}}, {"poisson", {{"max_steps", 2000}}}};
    doc["contact"]["law"] = "poisson";
    EXPECT_EQ(readPlanarScene(doc).contact.lawOptions, json({{"max_steps", 2000}}));
    doc["contact"]["law"] = "stronge";
    EXPECT_EQ(readPlanarScene(doc).contact.lawOptions, json::object()) << "a law without an entry gets {}";
    // The original flat form still means the options of contact.law.
    doc["contact"]["options"] = {{"max_steps", 5}};
    EXPECT_EQ(readPlanarScene(doc).contact.lawOptions, json({{"max_steps", 5}}));
    // A key that is no law is an error naming it.
    doc["contact"]["options"] = {{"magic", {{"x", 1}}}};
    EXPECT_EQ(errorField(doc), "contact.options.magic");
}

TEST(ScenePlanar, MalformedPlanarScenesNameTheField) {
    const json base = planarDoc("bar.json");
    auto expectField = [&](const std::function<void(json&)>& edit, const std::string& field) {
        json d = base;
        edit(d);
        EXPECT_EQ(errorField(d), field);
    };
    expectField([](json& d) { d["kind"] = "curved"; }, "kind");
    expectField([](json& d) { d["system"]["type"] = "trebuchet"; }, "system.type");
    expectField([](json& d) { d.erase("system"); }, "system");
    expectField([](json& d) { d["system"]["body"]["mass"] = -2; }, "system.body.mass");
    expectField([](json& d) { d["system"]["body"]["shape"]["length"] = 0; }, "system.body.shape.length");
    expectField([](json& d) { d["system"]["body"]["shape"]["lenght"] = 1; }, "system.body.shape.lenght");
    expectField([](json& d) { d["system"]["body"]["shape"]["type"] = "box"; }, "system.body.shape.type");
    expectField([](json& d) { d["system"]["body"]["position"] = {0, 1, 2}; }, "system.body.position");
    // The left end would start 0.15 m under the ground.
    expectField([](json& d) { d["system"]["body"]["position"][1] = 0.2; }, "system.body.position");
    expectField([](json& d) { d["system"]["body"]["inertia"] = 0; }, "system.body.inertia");
    expectField([](json& d) { d["system"]["body"]["color"] = {2, 0, 0}; }, "system.body.color");
    expectField([](json& d) { d["system"]["walls"][0]["normal"] = {0, 0}; }, "system.walls[0].normal");
    expectField([](json& d) { d["system"]["walls"][0]["velocity"] = {0, 1}; }, "system.walls[0].velocity");
    expectField([](json& d) { d["gravity"] = {0, 0, -9.81}; }, "gravity");
    expectField([](json& d) { d["bodies"] = json::array(); }, "bodies");
    expectField([](json& d) { d["parameters"][0]["target"] = "/system/body/nothing"; }, "parameters[0].target");
    std::size_t lawIndex = 0;
    while (base["parameters"][lawIndex]["id"] != "law") ++lawIndex;
    expectField([&](json& d) { d["parameters"][lawIndex]["choices"].push_back("magic"); },
                "parameters[" + std::to_string(lawIndex) + "].choices[" +
                    std::to_string(base["parameters"][lawIndex]["choices"].size()) + "]");

    const json pendulum = planarDoc("pendulum-moving-surface.json", "poisson");
    json d = pendulum;
    d["system"]["contact_angle"] = 2.0;
    EXPECT_EQ(errorField(d), "system.contact_angle");
    d = pendulum;
    d["system"]["body"]["theta"] = 0.3;   // below theta0 = pi/6: the tip would start in the surface
    EXPECT_EQ(errorField(d), "system.body.theta");
    d = pendulum;
    d["system"]["body"]["position"] = {0, 1};
    EXPECT_EQ(errorField(d), "system.body.position") << "a pinned body has no position";
    d = pendulum;
    d["system"]["surface_velocity"] = "fast";
    EXPECT_EQ(errorField(d), "system.surface_velocity");

    const json ball = planarDoc("ball-between-walls.json", "newton");
    d = ball;
    d["system"]["height"] = 0.15;
    EXPECT_EQ(errorField(d), "system.height");
    d = ball;
    d["system"]["body"]["position"][1] = 0.95;   // above h - r = 0.91
    EXPECT_EQ(errorField(d), "system.body.position");
    d = ball;
    d["system"]["body"]["shape"] = {{"type", "rod"}, {"length", 1.0}};
    EXPECT_EQ(errorField(d), "system.body.shape.type");

    d = base;
    d["system"] = {{"type", "two-bodies"}, {"bodies", {base["system"]["body"]}}};
    EXPECT_EQ(errorField(d), "system.bodies");
}

TEST(ScenePlanar, TheTipStartsOnTheSurfaceAtTheContactAngle) {
    // Releasing the pendulum exactly at theta0 is allowed (gap 0), just below is not.
    json d = planarDoc("pendulum-moving-surface.json", "poisson");
    d["system"]["body"]["theta"] = kPi / 6;
    EXPECT_EQ(errorField(d), "no error");
    d["system"]["body"]["theta"] = kPi / 6 - 1e-3;
    EXPECT_EQ(errorField(d), "system.body.theta");
}
}}  // namespace
