// The planar laws of Cataldo & Sampaio (2002) against the paper's closed forms
// and the reference notes' numbers (B2.1-B2.6), on the bar of sec. 3.1.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "impact/planar/Brach.h"
#include "impact/planar/CataldoSampaio.h"
#include "impact/planar/GlockerPfeiffer.h"
#include "impact/planar/Kane.h"
#include "impact/planar/PlanarProblem.h"
#include "impact/planar/Smith.h"
#include "impact/planar/WangMason.h"
#include "laws/LawRegistry.h"
#include "support/PlanarTestSupport.h"
#include "support/RefusalSupport.h"

using namespace impactlab;
using namespace impactlab::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// Closed-form laws evaluate a few products and one 2x2 solve of O(1) numbers;
// W from the body-level bar is exact to ~1e-15 (the tiny axial inertia enters
// only squared with round-off). 1e-12 leaves margin and catches any formula error.
constexpr double kClosedFormTol = 1e-12;
// The reference prints six decimals: half a unit in the last place is 5e-7.
constexpr double kPrintedTol = 1e-6;
// Smith's root is bisected to round-off of r in [-mu, mu]; the law's two sides
// then agree to round-off of O(1) products.
constexpr double kBisectionTol = 1e-12;
// Wang-Mason runs the path integrator: straight planar segments are exact for
// RK4, events are located to 1e-13 and sticking detected at 1e-12 of the scale.
constexpr double kPathTol = 1e-9;

// The bar of B2.1-B2.4 at body level: D_A = (D_TA, D_NA) with D_NA = -1.
ImpactProblem makeBar(double vt, double mu, double e) {
    Bar bar;
    bar.velocity = Vec3(vt, -1.0, 0.0);   // thetadot = 0: the end moves with the centre of mass
    return bar.makeProblem(mu, e);
}

WangMasonOptions withTermination(WangMasonTermination t) {
    WangMasonOptions o;
    o.termination = t;
    return o;
}


TEST(PlanarBar, BodyLevelBarAtQuarterPiHasThePapersLocalMassMatrix) {
    // B1.7: A = (1 + 3 cos^2)/m = 2.5, B = 3 sin cos / m = 1.5, C = 2.5, the same
    // at both ends; the couple row D = E = L/(2J) cos(pi/4) = 4.242641, 1/J = 12.
    for (const bool right : {false, true}) {
        Bar bar;
        bar.rightEnd = right;
        bar.velocity = Vec3(0.0, -1.0, 0.0);
        const ImpactProblem p = bar.makeProblem(0.5, 1.0);
        const PlanarProblem planar = makePlanarProblem(p, "test");
        EXPECT_NEAR(planar.A(), 2.5, kClosedFormTol) << right;
        EXPECT_NEAR(planar.B(), 1.5, kClosedFormTol) << right;
        EXPECT_NEAR(planar.C(), 2.5, kClosedFormTol) << right;
        EXPECT_NEAR(planar.calcCriticalFriction(), 0.6, kClosedFormTol);
        EXPECT_LE(std::abs(p.W(0, 1)) + std::abs(p.W(1, 2)), kClosedFormTol) << "the bar is planar";
        const PlanarMobility m = makePlanarMobilityWithCouple(p, planar, "test");
        EXPECT_NEAR(m.W(2, 2), 12.0, 12.0 * kClosedFormTol);
        EXPECT_NEAR(std::abs(m.W(0, 2)), 4.242641, kPrintedTol);
        EXPECT_NEAR(std::abs(m.W(1, 2)), 4.242641, kPrintedTol);
    }
}

TEST(PlanarKane, EnergyGainOfThePapersExample) {
    // B2.1: D_A = (-1, 0.6), mu0 = mu = 1: stick, I_N = 0.625 e + 0.4, I_T = 0.375 e,
    // T_E - T_A = 0.3125 e^2 - 0.2: energy is created for e > 0.8.
    for (const double e : {0.0, 0.3, 0.5, 0.8, 0.81, 0.9, 1.0}) {
        const ImpactResult r = solveKane(makeBar(0.6, 1.0, e));
        EXPECT_EQ(r.status, SolveStatus::Converged);
        EXPECT_NEAR(r.impulse.z(), 0.625 * e + 0.4, kClosedFormTol) << e;
        EXPECT_NEAR(r.impulse.x(), 0.375 * e, kClosedFormTol) << e;
        EXPECT_NEAR(r.vPlus.x(), 0.0, kClosedFormTol) << "stick: D_TE = 0";
        EXPECT_NEAR(r.vPlus.z(), e, kClosedFormTol) << "Newton: D_NE = -e D_NA";
        EXPECT_NEAR(energyChange(r), 0.3125 * e * e - 0.2, kClosedFormTol) << e;
        EXPECT_EQ(hasWarning(r, "energy gained"), e > 0.8) << e;
    }
}

