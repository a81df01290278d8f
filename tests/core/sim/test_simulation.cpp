// Event-driven simulation: flight, impact timing, energy, momentum about the
// contact point, and settling.
#include <gtest/gtest.h>

#include "scene/Scene.h"
#include "sim/SceneComparison.h"
#include "sim/Simulation.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// m/s: e times a touch speed found by the event search (kFlightTol), with margin.
constexpr double kReboundTol = 1e-7;
// Free flight keeps energy to the integrator's tolerance.
constexpr double kEnergyRelTol = 1e-9;
// m/s: the law's stick leaves a slip of the path integrator's round-off.
constexpr double kStickTol = 1e-9;
// m: the run ends at the rest guard, with a last bounce below a millimetre.
constexpr double kRestHeightTol = 1e-3;
// m: an interpolated state half-way between two samples, round-off only.
constexpr double kMidpointTol = 1e-12;
// The symmetric impact's rebound to the event search's accuracy.
constexpr double kReboundRelTol = 1e-6;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

SpatialScene loadScene(const std::string& name) { return readSpatialScene(readJsonFile(scenePath(name))); }

// Flight is exact for a sphere (parabola, constant spin), and impact times are
// bisected to 1e-11 s, so times and speeds agree to ~1e-9.
constexpr double kFlightTol = 1e-8;

SpatialScene ball(double height, double e, double mu, double spin, const std::string& law = "stronge") {
    SpatialScene s = loadScene("superball.json");
    s = withParameter(s, "height", height);
    s = withParameter(s, "restitution", e);
    s = withParameter(s, "friction", mu);
    s = withParameter(s, "spin", spin);
    return withChoice(s, "law", law);
}

TEST(Simulation, FirstImpactTimeAndSpeedOfADroppedBall) {
    const SpatialScene s = ball(1.0, 0.8, 0.5, 0.0);
    const SimulationRun run = simulate(s);
    ASSERT_FALSE(run.impacts.empty());
    const double r = s.bodies[0].shape.radius;
    const double g = 9.81;
    EXPECT_NEAR(run.impacts[0].time, std::sqrt(2 * (1.0 - r) / g), kFlightTol);
    EXPECT_NEAR(run.impacts[0].problem.vMinus.z(), -std::sqrt(2 * g * (1.0 - r)), kFlightTol);
    // Frame of the contract: n = +z points into the ball; it leaves upward.
    EXPECT_NEAR(run.impacts[0].result.vPlus.z(), 0.8 * std::sqrt(2 * g * (1.0 - r)), kReboundTol);
}

TEST(Simulation, ElasticFrictionlessBallKeepsItsEnergy) {
    const SimulationRun run = simulate(ball(1.2, 1.0, 0.0, 0.0));
    ASSERT_GE(run.impacts.size(), 2u);
    const double E0 = run.samples.front().kineticEnergy + run.samples.front().potentialEnergy;
    for (const auto& smp : run.samples)
        EXPECT_NEAR(smp.kineticEnergy + smp.potentialEnergy, E0, kEnergyRelTol * E0) << "t = " << smp.time;
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
    EXPECT_NEAR(first.result.vPlus.head<2>().norm(), 0.0, kStickTol);
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
    const SpatialScene s = loadScene("brick-drop.json");
    const SimulationRun run = simulate(s);
    ASSERT_FALSE(run.impacts.empty());
    EXPECT_EQ(run.endReason, "at rest");
    EXPECT_LT(run.endTime, s.endTime);
    // The first impact is at a single vertex: an eccentric impact (W13, W23 != 0).
    EXPECT_FALSE(run.impacts[0].problem.isCentral(1e-6));
    // At rest it lies on its largest face: centre at half the smallest edge.
    const double halfThickness = s.bodies[0].shape.halfExtents.minCoeff();
    EXPECT_NEAR(run.samples.back().bodies[0].position.z(), halfThickness, kRestHeightTol);
    for (const auto& imp : run.impacts) EXPECT_TRUE(imp.result.impulse.allFinite());
}

TEST(Simulation, StatesAreInterpolatedBetweenSamples) {
    const SimulationRun run = simulate(ball(1.0, 0.8, 0.5, 0.0));
    ASSERT_GE(run.samples.size(), 3u);
    const double t = 0.5 * (run.samples[1].time + run.samples[2].time);
    const auto states = run.calcStatesAt(t);
    ASSERT_EQ(states.size(), 1u);
    const double z = 0.5 * (run.samples[1].bodies[0].position.z() + run.samples[2].bodies[0].position.z());
    EXPECT_NEAR(states[0].position.z(), z, kMidpointTol);
    EXPECT_EQ(run.calcStatesAt(-1.0)[0].position, run.samples.front().bodies[0].position);
}

TEST(Simulation, BodyStartingBelowGroundIsRejected) {
    SpatialScene s = loadScene("superball.json");
    s.bodies[0].body.position.z() = -0.5;
    EXPECT_THROW(simulate(s), InputError);
}


