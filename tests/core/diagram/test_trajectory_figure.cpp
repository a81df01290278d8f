// The picture of a run (diagram/TrajectoryFigure.h) and the superball cone
// (diagram/SuperballCone.h), Cataldo & Sampaio (2002) Figs. 3.4, 4.2-4.5:
// the bar's snapshots keep its length, the path is the run's centre of mass,
// the walls are where the scene puts them, and the cone test holds its
// closed forms and the paper's two cases of the ball between two walls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "diagram/SuperballCone.h"
#include "diagram/TrajectoryFigure.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"
#include "support/SceneTestSupport.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

// Lengths and positions that go through one rotation and a subtraction: round-off.
constexpr double kRoundOffTol = 1e-12;
// The cone coefficients of hand-made vectors: a 2x2 solve of unit vectors.
constexpr double kConeCoefficientTol = 1e-12;
// Printed digits of the reference x-dot values (B2.9): six.
constexpr double kPrintedTol = 5e-6;

struct LoadedRun {
    SimulatedScene scene;
    SimulationRun run;
};

// A built-in scene with parameters set as the panel sets them, and its run.
LoadedRun runScene(const std::string& file, const std::vector<std::pair<std::string, json>>& values = {}) {
    json doc = test::loadSceneDocument(file);
    for (const auto& [id, v] : values) {
        const SimulatedScene s = readSimulatedScene(doc);
        const SceneParameter* p = getScene(s).findParameter(id);
        EXPECT_NE(p, nullptr) << id;
        if (p) doc[json::json_pointer(p->target)] = v;
    }
    LoadedRun r{readSimulatedScene(doc), {}};
    r.run = simulate(r.scene);
    return r;
}

std::vector<const FigureSeries*> findSeries(const Figure& f, const std::string& start) {
    std::vector<const FigureSeries*> out;
    for (const FigureSeries& s : f.series)
        if (s.name.rfind(start, 0) == 0) out.push_back(&s);
    return out;
}

TEST(VelocityCone, ClosedForms) {
    const Vec3 vMinus(1.0, 0.0, -1.0), n(0.0, 0.0, 2.0);   // n need not be unit
    // v+ = a u + b n with u = vMinus / sqrt 2: the mirror image (1, 0, 1) is
    // a = 1, b = sqrt 2 (unit-direction coefficients).
    const VelocityConeTest mirror = calcVelocityCone(vMinus, n, Vec3(1.0, 0.0, 1.0));
    EXPECT_TRUE(mirror.inCone);
    EXPECT_NEAR(mirror.a, 1.0, kConeCoefficientTol);
    EXPECT_NEAR(mirror.b, std::sqrt(2.0), kConeCoefficientTol);
    EXPECT_NEAR(mirror.offPlane, 0.0, kConeCoefficientTol);
    EXPECT_TRUE(calcVelocityCone(vMinus, n, Vec3(0.3, 0.0, 1.0)).inCone) << "tangential speed reduced";
    EXPECT_TRUE(calcVelocityCone(vMinus, n, Vec3(0.0, 0.0, 1.0)).inCone) << "along n: the cone's edge";
    EXPECT_TRUE(calcVelocityCone(vMinus, n, Vec3::Zero()).inCone) << "a plastic stop";
    const VelocityConeTest back = calcVelocityCone(vMinus, n, Vec3(-0.3, 0.0, 1.0));
    EXPECT_FALSE(back.inCone) << "the tangential motion reversed";
    EXPECT_LT(back.a, 0.0);
    const VelocityConeTest aside = calcVelocityCone(vMinus, n, Vec3(0.3, 0.5, 1.0));
    EXPECT_FALSE(aside.inCone) << "out of the plane of v- and n";
    EXPECT_GT(aside.offPlane, 0.1);
    // Normal incidence: v- and n span the line of n.
    EXPECT_TRUE(calcVelocityCone(Vec3(0, 0, -1), n, Vec3(0, 0, 0.8)).inCone);
    EXPECT_FALSE(calcVelocityCone(Vec3(0, 0, -1), n, Vec3(0.1, 0, 0.8)).inCone);
}

