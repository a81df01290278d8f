// The PLUS scenes (scene/PlusScene.h) and their runs (sim/PlusSceneRun.h):
// each built-in scene poses the paper's example so PLUS reproduces reference
// note B.2 and the compliant reference runs beside it. Their figures are
// tested in diagram/test_plus_figures.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "io/JsonInput.h"
#include "scene/PlusScene.h"
#include "sim/PlusSceneRun.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

constexpr double kClosedFormRelTol = 1e-6;   // B.2.5 / B.2.7 state 1e-6
constexpr double kCradleTol = 1e-9;          // B.2.8 states 1e-12 for the law; the scene adds round-off of poses
// The compliant model at 10 GPa against rigid PLUS: its total normal impulse
// is within 2 % over Fig. 15b's range (docs/benchmarks.md, the compliant reference).
constexpr double kCompliantRelTol = 0.02;

// J: B.2.5 prints the energy before to four decimals.
constexpr double kPrintedEnergyTol = 1e-4;
// B.2.7 prints the impulses to five decimals.
constexpr double kPrintedImpulseTol = 1e-5;
// The total of four impulses each printed to five decimals.
constexpr double kPrintedTotalTol = 1e-4;
// Kg m/s: the compliant run conserves momentum to its integrator's tolerance.
constexpr double kCompliantMomentumTol = 1e-6;
// J: an elastic compliant chain returns its energy to its integrator's tolerance.
constexpr double kCompliantEnergyTol = 1e-4;
// m: the touch is found by bisection, to its round-off.
constexpr double kBisectionTol = 1e-9;
// Dormand-Prince to 1e-12 over the swing, with margin.
constexpr double kReleaseEnergyRelTol = 1e-9;
// m: the pose is placed at the touch in closed form, round-off only.
constexpr double kTouchTol = 1e-12;
// A sliding impulse on the cone's edge, to the law's round-off with margin.
constexpr double kConeEdgeTol = 1e-9;
// m/s: a contact point "still sliding" moves faster than this tangentially,
// far above the solver's round-off and far below the example's metres per second.
constexpr double kPlusSlidingSpeedFloor = 1e-3;
// The same chain read two ways integrates the same flight; the impulses
// agree to the flight's tolerance (Dormand-Prince to 1e-12), not bit for bit.
constexpr double kReadingsAgreeTol = 1e-6;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

json readDocument(const std::string& name) { return readJsonFile(scenePath(name)); }

void expectPhysical(const PlusSceneRun& run) {
    const int nc = run.problem.getContactCount();
    for (int k = 0; k < nc; ++k) {
        const Vec3 pi = run.plus.getImpulse(k);
        EXPECT_GE(pi.z(), 0.0) << run.getContactName(k);
        EXPECT_LE(pi.head<2>().norm(), run.problem.contacts[k].friction * pi.z() * (1.0 + 1e-9) + 1e-12)
            << run.getContactName(k) << ": outside its friction cone";
        EXPECT_GE(run.plus.getVelocityAfter(k).z(), -run.options.velocityTolerance) << run.getContactName(k);
    }
    EXPECT_LE(run.plus.energyAfter, run.plus.energyBefore * (1.0 + 1e-9));
    EXPECT_EQ(run.plus.status, SolveStatus::Converged);
}

