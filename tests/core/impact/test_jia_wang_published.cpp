// jia-wang against the paper's numbers and the reference notes' oracles
// (part A; docs/design.md, "Sources"): eq. 15, the
// frictionless 0.058, the pin-ball truth, the modified instances of Figs. 4, 7
// and 10, and the ball on a half-space of A2.1.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "impact/JiaWang.h"
#include "laws/ProblemJson.h"
#include "support/JiaWangReference.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The paper prints eq. 15 and the pin-ball truth to six or seven significant
// digits (5e-7 at most for half a unit), and the inputs are rounded as well
// (v_minus to seven digits, W to six), which moves the result by ~1e-7.
constexpr double kPrintedTol = 1e-6;
// The paper's own precision: FS and VS are 1.1e-3 from its "truth" (Table 1).
constexpr double kPaperPrecision = 1e-3;
// The reference notes' exact values for the modified instances (A2.4) carry
// seven digits and come from a v_minus rounded to seven digits; we agree
// within 4e-6.
constexpr double kDerivedTol = 1e-5;
// J. E_c printed to seven digits (5e-10); the seven-digit v_minus moves it by
// 2 E_c dv/|v_n| ~ 2e-9.
constexpr double kEnergyTol = 5e-9;
// Straight paths in closed form: only round-off remains.
constexpr double kClosedFormTol = 1e-12;
// Numbers the paper prints with four significant digits (||B^-1 d|| = 0.3157):
// half a unit in the last digit.
constexpr double kFourDigitTol = 5e-5;

// Averaging the printed W moves mu_max by 2e-6 (A2.2).
constexpr double kAveragedWTol = 5e-6;
// Printed to two significant digits: half a unit in the last place.
constexpr double kTwoDigitTol = 5e-4;
// The trace samples the curve at the integrator's steps: a step's curvature above the true minimum.
constexpr double kSampledMinimumTol = 2e-4;
// Where the sampled minimum falls: within about one integrator step.
constexpr double kSampledWhereTol = 5e-3;
// deg: the paper prints the ray's angle as 42.89 (two decimals).
constexpr double kRayAngleTolDeg = 0.01;

const ImpactEvent* findEvent(const ImpactResult& r, ImpactEventKind kind) {
    for (const auto& e : r.events)
        if (e.kind == kind) return &e;
    return nullptr;
}

std::string withoutL(std::string sequence) {
    sequence.erase(std::remove(sequence.begin(), sequence.end(), 'l'), sequence.end());
    return sequence;
}

double maxContactEnergy(const ImpactTrace& trace) {
    double Ec = 0.0;
    for (const auto& s : trace.samples) Ec = std::max(Ec, s.contactEnergy.value_or(0.0));
    return Ec;
}

// The modified instances: only mu and V1- change (A2.4), so
// v- = v-(eq. 14) + (V1-new - V1-old), with v-(eq. 14) = (-0.2619767, 0.3863308, -0.0771747).
ImpactProblem makeVariant(double mu, const Vec3& V1) {
    const ImpactProblem base = test::loadExampleProblem("jia-wang-icosahedron-derived.json");
    return ImpactProblem::makeContactLevel(base.W, base.vMinus + (V1 - Vec3(-0.1, 0.5, 0.95)), mu, 0.95);
}


TEST(JiaWangPublished, NormOfBInverseD) {
    // Sec. 4: ||B^-1 d|| = 0.3157 from eq. 23 (B from eq. 13 gives the same to 2e-6).
    const ImpactProblem p = test::loadExampleProblem("jia-wang-icosahedron.json");
    const Mat2 B = p.W.topLeftCorner<2, 2>();
    const Vec2 d = p.W.topRightCorner<2, 1>();
    EXPECT_NEAR((B.inverse() * d).norm(), 0.3157, kFourDigitTol);
    const Mat2 B23 = (Mat2() << 11.5985, -0.910369, -0.910369, 9.90134).finished();
    EXPECT_NEAR((B23.inverse() * Vec2(2.44236, 1.95747)).norm(), 0.3157, kFourDigitTol);
    // Condition (18) holds for mu = 0.8: mu_max = W33 / ||(W13, W23)|| = 0.827618
    // (A2.2, from the upper triangle; averaging the printed W moves it by 2e-6).
    EXPECT_NEAR(p.W(2, 2) / d.norm(), 0.827618, kAveragedWTol);
    EXPECT_GT(calcImpactSolutionMargin(p), 0.0);
}

