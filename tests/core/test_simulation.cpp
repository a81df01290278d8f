// Event-driven simulation: flight, impact timing, energy, momentum about the
// contact point, and settling.
#include <gtest/gtest.h>

#include "scene/Scene.h"
#include "sim/Simulation.h"

using namespace impactlab;

namespace {
std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

// Flight is exact for a sphere (parabola, constant spin), and impact times are
// bisected to 1e-11 s, so times and speeds agree to ~1e-9.
constexpr double kFlightTol = 1e-8;

Scene ball(double height, double e, double mu, double spin, const std::string& law = "stronge") {
    Scene s = loadScene(scenePath("superball.json"));
    s = withParameter(s, "height", height);
    s = withParameter(s, "restitution", e);
    s = withParameter(s, "friction", mu);
    s = withParameter(s, "spin", spin);
    return withChoice(s, "law", law);
}
}  // namespace

TEST(Simulation, FirstImpactTimeAndSpeedOfADroppedBall) {
    const Scene s = ball(1.0, 0.8, 0.5, 0.0);
    const SimulationRun run = simulate(s);
    ASSERT_FALSE(run.impacts.empty());
    const double r = s.bodies[0].shape.radius;
    const double g = 9.81;
    EXPECT_NEAR(run.impacts[0].time, std::sqrt(2 * (1.0 - r) / g), kFlightTol);
    EXPECT_NEAR(run.impacts[0].problem.vMinus.z(), -std::sqrt(2 * g * (1.0 - r)), kFlightTol);
    // Frame of the contract: n = +z points into the ball; it leaves upward.
    EXPECT_NEAR(run.impacts[0].result.vPlus.z(), 0.8 * std::sqrt(2 * g * (1.0 - r)), 1e-7);
}

TEST(Simulation, ElasticFrictionlessBallKeepsItsEnergy) {
    const SimulationRun run = simulate(ball(1.2, 1.0, 0.0, 0.0));
    ASSERT_GE(run.impacts.size(), 2u);
    const double E0 = run.samples.front().kineticEnergy + run.samples.front().potentialEnergy;
    for (const auto& smp : run.samples)
        EXPECT_NEAR(smp.kineticEnergy + smp.potentialEnergy, E0, 1e-9 * E0) << "t = " << smp.time;
}

TEST(Simulation, EnergyNeverRisesWithStronge) {
    const SimulationRun run = simulate(ball(1.0, 0.9, 0.6, -40.0));
    ASSERT_GE(run.impacts.size(), 3u);
    double last = run.samples.front().kineticEnergy + run.samples.front().potentialEnergy;
    for (const auto& smp : run.samples) {
        const double E = smp.kineticEnergy + smp.potentialEnergy;
        EXPECT_LE(E, last * (1 + 1e-9)) << "t = " << smp.time;
        last = E;
    }
    for (const auto& imp : run.impacts) EXPECT_LE(imp.result.energyAfter, imp.result.energyBefore * (1 + 1e-9));
}

TEST(Simulation, AngularMomentumAboutTheContactPointIsKeptByEachImpact) {
    // The ground's impulse acts at the contact point, so the ball's angular
    // momentum about that point is unchanged: spin turns into forward speed.
    const SimulationRun run = simulate(ball(1.0, 0.7, 0.8, -40.0));
    ASSERT_FALSE(run.impacts.empty());
    for (const auto& imp : run.impacts) {
        const RigidBody& before = imp.problem.bodies->body1;
        const RigidBody& after = imp.result.bodiesAfter->body1;
        const Vec3 L0 = before.calcAngularMomentum(imp.point);
        const Vec3 L1 = after.calcAngularMomentum(imp.point);
        EXPECT_LE((L1 - L0).norm(), 1e-12 * (1 + L0.norm()));
    }
    // With this much friction the first bounce sticks: the ball leaves rolling.
    // Spin -40 rad/s about y moves the ball's bottom towards +x, so friction
    // throws the ball back towards -x.
    const auto& first = run.impacts.front();
    EXPECT_NEAR(first.result.vPlus.head<2>().norm(), 0.0, 1e-9);
    EXPECT_LT(first.result.bodiesAfter->body1.velocity.x(), 0.0);
}

TEST(Simulation, SpinChangesTheBounce) {
    const SimulationRun a = simulate(ball(1.0, 0.8, 0.5, 0.0));
    const SimulationRun b = simulate(ball(1.0, 0.8, 0.5, -40.0));
    ASSERT_FALSE(a.impacts.empty());
    ASSERT_FALSE(b.impacts.empty());
    const double vxA = a.impacts[0].result.bodiesAfter->body1.velocity.x();
    const double vxB = b.impacts[0].result.bodiesAfter->body1.velocity.x();
    EXPECT_GT(std::abs(vxA - vxB), 0.5) << "backspin must change the post-bounce horizontal speed";
}

