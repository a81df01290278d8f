// Planar event-driven simulation (Cataldo & Sampaio sec. 3.2.3 ... 4.1) on the
// built-in planar scenes, against the reference's timelines (reference note
// B2.8, B2.9, B2.7), plus invariants: energy between impacts, momentum balance
// of each impact, the 3D images of the bodies and the rest guard.
#include <gtest/gtest.h>

#include <cmath>

#include "mechanics/planar/PlanarContact.h"
#include "scene/PlanarSceneReader.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"
#include "support/SceneTestSupport.h"

using namespace impactlab;
using nlohmann::json;

namespace { namespace IMPACTLAB_UNITY_ID {

constexpr double kG = 9.81;
// Free flight is closed form and impacts are bisected to 1e-11 s, so times and
// velocities agree with closed forms to ~1e-9.
constexpr double kFlightTol = 1e-8;
// The reference prints its timelines to 5-6 significant digits.
constexpr double kPrintedTol = 5e-6;
// Its energies and velocities after several impacts are printed to 5 decimals.
constexpr double kPrinted5Tol = 1e-5;
// Energy between impacts: closed-form flight keeps it to round-off (each step
// adds ~1e-15 J); over 1000 steps 1e-9 J is ample.
constexpr double kEnergyTol = 1e-9;
// The pendulum's RK4 flight (h = 1/960 s, |theta'| <= 5 rad/s) keeps energy to ~1e-10 J.
constexpr double kPendulumEnergyTol = 1e-8;
// Quantities computed in a few flops from the same state (an impulse applied
// to O(10) momenta, a pose mapped to 3D) agree to round-off.
constexpr double kRoundOffTol = 1e-12;
// Two laws reaching the same impulses by different algorithms (closed form,
// Routh's process) agree to ~1e-12 per impact; flight carries it to ~1e-10 m.
constexpr double kLawAgreementTol = 1e-9;
// At rest the resting impulses and the position correction leave a body's
// contact points within one step's free fall (g h^2 / 2 = 5e-6 m, h = 1/960 s)
// of the ground.
constexpr double kRestingGapTol = 1e-5;
// The pendulum's release angle is printed to 15 digits and its RK4 flight keeps
// energy to ~1e-10 J: thetadot_A = -2 rad/s to ~1e-8.
constexpr double kReleaseTol = 1e-6;
// Sample times are multiples of the interval up to summation round-off.
constexpr double kSampleTimeTol = 1e-9;

// A built-in scene, with its law and parameters set; nullopt (a test
// failure through LOAD_OR_FAIL) when the law is not registered.
std::optional<PlanarScene> loadWith(const std::string& file, const std::string& law,
                              const std::vector<std::pair<std::string, double>>& values = {}) {
    if (!findLaw(law)) return std::nullopt;
    json doc = test::withRegisteredLawsOnly(test::loadSceneDocument(file), law);
    doc["contact"]["law"] = law;
    PlanarScene s = readPlanarScene(doc);
    for (const auto& [id, v] : values) {
        json d = s.document;
        d[json::json_pointer(s.findParameter(id)->target)] = v;
        s = readPlanarScene(d);
    }
    return s;
}

#define LOAD_OR_FAIL(var, ...)                                                   \
    const std::optional<PlanarScene> var##Opt = loadWith(__VA_ARGS__);                 \
    ASSERT_TRUE(var##Opt.has_value()) << "law not registered";                  \
    const PlanarScene& var = *var##Opt

const RunChannel& channel(const SimulationRun& run, const std::string& name) {
    const RunChannel* c = run.findChannel(name);
    EXPECT_NE(c, nullptr) << name;
    static const RunChannel empty;
    return c ? *c : empty;
}

double valueAt(const SimulationRun& run, const std::string& name, double t) {
    const RunChannel& c = channel(run, name);
    for (std::size_t k = 0; k < run.samples.size(); ++k)
        if (std::abs(run.samples[k].time - t) < kSampleTimeTol) return c.values[k];
    ADD_FAILURE() << "no sample at t = " << t;
    return NAN;
}


TEST(PlanarSimulation, BarFirstImpactMatchesTheReference) {
    // B2.8: the left end hits at t1 = sqrt(2 * 0.8464466 / g) with v0 = sqrt(2 g 0.8464466).
    LOAD_OR_FAIL(s, "bar.json", "newton", {{"restitution", 1.0}, {"friction", 0.0}});
    const SimulationRun run = simulate(s);
    ASSERT_FALSE(run.impacts.empty());
    const double drop = 1.2 - 0.5 * std::sin(kPi / 4);
    const ImpactEventRecord& first = run.impacts[0];
    EXPECT_NEAR(first.time, std::sqrt(2 * drop / kG), kFlightTol);
    EXPECT_NEAR(first.time, 0.415413, kPrintedTol);
    EXPECT_NEAR(first.problem.vMinus.z(), -std::sqrt(2 * kG * drop), kFlightTol);
    EXPECT_NEAR(first.problem.vMinus.z(), -4.075203, kPrintedTol);
    EXPECT_NEAR(first.problem.vMinus.x(), 0.0, kFlightTol) << "a direct impact";
    EXPECT_EQ(first.contact, "bar left end / ground");
    EXPECT_EQ(first.otherBody, -1);
    EXPECT_TRUE(first.problem.bodies.has_value()) << "a free bar gives a body-level problem";
    // The contact point is the left end, on the ground, at x = -(L/2) cos(pi/4), world z = 0.
    EXPECT_NEAR((first.point - Vec3(-0.5 * std::cos(kPi / 4), 0, 0)).norm(), 0.0, kFlightTol);
    EXPECT_NEAR(first.result.impulse.z(), 3.26016, kPrinted5Tol);
}

TEST(PlanarSimulation, NewtonElasticBarTimelineMatchesTheReference) {
    // B2.8, Newton e = 1: post (0, -0.81504, -13.83170); the right end hits at
    // 0.507798 s at theta = -0.49245; at t = 0.8: y = 0.68643, theta = 2.71881,
    // ydot = 0.10693, thetadot = 10.98986; E = 11.772 J throughout.
    LOAD_OR_FAIL(s, "bar.json", "newton", {{"restitution", 1.0}, {"friction", 0.0}});
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 2u);
    EXPECT_EQ(run.endReason, "end time");
    EXPECT_EQ(run.impacts[1].contact, "bar right end / ground");
    EXPECT_NEAR(run.impacts[1].time, 0.507798, kPrintedTol);
    EXPECT_NEAR(valueAt(run, "bar.y", 0.8), 0.68643, kPrinted5Tol);
    EXPECT_NEAR(valueAt(run, "bar.theta", 0.8), 2.71881, kPrinted5Tol);
    EXPECT_NEAR(valueAt(run, "bar.vy", 0.8), 0.10693, kPrinted5Tol);
    EXPECT_NEAR(valueAt(run, "bar.omega", 0.8), 10.98986, kPrinted5Tol);
    EXPECT_NEAR(valueAt(run, "bar.x", 0.8), 0.0, kFlightTol) << "frictionless: no horizontal motion";
    // The right end touches the ground at x = x_c + (L/2) cos(theta), x_c = 0, theta = -0.49245.
    const ImpactEventRecord& second = run.impacts[1];
    EXPECT_NEAR(second.point.z(), 0.0, kFlightTol) << "the contact point is on the ground";
    EXPECT_NEAR(second.point.x(), 0.5 * std::cos(-0.49245), kPrinted5Tol);

    for (std::size_t k = 0; k < run.samples.size(); ++k)
        EXPECT_NEAR(channel(run, "energy").values[k], 11.772, kEnergyTol) << "t = " << run.samples[k].time;
    // Impact 1 in absolute numbers.
    EXPECT_NEAR(run.impacts[0].kineticEnergyAfter, run.impacts[0].kineticEnergyBefore, kEnergyTol);
}

TEST(PlanarSimulation, SecondImpactAngleOfTheElasticBar) {
    // The right end reaches the ground at theta = -0.49245 (B2.8): from the
    // sampled state just before the impact, fly freely to the impact time.
    LOAD_OR_FAIL(s, "bar.json", "newton", {{"restitution", 1.0}, {"friction", 0.0}});
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 2u);
    const double t2 = run.impacts[1].time;
    const RunChannel& theta = channel(run, "bar.theta");
    const RunChannel& omega = channel(run, "bar.omega");
    std::size_t k = 0;
    while (k + 1 < run.samples.size() && run.samples[k + 1].time < t2) ++k;
    const double thetaAtImpact = theta.values[k] + omega.values[k] * (t2 - run.samples[k].time);
    EXPECT_NEAR(thetaAtImpact, -0.49245, kPrinted5Tol);
}

TEST(PlanarSimulation, NewtonBarWithRestitution08MatchesTheEnergyHistory) {
    // B2.8: impacts at 0.415413 L, 0.511369 R, 0.640207 L; total energy
    // 11.772 -> 10.57628 -> 7.47538 -> 6.96276; post first impact
    // (0, -1.14106, -12.44853).
    LOAD_OR_FAIL(s, "bar.json", "newton", {{"restitution", 0.8}, {"friction", 0.0}});
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 3u);
    const double times[] = {0.415413, 0.511369, 0.640207};
    const double energies[] = {10.57628, 7.47538, 6.96276};
    const char* contacts[] = {"bar left end / ground", "bar right end / ground", "bar left end / ground"};
    for (int i = 0; i < 3; ++i) {
        const ImpactEventRecord& e = run.impacts[i];
        EXPECT_NEAR(e.time, times[i], kPrintedTol) << i;
        EXPECT_NEAR(e.kineticEnergyAfter + e.potentialEnergy, energies[i], kPrinted5Tol) << i;
        EXPECT_EQ(e.contact, contacts[i]);
    }
    const RigidBody& after = run.impacts[0].result.bodiesAfter->body1;
    EXPECT_NEAR(after.velocity.x(), 0.0, kPrinted5Tol);
    EXPECT_NEAR(after.velocity.z(), -1.14106, kPrinted5Tol);
    EXPECT_NEAR(-after.angularVelocity.y(), -12.44853, kPrinted5Tol) << "omega about world -y";
    EXPECT_NEAR(run.samples.back().kineticEnergy + run.samples.back().potentialEnergy, 6.96276, kPrinted5Tol);
}

