// Vehicle collisions (vehicle/VehicleCollision.h) built on the Kudlich-Slibar
// law: momentum and energy invariants, the closed form of a central head-on
// impact, delta-V ratios, PDOF conventions and input validation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "impact/vehicle/KudlichSlibar.h"
#include "vehicle/VehicleCollision.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Momenta of O(1e4..1e5) kg m/s after a closed-form impulse (a few products
// and one 3x3 solve): round-off ~1e-15 relative, so 1e-10 of the momentum
// scale catches any sign or lever-arm error.
constexpr double kMomentumRelTol = 1e-10;
// Closed forms (delta-V, energies) of the same computation: 1e-10 relative.
constexpr double kClosedFormRelTol = 1e-10;
// Angles from atan2 of exact axis-aligned impulses: round-off ~1e-13 deg.
constexpr double kAngleTolDeg = 1e-9;

// J: the reference prints the energies to three decimals.
constexpr double kPrintedEnergyTol = 1e-3;

Vehicle makeCar(double mass, double yawInertia, const Vec2& position, double heading, double speed,
                double yawRate = 0.0) {
    return Vehicle::makeWithSpeed(mass, yawInertia, position, heading, speed, yawRate);
}

// Vehicle 1 drives +x from the left, vehicle 2 -x from the right; P midway, n = -x
// (from vehicle 2 into vehicle 1).
VehicleCollisionInput makeHeadOn(double m1, double m2, double speed1, double speed2, double epsilon) {
    VehicleCollisionInput in;
    in.vehicle1 = makeCar(m1, 2500.0, Vec2(-2.2, 0.0), 0.0, speed1);
    in.vehicle2 = makeCar(m2, 2500.0, Vec2(2.2, 0.0), kPi, speed2);
    in.impactPoint = Vec2(0.0, 0.0);
    in.normalAngle = kPi;
    in.muUser = 0.6;
    in.epsilon = epsilon;
    return in;
}

// An offset, oblique collision with yaw: vehicle 1 northbound, vehicle 2
// eastbound hitting its left-front corner.
VehicleCollisionInput makeOblique(double muUser, double epsilon) {
    VehicleCollisionInput in;
    in.vehicle1 = makeCar(1400.0, 2100.0, Vec2(0.0, 0.0), 0.5 * kPi, 14.0, 0.2);
    in.vehicle2 = makeCar(1900.0, 3400.0, Vec2(-3.0, 1.2), 0.15, 17.0, -0.1);
    in.impactPoint = Vec2(-0.9, 1.6);
    in.normalAngle = 0.1;   // roughly +x: from vehicle 2 (west) into vehicle 1
    in.muUser = muUser;
    in.epsilon = epsilon;
    return in;
}

Vec2 calcMomentum(const Vehicle& v) { return v.mass * v.velocity; }
double calcAngularMomentum(const Vehicle& v, const Vec2& about) {
    const Vec2 r = v.position - about;
    const Vec2 p = calcMomentum(v);
    return r.x() * p.y() - r.y() * p.x() + v.yawInertia * v.yawRate;
}


TEST(VehicleCollision, ConservesLinearAndAngularMomentumAboutTheImpactPoint) {
    for (double mu : {0.0, 0.2, 0.8}) {
        for (double eps : {0.0, 0.15, 0.6}) {
            const VehicleCollisionInput in = makeOblique(mu, eps);
            const VehicleCollisionResult r = solveVehicleCollision(in);
            ASSERT_EQ(r.impact.status, SolveStatus::Converged);
            const Vec2 pBefore = calcMomentum(in.vehicle1) + calcMomentum(*in.vehicle2);
            const Vec2 pAfter = calcMomentum(r.vehicle1After) + calcMomentum(*r.vehicle2After);
            const double pScale = in.vehicle1.mass * in.vehicle1.velocity.norm() +
                                  in.vehicle2->mass * in.vehicle2->velocity.norm();
            EXPECT_LE((pAfter - pBefore).norm(), kMomentumRelTol * pScale) << "mu " << mu << " eps " << eps;
            const double hBefore = calcAngularMomentum(in.vehicle1, in.impactPoint) +
                                   calcAngularMomentum(*in.vehicle2, in.impactPoint);
            const double hAfter = calcAngularMomentum(r.vehicle1After, in.impactPoint) +
                                  calcAngularMomentum(*r.vehicle2After, in.impactPoint);
            EXPECT_NEAR(hAfter, hBefore, kMomentumRelTol * pScale * 5.0) << "lever arms ~5 m";
            // Each vehicle's angular momentum about P is conserved too: the
            // impulse acts at P.
            EXPECT_NEAR(calcAngularMomentum(r.vehicle1After, in.impactPoint),
                        calcAngularMomentum(in.vehicle1, in.impactPoint), kMomentumRelTol * pScale * 5.0);
        }
    }
}

