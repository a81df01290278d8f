// PLUS on random several-contact problems (fixed seeds): the physical facts
// every answer must satisfy, whatever the regime. Rank-deficient A (several
// contacts on one body) is included by construction.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "impact/ContactSpaceProblem.h"
#include "impact/plus/Plus.h"
#include "support/TestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using Eigen::VectorXd;

// Impulses come from least-squares solves on matrices with condition numbers
// up to ~1e8 here: 1e-9 of the impulse scale bounds their round-off.
constexpr double kImpulseRelTol = 1e-9;
// Energy and momentum are sums of a few products: round-off ~1e-14 relative.
constexpr double kBalanceRelTol = 1e-10;
// Rotating tangents or permuting contacts changes only round-off in each
// interval's solve, which the step lengths pass on; 1e-7 of the impulse
// scale still catches a frame or ordering error, which would be O(1).
constexpr double kEquivarianceRelTol = 1e-7;

struct RandomCase {
    BodyContacts system;
    std::vector<ContactParameters> contacts;
};

// 1-3 free bodies and the ground; 2-6 contacts, among them several on the
// same body and the ground (rank-deficient A). At least one approaches.
RandomCase makeRandomCase(test::RandomBodies& rnd) {
    for (;;) {
        RandomCase c;
        const int free = 1 + static_cast<int>(rnd.uniform(0, 3));
        for (int i = 0; i < free; ++i) c.system.bodies.push_back(rnd.body());
        c.system.bodies.push_back(RigidBody::makeFixed());
        const int ground = free;
        const int nc = 2 + static_cast<int>(rnd.uniform(0, 5));
        for (int k = 0; k < nc; ++k) {
            BodyContactPoint p;
            p.body1 = static_cast<int>(rnd.uniform(0, free));
            p.body2 = rnd.uniform(0, 1) < 0.5 || free == 1 ? ground : static_cast<int>(rnd.uniform(0, free));
            if (p.body2 == p.body1) p.body2 = ground;
            p.point = c.system.bodies[p.body1].position + rnd.vec(0.8);
            Vec3 n = rnd.vec(1.0);
            if (p.body2 == ground) n = Vec3(0.3 * n.x(), 0.3 * n.y(), 1.0);   // mostly upward ground normals
            p.frame = ContactFrame::makeFromNormal(n);
            c.system.contacts.push_back(p);
            ContactParameters cp;
            cp.friction = rnd.uniform(0, 1) < 0.15 ? 0.0 : rnd.uniform(0.0, 1.2);
            cp.restitution = rnd.uniform(0.0, 1.0);
            cp.restitutionKind = rnd.uniform(0, 1) < 0.5 ? RestitutionKind::Constant : RestitutionKind::VelocityDependent;
            c.contacts.push_back(cp);
        }
        const VectorXd v = c.system.calcContactSystem().calcContactVelocity();
        bool approaching = false;
        for (int k = 0; k < nc; ++k) approaching = approaching || v(3 * k + 2) < -0.05;
        if (approaching) return c;
    }
}

double impulseScale(const ContactSpaceResult& r) { return std::max(r.impulse.cwiseAbs().maxCoeff(), 1e-12); }