TEST(JiaWangPublished, Eq15ExactlyForTheInverseConsistentInput) {
    ImpactTrace trace;
    const ImpactResult r = solveJiaWang(test::loadExampleProblem("jia-wang-icosahedron.json"), {}, &trace);
    EXPECT_EQ(r.status, SolveStatus::Converged);
    EXPECT_TRUE(r.warnings.empty());
    EXPECT_EQ(calcEventSequence(r), "csr");
    EXPECT_LE((r.impulse - Vec3(-0.00326657, -0.0592263, 0.1007)).cwiseAbs().maxCoeff(), kPrintedTol) << r.impulse.transpose();
    // Reference A2.2, inverse-consistent run: c, the stick, E_c.
    const ImpactEvent* c = findEvent(r, ImpactEventKind::EndOfCompression);
    const ImpactEvent* s = findEvent(r, ImpactEventKind::Stick);
    ASSERT_TRUE(c && s);
    EXPECT_LE((c->impulse - Vec3(0.0112107, -0.0324648, 0.0436314)).cwiseAbs().maxCoeff(), kPrintedTol);
    EXPECT_LE((s->impulse - Vec3(0.0033935, -0.0528324, 0.0714555)).cwiseAbs().maxCoeff(), kPrintedTol);
    EXPECT_NEAR(c->normalImpulse, 0.04363136, kPrintedTol);
    EXPECT_NEAR(s->normalImpulse, 0.07145553, kPrintedTol);
    EXPECT_LE((r.compressionImpulse - c->impulse).norm(), 0.0);
    EXPECT_NEAR(maxContactEnergy(trace), 0.001449838, kEnergyTol);
    // After the stick the contact leaves with no sliding (eq. 35).
    EXPECT_LE(r.vPlus.head<2>().norm(), kClosedFormTol);
}

TEST(JiaWangPublished, Eq15WithinThePapersPrecisionFromBodyVelocities) {
    // v- derived from eq. 14 with fitted body frames (A2.2): 5.4e-4 from eq. 15,
    // and the notes' exact values to 1e-6.
    ImpactTrace trace;
    const ImpactResult r = solveJiaWang(test::loadExampleProblem("jia-wang-icosahedron-derived.json"), {}, &trace);
    EXPECT_EQ(calcEventSequence(r), "csr");
    EXPECT_LE((r.impulse - Vec3(-0.00326657, -0.0592263, 0.1007)).norm(), kPaperPrecision);
    EXPECT_LE((r.impulse - Vec3(-0.0033830871, -0.059338383, 0.1012117)).cwiseAbs().maxCoeff(), kPrintedTol);
    EXPECT_NEAR(findEvent(r, ImpactEventKind::EndOfCompression)->normalImpulse, 0.04396388, kPrintedTol);
    EXPECT_NEAR(findEvent(r, ImpactEventKind::Stick)->normalImpulse, 0.07145589, kPrintedTol);
    EXPECT_NEAR(maxContactEnergy(trace), 0.001463822, kEnergyTol);
}

TEST(JiaWangPublished, FrictionlessIs0058) {
    // Sec. 2.4: I_r = -(1 + e) v_n- / W33 n; the paper prints 0.058, the
    // derived v- gives 0.0580951 (A2.2).
    ImpactProblem p = test::loadExampleProblem("jia-wang-icosahedron-derived.json");
    p.friction = 0.0;
    const ImpactResult r = solveJiaWang(p);
    EXPECT_EQ(calcEventSequence(r), "cr");
    EXPECT_EQ(r.impulse.head<2>(), Vec2::Zero());
    EXPECT_NEAR(r.impulse.z(), -(1.0 + p.restitution) * p.vMinus.z() / p.W(2, 2), kClosedFormTol);
    EXPECT_NEAR(r.impulse.z(), 0.0580951, kPrintedTol);
    EXPECT_NEAR(r.impulse.z(), 0.058, kTwoDigitTol);   // printed to two significant digits
    EXPECT_EQ(r.steps, 0) << "frictionless impacts need no integration";
}

