// Jointed bodies in the 3D simulation: the swinging Newton's
// cradle, the triple pendulum that falls and rebounds, the double pendulum on
// a wall and the chain of balls; joint coordinates checked against the
// pendulum chain's own equations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "io/JsonInput.h"
#include "mechanics/InputLimits.h"
#include "mechanics/Multibody.h"
#include "mechanics/PendulumChain.h"
#include "scene/PlusScene.h"
#include "scene/Scene.h"
#include "scene/SceneJoints.h"
#include "sim/JointedSimulation.h"
#include "sim/PlusSceneRun.h"
#include "sim/Simulation.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The cradle's acceptance: speeds within 1 % of the striking
// speed, energy drift under 0.1 % over 10 s.
constexpr double kCradleSpeedRelTol = 0.01;
constexpr double kCradleEnergyDriftTol = 1e-3;
// J, relative: an impact never adds energy (e <= 1) beyond the solvers' round-off.
constexpr double kEnergyGainRelTol = 1e-9;
// Relative to the initial energy: between two samples of a flight the
// energy wanders by the integrator's error (JointedFlightOptions'
// tolerance, 1e-7 per step), ten times that at most; impacts only take.
constexpr double kFlightEnergyWanderRelTol = 1e-6;
// Relative: joint coordinates hold every joint to round-off.
constexpr double kJointRelTol = 1e-9;
// The first impact of the falling pendulum against the PLUS scene's: both
// integrate the same flight to 1e-12 (different coordinates), PLUS on the same W.
constexpr double kFirstImpactRelTol = 1e-9;
// m: no link or sphere passes the ground or a wall by more than the event
// search leaves (a step's bisection to 2^-60, and a resting contact's
// position correction each step).
constexpr double kPenetrationTol = 1e-6;
// m: a body held at rest on the ground moves by round-off only (its first
// resting impulse and position correction leave it within 1e-12 m).
constexpr double kRestingDriftTol = 1e-9;
// Kane's equations in joint coordinates against the chain's own (absolute
// angles): the same physics in other coordinates, round-off apart.
constexpr double kEquationsTol = 1e-10;
// sim/PlusSceneRun.cpp's flight tolerance (kFlightAbsTolerance, kFlightRelTolerance).
constexpr double kPlusSceneFlightTolerance = 1e-12;
// The first impact at the default flight tolerance (1e-9 per step over ~0.5 s).
constexpr double kDefaultToleranceRelTol = 1e-6;

SpatialScene loadScene(const std::string& stem) {
    return readSpatialScene(readJsonFile(std::string(IMPACTLAB_SCENES_DIR) + "/" + stem + ".json"));
}

double totalEnergy(const RunSample& s) { return s.kineticEnergy + s.potentialEnergy; }

TEST(Multibody, TriplePendulumEquationsAreThePendulumChains) {
    // Relative joint angles r: absolute theta_i = r_1 + ... + r_i; the
    // chain's qddot_abs = T rddot with T lower-triangular ones.
    const SpatialScene scene = loadScene("triple-pendulum-fall");
    const Multibody system = makeSceneMultibody(scene);
    ASSERT_EQ(system.getVelocityCount(), 3);
    const PendulumChain chain = makeTriplePendulum();
    const Eigen::Vector3d r(0.4, -1.1, 2.3), rdot(1.3, -0.7, 2.1);
    Eigen::Matrix3d T;
    T << 1, 0, 0, 1, 1, 0, 1, 1, 1;
    Eigen::VectorXd q = makeSceneInitialPositions(scene, system);
    q << r;
    const Eigen::VectorXd qAbs = T * r, qdotAbs = T * rdot;
    const Multibody::Kinematics k = system.calcKinematics(q, rdot);
    const Eigen::MatrixXd Mrel = system.calcMassMatrix(k);
    const Eigen::MatrixXd Mabs = chain.calcMassMatrix(qAbs);
    EXPECT_LT((Mrel - T.transpose() * Mabs * T).norm(), kEquationsTol * Mabs.norm());
    const Vec3 g(0.0, 0.0, -9.81);
    const Eigen::VectorXd accRel = system.calcAcceleration(q, rdot, g);
    const Eigen::VectorXd accAbs = chain.calcAcceleration(qAbs, qdotAbs, g);
    EXPECT_LT((T * accRel - accAbs).norm(), kEquationsTol * accAbs.norm());
    // The end sphere's centre where the chain puts it.
    EXPECT_LT((k.bodies[3].position - chain.calcEndCentre(qAbs)).norm(), kEquationsTol);
}

