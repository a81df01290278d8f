// The worked examples of Cataldo & Sampaio (2002) as single impacts: the rigid
// pendulum of Table 2.1 (reference B2.7), the first impact of the bar drops of
// sec. 3 (B2.8) and the first impacts of the ball between two walls (B2.9).
#include <gtest/gtest.h>

#include <functional>

#include "impact/Newton.h"
#include "impact/planar/Brach.h"
#include "impact/planar/CataldoSampaio.h"
#include "impact/planar/GlockerPfeiffer.h"
#include "impact/planar/Kane.h"
#include "impact/planar/Smith.h"
#include "impact/planar/WangMason.h"
#include "support/PlanarTestSupport.h"

using namespace impactlab;
using namespace impactlab::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// The reference prints six decimals: half a unit in the last place is 5e-7.
constexpr double kPrintedTol = 1e-6;
// Absolute bar-drop numbers are printed with five decimals (5e-6) and scale
// with v0 = 4.075203, itself rounded to 5e-7 (x 3.4 at most in these rows).
constexpr double kSimulationLogTol = 1e-5;
// Path-integrated results (Wang-Mason) on straight planar segments: exact for
// RK4 up to event location (1e-13) and stick detection (1e-12 of the scale).
constexpr double kPathTol = 1e-9;
// thetadot = thetadot_A + (r/J) I_t: 25 times the impulse tolerance.
constexpr double kSpinPathTol = 25 * kPathTol;
// A ratio of two path results near 0.05: 2e-8 relative at worst.
constexpr double kRatioTol = 1e-7;
// Closed forms, evaluated twice in double: round-off only.
constexpr double kClosedFormTol = 1e-12;

// m/s: B2.8 logs v0 to seven digits; half a unit in the last place.
constexpr double kLoggedSpeedTol = 5e-7;

WangMasonOptions withTermination(WangMasonTermination t) {
    WangMasonOptions o;
    o.termination = t;
    return o;
}


// --- Rigid pendulum on a moving floor (sec. 2.9, Table 2.1) ----------------------

TEST(PlanarPendulum, PoissonTable21AsWangMasonImpacts) {
    // B2.7: m = L = 1, theta0 = pi/6, thetadot_A = -2, e_np = 0.5; the singular
    // W of a one-degree-of-freedom contact, built in generalized coordinates.
    struct Row { double v, mu; WangMasonMode mode; double thetadotE, In, It; bool impulses; };
    const Row rows[] = {
        {1.5, 0.3, WangMasonMode::ForwardSliding, 1.0, 1.316123, 0.394837, true},
        {1.5, 0.8, WangMasonMode::ForwardSliding, 1.0, 0.838349, 0.670679, true},
        {0.5, 0.3, WangMasonMode::EReverseSliding, 0.710959, 1.316123, 0.283585, true},
        {0.5, 0.8, WangMasonMode::EStick, 0.577350, 0.838349, 0.508001, true},
        {0.0, 0.3, WangMasonMode::EReverseSliding, 0.316123, 0.0, 0.0, false},   // tie
        {0.0, 0.8, WangMasonMode::EStick, 0.0, 0.0, 0.0, false},                 // tie
        {-0.5, 0.3, WangMasonMode::CReverseSliding, 0.513541, 2.138040, -0.266936, true},
        {-0.5, 0.8, WangMasonMode::NoSolution, 0.0, 0.0, 0.0, false},
        {-2.5, 0.3, WangMasonMode::ForwardSliding, 1.0, 0.0, 0.0, false},
        {-2.5, 0.8, WangMasonMode::NoSolution, 0.0, 0.0, 0.0, false},
    };
    for (const Row& row : rows) {
        SCOPED_TRACE("v = " + std::to_string(row.v) + ", mu = " + std::to_string(row.mu));
        Pendulum pendulum;
        pendulum.floorSpeed = row.v;
        const ImpactProblem p = pendulum.makeProblem(row.mu, 0.5);
        ImpactTrace trace;
        const ImpactResult r = solveWangMason(p, {}, &trace);
        EXPECT_EQ(classifyWangMasonMode(p, r), row.mode) << toString(classifyWangMasonMode(p, r));
        ASSERT_TRUE(r.impulse.allFinite());
        ASSERT_FALSE(trace.samples.empty());
        EXPECT_LE(trace.samples.size(), 2000u) << "a jam's stalled steps are not kept";
        if (row.mode == WangMasonMode::NoSolution) {
            EXPECT_EQ(r.status, SolveStatus::NoSolution);
            EXPECT_TRUE(hasWarning(r, "jams")) << (r.warnings.empty() ? "" : r.warnings.front());
            continue;
        }
        EXPECT_EQ(r.status, SolveStatus::Converged) << (r.warnings.empty() ? "" : r.warnings.front());
        EXPECT_NEAR(pendulum.calcThetadotAfter(r.impulse), row.thetadotE, kPrintedTol);
        EXPECT_NEAR(r.impulse.z(), 1.5 * r.compressionImpulse.z(), kPathTol * r.impulse.z()) << "Poisson";
        if (row.impulses) {
            EXPECT_NEAR(r.impulse.z(), row.In, kPrintedTol);
            EXPECT_NEAR(r.impulse.x(), row.It, kPrintedTol);
        }
        EXPECT_NEAR(trace.samples.back().normalImpulse, r.impulse.z(), kPathTol * r.impulse.z());
    }
}

