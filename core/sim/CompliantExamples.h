#pragma once
// The impacts of Uchida, Sherman & Delp (2015, §4) as input to the compliant
// collision (CompliantCollision.h): the same bodies, contacts and velocities
// PLUS solves, so the two can be overlaid.
//
//   - brick on one vertex (Example 1, Fig. 7; Table A1),
//   - brick landing flat on four vertices (Example 2, Fig. 11),
//   - Newton's cradle of N touching balls (Example 3, Fig. 14).
// The triple pendulum (Example 4) is a chain in generalized coordinates:
// sim/CompliantChain.h.
//
// Every builder places the bodies so the touching spheres just touch (zero
// penetration) with the given approach velocity, and sets gravity to zero, as
// PLUS treats the impact as instantaneous.
#include <array>

#include "sim/CompliantCollision.h"

namespace impactlab {

// A 0.4 x 0.6 x 0.8 m brick (Table A1) with a sphere welded to each vertex,
// over the ground plane z = 0 (same material).
struct CompliantBrickSetup {
    double mass = 2.0;                                   // kg
    Vec3 principalInertia = Vec3(0.167, 0.133, 0.0867);  // kg m^2 (a solid 2 kg box)
    Vec3 halfExtents = Vec3(0.2, 0.3, 0.4);              // m, body x, y, z
    double sphereRadius = 0.1;                           // m
    Quat orientation = Quat::Identity();                 // body -> world
    Vec3 velocity = Vec3::Zero();                        // m/s, centre of mass
    Vec3 angularVelocity = Vec3::Zero();                 // rad/s, world
    CompliantMaterial material;                          // spheres and ground
    double friction = 0.325;                             // mu (mu_s = mu_d)
    double frictionTransitionSpeed = 0.01;               // m/s (paper §4)
    // m. Vertex spheres whose lowest point is within this height of the
    // lowest one become contact candidates (PLUS's proximity tolerance, B.4.6).
    double proximity = 1e-4;
};

// The three friction cases of Example 1 (Figs. 8, 9).
inline constexpr std::array<double, 3> kBrickVertexFrictionCases = {0.125, 0.225, 0.325};

// Example 1: body-fixed rotations pi/4 about x then pi/6 about y,
// v = (-5, 0, -5.74) m/s, omega = 0, c = 0.26 s/m, E = 10 GPa, friction mu.
CompliantBrickSetup makeBrickOnVertexSetup(double mu = 0.325);
// Example 2: identity orientation (0.4 x 0.6 face down), v = (-2, 0, -8.84) m/s,
// mu = 0.2, c = 0.15 s/m, E = 10 GPa.
// Known difference from PLUS: the friction moment pitches the compliant brick
// (omega_y ~ -3 rad/s mid-impact), which stops the slip early, so the points
// take ~0.72 / 0.48 N s of friction impulse (leading / trailing) against
// PLUS's 1.77 / 0.62 (reference B.2.7), and the brick leaves at v_x ~ -0.80
// m/s, omega_y ~ -1.41 rad/s instead of +0.39, +0.79. Rigid PLUS keeps all four
// normals closed together, which forbids the pitch. The compliant values do
// not move with the stiffness: with Hertz springs the pitch mode's period and
// the contact time scale alike (E^{-2/5}), so no E reaches the rigid limit.
CompliantBrickSetup makeBrickOnFourVerticesSetup();
// The system: one free body (the brick), its eight vertex spheres, the ground
// plane, and a contact candidate per proximal vertex, named
// "vertex (+x -y -z) / ground" by the signs of its body coordinates. The brick
// is lifted so the lowest sphere just touches z = 0. Throws InputError for bad fields.
CompliantSystem makeCompliantBrick(const CompliantBrickSetup& setup);

// Newton's cradle: `balls` equal balls in a row along -x, each touching the
// next, the first (the striker) moving at -strikerSpeed along x, the others at
// rest; frictionless. Contact k joins ball k (body 1) and ball k + 1.
struct CompliantCradleSetup {
    int balls = 5;
    double radius = 0.25;           // m
    double mass = 1.0;              // kg
    double strikerSpeed = 2.0;      // m/s
    CompliantMaterial material = CompliantMaterial{10e9, 0.0, 0.0};  // 10 GPa, no dissipation (paper)
};
CompliantSystem makeCompliantCradle(const CompliantCradleSetup& setup = {});

}  // namespace impactlab
