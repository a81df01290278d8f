// The Kudlich-Slibar vehicle law (impact/vehicle/KudlichSlibar.h) against its
// closed forms, the reference's derived example (A.2.1) and the invariants the
// paper's procedure guarantees (momentum, friction bound, no energy gain).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "impact/vehicle/KudlichSlibar.h"
#include "laws/LawRegistry.h"
#include "support/TestSupport.h"

using namespace impactlab;
using namespace impactlab::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// Closed forms of O(1000) kg bodies: a few products and one division; relative
// round-off ~1e-15, so 1e-9 relative leaves a wide margin and catches any
// formula or sign error (the reference suggests 1e-9 too).
constexpr double kClosedFormRelTol = 1e-9;
// The reference prints six decimals: half a unit in the last place is 5e-7.
constexpr double kPrintedTol = 1e-6;
// Invariants on random problems: impulses and momenta of O(10) are sums of
// O(10) products of O(1..100) numbers; 1e-10 relative of the problem's scale.
constexpr double kInvariantRelTol = 1e-10;

// J: the reference prints the energies to three decimals.
constexpr double kPrintedEnergyTol = 1e-3;

// A vehicle-like free body at `position` (kg, kg m^2 about principal body axes
// aligned with the world; Izz = I is the paper's planar moment).
RigidBody makeVehicle(double mass, double Izz, const Vec3& position, const Vec3& velocity, double omegaZ = 0.0) {
    RigidBody b;
    b.mass = mass;
    b.principalInertia = Vec3(0.5 * Izz, 0.6 * Izz, Izz);   // Ixx + Iyy >= Izz: realisable
    b.position = position;
    b.velocity = velocity;
    b.angularVelocity = Vec3(0.0, 0.0, omegaZ);
    return b;
}

// Reference A.2.1: m1 = m2 = 1000 kg, I1 = I2 = 1000 kg m^2, contact P at the
// origin, r1 = (-2, 1, 0) (CG1 -> P), r2 = (2, 0.5, 0), n = world x, body 2 at
// rest, v1 = `v1`. The contact frame has t1 = world y, t2 = world z.
TwoBodyContact makeReferenceContact(const Vec3& v1 = Vec3(-10.0, 4.0, 0.0)) {
    TwoBodyContact c;
    c.body1 = makeVehicle(1000.0, 1000.0, Vec3(2.0, -1.0, 0.0), v1);
    c.body2 = makeVehicle(1000.0, 1000.0, Vec3(-2.0, -0.5, 0.0), Vec3::Zero());
    c.point = Vec3::Zero();
    c.frame = ContactFrame::makeFromNormal(Vec3::UnitX());
    return c;
}

ImpactProblem makeReferenceProblem(double muUser, double eps, const Vec3& v1 = Vec3(-10.0, 4.0, 0.0)) {
    return ImpactProblem::makeBodyLevel(makeReferenceContact(v1), muUser, eps);
}

Vec3 toWorld(const ImpactProblem& p, const Vec3& contact) { return p.bodies->frame.toWorld(contact); }

void expectVecNear(const Vec3& actual, const Vec3& expected, double tol, const std::string& what) {
    ASSERT_TRUE(actual.allFinite()) << what;
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(actual(i), expected(i), tol) << what << "[" << i << "]";
}

// The paper's general form, built from the bodies as printed (last equation):
// J1 = -(1 + eps) [(1/m_bar) 1 - (r1~ I1^-1 r1~ + r2~ I2^-1 r2~)]^-1 v, world frame.
Vec3 calcPaperGeneralWorld(const TwoBodyContact& c, double eps) {
    auto skew = [](const Vec3& r) {
        Mat3 s;
        s << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
        return s;
    };
    const Mat3 r1 = skew(c.point - c.body1.position);
    const Mat3 r2 = skew(c.point - c.body2.position);
    const double invMbar = 1.0 / c.body1.mass + 1.0 / c.body2.mass;
    const Mat3 bracket = invMbar * Mat3::Identity() -
                         (r1 * c.body1.calcWorldInverseInertia() * r1 + r2 * c.body2.calcWorldInverseInertia() * r2);
    return -(1.0 + eps) * Vec3(bracket.inverse() * c.calcWorldRelativeVelocity());
}