// C&S Fig. 3.4: the bar falling, striking and rebounding. Every snapshot is a
// segment of the bar's length, at the instants of calcStroboscopeTimes, which
// hold the even instants and both impacts.
TEST(TrajectoryFigure, BarSnapshotsKeepTheBarsLength) {
    const LoadedRun r = runScene("bar.json");
    ASSERT_GE(r.run.impacts.size(), 2u);
    const Figure f = makeTrajectoryFigure(r.scene, r.run);
    EXPECT_TRUE(f.equalScales);
    const std::vector<double> times = calcStroboscopeTimes(r.run);
    EXPECT_GE(times.size(), static_cast<std::size_t>(kStroboscopeInstants));
    for (const ImpactEventRecord& e : r.run.impacts)
        EXPECT_TRUE(std::find(times.begin(), times.end(), e.time) != times.end()) << "impact at " << e.time;
    const auto snapshots = findSeries(f, "bar at t = ");
    ASSERT_EQ(snapshots.size(), times.size());
    const double length = getScene(r.scene).bodies[0].shape.length;
    for (const FigureSeries* s : snapshots) {
        ASSERT_EQ(s->points.size(), 2u) << s->name;
        EXPECT_NEAR((s->points[1] - s->points[0]).norm(), length, kRoundOffTol) << s->name;
        EXPECT_GE(s->fade, 0.0);
        EXPECT_LT(s->fade, 1.0) << "every snapshot stays visible";
    }
    EXPECT_GT(snapshots.front()->fade, snapshots.back()->fade) << "earlier snapshots lighter";
    EXPECT_EQ(snapshots.back()->fade, 0.0);
    // The ground, y = 0, as a horizontal line under the picture.
    const auto ground = findSeries(f, "ground");
    ASSERT_FALSE(ground.empty());
    for (const Vec2& p : ground.front()->points) EXPECT_NEAR(p.y(), 0.0, kRoundOffTol);
    EXPECT_TRUE(findSeries(f, "impact ").empty()) << "cones are drawn for balls only";
}

// The path is the run's centre of mass, sample by sample: a planar scene's
// (x, y) from its own channels.
TEST(TrajectoryFigure, PathIsTheRunsCentreOfMass) {
    const LoadedRun r = runScene("ball-between-walls.json");
    const Figure f = makeTrajectoryFigure(r.scene, r.run);
    const auto path = findSeries(f, "centre of mass");
    ASSERT_EQ(path.size(), 1u);
    const RunChannel* x = r.run.findChannel("ball.x");
    const RunChannel* y = r.run.findChannel("ball.y");
    ASSERT_TRUE(x && y);
    ASSERT_EQ(path[0]->points.size(), r.run.samples.size());
    ASSERT_EQ(x->values.size(), r.run.samples.size());
    for (std::size_t k = 0; k < r.run.samples.size(); ++k) {
        EXPECT_NEAR(path[0]->points[k].x(), x->values[k], kRoundOffTol) << k;
        EXPECT_NEAR(path[0]->points[k].y(), y->values[k], kRoundOffTol) << k;
    }
    // The walls y = 0 and y = 1.01 (the scene's height), each a horizontal line.
    int walls = 0;
    for (const ScenePlane& plane : getScene(r.scene).planes) {
        const auto line = findSeries(f, plane.name);
        ASSERT_FALSE(line.empty()) << plane.name;
        for (const Vec2& p : line.front()->points) EXPECT_NEAR(p.y(), plane.point.z(), kRoundOffTol) << plane.name;
        ++walls;
    }
    EXPECT_EQ(walls, 2);
    // A ball's snapshot is a circle of its radius about the centre.
    const double radius = getScene(r.scene).bodies[0].shape.radius;
    const auto snapshots = findSeries(f, "ball at t = ");
    ASSERT_FALSE(snapshots.empty());
    const Vec2 centre = snapshots.front()->points.back();
    EXPECT_NEAR(centre.x(), x->values.front(), kRoundOffTol) << "the first snapshot is at t = 0";
    for (std::size_t k = 0; k + 1 < snapshots.front()->points.size(); ++k)
        EXPECT_NEAR((snapshots.front()->points[k] - centre).norm(), radius, kRoundOffTol);
}

