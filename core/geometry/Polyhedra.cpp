#include "geometry/Polyhedra.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>

#include "mechanics/NumberText.h"
#include "mechanics/Rotation.h"

namespace impactlab::geometry {

namespace {

// A vertex belongs to a face when it lies within this fraction of the solid's
// size of the face's supporting plane: the vertex coordinates are exact to
// round-off (~1e-16 relative), neighbouring vertices off the plane are a whole
// edge-length fraction away.
constexpr double kOnFaceRelTol = 1e-9;
// Vertices closer to coplanar than this (|det| relative to the cube of the
// longest edge) do not make a tetrahedron: a sliver of that flatness has no
// meaningful inertia.
constexpr double kCoplanarRelTol = 1e-9;
// Depth of the drawn half-space slab as a share of its half-width: deep enough
// to read as a solid block, shallow enough not to fill the view.
constexpr double kSlabDepthShare = 0.1;

const double kPhi = (1.0 + std::sqrt(5.0)) / 2.0;

// Every sign combination of `base` (zeros keep their single sign), each with
// its three cyclic (even) permutations.
void appendEvenPermutationsWithSigns(const Vec3& base, std::vector<Vec3>& out) {
    for (int mask = 0; mask < 8; ++mask) {
        Vec3 v = base;
        bool skip = false;
        for (int k = 0; k < 3; ++k) {
            if (mask & (1 << k)) {
                if (base[k] == 0.0) skip = true;
                v[k] = -v[k];
            }
        }
        if (skip) continue;
        out.push_back(v);
        out.push_back(Vec3(v.y(), v.z(), v.x()));
        out.push_back(Vec3(v.z(), v.x(), v.y()));
    }
}

}  // namespace

TriangleMesh makeConvexPolyhedron(const std::vector<Vec3>& vertices, const std::vector<Vec3>& faceNormals) {
    TriangleMesh mesh;
    mesh.vertices = vertices;
    double size = 0.0;
    for (const Vec3& v : vertices) size = std::max(size, v.norm());
    const double tol = kOnFaceRelTol * std::max(size, 1e-300);

    for (const Vec3& normal : faceNormals) {
        const Vec3 n = normal.normalized();
        double h = -std::numeric_limits<double>::infinity();
        for (const Vec3& v : vertices) h = std::max(h, n.dot(v));
        std::vector<int> face;
        Vec3 centre = Vec3::Zero();
        for (int i = 0; i < static_cast<int>(vertices.size()); ++i) {
            if (n.dot(vertices[i]) > h - tol) {
                face.push_back(i);
                centre += vertices[i];
            }
        }
        if (face.size() < 3) continue;
        centre /= static_cast<double>(face.size());
        // Counter-clockwise about the outward normal (right-hand rule).
        const Vec3 u = (vertices[face[0]] - centre).normalized();
        const Vec3 w = n.cross(u);
        auto angle = [&](int i) {
            const Vec3 r = vertices[i] - centre;
            return std::atan2(r.dot(w), r.dot(u));
        };
        std::sort(face.begin(), face.end(), [&](int a, int b) { return angle(a) < angle(b); });
        for (std::size_t k = 1; k + 1 < face.size(); ++k) mesh.triangles.push_back({face[0], face[k], face[k + 1]});
    }
    return mesh;
}

Solid makeBox(const Vec3& size) {
    if (!size.allFinite() || !(size.minCoeff() > 0.0))
        throw InputError("size", "every edge length must be a finite number > 0");
    const Vec3 h = 0.5 * size;
    std::vector<Vec3> vertices;
    for (int i = 0; i < 8; ++i)
        vertices.emplace_back((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z());
    const std::vector<Vec3> normals = {Vec3::UnitX(), -Vec3::UnitX(), Vec3::UnitY(),
                                       -Vec3::UnitY(), Vec3::UnitZ(), -Vec3::UnitZ()};
    Solid s;
    s.mesh = makeConvexPolyhedron(vertices, normals);
    s.integrals = calcVolumeIntegrals(s.mesh);
    return s;
}

Solid makeTruncatedIcosahedron(double edge) {
    if (!std::isfinite(edge) || !(edge > 0.0)) throw InputError("edge", "must be a finite number > 0, got " + formatNumber(edge));

    // Edge 2: even permutations of (0, +-1, +-3 phi), (+-1, +-(2 + phi), +-2 phi),
    // (+-phi, +-2, +-phi^3) with phi^3 = 2 phi + 1.
    std::vector<Vec3> vertices;
    appendEvenPermutationsWithSigns(Vec3(0.0, 1.0, 3.0 * kPhi), vertices);
    appendEvenPermutationsWithSigns(Vec3(1.0, 2.0 + kPhi, 2.0 * kPhi), vertices);
    appendEvenPermutationsWithSigns(Vec3(kPhi, 2.0, 2.0 * kPhi + 1.0), vertices);
    for (Vec3& v : vertices) v *= edge / 2.0;

    // Pentagons face the vertices of the icosahedron (0, +-1, +-phi) that was
    // truncated; hexagons face its face centres, the dual dodecahedron's
    // vertices (+-1, +-1, +-1) and (0, +-phi, +-1/phi), all cyclically.
    std::vector<Vec3> pentagonNormals, normals;
    appendEvenPermutationsWithSigns(Vec3(0.0, 1.0, kPhi), pentagonNormals);
    normals = pentagonNormals;
    appendEvenPermutationsWithSigns(Vec3(0.0, kPhi, 1.0 / kPhi), normals);
    for (int mask = 0; mask < 8; ++mask)
        normals.emplace_back((mask & 1) ? -1.0 : 1.0, (mask & 2) ? -1.0 : 1.0, (mask & 4) ? -1.0 : 1.0);

    // Pose of Fig. 3: one pentagon's normal turned onto -z ...
    const Vec3 np = pentagonNormals.front().normalized();
    const Mat3 toBottom = calcRotationTaking(np, -Vec3::UnitZ());
    double hmax = -std::numeric_limits<double>::infinity();
    double size = 0.0;
    for (const Vec3& v : vertices) {
        hmax = std::max(hmax, np.dot(v));
        size = std::max(size, v.norm());
    }
    Vec3 centre = Vec3::Zero();
    Vec3 top = Vec3::Zero();
    int count = 0;
    for (const Vec3& v : vertices) {
        if (np.dot(v) > hmax - kOnFaceRelTol * size) {
            const Vec3 r = toBottom * v;
            centre += r;
            if (count == 0 || r.y() > top.y()) top = r;
            ++count;
        }
    }
    centre /= count;
    // ... then turned about z so its highest-y vertex sits at +pi/10 from +y.
    const Vec3 spoke = top - centre;
    const double target = EIGEN_PI / 2.0 + EIGEN_PI / 10.0;
    const double turn = target - std::atan2(spoke.y(), spoke.x());
    const Mat3 R = Eigen::AngleAxisd(turn, Vec3::UnitZ()).toRotationMatrix() * toBottom;
    const Vec3 t = -(Eigen::AngleAxisd(turn, Vec3::UnitZ()).toRotationMatrix() * centre);

    Solid s;
    s.mesh = transformMesh(makeConvexPolyhedron(vertices, normals), R, t);
    s.integrals = calcVolumeIntegrals(s.mesh);
    return s;
}

SurfacePoint getTruncatedIcosahedronContact() { return {Vec3::Zero(), -Vec3::UnitZ()}; }

Solid makeTetrahedron(const std::array<Vec3, 4>& p) {
    for (int i = 0; i < 4; ++i)
        if (!p[i].allFinite()) throw InputError("vertices[" + std::to_string(i) + "]", "must contain finite numbers");
    double longest = 0.0;
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) longest = std::max(longest, (p[i] - p[j]).norm());
    const double det = (p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0]));
    if (!(std::abs(det) > kCoplanarRelTol * longest * longest * longest))
        throw InputError("vertices", "are coplanar: they enclose no volume");

    Solid s;
    s.mesh.vertices.assign(p.begin(), p.end());
    for (int l = 0; l < 4; ++l) {  // the face opposite vertex l, turned away from it
        std::array<int, 3> f{};
        int k = 0;
        for (int i = 0; i < 4; ++i)
            if (i != l) f[k++] = i;
        const Vec3 n = (p[f[1]] - p[f[0]]).cross(p[f[2]] - p[f[0]]);
        if (n.dot(p[l] - p[f[0]]) > 0.0) std::swap(f[1], f[2]);
        s.mesh.triangles.push_back(f);
    }
    s.integrals = calcVolumeIntegrals(s.mesh);
    return s;
}

Solid makeHalfSpaceSlab(double halfSize) {
    if (!std::isfinite(halfSize) || !(halfSize > 0.0))
        throw InputError("size", "must be a finite number > 0, got " + formatNumber(halfSize));
    const double depth = kSlabDepthShare * halfSize;
    Solid s = makeBox(Vec3(2.0 * halfSize, 2.0 * halfSize, depth));
    s.mesh = transformMesh(s.mesh, Mat3::Identity(), Vec3(0.0, 0.0, -depth / 2.0));
    s.integrals = calcVolumeIntegrals(s.mesh);
    return s;
}

}  // namespace impactlab::geometry