TEST(KudlichSlibar, CentralHeadOnImpactOfEqualMassesGivesOnePlusEpsTimesReducedMassTimesSpeed) {
    // Lever arms along n: Ktt = 1/m_bar, Knt = 0 (eq. 52). With and without a
    // tangential closing velocity (the friction part does not change J_n).
    for (const double vt : {0.0, 3.0}) {
        for (const double eps : {0.0, 0.2, 1.0}) {
            TwoBodyContact c;
            c.body1 = makeVehicle(1200.0, 1500.0, Vec3(1.8, 0.0, 0.0), Vec3(-8.0, vt, 0.0));
            c.body2 = makeVehicle(1200.0, 1500.0, Vec3(-1.8, 0.0, 0.0), Vec3(6.0, 0.0, 0.0));
            c.frame = ContactFrame::makeFromNormal(Vec3::UnitX());
            const ImpactProblem p = ImpactProblem::makeBodyLevel(c, 0.7, eps);
            const ImpactResult r = solveKudlichSlibar(p);
            const double mBar = 600.0, vn = -14.0;
            EXPECT_NEAR(r.impulse.z(), (1.0 + eps) * mBar * std::abs(vn), kClosedFormRelTol * mBar * 14.0)
                << "vt " << vt << " eps " << eps;
            EXPECT_NEAR(r.vPlus.z(), -eps * vn, kClosedFormRelTol * 14.0);
            EXPECT_EQ(r.status, SolveStatus::Converged);
        }
    }
}

TEST(KudlichSlibar, ReferenceExampleHasMuTildeTwentyThreeOverOneHundredFour) {
    // A.2.1 intermediate quantities, t^ = world -y = -t1.
    const ImpactProblem p = makeReferenceProblem(0.5, 0.2);
    const KudlichSlibarTerms k = calcKudlichSlibarTerms(p);
    ASSERT_TRUE(k.hasTangent);
    EXPECT_TRUE(k.planar);
    expectVecNear(toWorld(p, k.tHat), Vec3(0.0, -1.0, 0.0), kClosedFormRelTol, "t^ world");
    EXPECT_NEAR(k.rho, 0.4, kClosedFormRelTol);
    EXPECT_NEAR(k.Ktt, 0.00325, kClosedFormRelTol * 0.00325);
    EXPECT_NEAR(k.Knn, 0.010, kClosedFormRelTol * 0.010);
    EXPECT_NEAR(k.Knt, 0.001, kClosedFormRelTol * 0.001);
    EXPECT_NEAR(k.muTilde, 23.0 / 104.0, kClosedFormRelTol);
    EXPECT_NEAR(k.mu, 23.0 / 104.0, kClosedFormRelTol) << "mu = min(mu~, mu_user = 0.5)";
}

TEST(KudlichSlibar, ReferenceExampleRowOneFinalRelativeVelocityIsTwoAndZeroPointEight) {
    // mu_user = 0.5, eps = 0.2: (n, t^) final relative velocity (2.0, 0.8) in
    // the reference's convention. t^ = world -y = -t1, so in the contact frame
    // [t1, t2, n] it is (-0.8, 0, 2.0), world (2.0, -0.8, 0).
    const ImpactProblem p = makeReferenceProblem(0.5, 0.2);
    const ImpactResult r = solveKudlichSlibar(p);
    EXPECT_EQ(r.status, SolveStatus::Converged);
    EXPECT_TRUE(r.warnings.empty());
    const double scale = 4000.0;
    // Compression impulse: J_n = 208000/63, J.t^ = 46000/63 (so t1 = -46000/63).
    expectVecNear(r.compressionImpulse, Vec3(-46000.0 / 63.0, 0.0, 208000.0 / 63.0), kClosedFormRelTol * scale,
                  "J_comp");
    expectVecNear(toWorld(p, r.impulse), Vec3(3961.904762, -876.190476, 0.0), kPrintedTol, "J world");
    expectVecNear(r.vPlus, Vec3(-0.8, 0.0, 2.0), kClosedFormRelTol * 10.0, "v+ contact");
    expectVecNear(toWorld(p, r.vPlus), Vec3(2.0, -0.8, 0.0), kClosedFormRelTol * 10.0, "v+ world");
    ASSERT_TRUE(r.bodiesAfter);
    expectVecNear(r.bodiesAfter->body1.velocity, Vec3(-6.038095, 3.123810, 0.0), kPrintedTol, "v1f");
    expectVecNear(r.bodiesAfter->body2.velocity, Vec3(-3.961905, 0.876190, 0.0), kPrintedTol, "v2f");
    EXPECT_NEAR(r.bodiesAfter->body1.angularVelocity.z(), -2.209524, kPrintedTol);
    EXPECT_NEAR(r.bodiesAfter->body2.angularVelocity.z(), 3.733333, kPrintedTol);
    EXPECT_NEAR(r.energyBefore, 58000.0, kClosedFormRelTol * 58000.0);
    EXPECT_NEAR(r.energyAfter, 40750.476, kPrintedEnergyTol);   // printed to three decimals
}