TEST(Simulation, BrickLandsOnAVertexAndSettlesFlat) {
    const Scene s = loadScene(scenePath("brick-drop.json"));
    const SimulationRun run = simulate(s);
    ASSERT_FALSE(run.impacts.empty());
    EXPECT_EQ(run.endReason, "at rest");
    EXPECT_LT(run.endTime, s.endTime);
    // The first impact is at a single vertex: an eccentric impact (W13, W23 != 0).
    EXPECT_FALSE(run.impacts[0].problem.isCentral(1e-6));
    // At rest it lies on its largest face: centre at half the smallest edge.
    const double halfThickness = s.bodies[0].shape.halfExtents.minCoeff();
    EXPECT_NEAR(run.samples.back().bodies[0].position.z(), halfThickness, 1e-3);
    for (const auto& imp : run.impacts) EXPECT_TRUE(imp.result.impulse.allFinite());
}

TEST(Simulation, StatesAreInterpolatedBetweenSamples) {
    const SimulationRun run = simulate(ball(1.0, 0.8, 0.5, 0.0));
    ASSERT_GE(run.samples.size(), 3u);
    const double t = 0.5 * (run.samples[1].time + run.samples[2].time);
    const auto states = run.calcStatesAt(t);
    ASSERT_EQ(states.size(), 1u);
    const double z = 0.5 * (run.samples[1].bodies[0].position.z() + run.samples[2].bodies[0].position.z());
    EXPECT_NEAR(states[0].position.z(), z, 1e-12);
    EXPECT_EQ(run.calcStatesAt(-1.0)[0].position, run.samples.front().bodies[0].position);
}

TEST(Simulation, BodyStartingBelowGroundIsRejected) {
    Scene s = loadScene(scenePath("superball.json"));
    s.bodies[0].body.position.z() = -0.5;
    EXPECT_THROW(simulate(s), InputError);
}

namespace {

// The brick of brick-drop.json released level, so its four bottom corners
// reach the ground at the same instant, with the given law.
Scene makeLevelBrick(const std::string& law) {
    nlohmann::json doc = loadScene(scenePath("brick-drop.json")).document;
    doc["bodies"][0]["orientation"] = {0.0, 0.0, 0.0};
    doc["contact"]["law"] = law;
    doc["end_time"] = 0.5;
    return parseScene(doc);
}

// Tolerances: the level brick is symmetric to round-off, and PLUS's intervals
// keep the four impulses equal to its Newton tolerance (issue 9, item 4).
constexpr double kSymmetryAbsTol = 1e-9;     // rad/s, m/s
constexpr double kMomentumRelTol = 1e-12;

}  // namespace

TEST(SimultaneousImpacts, LevelBrickLandsOnFourCornersAtOnceWithPlus) {
    const Scene s = makeLevelBrick("plus");
    const SimulationRun run = simulate(s);
    ASSERT_FALSE(run.impacts.empty());
    const ImpactEventRecord& first = run.impacts.front();
    ASSERT_EQ(first.simultaneousContacts, 4);
    ASSERT_EQ(first.contactImpulses.size(), 4u);
    // Momentum balance: the body's change of momentum is the sum of the four
    // impulses (gravity acts over no time at the instant of impact).
    const auto bodies = first.result.bodiesAfter;
    ASSERT_TRUE(bodies.has_value());
    Vec3 total = Vec3::Zero();
    for (const Vec3& J : first.contactImpulses) {
        total += J;
        EXPECT_GE(J.z(), 0.0);
        EXPECT_LE(J.head<2>().norm(), s.contact.friction * J.z() * (1 + 1e-9) + 1e-12);   // cone
    }
    const Vec3 dp = s.bodies[0].body.mass * (bodies->body1.velocity - first.problem.bodies->body1.velocity);
    EXPECT_LT((dp - total).norm(), kMomentumRelTol * total.norm() + 1e-15);
    // Symmetry: equal impulses, no spin, and the bounce of a central impact.
    for (const Vec3& J : first.contactImpulses) EXPECT_NEAR(J.z(), total.z() / 4.0, kSymmetryAbsTol);
    EXPECT_LT(bodies->body1.angularVelocity.norm(), kSymmetryAbsTol);
    const double vBefore = first.problem.bodies->body1.velocity.z();
    EXPECT_NEAR(bodies->body1.velocity.z(), -s.contact.restitution * vBefore, 1e-6 * std::abs(vBefore));
}

TEST(SimultaneousImpacts, NearlyLevelBrickJoinsEveryCornerWithinTheProximity) {
    // Tilted by 1e-4 rad about x: the far corners are 7.5e-6 m up when the
    // first two touch, inside the 1e-4 m proximity, so all four join.
    nlohmann::json doc = makeLevelBrick("plus").document;
    doc["bodies"][0]["orientation"] = {1e-4, 0.0, 0.0};
    const SimulationRun run = simulate(parseScene(doc));
    ASSERT_FALSE(run.impacts.empty());
    EXPECT_EQ(run.impacts.front().simultaneousContacts, 4);
}

TEST(SimultaneousImpacts, SingleContactLawSaysHowItOrdersThem) {
    const SimulationRun run = simulate(makeLevelBrick("poisson"));
    ASSERT_FALSE(run.impacts.empty());
    EXPECT_EQ(run.impacts.front().simultaneousContacts, 1);
    bool said = false;
    for (const std::string& w : run.warnings) said = said || w.find("one at a time, fastest first") != std::string::npos;
    EXPECT_TRUE(said);
}
