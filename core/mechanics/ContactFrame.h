#pragma once
// The contact frame (t1, t2, n) of the impulse-space contract.
//
// n is the unit normal pointing from body 2 into body 1; (t1, t2, n) is right
// handed. The tangents are the project's choice for body-level input:
// t1 is the world x axis projected onto the tangent plane (the world y axis
// when n is within ~25 degrees of x), normalised; t2 = n x t1. Results that must
// not depend on this choice are also reported in the world frame.
#include "mechanics/Types.h"

namespace impactlab {

struct ContactFrame {
    Mat3 axes = Mat3::Identity();  // columns t1, t2, n in world coordinates

    // Throws InputError(field) when `normal` is zero or not finite.
    static ContactFrame makeFromNormal(const Vec3& normal, const std::string& field = "normal");
    // makeFromNormal's frame for a normal already of unit length and finite
    // (no checks: for inner loops that have just normalised it).
    static ContactFrame makeFromUnitNormal(const Vec3& unitNormal);
    // Uses `tangentHint` (projected onto the tangent plane) for t1 when it is not
    // parallel to the normal; otherwise falls back to makeFromNormal's choice.
    static ContactFrame makeFromNormalAndTangent(const Vec3& normal, const Vec3& tangentHint);

    Vec3 t1() const { return axes.col(0); }
    Vec3 t2() const { return axes.col(1); }
    Vec3 n() const { return axes.col(2); }
    Vec3 toLocal(const Vec3& world) const { return axes.transpose() * world; }
    Vec3 toWorld(const Vec3& local) const { return axes * local; }
};

// |n . x| above this picks the y axis for t1 (cos 25 deg): keeps the projected
// hint well away from zero length.
inline constexpr double kTangentHintMaxAlignment = 0.9;
// A hint whose projection on the tangent plane is shorter than this (relative)
// is treated as parallel to the normal.
inline constexpr double kMinProjectedHint = 1e-6;

}  // namespace impactlab