TEST(PlanarKane, ExtendedTableOfTheReference) {
    struct Row { double e, mu, In, It, vnE, vtE, dT; };
    // B2.1 [D]; mu = 0.4 still sticks (0.375 < 0.41).
    const Row rows[] = {{1.0, 0.4, 1.025, 0.375, 1.0, 0.0, 0.1125},
                        {1.0, 0.3, 0.975610, 0.292683, 1.0, -0.131707, 0.068531},
                        {1.0, 0.2, 0.909091, 0.181818, 1.0, -0.309091, 0.026446},
                        {0.8, 0.34, 0.9, 0.3, 0.8, 0.0, 0.0},
                        {0.5, 0.27, 0.7125, 0.1875, 0.5, 0.0, -0.121875}};
    for (const Row& row : rows) {
        const ImpactResult r = solveKane(makeBar(0.6, row.mu, row.e));
        EXPECT_NEAR(r.impulse.z(), row.In, kPrintedTol) << row.mu;
        EXPECT_NEAR(r.impulse.x(), row.It, kPrintedTol) << row.mu;
        EXPECT_NEAR(r.vPlus.z(), row.vnE, kPrintedTol) << row.mu;
        EXPECT_NEAR(r.vPlus.x(), row.vtE, kPrintedTol) << row.mu;
        EXPECT_NEAR(energyChange(r), row.dT, kPrintedTol) << row.mu;
    }
    // Stick iff mu > 0.375 e / (0.625 e + 0.4) = 0.365854 for e = 1.
    EXPECT_EQ(solveKane(makeBar(0.6, 0.366, 1.0)).events[1].kind, ImpactEventKind::Stick);
    EXPECT_EQ(solveKane(makeBar(0.6, 0.365, 1.0)).events[1].kind, ImpactEventKind::ResumedSlip)
        << "I_T = +mu I_N leaves D_TE < 0: the slip reversed";
}

TEST(PlanarKane, StaticCoefficientAndSeveralSolutions) {
    // mu = 0.3 (kinetic) with mu0 = 0.4: the stick of B2.1 (|I_T| = 0.375 <= 0.41)
    // and the slide I_T = +0.3 I_N (D_TE = -0.131707 <= 0) are both consistent;
    // the first in the order stick, +mu, -mu is reported, with a warning.
    KaneOptions o;
    o.muStatic = 0.4;
    const ImpactResult r = solveKane(makeBar(0.6, 0.3, 1.0), o);
    EXPECT_NEAR(r.impulse.z(), 1.025, kClosedFormTol);
    EXPECT_TRUE(hasWarning(r, "2 consistent solutions"));
    o.muStatic = -1.0;
    EXPECT_EQ(test::getFieldOf([&] { solveKane(makeBar(0.6, 0.3, 1.0), o); }), "kane.mu_static");
}

TEST(PlanarGlockerPfeiffer, FirstCaseOnTheKaneExample) {
    // B2.2 (mu = 1): compression sticks at the ellipse centre (I_NC, I_TC) = (0.4, 0);
    // expansion sticks: I_NE = 0.4 e, I_TE = 0.24 e, D_NE = 0.64 e;
    // T_E - T_A = 0.128 e^2 - 0.2 < 0.
    for (const double e : {0.0, 0.5, 0.8, 1.0}) {
        const ImpactResult r = solveGlockerPfeiffer(makeBar(0.6, 1.0, e));
        EXPECT_NEAR(r.compressionImpulse.z(), 0.4, kClosedFormTol);
        EXPECT_NEAR(r.compressionImpulse.x(), 0.0, kClosedFormTol);
        EXPECT_NEAR(r.impulse.z(), 0.4 * (1 + e), kClosedFormTol) << e;
        EXPECT_NEAR(r.impulse.x(), 0.24 * e, kClosedFormTol) << e;
        EXPECT_NEAR(r.vPlus.z(), 0.64 * e, kClosedFormTol) << e;
        EXPECT_NEAR(r.vPlus.x(), 0.0, kClosedFormTol) << e;
        EXPECT_NEAR(energyChange(r), 0.128 * e * e - 0.2, kClosedFormTol) << e;
        EXPECT_FALSE(hasWarning(r, "energy gained"));
        ASSERT_FALSE(r.events.empty());
        EXPECT_EQ(r.events.front().kind, ImpactEventKind::Stick) << "compression ends sticking";
    }
    // mu < 0.6 (B2.2 [D]): I_TE = +mu I_NE; mu = 0.4, e = 1: I = (0.16, 0.8),
    // D_E = (-0.2, 0.76), T_E - T_A = -0.064.
    const ImpactResult r = solveGlockerPfeiffer(makeBar(0.6, 0.4, 1.0));
    EXPECT_NEAR(r.impulse.z(), 0.8, kClosedFormTol);
    EXPECT_NEAR(r.impulse.x(), 0.16, kClosedFormTol);
    EXPECT_NEAR(r.vPlus.x(), -0.2, kClosedFormTol);
    EXPECT_NEAR(r.vPlus.z(), 0.76, kClosedFormTol);
    EXPECT_NEAR(energyChange(r), -0.064, kClosedFormTol);
    for (const double mu : {0.1, 0.3, 0.59}) {
        const double e = 0.7;
        const ImpactResult s = solveGlockerPfeiffer(makeBar(0.6, mu, e));
        EXPECT_NEAR(s.impulse.x(), 0.4 * mu * e, kClosedFormTol) << mu;
        EXPECT_NEAR(s.vPlus.x(), e * (mu - 0.6), kClosedFormTol) << mu;
        EXPECT_NEAR(s.vPlus.z(), e * (1 - 0.6 * mu), kClosedFormTol) << mu;
    }
}

