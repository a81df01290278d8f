#pragma once
// Spheres, and a bowling ball: a sphere with cylindrical bores.
//
// Mesh frames: centred at the origin; the tessellation's poles are on z.
#include <vector>

#include "geometry/Solid.h"

namespace impactlab::geometry {

// Integrals of a solid ball of `radius` centred at `centre`:
// V = 4/3 pi R^3, int x = V c, int x x^T = V R^2 / 5 U + V c c^T.
VolumeIntegrals calcSphereIntegrals(double radius, const Vec3& centre = Vec3::Zero());

// A sphere with exact integrals, tessellated as a solid of revolution with
// `slices` segments around z and `stacks` from pole to pole.
// Throws InputError("radius") unless radius > 0.
Solid makeSphere(double radius, int slices = 48, int stacks = 32);

// The point of a sphere of `radius` centred at the origin in `direction`.
// Throws InputError("direction") when the direction is zero or not finite.
SurfacePoint getSphereSurfacePoint(double radius, const Vec3& direction);

// A straight cylindrical hole drilled into a ball: a disc of `radius` centred
// at `bottomCentre`, normal `axis`, swept along `axis` until it leaves the ball.
// Mesh frame of the ball (centre at the origin).
struct Bore {
    Vec3 bottomCentre = Vec3::Zero();   // m
    Vec3 axis = Vec3::UnitY();          // towards the ball's surface (normalised by the builder)
    double radius = 0.01;               // m
};

// Integrals of the bore's volume inside a ball of `ballRadius`: columns along
// the axis from the bottom disc to the sphere, integrated over the disc by
// Gauss-Legendre in the radius and the trapezoidal rule in the angle (the
// integrand is smooth and periodic, so both converge to round-off).
VolumeIntegrals calcBoreIntegrals(const Bore& bore, double ballRadius);

// A ball with bores. Integrals: the sphere's, exactly, minus each bore's.
// Mesh: a tessellated sphere whose vertices inside a bore's opening are moved
// onto the opening's rim, with the triangles wholly inside removed and the
// bore's wall and bottom added, so the mesh stays closed; when a bore is too
// small for the tessellation to open it, it is drawn closed (its mass is still
// removed).
// Throws InputError naming "radius", "holes[i].radius", "holes[i].axis" or
// "holes[i]" (bottom not inside the ball, or overlapping an earlier hole).
Solid makeBowlingBall(double radius, const std::vector<Bore>& holes, int slices = 128, int stacks = 64);

// Jia & Wang Fig. 11: a ball of radius 0.108458 m whose three holes are
// cylinders parallel to y, finger holes of radius 0.0127 m (1 in diameter),
// thumb hole 0.0142875 m (1 1/8 in diameter), bottoms centred at
// (0.03302, 0.067845, -0.126238), (0.03302, 0.067845, -0.090678) and
// (-0.0381, 0.0676971, -0.108458) with the ball's centre at (0, 0, -0.108458);
// here relative to the centre, axes +y (towards the surface).
inline constexpr double kJiaWangBowlingBallRadius = 0.108458;   // m
std::vector<Bore> getJiaWangBowlingBallHoles();

}  // namespace impactlab::geometry
