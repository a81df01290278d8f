// Adding and removing the bodies of a spatial scene: the
// documents read back, the added body is clear of every other, parameters
// follow the bodies they move, and an add undone by a remove is the original.
#include <gtest/gtest.h>

#include "scene/Scene.h"
#include "scene/SceneBodies.h"
#include "sim/Simulation.h"
#include "support/SceneTestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;
using test::getFieldOf;
using test::loadSceneDocument;

double boundingRadius(const SceneBody& b) {
    return b.shape.type == Shape::Type::Sphere ? b.shape.radius : b.shape.halfExtents.norm();
}

TEST(SceneBodies, OnlySpatialScenesEditTheirBodies) {
    EXPECT_TRUE(canEditSceneBodies(loadSceneDocument("ball-row.json")));
    EXPECT_TRUE(canEditSceneBodies(loadSceneDocument("brick-drop.json")));
    for (const char* name : {"bar.json", "vehicles.json", "impact-ball-on-ball.json", "plus-newtons-cradle.json",
                             "settling-box.json", "newtons-cradle-swinging.json", "triple-pendulum-fall.json"}) {
        const json doc = loadSceneDocument(name);
        EXPECT_FALSE(canEditSceneBodies(doc)) << name;
        EXPECT_EQ(getFieldOf([&] { addSceneBody(doc); }), "bodies") << name;
        EXPECT_EQ(getFieldOf([&] { removeSceneBody(doc, 0); }), "bodies") << name;
    }
}

// Spheres and a box: the new body's bounding sphere keeps the clearance from
// every other body's, and the scene still simulates.
TEST(SceneBodies, AddedBodyIsClearOfTheOthers) {
    for (const char* name : {"ball-row.json", "brick-drop.json", "superball.json"}) {
        const json doc = loadSceneDocument(name);
        const json added = addSceneBody(doc);
        ASSERT_EQ(added["bodies"].size(), doc["bodies"].size() + 1) << name;
        const SpatialScene scene = readSpatialScene(added);
        const SceneBody& fresh = scene.bodies.back();
        const SceneBody& model = scene.bodies[scene.bodies.size() - 2];
        EXPECT_EQ(fresh.name, model.name + " copy");
        EXPECT_DOUBLE_EQ(fresh.body.mass, model.body.mass);
        constexpr double kPlacementTol = 1e-12;   // m
        for (std::size_t i = 0; i + 1 < scene.bodies.size(); ++i) {
            const SceneBody& other = scene.bodies[i];
            const double gap = (fresh.body.position - other.body.position).norm() - boundingRadius(fresh) - boundingRadius(other);
            EXPECT_GE(gap, kAddedBodyClearance - kPlacementTol) << name << " body " << i;
        }
        json shortRun = added;
        shortRun["end_time"] = 0.05;
        const SimulationRun run = simulate(readSpatialScene(shortRun));
        EXPECT_FALSE(run.samples.empty()) << name;
    }
}

TEST(SceneBodies, RemovingABodyTakesItsParametersAndRenumbersTheRest) {
    json doc = loadSceneDocument("ball-row.json");
    // A parameter on the last ball, to see it renumbered.
    doc["parameters"].push_back({{"id", "last_mass"}, {"label", "Last ball mass"}, {"target", "/bodies/4/mass"},
                                 {"min", 0.1}, {"max", 1.0}});
    const json out = removeSceneBody(doc, 0);   // the striker
    ASSERT_EQ(out["bodies"].size(), 4u);
    EXPECT_EQ(out["bodies"][0]["name"], "ball 1");
    bool sawSpeed = false, sawLast = false;
    for (const json& p : out["parameters"]) {
        if (p["id"] == "speed") sawSpeed = true;   // moved the striker: gone
        if (p["id"] == "last_mass") {
            sawLast = true;
            EXPECT_EQ(p["target"], "/bodies/3/mass");
        }
    }
    EXPECT_FALSE(sawSpeed);
    EXPECT_TRUE(sawLast);
    EXPECT_EQ(out["parameters"].size(), doc["parameters"].size() - 1);
    EXPECT_NO_THROW(readSpatialScene(out));
}

TEST(SceneBodies, RemovingTheAddedBodyGivesTheOriginalBack) {
    const json doc = loadSceneDocument("ball-row.json");
    const json added = addSceneBody(doc);
    EXPECT_EQ(removeSceneBody(added, static_cast<int>(added["bodies"].size()) - 1), doc);
}

TEST(SceneBodies, BadRemovalsNameTheBody) {
    const json doc = loadSceneDocument("ball-row.json");
    EXPECT_EQ(getFieldOf([&] { removeSceneBody(doc, 5); }), "bodies[5]");
    EXPECT_EQ(getFieldOf([&] { removeSceneBody(doc, -1); }), "bodies[-1]");
    json single = doc;
    single["bodies"] = json::array({doc["bodies"][0]});
    single["parameters"] = json::array();
    EXPECT_EQ(getFieldOf([&] { removeSceneBody(single, 0); }), "bodies[0]");
}

TEST(SceneBodies, NamesOfTheBodies) {
    json doc = loadSceneDocument("ball-row.json");
    doc["bodies"][1].erase("name");
    const std::vector<std::string> names = listSceneBodyNames(doc);
    ASSERT_EQ(names.size(), 5u);
    EXPECT_EQ(names[0], "striker");
    EXPECT_EQ(names[1], "body 1");
}

}}  // namespace
}  // namespace impactlab