TEST(PlanarGlockerPfeiffer, SecondCaseShiftsTheExpansionInterval) {
    // 2 I_TS = mu nu I_NE sign(I_TC) + e e_t I_TC (sec. 3.6.3).
    const TangentBounds b1 = calcGlockerPfeifferBounds(0.2, 0.5, 0.4, 1.0, 1.0, 1.0);   // I_TC = mu I_NC
    EXPECT_NEAR(b1.lo, 0.2, kClosedFormTol) << "e_t = nu = 1 and I_TC = mu I_NC collapse the interval";
    EXPECT_NEAR(b1.hi, 0.2, kClosedFormTol);
    const TangentBounds b2 = calcGlockerPfeifferBounds(-0.1, 0.5, 0.4, 0.8, 0.5, 0.25);
    EXPECT_NEAR(b2.lo, -0.2, kClosedFormTol);
    EXPECT_NEAR(b2.hi, 0.2 - 0.05 - 0.04, kClosedFormTol);
    const TangentBounds b0 = calcGlockerPfeifferBounds(0.0, 0.5, 0.4, 1.0, 1.0, 1.0);
    EXPECT_NEAR(b0.lo, -0.2, kClosedFormTol) << "I_TC = 0: no stored tangential impulse";
    EXPECT_NEAR(b0.hi, 0.2, kClosedFormTol);
    // e_t = nu = 0 is the first case.
    const ImpactProblem p = makeBar(0.6, 0.4, 0.9);
    EXPECT_LE((solveGlockerPfeiffer(p, {0.0, 0.0}).impulse - solveGlockerPfeiffer(p).impulse).norm(), 0.0);
    EXPECT_EQ(test::getFieldOf([&] { solveGlockerPfeiffer(p, {1.5, 0.0}); }), "glocker-pfeiffer.e_t");
    EXPECT_EQ(test::getFieldOf([&] { solveGlockerPfeiffer(p, {0.0, -0.1}); }), "glocker-pfeiffer.nu");
}