TEST(Multibody, TreeByTreeFactorSolvesAsTheWholeMassMatrix) {
    // The ball chain's strings and its free ball are several trees: M is
    // block diagonal. Solving tree by tree gives what the dense factorization
    // of all of M gives, round-off apart (the dense pivoted LDLT may take the
    // blocks' columns in another order).
    const SpatialScene scene = loadScene("ball-chain-strike");
    const Multibody system = makeSceneMultibody(scene);
    const Eigen::VectorXd q = makeSceneInitialPositions(scene, system);
    Eigen::VectorXd u(system.getVelocityCount());
    for (int i = 0; i < u.size(); ++i) u[i] = std::cos(0.7 + 1.9 * i);
    const Multibody::Kinematics k = system.calcKinematics(q, u);
    const Eigen::MatrixXd M = system.calcMassMatrix(k);
    Eigen::MatrixXd rhs(M.rows(), 3);
    for (int i = 0; i < rhs.size(); ++i) rhs(i) = std::sin(0.3 + 1.3 * i);
    const Eigen::MatrixXd dense = M.ldlt().solve(rhs);
    const Eigen::MatrixXd ldlt = system.factorMassMatrix(k, Multibody::Factorization::PivotedLdlt).solve(rhs);
    const Eigen::MatrixXd cholesky = system.factorMassMatrix(k, Multibody::Factorization::Cholesky).solve(rhs);
    EXPECT_GT(system.getBodyCount(), 2);
    EXPECT_LT((ldlt - dense).norm(), kEquationsTol * dense.norm());
    EXPECT_LT((cholesky - dense).norm(), kEquationsTol * dense.norm());
    EXPECT_LT((M * cholesky - rhs).norm(), kEquationsTol * rhs.norm());
}

TEST(JointedSimulation, TwoHundredBodiesEndWithAReasonWithinTheDefaultBudget) {
    // The double pendulum's two links copied a hundred times, all in one
    // place: a scene far larger than the event-driven simulator is made for.
    // It must end by itself (a limit of impacts, or the computing budget)
    // with a warning that says which, never run on unbounded.
    nlohmann::json document = readJsonFile(std::string(IMPACTLAB_SCENES_DIR) + "/double-pendulum-wall.json");
    nlohmann::json bodies = nlohmann::json::array();
    constexpr int kCopies = 100;
    for (int c = 0; c < kCopies; ++c)
        for (const auto& b : document["bodies"]) bodies.push_back(b);
    document["bodies"] = bodies;
    document["contact"]["law"] = "jia-wang";
    const SpatialScene scene = readSpatialScene(document);
    ASSERT_EQ(scene.bodies.size(), 2u * kCopies);
    const SimulationOptions options;
    EXPECT_LE(options.maxRunSeconds, limits::kDefaultRunSeconds);
    const SimulationRun run = simulate(scene, options);
    EXPECT_TRUE(run.endReason == "end time" || run.endReason == "impact limit" || run.endReason == "time limit")
        << run.endReason;
    if (run.endReason != "end time") {
        ASSERT_FALSE(run.warnings.empty());
        const std::string& last = run.warnings.back();
        EXPECT_TRUE(last.find("limit") != std::string::npos || last.find("run stopped") != std::string::npos) << last;
    }
    for (const RunSample& s : run.samples) ASSERT_TRUE(std::isfinite(s.kineticEnergy));
}