// The brick of brick-drop.json released level, so its four bottom corners
// reach the ground at the same instant, with the given law.
SpatialScene makeLevelBrick(const std::string& law) {
    nlohmann::json doc = loadScene("brick-drop.json").document;
    doc["bodies"][0]["orientation"] = {0.0, 0.0, 0.0};
    doc["contact"]["law"] = law;
    doc["end_time"] = 0.5;
    return readSpatialScene(doc);
}

// Tolerances: the level brick is symmetric to round-off, and PLUS's intervals
// keep the four impulses equal to its Newton tolerance.
constexpr double kSymmetryAbsTol = 1e-9;     // rad/s, m/s
constexpr double kMomentumRelTol = 1e-12;


TEST(SimultaneousImpacts, LevelBrickLandsOnFourCornersAtOnceWithPlus) {
    const SpatialScene s = makeLevelBrick("plus");
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
    EXPECT_NEAR(bodies->body1.velocity.z(), -s.contact.restitution * vBefore, kReboundRelTol * std::abs(vBefore));
}

TEST(SimultaneousImpacts, NearlyLevelBrickJoinsEveryCornerWithinTheProximity) {
    // Tilted by 1e-4 rad about x: the far corners are 7.5e-6 m up when the
    // first two touch, inside the 1e-4 m proximity, so all four join.
    nlohmann::json doc = makeLevelBrick("plus").document;
    doc["bodies"][0]["orientation"] = {1e-4, 0.0, 0.0};
    const SimulationRun run = simulate(readSpatialScene(doc));
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

// Body-body contacts: spheres meet spheres, and a striker meeting a row of
// touching balls (ball-row.json, Newton's cradle on a table) is resolved by
// plus as one impact of every touching contact.

SpatialScene makeBallRow(const std::string& law, const std::string& model = "sequential") {
    return withChoice(withChoice(loadScene("ball-row.json"), "law", law), "model", model);
}

// Tolerances: frictionless spheres in a row on a level ground; PLUS's
// rounds end at its velocity tolerance (1e-5 m/s) and reach the closed-form
// cradle split to round-off (reference B.2.8 states 1e-12 for the law).
constexpr double kRowTol = 1e-9;   // m/s, relative J

Vec3 calcMomentum(const Scene& s, const std::vector<BodyState>& states) {
    Vec3 p = Vec3::Zero();
    for (size_t i = 0; i < states.size(); ++i) p += s.bodies[i].body.mass * states[i].velocity;
    return p;
}


TEST(BodyBodyContacts, StrikerAndTouchingRowAreOneImpactWithPlus) {
    const SpatialScene s = makeBallRow("plus");
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 1u);
    const ImpactEventRecord& e = run.impacts.front();
    EXPECT_EQ(e.contact, "striker / ball 1");
    EXPECT_EQ(e.otherBody, 1);
    // Four ball-ball contacts and five ball-ground contacts, all touching.
    EXPECT_EQ(e.simultaneousContacts, 9);
    // The striker covers the 0.2 m gap at 1 m/s.
    EXPECT_NEAR(e.time, 0.2, kFlightTol);
    // Sequential rounds (Fig. 14 B): the striker and the first three balls
    // stop, the last ball leaves with the striker's speed.
    const std::vector<BodyState>& end = run.samples.back().bodies;
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(end[i].velocity.x(), 0.0, kRowTol) << s.bodies[i].name;
    EXPECT_NEAR(end[4].velocity.x(), 1.0, kRowTol);
    // Frictionless and e = 1: momentum and energy kept through the impact.
    EXPECT_NEAR(e.kineticEnergyAfter, e.kineticEnergyBefore, kRowTol * e.kineticEnergyBefore);
    EXPECT_NEAR(calcMomentum(s, end).x(), calcMomentum(s, run.samples.front().bodies).x(), kRowTol);
    // Every impulse pushes: on the rear ball of a pair towards -x (its
    // normal), on a ball from the ground towards +z; frictionless, no other part.
    for (size_t k = 0; k < e.contactImpulses.size(); ++k) {
        const Vec3& J = e.contactImpulses[k];
        EXPECT_LE(J.x(), kRowTol) << "contact " << k;
        EXPECT_GE(J.z(), -kRowTol) << "contact " << k;
        EXPECT_NEAR(J.y(), 0.0, kRowTol) << "contact " << k;
    }
}

TEST(BodyBodyContacts, SimultaneousModelMovesTheWholeRow) {
    // Fig. 14 C, for one striker and four balls at 1 m/s: the striker comes
    // back at 0.6 m/s and the row leaves together at 0.4 m/s.
    const SimulationRun run = simulate(makeBallRow("plus", "simultaneous"));
    ASSERT_FALSE(run.impacts.empty());
    const std::vector<BodyState>& end = run.samples.back().bodies;
    EXPECT_NEAR(end[0].velocity.x(), -0.6, kRowTol);
    for (int i = 1; i < 5; ++i) EXPECT_NEAR(end[i].velocity.x(), 0.4, kRowTol);
}