TEST(PlanarWangMason, DirectImpactOfTheBar) {
    // B2.3, D_A = (-1, 0): mu > 0.6 sticks from the start, both terminations:
    // I = (0.375, 0.625)(1 + e), D_E = (0, e).
    for (const auto t : {WangMasonTermination::Newton, WangMasonTermination::Poisson}) {
        for (const double mu : {0.61, 1.0, 4.0}) {
            for (const double e : {0.5, 1.0}) {
                const ImpactProblem p = makeBar(0.0, mu, e);
                const ImpactResult r = solveWangMason(p, withTermination(t));
                EXPECT_NEAR(r.impulse.x(), 0.375 * (1 + e), kPathTol) << mu;
                EXPECT_NEAR(r.impulse.z(), 0.625 * (1 + e), kPathTol) << mu;
                EXPECT_NEAR(r.vPlus.x(), 0.0, kPathTol);
                EXPECT_NEAR(r.vPlus.z(), e, kPathTol);
                EXPECT_EQ(classifyWangMasonMode(p, r), WangMasonMode::CStick) << mu;
            }
        }
        // mu < 0.6: C-reverse sliding with s = -sign(B) (errata B4.4):
        // I_N = (1+e)/(2.5 - 1.5 mu), I_T = +mu I_N, D_TE = (1+e)(2.5 mu - 1.5)/(2.5 - 1.5 mu).
        struct Row { double mu, In, It, vtE, dT; };
        const Row rows[] = {{0.2, 0.909091, 0.181818, -0.909091, -0.082645},
                            {0.4, 1.052632, 0.421053, -0.526316, -0.110803},
                            {0.59, 1.238390, 0.730650, -0.030960, -0.011310}};
        for (const Row& row : rows) {
            const ImpactProblem p = makeBar(0.0, row.mu, 1.0);
            const ImpactResult r = solveWangMason(p, withTermination(t));
            EXPECT_NEAR(r.impulse.z(), 2.0 / (2.5 - 1.5 * row.mu), kPathTol);
            EXPECT_NEAR(r.impulse.x(), row.mu * r.impulse.z(), kPathTol);
            EXPECT_NEAR(r.vPlus.x(), 2.0 * (2.5 * row.mu - 1.5) / (2.5 - 1.5 * row.mu), kPathTol);
            EXPECT_NEAR(r.impulse.z(), row.In, kPrintedTol);
            EXPECT_NEAR(r.impulse.x(), row.It, kPrintedTol);
            EXPECT_NEAR(r.vPlus.x(), row.vtE, kPrintedTol);
            EXPECT_NEAR(energyChange(r), row.dT, kPrintedTol);
            EXPECT_EQ(classifyWangMasonMode(p, r), WangMasonMode::CReverseSliding) << row.mu;
        }
    }
}

TEST(PlanarWangMason, PrintedSlidingFormulaOfTheDirectCaseViolatesCoulomb) {
    // Which side is wrong (errata B4.4): the paper's (3.9)/(3.10) take
    // I_T = -mu I_N, I_N = (1+e)/(2.5 + 1.5 mu) for mu < 0.6. That leaves D_TE < 0
    // with I_T < 0 (friction pushing along the slip) and creates energy
    // (+0.208117 J for e = 1, mu = 0.4), so the process cannot take it.
    const double mu = 0.4, e = 1.0;
    const double In = (1 + e) / (2.5 + 1.5 * mu);
    const Vec3 printed(-mu * In, 0.0, In);
    const ImpactProblem p = makeBar(0.0, mu, e);
    const Vec3 vE = p.calcVelocityAfter(printed);
    EXPECT_LT(vE.x(), 0.0);
    EXPECT_LT(printed.x(), 0.0) << "friction along the slip: not Coulomb";
    EXPECT_NEAR(p.calcEnergyChange(printed), 0.208117, kPrintedTol);
    const ImpactResult r = solveWangMason(p);
    EXPECT_GT(r.impulse.x(), 0.0) << "the process reverses the slip direction instead";
}