TEST(PlanarPendulum, Table21ClosedFormsAcrossTheCells) {
    // Table 2.1's formulas (as reconstructed and verified in B1.6) at other v, mu.
    const double e = 0.5, s = std::sin(kPi / 6), c = std::cos(kPi / 6), a = -2.0;
    for (const double v : {0.2, 0.4, 0.8, 1.2}) {
        for (const double mu : {0.1, 0.3, 0.5, 0.6, 0.9}) {
            Pendulum pendulum;
            pendulum.floorSpeed = v;
            const ImpactProblem p = pendulum.makeProblem(mu, e);
            const ImpactResult r = solveWangMason(p);
            double expected;
            if (e * c * a + v > 0.0) expected = -e * a;                                   // forward sliding
            else if (mu < std::tan(kPi / 6)) expected = (e * (mu * c - s) * a + 2 * mu * v) / (mu * c + s);   // E-reverse
            else expected = v / c;                                                       // E-stick
            EXPECT_NEAR(pendulum.calcThetadotAfter(r.impulse), expected, kPathTol) << v << " " << mu;
        }
    }
    for (const double v : {-0.3, -0.6}) {   // L cos theta0 thetadot_A - v < 0: C-reverse, mu < tan theta0
        for (const double mu : {0.1, 0.3, 0.5}) {
            Pendulum pendulum;
            pendulum.floorSpeed = v;
            const ImpactResult r = solveWangMason(pendulum.makeProblem(mu, e));
            const double expected = -e * ((s - mu * c) * a + 2 * mu * v) / (mu * c + s);
            EXPECT_NEAR(pendulum.calcThetadotAfter(r.impulse), expected, kPathTol) << v << " " << mu;
        }
    }
}

TEST(PlanarPendulum, NewtonGivesMinusEThetadotOrNoSolution) {
    // Sec. 2.9: Newton fixes thetadot_E = -e_n thetadot_A; with e_n L thetadot_A
    // cos(theta0) + v > 0 the slide I_T = +mu I_N is consistent (B2.7: v = 1.5,
    // mu = 0.3: I_N = 2/(1 + 0.3 cot 30 deg) x 0.75 = 1.316123); with it < 0 and
    // mu > tan(theta0), Newton has no solution (Kane's algebraic law and the
    // incremental process agree).
    Pendulum pendulum;
    pendulum.floorSpeed = 1.5;
    const ImpactResult k = solveKane(pendulum.makeProblem(0.3, 0.5));
    EXPECT_EQ(k.status, SolveStatus::Converged);
    EXPECT_NEAR(pendulum.calcThetadotAfter(k.impulse), 1.0, kClosedFormTol);
    EXPECT_NEAR(k.impulse.z(), 1.316123, kPrintedTol);
    EXPECT_NEAR(k.impulse.x(), 0.3 * k.impulse.z(), kClosedFormTol);
    pendulum.floorSpeed = 0.5;   // -0.5 * 2 * 0.866 + 0.5 < 0
    const ImpactProblem p = pendulum.makeProblem(0.8, 0.5);
    EXPECT_EQ(solveKane(p).status, SolveStatus::NoSolution);
    const ImpactResult w = solveWangMason(p, withTermination(WangMasonTermination::Newton));
    EXPECT_EQ(w.status, SolveStatus::NoSolution);
    EXPECT_FALSE(w.warnings.empty());
    // v = 0, mu >= tan(theta0): Newton cannot give the stick D_TE = 0 (sec. 2.9).
    pendulum.floorSpeed = 0.0;
    EXPECT_EQ(solveWangMason(pendulum.makeProblem(0.8, 0.5), withTermination(WangMasonTermination::Newton)).status,
              SolveStatus::NoSolution);
}