TEST(JiaWangPublished, PinBallTrueImpulse) {
    // Sec. 6.4 "true value" and the reference's exact events (A2.6): stick at
    // 0.2918853 (||B^-1 d|| = 0.232 < 0.7), c at 1.5224949, E_c = 1.1764883.
    ImpactTrace trace;
    const ImpactResult r = solveJiaWang(test::loadExampleProblem("jia-wang-pin-ball.json"), {}, &trace);
    EXPECT_EQ(r.status, SolveStatus::Converged);
    EXPECT_LE((r.impulse - Vec3(0.7330654, -0.0216048, 2.585018)).cwiseAbs().maxCoeff(), kPrintedTol) << r.impulse.transpose();
    EXPECT_EQ(withoutL(calcEventSequence(r)), "scr");
    EXPECT_NEAR(findEvent(r, ImpactEventKind::Stick)->normalImpulse, 0.2918853, kPrintedTol);
    EXPECT_NEAR(findEvent(r, ImpactEventKind::EndOfCompression)->normalImpulse, 1.5224949, kPrintedTol);
    EXPECT_NEAR(maxContactEnergy(trace), 1.1764883, kPrintedTol);
}

TEST(JiaWangPublished, ModifiedInstancesOfFigures4_7_10) {
    // Reference A2.4, exact dynamics: the order of c, s and r and the impulse.
    // Any l the default tolerance reports comes just before s or on the ray
    // the hodograph converges to, and does not change the impulse.
    struct Instance {
        const char* figure;
        double mu;
        Vec3 V1;
        const char* sequence;
        Vec3 impulse;
    };
    const Instance instances[] = {
        {"4(a)", 0.8, Vec3(-0.1, 0.5, 0.95), "csr", Vec3(-0.0033831, -0.0593384, 0.1012117)},
        {"4(b)", 0.4, Vec3(-0.1, 0.5, 0.2), "scr", Vec3(-0.2124522, -0.2600520, 1.0192353)},
        {"4(c)", 0.25, Vec3(-0.1, 0.5, 0.2), "cr", Vec3(-0.1160812, -0.1601338, 0.8361071)},
        {"4(d)", 3.0, Vec3(-0.1, 0.5, 0.5), "scr", Vec3(-0.1328324, -0.1836142, 0.6696243)},
        {"7", 0.25, Vec3(-0.7, -0.35, -0.5), "cr", Vec3(-0.1812815, -0.1885336, 1.3780002)},
        {"10(a)", 0.35, Vec3(-0.1, 0.5, 0.2), "csr", Vec3(-0.2067353, -0.2545635, 0.9941322)},
        {"10(b)", 0.25, Vec3(-0.1, 0.5, -1.0), "cr", Vec3(-0.3521314, -0.3798259, 2.1259718)},
        {"10(c)", 0.55, Vec3(-0.1, 0.5, 0.9), "csr", Vec3(-0.0143501, -0.0698671, 0.1493680)},
    };
    for (const Instance& in : instances) {
        SCOPED_TRACE(std::string("Fig. ") + in.figure);
        const ImpactProblem p = makeVariant(in.mu, in.V1);
        const ImpactResult r = solveJiaWang(p);
        EXPECT_EQ(r.status, SolveStatus::Converged);
        EXPECT_EQ(withoutL(calcEventSequence(r)), in.sequence) << calcEventSequence(r);
        EXPECT_LE((r.impulse - in.impulse).cwiseAbs().maxCoeff(), kDerivedTol) << r.impulse.transpose();
        // Only Fig. 4(d) (mu = 3 > mu_max = 0.8276) violates condition (18).
        EXPECT_EQ(r.warnings.size(), std::string(in.figure) == "4(d)" ? 1u : 0u);
    }
}

TEST(JiaWangPublished, Figure7PassesNearTheOriginWithoutStopping) {
    // A2.4: min |gamma| = 0.00439 near I_n = 0.1735, then the centrifugal ray
    // at 42.89 deg; the paper's "s" is this near miss.
    ImpactTrace trace;
    const ImpactResult r = solveJiaWang(makeVariant(0.25, Vec3(-0.7, -0.35, -0.5)), {}, &trace);
    double closest = 1e9, where = 0.0;
    for (const auto& s : trace.samples) {
        if (s.velocity.head<2>().norm() < closest) {
            closest = s.velocity.head<2>().norm();
            where = s.normalImpulse;
        }
    }
    // The trace samples the curve at the integrator's steps, so the sampled
    // minimum is at most a step's curvature above the true one.
    EXPECT_NEAR(closest, 0.00439, kSampledMinimumTol);
    EXPECT_NEAR(where, 0.1735, kSampledWhereTol);
    const Vec2 g = r.vPlus.head<2>();
    EXPECT_NEAR(std::atan2(g.y(), g.x()) * 180.0 / 3.14159265358979323846, 42.89, kRayAngleTolDeg);
    EXPECT_EQ(findEvent(r, ImpactEventKind::Stick), nullptr);
    EXPECT_EQ(findEvent(r, ImpactEventKind::ResumedSlip), nullptr);
}