TEST(KudlichSlibar, ReferenceExampleRowsTwoAndThree) {
    {   // mu_user = 0.15 < mu~: the user's friction binds; (n, t^) = (2.0, -2.064516).
        const ImpactProblem p = makeReferenceProblem(0.15, 0.2);
        const ImpactResult r = solveKudlichSlibar(p);
        EXPECT_NEAR(calcKudlichSlibarTerms(p).mu, 0.15, kClosedFormRelTol);
        expectVecNear(toWorld(p, r.impulse), Vec3(3870.967742, -580.645161, 0.0), kPrintedTol, "J world");
        expectVecNear(toWorld(p, r.vPlus), Vec3(2.0, 2.064516, 0.0), kPrintedTol, "v+ world");
        EXPECT_NEAR(r.energyAfter, 40755.463, kPrintedEnergyTol);
    }
    {   // eps = 0: common velocity in both directions.
        const ImpactProblem p = makeReferenceProblem(0.5, 0.0);
        const ImpactResult r = solveKudlichSlibar(p);
        expectVecNear(toWorld(p, r.impulse), Vec3(3301.587302, -730.158730, 0.0), kPrintedTol, "J world");
        expectVecNear(r.vPlus, Vec3::Zero(), kClosedFormRelTol * 10.0, "v+");
        EXPECT_NEAR(r.energyAfter, 40031.746, kPrintedEnergyTol);
    }
}

TEST(KudlichSlibar, LargeUserFrictionLetsMuTildeBindAndStopsTheSlipAtTheEndOfCompression) {
    // eq. 58: with mu = mu~ the tangential relative velocity is zero at the end
    // of compression (and the normal one by construction), for every eps.
    for (const double eps : {0.0, 0.2, 0.7, 1.0}) {
        const ImpactProblem p = makeReferenceProblem(5.0, eps);
        const KudlichSlibarTerms k = calcKudlichSlibarTerms(p);
        EXPECT_EQ(k.mu, k.muTilde);
        const ImpactResult r = solveKudlichSlibar(p);
        expectVecNear(p.calcVelocityAfter(r.compressionImpulse), Vec3::Zero(), kClosedFormRelTol * 10.0,
                      "v at the end of compression");
        // And the slip then reverses to -eps times its initial value (A.2.2).
        expectVecNear(r.vPlus, -eps * p.vMinus, kClosedFormRelTol * 10.0, "v+");
    }
}

TEST(KudlichSlibar, GeneralTensorFormEqualsThePlanarFormOnPlanarData) {
    // With 0 <= mu~ <= mu_user the planar closed form is the full-stick impulse,
    // which is the paper's general form; built here from the bodies as printed.
    for (const double eps : {0.0, 0.2, 1.0}) {
        const ImpactProblem p = makeReferenceProblem(0.5, eps);
        const ImpactResult r = solveKudlichSlibar(p);
        const Vec3 general = calcPaperGeneralWorld(*p.bodies, eps);
        expectVecNear(toWorld(p, r.impulse), general, kClosedFormRelTol * 4000.0, "planar vs paper general");
        expectVecNear(r.impulse, calcKudlichSlibarGeneralImpulse(p), kClosedFormRelTol * 4000.0, "vs W form");
    }
    // A.2.2 item 3: 3301.587302, -730.158730 for eps = 0 with other Ixx, Iyy.
    TwoBodyContact c = makeReferenceContact();
    c.body1.principalInertia = Vec3(700.0, 400.0, 1000.0);
    c.body2.principalInertia = Vec3(300.0, 800.0, 1000.0);
    expectVecNear(calcPaperGeneralWorld(c, 0.0), Vec3(3301.587302, -730.158730, 0.0), kPrintedTol, "A.2.2 (3)");
}