TEST(PlanarSimulation, KaneGainsEnergyAtTheSecondImpact) {
    // B2.8 (Fig. 3.9): Kane, mu = 1, e = 1: the first impact sticks at
    // (I_N, I_T) = (5.09400, 3.05640); the second, right end at 0.603268 s,
    // sticks at (4.87881, -2.67700) and the energy rises 11.772 -> 11.98366.
    LOAD_OR_FAIL(s, "kane-paradox.json", "kane");
    const SimulationRun run = simulate(s);
    ASSERT_GE(run.impacts.size(), 2u);
    EXPECT_NEAR(run.impacts[0].result.impulse.z(), 5.09400, kPrinted5Tol);
    EXPECT_NEAR(run.impacts[0].result.impulse.x(), 3.05640, kPrinted5Tol);
    EXPECT_NEAR(run.impacts[0].kineticEnergyAfter + run.impacts[0].potentialEnergy, 11.772, kPrinted5Tol);
    const ImpactEventRecord& second = run.impacts[1];
    EXPECT_EQ(second.contact, "bar right end / ground");
    EXPECT_NEAR(second.time, 0.603268, kPrintedTol);
    EXPECT_NEAR(second.result.impulse.z(), 4.87881, kPrinted5Tol);
    EXPECT_NEAR(second.result.impulse.x(), -2.67700, kPrinted5Tol);
    EXPECT_NEAR(second.kineticEnergyAfter + second.potentialEnergy, 11.98366, kPrinted5Tol);
    EXPECT_GT(second.kineticEnergyAfter, second.kineticEnergyBefore) << "the paradox: energy is created";
    EXPECT_FALSE(second.result.warnings.empty()) << "the law reports the gain";
}