TEST(PlanarWangMason, ObliqueImpactModesAndImpulses) {
    // B2.4, D_A = (-1, 0.6): P_d = 1.5 + 0.9 mu < P_q = 1.5 + 2.5 mu for every
    // mu > 0, so sliding stops in compression: C-stick for mu >= 0.6, C-reverse
    // below (not the paper's E-modes with thresholds 3.5 / 4.0, errata B4.5).
    struct Row { double mu; WangMasonTermination t; WangMasonMode mode; double In, It, vnE, vtE, dT; };
    const auto N = WangMasonTermination::Newton, P = WangMasonTermination::Poisson;
    const Row rows[] = {
        {0.2, N, WangMasonMode::CReverseSliding, 0.827273, 0.045455, 1.0, -0.527273, 0.001653},
        {0.2, P, WangMasonMode::CReverseSliding, 0.745455, 0.029091, 0.82, -0.445455, -0.064843},
        {0.4, N, WangMasonMode::CReverseSliding, 0.901053, 0.168421, 1.0, -0.330526, 0.022693},
        {0.4, P, WangMasonMode::CReverseSliding, 0.749474, 0.107789, 0.712, -0.254737, -0.089316},
        {0.59, N, WangMasonMode::CReverseSliding, 1.017353, 0.362255, 1.0, -0.020392, 0.104983},
        {0.59, P, WangMasonMode::CReverseSliding, 0.796316, 0.231843, 0.643025, -0.014866, -0.074303},
        {0.6, N, WangMasonMode::CStick, 1.025, 0.375, 1.0, 0.0, 0.1125},
        {0.6, P, WangMasonMode::CStick, 0.8, 0.24, 0.64, 0.0, -0.072},
        {1.0, N, WangMasonMode::CStick, 1.025, 0.375, 1.0, 0.0, 0.1125},
        {1.0, P, WangMasonMode::CStick, 0.8, 0.24, 0.64, 0.0, -0.072},
        {4.0, N, WangMasonMode::CStick, 1.025, 0.375, 1.0, 0.0, 0.1125},
        {4.0, P, WangMasonMode::CStick, 0.8, 0.24, 0.64, 0.0, -0.072},
    };
    for (const Row& row : rows) {
        SCOPED_TRACE(std::to_string(row.mu) + (row.t == N ? " newton" : " poisson"));
        const ImpactProblem p = makeBar(0.6, row.mu, 1.0);
        const ImpactResult r = solveWangMason(p, withTermination(row.t));
        EXPECT_EQ(r.status, SolveStatus::Converged);
        EXPECT_EQ(classifyWangMasonMode(p, r), row.mode) << toString(classifyWangMasonMode(p, r));
        EXPECT_NEAR(r.impulse.z(), row.In, kPrintedTol);
        EXPECT_NEAR(r.impulse.x(), row.It, kPrintedTol);
        EXPECT_NEAR(r.vPlus.z(), row.vnE, kPrintedTol);
        EXPECT_NEAR(r.vPlus.x(), row.vtE, kPrintedTol);
        EXPECT_NEAR(energyChange(r), row.dT, kPrintedTol);
        EXPECT_EQ(hasWarning(r, "energy gained"), row.dT > 0.0);
        // Sliding stops at I_N1 = 0.6 / (1.5 + 2.5 mu), before I_NC = 1 / (2.5 + 1.5 mu).
        ASSERT_GE(r.events.size(), 2u);
        EXPECT_NEAR(r.events.front().normalImpulse, 0.6 / (1.5 + 2.5 * row.mu), kPathTol);
    }
    // The corrected closed forms of B2.4 for C-reverse (e = 0.5 and 1).
    for (const double e : {0.5, 1.0}) {
        for (const double mu : {0.1, 0.3, 0.5}) {
            const ImpactProblem p = makeBar(0.6, mu, e);
            const ImpactResult po = solveWangMason(p, withTermination(P));
            const double In = (1 + e) * (1.5 + 0.7 * mu) / ((2.5 - 1.5 * mu) * (1.5 + 2.5 * mu));
            EXPECT_NEAR(po.impulse.z(), In, kPathTol) << mu;
            EXPECT_NEAR(po.impulse.x(), mu * (In - 1.2 / (1.5 + 2.5 * mu)), kPathTol) << mu;
            const ImpactResult ne = solveWangMason(p, withTermination(N));
            const double d = (1.5 * mu - 2.5) * (1.5 + 2.5 * mu);
            EXPECT_NEAR(ne.impulse.z(), (-1.5 - 1.5 * e - 0.7 * mu - 2.5 * mu * e) / d, kPathTol) << "printed a.2";
            EXPECT_NEAR(ne.impulse.x(), mu * (1.5 * (1 - e) - 2.5 * mu * (1 + e)) / d, kPathTol) << "corrected a.2";
        }
    }
    // The paper's E-stick at mu = 1 (I_N = 0.5, I_T = 0.06) is not what the process gives.
    const ImpactResult r = solveWangMason(makeBar(0.6, 1.0, 1.0));
    EXPECT_GT(std::abs(r.impulse.z() - 0.5), 0.1);
}

TEST(PlanarWangMason, DelegatesToTheExistingNewtonAndPoissonPaths) {
    const ImpactProblem p = makeBarContactProblem(0.6, -1.0, 0.4, 0.7);
    const ImpactResult wn = solveWangMason(p, withTermination(WangMasonTermination::Newton));
    const ImpactResult wp = solveWangMason(p);
    const ImpactResult n = getLaw("newton").solve(p, nlohmann::json::object(), nullptr);
    const ImpactResult po = getLaw("poisson").solve(p, nlohmann::json::object(), nullptr);
    EXPECT_EQ(wn.impulse, n.impulse);
    EXPECT_EQ(wp.impulse, po.impulse);
    EXPECT_EQ(wn.model, "wang-mason");
    // Contact level and body level describe the same bar.
    const ImpactResult body = solveWangMason(makeBar(0.6, 0.4, 0.7));
    EXPECT_LE((body.impulse - wp.impulse).norm(), kPathTol);
}

