#pragma once
// The mechanical systems of the PLUS paper's examples (Uchida, Sherman & Delp
// 2015, sec. 5 and Table A1; reference note B.2), at the instant of impact,
// shared by tests, benchmarks and scenes. Ground contacts have normal +z and
// t1 = world x, t2 = world y, so contact-frame vectors read as world vectors.
#include "mechanics/BodyContacts.h"

namespace impactlab {

// Table A1: a 2 kg brick, 0.4 x 0.6 x 0.8 m, principal inertia
// diag(0.167, 0.133, 0.0867) kg m^2, with massless spheres of radius 0.1 m
// on its eight vertices.
struct BrickSpec {
    double mass = 2.0;
    Vec3 principalInertia = Vec3(0.167, 0.133, 0.0867);
    Vec3 halfSize = Vec3(0.2, 0.3, 0.4);
    double sphereRadius = 0.1;
};

// The brick resting its lowest sphere(s) on the ground z = 0 with the given
// orientation and velocities: every vertex sphere whose bottom is within
// `proximity` (m) of the lowest one is a contact (Fig. 6). Body 0 is the
// brick, body 1 the fixed ground.
BodyContacts makeBrickOnGround(const Quat& orientation, const Vec3& velocity, const Vec3& angularVelocity,
                               double proximity, const BrickSpec& brick = {});
// m: the proximity of the examples, PLUS's position tolerance (Simbody's
// 1e-4 m, reference note B.4.6); the next sphere of Example 1 is 0.141 m up.
inline constexpr double kExampleProximity = 1e-4;

// Example 1 (Fig. 7): orientation Rx(pi/4) Ry(pi/6), one vertex down,
// v = (-5, 0, -5.74) m/s, omega = 0 (reference note B.2.2).
BodyContacts makeBrickOnVertex();
// Example 2 (Fig. 11): identity orientation, the four bottom spheres down,
// v = (-2, 0, -8.84) m/s, omega = 0 (B.2.7).
BodyContacts makeBrickOnFourVertices();

// Example 3: `balls` touching spheres in a row along x (ball 0 at the largest
// x), the first moving at -strikerSpeed along x toward the others at rest.
// Contact k is between ball k (body1, normal +x into it) and ball k+1.
BodyContacts makeNewtonsCradle(int balls = 5, double radius = 0.25, double mass = 1.0, double strikerSpeed = 2.0);

}  // namespace impactlab
