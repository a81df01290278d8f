#pragma once
// A uniform solid as the builders of core/geometry return it: the surface to
// draw and the volume integrals to weigh. The integrals are exact wherever a
// closed form exists (polyhedra, spheres, revolved profiles, cylindrical
// bores); otherwise they are the mesh's own.
//
// Builders put each solid in its own "mesh frame" (documented per builder) and
// throw InputError naming the offending parameter ("edge", "holes[1].radius")
// for bad input; callers that read parameters from a file prefix the field.
#include "geometry/TriangleMesh.h"

namespace impactlab::geometry {

// A point on a solid's surface with the outward unit normal there, in the mesh
// frame: what the impact scenes place at the contact point.
struct SurfacePoint {
    Vec3 point = Vec3::Zero();        // m
    Vec3 normal = -Vec3::UnitZ();     // unit, pointing out of the solid
};

struct Solid {
    TriangleMesh mesh;            // closed, outward oriented (findMeshDefect passes)
    VolumeIntegrals integrals;    // unit density, mesh frame
};

}  // namespace impactlab::geometry