TEST(JiaWangPublished, PapersEventLabelsWithALooseLTolerance) {
    // The paper's labels need event l well before the exact dynamics reach a
    // ray: with the angle between gamma and gamma' below 0.1 rad the reference
    // notes reproduce them (A2.4), l at these I_n, and the impulse moves by less
    // than 1e-3 (4e-3 at worst in the notes).
    struct Label {
        const char* figure;
        double mu;
        Vec3 V1;
        const char* sequence;
        double lAt;
    };
    const Label labels[] = {
        {"4(b)", 0.4, Vec3(-0.1, 0.5, 0.2), "lscr", 0.2199},
        {"4(c)", 0.25, Vec3(-0.1, 0.5, 0.2), "clr", 0.5526},
        {"10(a)", 0.35, Vec3(-0.1, 0.5, 0.2), "lcsr", 0.3236},
        {"10(b)", 0.25, Vec3(-0.1, 0.5, -1.0), "lcr", 0.5526},
        {"10(c)", 0.55, Vec3(-0.1, 0.5, 0.9), "clsr", 0.1176},
    };
    JiaWangOptions loose;
    loose.lAngleTol = 0.1;
    for (const Label& l : labels) {
        SCOPED_TRACE(std::string("Fig. ") + l.figure);
        const ImpactProblem p = makeVariant(l.mu, l.V1);
        const ImpactResult r = solveJiaWang(p, loose);
        EXPECT_EQ(calcEventSequence(r), l.sequence);
        const ImpactEvent* e = findEvent(r, ImpactEventKind::InvariantDirection);
        ASSERT_NE(e, nullptr);
        // The notes located l with Euler steps of 1e-6 from a slightly different
        // v- (the inverse-consistent one); that moves it by up to 4e-4 N s.
        EXPECT_NEAR(e->normalImpulse, l.lAt, kPaperPrecision);
        EXPECT_LE((r.impulse - solveJiaWang(p).impulse).norm(), kPaperPrecision);
    }
}

TEST(JiaWangPublished, BallOnHalfSpaceClosedForms) {
    // A2.1: W = diag(3.5, 3.5, 1), v- = (1, 0, -1), e = 0.5. Every direction is
    // invariant (Theorem 5(i)), so l happens at once and the rest is closed
    // form: |gamma| = 1 - 3.5 mu I_n, I_zc = 1, I_zr = 1.5.
    const Mat3 W = Vec3(3.5, 3.5, 1.0).asDiagonal();
    ImpactTrace trace;
    const ImpactResult stick = solveJiaWang(ImpactProblem::makeContactLevel(W, Vec3(1, 0, -1), 0.2, 0.5), {}, &trace);
    EXPECT_EQ(calcEventSequence(stick), "lcsr");
    EXPECT_LE((stick.impulse - Vec3(-1.0 / 3.5, 0, 1.5)).norm(), kClosedFormTol);
    ASSERT_EQ(stick.events.size(), 4u);
    EXPECT_EQ(stick.events[0].normalImpulse, 0.0);
    EXPECT_NEAR(stick.events[1].normalImpulse, 1.0, kClosedFormTol);
    EXPECT_NEAR(stick.events[2].normalImpulse, 1.0 / 0.7, kClosedFormTol);
    EXPECT_EQ(stick.events[2].kind, ImpactEventKind::Stick);
    EXPECT_EQ(stick.steps, 0);
    // E_c = m (v_n-)^2 / 2 with m = 1/W33 = 1.
    EXPECT_NEAR(maxContactEnergy(trace), 0.5, kClosedFormTol);

    const ImpactResult slide = solveJiaWang(ImpactProblem::makeContactLevel(W, Vec3(1, 0, -1), 0.1, 0.5));
    EXPECT_EQ(calcEventSequence(slide), "lcr");
    EXPECT_LE((slide.impulse - Vec3(-0.15, 0, 1.5)).norm(), kClosedFormTol);
}
}}  // namespace
