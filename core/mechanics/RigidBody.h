#pragma once
// A rigid body: mass, principal inertia, pose and twist.
//
// Conventions: SI units; position is the centre of mass in the world frame;
// `orientation` rotates body-frame vectors into the world frame; velocity and
// angular velocity are world-frame vectors. A fixed body has infinite mass and
// inertia: its inverse mass and inverse inertia are zero and impulses leave it
// unchanged.
#include "mechanics/Types.h"

namespace impactlab {

struct RigidBody {
    double mass = 1.0;                              // kg
    Vec3 principalInertia = Vec3::Constant(0.4);    // kg m^2, about the centre of mass, body axes
    Quat orientation = Quat::Identity();            // body -> world
    Vec3 position = Vec3::Zero();                   // m, centre of mass (world)
    Vec3 velocity = Vec3::Zero();                   // m/s (world)
    Vec3 angularVelocity = Vec3::Zero();            // rad/s (world)
    bool fixed = false;

    // A body of infinite mass at rest (the ground, a barrier).
    static RigidBody makeFixed();

    // Builds a body from a world-frame inertia tensor about the centre of mass,
    // as the problem format gives it. Throws InputError naming `field` when the
    // tensor is not symmetric positive definite or not physically realisable.
    // `bodyField` prefixes the field names in errors ("bodies[0]").
    static RigidBody makeFromWorldInertia(double mass, const Mat3& worldInertia,
                                          const std::string& bodyField = "");

    // Throws InputError (prefixed with `field`) unless mass and inertia are
    // finite and positive and the principal moments obey the triangle
    // inequality; skipped for fixed bodies.
    void validate(const std::string& field) const;

    double calcInverseMass() const { return fixed ? 0.0 : 1.0 / mass; }
    Mat3 calcWorldInertia() const;
    Mat3 calcWorldInverseInertia() const;            // zero for a fixed body
    Vec3 calcPointVelocity(const Vec3& worldPoint) const;
    double calcKineticEnergy() const;                // zero for a fixed body
    Vec3 calcLinearMomentum() const;
    Vec3 calcAngularMomentum(const Vec3& aboutPoint) const;  // world frame

    // Applies impulse `impulse` (world) at `worldPoint`: Jia-Wang eq. (1).
    void applyImpulse(const Vec3& impulse, const Vec3& worldPoint);
};

// n . W n for bodies a and b touching at `worldPoint` with unit normal `n`:
// the change of the normal relative velocity per unit normal impulse (the
// W_nn of Jia & Wang eqs. 20-22), 1/m + (r x n) . I^-1 (r x n) summed over
// the bodies. Zero when both are fixed.
double calcNormalCompliance(const RigidBody& a, const RigidBody& b, const Vec3& worldPoint, const Vec3& n);

// Relative tolerance of the inertia triangle inequality I_a <= I_b + I_c:
// thin plates and rods sit exactly on the bound, so round-off in the input
// must not reject them.
inline constexpr double kInertiaTriangleRelTol = 1e-9;
// Relative asymmetry accepted in an input inertia tensor or W (printed inputs
// are rounded to about six digits, so 1e-9 is strict but not pedantic).
inline constexpr double kSymmetryRelTol = 1e-9;

}  // namespace impactlab