TEST(VehicleCollision, AgreesWithTheLawsBodiesAndNeverExcitesRollOrPitch) {
    const VehicleCollisionInput in = makeOblique(0.5, 0.2);
    const VehicleCollisionResult r = solveVehicleCollision(in);
    ASSERT_TRUE(r.impact.bodiesAfter.has_value());
    const RigidBody& b1 = r.impact.bodiesAfter->body1;
    const RigidBody& b2 = r.impact.bodiesAfter->body2;
    const double vTol = kClosedFormRelTol * 20.0;   // speeds ~20 m/s
    EXPECT_NEAR(b1.velocity.x(), r.vehicle1.velocityAfter.x(), vTol);
    EXPECT_NEAR(b1.velocity.y(), r.vehicle1.velocityAfter.y(), vTol);
    EXPECT_NEAR(b1.angularVelocity.z(), r.vehicle1.yawRateAfter, vTol);
    EXPECT_NEAR(b2.angularVelocity.z(), r.vehicle2->yawRateAfter, vTol);
    EXPECT_NEAR(b1.velocity.z(), 0.0, vTol);
    EXPECT_NEAR(b1.angularVelocity.x(), 0.0, vTol);
    EXPECT_NEAR(b1.angularVelocity.y(), 0.0, vTol);
    EXPECT_NEAR(b2.angularVelocity.x(), 0.0, vTol);
    EXPECT_NEAR(b2.angularVelocity.y(), 0.0, vTol);
    // mu~ and mu as the law computes them; the mu used never exceeds mu_user.
    const KudlichSlibarTerms terms = calcKudlichSlibarTerms(r.problem);
    EXPECT_EQ(r.muTilde, terms.muTilde);
    EXPECT_EQ(r.mu, terms.mu);
    EXPECT_LE(r.mu, in.muUser);
    EXPECT_GE(r.mu, 0.0);
}

TEST(VehicleCollision, DeltaVRatioIsTheInverseMassRatio) {
    for (const VehicleCollisionInput& in : {makeOblique(0.4, 0.1), makeHeadOn(1100.0, 2300.0, 15.0, 9.0, 0.2)}) {
        const VehicleCollisionResult r = solveVehicleCollision(in);
        ASSERT_GT(r.vehicle1.deltaV, 0.0);
        EXPECT_NEAR(in.vehicle1.mass * r.vehicle1.deltaV, in.vehicle2->mass * r.vehicle2->deltaV,
                    kClosedFormRelTol * in.vehicle1.mass * r.vehicle1.deltaV);
        EXPECT_NEAR(r.vehicle1.deltaVKmh, 3.6 * r.vehicle1.deltaV, kClosedFormRelTol * r.vehicle1.deltaVKmh);
    }
}

TEST(VehicleCollision, CentralHeadOnEqualMassDeltaVIsHalfOfOnePlusEpsilonTimesClosingSpeed) {
    for (double eps : {0.0, 0.1, 0.5, 1.0}) {
        const VehicleCollisionResult r = solveVehicleCollision(makeHeadOn(1500.0, 1500.0, 16.0, 11.0, eps));
        const double closing = 27.0;
        EXPECT_NEAR(r.closingSpeed, closing, kClosedFormRelTol * closing);
        const double expected = 0.5 * (1.0 + eps) * closing;
        EXPECT_NEAR(r.vehicle1.deltaV, expected, kClosedFormRelTol * expected) << "eps " << eps;
        EXPECT_NEAR(r.vehicle2->deltaV, expected, kClosedFormRelTol * expected) << "eps " << eps;
        EXPECT_NEAR(r.vehicle1.yawRateAfter, 0.0, kClosedFormRelTol * closing);
        // Energy: 1/4 m (1 - eps^2) closing^2 for equal masses.
        const double eDiss = 0.25 * 1500.0 * (1.0 - eps * eps) * closing * closing;
        EXPECT_NEAR(r.energyDissipated, eDiss, kClosedFormRelTol * r.energyBefore);
    }
}

TEST(VehicleCollision, FrontalHeadOnPdofIsZeroDegreesTwelveOClockForBoth) {
    const VehicleCollisionResult r = solveVehicleCollision(makeHeadOn(1500.0, 1200.0, 14.0, 12.0, 0.1));
    EXPECT_NEAR(r.vehicle1.pdofDeg, 0.0, kAngleTolDeg);
    EXPECT_NEAR(r.vehicle2->pdofDeg, 0.0, kAngleTolDeg);
    EXPECT_EQ(r.vehicle1.pdofClock, 12);
    EXPECT_EQ(r.vehicle2->pdofClock, 12);
    // The impulse itself points rearward on vehicle 1 (heading +x).
    EXPECT_LT(r.vehicle1.impulse.x(), 0.0);
}