TEST(PlanarSimulation, BrachMomentCoefficientUsesTheBodiesCouple) {
    // B2.8: Brach e_n = 1, r = 0, e_m = 0.1: I_N = 7.24481, post (0, 3.16960,
    // -2.56143), E -> 8.76492; the couple is applied through the bodies.
    LOAD_OR_FAIL(s, "bar.json", "brach", {{"restitution", 1.0}, {"brach_e_m", 0.1}, {"brach_ratio", 0.0}});
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 1u) << "one impact in [0, 0.8] (and in [0, 1] in the paper)";
    EXPECT_NEAR(run.impacts[0].result.impulse.z(), 7.24481, kPrinted5Tol);
    EXPECT_NEAR(run.impacts[0].kineticEnergyAfter + run.impacts[0].potentialEnergy, 8.76492, kPrinted5Tol);
    const double t = 0.5;
    const double t1 = run.impacts[0].time;
    EXPECT_NEAR(valueAt(run, "bar.vy", t), 3.16960 - kG * (t - t1), kPrinted5Tol);
    EXPECT_NEAR(valueAt(run, "bar.omega", t), -2.56143, kPrinted5Tol);
}

TEST(PlanarSimulation, EachImpactBalancesLinearMomentumAndAngularMomentumAboutTheContact) {
    // The ground's impulse acts at the contact point: the bar's momentum changes
    // by it and its angular momentum about that point does not change.
    LOAD_OR_FAIL(s, "bar.json", "poisson", {{"restitution", 0.7}, {"friction", 0.5}});
    const SimulationRun run = simulate(s);
    ASSERT_GE(run.impacts.size(), 2u);
    for (const ImpactEventRecord& e : run.impacts) {
        const RigidBody& before = e.problem.bodies->body1;
        const RigidBody& after = e.result.bodiesAfter->body1;
        const Vec3 I = e.frame.toWorld(e.result.impulse);
        EXPECT_NEAR((after.calcLinearMomentum() - before.calcLinearMomentum() - I).norm(), 0.0, kRoundOffTol);
        EXPECT_NEAR((after.calcAngularMomentum(e.point) - before.calcAngularMomentum(e.point)).norm(), 0.0,
                    kRoundOffTol);
        EXPECT_NEAR(I.y(), 0.0, kRoundOffTol) << "the impulse stays in the plane";
    }
}

