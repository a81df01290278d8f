// Ballistic flight (sim/BodyFlight.h): the centre of mass's parabola in
// closed form, a spherical body's constant spin, and the invariants of a
// tumbling body's torque-free rotation.
#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "sim/BodyFlight.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

// The parabola is evaluated in closed form: only round-off of a few products.
constexpr double kFlightClosedFormTol = 1e-12;
// RK4 on Euler's equations: the step's O(h^5) error, summed over the steps
// below (2000 steps of 1 ms with |w| h ~ 0.01), drifts the world angular
// momentum and the rotational energy by far less than this share.
constexpr double kTumbleRelTol = 1e-8;

TEST(BodyFlight, CentreOfMassFollowsTheParabola) {
    BodyState s;
    s.position = Vec3(0.1, -0.2, 1.5);
    s.velocity = Vec3(2.0, 0.5, 3.0);
    const Vec3 g(0.0, 0.0, -9.81);
    const double h = 0.25;
    const BodyState r = calcFlightState(Vec3(1.0, 2.0, 3.0), s, g, h);
    EXPECT_LT((r.position - (s.position + s.velocity * h + 0.5 * g * h * h)).norm(), kFlightClosedFormTol);
    EXPECT_LT((r.velocity - (s.velocity + g * h)).norm(), kFlightClosedFormTol);
    EXPECT_TRUE(r.orientation.isApprox(s.orientation));   // no spin: no turn
}

TEST(BodyFlight, SphericalBodyTurnsAtConstantSpin) {
    BodyState s;
    s.angularVelocity = Vec3(0.0, 0.0, 2.0);
    const double h = 0.5;
    const BodyState r = calcFlightState(Vec3::Constant(0.4), s, Vec3::Zero(), h);
    EXPECT_EQ(r.angularVelocity, s.angularVelocity);
    EXPECT_NEAR(r.orientation.angularDistance(s.orientation), 2.0 * h, kFlightClosedFormTol);
}

TEST(BodyFlight, TumblingBodyKeepsItsAngularMomentumAndEnergy) {
    const Vec3 J(0.2, 0.5, 0.9);   // kg m^2, three distinct moments: the body tumbles
    BodyState s;
    s.orientation = Quat(Eigen::AngleAxisd(0.3, Vec3(1.0, 2.0, -1.0).normalized()));
    s.angularVelocity = Vec3(1.0, 7.0, 0.5);   // rad/s, near the unstable middle axis
    auto momentum = [&](const BodyState& b) {   // world frame: R J R^T w
        return Vec3(b.orientation * J.cwiseProduct(b.orientation.conjugate() * b.angularVelocity));
    };
    auto energy = [&](const BodyState& b) {
        const Vec3 wb = b.orientation.conjugate() * b.angularVelocity;
        return 0.5 * wb.dot(J.cwiseProduct(wb));
    };
    const Vec3 L0 = momentum(s);
    const double E0 = energy(s);
    BodyState b = s;
    for (int i = 0; i < 2000; ++i) b = calcFlightState(J, b, Vec3::Zero(), 1e-3);
    EXPECT_LT((momentum(b) - L0).norm(), kTumbleRelTol * L0.norm());
    EXPECT_NEAR(energy(b), E0, kTumbleRelTol * E0);
    EXPECT_GT((b.angularVelocity - s.angularVelocity).norm(), 1.0);   // it did tumble
}

}}  // namespace
}  // namespace impactlab
