// PLUS (Uchida, Sherman & Delp 2015) against the paper's examples and the
// numbers of reference note B.2 (kudlich-slibar-plus-mdp.md).
#include <gtest/gtest.h>

#include <cmath>

#include "impact/ContactSpaceProblem.h"
#include "impact/plus/Plus.h"
#include "impact/plus/PlusRestitution.h"
#include "mechanics/ImpactExamples.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using Eigen::VectorXd;

// Closed forms of B.2.5 are printed to ~9 digits; 1e-6 relative leaves room
// for their rounding and none for a wrong impulse.
constexpr double kClosedFormRelTol = 1e-6;

// J: B.2.5 prints the energy before to four decimals.
constexpr double kPrintedEnergyTol = 1e-4;
// m/s: B.2.6 states the rebound as ~2.17-2.20 m/s over the cases.
constexpr double kReboundSpreadTol = 0.03;
// The table prints six digits.
constexpr double kTableDigitsTol = 1e-6;
// Symmetric contacts of one solve: round-off only.
constexpr double kSymmetryRelTol = 1e-12;
// B.2.7's first row prints the tangential impulses to three decimals.
constexpr double kRoundOneImpulseXTol = 1e-3;
// B.2.7's first row prints the normal impulses to two decimals.
constexpr double kRoundOneImpulseZTol = 1e-2;
// B.2.7 prints the total normal impulse to five decimals.
constexpr double kPrintedTotalTol = 1e-5;
// Exact arithmetic on 1s and 2s: round-off only.
constexpr double kExactTol = 1e-12;

ContactParameters plusContact(double mu, double eMin) {
    return {"", mu, eMin, RestitutionKind::VelocityDependent};
}

ContactSpaceProblem brickOnVertex(double mu, double eMin) {
    return ContactSpaceProblem::makeBodyLevel({plusContact(mu, eMin)}, makeBrickOnVertex());
}

void expectNear3(const Vec3& actual, const Vec3& expected, double absTol, const char* what) {
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(actual(i), expected(i), absTol) << what << "[" << i << "]";
}

TEST(PlusPublished, BrickGeometryMatchesReferenceDelassusOperator) {
    const ContactSpaceProblem p = brickOnVertex(0.325, 0.373);
    ASSERT_EQ(p.getContactCount(), 1);   // the next sphere is 0.141 m up (B.2.2)
    Mat3 A;
    A << 3.905169201, 0.561289916, -0.052775827, 0.561289916, 3.355677237, 0.446966327, -0.052775827,
        0.446966327, 0.57596068;
    EXPECT_LT((p.getBlock(0, 0) - A).cwiseAbs().maxCoeff(), 1e-8);
    expectNear3(p.bodies->contacts[0].point - p.bodies->bodies[0].position,
                Vec3(-0.026794919, 0.103527618, -0.627791687), 1e-8, "r");
    expectNear3(p.getVelocity(0), Vec3(-5.0, 0.0, -5.74), 1e-12, "v-");
}

// B.2.5: mu = 0.325 rolls before the end of compression, so the totals are
// closed forms independent of theta_max.
TEST(PlusPublished, BrickOnVertexRollingInCompressionHasClosedFormTotals) {
    for (double thetaMax : {0.01, 0.15, 0.25}) {
        PlusOptions o;
        o.thetaMax = thetaMax;
        const ContactSpaceProblem p = brickOnVertex(0.325, 0.373);
        const ContactSpaceResult r = solvePlus(p, o);
        ASSERT_EQ(r.status, SolveStatus::Converged);
        const Vec3 total(1.841831288, -2.417437796, 15.836404735);
        expectNear3(r.getImpulse(0), total, kClosedFormRelTol * total.norm(), "pi");
        expectNear3(r.getVelocityAfter(0), Vec3(0, 0, 2.203428972), kClosedFormRelTol * 2.2, "v+");
        const RigidBody& b = r.bodiesAfter->at(0);
        expectNear3(b.velocity, Vec3(-4.079084356, -1.208718898, 2.178202367), kClosedFormRelTol * 4.6, "v_com");
        expectNear3(b.angularVelocity, Vec3(1.927776110, -6.506885235, 0.056836056), kClosedFormRelTol * 6.8, "omega");
        EXPECT_NEAR(r.energyBefore, 57.9476, kPrintedEnergyTol);
        EXPECT_NEAR(r.energyAfter, 25.339737, kClosedFormRelTol * 25.3);
        EXPECT_EQ(r.rounds, 2);
        // The end of compression (the star of Fig. 9c) is -A^-1 v-.
        for (const ContactEvent& e : r.events)
            if (e.kind == ContactEventKind::EndOfCompression)
                expectNear3(e.impulse.head<3>(), Vec3(1.697864247, -1.820311005, 11.534162225), 1e-5, "star");
    }
}