TEST(PlanarSimulation, SamplesAreThe3DImagesOfThePlanarState) {
    // The rod's right end in the drawn pose must be where the channel says it is
    // (planar y = world z), and energy channels must equal the sample energies.
    LOAD_OR_FAIL(s, "bar.json", "newton", {{"restitution", 0.9}, {"friction", 0.3}});
    const SimulationRun run = simulate(s);
    ASSERT_GT(run.samples.size(), 10u);
    for (const RunChannel& c : run.channels) EXPECT_EQ(c.values.size(), run.samples.size()) << c.name;
    const RunChannel& right = channel(run, "bar.right_end_y");
    const RunChannel& x = channel(run, "bar.x");
    const RunChannel& energy = channel(run, "energy");
    for (std::size_t k = 0; k < run.samples.size(); k += 37) {
        const BodyState& b = run.samples[k].bodies[0];
        const Vec3 end = b.position + b.orientation * Vec3(0.5, 0, 0);
        EXPECT_NEAR(end.z(), right.values[k], kRoundOffTol);
        EXPECT_NEAR(end.y(), 0.0, kRoundOffTol);
        EXPECT_NEAR(b.position.x(), x.values[k], kRoundOffTol);
        EXPECT_NEAR(energy.values[k], run.samples[k].kineticEnergy + run.samples[k].potentialEnergy, kRoundOffTol);
    }
    // Scene::bodies holds the initial 3D image with its rod shape.
    EXPECT_EQ(s.bodies[0].shape.type, Shape::Type::Rod);
    EXPECT_NEAR((s.bodies[0].body.position - run.samples[0].bodies[0].position).norm(), 0.0, kRoundOffTol);
}

TEST(PlanarSimulation, BouncingBarComesToRestLyingFlat) {
    // The rest guard: with e = 0.3 the bounces shrink below restSpeed, resting
    // contact takes over and the run ends at rest with the bar on the ground.
    LOAD_OR_FAIL(s0, "bar.json", "poisson", {{"restitution", 0.3}, {"friction", 0.5}});
    json doc = s0.document;
    doc["end_time"] = 10.0;
    const PlanarScene s = readPlanarScene(doc);
    const SimulationRun run = simulate(s);
    EXPECT_EQ(run.endReason, "at rest");
    EXPECT_LT(run.endTime, 10.0);
    EXPECT_GT(run.restingImpulses, 0);
    const double left = channel(run, "bar.left_end_y").values.back();
    const double right = channel(run, "bar.right_end_y").values.back();
    EXPECT_NEAR(left, 0.0, kRestingGapTol) << "both ends on the ground";
    EXPECT_NEAR(right, 0.0, kRestingGapTol);
    for (const auto& e : run.impacts) EXPECT_TRUE(e.result.impulse.allFinite());
}