// Fig. 4.5 and 4.4: the superball (Glocker-Pfeiffer, e_t = nu = 1). Its
// x-dot goes 1 -> 0.428571 -> -0.632653 -> -0.970845 (B2.9): the first impact
// keeps the direction (in the cone), the second turns the ball back (out of
// it), the third and fourth keep the new direction (in it).
TEST(SuperballCone, GlockerPfeifferSuperballLeavesTheConeWhenItTurnsBack) {
    const LoadedRun r = runScene("ball-between-walls.json", {{"law", "glocker-pfeiffer"}, {"gp_e_t", 1.0}, {"gp_nu", 1.0}});
    const std::vector<ImpactCone> cones = findImpactCones(r.run);
    ASSERT_GE(cones.size(), 3u);
    const double xdot[] = {0.428571, -0.632653, -0.970845};
    const bool expected[] = {true, false, true};
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(cones[i].vPlus.x(), xdot[i], kPrintedTol) << i;
        EXPECT_EQ(cones[i].test.inCone, expected[i]) << "impact " << i + 1 << ", a = " << cones[i].test.a;
        EXPECT_LT(cones[i].test.offPlane, kConeRelTol) << "planar: v+ in the plane of v- and n";
    }
    EXPECT_TRUE(std::any_of(cones.begin(), cones.end(), [](const ImpactCone& c) { return c.test.inCone; }));
    // The figure draws each cone: two edges and v+, coloured by the test.
    const Figure f = makeTrajectoryFigure(r.scene, r.run);
    EXPECT_EQ(findSeries(f, "impact 1: v- (cone edge)").size(), 1u);
    EXPECT_EQ(findSeries(f, "impact 1: n (cone edge)").size(), 1u);
    EXPECT_EQ(findSeries(f, "impact 1: v+ in the cone").size(), 1u);
    EXPECT_EQ(findSeries(f, "impact 2: v+ outside the cone").size(), 1u);
    // Rays from the contact point: v+ of impact 1 along (0.428571, 1).
    const FigureSeries& ray = *findSeries(f, "impact 1: v+")[0];
    ASSERT_EQ(ray.points.size(), 2u);
    EXPECT_NEAR(ray.points[0].x(), r.run.impacts[cones[0].impact].point.x(), kRoundOffTol);
    const Vec2 d = (ray.points[1] - ray.points[0]).normalized();
    EXPECT_NEAR(d.x() / d.y(), xdot[0] / 1.0, kPrintedTol) << "e_n = 1 keeps y-dot = 1";
}

// Fig. 4.2: Wang-Mason (equal to Glocker-Pfeiffer with e_t = nu = 0, Fig.
// 4.3). Friction only slows the ball's tangential motion (x-dot+ = 5/7 of 1,
// then 3/7 of the last, B2.9), never reverses it: v+ lies in the cone at every
// impact, strictly inside (a > 0).
TEST(SuperballCone, WangMasonStaysInTheCone) {
    const LoadedRun r = runScene("ball-between-walls.json", {{"law", "wang-mason"}});
    const std::vector<ImpactCone> cones = findImpactCones(r.run);
    ASSERT_GE(cones.size(), 3u);
    for (const ImpactCone& c : cones) {
        EXPECT_TRUE(c.test.inCone) << "impact " << c.impact + 1;
        EXPECT_GT(c.test.a, 0.0) << "x-dot keeps its sign";
        EXPECT_GT(c.vPlus.x() * c.vMinus.x(), 0.0);
    }
    EXPECT_NEAR(cones[0].vPlus.x(), 5.0 / 7.0, kPrintedTol);
    EXPECT_NEAR(cones[1].vPlus.x(), 3.0 / 7.0 * cones[0].vPlus.x(), kPrintedTol);
}

}}  // namespace
