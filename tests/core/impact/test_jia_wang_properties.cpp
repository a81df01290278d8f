// jia-wang on random problems: accuracy against a converged run and against
// the stronge law (the same model integrated without closed forms), Theorem 5
// at the end of sliding, the friction cone and Stronge's energy along the
// path, no energy gained, frame independence and momentum balance.
#include <gtest/gtest.h>

#include <set>

#include "impact/InvariantDirections.h"
#include "impact/JiaWang.h"
#include "impact/Stronge.h"
#include "support/TestSupport.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The brief's accuracy bound at default settings, relative to |I|.
constexpr double kDefaultRelTol = 1e-6;
// The default in angle against the converged run along I_n: its panels hold
// 1e-8 of the impulse scale each, the s and l hand-overs about as much (6e-8
// at worst on bench_jia_wang's 256 random impacts).
constexpr double kAngleRelTol = 2e-7;
// Cone and energy checks: round-off of sums of O(1) terms.
constexpr double kRoundOffRelTol = 1e-9;
// Velocities after a stick, on a ray, or at the end of a closed form, relative
// to |v-|: closed forms leave only round-off, accumulated over the path.
constexpr double kVelocityRelTol = 1e-9;

JiaWangOptions makeConvergedOptions() {
    // Local error 1e-13 (round-off territory for these sums), straight bits
    // and snaps at 1e-10: ~1e-12 from the exact impulse.
    JiaWangOptions o;
    o.localErrorTol = 1e-13;
    o.maxTurnPerStep = 0.05;
    o.lAngleTol = 1e-10;
    o.stickSpeedRelTol = 1e-10;
    o.maxSteps = 10000000;
    return o;
}

Mat3 makeRandomW(test::RandomBodies& rnd) {
    Mat3 A;
    for (int i = 0; i < 3; ++i) A.col(i) = rnd.vec(1.0);
    return A * A.transpose() + 0.2 * Mat3::Identity();
}

ImpactProblem makeRandomProblem(test::RandomBodies& rnd) {
    Vec3 v = rnd.vec(2.0);
    v.z() = -rnd.uniform(0.1, 3.0);
    return ImpactProblem::makeContactLevel(makeRandomW(rnd), v, rnd.uniform(0.0, 1.5), rnd.uniform(0.0, 1.0));
}

std::string withoutL(std::string sequence) {
    sequence.erase(std::remove(sequence.begin(), sequence.end(), 'l'), sequence.end());
    return sequence;
}


TEST(JiaWangProperties, DefaultIsWithinOneMillionthOfAConvergedRun) {
    test::RandomBodies rnd(61);
    int compared = 0;
    for (int k = 0; k < 150; ++k) {
        const ImpactProblem p = makeRandomProblem(rnd);
        const ImpactResult r = solveJiaWang(p);
        const ImpactResult ref = solveJiaWang(p, makeConvergedOptions());
        if (ref.status != SolveStatus::Converged) continue;   // (18) violated and no end: nothing to compare
        ++compared;
        EXPECT_EQ(r.status, SolveStatus::Converged) << k;
        EXPECT_LE((r.impulse - ref.impulse).norm(), kDefaultRelTol * ref.impulse.norm()) << k;
        // The stronge law, traced, integrates the same model to its end with
        // RK4 and no closed forms: an independent check of the closed forms.
        ImpactTrace trace;
        const ImpactResult s = solveStronge(p, {}, &trace);
        EXPECT_LE((s.impulse - ref.impulse).norm(), kDefaultRelTol * ref.impulse.norm()) << k;
    }
    EXPECT_GT(compared, 120);
}