TEST(PlanarSmith, KaneDataOfTheReference) {
    // B2.6: unique roots; with e = 1 the slip simply reverses (D_TE = -D_TA).
    struct Row { double mu, e, In, It, vnE, vtE, dT; };
    const Row rows[] = {{1.0, 1.0, 0.8, 0.0, 1.0, -0.6, 0.0},
                        {0.4, 1.0, 0.8, 0.0, 1.0, -0.6, 0.0},
                        {1.0, 0.8, 0.690493, -0.049178, 0.8, -0.558685, -0.070065},
                        {0.4, 0.8, 0.700163, -0.033061, 0.8, -0.532898, -0.071126}};
    for (const Row& row : rows) {
        const ImpactProblem p = makeBar(0.6, row.mu, row.e);
        const ImpactResult r = solveSmith(p);
        EXPECT_EQ(r.status, SolveStatus::Converged);
        EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
        EXPECT_EQ(findSmithRoots(p).size(), 1u);
        EXPECT_NEAR(r.impulse.z(), row.In, kPrintedTol) << row.mu << " " << row.e;
        EXPECT_NEAR(r.impulse.x(), row.It, kPrintedTol) << row.mu << " " << row.e;
        EXPECT_NEAR(r.vPlus.z(), row.vnE, kPrintedTol);
        EXPECT_NEAR(r.vPlus.x(), row.vtE, kPrintedTol);
        EXPECT_NEAR(energyChange(r), row.dT, kPrintedTol);
        // The law itself holds at the reported root (to bisection round-off).
        const double a = 0.6, x = r.vPlus.x();
        const double average = (std::abs(a) * a + std::abs(x) * x) / (a * a + x * x);
        EXPECT_NEAR(r.impulse.x(), -row.mu * r.impulse.z() * average, kBisectionTol);
    }
}

TEST(PlanarSmith, DirectImpactIsCoulombOnTheFinalVelocity) {
    // D_TA = 0: 0/0 at D_TE = 0; the set-valued limit is Kane's law (B4.10).
    for (const double mu : {0.2, 0.4, 1.0}) {
        const ImpactProblem p = makeBar(0.0, mu, 0.8);
        const ImpactResult s = solveSmith(p);
        const ImpactResult k = solveKane(p);
        EXPECT_LE((s.impulse - k.impulse).norm(), kClosedFormTol) << mu;
    }
}

TEST(PlanarBrach, NoMomentImpulseIsKanesSelection) {
    // e_m = -1 and Brach's critical-ratio rule: r = mu_0 when |mu_0| <= mu, else
    // +-mu; D_TE increases with r, so this is Kane's stick-or-slide choice.
    for (const double mu : {0.0, 0.2, 0.365, 0.366, 1.0}) {
        for (const double vt : {-0.6, 0.0, 0.6}) {
            const ImpactProblem p = makeBar(vt, mu, 0.9);
            EXPECT_LE((solveBrach(p).impulse - solveKane(p).impulse).norm(), kClosedFormTol) << mu << " " << vt;
        }
    }
    // An explicit ratio is the paper's law as written: I_T = r I_N, D_NE = -e D_NA.
    BrachOptions o;
    o.impulseRatio = -0.25;
    const ImpactResult r = solveBrach(makeBarContactProblem(0.6, -1.0, 0.0, 0.9), o);
    EXPECT_NEAR(r.impulse.x(), -0.25 * r.impulse.z(), kClosedFormTol);
    EXPECT_NEAR(r.vPlus.z(), 0.9, kClosedFormTol);
    o.impulseRatio = 2.0;   // A - B r = 2.5 - 3 < 0: no positive normal impulse
    EXPECT_EQ(solveBrach(makeBarContactProblem(0.6, -1.0, 0.0, 0.9), o).status, SolveStatus::NoSolution);
}