TEST(PlanarSimulation, BallBetweenWallsWithTheRouthProcessMatchesWangMason) {
    // B2.9: impacts at 0.8, 1.61, 2.42 s (low, up, low); with B = 0 and e = 1
    // Newton and Poisson coincide, so the registry's Routh-process Newton law
    // is Wang-Mason here: xdot+ = 0.714286, 0.306122, 0.131195 (ratio 3/7).
    LOAD_OR_FAIL(s, "ball-between-walls.json", "newton");
    const SimulationRun run = simulate(s);
    ASSERT_GE(run.impacts.size(), 3u);
    const double times[] = {0.8, 1.61, 2.42};
    const double xdot[] = {0.714286, 0.306122, 0.131195};
    const char* walls[] = {"ball / lower wall", "ball / upper wall", "ball / lower wall"};
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(run.impacts[i].time, times[i], kFlightTol) << i;
        EXPECT_EQ(run.impacts[i].contact, walls[i]);
        EXPECT_NEAR(run.impacts[i].result.bodiesAfter->body1.velocity.x(), xdot[i], kPrintedTol) << i;
    }
}

TEST(PlanarSimulation, GlockerPfeifferSuperballTurnsBack) {
    // B2.9: GP(e_t = nu = 1): xdot+ = 0.428571, -0.632653, -0.970845 and the
    // kinetic energy stays 1 J; GP(0, 0) equals Wang-Mason: 0.714286, 0.306122, 0.131195.
    const struct {
        double et, nu;
        double xdot[3];
    } cases[] = {{1.0, 1.0, {0.428571, -0.632653, -0.970845}}, {0.0, 0.0, {0.714286, 0.306122, 0.131195}}};
    for (const auto& c : cases) {
        LOAD_OR_FAIL(s, "ball-between-walls.json", "glocker-pfeiffer", {{"gp_e_t", c.et}, {"gp_nu", c.nu}});
        const SimulationRun run = simulate(s);
        ASSERT_GE(run.impacts.size(), 3u);
        for (int i = 0; i < 3; ++i) {
            EXPECT_NEAR(run.impacts[i].time, 0.8 + 0.81 * i, kFlightTol);
            EXPECT_NEAR(run.impacts[i].result.bodiesAfter->body1.velocity.x(), c.xdot[i], kPrintedTol)
                << "e_t = " << c.et << ", impact " << i;
        }
        if (c.et == 1.0) {
            for (const auto& e : run.impacts) {
                EXPECT_NEAR(e.kineticEnergyAfter, 1.0, kRoundOffTol);
            }
        }
    }
}

TEST(PlanarSimulation, WangMasonEqualsGlockerPfeifferWithoutReversibleImpulse) {
    // B2.9: "in both cases the plots are equal".
    LOAD_OR_FAIL(wm, "ball-between-walls.json", "wang-mason");
    LOAD_OR_FAIL(gp, "ball-between-walls.json", "glocker-pfeiffer", {{"gp_e_t", 0.0}, {"gp_nu", 0.0}});
    const SimulationRun a = simulate(wm), b = simulate(gp);
    ASSERT_EQ(a.samples.size(), b.samples.size());
    const RunChannel& xa = channel(a, "ball.x");
    const RunChannel& xb = channel(b, "ball.x");
    for (std::size_t k = 0; k < a.samples.size(); ++k) EXPECT_NEAR(xa.values[k], xb.values[k], kLawAgreementTol);
}

TEST(PlanarSimulation, PendulumFirstImpactFollowsTable2_1) {
    // B2.7, Poisson, v = 1.5, mu = 0.3, e = 0.5: forward sliding, thetadot_E =
    // -e thetadot_A; the scene's release angle makes thetadot_A = -2 rad/s.
    LOAD_OR_FAIL(s, "pendulum-moving-surface.json", "poisson");
    const SimulationRun run = simulate(s);
    ASSERT_FALSE(run.impacts.empty());
    const ImpactEventRecord& e = run.impacts[0];
    EXPECT_FALSE(e.problem.bodies.has_value()) << "a pinned body gives a contact-level problem";
    const double thetaDotA = e.problem.vMinus.z() / std::sin(kPi / 6);   // D_N = L thetadot sin(theta0)
    EXPECT_NEAR(thetaDotA, -2.0, kReleaseTol) << "released from rest at 0.752314 rad";
    EXPECT_NEAR(e.problem.vMinus.x(), thetaDotA * std::cos(kPi / 6) - 1.5, kFlightTol) << "D_T = L thetadot cos - v";
    EXPECT_NEAR(e.result.impulse.z(), 1.316123, kPrintedTol);
    EXPECT_NEAR(e.result.impulse.x(), 0.394837, kPrintedTol);
    // thetadot after, from the kinetic energy (J_pivot = 1/3) and its sign
    // from the separating tip: thetadot_E = -e thetadot_A = 1.
    EXPECT_NEAR(std::sqrt(2 * e.kineticEnergyAfter / (1.0 / 3.0)), 1.0, kReleaseTol);
    // The swing angle channel starts at the release angle.
    EXPECT_NEAR(channel(run, "pendulum.swing_angle").values.front(), 0.752313894200564, kRoundOffTol);
    // Energy is conserved by the RK4 flight before the first impact.
    for (std::size_t k = 0; k < run.samples.size() && run.samples[k].time < e.time; ++k)
        EXPECT_NEAR(channel(run, "energy").values[k], channel(run, "energy").values[0], kPendulumEnergyTol);
}