TEST(KudlichSlibar, OutOfPlaneCentroidUsesTheGeneralFormInsideTheCone) {
    // Contact point above the centres of gravity: W couples z' to (t^, n^).
    TwoBodyContact c = makeReferenceContact();
    c.point = Vec3(0.0, 0.0, 0.6);
    const ImpactProblem p = ImpactProblem::makeBodyLevel(c, 2.0, 0.3);
    const KudlichSlibarTerms k = calcKudlichSlibarTerms(p);
    EXPECT_FALSE(k.planar);
    const ImpactResult r = solveKudlichSlibar(p);
    const Vec3 general = calcPaperGeneralWorld(c, 0.3);
    ASSERT_LE(general.tail<2>().norm(), 2.0 * general.x()) << "premise: the stick impulse is inside the cone";
    expectVecNear(toWorld(p, r.impulse), general, kClosedFormRelTol * 4000.0, "general form");
    expectVecNear(r.vPlus, -0.3 * p.vMinus, kClosedFormRelTol * 10.0, "v+ = -eps v-");
}

TEST(KudlichSlibar, NegativeMuTildeGivesNoFrictionImpulse) {
    // Reverse the slip of A.2.1 and make it small: t^ = world +y, Knt = -0.001,
    // rho = 0.01, so Knt + rho Ktt < 0 and mu~ < 0: the normal impulse alone
    // carries the slip past zero. mu = max(0, min(mu~, mu_user)) = 0.
    const ImpactProblem p = makeReferenceProblem(0.8, 0.5, Vec3(-10.0, -0.1, 0.0));
    const KudlichSlibarTerms k = calcKudlichSlibarTerms(p);
    EXPECT_NEAR(k.Knt, -0.001, kClosedFormRelTol * 0.001);
    EXPECT_LT(k.muTilde, 0.0);
    EXPECT_EQ(k.mu, 0.0);
    const ImpactResult r = solveKudlichSlibar(p);
    EXPECT_EQ(r.impulse.x(), 0.0);
    EXPECT_EQ(r.impulse.y(), 0.0);
    EXPECT_NEAR(r.impulse.z(), -1.5 * p.vMinus.z() / k.Ktt, kClosedFormRelTol * 5000.0);
    // The slip along t^ at the end of compression is positive (reversed), which
    // is why any mu > 0 would only drive it further: check the premise.
    EXPECT_GT(p.calcVelocityAfter(r.compressionImpulse).dot(k.tHat), 0.0);
    EXPECT_LE(r.energyAfter, r.energyBefore);
    EXPECT_TRUE(r.warnings.empty());
}

TEST(KudlichSlibar, NoTangentialClosingVelocityGivesNoFrictionImpulse) {
    // Eccentric lever arms (W_tn != 0) but v_t = 0: t^ (eq. 35) is undefined.
    const ImpactProblem p = makeReferenceProblem(0.8, 0.2, Vec3(-10.0, 0.0, 0.0));
    ASSERT_GT(std::abs(p.W(0, 2)), 1e-4) << "premise: normal-tangential coupling";
    const KudlichSlibarTerms k = calcKudlichSlibarTerms(p);
    EXPECT_FALSE(k.hasTangent);
    const ImpactResult r = solveKudlichSlibar(p);
    EXPECT_EQ(r.impulse.x(), 0.0);
    EXPECT_EQ(r.impulse.y(), 0.0);
    EXPECT_NEAR(r.impulse.z(), 1.2 * 10.0 / p.W(2, 2), kClosedFormRelTol * 5000.0);
    EXPECT_NEAR(r.vPlus.z(), 2.0, kClosedFormRelTol * 10.0);
    EXPECT_LE(r.energyAfter, r.energyBefore);
}