TEST(PlanarBrach, MomentCoefficientOnTheBarDrop) {
    // B2.8, first impact of the bar drop in units of v0 (D_NA = -1, D_TA = 0,
    // thetadot = 0): e = 1, mu = 0, e_m = 0.1 gives I_N = 1.777778,
    // I_theta = -0.576161 in the paper's left-end sign (+0.576161 in ours),
    // post (xdot, ydot, thetadot) = (0, 0.777778, -0.628539), T+/T- = 0.637860.
    BrachOptions o;
    o.momentCoefficient = 0.1;
    const BrachSolution s = solveBrachWithCouple(makeBar(0.0, 0.0, 1.0), o);
    const ImpactResult& r = s.result;
    EXPECT_NEAR(r.impulse.z(), 1.777778, kPrintedTol);
    EXPECT_NEAR(r.impulse.x(), 0.0, kClosedFormTol);
    EXPECT_NEAR(s.coupleImpulse, 0.576161, kPrintedTol);
    ASSERT_TRUE(r.bodiesAfter);
    const RigidBody& bar = r.bodiesAfter->body1;
    EXPECT_NEAR(bar.velocity.x(), 0.0, kClosedFormTol);
    EXPECT_NEAR(bar.velocity.y(), 0.777778, kPrintedTol);
    EXPECT_NEAR(bar.angularVelocity.z(), -0.628539, kPrintedTol);
    EXPECT_NEAR(r.energyAfter / r.energyBefore, 0.637860, kPrintedTol);
    EXPECT_NEAR(bar.calcKineticEnergy(), r.energyAfter, kClosedFormTol) << "the couple is in the energy";
    EXPECT_NEAR(r.vPlus.z(), 1.0, kClosedFormTol) << "Newton holds with the couple";

    // The paper's system (sec. 3.3.3, left end, its I_theta = -ours), with a
    // ratio mu = 0.2: (A - B mu) I_N + D I_th = -(e + 1) D_NA;
    // (D - E mu) I_N + ((1 + 2 e_m)/J) I_th = -(1 + e_m) D_thetaA (multiplied form).
    o.impulseRatio = 0.2;
    const BrachSolution t = solveBrachWithCouple(makeBar(0.0, 0.0, 1.0), o);
    const double J = 1.0 / 12, D = 0.5 / J * std::cos(kPi / 4), E = 0.5 / J * std::sin(kPi / 4);
    const double A = 2.5, B = 1.5, mu = 0.2, em = 0.1;
    const double In = t.result.impulse.z(), Ith = -t.coupleImpulse;
    EXPECT_NEAR((A - B * mu) * In + D * Ith, 2.0, kClosedFormTol);
    EXPECT_NEAR((1 + em) * (D - E * mu) * In + (1 + 2 * em) / J * Ith, 0.0, 10 * kClosedFormTol) << "terms ~ 10";

    // e_m = 0 stops the rotation relative to the fixed barrier; e_m = -1 is Newton.
    o.impulseRatio.reset();
    o.momentCoefficient = 0.0;
    EXPECT_NEAR(solveBrach(makeBar(0.0, 0.0, 1.0), o).bodiesAfter->body1.angularVelocity.z(), 0.0, kClosedFormTol);
    o.momentCoefficient = -1.0;
    const ImpactResult n = solveBrach(makeBar(0.0, 0.0, 1.0), o);
    EXPECT_NEAR(n.impulse.z(), 0.8, kClosedFormTol);
    EXPECT_NEAR(n.bodiesAfter->body1.angularVelocity.z(), -3.394113, kPrintedTol);
}

TEST(PlanarBrach, MomentCoefficientNeedsBodiesAndAValidRange) {
    BrachOptions o;
    o.momentCoefficient = 0.1;
    EXPECT_EQ(test::getFieldOf([&] { solveBrach(makeBarContactProblem(0.0, -1.0, 0.0, 1.0), o); }), "bodies");
    o.momentCoefficient = -0.5;
    EXPECT_EQ(test::getFieldOf([&] { solveBrach(makeBar(0.0, 0.0, 1.0), o); }), "brach.e_m");
    o.momentCoefficient = -1.0;
    EXPECT_NO_THROW(solveBrach(makeBarContactProblem(0.0, -1.0, 0.0, 1.0), o)) << "e_m = -1 works at contact level";
    // A body whose plane normal is not a principal axis cannot take the couple in the plane.
    Bar bar;
    bar.velocity = Vec3(0.0, -1.0, 0.0);
    TwoBodyContact c = bar.makeContact();
    c.body1.principalInertia = Vec3(0.05, 0.08, 0.1);
    c.body1.orientation = Quat(Eigen::AngleAxisd(0.3, Vec3(1, 1, 0).normalized()));
    const ImpactProblem tilted = ImpactProblem::makeBodyLevel(c, 0.0, 1.0);
    o.momentCoefficient = 0.1;
    const std::string f = test::getFieldOf([&] { solveBrach(tilted, o); });
    EXPECT_TRUE(f == "bodies" || f == "W") << f;
}

