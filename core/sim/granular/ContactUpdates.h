#pragma once
// A contact's velocity and impulse in world coordinates, shared by the
// Gauss-Seidel and the Jacobi sweeps (GranularPhases.h). Bodies: the
// world's spheres, or the Gauss-Seidel sweep's packed twists.
#include <vector>

#include "sim/granular/GranularPhases.h"

namespace impactlab::granular::phases {

// The velocity of a's contact point relative to b's (or the obstacle's), world.
// `obstacles`: getObstacleVelocities.
template <typename Bodies>
inline Vec3 calcRelativeVelocity(const Bodies& s, const std::vector<Vec3>& obstacles, const Contact& c) {
    const auto& a = s[c.a];
    if (c.b < 0) return a.velocity - obstacles[-1 - c.b] - c.leverA * a.angularVelocity.cross(c.normal);
    const auto& b = s[c.b];
    return a.velocity - b.velocity - (c.leverA * a.angularVelocity + c.leverB * b.angularVelocity).cross(c.normal);
}

// W P in world coordinates: W = wt (1 - n n^T) + wn n n^T.
inline Vec3 applyW(const Contact& c, const Vec3& P) { return c.wt * P + (c.wn - c.wt) * c.normal.dot(P) * c.normal; }

// A body's inverse mass (1/kg) and inverse inertia (1/(kg m^2)): a world's
// sphere, or the Gauss-Seidel sweep's twist that carries them.
inline double getInverseMass(const Sphere& s) { return 1.0 / s.mass; }
inline double getInverseInertia(const Sphere& s) { return calcInverseInertia(s.mass, s.radius); }
inline double getInverseMass(const GaussSeidelSweeper::Twist& t) { return t.inverseMass; }
inline double getInverseInertia(const GaussSeidelSweeper::Twist& t) { return t.inverseInertia; }

// The world impulse P on a (and -P on b) at the contact point: a's lever is
// -leverA n, b's +leverB n, so both spins change by -(lever / I) n x P.
template <typename Bodies>
inline void applyImpulse(Bodies& s, const Contact& c, const Vec3& P) {
    const Vec3 turn = c.normal.cross(P);
    auto& a = s[c.a];
    a.velocity += getInverseMass(a) * P;
    a.angularVelocity -= c.leverA * getInverseInertia(a) * turn;
    if (c.b < 0) return;
    auto& b = s[c.b];
    b.velocity -= getInverseMass(b) * P;
    b.angularVelocity -= c.leverB * getInverseInertia(b) * turn;
}

}  // namespace impactlab::granular::phases