TEST(PlanarSimulation, PendulumJamStopsTheRun) {
    // Table 2.1: v < 0 and mu >= tan(theta0) has no solution; the law says so
    // (NoSolution or IterationLimit), the impact is recorded, not applied, and
    // the run ends there.
    LOAD_OR_FAIL(s, "pendulum-moving-surface.json", "poisson", {{"surface_velocity", -0.5}, {"friction", 0.8}});
    const SimulationRun run = simulate(s);
    EXPECT_EQ(run.endReason, "no solution");
    ASSERT_EQ(run.impacts.size(), 1u);
    EXPECT_NE(run.impacts[0].result.status, SolveStatus::Converged);
    EXPECT_DOUBLE_EQ(run.endTime, run.impacts[0].time) << "the last sample shows the jam";
}

TEST(PlanarSimulation, TwoFreeBodiesKeepMomentumAndElasticEnergy) {
    // Fig. 2.4: two free rods without gravity; rod a's end hits rod b's side.
    // Momentum and angular momentum about the origin are conserved, and a
    // frictionless Newton e = 1 impact keeps the energy.
    const json doc = json::parse(R"({
      "format": "impactlab.scene/1", "kind": "planar", "name": "two rods",
      "gravity": [0, 0], "end_time": 1.5, "sample_interval": 0.01,
      "contact": {"law": "newton", "friction": 0.0, "restitution": 1.0},
      "system": {"type": "two-bodies", "bodies": [
        {"name": "a", "shape": {"type": "rod", "length": 1.0}, "mass": 1.0, "position": [0.2, 1.0],
         "theta": 1.2, "velocity": [0, -1], "omega": 0.5},
        {"name": "b", "shape": {"type": "rod", "length": 2.0}, "mass": 2.0, "position": [0, 0], "theta": 0.1}]}
    })");
    const PlanarScene s = readPlanarScene(doc);
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 1u);
    EXPECT_EQ(run.impacts[0].contact, "a left end / b");
    EXPECT_EQ(run.impacts[0].otherBody, 1);
    auto momenta = [&](std::size_t k) {
        Vec3 p = Vec3::Zero(), L = Vec3::Zero();
        for (std::size_t i = 0; i < 2; ++i) {
            RigidBody b = s.bodies[i].body;
            const BodyState& st = run.samples[k].bodies[i];
            b.position = st.position;
            b.orientation = st.orientation;
            b.velocity = st.velocity;
            b.angularVelocity = st.angularVelocity;
            p += b.calcLinearMomentum();
            L += b.calcAngularMomentum(Vec3::Zero());
        }
        return std::make_pair(p, L);
    };
    const auto [p0, L0] = momenta(0);
    const auto [p1, L1] = momenta(run.samples.size() - 1);
    EXPECT_NEAR((p1 - p0).norm(), 0.0, kRoundOffTol);
    EXPECT_NEAR((L1 - L0).norm(), 0.0, kRoundOffTol);
    EXPECT_NEAR(run.samples.back().kineticEnergy, run.samples.front().kineticEnergy, kRoundOffTol);
    // b starts without spin; the off-centre hit must give it some (a sign or
    // lever-arm error in the two-body Jacobian would leave it at 0 or give the
    // wrong momenta above).
    EXPECT_NE(channel(run, "b.omega").values.back(), 0.0);
}
}}  // namespace
