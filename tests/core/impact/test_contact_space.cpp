// The several-contact core: Delassus operators assembled from bodies and from
// a pin-jointed chain, the nc = 1 conversions, and the registry's refusal of
// single-contact laws on several contacts.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "impact/ContactSpaceAdapter.h"
#include "impact/plus/Plus.h"
#include "laws/LawRegistry.h"
#include "mechanics/ImpactExamples.h"
#include "mechanics/PendulumChain.h"
#include "support/TestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Assembly is a few matrix products: round-off ~1e-15 of the entries.
constexpr double kAlgebraRelTol = 1e-12;
// Central differences with step 1e-6 on smooth trigonometric positions:
// truncation ~1e-12, cancellation ~1e-10 (m/s per rad/s).
constexpr double kFiniteDifferenceTol = 1e-8;

// A frictionless central impact's closed form, pi_n = (1 + e) m v: round-off only.
constexpr double kClosedFormTol = 1e-12;

TEST(ContactSpace, OneContactOperatorIsTheTwoBodyW) {
    test::RandomBodies rnd(4242);
    for (int trial = 0; trial < 200; ++trial) {
        const TwoBodyContact c = rnd.contact(trial % 2 == 0);
        const ImpactProblem single = ImpactProblem::makeBodyLevel(c, 0.3, 0.5);
        const ContactSpaceProblem p = toContactSpace(single);
        const ContactSystem sys = p.bodies->calcContactSystem();
        const double scale = single.W.cwiseAbs().maxCoeff();
        EXPECT_LT((sys.calcDelassus() - single.W).cwiseAbs().maxCoeff(), kAlgebraRelTol * scale);
        EXPECT_LT((sys.calcContactVelocity() - single.vMinus).norm(), kAlgebraRelTol * (1 + single.vMinus.norm()));
        EXPECT_NEAR(sys.calcKineticEnergy(), c.calcKineticEnergy(), kAlgebraRelTol * c.calcKineticEnergy());
        // And back: a single-contact law sees the block as W.
        const ImpactProblem back = toSingleContact(p);
        EXPECT_LT((back.W - single.W).cwiseAbs().maxCoeff(), kAlgebraRelTol * scale);
        ASSERT_TRUE(back.bodies.has_value());
    }
}

TEST(ContactSpace, FourVertexBrickOperatorHasRankSix) {
    const ContactSpaceProblem p = ContactSpaceProblem::makeBodyLevel(
        std::vector<ContactParameters>(4, {"", 0.2, 0.414, RestitutionKind::VelocityDependent}),
        makeBrickOnFourVertices());
    ASSERT_EQ(p.getContactCount(), 4);
    Eigen::SelfAdjointEigenSolver<MatrixXd> eig(p.A);
    int positive = 0;
    for (int i = 0; i < 12; ++i) positive += eig.eigenvalues()(i) > 1e-9 * eig.eigenvalues().maxCoeff() ? 1 : 0;
    EXPECT_EQ(positive, 6);   // B.1.6 / docs/problem-format.md: four points on one body
    EXPECT_GT(eig.eigenvalues().minCoeff(), -1e-12);
}

TEST(ContactSpace, SingleContactLawsRefuseSeveralContacts) {
    const ContactSpaceProblem p = ContactSpaceProblem::makeBodyLevel(
        std::vector<ContactParameters>(4, {"", 0.2, 0.4, RestitutionKind::Constant}), makeBrickOnFourVertices());
    for (const LawInfo& law : getLaws()) {
        if (law.id == "plus") {
            EXPECT_NO_THROW(solveContactSpace(law, p, nlohmann::json::object()));
            continue;
        }
        try {
            solveContactSpace(law, p, nlohmann::json::object());
            ADD_FAILURE() << law.id << " accepted 4 contacts";
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), "contacts") << law.id;
        }
    }
}

TEST(ContactSpace, SingleContactLawThroughTheAdapterKeepsItsAnswer) {
    test::RandomBodies rnd(77);
    for (int trial = 0; trial < 50; ++trial) {
        const ImpactProblem single = ImpactProblem::makeBodyLevel(rnd.contact(true), 0.4, 0.6);
        const LawInfo& stronge = getLaw("stronge");
        // Traced, as the adapter's solve is: both then integrate along I_n.
        ImpactTrace directTrace;
        const ImpactResult direct = stronge.solve(single, nlohmann::json::object(), &directTrace);
        ContactSpaceTrace trace;
        const ContactSpaceResult viaAdapter =
            solveContactSpace(stronge, toContactSpace(single), nlohmann::json::object(), &trace);
        EXPECT_LT((viaAdapter.getImpulse(0) - direct.impulse).norm(), 1e-12 * (1 + direct.impulse.norm()));
        ASSERT_TRUE(viaAdapter.bodiesAfter.has_value());
        EXPECT_LT((viaAdapter.bodiesAfter->at(0).velocity - direct.bodiesAfter->body1.velocity).norm(), 1e-12 * 10);
        ASSERT_FALSE(trace.samples.empty());
        EXPECT_LT((trace.samples.back().contacts[0].impulse - direct.impulse).norm(), 1e-12 * (1 + direct.impulse.norm()));
    }
}

TEST(ContactSpace, PlusAsASingleContactLawMatchesTheContactSpaceSolve) {
    // Poisson restitution, frictionless and central: pi_n = (1 + e) m v.
    ImpactProblem p = ImpactProblem::makeContactLevel(Mat3::Identity() * 0.5, Vec3(0, 0, -3), 0.0, 0.6);
    const ImpactResult r = getLaw("plus").solve(p, nlohmann::json::object(), nullptr);
    EXPECT_NEAR(r.impulse.z(), 1.6 * 3.0 / 0.5, kClosedFormTol);
    EXPECT_NEAR(r.vPlus.z(), 1.8, kClosedFormTol);
    EXPECT_NEAR(r.compressionImpulse.z(), 6.0, kClosedFormTol);
}