TEST(VehicleCollision, RearImpactPdofIs180DegreesForTheStruckCar) {
    VehicleCollisionInput in;
    in.vehicle1 = makeCar(1300.0, 2000.0, Vec2(2.3, 0.0), 0.0, 5.0);    // struck, ahead
    in.vehicle2 = makeCar(1600.0, 2600.0, Vec2(-2.3, 0.0), 0.0, 20.0);  // striking, behind
    in.impactPoint = Vec2(0.0, 0.0);
    in.normalAngle = 0.0;   // +x: from vehicle 2 into vehicle 1
    in.epsilon = 0.1;
    const VehicleCollisionResult r = solveVehicleCollision(in);
    EXPECT_NEAR(r.vehicle1.pdofDeg, 180.0, kAngleTolDeg);
    EXPECT_EQ(r.vehicle1.pdofClock, 6);
    EXPECT_NEAR(r.vehicle2->pdofDeg, 0.0, kAngleTolDeg);
    EXPECT_EQ(r.vehicle2->pdofClock, 12);
}

TEST(VehicleCollision, SideImpactOnTheRightIsPlus90DegreesThreeOClock) {
    VehicleCollisionInput in;
    in.vehicle1 = makeCar(1300.0, 2000.0, Vec2(0.0, 0.0), 0.0, 0.0);          // parked, facing +x
    in.vehicle2 = makeCar(1500.0, 2400.0, Vec2(0.0, -3.2), 0.5 * kPi, 12.0);  // from its right (-y)
    in.impactPoint = Vec2(0.0, -0.9);
    in.normalAngle = 0.5 * kPi;   // +y: from vehicle 2 into vehicle 1
    const VehicleCollisionResult r = solveVehicleCollision(in);
    EXPECT_NEAR(r.vehicle1.pdofDeg, 90.0, kAngleTolDeg);
    EXPECT_EQ(r.vehicle1.pdofClock, 3);
    EXPECT_NEAR(r.vehicle2->pdofDeg, 0.0, kAngleTolDeg);
}

TEST(VehicleCollision, DissipatedEnergyIsNonNegativeAndEqualsTheKineticEnergyDrop) {
    for (double mu : {0.0, 0.3, 1.0}) {
        for (double eps : {0.0, 0.4, 1.0}) {
            const VehicleCollisionInput in = makeOblique(mu, eps);
            const VehicleCollisionResult r = solveVehicleCollision(in);
            const double tBefore = in.vehicle1.calcKineticEnergy() + in.vehicle2->calcKineticEnergy();
            const double tAfter = r.vehicle1After.calcKineticEnergy() + r.vehicle2After->calcKineticEnergy();
            EXPECT_GE(r.energyDissipated, -kClosedFormRelTol * tBefore) << "mu " << mu << " eps " << eps;
            EXPECT_NEAR(r.energyDissipated, tBefore - tAfter, kClosedFormRelTol * tBefore);
            EXPECT_NEAR(r.energyDissipated, r.impact.energyBefore - r.impact.energyAfter, kClosedFormRelTol * tBefore);
            // The split: equal shares by default, EES_i = sqrt(2 E_i / m_i).
            EXPECT_NEAR(r.vehicle1.absorbedEnergy + r.vehicle2->absorbedEnergy, r.energyDissipated,
                        kClosedFormRelTol * tBefore);
            EXPECT_NEAR(r.vehicle1.ees, std::sqrt(std::max(0.0, r.energyDissipated) / in.vehicle1.mass),
                        kClosedFormRelTol * 30.0);
            EXPECT_TRUE(r.impact.warnings.empty());
        }
    }
}

TEST(VehicleCollision, CentralPlasticBarrierImpactGivesEesEqualToImpactSpeed) {
    VehicleCollisionInput in;
    in.vehicle1 = makeCar(1500.0, 2500.0, Vec2(-2.25, 0.0), 0.0, 13.9);
    in.impactPoint = Vec2(0.0, 0.0);
    in.normalAngle = kPi;   // from the barrier into the car
    in.epsilon = 0.0;
    const VehicleCollisionResult r = solveVehicleCollision(in);
    EXPECT_FALSE(r.vehicle2.has_value());
    EXPECT_NEAR(r.vehicle1.velocityAfter.norm(), 0.0, kClosedFormRelTol * 13.9);
    EXPECT_NEAR(r.vehicle1.deltaV, 13.9, kClosedFormRelTol * 13.9);
    EXPECT_NEAR(r.vehicle1.ees, 13.9, kClosedFormRelTol * 13.9);
    EXPECT_NEAR(r.vehicle1.pdofDeg, 0.0, kAngleTolDeg);
}