TEST(Multibody, PointJacobianIsTheDerivativeOfThePointsPath) {
    // Chain of balls on ball joints (the scene's strings made single, so
    // each is a spherical joint) plus a free ball: a point's velocity from
    // J u equals the finite difference of its position along q' = f(q, u).
    nlohmann::json document = readJsonFile(std::string(IMPACTLAB_SCENES_DIR) + "/ball-chain-strike.json");
    for (auto& joint : document["joints"]) joint["bifilar"] = false;
    const SpatialScene scene = readSpatialScene(document);
    const Multibody system = makeSceneMultibody(scene);
    Eigen::VectorXd q = makeSceneInitialPositions(scene, system);
    Eigen::VectorXd u(system.getVelocityCount());
    for (int i = 0; i < u.size(); ++i) u[i] = std::sin(1.0 + 2.3 * i);
    const Multibody::Kinematics k = system.calcKinematics(q, u);
    const int body = 2;
    const Vec3 local(0.01, -0.03, 0.02);
    const Vec3 point = k.bodies[body].position + k.bodies[body].orientation * local;
    const Vec3 v = system.calcPointJacobian(k, body, point) * u;
    const double h = 1e-6;   // central difference: O(h^2) ~ 1e-12 relative
    auto pointAt = [&](double dt) {
        Eigen::VectorXd qs = q + dt * system.calcPositionRate(q, u);
        system.normalize(qs);
        const Multibody::Kinematics ks = system.calcKinematics(qs, u);
        return Vec3(ks.bodies[body].position + ks.bodies[body].orientation * local);
    };
    const Vec3 fd = (pointAt(h) - pointAt(-h)) / (2.0 * h);
    EXPECT_LT((fd - v).norm(), 1e-6 * v.norm());
    EXPECT_NEAR(v.dot(k.bodies[body].calcPointVelocity(point)) / v.squaredNorm(), 1.0, kEquationsTol);
}

class CradleRaised : public ::testing::TestWithParam<int> {};

