#include "geometry/TriangleMesh.h"

#include <map>
#include <sstream>
#include <utility>

namespace impactlab::geometry {

namespace {

// A triangle is degenerate when twice its area is below this fraction of the
// square of its longest edge: 1e-12 rejects exact repeats and collinear
// vertices, not the thin slivers that tessellated curved surfaces produce.
constexpr double kDegenerateAreaRelTol = 1e-12;

// Integrals of the tetrahedron (0, a, b, c), signed by det[a b c]:
//   V = det / 6,  int x = V (a + b + c) / 4,
//   int x x^T = V / 20 (a a^T + b b^T + c c^T + s s^T),  s = a + b + c
// (the moments of a simplex: each vertex term plus the term of their sum).
VolumeIntegrals calcTetrahedronIntegrals(const Vec3& a, const Vec3& b, const Vec3& c) {
    VolumeIntegrals t;
    t.volume = a.dot(b.cross(c)) / 6.0;
    const Vec3 s = a + b + c;
    t.firstMoment = t.volume * s / 4.0;
    t.secondMoment = t.volume / 20.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
    return t;
}

}  // namespace

Vec3 TriangleMesh::calcTriangleNormal(std::size_t triangle) const {
    const auto& t = triangles[triangle];
    const Vec3 n = (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]);
    const double length = n.norm();
    return length > 0.0 ? Vec3(n / length) : Vec3::Zero();
}

VolumeIntegrals& VolumeIntegrals::operator+=(const VolumeIntegrals& other) {
    volume += other.volume;
    firstMoment += other.firstMoment;
    secondMoment += other.secondMoment;
    return *this;
}

VolumeIntegrals& VolumeIntegrals::operator-=(const VolumeIntegrals& other) {
    volume -= other.volume;
    firstMoment -= other.firstMoment;
    secondMoment -= other.secondMoment;
    return *this;
}

VolumeIntegrals calcVolumeIntegrals(const TriangleMesh& mesh) {
    if (mesh.vertices.empty()) return {};
    Vec3 o = Vec3::Zero();
    for (const Vec3& v : mesh.vertices) o += v;
    o /= static_cast<double>(mesh.vertices.size());

    VolumeIntegrals local;  // about o
    for (const auto& t : mesh.triangles)
        local += calcTetrahedronIntegrals(mesh.vertices[t[0]] - o, mesh.vertices[t[1]] - o, mesh.vertices[t[2]] - o);
    return transformIntegrals(local, Mat3::Identity(), o);
}

VolumeIntegrals transformIntegrals(const VolumeIntegrals& in, const Mat3& R, const Vec3& t) {
    // x' = R x + t:  int x' = R int x + V t,
    // int x' x'^T = R (int x x^T) R^T + (R int x) t^T + t (R int x)^T + V t t^T.
    VolumeIntegrals out;
    out.volume = in.volume;
    const Vec3 m = R * in.firstMoment;
    out.firstMoment = m + in.volume * t;
    out.secondMoment = R * in.secondMoment * R.transpose() + m * t.transpose() + t * m.transpose() +
                       in.volume * t * t.transpose();
    return out;
}

MassProperties calcMassProperties(const VolumeIntegrals& integrals, double mass) {
    MassProperties p;
    p.mass = mass;
    const double rho = mass / integrals.volume;
    p.centerOfMass = integrals.firstMoment / integrals.volume;
    const Mat3 C = rho * (integrals.secondMoment - integrals.volume * p.centerOfMass * p.centerOfMass.transpose());
    p.inertia = C.trace() * Mat3::Identity() - C;
    p.inertia = 0.5 * (p.inertia + p.inertia.transpose());  // exact symmetry for the eigen-solvers downstream
    return p;
}

std::optional<std::string> findMeshDefect(const TriangleMesh& mesh) {
    const int n = static_cast<int>(mesh.vertices.size());
    if (mesh.triangles.empty()) return std::string("has no triangles");
    std::map<std::pair<int, int>, int> directedEdges;
    for (std::size_t i = 0; i < mesh.triangles.size(); ++i) {
        const auto& t = mesh.triangles[i];
        for (int k = 0; k < 3; ++k) {
            if (t[k] < 0 || t[k] >= n) {
                std::ostringstream os;
                os << "triangle " << i << " refers to vertex " << t[k] << " of " << n;
                return os.str();
            }
        }
        const Vec3 a = mesh.vertices[t[0]], b = mesh.vertices[t[1]], c = mesh.vertices[t[2]];
        const double longest = std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
        if (!((b - a).cross(c - a).norm() > kDegenerateAreaRelTol * longest)) {
            std::ostringstream os;
            os << "triangle " << i << " is degenerate";
            return os.str();
        }
        for (int k = 0; k < 3; ++k) ++directedEdges[{t[k], t[(k + 1) % 3]}];
    }
    for (const auto& [edge, count] : directedEdges) {
        auto twin = directedEdges.find({edge.second, edge.first});
        if (count != 1 || twin == directedEdges.end() || twin->second != 1) {
            std::ostringstream os;
            os << "edge " << edge.first << "-" << edge.second
               << " is not shared by exactly two oppositely oriented triangles (open or inconsistent surface)";
            return os.str();
        }
    }
    if (!(calcVolumeIntegrals(mesh).volume > 0.0)) return std::string("encloses no positive volume (inside out?)");
    return std::nullopt;
}

TriangleMesh transformMesh(const TriangleMesh& mesh, const Mat3& R, const Vec3& t) {
    TriangleMesh out = mesh;
    for (Vec3& v : out.vertices) v = R * v + t;
    return out;
}

void appendMesh(TriangleMesh& mesh, const TriangleMesh& other) {
    const int offset = static_cast<int>(mesh.vertices.size());
    mesh.vertices.insert(mesh.vertices.end(), other.vertices.begin(), other.vertices.end());
    for (const auto& t : other.triangles) mesh.triangles.push_back({t[0] + offset, t[1] + offset, t[2] + offset});
}

}  // namespace impactlab::geometry