TEST(PlanarCataldoSampaio, ReducesToGlockerPfeifferAndNewton) {
    // e_mC = e_mE = -1: Glocker-Pfeiffer's second case; e_t = nu = 0: its first.
    for (const double vt : {-0.6, 0.0, 0.6, 2.0}) {
        for (const double mu : {0.0, 0.3, 0.6, 1.0}) {
            const ImpactProblem p = makeBar(vt, mu, 0.75);
            for (const auto& [et, nu] : {std::pair{0.0, 0.0}, std::pair{1.0, 1.0}, std::pair{0.4, 0.7}}) {
                const ImpactResult cs = solveCataldoSampaio(p, {et, nu, -1.0, -1.0});
                const ImpactResult gp = solveGlockerPfeiffer(p, {et, nu});
                EXPECT_LE((cs.impulse - gp.impulse).norm(), kClosedFormTol) << vt << " " << mu;
                EXPECT_LE((cs.compressionImpulse - gp.compressionImpulse).norm(), kClosedFormTol);
            }
            if (mu == 0.0) {   // Newton = Poisson without friction: I_N = -(1 + e) D_NA / A
                const ImpactResult cs = solveCataldoSampaio(p);
                EXPECT_NEAR(cs.impulse.z(), 1.75 / 2.5, kClosedFormTol);
                EXPECT_EQ(cs.impulse.x(), 0.0);
            }
        }
    }
}

TEST(PlanarCataldoSampaio, MomentCoefficientsAsBrachWhereTheyCoincide) {
    // mu = 0, e_mC = e_mE = 0 and no initial relative rotation: both phases stop
    // the relative rotation, and Poisson's I_NE = e I_NC then gives Newton's
    // D_NE = -e D_NA, so C-S equals Brach with e_m = 0 (CataldoSampaio.h).
    for (const double e : {0.3, 1.0}) {
        const ImpactProblem p = makeBar(0.0, 0.0, e);
        const CataldoSampaioSolution cs = solveCataldoSampaioWithCouple(p, {0.0, 0.0, 0.0, 0.0});
        BrachOptions o;
        o.momentCoefficient = 0.0;
        const BrachSolution b = solveBrachWithCouple(p, o);
        EXPECT_LE((cs.result.impulse - b.result.impulse).norm(), kClosedFormTol) << e;
        EXPECT_NEAR(cs.coupleImpulseCompression + cs.coupleImpulseExpansion, b.coupleImpulse, kClosedFormTol);
        EXPECT_NEAR(cs.result.bodiesAfter->body1.angularVelocity.z(), 0.0, kClosedFormTol);
        EXPECT_NEAR(cs.result.energyAfter, b.result.energyAfter, kClosedFormTol);
    }
    // A moment coefficient needs the bodies.
    EXPECT_EQ(test::getFieldOf([&] { solveCataldoSampaio(makeBarContactProblem(0.0, -1.0, 0.3, 1.0), {0.0, 0.0, 0.1, -1.0}); }),
              "bodies");
    EXPECT_EQ(test::getFieldOf([&] { solveCataldoSampaio(makeBar(0.0, 0.3, 1.0), {0.0, 0.0, -0.25, -1.0}); }), "cs.e_m_c");
    EXPECT_EQ(test::getFieldOf([&] { solveCataldoSampaio(makeBar(0.0, 0.3, 1.0), {0.0, 2.0, -1.0, -1.0}); }), "cs.nu");
}

TEST(PlanarProblems, NonPlanarInputIsRejectedNamingTheField) {
    Mat3 W;
    W << 2.5, 0.1, -1.5, 0.1, 1.0, 0.0, -1.5, 0.0, 2.5;
    const ImpactProblem coupled = ImpactProblem::makeContactLevel(W, Vec3(0.6, 0.0, -1.0), 0.5, 1.0);
    const ImpactProblem sliding3d = makeBarContactProblem(0.6, -1.0, 0.5, 1.0);
    ImpactProblem v3 = sliding3d;
    v3.vMinus.y() = 0.1;
    using Solve = std::function<void(const ImpactProblem&)>;
    const std::vector<std::pair<const char*, Solve>> laws = {
        {"kane", [](const ImpactProblem& p) { solveKane(p); }},
        {"brach", [](const ImpactProblem& p) { solveBrach(p); }},
        {"glocker-pfeiffer", [](const ImpactProblem& p) { solveGlockerPfeiffer(p); }},
        {"wang-mason", [](const ImpactProblem& p) { solveWangMason(p); }},
        {"smith", [](const ImpactProblem& p) { solveSmith(p); }},
        {"cs", [](const ImpactProblem& p) { solveCataldoSampaio(p); }}};
    for (const auto& law : laws) {
        const char* name = law.first;
        const Solve& solve = law.second;   // a named reference: C++17 lambdas cannot capture bindings
        EXPECT_EQ(test::getFieldOf([&] { solve(coupled); }), "W") << name;
        EXPECT_EQ(test::getFieldOf([&] { solve(v3); }), "v_minus") << name;
        EXPECT_EQ(test::getFieldOf([&] { solve(sliding3d); }), "no error") << name;
        try {
            solve(coupled);
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("is planar"), std::string::npos) << e.what();
        }
    }
}
}}  // namespace