TEST_P(CradleRaised, AsManyBallsLeaveAsArrivedAtTheStrikingSpeed) {
    const int raised = GetParam();
    const SpatialScene scene = withParameter(loadScene("newtons-cradle-swinging"), "raised", raised);
    ASSERT_EQ(scene.bodies.size(), 5u);
    const SimulationRun run = simulate(scene);
    EXPECT_EQ(run.endReason, "end time");
    EXPECT_GE(run.endTime, 10.0);
    ASSERT_GE(run.impacts.size(), 10u);
    for (const ImpactEventRecord& e : run.impacts) {
        EXPECT_EQ(e.bodiesMovingBefore, raised) << "t = " << e.time;
        EXPECT_EQ(e.bodiesMovingAfter, raised) << "t = " << e.time;
        EXPECT_EQ(e.simultaneousContacts, 4);
        EXPECT_GE(e.rounds, 1);
        // The samples either side of the blow (the balls hang nearly straight
        // within a sample interval, so their speeds change by ~(w dt)^2 / 2 =
        // 4e-4): the raised count on the far side moves at the striking
        // speed, the rest are still.
        const auto next = std::upper_bound(run.samples.begin(), run.samples.end(), e.time,
                                           [](double t, const RunSample& s) { return t < s.time; });
        ASSERT_TRUE(next != run.samples.begin() && next != run.samples.end());
        const std::vector<BodyState>& before = (next - 1)->bodies;
        double strike = 0.0;
        for (const BodyState& b : before) strike = std::max(strike, b.velocity.norm());
        const std::vector<BodyState>& after = next->bodies;
        const bool fromLeft = before[0].velocity.norm() > 0.5 * strike;
        for (int i = 0; i < 5; ++i) {
            const bool leaves = fromLeft ? i >= 5 - raised : i < raised;
            EXPECT_NEAR(after[i].velocity.norm(), leaves ? strike : 0.0, kCradleSpeedRelTol * strike)
                << "ball " << i + 1 << " at t = " << e.time;
        }
    }
    const double e0 = totalEnergy(run.samples.front()), e1 = totalEnergy(run.samples.back());
    EXPECT_LT(std::abs(e1 - e0), kCradleEnergyDriftTol * e0);
    // Strings keep their length.
    for (const RunSample& s : run.samples) {
        for (const SceneJoint& j : scene.joints) {
            const double L = (j.point - scene.referenceBodies[j.body].position).norm();
            ASSERT_NEAR((s.bodies[j.body].position - j.point).norm(), L, kJointRelTol * L) << "t = " << s.time;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Raised, CradleRaised, ::testing::Values(1, 2, 3, 4));

TEST(JointedSimulation, CradleWithLossesOnlyLosesEnergy) {
    SpatialScene scene = withParameter(loadScene("newtons-cradle-swinging"), "e", 0.7);
    scene = withParameter(scene, "friction", 0.2);
    const SimulationRun run = simulate(scene);
    ASSERT_GE(run.impacts.size(), 3u);
    for (const ImpactEventRecord& e : run.impacts)
        EXPECT_LE(e.kineticEnergyAfter, e.kineticEnergyBefore * (1.0 + kEnergyGainRelTol)) << "t = " << e.time;
    for (size_t k = 1; k < run.samples.size(); ++k)
        ASSERT_LE(totalEnergy(run.samples[k]), totalEnergy(run.samples[k - 1]) + kFlightEnergyWanderRelTol * totalEnergy(run.samples[0]));
    // Most of the swing's energy (the kinetic energy of the first blow) is gone.
    EXPECT_GT(totalEnergy(run.samples.front()) - totalEnergy(run.samples.back()), 0.5 * run.impacts[0].kineticEnergyBefore);
}

TEST(JointedSimulation, FallingTriplePendulumFirstImpactIsThePlusScenes) {
    const SpatialScene scene = loadScene("triple-pendulum-fall");
    // The flight at the PLUS scene's tolerance (1e-12; the default 1e-9 is
    // looser), so both reach the same pose and rates to ~1e-11.
    JointedFlightOptions flight;
    flight.absTolerance = flight.relTolerance = kPlusSceneFlightTolerance;
    const SimulationRun run = simulateJointed(scene, {}, flight);
    ASSERT_GE(run.impacts.size(), 2u) << "it falls, strikes, rebounds and strikes again";
    // The default tolerance tells the same story: the same impacts, the first to 1e-6.
    const SimulationRun byDefault = simulate(scene);
    ASSERT_EQ(byDefault.impacts.size(), run.impacts.size());
    EXPECT_LT((byDefault.impacts[0].contactImpulses[0] - run.impacts[0].contactImpulses[0]).norm(),
              kDefaultToleranceRelTol * run.impacts[0].contactImpulses[0].norm());
    EXPECT_GE(run.endTime, 3.0);
    const PlusSceneRun plus = runPlusScene(loadPlusScene(std::string(IMPACTLAB_SCENES_DIR) + "/plus-triple-pendulum.json"));
    const ImpactEventRecord& first = run.impacts[0];
    EXPECT_NEAR(first.time, plus.flightTime, kFirstImpactRelTol * plus.flightTime);
    ASSERT_EQ(first.contactImpulses.size(), 1u);
    const Vec3 expected = plus.calcWorldImpulse(0);
    EXPECT_LT((first.contactImpulses[0] - expected).norm(), kFirstImpactRelTol * expected.norm());
    EXPECT_NEAR(first.kineticEnergyAfter, plus.plus.energyAfter, kFirstImpactRelTol * plus.plus.energyAfter);
    EXPECT_EQ(first.rounds, plus.plus.rounds);
    for (const ImpactEventRecord& e : run.impacts)
        EXPECT_LE(e.kineticEnergyAfter, e.kineticEnergyBefore * (1.0 + kEnergyGainRelTol)) << "t = " << e.time;
    // Joints hold: each link starts where the one before ends.
    for (const RunSample& s : run.samples) {
        Vec3 joint(0.0, 0.0, 2.0);
        for (int i = 0; i < 3; ++i) {
            const Vec3 axis = s.bodies[i].orientation * Vec3::UnitX();
            const Vec3 ends[2] = {s.bodies[i].position + 0.5 * axis, s.bodies[i].position - 0.5 * axis};
            const double miss = std::min((ends[0] - joint).norm(), (ends[1] - joint).norm());
            ASSERT_LT(miss, kJointRelTol) << "link " << i + 1 << " at t = " << s.time;
            joint = (ends[0] - joint).norm() < (ends[1] - joint).norm() ? ends[1] : ends[0];
        }
        ASSERT_LT((s.bodies[3].position - joint).norm(), kJointRelTol) << "the sphere at t = " << s.time;
        // Nothing below the ground.
        for (int i = 0; i < 4; ++i)
            for (const Vec3& p : calcSupportPoints(scene.bodies[i].shape, s.bodies[i], Vec3::UnitZ()))
                ASSERT_GT(p.z(), -kPenetrationTol) << scene.bodies[i].name << " at t = " << s.time;
    }
}

TEST(JointedSimulation, DoublePendulumStrikesTheWallAndStaysInFront) {
    const SpatialScene scene = loadScene("double-pendulum-wall");
    const SimulationRun run = simulate(scene);
    ASSERT_GE(run.impacts.size(), 2u);
    EXPECT_NE(run.impacts[0].contact.find("wall"), std::string::npos);
    const ScenePlane& wall = scene.walls.at(0);
    for (const RunSample& s : run.samples)
        for (int i = 0; i < 2; ++i)
            for (const Vec3& p : calcSupportPoints(scene.bodies[i].shape, s.bodies[i], wall.normal))
                ASSERT_GT((p - wall.point).dot(wall.normal), -kPenetrationTol) << "t = " << s.time;
    for (const ImpactEventRecord& e : run.impacts)
        EXPECT_LE(e.kineticEnergyAfter, e.kineticEnergyBefore * (1.0 + kEnergyGainRelTol));
}

TEST(JointedSimulation, ChainStrikesTheFreeBallAndTheGroundInOneImpact) {
    const SpatialScene scene = loadScene("ball-chain-strike");
    const SimulationRun run = simulate(scene);
    ASSERT_FALSE(run.impacts.empty());
    const ImpactEventRecord& first = run.impacts[0];
    EXPECT_EQ(first.contact, "chain ball 3 / free ball");
    EXPECT_EQ(first.simultaneousContacts, 2) << "the free ball is pressed into the ground";
    EXPECT_GT(run.samples.back().bodies[3].position.x(), scene.bodies[3].body.position.x()) << "the free ball moves on";
    for (const ImpactEventRecord& e : run.impacts)
        EXPECT_LE(e.kineticEnergyAfter, e.kineticEnergyBefore * (1.0 + kEnergyGainRelTol));
}

TEST(JointedSimulation, BallLyingOnTheGroundStaysStillUntilStruck) {
    // A body at rest on the ground is held (JointedFlightOptions::sleepSpeed):
    // before the chain strikes it, the free ball neither sinks into the ground
    // nor creeps, at every sample; struck, it moves.
    const SpatialScene scene = loadScene("ball-chain-strike");
    const SimulationRun run = simulate(scene);
    ASSERT_FALSE(run.impacts.empty());
    const double strike = run.impacts[0].time;
    const Vec3 start = scene.bodies[3].body.position;
    const double radius = scene.bodies[3].shape.radius;
    int before = 0;
    for (const RunSample& s : run.samples) {
        if (s.time >= strike) break;
        ++before;
        EXPECT_LT((s.bodies[3].position - start).norm(), kRestingDriftTol) << "t = " << s.time;
        EXPECT_GE(s.bodies[3].position.z() - radius, scene.groundHeight - kRestingDriftTol) << "t = " << s.time;
        EXPECT_LT(s.bodies[3].velocity.norm(), JointedFlightOptions{}.sleepSpeed) << "t = " << s.time;
    }
    EXPECT_GT(before, 10) << "the strike comes after the first samples";
    const RunSample& after = run.samples.back();
    EXPECT_GT((after.bodies[3].position - start).norm(), radius) << "the struck ball moves on";
}

TEST(JointedSimulation, SingleContactLawTakesOneContactWithAWarning) {
    const SpatialScene scene = withChoice(loadScene("double-pendulum-wall"), "law", "poisson");
    const SimulationRun run = simulate(scene);
    ASSERT_FALSE(run.impacts.empty());
    EXPECT_EQ(run.impacts[0].simultaneousContacts, 1);
    EXPECT_EQ(run.impacts[0].result.model, "poisson");
    // A cradle solved contact by contact: several close at once is said.
    SpatialScene cradle = loadScene("newtons-cradle-swinging");
    cradle.contact.law = "newton";
    const SimulationRun byOne = simulate(cradle);
    bool warned = false;
    for (const std::string& w : byOne.warnings) warned = warned || w.find("one at a time") != std::string::npos;
    EXPECT_TRUE(warned);
}

void expectRefused(nlohmann::json doc, const std::string& field) {
    try {
        simulate(readSpatialScene(doc));
        ADD_FAILURE() << "accepted; expected an error naming " << field;
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), field) << e.what();
    }
}