TEST(JiaWangProperties, IntegrationInAngleMatchesTheIntegrationAlongTheNormalImpulse) {
    // The untraced default integrates the sliding stretch in the angle of
    // gamma (Chebyshev panels); the converged reference integrates along I_n.
    // Both end in the same closed forms, so they must agree to the default's
    // accuracy, with the same events, in far fewer steps.
    test::RandomBodies rnd(68);
    int compared = 0, fewerSteps = 0;
    double worst = 0.0;
    for (int k = 0; k < 300; ++k) {
        const ImpactProblem p = makeRandomProblem(rnd);
        const ImpactResult ref = solveJiaWang(p, makeConvergedOptions());
        if (ref.status != SolveStatus::Converged || !(calcImpactSolutionMargin(p) > 0.0)) continue;
        ++compared;
        const ImpactResult r = solveJiaWang(p);
        JiaWangOptions alongNormal;
        alongNormal.integrateInAngle = false;
        const ImpactResult a = solveJiaWang(p, alongNormal);
        ASSERT_EQ(r.status, SolveStatus::Converged) << k;
        const double error = (r.impulse - ref.impulse).norm() / ref.impulse.norm();
        worst = std::max(worst, error);
        EXPECT_LE(error, kAngleRelTol) << k;
        EXPECT_EQ(withoutL(calcEventSequence(r)), withoutL(calcEventSequence(a))) << k;
        EXPECT_LE((r.compressionImpulse - ref.compressionImpulse).norm(), kAngleRelTol * ref.impulse.norm()) << k;
        if (r.steps < a.steps) ++fewerSteps;
    }
    EXPECT_GT(compared, 250);
    EXPECT_GE(fewerSteps, compared * 9 / 10) << "the integration in angle was not taken";
    RecordProperty("worst_relative_error", std::to_string(worst));
}

TEST(JiaWangProperties, IntegrationInAngleOnDegenerateStarts) {
    // Starts the integration in angle must hand over or refuse cleanly: no
    // sliding, sliding along a ray, every direction invariant (isotropic B,
    // d = 0), resumed slip (||B^-1 d|| > mu), a grazing approach, e = 0 and 1.
    const Mat3 coupled = (Mat3() << 11.5984, -0.910367, 2.44236, -0.910367, 9.90134, 1.95747, 2.44236, 1.95747,
                          2.59042).finished();
    const Mat3 isotropic = Vec3(3.5, 3.5, 1.0).asDiagonal();
    const Vec2 ray = findInvariantDirections(coupled.topLeftCorner<2, 2>(), coupled.topRightCorner<2, 1>(), 0.8)
                         .rays.front().direction;
    struct Case {
        const char* name;
        Mat3 W;
        Vec3 v;
        double mu, e;
    };
    const Case cases[] = {
        {"no sliding, sticks", coupled, Vec3(0, 0, -1), 0.8, 0.9},
        {"no sliding, resumed slip", coupled, Vec3(0, 0, -1), 0.25, 0.5},
        {"sliding, resumed slip", coupled, Vec3(0.3, -0.2, -1), 0.25, 0.5},
        {"on a ray", coupled, Vec3(0.4 * ray.x(), 0.4 * ray.y(), -0.3), 0.8, 0.7},
        {"every direction invariant", isotropic, Vec3(1, 0.5, -1), 0.2, 0.5},
        {"grazing", coupled, Vec3(-2.0, 1.5, -1e-3), 0.8, 0.95},
        {"e = 0", coupled, Vec3(-0.26, 0.39, -0.077), 0.8, 0.0},
        {"e = 1", coupled, Vec3(-0.26, 0.39, -0.077), 0.8, 1.0},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        const ImpactProblem p = ImpactProblem::makeContactLevel(c.W, c.v, c.mu, c.e);
        const ImpactResult ref = solveJiaWang(p, makeConvergedOptions());
        const ImpactResult r = solveJiaWang(p);
        ASSERT_EQ(ref.status, SolveStatus::Converged);
        ASSERT_EQ(r.status, SolveStatus::Converged);
        EXPECT_LE((r.impulse - ref.impulse).norm(), kAngleRelTol * ref.impulse.norm());
        EXPECT_EQ(withoutL(calcEventSequence(r)), withoutL(calcEventSequence(ref)));
        EXPECT_TRUE(r.vPlus.allFinite());
        EXPECT_LE(r.energyAfter, r.energyBefore * (1 + kRoundOffRelTol));
    }
}