TEST(PlusInvariants, ConeSignEnergyMomentumOnRandomProblems) {
    test::RandomBodies rnd(20260917);
    int rankDeficient = 0, unresolved = 0;
    const int trials = test::getTrialCount(600);
    for (int trial = 0; trial < trials; ++trial) {
        const RandomCase c = makeRandomCase(rnd);
        const ContactSpaceProblem p = ContactSpaceProblem::makeBodyLevel(c.contacts, c.system);
        const ContactSpaceResult r = solvePlus(p);
        SCOPED_TRACE("trial " + std::to_string(trial));
        ASSERT_TRUE(r.impulse.allFinite());
        // Two cases PLUS does not resolve, both flagged: a sliding contact
        // with strong normal-tangential coupling that would need a pulling
        // normal impulse to stop approaching (a Painleve-type jam:
        // no-solution), and an impending-slip direction with no root of
        // eq. 2.9b under the current active set (iteration-limit; the B.4.8
        // direction is used). Whatever the status, the impulse is physical.
        if (r.status != SolveStatus::Converged) {
            ++unresolved;
            ASSERT_FALSE(r.warnings.empty());
        }
        Eigen::FullPivLU<Eigen::MatrixXd> lu(p.A);
        lu.setThreshold(1e-10);
        rankDeficient += lu.rank() < p.A.rows() ? 1 : 0;
        const double tol = kImpulseRelTol * impulseScale(r);
        for (int k = 0; k < p.getContactCount(); ++k) {
            const Vec3 pi = r.getImpulse(k);
            EXPECT_GE(pi.z(), -tol) << "contact " << k;
            EXPECT_LE(pi.head<2>().norm(), c.contacts[k].friction * pi.z() + tol) << "contact " << k;
            if (r.status == SolveStatus::Converged) {
                EXPECT_GE(r.getVelocityAfter(k).z(), -PlusOptions().velocityTolerance - 1e-9) << "contact " << k;
            }
        }
        EXPECT_LE(r.energyAfter, r.energyBefore * (1 + kBalanceRelTol)) << "energy gained";
        // Momentum of each free body: m dv = sum of the world impulses on it,
        // and I dw = sum of r x impulse about its centre.
        for (std::size_t b = 0; b < p.bodies->bodies.size(); ++b) {
            const RigidBody& before = p.bodies->bodies[b];
            if (before.fixed) continue;
            const RigidBody& after = r.bodiesAfter->at(b);
            Vec3 force = Vec3::Zero(), moment = Vec3::Zero();
            for (int k = 0; k < p.getContactCount(); ++k) {
                const BodyContactPoint& cp = p.bodies->contacts[k];
                const double sign = cp.body1 == static_cast<int>(b) ? 1.0 : cp.body2 == static_cast<int>(b) ? -1.0 : 0.0;
                const Vec3 I = sign * p.bodies->calcWorldImpulse(r.impulse, k);
                force += I;
                moment += (cp.point - before.position).cross(I);
            }
            const double scale = std::max(force.norm() + moment.norm(), 1e-12);
            EXPECT_LT((before.mass * (after.velocity - before.velocity) - force).norm(), kBalanceRelTol * scale * 10);
            EXPECT_LT((before.calcWorldInertia() * (after.angularVelocity - before.angularVelocity) - moment).norm(),
                      kBalanceRelTol * scale * 10);
        }
    }
    EXPECT_GT(rankDeficient, trials / 6) << "the random set must exercise rank-deficient A";
    // Both need mu up to 1.2 with long lever arms and several contacts: 11 of
    // the full 600 (1.8 %; 8 of 600 in the Clang sanitized build);
    // more would mean a regression of the active set.
    RecordProperty("unresolved", unresolved);   // in --gtest_output=xml
    EXPECT_LT(unresolved, trials / 20);
}