TEST(JointedSimulation, BadJointsAreRefusedNamingTheField) {
    const nlohmann::json tp = readJsonFile(std::string(IMPACTLAB_SCENES_DIR) + "/triple-pendulum-fall.json");
    nlohmann::json d = tp;
    d["joints"][0]["body"] = 9;
    expectRefused(d, "joints[0].body");
    d = tp;
    d["joints"][0]["parent"] = 2;   // 0 -> 2 -> 1 -> 0
    expectRefused(d, "joints");
    d = tp;
    d["joints"][3]["angle"] = 0.3;
    expectRefused(d, "joints[3].angle");
    d = tp;
    d["joints"][1]["bifilar"] = true;
    expectRefused(d, "joints[1].bifilar");
    d = tp;
    d["joints"][0]["axis"] = {0.0, 0.0, 0.0};
    expectRefused(d, "joints[0].axis");
    d = tp;
    for (int k = 0; k < 3; ++k) d["joints"][k]["angle"] = 0.0;   // hanging straight down: below the ground
    expectRefused(d, "joints[2].angle");   // the lowest link's (the sphere is welded to it)
    d = tp;
    d["bodies"][1]["velocity"] = {1.0, 0.0, 0.0};
    expectRefused(d, "bodies[1].velocity");
    const nlohmann::json cradle = readJsonFile(std::string(IMPACTLAB_SCENES_DIR) + "/newtons-cradle-swinging.json");
    d = cradle;
    d["assembly"]["raised"] = 1.5;
    expectRefused(d, "assembly.raised");
    d = cradle;
    d["assembly"]["balls"] = 1;
    expectRefused(d, "assembly.balls");
    d = cradle;
    d["walls"] = {{{"point", {0.0, 0.0, 0.0}}, {"normal", {0.0, 0.0, 0.0}}}};
    expectRefused(d, "walls[0].normal");
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace

namespace { namespace IMPACTLAB_UNITY_ID {

// The compliant reference keeps what an undamped contact keeps: the energy
// after each contact to the integrator's and the springs' round-off.
constexpr double kCompliantEnergyRelTol = 1e-4;
// The compliant reference against PLUS just after a blow: steel-stiff
// springs (10 GPa) pass it on within ~0.1 ms, with a few per cent left in
// the row (the Hertz chain's dispersion); the pendulum's single contact
// agrees to the PLUS scene's own compliant comparison (~0.5 %).
constexpr double kCompliantCradleRelTol = 0.1;
constexpr double kCompliantPendulumRelTol = 0.01;

// The first sample at or after time t.
const RunSample& sampleAfter(const SimulationRun& run, double t) {
    return *std::find_if(run.samples.begin(), run.samples.end(), [t](const RunSample& s) { return s.time >= t; });
}

TEST(JointedCompliant, CradlePassesTheBlowOnThroughItsSprings) {
    const SpatialScene scene = loadScene("newtons-cradle-swinging");
    const SimulationRun plus = simulate(scene);
    const SimulationRun run = simulateJointedCompliant(scene);
    ASSERT_EQ(run.endReason, "end time");
    EXPECT_TRUE(run.impacts.empty());
    ASSERT_FALSE(plus.impacts.empty());
    const double after = plus.impacts[0].time + 0.001;
    const RunSample& p = sampleAfter(plus, after);
    const RunSample& c = sampleAfter(run, after);
    const double leaving = p.bodies[4].velocity.norm();
    EXPECT_NEAR(c.bodies[4].velocity.norm(), leaving, kCompliantCradleRelTol * leaving);
    EXPECT_LT(c.bodies[0].velocity.norm(), kCompliantCradleRelTol * leaving);
    const double e0 = totalEnergy(run.samples.front());
    EXPECT_NEAR(totalEnergy(run.samples.back()), e0, kCompliantEnergyRelTol * e0) << "e = 1: no dissipation";
}

TEST(JointedCompliant, TriplePendulumReboundsAsPlusSays) {
    const SpatialScene scene = loadScene("triple-pendulum-fall");
    const SimulationRun plus = simulate(scene);
    const SimulationRun compliant = simulateJointedCompliant(scene);
    ASSERT_FALSE(plus.impacts.empty());
    const double after = plus.impacts[0].time + 0.05;
    const RunSample& p = sampleAfter(plus, after);
    const RunSample& c = sampleAfter(compliant, after);
    EXPECT_NEAR(c.kineticEnergy, p.kineticEnergy, kCompliantPendulumRelTol * p.kineticEnergy);
    const Vec3 v = p.bodies[3].velocity;
    EXPECT_LT((c.bodies[3].velocity - v).norm(), kCompliantPendulumRelTol * v.norm());
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