TEST(VehicleCollision, RejectsBadInputNamingTheField) {
    using Edit = void (*)(VehicleCollisionInput&);
    const std::vector<std::pair<Edit, std::string>> cases = {
        {[](VehicleCollisionInput& in) { in.vehicle1.mass = -2.0; }, "vehicles[0].mass"},
        {[](VehicleCollisionInput& in) { in.vehicle2->yawInertia = 0.0; }, "vehicles[1].yaw_inertia"},
        {[](VehicleCollisionInput& in) { in.vehicle1.velocity.x() = std::nan(""); }, "vehicles[0].velocity"},
        {[](VehicleCollisionInput& in) { in.vehicle2->yawRate = INFINITY; }, "vehicles[1].yaw_rate"},
        {[](VehicleCollisionInput& in) { in.vehicle1.length = 0.0; }, "vehicles[0].length"},
        {[](VehicleCollisionInput& in) { in.epsilon = 1.5; }, "collision.epsilon"},
        {[](VehicleCollisionInput& in) { in.muUser = -0.1; }, "collision.mu_user"},
        {[](VehicleCollisionInput& in) { in.impactPoint.y() = std::nan(""); }, "collision.impact_point"},
        // n flipped: the vehicles separate along it.
        {[](VehicleCollisionInput& in) { in.normalAngle = 0.0; }, "collision.approach"},
        // Driving apart.
        {[](VehicleCollisionInput& in) {
             in.vehicle1.velocity *= -1.0;
             in.vehicle2->velocity *= -1.0;
         },
         "collision.approach"},
    };
    for (const auto& [edit, field] : cases) {
        VehicleCollisionInput in = makeHeadOn(1500.0, 1500.0, 10.0, 10.0, 0.1);
        edit(in);
        try {
            solveVehicleCollision(in);
            ADD_FAILURE() << "no InputError for " << field;
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), field) << e.what();
        }
    }
}

TEST(VehicleCollision, ReproducesTheReferenceDerivedExampleA21) {
    // Reference A.2.1 (kudlich-slibar-plus-mdp.md), [DERIVED]: P at the origin,
    // r1 = CG1 -> P = (-2, 1), r2 = (2, 0.5), n = +x, m = I = 1000, v1 = (-10, 4),
    // body 2 at rest, mu_user = 0.5, eps = 0.2. Printed to six decimals:
    // 1e-6 absolute covers half a unit in the last place.
    constexpr double kPrintedTol = 1e-6;
    VehicleCollisionInput in;
    in.vehicle1.mass = 1000.0;
    in.vehicle1.yawInertia = 1000.0;
    in.vehicle1.position = Vec2(2.0, -1.0);
    in.vehicle1.velocity = Vec2(-10.0, 4.0);
    Vehicle v2;
    v2.mass = 1000.0;
    v2.yawInertia = 1000.0;
    v2.position = Vec2(-2.0, -0.5);
    v2.velocity = Vec2::Zero();
    in.vehicle2 = v2;
    in.normalAngle = 0.0;
    in.muUser = 0.5;
    in.epsilon = 0.2;
    const VehicleCollisionResult r = solveVehicleCollision(in);
    EXPECT_NEAR(r.muTilde, 23.0 / 104.0, kClosedFormRelTol);
    EXPECT_NEAR(r.mu, 23.0 / 104.0, kClosedFormRelTol);
    EXPECT_NEAR(r.vehicle1.velocityAfter.x(), -6.038095, kPrintedTol);
    EXPECT_NEAR(r.vehicle1.velocityAfter.y(), 3.123810, kPrintedTol);
    EXPECT_NEAR(r.vehicle1.yawRateAfter, -2.209524, kPrintedTol);
    EXPECT_NEAR(r.vehicle2->velocityAfter.x(), -3.961905, kPrintedTol);
    EXPECT_NEAR(r.vehicle2->velocityAfter.y(), 0.876190, kPrintedTol);
    EXPECT_NEAR(r.vehicle2->yawRateAfter, 3.733333, kPrintedTol);
    EXPECT_NEAR(r.energyBefore, 58000.0, kClosedFormRelTol * 58000.0);
    EXPECT_NEAR(r.energyAfter, 40750.476, kPrintedEnergyTol);   // printed to 1 mJ
}
}}  // namespace
