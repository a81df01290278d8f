// Run-out to rest (vehicle/RunOut.h): the closed forms of a pure slide and a
// pure spin, termination and the step limit, and the 3D pose mapping.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/VehicleSimulation.h"
#include "vehicle/RunOut.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Constant decelerations are integrated exactly and steps end at the stop
// instant, so distance and time carry only the round-off of ~100 additions:
// 1e-12 relative is ample.
constexpr double kExactRelTol = 1e-12;

Vehicle makeSlidingCar(double speed, double heading, double yawRate) {
    return Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(3.0, -1.0), heading, speed, yawRate, 4.5, 1.8);
}


TEST(VehicleRunOut, PureSlideStopsAfterVSquaredOverTwoFGAtTimeVOverFG) {
    RunOutOptions o;
    o.dragFactor = 0.7;
    for (double v : {1.0, 8.0, 25.0}) {
        const Vehicle car = makeSlidingCar(v, 0.4, 0.0);
        const RunOutResult r = calcRunOut(car, o);
        ASSERT_EQ(r.status, RunOutStatus::AtRest);
        const double fg = o.dragFactor * o.gravity;
        const double d = v * v / (2.0 * fg);
        EXPECT_NEAR(r.distance, d, kExactRelTol * d);
        EXPECT_NEAR((r.restPosition - car.position).norm(), d, kExactRelTol * d);
        EXPECT_NEAR((r.restPosition - car.position).normalized().dot(car.calcForward()), 1.0, kExactRelTol);
        EXPECT_NEAR(r.restTime, v / fg, kExactRelTol * v / fg);
        EXPECT_EQ(r.restHeading, car.heading);
        EXPECT_EQ(r.samples.back().velocity.norm(), 0.0);
        EXPECT_EQ(r.residualSpeed, 0.0);
        // One sample per interval plus the stop: the loop cannot run on.
        EXPECT_LE(r.steps, static_cast<int>(std::ceil(r.restTime / o.sampleInterval)) + 1);
    }
}

TEST(VehicleRunOut, PureSpinStopsWithTheStatedYawDeceleration) {
    RunOutOptions o;
    const Vehicle car = makeSlidingCar(0.0, 0.0, -2.0);
    const RunOutResult r = calcRunOut(car, o);
    const double rEff = std::hypot(0.5 * 0.6 * 4.5, 0.5 * 0.85 * 1.8);
    EXPECT_NEAR(calcYawFrictionRadius(car, o), rEff, kExactRelTol * rEff);
    const double alpha = o.dragFactor * o.gravity * rEff / (car.yawInertia / car.mass);
    EXPECT_NEAR(r.yawDeceleration, alpha, kExactRelTol * alpha);
    EXPECT_NEAR(r.restTime, 2.0 / alpha, kExactRelTol * 2.0 / alpha);
    EXPECT_NEAR(r.restHeading, -4.0 / (2.0 * alpha), kExactRelTol * 4.0 / alpha);   // w^2 / 2 alpha, clockwise
    EXPECT_EQ(r.restPosition, car.position);
}

TEST(VehicleRunOut, SamplesAreOrderedAndSpeedsNeverGrow) {
    const RunOutResult r = calcRunOut(makeSlidingCar(12.0, 1.0, 1.5));
    ASSERT_GE(r.samples.size(), 3u);
    EXPECT_EQ(r.samples.front().time, 0.0);
    for (size_t i = 1; i < r.samples.size(); ++i) {
        EXPECT_GT(r.samples[i].time, r.samples[i - 1].time);
        EXPECT_LE(r.samples[i].velocity.norm(), r.samples[i - 1].velocity.norm());
        EXPECT_LE(std::abs(r.samples[i].yawRate), std::abs(r.samples[i - 1].yawRate));
    }
    EXPECT_EQ(r.samples.back().yawRate, 0.0);
}

TEST(VehicleRunOut, StepLimitEndsTheRunWithAWarning) {
    RunOutOptions o;
    o.maxSteps = 5;
    const RunOutResult r = calcRunOut(makeSlidingCar(30.0, 0.0, 0.0), o);
    EXPECT_EQ(r.status, RunOutStatus::StepLimit);
    EXPECT_EQ(r.steps, 5);
    EXPECT_EQ(r.samples.size(), 6u);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_GT(r.samples.back().velocity.norm(), 0.0);
}

TEST(VehicleRunOut, AVehicleBelowTheRestThresholdsDoesNotMove) {
    RunOutOptions o;
    const RunOutResult r = calcRunOut(makeSlidingCar(0.5 * o.restSpeed, 0.0, 0.0), o);
    EXPECT_EQ(r.steps, 0);
    EXPECT_EQ(r.samples.size(), 1u);
    EXPECT_EQ(r.residualSpeed, 0.5 * o.restSpeed);
}

TEST(VehicleRunOut, MapsSamplesToPlanarPoses) {
    RunOutSample s;
    s.position = Vec2(1.0, 2.0);
    s.heading = 0.5 * kPi;
    s.velocity = Vec2(3.0, 4.0);
    s.yawRate = 0.7;
    const BodyState b = makeBodyState(s);
    EXPECT_EQ(b.position, Vec3(1.0, 2.0, 0.0));
    EXPECT_EQ(b.velocity, Vec3(3.0, 4.0, 0.0));
    EXPECT_EQ(b.angularVelocity, Vec3(0.0, 0.0, 0.7));
    EXPECT_TRUE((b.orientation * Vec3::UnitX()).isApprox(Vec3::UnitY(), 1e-15));
}

TEST(VehicleRunOut, RejectsBadOptionsNamingTheField) {
    RunOutOptions o;
    o.dragFactor = 0.0;
    try {
        calcRunOut(makeSlidingCar(5.0, 0.0, 0.0), o);
        ADD_FAILURE() << "no InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "run_out.drag_factor");
    }
    Vehicle bad = makeSlidingCar(5.0, 0.0, 0.0);
    bad.mass = -1.0;
    try {
        calcRunOut(bad, {}, "vehicles[1]");
        ADD_FAILURE() << "no InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "vehicles[1].mass");
    }
}
}}  // namespace