// B.2.4 / Fig. 10: 116 / 11 / 8 intervals for theta_max 0.01 / 0.15 / 0.25
// with mu = 0.325 and alpha_min = 1e-3 (B.4.2).
TEST(PlusPublished, BrickOnVertexIntervalCountsOfFigure10) {
    const std::pair<double, int> rows[] = {{0.01, 116}, {0.15, 11}, {0.25, 8}};
    for (const auto& [thetaMax, intervals] : rows) {
        PlusOptions o;
        o.thetaMax = thetaMax;
        const ContactSpaceResult r = solvePlus(brickOnVertex(0.325, 0.373), o);
        EXPECT_EQ(r.intervals, intervals) << "theta_max " << thetaMax;
    }
}

// B.2.3 / Figs. 8-9: mu 0.125 slides throughout, 0.225 rolls in expansion,
// 0.325 rolls in compression (at a tangency with the transition circle).
TEST(PlusPublished, BrickOnVertexRegimesOfFigure8) {
    struct Row { double mu, eMin; int rollRound; };   // 0: never rolls
    const Row rows[] = {{0.125, 0.392, 0}, {0.225, 0.387, 2}, {0.325, 0.373, 1}};
    for (const Row& row : rows) {
        ContactSpaceTrace trace;
        const ContactSpaceResult r = solvePlus(brickOnVertex(row.mu, row.eMin), {}, &trace);
        ASSERT_EQ(r.status, SolveStatus::Converged);
        int rollRound = 0;
        for (const ContactEvent& e : r.events)
            if (e.kind == ContactEventKind::SlideToRoll && rollRound == 0) rollRound = e.round;
        EXPECT_EQ(rollRound, row.rollRound) << "mu " << row.mu;
        for (const ContactSpaceSample& s : trace.samples) {
            if (s.interval == 0) continue;
            const ContactSample& c = s.contacts[0];
            EXPECT_LE(c.impulse.head<2>().norm(), row.mu * c.impulse.z() * (1 + 1e-9) + 1e-12);
            if (row.rollRound == 0) {
                EXPECT_EQ(c.slip, ContactSlip::Sliding) << "mu " << row.mu;
            }
        }
        // B.2.6: the e_min values make the rebound ~2.17-2.20 m/s in every case.
        EXPECT_NEAR(r.getVelocityAfter(0).z(), 2.19, kReboundSpreadTol) << "mu " << row.mu;
    }
}

// B.2.6 (derived by another implementation, path-dependent): ~0.5 %.
TEST(PlusPublished, BrickOnVertexPathDependentTotals) {
    struct Row { double mu, eMin; Vec3 total, vPlus; };
    const Row rows[] = {
        {0.125, 0.392, Vec3(1.287278, -1.148297, 14.745163), Vec3(-1.395677, 3.459813, 2.171447)},
        {0.225, 0.387, Vec3(1.841814, -2.417367, 15.835898), Vec3(0, 0, 2.203169)},
    };
    for (const Row& row : rows) {
        PlusOptions o;
        o.alphaMin = 1e-9;   // B.2.6 used alpha_min = 0
        const ContactSpaceResult r = solvePlus(brickOnVertex(row.mu, row.eMin), o);
        expectNear3(r.getImpulse(0), row.total, 5e-3 * row.total.norm(), "pi");
        expectNear3(r.getVelocityAfter(0), row.vPlus, 5e-3 * 4.0, "v+");
    }
}


// B.2.10: the COR of Fig. 2 at the tabulated approach speeds. At s =
// v_capture exactly we follow the paper ("vanishes for -v_z < v_capture"),
// so e is on the line there (B.4.14).
TEST(PlusPublished, RestitutionCurveOfFigure2) {
    const PlusOptions o;
    struct Row { double eMin; double e[6]; };
    const double s[6] = {0.005, 0.01, 0.0100001, 0.05, 0.1, 5.74};
    const Row rows[] = {{0.392, {0.0, 0.9392, 0.939199, 0.696, 0.392, 0.392}},
                        {0.373, {0.0, 0.9373, 0.937299, 0.6865, 0.373, 0.373}},
                        {0.414, {0.0, 0.9414, 0.941399, 0.707, 0.414, 0.414}}};
    for (const Row& row : rows)
        for (int i = 0; i < 6; ++i)   // the table prints six digits
            EXPECT_NEAR(calcPlusRestitution(s[i], row.eMin, o), row.e[i], kTableDigitsTol) << row.eMin << " at " << s[i];
}

