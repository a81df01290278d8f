// The compliant reference for a pin-jointed chain (sim/CompliantChain.h):
// energy, convergence to the rigid impact as the stiffness grows, and input
// checks. The rigid reference is computed here from the chain's contact
// system, independently of the PLUS law.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/CompliantChain.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

// m: the touch pose is found in closed form, round-off only.
constexpr double kTouchTol = 1e-12;

// Example 4's chain posed with its sphere touching the ground:
// theta1 = 0.3, theta2 = 0.5 rad, theta3 from the pivot height, rates as the
// scene's "impact" pose.
CompliantChainSystem makeTouchingChain(double mu, double dissipation, double stiffness) {
    CompliantChainSystem s;
    s.chain = makeTriplePendulum();
    s.q = *s.chain.calcTouchingPose(Eigen::Vector2d(0.3, 0.5));
    s.qdot = Eigen::Vector3d(-3.0, -3.0, 0.5);
    s.sphereMaterial = CompliantMaterial{stiffness, 0.0, dissipation};
    s.groundMaterial = s.sphereMaterial;
    s.friction = CompliantFriction::makeCoulomb(mu);
    return s;
}

// Frictionless, e = 1: the rigid impulse along n is -2 v_n / A_nn (Newton and
// Poisson agree for one frictionless contact); u+ = u + M^-1 G^T P.
Eigen::VectorXd calcRigidRates(const CompliantChainSystem& s) {
    const ContactSystem sys = s.chain.calcGroundContactSystem(s.q, s.qdot);
    const Eigen::VectorXd v = sys.calcContactVelocity();
    const Eigen::MatrixXd A = sys.calcDelassus();
    Eigen::VectorXd P = Eigen::VectorXd::Zero(3);
    P(2) = -2.0 * v(2) / A(2, 2);
    return sys.calcVelocityAfter(P);
}

// Tolerances. The integrator holds 1e-7 relative per step; over a contact of
// some tens of steps energy drifts by a few parts in 1e7. A Hertz contact of
// 10 GPa lasts ~0.1 ms, while the chain turns a few milliradians, so the
// compliant rates differ from the rigid impact's by a few parts in 1e3.
constexpr double kEnergyRelTol = 2e-6;
constexpr double kRigidRelTol = 0.01;


TEST(CompliantChain, FrictionlessUndampedImpactKeepsTheEnergyAndApproachesTheRigidImpact) {
    const CompliantChainSystem s = makeTouchingChain(0.0, 0.0, 1e10);
    const ContactSystem sys = s.chain.calcGroundContactSystem(s.q, s.qdot);
    ASSERT_LT(sys.calcContactVelocity()(2), 0.0) << "the sphere approaches the ground";
    const CompliantChainResult r = simulateCompliantChainImpact(s);
    ASSERT_EQ(r.run.status, CompliantStatus::Separated);
    EXPECT_NEAR(r.run.kineticEnergyAfter, r.run.kineticEnergyBefore, kEnergyRelTol * r.run.kineticEnergyBefore);
    const Eigen::VectorXd rigid = calcRigidRates(s);
    EXPECT_LT((r.finalRates - rigid).norm(), kRigidRelTol * rigid.norm());
    // The contact separates: the sphere leaves the ground.
    EXPECT_GT(r.run.samples.back().contacts[0].normalVelocity, 0.0);
    EXPECT_GT(r.run.contacts[0].maxPenetration, 0.0);
}

TEST(CompliantChain, StifferContactIsCloserToTheRigidImpact) {
    double previous = INFINITY;
    for (double E : {1e8, 1e9, 1e10, 1e11}) {
        const CompliantChainSystem s = makeTouchingChain(0.0, 0.0, E);
        const CompliantChainResult r = simulateCompliantChainImpact(s);
        const double error = (r.finalRates - calcRigidRates(s)).norm();
        EXPECT_LT(error, previous) << "E = " << E;
        previous = error;
    }
}

TEST(CompliantChain, FrictionAndDampingNeverAddEnergy) {
    const CompliantChainSystem s = makeTouchingChain(0.1, 0.3, 1e10);
    const CompliantChainResult r = simulateCompliantChainImpact(s);
    ASSERT_EQ(r.run.status, CompliantStatus::Separated);
    EXPECT_LT(r.run.kineticEnergyAfter, r.run.kineticEnergyBefore);
    // The accumulated impulse pushes and stays in the friction cone (the
    // smooth law's coefficient never exceeds mu_s).
    const Vec3 J = r.run.contacts[0].impulse;
    EXPECT_GT(J.z(), 0.0);
    EXPECT_LE(J.head<2>().norm(), 0.1 * J.z() * (1.0 + 1e-9));
}

TEST(CompliantChain, BadInputIsRefusedByName) {
    auto expectField = [](const CompliantChainSystem& s, const std::string& field) {
        try {
            simulateCompliantChainImpact(s);
            ADD_FAILURE() << "accepted; expected an error naming " << field;
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), field) << e.what();
        }
    };
    CompliantChainSystem s = makeTouchingChain(0.1, 0.0, 1e10);
    s.q = Eigen::Vector2d(0.1, 0.2);
    expectField(s, "q");
    s = makeTouchingChain(0.1, 0.0, 1e10);
    s.qdot(1) = NAN;
    expectField(s, "qdot");
    s = makeTouchingChain(0.1, 0.0, 1e10);
    s.chain.endRadius = 0.0;
    expectField(s, "chain.end_radius");
    s = makeTouchingChain(-0.1, 0.0, 1e10);
    EXPECT_THROW(simulateCompliantChainImpact(s), InputError);
}

}}  // namespace
}  // namespace impactlab

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

// The touching pose of a chain with unequal links: the end sphere's lowest
// point sits on z = 0 to round-off; a pose the last link cannot bring down
// (or a wrong count of leading angles) has none.
TEST(PendulumChain, TouchingPosePutsTheSphereOnTheGround) {
    PendulumChain chain = makeTriplePendulum();
    chain.links[0].length = 0.7;
    chain.links[2].length = 1.3;
    for (const Eigen::Vector2d& leading : {Eigen::Vector2d(0.3, 0.5), Eigen::Vector2d(-1.0, 1.0), Eigen::Vector2d(0.0, 0.0)}) {
        const std::optional<Eigen::VectorXd> q = chain.calcTouchingPose(leading);
        ASSERT_TRUE(q.has_value());
        EXPECT_EQ(q->head(2), leading);
        EXPECT_NEAR(chain.calcEndCentre(*q).z(), chain.endRadius, kTouchTol);
    }
    EXPECT_FALSE(chain.calcTouchingPose(Eigen::Vector2d(3.0, 3.0)).has_value());   // both links point up: too high
    EXPECT_FALSE(chain.calcTouchingPose(Eigen::Vector3d(0.1, 0.2, 0.3)).has_value());
}

}}  // namespace
}  // namespace impactlab