TEST(KudlichSlibar, TraceRunsFromZeroThroughTheCompressionImpulseToTheTotal) {
    const ImpactProblem p = makeReferenceProblem(0.5, 0.2);
    ImpactTrace trace;
    const ImpactResult r = solveKudlichSlibar(p, {}, &trace);
    ASSERT_GE(trace.samples.size(), 3u);
    EXPECT_EQ(trace.samples.front().impulse, Vec3::Zero());
    EXPECT_EQ(trace.samples.back().impulse, r.impulse);
    EXPECT_EQ(trace.samples.front().phase, ImpactPhase::Compression);
    EXPECT_EQ(trace.samples.back().phase, ImpactPhase::Restitution);
    bool passesCompression = false;
    for (const TraceSample& s : trace.samples) passesCompression = passesCompression || s.impulse == r.compressionImpulse;
    EXPECT_TRUE(passesCompression);
    EXPECT_NEAR(trace.samples.back().energy, r.energyAfter, kClosedFormRelTol * r.energyBefore);
    ASSERT_EQ(r.events.size(), 2u);
    EXPECT_EQ(r.events[0].kind, ImpactEventKind::EndOfCompression);
    EXPECT_EQ(r.events[0].impulse, r.compressionImpulse);
    EXPECT_EQ(r.events[1].kind, ImpactEventKind::EndOfImpact);
    EXPECT_EQ(r.events[1].impulse, r.impulse);
}

TEST(KudlichSlibar, RegistryReadsMuBoundAndRejectsUnknownOptions) {
    const LawInfo& law = getLaw("kudlich-slibar");
    ASSERT_EQ(law.options.size(), 1u);
    EXPECT_EQ(law.options[0].name, "mu_bound");
    const ImpactProblem p = makeReferenceProblem(0.5, 0.2);
    const ImpactResult bounded = law.solve(p, nlohmann::json::object(), nullptr);
    EXPECT_NEAR(bounded.impulse.z(), 1.2 * 208000.0 / 63.0, kClosedFormRelTol * 4000.0);
    // Bound off: mu = mu_user = 0.5, J_n = -(1 + eps) v_n / (Ktt - mu Knt) (eq. 52).
    const ImpactResult unbounded = law.solve(p, {{"mu_bound", false}}, nullptr);
    const double Jn = 1.2 * 10.0 / (0.00325 - 0.5 * 0.001);
    EXPECT_NEAR(unbounded.impulse.z(), Jn, kClosedFormRelTol * Jn);
    EXPECT_NEAR(unbounded.impulse.x(), -0.5 * Jn, kClosedFormRelTol * Jn) << "t^ = -t1";
    auto field = [&](const nlohmann::json& o) {
        try {
            law.solve(p, o, nullptr);
        } catch (const InputError& e) {
            return e.field();
        }
        return std::string("no error");
    };
    EXPECT_EQ(field({{"mu_bnd", true}}), "kudlich-slibar.mu_bnd");
    EXPECT_EQ(field({{"mu_bound", 1}}), "kudlich-slibar.mu_bound");
}

TEST(KudlichSlibar, UnboundedFrictionCanGainEnergyAndSaysSo) {
    // Central impact with a large mu_user and eps = 1: the slip overshoots
    // common velocity in compression and the (1 + eps) scaling doubles it.
    TwoBodyContact c;
    c.body1 = makeVehicle(1000.0, 1000.0, Vec3(2.0, 0.0, 0.0), Vec3(-2.0, 1.0, 0.0));
    c.body2 = makeVehicle(1000.0, 1000.0, Vec3(-2.0, 0.0, 0.0), Vec3::Zero());
    c.frame = ContactFrame::makeFromNormal(Vec3::UnitX());
    const ImpactProblem p = ImpactProblem::makeBodyLevel(c, 3.0, 1.0);
    const ImpactResult unbounded = solveKudlichSlibar(p, KudlichSlibarOptions{false});
    EXPECT_GT(unbounded.energyAfter, unbounded.energyBefore);
    ASSERT_FALSE(unbounded.warnings.empty());
    EXPECT_NE(unbounded.warnings[0].find("energy gained"), std::string::npos);
    const ImpactResult bounded = solveKudlichSlibar(p);
    EXPECT_LE(bounded.energyAfter, bounded.energyBefore * (1.0 + kInvariantRelTol));
}