// B.2.7, Example 2: four contacts on one body (A of rank 6). Round 1 is one
// sliding compression interval; in round 2 all four reach rolling together
// and the trailing pair ends at impending slip. Leading : trailing = 3 : 1.
TEST(PlusPublished, FourPointBrickSplitAndSymmetry) {
    const BodyContacts bodies = makeBrickOnFourVertices();
    const ContactSpaceProblem p = ContactSpaceProblem::makeBodyLevel(
        std::vector<ContactParameters>(4, plusContact(0.2, 0.414)), bodies);
    ContactSpaceTrace trace;
    const ContactSpaceResult r = solvePlus(p, {}, &trace);
    ASSERT_EQ(r.status, SolveStatus::Converged);
    EXPECT_EQ(r.rounds, 2);
    const double tol = 1e-6 * 10;   // B.2.7 prints six to seven digits
    for (int k = 0; k < 4; ++k) {
        const bool leading = bodies.contacts[k].point.x() < 0.0;   // toward the motion (-x)
        const Vec3 pi = r.getImpulse(k);
        EXPECT_NEAR(pi.z(), leading ? 9.37482 : 3.12494, tol) << k;
        EXPECT_NEAR(r.getVelocityAfter(k).z(), leading ? 3.817723 : 3.501797, tol) << k;
        EXPECT_LT(r.getVelocityAfter(k).head<2>().norm(), 1e-9) << k;
        EXPECT_LE(pi.head<2>().norm(), 0.2 * pi.z() * (1 + 1e-9)) << k;
        // Symmetry about the x-z plane: the mirror contact has the same normal impulse.
        for (int l = 0; l < 4; ++l) {
            if (bodies.contacts[l].point.x() == bodies.contacts[k].point.x()) {
                EXPECT_NEAR(r.getImpulse(l).z(), pi.z(), kSymmetryRelTol * pi.z()) << k << " vs " << l;
            }
        }
        // The end of round 1 (B.2.7 table, first row).
        for (const ContactSpaceSample& s : trace.samples) {
            if (s.round != 1) continue;
            EXPECT_NEAR(s.contacts[k].impulse.x(), leading ? 1.326 : 0.442, kRoundOneImpulseXTol) << k;   // printed to 3-4 digits
            EXPECT_NEAR(s.contacts[k].impulse.z(), leading ? 6.63 : 2.21, kRoundOneImpulseZTol) << k;
        }
    }
    EXPECT_NEAR(r.impulse(2) + r.impulse(5) + r.impulse(8) + r.impulse(11), 24.99952, kPrintedTotalTol);
    const RigidBody& b = r.bodiesAfter->at(0);
    EXPECT_LT((b.velocity - Vec3(0.394907, 0.0, 3.65976)).norm(), 1e-5);
    EXPECT_LT((b.angularVelocity - Vec3(0.0, 0.789814, 0.0)).norm(), 1e-5);
}

// B.2.8, Example 3 and Table 2: five rounds; contact k compresses in round
// k, expands in round k + 1 and observes otherwise; one interval per round
// with an impulse of 1 N s per active contact; the speeds move down the row.
TEST(PlusPublished, NewtonsCradleRoundsOfTable2) {
    const ContactSpaceProblem p = ContactSpaceProblem::makeBodyLevel(
        std::vector<ContactParameters>(4, {"", 0.0, 1.0, RestitutionKind::Constant}), makeNewtonsCradle());
    ContactSpaceTrace trace;
    const ContactSpaceResult r = solvePlus(p, {}, &trace);
    ASSERT_EQ(r.status, SolveStatus::Converged);
    ASSERT_EQ(r.rounds, 5);
    ASSERT_EQ(r.intervals, 5);
    ASSERT_EQ(trace.samples.size(), 6u);
    const double speeds[5][5] = {{1, 1, 0, 0, 0}, {0, 1, 1, 0, 0}, {0, 0, 1, 1, 0}, {0, 0, 0, 1, 1}, {0, 0, 0, 0, 2}};
    for (int round = 1; round <= 5; ++round) {
        const ContactSpaceSample& s = trace.samples[round];
        EXPECT_EQ(s.round, round);
        for (int k = 0; k < 4; ++k) {
            const ContactPhase expected = k + 1 == round   ? ContactPhase::Compressing
                                          : k + 2 == round ? ContactPhase::Expanding
                                                           : ContactPhase::Observing;
            EXPECT_EQ(s.contacts[k].phase, expected) << "round " << round << " contact " << k;
        }
        // Ball velocities after the round, from the accumulated impulses.
        const std::vector<RigidBody> after = p.bodies->calcBodiesAfter([&] {
            VectorXd pi(12);
            for (int k = 0; k < 4; ++k) pi.segment<3>(3 * k) = s.contacts[k].impulse;
            return pi;
        }());
        for (int i = 0; i < 5; ++i)   // exact arithmetic on 1s and 2s
            EXPECT_NEAR(-after[i].velocity.x(), speeds[round - 1][i], kExactTol) << "round " << round << " ball " << i + 1;
    }
    EXPECT_NEAR(r.energyAfter, r.energyBefore, kExactTol);
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(r.getImpulse(k).z(), 2.0, kExactTol);

    // Row C of Fig. 14: everything proximal compresses and expands at once.
    PlusOptions simultaneous;
    simultaneous.impactModel = PlusImpactModel::Simultaneous;
    const ContactSpaceResult c = solvePlus(p, simultaneous);
    EXPECT_EQ(c.rounds, 2);
    EXPECT_NEAR(c.bodiesAfter->at(0).velocity.x(), 1.2, kExactTol);
    for (int i = 1; i < 5; ++i) EXPECT_NEAR(c.bodiesAfter->at(i).velocity.x(), -0.8, kExactTol);
    EXPECT_NEAR(c.energyAfter, c.energyBefore, kExactTol);
}

}}  // namespace
}  // namespace impactlab