TEST(PlusInvariants, SameAnswerUnderTangentRotationAndContactPermutation) {
    test::RandomBodies rnd(7311);
    const int trials = test::getTrialCount(300);
    for (int trial = 0; trial < trials; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        const RandomCase c = makeRandomCase(rnd);
        const ContactSpaceProblem p = ContactSpaceProblem::makeBodyLevel(c.contacts, c.system);
        const ContactSpaceResult r = solvePlus(p);
        const double tol = kEquivarianceRelTol * impulseScale(r);

        RandomCase rotated = c;
        for (BodyContactPoint& cp : rotated.system.contacts) {
            const double angle = rnd.uniform(-M_PI, M_PI);
            const Vec3 t1 = Eigen::AngleAxisd(angle, cp.frame.n()) * cp.frame.t1();
            cp.frame = ContactFrame::makeFromNormalAndTangent(cp.frame.n(), t1);
        }
        const ContactSpaceProblem pr = ContactSpaceProblem::makeBodyLevel(rotated.contacts, rotated.system);
        const ContactSpaceResult rr = solvePlus(pr);
        for (int k = 0; k < p.getContactCount(); ++k)
            EXPECT_LT((p.bodies->calcWorldImpulse(r.impulse, k) - pr.bodies->calcWorldImpulse(rr.impulse, k)).norm(), tol)
                << "rotated tangents, contact " << k;

        std::vector<int> order(c.contacts.size());
        std::iota(order.begin(), order.end(), 0);
        std::reverse(order.begin(), order.end());
        std::rotate(order.begin(), order.begin() + 1, order.end());
        RandomCase permuted = c;
        for (std::size_t i = 0; i < order.size(); ++i) {
            permuted.system.contacts[i] = c.system.contacts[order[i]];
            permuted.contacts[i] = c.contacts[order[i]];
        }
        const ContactSpaceProblem pp = ContactSpaceProblem::makeBodyLevel(permuted.contacts, permuted.system);
        const ContactSpaceResult rp = solvePlus(pp);
        EXPECT_EQ(rp.intervals, r.intervals);
        for (std::size_t i = 0; i < order.size(); ++i)
            EXPECT_LT((rp.getImpulse(static_cast<int>(i)) - r.getImpulse(order[i])).norm(), tol)
                << "permuted, contact " << order[i];
    }
}

TEST(PlusInvariants, ContactLevelRankDeficientOperator) {
    // Four contacts on one body: A has rank 6 of 12, yet the problem is
    // well posed; given at contact level (no system behind it) the energy of
    // relative motion uses the pseudo-inverse and must not grow.
    test::RandomBodies rnd(99);
    int unresolved = 0;
    const int trials = 200;
    for (int trial = 0; trial < trials; ++trial) {
        BodyContacts s;
        s.bodies = {rnd.body(), RigidBody::makeFixed()};
        for (int k = 0; k < 4; ++k) {
            BodyContactPoint cp = makeGroundContact(0, 1, s.bodies[0].position + rnd.vec(0.5));
            s.contacts.push_back(cp);
        }
        s.bodies[0].velocity.z() = -std::abs(s.bodies[0].velocity.z()) - 1.0;
        s.bodies[0].angularVelocity *= 0.1;
        const ContactSystem sys = s.calcContactSystem();
        std::vector<ContactParameters> cps(4, {"", 0.4, 0.5, RestitutionKind::Constant});
        const ContactSpaceProblem p = ContactSpaceProblem::makeContactLevel(cps, sys.calcDelassus(), sys.calcContactVelocity());
        const ContactSpaceResult r = solvePlus(p);
        if (r.status != SolveStatus::Converged) {   // flagged as above
            ++unresolved;
            ASSERT_FALSE(r.warnings.empty());
        }
        // The energy of relative motion is part of the system's kinetic energy.
        EXPECT_GT(r.energyBefore, 0.0);
        EXPECT_LE(r.energyBefore, sys.calcKineticEnergy() * (1 + kBalanceRelTol));
        EXPECT_LE(r.energyAfter, r.energyBefore * (1 + kBalanceRelTol));
        for (int k = 0; k < 4; ++k) {
            EXPECT_GE(r.getImpulse(k).z(), -kImpulseRelTol * impulseScale(r));
            EXPECT_LE(r.getImpulse(k).head<2>().norm(), 0.4 * r.getImpulse(k).z() + kImpulseRelTol * impulseScale(r));
        }
    }
    // Unresolved trials are those where Newton stalls on the non-smooth
    // direction residual and no zero-slip direction exists; which ones they
    // are depends on round-off: 3 of 200 in the GCC -O3 build, 8 to 10 in the
    // Clang -O1 sanitized build, whatever the Newton stall limit (8 or 20) or
    // the zero-slip scan (36 to 144 points). The bar is kUnresolvedShare of
    // the trials, above both with room; more would mean a regression.
    constexpr double kUnresolvedShare = 0.075;
    RecordProperty("unresolved", unresolved);   // in --gtest_output=xml
    EXPECT_LE(unresolved, kUnresolvedShare * trials);
}

}}  // namespace
}  // namespace impactlab
