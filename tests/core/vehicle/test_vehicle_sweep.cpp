// Sensitivity sweeps of a vehicle collision (vehicle/VehicleSweep.h): grid
// shape, the head-on closed form along epsilon, invalid points and names.
#include <gtest/gtest.h>

#include <cmath>

#include "vehicle/VehicleSweep.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The same closed form as the collision tests: 1e-10 relative.
constexpr double kClosedFormRelTol = 1e-10;

VehicleCollisionInput makeHeadOn() {
    VehicleCollisionInput in;
    in.vehicle1 = Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(-2.2, 0.0), 0.0, 15.0);
    in.vehicle2 = Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(2.2, 0.0), kPi, 10.0);
    in.normalAngle = kPi;
    in.muUser = 0.5;
    in.epsilon = 0.1;
    return in;
}


TEST(VehicleSweep, TwoAxesGiveACountOneByCountTwoGrid) {
    const SweepGrid g = sweep(makeHeadOn(), {"epsilon", 0.0, 0.8, 5}, SweepAxis{"impact_offset", -0.5, 0.5, 3},
                              "yaw_rate1_after");
    EXPECT_EQ(g.values.rows(), 5);
    EXPECT_EQ(g.values.cols(), 3);
    EXPECT_EQ(g.values1.size(), 5u);
    EXPECT_EQ(g.values2.size(), 3u);
    EXPECT_EQ(g.values1.back(), 0.8);
    EXPECT_TRUE(g.values.allFinite());
    EXPECT_EQ(g.invalidPoints, 0);
    // An offset impact point spins the cars in opposite senses either side.
    EXPECT_GT(std::abs(g.values(2, 0)), 0.0);
    EXPECT_NEAR(g.values(2, 0), -g.values(2, 2), kClosedFormRelTol * std::abs(g.values(2, 0)));
}

TEST(VehicleSweep, HeadOnDeltaVGrowsWithEpsilonAsTheClosedForm) {
    const SweepGrid g = sweep(makeHeadOn(), {"epsilon", 0.0, 1.0, 11});
    ASSERT_EQ(g.values.rows(), 11);
    ASSERT_EQ(g.values.cols(), 1);
    for (int i = 0; i < 11; ++i) {
        const double expected = 0.5 * (1.0 + g.values1[static_cast<size_t>(i)]) * 25.0;
        EXPECT_NEAR(g.values(i, 0), expected, kClosedFormRelTol * expected);
        if (i > 0) {
            EXPECT_GT(g.values(i, 0), g.values(i - 1, 0));
        }
    }
}

TEST(VehicleSweep, PointsWhereTheVehiclesDoNotApproachAreNaN) {
    // Turning the normal by more than 90 deg makes the closing velocity separate.
    const SweepGrid g = sweep(makeHeadOn(), {"normal_angle_offset", 0.0, kPi, 5});
    EXPECT_TRUE(std::isfinite(g.values(0, 0)));
    EXPECT_TRUE(std::isnan(g.values(4, 0)));
    EXPECT_EQ(g.invalidPoints, 2);   // 3pi/4 and pi
    EXPECT_FALSE(g.warnings.empty());
}

TEST(VehicleSweep, UnknownNamesThrow) {
    try {
        sweep(makeHeadOn(), {"colour", 0.0, 1.0, 3});
        ADD_FAILURE() << "no InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "sweep.input");
    }
    try {
        sweep(makeHeadOn(), {"epsilon", 0.0, 1.0, 3}, std::nullopt, "crush");
        ADD_FAILURE() << "no InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "sweep.output");
    }
    VehicleCollisionInput barrier = makeHeadOn();
    barrier.vehicle2.reset();
    try {
        sweep(barrier, {"epsilon", 0.0, 1.0, 3}, std::nullopt, "delta_v2");
        ADD_FAILURE() << "no InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "sweep.output");
    }
}
}}  // namespace