TEST(PlusScene, EveryBuiltInPlusSceneRunsPhysically) {
    int count = 0;
    for (const char* file : {"plus-brick-vertex.json", "plus-brick-four-vertices.json", "plus-newtons-cradle.json",
                             "plus-triple-pendulum.json"}) {
        SCOPED_TRACE(file);
        const PlusScene scene = loadPlusScene(scenePath(file));
        EXPECT_FALSE(scene.parameters.empty()) << "sliders for what the paper varies";
        const PlusSceneRun run = runPlusScene(scene);
        expectPhysical(run);
        EXPECT_EQ(static_cast<std::size_t>(run.problem.getContactCount()), run.contactPoints.size());
        EXPECT_TRUE(run.compliant.has_value()) << "every PLUS scene runs its compliant reference";
        // The compliant bricks approach rigid PLUS; a compliant cradle's wave
        // disperses into extra touches (its impulses differ by ~7 %), so it
        // is compared by momentum in CradleRoundsTable.
        if (run.compliant && scene.example != PlusExample::NewtonsCradle) {
            EXPECT_EQ(run.compliant->status, CompliantStatus::Separated);
            double plusNormal = 0.0, compliantNormal = 0.0;
            for (int k = 0; k < run.problem.getContactCount(); ++k) {
                plusNormal += run.plus.getImpulse(k).z();
                compliantNormal += run.compliant->contacts[k].impulse.z();
            }
            EXPECT_NEAR(compliantNormal, plusNormal, kCompliantRelTol * plusNormal);
        }
        // Every slider's end of range still poses a valid problem or is refused with its field.
        for (const SceneParameter& p : scene.parameters) {
            if (p.kind != SceneParameter::Kind::Number) continue;
            for (double v : {p.min, p.max}) {
                try {
                    expectPhysical(runPlusScene(withParameter(scene, p.id, v)));
                } catch (const InputError& e) {
                    EXPECT_EQ(e.field().rfind("example.", 0), 0u) << p.id << " = " << v << ": " << e.what();
                }
            }
        }
        ++count;
    }
    EXPECT_EQ(count, 4);
}

// Reference B.2.5: mu 0.325 ends in the closed form, whatever theta_max.
TEST(PlusScene, BrickOnVertexPosesExampleOne) {
    const PlusSceneRun run = runPlusScene(loadPlusScene(scenePath("plus-brick-vertex.json")));
    ASSERT_EQ(run.problem.getContactCount(), 1);
    const Vec3 total(1.841831288, -2.417437796, 15.836404735);
    EXPECT_LT((run.plus.getImpulse(0) - total).norm(), kClosedFormRelTol * total.norm());
    EXPECT_NEAR(run.plus.energyBefore, 57.9476, kPrintedEnergyTol);
    EXPECT_EQ(run.plus.intervals, 116);   // B.2.4 with theta_max 0.01
}

TEST(PlusScene, BrickCasesAndThetaMaxFollowTheSliders) {
    const PlusScene scene = loadPlusScene(scenePath("plus-brick-vertex.json"));
    EXPECT_EQ(runPlusScene(withParameter(scene, "theta_max", 0.15)).plus.intervals, 11);
    EXPECT_EQ(runPlusScene(withParameter(scene, "theta_max", 0.25)).plus.intervals, 8);
    // mu 0.125 slides throughout (B.2.3): no slide-to-roll event; the case overrides the sliders.
    const PlusScene low = withChoice(withParameter(scene, "friction", 0.9), "case", "0.125");
    EXPECT_DOUBLE_EQ(low.brick.friction, 0.125);
    EXPECT_DOUBLE_EQ(low.brick.eMin, 0.392);
    const PlusSceneRun r = runPlusScene(low);
    for (const ContactEvent& e : r.plus.events) EXPECT_NE(e.kind, ContactEventKind::SlideToRoll);
    // "custom" takes the sliders.
    const PlusScene custom = withChoice(withParameter(scene, "friction", 0.9), "case", "custom");
    EXPECT_DOUBLE_EQ(custom.brick.friction, 0.9);
}

// Reference B.2.7: four points, leading : trailing normal impulse 3 : 1.
TEST(PlusScene, FourVerticesSplitThreeToOne) {
    const PlusSceneRun run = runPlusScene(loadPlusScene(scenePath("plus-brick-four-vertices.json")));
    ASSERT_EQ(run.problem.getContactCount(), 4);
    double total = 0.0;
    for (int k = 0; k < 4; ++k) {
        const double pn = run.plus.getImpulse(k).z();
        total += pn;
        const bool leading = run.getContactName(k).find("-x") != std::string::npos;
        EXPECT_NEAR(pn, leading ? 9.37482 : 3.12494, kPrintedImpulseTol) << run.getContactName(k);
    }
    EXPECT_NEAR(total, 24.99952, kPrintedTotalTol);
    ASSERT_TRUE(run.plus.bodiesAfter);
    EXPECT_NEAR(run.plus.bodiesAfter->at(0).velocity.x(), 0.394907, kPrintedImpulseTol);
}

