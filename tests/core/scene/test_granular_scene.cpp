// Granular scenes (scene/GranularScene.h,
// sim/granular/GranularSetups.h): the built-in scenes parse and build the
// worlds they describe, the paper's channel numbers come out where the scene
// keeps them, and bad input is an InputError naming the field.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "scene/GranularScene.h"
#include "sim/granular/GranularSetups.h"
#include "sim/granular/SettlingBox.h"
#include "support/SceneTestSupport.h"

namespace impactlab::granular {
namespace { namespace IMPACTLAB_UNITY_ID {

// s: a product of the step count and the time step, round-off only.
constexpr double kTimeTol = 1e-12;
// 1/s: the paper's "roughly 1.4e6" has two significant digits.
constexpr double kPaperRateTol = 0.05e6;
// m: the same closed form of a sub-millimetre diameter, round-off only.
constexpr double kDiameterTol = 1e-15;
// m/s: the inflow speed is copied, not computed.
constexpr double kExactSpeedTol = 0.0;
// s: 20 * 1e-4 in double, one rounding.
constexpr double kTwentyStepsTol = 1e-15;

using nlohmann::json;
using test::getFieldOf;
using test::loadSceneDocument;

std::string getFieldOfEdit(const std::string& scene, const std::function<void(json&)>& edit) {
    json doc = loadSceneDocument(scene);
    edit(doc);
    return getFieldOf([&] { makeGranularWorld(parseGranularScene(doc)); });
}

// The smallest distance between two sphere surfaces (negative: overlap).
double calcSmallestGap(const GranularWorld& w) {
    double gap = 1e300;
    for (std::size_t i = 0; i < w.spheres.size(); ++i)
        for (std::size_t j = i + 1; j < w.spheres.size(); ++j)
            gap = std::min(gap, (w.spheres[i].position - w.spheres[j].position).norm() - w.spheres[i].radius -
                                    w.spheres[j].radius);
    return gap;
}

TEST(GranularScene, BuiltInScenesParseAndBuild) {
    for (const char* file : {"settling-box.json", "channel-flow.json", "hopper.json"}) {
        const json doc = loadSceneDocument(file);
        ASSERT_TRUE(isGranularSceneDocument(doc)) << file;
        const GranularScene s = parseGranularScene(doc);
        EXPECT_FALSE(s.parameters.empty()) << file << ": every built-in scene has sliders";
        EXPECT_NE(s.findParameter("particles"), nullptr) << file;
        EXPECT_NE(s.findParameter("friction_model"), nullptr) << file;
        const GranularWorld w = makeGranularWorld(s);
        EXPECT_GT(w.spheres.size(), 0u) << file;
        std::set<std::int64_t> ids;
        for (const Sphere& sp : w.spheres) ids.insert(sp.id);
        EXPECT_EQ(ids.size(), w.spheres.size()) << file << ": ids are unique";
        EXPECT_GT(s.steps, 0);
        EXPECT_NEAR(s.endTime, s.steps * s.solver.timeStep, kTimeTol) << file;
    }
    EXPECT_FALSE(isGranularSceneDocument(loadSceneDocument("superball.json")));
}

// The scene is the benchmark, sphere for sphere.
TEST(GranularScene, SettlingBoxSceneIsTheBenchmark) {
    const GranularScene s = withGranularParameter(parseGranularScene(loadSceneDocument("settling-box.json")), "particles", 8000);
    ASSERT_EQ(s.particles, 8000);
    const GranularWorld fromScene = makeGranularWorld(s);
    const GranularWorld benchmark = makeSettlingBox(8000);
    ASSERT_EQ(fromScene.spheres.size(), benchmark.spheres.size());
    for (std::size_t i = 0; i < benchmark.spheres.size(); ++i) {
        ASSERT_EQ(fromScene.spheres[i].position, benchmark.spheres[i].position);
        ASSERT_EQ(fromScene.spheres[i].velocity, benchmark.spheres[i].velocity);
    }
    EXPECT_EQ(fromScene.options.friction, 0.4);
    EXPECT_EQ(fromScene.options.timeStep, 1e-4);
    EXPECT_EQ(fromScene.options.maxIterations, 10);
    EXPECT_EQ(fromScene.options.gravity, Vec3(0, 0, -9.81));
    // 8000 = 20^3: walls at +-(20 x 1.1 d / 2 + d) = +-0.12 m.
    constexpr double kGeometryTol = 1e-12;   // m
    EXPECT_NEAR(calcSettlingBoxWallDistance(8000), 0.12, kGeometryTol);
}

// Sec. 4.3 at the paper's own scale (195,000 sites): d = 0.47 mm, and the
// inflow rate of about 1.4e6 particles per second the paper states.
TEST(GranularScene, ChannelKeepsThePapersNumbers) {
    GranularScene s = parseGranularScene(loadSceneDocument("channel-flow.json"));
    s.particles = static_cast<int>(kChannelPaperSites);
    constexpr double kLengthTol = 1e-12;   // m
    EXPECT_NEAR(getParticleDiameter(s), 0.47e-3, kLengthTol);
    EXPECT_EQ(s.solver.timeStep, 1e-5);
    EXPECT_EQ(s.solver.friction, 0.4);
    // The inflow layer (built at desktop scale, counted from the rule).
    const double d = getParticleDiameter(s);
    const int perLayer = static_cast<int>(kChannelWidth / (kChannelLayerSpacing * d)) *
                         static_cast<int>(kChannelHeight / (kChannelLayerSpacing * d));
    const double rate = perLayer * s.channel.inflowSpeed / d;   // one layer per two radii of travel
    // "roughly 1.4e6 particles per second": the paper's two significant digits.
    EXPECT_NEAR(rate, 1.4e6, kPaperRateTol);
}

TEST(GranularScene, ChannelAtDesktopScale) {
    const GranularScene s = parseGranularScene(loadSceneDocument("channel-flow.json"));
    const GranularWorld w = makeGranularWorld(s);
    const double d = getParticleDiameter(s);
    EXPECT_NEAR(d, 0.47e-3 * std::cbrt(kChannelPaperSites / s.particles), kDiameterTol);
    // The grid has about N sites (each axis's count rounded) and the obstacle
    // takes about 4 % of them.
    EXPECT_GT(w.spheres.size(), 0.85 * s.particles);
    EXPECT_LT(w.spheres.size(), 1.05 * s.particles);
    for (const Sphere& sp : w.spheres) {
        const Vec3& x = sp.position;
        ASSERT_TRUE(x.x() >= sp.radius && x.x() <= kChannelLength && x.y() >= sp.radius &&
                    x.y() <= kChannelWidth - sp.radius && x.z() >= sp.radius && x.z() <= kChannelHeight - sp.radius)
            << x.transpose();
        // Clear of the cylinder and of the box that replaces its right half.
        ASSERT_GT((x.head<2>() - Vec2(0.04, 0.04)).norm(), 0.01 + sp.radius);
        ASSERT_FALSE(x.x() > 0.04 - sp.radius && x.x() < 0.05 + sp.radius && std::abs(x.y() - 0.04) < 0.01 + sp.radius);
        EXPECT_NEAR(sp.velocity.x(), 1.0, kExactSpeedTol);
        ASSERT_LE(std::abs(sp.velocity.y()), 0.5);
        ASSERT_LE(std::abs(sp.velocity.z()), 0.5);
    }
    EXPECT_GT(calcSmallestGap(w), 0.0);
    ASSERT_EQ(w.inflows.size(), 1u);
    EXPECT_NEAR(w.inflows[0].resetDistance, d, kDiameterTol);   // two radii
    EXPECT_EQ(w.planes[w.inflows[0].plane].velocity, Vec3(1.0, 0.0, 0.0));
    ASSERT_EQ(w.cylinders.size(), 1u);
    ASSERT_EQ(w.boxes.size(), 1u);
}

TEST(GranularScene, HopperFillsTheWedge) {
    const GranularScene s = parseGranularScene(loadSceneDocument("hopper.json"));
    const GranularWorld w = makeGranularWorld(s);
    ASSERT_EQ(static_cast<int>(w.spheres.size()), s.particles);
    EXPECT_GT(calcSmallestGap(w), 0.0);
    ASSERT_EQ(w.boxes.size(), 2u);
    // Each wall's inner face: through the outlet's edge at the wall angle
    // from the vertical; every sphere on its inner side.
    const double theta = s.hopper.wallAngle, half = 0.5 * s.hopper.outletWidth * kSettlingBoxDiameter;
    for (int side : {-1, 1}) {
        const Vec3 inward(-side * std::cos(theta), 0.0, std::sin(theta));
        const Vec3 edge(side * half, 0.0, 0.0);
        for (const Sphere& sp : w.spheres) ASSERT_GT(inward.dot(sp.position - edge), sp.radius);
    }
}

TEST(GranularScene, ParametersSetTheDocument) {
    const GranularScene s = parseGranularScene(loadSceneDocument("settling-box.json"));
    EXPECT_EQ(withGranularParameter(s, "particles", 27000).particles, 27000);
    EXPECT_EQ(withGranularChoice(s, "friction_model", "coulomb").solver.frictionModel, "coulomb");
    EXPECT_EQ(makeGranularWorld(withGranularChoice(s, "friction_model", "coulomb")).options.model, FrictionModel::Coulomb);
    // Sliders clamp to their range; parsing keeps the document.
    EXPECT_EQ(withGranularParameter(s, "friction", 5.0).solver.friction, 1.0);
    EXPECT_EQ(withGranularParameter(s, "friction", 0.1).document["granular"]["friction"], 0.1);
    EXPECT_THROW(withGranularChoice(s, "friction_model", "magic"), InputError);
}

TEST(GranularScene, StepsOrEndTime) {
    json doc = loadSceneDocument("settling-box.json");
    doc["granular"].erase("end_time");
    doc["granular"]["steps"] = 20;
    const GranularScene s = parseGranularScene(doc);
    EXPECT_EQ(s.steps, 20);
    EXPECT_NEAR(s.endTime, 20 * 1e-4, kTwentyStepsTol);
    doc["granular"]["end_time"] = 1.0;
    EXPECT_EQ(getFieldOf([&] { parseGranularScene(doc); }), "granular.steps");
}

TEST(GranularScene, BadInputNamesTheField) {
    const std::string box = "settling-box.json";
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["particles"] = -5; }), "granular.particles");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["particles"] = 2.5; }), "granular.particles");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["particles"] = 1e9; }), "granular.particles");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["particles"] = "many"; }), "granular.particles");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"].erase("particles"); }), "granular.particles");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["friction"] = -0.1; }), "granular.friction");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["time_step"] = 0.0; }), "granular.time_step");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["iterations"] = 0; }), "granular.iterations");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["threads"] = -1; }), "granular.threads");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["sweep"] = "red-black"; }), "granular.sweep");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["sweep"] = 3; }), "granular.sweep") << "not a string";
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["friction_model"] = json::array(); }),
              "granular.friction_model") << "not a string";
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["friction_model"] = "stick"; }), "granular.friction_model");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["setup"] = "pinball"; }), "granular.setup");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["end_time"] = -1.0; }), "granular.end_time");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["frame_interval"] = 1e-6; }), "granular.frame_interval");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["gravity"] = json::array({0, 0}); }), "granular.gravity");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["solver"] = {{"relaxation", 2.0}}; }),
              "granular.solver.relaxation");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["solver"] = {{"error_reduction", 1.0}}; }),
              "granular.solver.error_reduction");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["solver"] = {{"tolerance", 1.0}}; }),
              "granular.solver.tolerance");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["channel"] = json::object(); }), "granular.channel");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["granular"]["wobble"] = 1; }), "granular.wobble");
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["bodies"] = json::array(); }), "bodies");
    EXPECT_EQ(getFieldOfEdit("channel-flow.json", [](json& d) { d["granular"]["particles"] = 50; }),
              "granular.particles");
    EXPECT_EQ(getFieldOfEdit("channel-flow.json", [](json& d) { d["granular"]["channel"]["inflow_speed"] = 0.0; }),
              "granular.channel.inflow_speed");
    EXPECT_EQ(getFieldOfEdit("hopper.json", [](json& d) { d["granular"]["hopper"]["outlet_width"] = 0.5; }),
              "granular.hopper.outlet_width");
    EXPECT_EQ(getFieldOfEdit("hopper.json", [](json& d) { d["granular"]["hopper"]["wall_angle"] = 2.0; }),
              "granular.hopper.wall_angle");
    // A parameter naming nothing in the document.
    EXPECT_EQ(getFieldOfEdit(box, [](json& d) { d["parameters"][0]["target"] = "/granular/nothing"; }),
              "parameters[0].target");
}

}}  // namespace
}  // namespace impactlab::granular