TEST(KudlichSlibar, RandomProblemsKeepTheConeConserveMomentumAndNeverGainEnergy) {
    RandomBodies rnd(20260417u);
    int planarCount = 0, generalCount = 0;
    for (int k = 0; k < 400; ++k) {
        TwoBodyContact c;
        if (k % 2 == 0) {
            // Planar vehicles in the world x-y plane, random lever arms and normal.
            for (;;) {
                const double a = rnd.uniform(0.0, 6.283185307179586);
                c.body1 = makeVehicle(rnd.uniform(500, 3000), rnd.uniform(300, 4000),
                                      Vec3(rnd.uniform(-3, 3), rnd.uniform(-3, 3), 0.0),
                                      Vec3(rnd.uniform(-20, 20), rnd.uniform(-20, 20), 0.0), rnd.uniform(-2, 2));
                c.body2 = makeVehicle(rnd.uniform(500, 3000), rnd.uniform(300, 4000),
                                      Vec3(rnd.uniform(-3, 3), rnd.uniform(-3, 3), 0.0),
                                      Vec3(rnd.uniform(-20, 20), rnd.uniform(-20, 20), 0.0), rnd.uniform(-2, 2));
                c.point = Vec3::Zero();
                c.frame = ContactFrame::makeFromNormal(Vec3(std::cos(a), std::sin(a), 0.0));
                if (c.calcContactRelativeVelocity().z() < -0.5) break;
            }
        } else {
            c = rnd.contact(false);   // general 3D: rotated inertia, point off the plane
        }
        const double mu = rnd.uniform(0.0, 1.5);
        const double eps = rnd.uniform(0.0, 1.0);
        const ImpactProblem p = ImpactProblem::makeBodyLevel(c, mu, eps);
        const KudlichSlibarTerms terms = calcKudlichSlibarTerms(p);
        (terms.planar ? planarCount : generalCount)++;
        const ImpactResult r = solveKudlichSlibar(p);
        ASSERT_EQ(r.status, SolveStatus::Converged) << k;
        ASSERT_TRUE(r.impulse.allFinite()) << k;
        const double Jscale = r.impulse.norm();
        EXPECT_GT(r.impulse.z(), 0.0) << k;
        EXPECT_LE(r.impulse.head<2>().norm(), mu * r.impulse.z() + kInvariantRelTol * Jscale) << "cone, case " << k;
        EXPECT_NEAR(r.vPlus.z(), -eps * p.vMinus.z(), kInvariantRelTol * p.vMinus.norm()) << "eq. 37, case " << k;
        // Energy: the relative energy change is <= 0 (header proof).
        EXPECT_LE(r.energyAfter - r.energyBefore, kInvariantRelTol * r.energyBefore) << "energy, case " << k;
        // Momentum, body level: linear, and angular about the world origin.
        ASSERT_TRUE(r.bodiesAfter);
        const TwoBodyContact& a = *r.bodiesAfter;
        const Vec3 L0 = c.body1.calcLinearMomentum() + c.body2.calcLinearMomentum();
        const Vec3 L1 = a.body1.calcLinearMomentum() + a.body2.calcLinearMomentum();
        const double pScale = c.body1.calcLinearMomentum().norm() + c.body2.calcLinearMomentum().norm() + Jscale;
        expectVecNear(L1, L0, kInvariantRelTol * pScale, "linear momentum");
        const Vec3 H0 = c.body1.calcAngularMomentum(Vec3::Zero()) + c.body2.calcAngularMomentum(Vec3::Zero());
        const Vec3 H1 = a.body1.calcAngularMomentum(Vec3::Zero()) + a.body2.calcAngularMomentum(Vec3::Zero());
        const double hScale = c.body1.calcAngularMomentum(Vec3::Zero()).norm() +
                              c.body2.calcAngularMomentum(Vec3::Zero()).norm() + Jscale * (1.0 + c.point.norm()) + 1.0;
        expectVecNear(H1, H0, kInvariantRelTol * hScale, "angular momentum");
        // Each body's change is the impulse at P: J1 = m1 dv1, r1 x J1 = I1 dw1.
        const Vec3 Jw = c.frame.toWorld(r.impulse);
        expectVecNear(c.body1.mass * (a.body1.velocity - c.body1.velocity), Jw, kInvariantRelTol * pScale, "J1");
        expectVecNear(c.body1.calcWorldInertia() * (a.body1.angularVelocity - c.body1.angularVelocity),
                      (c.point - c.body1.position).cross(Jw), kInvariantRelTol * hScale, "r1 x J1");
    }
    EXPECT_GT(planarCount, 100);
    EXPECT_GT(generalCount, 100);
}
}}  // namespace