// Reference B.2.8: the final speeds; row C with the simultaneous model.
TEST(PlusScene, CradleFinalSpeeds) {
    const PlusScene scene = loadPlusScene(scenePath("plus-newtons-cradle.json"));
    const PlusSceneRun run = runPlusScene(scene);
    ASSERT_TRUE(run.plus.bodiesAfter);
    const auto& b = *run.plus.bodiesAfter;
    ASSERT_EQ(b.size(), 5u);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(b[i].velocity.x(), 0.0, kCradleTol);
    EXPECT_NEAR(b[4].velocity.x(), -2.0, kCradleTol);

    const PlusSceneRun c = runPlusScene(withChoice(scene, "model", "simultaneous"));
    EXPECT_NEAR(c.plus.bodiesAfter->at(0).velocity.x(), 1.2, kCradleTol);
    for (int i = 1; i < 5; ++i) EXPECT_NEAR(c.plus.bodiesAfter->at(i).velocity.x(), -0.8, kCradleTol);
    // The compliant cradle conserves momentum and (no dissipation) energy.
    ASSERT_TRUE(run.compliant);
    Vec3 momentum = Vec3::Zero();
    for (const RigidBody& body : run.compliant->bodies) momentum += body.mass * body.velocity;
    EXPECT_NEAR(momentum.x(), -2.0, kCompliantMomentumTol);
    EXPECT_NEAR(run.compliant->kineticEnergyAfter, 2.0, kCompliantEnergyTol);
}

// Example 4: released from rest, the chain falls in generalized coordinates
// (energy conserved to the integrator's accuracy) until the sphere touches.
TEST(PlusScene, PendulumFallsFromReleaseAndTouchesTheGround) {
    const PlusScene scene = loadPlusScene(scenePath("plus-triple-pendulum.json"));
    ASSERT_TRUE(scene.pendulum.fromRelease);
    const PlusSceneRun run = runPlusScene(scene);
    ASSERT_EQ(run.shapes.chainJoints.size(), 4u);
    EXPECT_NEAR(run.shapes.chainJoints.back().z(), run.shapes.sphereRadius, kBisectionTol);   // the touch, to bisection round-off
    EXPECT_NEAR(run.touchEnergy, run.releaseEnergy, kReleaseEnergyRelTol * run.releaseEnergy);       // Dormand-Prince to 1e-12
    EXPECT_GT(run.flightTime, 0.0);
    EXPECT_LT(run.problem.getVelocity(0).z(), 0.0);
    // Free fall of a lone point from the sphere's 1.427 m (the printed angles
    // as joint angles) to 0.25 m takes 0.490 s; the chain, swinging about its
    // pivot, takes about as long, neither twice as fast nor half as fast.
    EXPECT_GT(run.flightTime, 0.3);
    EXPECT_LT(run.flightTime, 0.8);
    // A pendulum that starts below the ground is refused.
    nlohmann::json d = scene.document;
    d["example"]["release_theta"] = nlohmann::json::array({0.0, 0.0, 0.0});   // hanging: sphere centre at -1 m
    EXPECT_THROW(runPlusScene(parsePlusScene(d)), InputError);
}