TEST(PendulumChain, JacobianAndMassMatrixAgreeWithFiniteDifferences) {
    const PendulumChain chain = makeTriplePendulum();
    VectorXd q(3);
    q << M_PI / 4, 3 * M_PI / 4, 5 * M_PI / 6;
    VectorXd qdot(3);
    qdot << 0.7, -1.3, 2.1;
    const double h = 1e-6;
    // The end point's velocity as the derivative of its position along qdot.
    const Vec3 end = chain.calcEndCentre(q);
    const Vec3 fd = (chain.calcEndCentre(q + h * qdot) - chain.calcEndCentre(q - h * qdot)) / (2 * h);
    EXPECT_LT((chain.calcPointJacobian(q, 2, end) * qdot - fd).norm(), kFiniteDifferenceTol);
    // Kinetic energy from M against each link's centre-of-mass speed and spin.
    double T = 0.0;
    for (int i = 0; i < 3; ++i) {
        auto com = [&](const VectorXd& qq) {
            return Vec3(chain.calcJointPosition(qq, i) + 0.5 * (chain.calcJointPosition(qq, i + 1) - chain.calcJointPosition(qq, i)));
        };
        const Vec3 v = (com(q + h * qdot) - com(q - h * qdot)) / (2 * h);
        T += 0.5 * chain.links[i].mass * v.squaredNorm() + 0.5 * chain.links[i].inertia * qdot(i) * qdot(i);
    }
    const Vec3 vEnd = fd;
    T += 0.5 * chain.endMass * vEnd.squaredNorm() + 0.5 * chain.endInertia * qdot(2) * qdot(2);
    EXPECT_NEAR(chain.calcKineticEnergy(q, qdot), T, kFiniteDifferenceTol * 10);
}

// The free chain's acceleration satisfies Lagrange's equations
// d/dt(dT/dqdot) - dT/dq + dV/dq = 0, each term by central differences of the
// energies alone, on a chain unlike Example 4's (four unequal links).
TEST(PendulumChain, AccelerationSatisfiesLagrangesEquations) {
    PendulumChain chain;
    chain.links = {{0.7, 1.3, 0.05}, {1.1, 0.6, 0.09}, {0.4, 2.0, 0.02}, {0.9, 0.8, 0.07}};
    chain.endMass = 0.5;
    chain.endRadius = 0.1;
    chain.endInertia = 0.002;
    const Vec3 g(0.0, 0.0, -9.81);
    VectorXd q(4), qdot(4);
    q << 0.3, -1.2, 2.5, 0.9;
    qdot << 1.1, -0.4, 2.2, -1.7;
    const VectorXd qddot = chain.calcAcceleration(q, qdot, g);
    const double h = 1e-5;
    // d/dt (M qdot) = Mdot qdot + M qddot, Mdot along qdot.
    const Eigen::MatrixXd Mdot = (chain.calcMassMatrix(q + h * qdot) - chain.calcMassMatrix(q - h * qdot)) / (2 * h);
    VectorXd residual = Mdot * qdot + chain.calcMassMatrix(q) * qddot;
    for (int k = 0; k < 4; ++k) {
        const VectorXd dq = h * VectorXd::Unit(4, k);
        const double dT = (chain.calcKineticEnergy(q + dq, qdot) - chain.calcKineticEnergy(q - dq, qdot)) / (2 * h);
        const double dV = (chain.calcPotentialEnergy(q + dq, g) - chain.calcPotentialEnergy(q - dq, g)) / (2 * h);
        residual(k) += -dT + dV;
    }
    constexpr double kLagrangeTol = 1e-6;   // N m: central differences of step 1e-5
    EXPECT_LT(residual.norm(), kLagrangeTol) << residual.transpose();
}

TEST(PendulumChain, PlusOnTheTriplePendulumTipKeepsConeEnergyAndMomentum) {
    // The tip sphere hitting the ground at Example 4's angles, with joint
    // rates that drive it down and sideways: the rank-2 A of a planar chain.
    const PendulumChain chain = makeTriplePendulum();
    VectorXd q(3);
    q << M_PI / 4, 3 * M_PI / 4, 5 * M_PI / 6;
    for (double rate : {-3.0, -1.0, 1.0, 3.0}) {
        VectorXd qdot(3);
        qdot << rate, 0.5 * rate, -rate;
        const ContactSystem sys = chain.calcGroundContactSystem(q, qdot);
        if (!(sys.calcContactVelocity()(2) < 0.0)) continue;
        const ContactSpaceProblem p =
            ContactSpaceProblem::makeFromSystem({{"tip", 0.1, 1.0, RestitutionKind::Constant}}, sys);
        const ContactSpaceResult r = solvePlus(p);
        ASSERT_EQ(r.status, SolveStatus::Converged);
        EXPECT_GT(r.getImpulse(0).z(), 0.0);
        EXPECT_LE(r.getImpulse(0).head<2>().norm(), 0.1 * r.getImpulse(0).z() * (1 + 1e-9));
        EXPECT_NEAR(r.getImpulse(0).y(), 0.0, kClosedFormTol);   // planar: nothing along t2
        EXPECT_LE(r.energyAfter, r.energyBefore * (1 + 1e-10));
        ASSERT_TRUE(r.uPlus.has_value());
        // Generalized momentum: M du = G^T pi.
        EXPECT_LT((sys.M * (*r.uPlus - qdot) - sys.G.transpose() * r.impulse).norm(), 1e-10 * r.impulse.norm());
    }
}

}}  // namespace
}  // namespace impactlab
