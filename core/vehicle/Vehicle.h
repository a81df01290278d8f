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
//
// Body axes (for the roll and pitch inertias): x forward, y to the left, z up,
// through the CG. Roll is about x, pitch about y, yaw about z; these are taken
// as the principal axes (a vehicle's x-z product of inertia is neglected, as
// in the usual reconstruction data sheets).
#include <optional>
#include <string>

#include "mechanics/RigidBody.h"

namespace impactlab {

// The colour (RGB in [0, 1]) of vehicle `index` (0 or 1) when its scene sets
// none: the one place the vehicles' colours come from, so a vehicle has one
// colour in the 3D view, the momentum diagram and the reconstruction's plots
// (views take each vehicle's colour from its scene body).
Vec3 getDefaultVehicleColor(int index);

struct Vehicle {
    double mass = 1500.0;          // kg
    double yawInertia = 2500.0;    // kg m^2, about the vertical axis through the CG
    Vec2 position = Vec2::Zero();  // m, CG, world
    double heading = 0.0;          // rad, forward axis from world +x, counter-clockwise
    double length = 4.5;           // m, outline along the heading
    double width = 1.8;            // m, outline across the heading
    Vec2 velocity = Vec2::Zero();  // m/s, CG, world
    double yawRate = 0.0;          // rad/s, about +z
    // kg m^2, about the forward (roll) and lateral (pitch) axes through the
    // CG. Absent: equal to yawInertia, the value used before they existed, so
    // a planar collision gives bit-identical numbers. They matter only when
    // the impulse centroid is off the CG plane (VehicleCollisionInput::impactHeight).
    std::optional<double> rollInertia;
    std::optional<double> pitchInertia;

    // A vehicle moving straight ahead at `speed` (m/s, negative: reversing).
    static Vehicle makeWithSpeed(double mass, double yawInertia, const Vec2& position, double heading,
                                 double speed, double yawRate = 0.0, double length = 4.5, double width = 1.8);

    // Throws InputError("<field>.mass" | ".yaw_inertia" | ".roll_inertia" |
    // ".pitch_inertia" | ".position" | ".heading" | ".length" | ".width" |
    // ".velocity" | ".yaw_rate") for a non-finite value or a mass, inertia or
    // outline that is not > 0, and ".roll_inertia" | ".pitch_inertia" when the
    // principal moments (roll, pitch, yaw) break the triangle inequality
    // (each <= the sum of the other two, within kInertiaTriangleRelTol).
    void validate(const std::string& field) const;

    double calcRollInertia() const { return rollInertia.value_or(yawInertia); }
    double calcPitchInertia() const { return pitchInertia.value_or(yawInertia); }
    // kg m^2, body axes (roll, pitch, yaw).
    Vec3 calcPrincipalInertia() const { return Vec3(calcRollInertia(), calcPitchInertia(), yawInertia); }

    Vec2 calcForward() const;                                // unit, world
    Vec2 calcPointVelocity(const Vec2& worldPoint) const;   // v + omega z x r
    double calcKineticEnergy() const;                        // J, translation + yaw
    double calcSpeedAlongHeading() const { return velocity.dot(calcForward()); }

    // The 3D body of the impact problem, CG at z = 0, body axes turned by the
    // heading about z, principal inertia calcPrincipalInertia(). With the
    // impulse centroid in the plane z = 0 roll and pitch are never excited
    // (the lever arms and the impulse lie in the plane and z is a principal
    // axis), so their values are then immaterial.
    RigidBody makeRigidBody() const;
};

// Unit vector at world angle `angle` (rad, from +x, counter-clockwise).
inline Vec2 makeDirection(double angle) { return Vec2(std::cos(angle), std::sin(angle)); }
// 3D lift of a ground-plane vector.
inline Vec3 liftToPlane(const Vec2& v) { return Vec3(v.x(), v.y(), 0.0); }

}  // namespace impactlab