// Example 4 as printed, (pi/4, 3pi/4, 5pi/6) from rest: the paper says the
// sphere "slides throughout the collision" (reference B.2.9). Read as joint
// angles (the built-in scene) it does: no slide-to-roll event, and the
// tangential impulse ends on the cone, |pi_t| = mu pi_n. Read as absolute
// angles, the same numbers make it stick (a slide-to-roll event, the impulse
// strictly inside the cone): the reason the scene reads them as joint angles.
TEST(PlusScene, PendulumAsPrintedSlidesThroughoutOnlyWithJointAngles) {
    const PlusScene scene = loadPlusScene(scenePath("plus-triple-pendulum.json"));
    ASSERT_TRUE(scene.pendulum.releaseRelative);
    const PlusSceneRun run = runPlusScene(scene);
    ASSERT_EQ(run.plus.status, SolveStatus::Converged);
    for (const ContactEvent& e : run.plus.events) EXPECT_NE(e.kind, ContactEventKind::SlideToRoll);
    const Vec3 impulse = run.plus.getImpulse(0);
    EXPECT_GT(impulse.z(), 0.0);
    EXPECT_NEAR(impulse.head<2>().norm(), scene.pendulum.friction * impulse.z(), kConeEdgeTol);
    // The sphere still slides when it leaves: its tangential velocity is not zero.
    EXPECT_GT(run.plus.getVelocityAfter(0).head<2>().norm(), kPlusSlidingSpeedFloor);

    const PlusSceneRun absolute = runPlusScene(withChoice(scene, "angles", "absolute"));
    bool sticks = false;
    for (const ContactEvent& e : absolute.plus.events) sticks = sticks || e.kind == ContactEventKind::SlideToRoll;
    EXPECT_TRUE(sticks);
    const Vec3 absoluteImpulse = absolute.plus.getImpulse(0);
    EXPECT_LT(absoluteImpulse.head<2>().norm(), scene.pendulum.friction * absoluteImpulse.z() - kConeEdgeTol);

    // The two readings are one chain: the joint angles summed are the absolute ones.
    nlohmann::json d = scene.document;
    d["example"]["release_angles"] = "absolute";
    d["example"]["release_theta"] = nlohmann::json::array({M_PI / 4.0, M_PI, 11.0 * M_PI / 6.0 - 2.0 * M_PI});
    const PlusSceneRun same = runPlusScene(parsePlusScene(d));
    EXPECT_NEAR((same.plus.getImpulse(0) - impulse).norm(), 0.0, kReadingsAgreeTol * impulse.norm());
}

// Posed at the touch, sliding fast enough against mu 0.1, the sphere slides
// throughout: the tangential impulse sits on the cone.
TEST(PlusScene, PendulumPosedAtTheTouchSlides) {
    const PlusSceneRun run = runPlusScene(withChoice(loadPlusScene(scenePath("plus-triple-pendulum.json")), "pose", "impact"));
    ASSERT_EQ(run.shapes.chainJoints.size(), 4u);
    EXPECT_NEAR(run.shapes.chainJoints.back().z(), run.shapes.sphereRadius, kTouchTol);
    for (const ContactEvent& e : run.plus.events) EXPECT_NE(e.kind, ContactEventKind::SlideToRoll);
    EXPECT_NEAR(run.plus.getImpulse(0).head<2>().norm(), 0.1 * run.plus.getImpulse(0).z(), kConeEdgeTol);
}

TEST(PlusScene, BadInputNamesTheField) {
    auto expectField = [](json doc, const std::string& field) {
        try {
            runPlusScene(parsePlusScene(doc));
            ADD_FAILURE() << "accepted; expected an error naming " << field;
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), field) << e.what();
        }
    };
    json cradle = readDocument("plus-newtons-cradle.json");
    json d = cradle;
    d["example"]["balls"] = 1;
    expectField(d, "example.balls");
    d = cradle;
    d["example"]["type"] = "pogo-stick";
    expectField(d, "example.type");
    d = cradle;
    d["example"]["restitution"] = 1.5;
    expectField(d, "example.restitution");
    d = cradle;
    d["plus"]["theta_max"] = -1;
    expectField(d, "plus.theta_max");
    d = cradle;
    d["compliant"]["stiffness"] = 1e300;
    expectField(d, "compliant.stiffness");
    json brick = readDocument("plus-brick-vertex.json");
    d = brick;
    d["example"]["case"] = "0.5";
    expectField(d, "example.case");
    d = brick;
    d["example"]["velocity"] = json::array({-5.0, 0.0, 5.0});   // leaving the ground
    expectField(d, "example.velocity");
    d = brick;
    d["example"]["friction"] = -0.1;
    expectField(d, "example.friction");
    json pendulum = readDocument("plus-triple-pendulum.json");
    d = pendulum;
    d["example"]["pose"] = "impact";
    d["example"]["theta1"] = 3.0;   // the sphere cannot reach the ground
    expectField(d, "example.theta2");
    d = pendulum;
    d["example"]["pose"] = "hanging";
    expectField(d, "example.pose");
    d = pendulum;
    d["compliant"]["stiffness"] = -1.0;
    expectField(d, "compliant.stiffness");
}

}}  // namespace
}  // namespace impactlab
