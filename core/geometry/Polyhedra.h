#pragma once
// Polyhedral solids: their meshes are exact, so their integrals are the mesh's.
#include <array>
#include <vector>

#include "geometry/Solid.h"

namespace impactlab::geometry {

// The convex hull of `vertices` given the outward normals of its faces: face k
// holds the vertices that maximise faceNormals[k] . v; it is fanned into
// triangles. Every vertex must lie on at least one face (asserted by tests, not
// here: this is for builders whose face normals are known exactly).
TriangleMesh makeConvexPolyhedron(const std::vector<Vec3>& vertices, const std::vector<Vec3>& faceNormals);

// Box of edge lengths `size` centred at the origin, edges along the axes.
// Throws InputError("size") unless every edge is > 0.
Solid makeBox(const Vec3& size);

// Truncated icosahedron (12 pentagons, 20 hexagons, 60 vertices) of edge `edge`,
// posed as in Jia & Wang Fig. 3: one pentagon lies in the plane z = 0 centred at
// the origin with the solid above it (outward normal -z there), and the vector
// from the origin to that pentagon's vertex of largest y is the +y axis turned
// by +pi/10 about +z (the paper does not state the sense; this is
// counter-clockwise seen from +z). The centre is at (0, 0, 2.3274385 edge).
// Throws InputError("edge") unless edge > 0.
Solid makeTruncatedIcosahedron(double edge);
// The contact feature of that pose: the pentagon's centre, normal -z.
SurfacePoint getTruncatedIcosahedronContact();

// Tetrahedron with the given vertices (any order; faces are oriented outward).
// Throws InputError("vertices") when they are (nearly) coplanar.
Solid makeTetrahedron(const std::array<Vec3, 4>& vertices);

// A square slab standing for an immovable half-space z <= 0 in drawings: top
// face z = 0 of half-width `halfSize`, depth `depth` below. Mass properties are
// never taken from it (a half-space is fixed).
// Throws InputError("size") unless halfSize > 0 (depth is halfSize / 10).
Solid makeHalfSpaceSlab(double halfSize);

}  // namespace impactlab::geometry
