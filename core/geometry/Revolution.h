#pragma once
// Solids of revolution about the z axis, from a profile polyline in the
// (r, z) half-plane.
//
// The profile runs from a point on the axis (r = 0) along the outside of the
// solid to another point on the axis, with the solid on its left in the
// (r, z) plane (so a profile going up the outside of a body is right). Its
// integrals are those of the revolved polyline, exact: by Green's theorem
//   int f dV = int int 2 pi r f dr dz = closed integral of F dz,  dF/dr = 2 pi r f,
// along the profile (the axis adds nothing since F(0, z) = 0), and on each
// straight segment F dz is a polynomial of degree <= 4, which 3-point
// Gauss-Legendre integrates exactly. The mesh only approximates the circles by
// `segments`-gons.
#include <vector>

#include "geometry/Solid.h"

namespace impactlab::geometry {

// Throws InputError("profile...") unless the profile has at least 3 points,
// starts and ends on the axis, stays at r > 0 in between, has no repeated
// consecutive points and encloses a positive volume; InputError("segments")
// unless segments >= 3.
Solid makeSurfaceOfRevolution(const std::vector<Vec2>& profile, int segments);

// The exact integrals of the revolved profile (no checks).
VolumeIntegrals calcRevolutionIntegrals(const std::vector<Vec2>& profile);

// The surface point at height z = `height` and polar angle `azimuth` (rad,
// from +x towards +y) on the outermost profile segment crossing that height.
// The normal is interpolated between the profile's vertex normals (the means of
// the adjacent segments' normals), as smooth shading does. Throws
// InputError("height") when no sloped or vertical segment crosses it.
SurfacePoint findRevolutionSurfacePoint(const std::vector<Vec2>& profile, double height, double azimuth);

}  // namespace impactlab::geometry