TEST(JiaWangProperties, EventSequencesAreThoseOfFigure9) {
    const std::set<std::string> fig9 = {"cr", "scr", "csr", "lscr", "lcsr", "lcr", "clsr", "clr"};
    test::RandomBodies rnd(62);
    std::set<std::string> seen;
    for (int k = 0; k < 300; ++k) {
        const ImpactProblem p = makeRandomProblem(rnd);
        for (double lTol : {1e-9, 0.1}) {
            JiaWangOptions o;
            o.lAngleTol = lTol;
            const ImpactResult r = solveJiaWang(p, o);
            if (r.status != SolveStatus::Converged) continue;
            const std::string seq = calcEventSequence(r);
            EXPECT_EQ(fig9.count(seq), 1u) << k << ": " << seq;
            seen.insert(seq);
            double last = 0.0;
            for (const auto& e : r.events) {
                EXPECT_GE(e.normalImpulse, last) << k;
                last = e.normalImpulse;
            }
            EXPECT_EQ(r.events.back().kind, ImpactEventKind::EndOfImpact);
            EXPECT_EQ(r.events.back().impulse, r.impulse);
        }
    }
    // The sample must reach most of the eight sequences, or it proves little.
    EXPECT_GE(seen.size(), 7u);
}

TEST(JiaWangProperties, StickOrResumedSlipByTheorem5) {
    // After gamma vanishes: stick iff ||B^-1 d|| <= mu; otherwise slip resumes
    // along the unique centrifugal ray, so the sliding velocity ends on it.
    test::RandomBodies rnd(63);
    int sticks = 0, resumes = 0;
    for (int k = 0; k < 400; ++k) {
        ImpactProblem p = makeRandomProblem(rnd);
        if (k % 2) p.vMinus.head<2>().setZero();   // s at the start (footnote 7)
        const ImpactResult r = solveJiaWang(p);
        const Mat2 B = p.W.topLeftCorner<2, 2>();
        const Vec2 d = p.W.topRightCorner<2, 1>();
        const bool canStick = (B.inverse() * d).norm() <= p.friction;
        for (const auto& e : r.events) {
            if (e.kind == ImpactEventKind::Stick) {
                ++sticks;
                EXPECT_TRUE(canStick) << k;
                if (r.status == SolveStatus::Converged) {
                    EXPECT_LE(r.vPlus.head<2>().norm(), kVelocityRelTol * p.vMinus.norm()) << k;
                }
            }
            if (e.kind == ImpactEventKind::ResumedSlip) {
                ++resumes;
                EXPECT_FALSE(canStick) << k;
                const auto cf = findCentrifugalDirection(B, d, p.friction);
                ASSERT_TRUE(cf.has_value());
                const Vec2 g = r.vPlus.head<2>();
                if (g.norm() > 0.0) {
                    EXPECT_LE((g.normalized() - *cf).norm(), kVelocityRelTol) << k;
                }
            }
        }
    }
    EXPECT_GT(sticks, 50);
    EXPECT_GT(resumes, 20);
}

TEST(JiaWangProperties, ConeEnergyAndTraceConsistency) {
    test::RandomBodies rnd(64);
    for (int k = 0; k < 150; ++k) {
        const ImpactProblem p = makeRandomProblem(rnd);
        for (JiaWangMethod m : {JiaWangMethod::Default, JiaWangMethod::FixedStepClosedForm, JiaWangMethod::PaperAdaptive}) {
            JiaWangOptions o;
            o.method = m;
            ImpactTrace trace;
            const ImpactResult r = solveJiaWang(p, o, &trace);
            SCOPED_TRACE(std::to_string(k) + " " + toString(m));
            ASSERT_GE(trace.samples.size(), 2u);
            const double scale = r.energyBefore;
            double lastIn = 0.0;
            for (const auto& s : trace.samples) {
                // Coulomb: |I_t| <= mu I_n along the whole path (eqs. 28, 34).
                EXPECT_LE(s.impulse.head<2>().norm(), p.friction * s.normalImpulse * (1 + kRoundOffRelTol) + 1e-15);
                EXPECT_GE(s.normalImpulse, lastIn);
                lastIn = s.normalImpulse;
                EXPECT_EQ(s.normalImpulse, s.impulse.z());
                EXPECT_LE((s.velocity - p.calcVelocityAfter(s.impulse)).norm(), kVelocityRelTol * (1 + p.vMinus.norm()));
                ASSERT_TRUE(s.contactEnergy.has_value());
                EXPECT_GE(*s.contactEnergy, -kRoundOffRelTol * scale);
                // Stronge's E never exceeds the kinetic energy that fed it.
                EXPECT_LE(*s.contactEnergy, r.energyBefore * (1 + kRoundOffRelTol));
            }
            if (r.status != SolveStatus::Converged) continue;
            EXPECT_NEAR(*trace.samples.back().contactEnergy, 0.0, kRoundOffRelTol * scale);
            EXPECT_EQ(trace.samples.back().impulse, r.impulse);
            EXPECT_LE(r.energyAfter, r.energyBefore * (1 + kRoundOffRelTol)) << "energy gained";
            for (const auto& w : r.warnings) EXPECT_EQ(w.find("energy gained"), std::string::npos) << w;
        }
    }
}

