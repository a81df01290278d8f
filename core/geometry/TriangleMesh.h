#pragma once
// Closed triangle meshes and the mass properties of the uniform solids they
// bound.
//
// A mesh lists its triangles counter-clockwise seen from outside, so every
// triangle normal (b - a) x (c - a) points out of the solid. The volume
// integrals follow from the divergence theorem: with the origin o as apex, each
// triangle (a, b, c) spans a signed tetrahedron (o, a, b, c) whose sign is that
// of (a - o) . ((b - o) x (c - o)); the signed tetrahedra of a closed, outward
// oriented surface add up to the enclosed solid, so integrals of 1, x and x x^T
// over the solid are sums of closed-form tetrahedron integrals.
//
// Units: SI. Integrals are of a unit density ("geometric" integrals, m^3, m^4,
// m^5); calcMassProperties scales them to a mass.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "mechanics/Types.h"

namespace impactlab::geometry {

struct TriangleMesh {
    std::vector<Vec3> vertices;               // m
    std::vector<std::array<int, 3>> triangles;  // indices into vertices, counter-clockwise from outside

    Vec3 calcTriangleNormal(std::size_t triangle) const;  // unit, outward; zero for a degenerate triangle
};

// Integrals over a solid of uniform unit density, about the origin of the
// frame the solid is given in. They add and subtract like the solids do, so a
// drilled ball is the ball's integrals minus those of its holes.
struct VolumeIntegrals {
    double volume = 0.0;                     // m^3, int dV
    Vec3 firstMoment = Vec3::Zero();         // m^4, int x dV
    Mat3 secondMoment = Mat3::Zero();        // m^5, int x x^T dV

    VolumeIntegrals& operator+=(const VolumeIntegrals& other);
    VolumeIntegrals& operator-=(const VolumeIntegrals& other);
    friend VolumeIntegrals operator+(VolumeIntegrals a, const VolumeIntegrals& b) { return a += b; }
    friend VolumeIntegrals operator-(VolumeIntegrals a, const VolumeIntegrals& b) { return a -= b; }
};

// A uniform solid of a given mass.
struct MassProperties {
    double mass = 0.0;                       // kg
    Vec3 centerOfMass = Vec3::Zero();        // m, in the solid's frame
    Mat3 inertia = Mat3::Zero();             // kg m^2, about the centre of mass, the solid's axes
};

// Integrals of the solid bounded by `mesh` (closed and outward oriented; see
// findMeshDefect). Summed about the vertices' mean, then moved to the origin, so
// a mesh far from the origin keeps its digits.
VolumeIntegrals calcVolumeIntegrals(const TriangleMesh& mesh);

// The same integrals seen from another frame: x' = R x + t.
VolumeIntegrals transformIntegrals(const VolumeIntegrals& integrals, const Mat3& R, const Vec3& t);

// Uniform density mass / volume. Inertia from the covariance
// C = rho (int x x^T dV - V c c^T) about the centre of mass c:  I = tr(C) 1 - C.
// Requires integrals.volume > 0 and mass > 0 (callers validate input).
MassProperties calcMassProperties(const VolumeIntegrals& integrals, double mass);

// Why `mesh` does not bound a solid, or nullopt when it does: an index out of
// range, a degenerate triangle, an edge not shared by exactly two triangles in
// opposite directions (open or inconsistently oriented), or a non-positive
// enclosed volume (inside out).
std::optional<std::string> findMeshDefect(const TriangleMesh& mesh);

// x' = R x + t for every vertex (R a rotation; orientation is preserved).
TriangleMesh transformMesh(const TriangleMesh& mesh, const Mat3& R, const Vec3& t);

// Appends `other` to `mesh` (indices shifted).
void appendMesh(TriangleMesh& mesh, const TriangleMesh& other);

}  // namespace impactlab::geometry
