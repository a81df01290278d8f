#pragma once
// A planar vehicle: the model (mass, yaw inertia, outline) and its state
// (centre-of-gravity position and velocity, heading, yaw rate) in the ground
// plane, for the Kudlich-Slibar collision (VehicleCollision.h) and the run-out
// to rest (RunOut.h). docs/vehicles.md describes the whole chain.
//
// Conventions: SI units (kg, kg m^2, m, m/s, rad, rad/s); world x, y in the
// ground plane, z up; heading is the angle of the vehicle's forward axis from
// world +x, counter-clockwise seen from above; yaw rate is about +z (positive
// turns left). The outline is a length x width rectangle centred on the CG
// (used for drawing and for the run-out's yaw friction radius).
#include <string>

#include "mechanics/RigidBody.h"

namespace impactlab {

struct Vehicle {
    double mass = 1500.0;          // kg
    double yawInertia = 2500.0;    // kg m^2, about the vertical axis through the CG
    Vec2 position = Vec2::Zero();  // m, CG, world
    double heading = 0.0;          // rad, forward axis from world +x, counter-clockwise
    double length = 4.5;           // m, outline along the heading
    double width = 1.8;            // m, outline across the heading
    Vec2 velocity = Vec2::Zero();  // m/s, CG, world
    double yawRate = 0.0;          // rad/s, about +z

    // A vehicle moving straight ahead at `speed` (m/s, negative: reversing).
    static Vehicle makeWithSpeed(double mass, double yawInertia, const Vec2& position, double heading,
                                 double speed, double yawRate = 0.0, double length = 4.5, double width = 1.8);

    // Throws InputError("<field>.mass" | ".yaw_inertia" | ".position" | ".heading" |
    // ".length" | ".width" | ".velocity" | ".yaw_rate") for a non-finite value or
    // a mass, inertia or outline that is not > 0.
    void validate(const std::string& field) const;

    Vec2 calcForward() const;                                // unit, world
    Vec2 calcPointVelocity(const Vec2& worldPoint) const;   // v + omega z x r
    double calcKineticEnergy() const;                        // J, translation + yaw
    double calcSpeedAlongHeading() const { return velocity.dot(calcForward()); }

    // The 3D body of the impact problem: yaw inertia about z and roll/pitch
    // moments equal to it. The planar impulse never excites roll or pitch (the
    // lever arms and impulse lie in the plane z = 0 and the inertia has no
    // z-x or z-y product), so their value is immaterial; they cannot be
    // "small" because RigidBody requires the triangle inequality Izz <= Ixx + Iyy.
    RigidBody makeRigidBody() const;
};

// Unit vector at world angle `angle` (rad, from +x, counter-clockwise).
inline Vec2 makeDirection(double angle) { return Vec2(std::cos(angle), std::sin(angle)); }
// 3D lift of a ground-plane vector.
inline Vec3 liftToPlane(const Vec2& v) { return Vec3(v.x(), v.y(), 0.0); }

}  // namespace impactlab