// --- First impact of the bar drops (sec. 3, Figs. 3.2-3.20) ------------------------


// The bar of B2.8 at its first impact: left end, D_NA = -v0, D_TA = 0, thetadot = 0.
ImpactProblem makeBarDrop(double v0, double mu, double e) {
    Bar bar;
    bar.velocity = Vec3(0.0, -v0, 0.0);
    return bar.makeProblem(mu, e);
}

struct BarAfter { double In, It, xdot, ydot, thetadot, energyRatio; };

void expectBarAfter(const ImpactResult& r, const BarAfter& expected, double scale, double tol, const std::string& what) {
    SCOPED_TRACE(what);
    ASSERT_TRUE(r.bodiesAfter);
    const RigidBody& bar = r.bodiesAfter->body1;
    EXPECT_NEAR(r.impulse.z(), expected.In * scale, tol);
    EXPECT_NEAR(r.impulse.x(), expected.It * scale, tol);
    EXPECT_NEAR(bar.velocity.x(), expected.xdot * scale, tol);
    EXPECT_NEAR(bar.velocity.y(), expected.ydot * scale, tol);
    EXPECT_NEAR(bar.angularVelocity.z(), expected.thetadot * scale, tol);
    EXPECT_NEAR(r.energyAfter / r.energyBefore, expected.energyRatio, kPrintedTol);
}


TEST(PlanarBarDrop, FirstImpactInUnitsOfV0) {
    // B2.8 table (units of v0; identical for all models where the rows say so).
    const BarAfter newton1{0.8, 0.0, 0.0, -0.2, -3.394113, 1.0};
    const BarAfter newton08{0.72, 0.0, 0.0, -0.28, -3.054701, 0.856};
    const BarAfter stick{1.25, 0.75, 0.75, 0.25, -2.121320, 1.0};
    const BarAfter slide{1.052632, 0.421053, 0.421053, 0.052632, -2.679563, 0.778393};
    using Solve = std::function<ImpactResult(const ImpactProblem&)>;
    const std::vector<std::pair<std::string, Solve>> coulombLaws = {
        {"kane", [](const ImpactProblem& p) { return solveKane(p); }},
        {"brach", [](const ImpactProblem& p) { return solveBrach(p); }},
        {"glocker-pfeiffer", [](const ImpactProblem& p) { return solveGlockerPfeiffer(p); }},
        {"wang-mason newton", [](const ImpactProblem& p) { return solveWangMason(p, withTermination(WangMasonTermination::Newton)); }},
        {"wang-mason poisson", [](const ImpactProblem& p) { return solveWangMason(p); }},
        {"cs", [](const ImpactProblem& p) { return solveCataldoSampaio(p); }},
        {"smith", [](const ImpactProblem& p) { return solveSmith(p); }}};
    for (const auto& [name, solve] : coulombLaws) {
        // Without friction every law is Newton's (Figs. 3.2-3.5; Brach e_m = -1, mu = 0).
        expectBarAfter(solve(makeBarDrop(1.0, 0.0, 1.0)), newton1, 1.0, kPrintedTol, name + " e = 1");
        expectBarAfter(solve(makeBarDrop(1.0, 0.0, 0.8)), newton08, 1.0, kPrintedTol, name + " e = 0.8");
        if (name == "smith") continue;   // the paper runs no Smith simulation (sec. 3.8)
        expectBarAfter(solve(makeBarDrop(1.0, 1.0, 1.0)), stick, 1.0, kPrintedTol, name + " mu = 1");
        expectBarAfter(solve(makeBarDrop(1.0, 0.4, 1.0)), slide, 1.0, kPrintedTol, name + " mu = 0.4");
    }
    expectBarAfter(solveGlockerPfeiffer(makeBarDrop(1.0, 0.4, 1.0), {1.0, 1.0}), slide, 1.0, kPrintedTol, "GP2");
    // T+/T- = 1 - (1 - e^2)/A for Newton without friction.
    EXPECT_NEAR(1.0 - (1.0 - 0.64) / 2.5, newton08.energyRatio, kClosedFormTol);
    // Brach e = 1, mu = 0, e_m = 0.1: couple I_theta = +0.576161 v0 in our sign.
    BrachOptions o;
    o.momentCoefficient = 0.1;
    expectBarAfter(solveBrach(makeBarDrop(1.0, 0.0, 1.0), o), {1.777778, 0.0, 0.0, 0.777778, -0.628539, 0.637860},
                   1.0, kPrintedTol, "brach e_m = 0.1");
}