TEST(JiaWangProperties, ImpulseUnchangedWhenTheFrameTurnsAboutTheNormal) {
    // Rotating (t1, t2) about n rotates the tangential impulse and nothing else.
    test::RandomBodies rnd(65);
    for (int k = 0; k < 60; ++k) {
        const ImpactProblem p = makeRandomProblem(rnd);
        const Mat3 R = Eigen::AngleAxisd(rnd.uniform(-3.0, 3.0), Vec3::UnitZ()).toRotationMatrix();
        const ImpactProblem q = ImpactProblem::makeContactLevel(R.transpose() * p.W * R, R.transpose() * p.vMinus,
                                                                p.friction, p.restitution);
        const ImpactResult a = solveJiaWang(p);
        const ImpactResult b = solveJiaWang(q);
        if (a.status != SolveStatus::Converged) continue;
        // The error controller measures components, so the two runs take
        // different steps: they agree to the accuracy of each.
        EXPECT_LE((a.impulse - R * b.impulse).norm(), 2 * kDefaultRelTol * a.impulse.norm()) << k;
        EXPECT_EQ(withoutL(calcEventSequence(a)), withoutL(calcEventSequence(b))) << k;
    }
}

TEST(JiaWangProperties, BodyLevelMomentumAndEnergy) {
    // Two free bodies: the impulse pair conserves linear momentum and the
    // angular momentum about the contact point; Stronge's law never adds energy.
    test::RandomBodies rnd(66);
    for (int k = 0; k < 60; ++k) {
        const TwoBodyContact c = rnd.contact(k % 3 == 0);
        const ImpactProblem p = ImpactProblem::makeBodyLevel(c, rnd.uniform(0.0, 1.2), rnd.uniform(0.0, 1.0));
        const ImpactResult r = solveJiaWang(p);
        if (r.status != SolveStatus::Converged) continue;
        ASSERT_TRUE(r.bodiesAfter.has_value());
        const TwoBodyContact& after = *r.bodiesAfter;
        const double momentumScale = c.body1.calcLinearMomentum().norm() + c.body2.calcLinearMomentum().norm() + 1.0;
        if (!c.body2.fixed) {
            EXPECT_LE((after.body1.calcLinearMomentum() + after.body2.calcLinearMomentum() -
                       c.body1.calcLinearMomentum() - c.body2.calcLinearMomentum()).norm(),
                      kRoundOffRelTol * momentumScale) << k;
        }
        EXPECT_LE(r.energyAfter, r.energyBefore * (1 + kRoundOffRelTol)) << k;
        EXPECT_LE((after.calcContactRelativeVelocity() - r.vPlus).norm(), kVelocityRelTol * (1 + p.vMinus.norm())) << k;
    }
}

TEST(JiaWangProperties, ZeroAndFullRestitution) {
    // e = 0 ends the impact at the end of compression (c = r); e = 1 returns
    // all the stored energy, so E_r = 0 with E_c fully released.
    test::RandomBodies rnd(67);
    for (int k = 0; k < 50; ++k) {
        ImpactProblem p = makeRandomProblem(rnd);
        p.restitution = 0.0;
        const ImpactResult r = solveJiaWang(p);
        if (r.status != SolveStatus::Converged) continue;
        EXPECT_EQ(r.impulse, r.compressionImpulse) << k;
        EXPECT_NEAR(r.vPlus.z(), 0.0, kVelocityRelTol * p.vMinus.norm()) << k;
    }
}
}}  // namespace
