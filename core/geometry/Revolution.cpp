#include "geometry/Revolution.h"

#include <cmath>

#include "mechanics/NumberText.h"

namespace impactlab::geometry {

namespace {

// Profile points closer than this (m) count as repeated: far below any
// drawing or machining scale, far above round-off on metre-sized bodies.
constexpr double kMinSegmentLength = 1e-9;
// A segment is horizontal (no crossing height) when |dz| is below this share
// of its length.
constexpr double kHorizontalRelTol = 1e-12;

// Outward unit normal of a profile segment in the (r, z) plane: the tangent
// turned clockwise (the solid is on the tangent's left).
Vec2 calcSegmentNormal(const Vec2& a, const Vec2& b) {
    const Vec2 t = (b - a).normalized();
    return Vec2(t.y(), -t.x());
}

}  // namespace

VolumeIntegrals calcRevolutionIntegrals(const std::vector<Vec2>& profile) {
    // 3-point Gauss-Legendre on [0, 1].
    const double s = std::sqrt(3.0 / 5.0);
    const double nodes[3] = {0.5 * (1.0 - s), 0.5, 0.5 * (1.0 + s)};
    const double weights[3] = {5.0 / 18.0, 8.0 / 18.0, 5.0 / 18.0};

    double V = 0.0, Mz = 0.0, Izz = 0.0, Ixx = 0.0;
    for (std::size_t i = 0; i + 1 < profile.size(); ++i) {
        const Vec2 a = profile[i], b = profile[i + 1];
        const double dz = b.y() - a.y();
        for (int k = 0; k < 3; ++k) {
            const double r = a.x() + nodes[k] * (b.x() - a.x());
            const double z = a.y() + nodes[k] * dz;
            const double w = weights[k] * dz;
            const double r2 = r * r;
            V += w * EIGEN_PI * r2;              // F for f = 1
            Mz += w * EIGEN_PI * r2 * z;         // f = z
            Izz += w * EIGEN_PI * r2 * z * z;    // f = z^2
            Ixx += w * EIGEN_PI * r2 * r2 / 4.0; // f = x^2: int r^2 cos^2 = pi r^3 per dr
        }
    }
    VolumeIntegrals out;
    out.volume = V;
    out.firstMoment = Vec3(0.0, 0.0, Mz);
    out.secondMoment.diagonal() << Ixx, Ixx, Izz;
    return out;
}

Solid makeSurfaceOfRevolution(const std::vector<Vec2>& profile, int segments) {
    if (segments < 3) throw InputError("segments", "must be >= 3, got " + std::to_string(segments));
    if (profile.size() < 3) throw InputError("profile", "needs at least 3 points");
    for (std::size_t i = 0; i < profile.size(); ++i) {
        const std::string field = "profile[" + std::to_string(i) + "]";
        if (!profile[i].allFinite()) throw InputError(field, "must contain finite numbers");
        const bool end = i == 0 || i + 1 == profile.size();
        if (end && profile[i].x() != 0.0) throw InputError(field, "must lie on the axis (r = 0)");
        if (!end && !(profile[i].x() > 0.0))
            throw InputError(field, "must lie off the axis (r > 0), got r = " + formatNumber(profile[i].x()));
        if (i > 0 && (profile[i] - profile[i - 1]).norm() < kMinSegmentLength)
            throw InputError(field, "repeats the previous point");
    }
    Solid s;
    s.integrals = calcRevolutionIntegrals(profile);
    if (!(s.integrals.volume > 0.0))
        throw InputError("profile", "must run up the outside of the solid (it encloses no positive volume)");

    // One ring per profile point; a point on the axis is a single pole vertex.
    TriangleMesh& m = s.mesh;
    std::vector<int> ringStart;
    for (std::size_t i = 0; i < profile.size(); ++i) {
        ringStart.push_back(static_cast<int>(m.vertices.size()));
        const double r = profile[i].x(), z = profile[i].y();
        if (r == 0.0) {
            m.vertices.emplace_back(0.0, 0.0, z);
            continue;
        }
        for (int j = 0; j < segments; ++j) {
            const double theta = 2.0 * EIGEN_PI * j / segments;
            m.vertices.emplace_back(r * std::cos(theta), r * std::sin(theta), z);
        }
    }
    auto at = [&](std::size_t ring, int j) {
        return profile[ring].x() == 0.0 ? ringStart[ring] : ringStart[ring] + (j % segments);
    };
    for (std::size_t i = 0; i + 1 < profile.size(); ++i) {
        const bool poleBelow = profile[i].x() == 0.0, poleAbove = profile[i + 1].x() == 0.0;
        for (int j = 0; j < segments; ++j) {
            const int a = at(i, j), b = at(i, j + 1), c = at(i + 1, j + 1), d = at(i + 1, j);
            // (a, b, c) is counter-clockwise seen from outside: (b - a) x (c - a)
            // ~ e_theta x tangent, outward for a profile with the solid on its left.
            if (!poleBelow) m.triangles.push_back({a, b, c});
            if (!poleAbove) m.triangles.push_back({a, c, d});
            if (poleBelow && poleAbove) break;  // a segment along the axis bounds nothing
        }
    }
    return s;
}

SurfacePoint findRevolutionSurfacePoint(const std::vector<Vec2>& profile, double height, double azimuth) {
    const std::size_t n = profile.size();
    // Vertex normals: the mean of the adjacent segments' normals.
    std::vector<Vec2> vertexNormals(n, Vec2::Zero());
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const Vec2 sn = calcSegmentNormal(profile[i], profile[i + 1]);
        vertexNormals[i] += sn;
        vertexNormals[i + 1] += sn;
    }
    bool found = false;
    double bestR = -1.0;
    Vec2 bestNormal = Vec2::UnitX();
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const Vec2 a = profile[i], b = profile[i + 1];
        const double dz = b.y() - a.y();
        if (std::abs(dz) <= kHorizontalRelTol * (b - a).norm()) continue;
        const double t = (height - a.y()) / dz;
        if (t < 0.0 || t > 1.0) continue;
        const double r = a.x() + t * (b.x() - a.x());
        if (r > bestR) {
            bestR = r;
            bestNormal = ((1.0 - t) * vertexNormals[i].normalized() + t * vertexNormals[i + 1].normalized()).normalized();
            found = true;
        }
    }
    if (!found || !(bestR > 0.0))
        throw InputError("height", "no side surface of the solid lies at height " + formatNumber(height) + " m");
    const Vec3 radial(std::cos(azimuth), std::sin(azimuth), 0.0);
    SurfacePoint p;
    p.point = bestR * radial + Vec3(0.0, 0.0, height);
    p.normal = (bestNormal.x() * radial + Vec3(0.0, 0.0, bestNormal.y())).normalized();
    return p;
}

}  // namespace impactlab::geometry