TEST(PlanarBarDrop, FirstImpactAbsoluteNumbers) {
    // B2.8 logs with g = 9.81: v0 = sqrt(2 g 0.8464466) = 4.075203.
    const double v0 = 4.075203;
    EXPECT_NEAR(std::sqrt(2 * 9.81 * (1.2 - 0.5 * std::sin(kPi / 4))), v0, kLoggedSpeedTol);
    const ImpactResult n = solveNewton(makeBarDrop(v0, 0.0, 1.0));
    expectBarAfter(n, {3.26016, 0, 0, -0.81504, -13.83170, 1.0}, 1.0, kSimulationLogTol, "newton e = 1");
    const ImpactResult n8 = solveKane(makeBarDrop(v0, 0.0, 0.8));
    expectBarAfter(n8, {2.93415, 0, 0, -1.14106, -12.44853, 0.856}, 1.0, kSimulationLogTol, "newton e = 0.8");
    // Total energy (kinetic + m g y at the impact height L/2 sin(pi/4)): 11.772 -> 10.57628.
    const double potential = 9.81 * 0.5 * std::sin(kPi / 4);
    EXPECT_NEAR(n8.energyBefore + potential, 11.772, kSimulationLogTol);
    EXPECT_NEAR(n8.energyAfter + potential, 10.57628, kSimulationLogTol);
    BrachOptions o;
    o.momentCoefficient = 0.1;
    const BrachSolution b = solveBrachWithCouple(makeBarDrop(v0, 0.0, 1.0), o);
    expectBarAfter(b.result, {7.24481, 0, 0, 3.16960, -2.56143, 0.637860}, 1.0, kSimulationLogTol, "brach");
    EXPECT_NEAR(b.coupleImpulse, 2.34797, kSimulationLogTol) << "the log's -2.34797 in the paper's left-end sign";
    EXPECT_NEAR(b.result.energyAfter + potential, 8.76492, kSimulationLogTol);
    expectBarAfter(solveKane(makeBarDrop(v0, 1.0, 1.0)), {5.09400, 3.05640, 3.05640, 1.01880, -8.64481, 1.0}, 1.0,
                   kSimulationLogTol, "kane mu = 1");
    const ImpactResult k4 = solveKane(makeBarDrop(v0, 0.4, 1.0));
    expectBarAfter(k4, {4.28969, 1.71588, 1.71588, 0.21448, -10.91976, 0.778393}, 1.0, kSimulationLogTol, "kane 0.4");
    EXPECT_NEAR(k4.energyAfter + potential, 9.93186, kSimulationLogTol);
}

// --- Ball between two walls (sec. 4) ---------------------------------------------


// Body level: m = 1, r = 0.1, J = 2/5 m r^2 = 0.004 (assumed, B2.9); the lower
// wall touches at the bottom (normal +y), the upper one at the top (normal -y).
TwoBodyContact makeBallContact(const RigidBody& ball, bool upper) {
    TwoBodyContact c;
    c.body1 = ball;
    c.body2 = RigidBody::makeFixed();
    c.point = ball.position + Vec3(0.0, upper ? 0.1 : -0.1, 0.0);
    c.frame = ContactFrame::makeFromNormal(Vec3(0.0, upper ? -1.0 : 1.0, 0.0));
    return c;
}

struct BallImpact { double xdot, thetadot, energy, vtMinus, vtPlus; };

// Four impacts, lower wall first, from xdot = 1, ydot = -1 (g = 0: the
// velocities between impacts are those after the last one).
std::vector<BallImpact> runBall(const std::function<ImpactResult(const ImpactProblem&)>& solve) {
    RigidBody ball;
    ball.mass = 1.0;
    ball.principalInertia = Vec3::Constant(0.004);
    ball.position = Vec3(0.8, 0.1, 0.0);
    ball.velocity = Vec3(1.0, -1.0, 0.0);
    std::vector<BallImpact> out;
    for (int k = 0; k < 4; ++k) {
        const ImpactProblem p = ImpactProblem::makeBodyLevel(makeBallContact(ball, k % 2 == 1), 1.0, 1.0);
        const ImpactResult r = solve(p);
        ball = r.bodiesAfter->body1;
        out.push_back({ball.velocity.x(), ball.angularVelocity.z(), ball.calcKineticEnergy(), p.vMinus.x(), r.vPlus.x()});
    }
    return out;
}