TEST(BodyBodyContacts, SingleContactLawPassesTheBlowAlongPairByPair) {
    const SpatialScene s = makeBallRow("poisson");
    const SimulationRun run = simulate(s);
    // Four pair impacts at one instant, striker / ball 1 first.
    ASSERT_EQ(run.impacts.size(), 4u);
    for (size_t k = 0; k < 4; ++k) {
        EXPECT_NEAR(run.impacts[k].time, 0.2, kFlightTol);
        EXPECT_EQ(run.impacts[k].body, static_cast<int>(k));
        EXPECT_EQ(run.impacts[k].otherBody, static_cast<int>(k + 1));
        EXPECT_EQ(run.impacts[k].simultaneousContacts, 1);
    }
    const std::vector<BodyState>& end = run.samples.back().bodies;
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(end[i].velocity.x(), 0.0, kRowTol);
    EXPECT_NEAR(end[4].velocity.x(), 1.0, kRowTol);
}

TEST(BodyBodyContacts, TwoBallsMeetInFlightAtTheRightTime) {
    // Two equal balls high above the ground close a 0.2 m gap at 2 m/s;
    // gravity moves both alike, so they meet at t = 0.1 s, centre to centre,
    // and (frictionless, e = 1) exchange their velocities.
    nlohmann::json doc = loadScene("ball-row.json").document;
    doc["bodies"].erase(doc["bodies"].begin() + 2, doc["bodies"].end());
    doc["bodies"][0]["position"] = {-0.2, 0.0, 2.0};
    doc["bodies"][1]["position"] = {0.1, 0.0, 2.0};
    doc["bodies"][1]["velocity"] = {-1.0, 0.0, 0.0};
    doc["parameters"] = nlohmann::json::array();
    doc["contact"]["law"] = "poisson";
    doc["end_time"] = 0.3;
    const SpatialScene s = readSpatialScene(doc);
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 1u);
    const ImpactEventRecord& e = run.impacts.front();
    EXPECT_NEAR(e.time, 0.1, kFlightTol);
    EXPECT_EQ(e.otherBody, e.body == 0 ? 1 : 0);
    // The normal is along x; only the x velocities swap.
    const RigidBody& a = e.result.bodiesAfter->body1;
    const RigidBody& b = e.result.bodiesAfter->body2;
    EXPECT_NEAR(std::abs(e.frame.n().x()), 1.0, kFlightTol);
    EXPECT_NEAR(a.velocity.x() + b.velocity.x(), 0.0, kRowTol);   // 1 + (-1) before
    EXPECT_NEAR(std::abs(a.velocity.x()), 1.0, kRowTol);
    const std::vector<BodyState> at = run.calcStatesAt(0.3);
    EXPECT_NEAR(at[0].velocity.x(), -1.0, kRowTol);
    EXPECT_NEAR(at[1].velocity.x(), 1.0, kRowTol);
}

TEST(BodyBodyContacts, OverlappingSpheresAreRefusedNamingTheBody) {
    nlohmann::json doc = loadScene("ball-row.json").document;
    doc["bodies"][2]["position"] = {0.05, 0.0, 0.05};
    try {
        simulate(readSpatialScene(doc));
        FAIL() << "overlapping spheres were accepted";
    } catch (const InputError& err) {
        EXPECT_EQ(err.field(), "bodies[1].position");
        EXPECT_NE(std::string(err.what()).find("overlaps ball 2"), std::string::npos) << err.what();
    }
}

TEST(Simulation, AnUntracedRunStillGivesTheDiagramTheSceneLawsPath) {
    // The app's runs record no traces (they cost a third of a brick drop's
    // run); the comparison re-solves the selected impact with its path, which
    // must end on the impulse the run applied.
    const SpatialScene scene = loadScene("brick-drop.json");
    SimulationOptions untraced;
    untraced.recordTraces = false;
    const SimulationRun run = simulate(scene, untraced);
    const SimulationRun traced = simulate(scene);
    ASSERT_FALSE(run.impacts.empty());
    ASSERT_EQ(run.impacts.size(), traced.impacts.size());
    for (int event = 0; event < static_cast<int>(run.impacts.size()); ++event) {
        const ImpactEventRecord& e = run.impacts[event];
        EXPECT_TRUE(e.trace.samples.empty());
        const SceneLawComparison c = compareLawsOnScene(scene, run, event, {}, false);
        ASSERT_FALSE(c.laws.empty());
        const ImpactTrace& path = c.laws.front().trace;
        ASSERT_FALSE(path.samples.empty()) << event;
        const Vec3 applied = e.result.impulse;
        EXPECT_LT((path.samples.back().impulse - applied).norm(), 1e-6 * std::max(1.0, applied.norm())) << event;
        // The run itself does not depend on recording: the same impulses.
        EXPECT_LT((traced.impacts[event].result.impulse - applied).norm(), 1e-6 * std::max(1.0, applied.norm()));
        // A traced run's own path is the one shown.
        const SceneLawComparison withTrace = compareLawsOnScene(scene, traced, event, {}, false);
        EXPECT_EQ(withTrace.laws.front().trace.samples.size(), traced.impacts[event].trace.samples.size());
    }
}
}}  // namespace