TEST(PlanarBall, WangMasonEqualsGlockerPfeifferWithoutTangentialRestitution) {
    // B2.9: "in both cases the plots are equal"; the ball is a central impact
    // (B = 0), where the incremental and the per-phase Coulomb laws coincide.
    const auto wm = runBall([](const ImpactProblem& p) { return solveWangMason(p); });
    const auto wmNewton = runBall([](const ImpactProblem& p) { return solveWangMason(p, withTermination(WangMasonTermination::Newton)); });
    const auto gp = runBall([](const ImpactProblem& p) { return solveGlockerPfeiffer(p, {0.0, 0.0}); });
    const double xdot[] = {0.714286, 0.306122, 0.131195, 0.056227};
    // The reference's KE column for impacts 3 and 4 (0.512047, 0.502214) is off
    // in the sixth decimal: sticking leaves thetadot = -+xdot / r, so
    // KE = 1/2 + 1/2 xdot^2 (1 + J / r^2) = 1/2 + 0.7 xdot^2 with xdot = (5/7)(3/7)^k,
    // i.e. 0.512048 and 0.502213. We check the closed form.
    for (int k = 0; k < 4; ++k) {
        const double x = 5.0 / 7.0 * std::pow(3.0 / 7.0, k);
        EXPECT_NEAR(wm[k].xdot, xdot[k], kPrintedTol) << k;
        EXPECT_NEAR(wm[k].xdot, x, kPathTol) << k;
        EXPECT_NEAR(wm[k].energy, 0.5 + 0.7 * x * x, kPathTol) << k;
        EXPECT_NEAR(wm[k].vtPlus, 0.0, kPathTol) << "sticks at every impact";
        EXPECT_NEAR(gp[k].xdot, wm[k].xdot, kPathTol) << k;
        EXPECT_NEAR(gp[k].thetadot, wm[k].thetadot, kSpinPathTol) << k;
        EXPECT_NEAR(wmNewton[k].xdot, wm[k].xdot, kPathTol) << k;
    }
    EXPECT_NEAR(wm[0].thetadot, -7.142857, kPrintedTol);
    EXPECT_NEAR(wm[1].thetadot, 3.061224, kPrintedTol);
    EXPECT_NEAR(wm[0].energy, 0.857143, kPrintedTol);
    EXPECT_NEAR(wm[1].energy, 0.565598, kPrintedTol);
    EXPECT_NEAR(std::abs(wm[1].vtMinus), 1.428571, kPrintedTol);
    for (int k = 1; k < 4; ++k) EXPECT_NEAR(wm[k].xdot / wm[k - 1].xdot, 3.0 / 7.0, kRatioTol) << "geometric ratio 3/7";
}

TEST(PlanarBall, SuperballReversesTheSlipAndKeepsTheEnergy) {
    // B2.9, GP with e_t = nu = 1: D_TE = -D_TA at every impact, KE = 1 throughout.
    const auto gp = runBall([](const ImpactProblem& p) { return solveGlockerPfeiffer(p, {1.0, 1.0}); });
    const double xdot[] = {0.428571, -0.632653, -0.970845, -0.199500};
    const double thetadot[] = {-14.285714, 12.244898, 3.790087, -15.493544};
    for (int k = 0; k < 4; ++k) {
        EXPECT_NEAR(gp[k].xdot, xdot[k], kPrintedTol) << k;
        EXPECT_NEAR(gp[k].thetadot, thetadot[k], kPrintedTol) << k;
        EXPECT_NEAR(gp[k].energy, 1.0, kClosedFormTol) << k;
        EXPECT_NEAR(gp[k].vtPlus, -gp[k].vtMinus, kClosedFormTol) << k;
    }
    EXPECT_NEAR(std::abs(gp[1].vtMinus), 1.857143, kPrintedTol);
    // C-S with the same e_t, nu and no moment impulse is the same superball.
    const auto cs = runBall([](const ImpactProblem& p) { return solveCataldoSampaio(p, {1.0, 1.0, -1.0, -1.0}); });
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(cs[k].xdot, gp[k].xdot, kClosedFormTol) << k;
}
}}  // namespace
