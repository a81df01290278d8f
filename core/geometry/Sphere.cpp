#include "geometry/Sphere.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "geometry/Revolution.h"
#include "mechanics/NumberText.h"

namespace impactlab::geometry {

namespace {

// Quadrature of a bore's columns: Gauss-Legendre points across the radius and
// trapezoidal points around. The column length is analytic on the disc, so 24
// and 96 points give the integrals to about 1e-13 relative (checked in the
// tests against the bore's own mesh and against a short bore's cylinder formula).
constexpr int kBoreRadialPoints = 24;
constexpr int kBoreAngularPoints = 96;
// A bore's bottom disc must stay this share of the radius inside the ball:
// a disc touching the surface would leave a zero-length column and a wall of
// zero height, which a mesh cannot draw.
constexpr double kBoreInsideMargin = 1e-6;
// Vertices moved onto a rim closer to a bore's axis than this share of its
// radius have no direction of their own; they take the bore's first tangent.
constexpr double kAxisRelTol = 1e-12;

// Nodes and weights of n-point Gauss-Legendre on [-1, 1] (Newton on P_n).
void calcGaussLegendre(int n, std::vector<double>& x, std::vector<double>& w) {
    x.assign(n, 0.0);
    w.assign(n, 0.0);
    for (int i = 0; i < n; ++i) {
        double t = std::cos(EIGEN_PI * (i + 0.75) / (n + 0.5));
        for (int iter = 0; iter < 100; ++iter) {
            double p0 = 1.0, p1 = t;
            for (int k = 2; k <= n; ++k) {
                const double p2 = ((2.0 * k - 1.0) * t * p1 - (k - 1.0) * p0) / k;
                p0 = p1;
                p1 = p2;
            }
            const double dp = n * (t * p1 - p0) / (t * t - 1.0);
            const double step = p1 / dp;
            t -= step;
            if (std::abs(step) < 1e-16) {
                x[i] = t;
                w[i] = 2.0 / ((1.0 - t * t) * dp * dp);
                break;
            }
        }
    }
}

// Two unit vectors completing `a` to a right-handed orthonormal frame.
void makeTangents(const Vec3& a, Vec3& u, Vec3& v) {
    const Vec3 seed = std::abs(a.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    u = (seed - seed.dot(a) * a).normalized();
    v = a.cross(u);
}

// Distance (along +a) from q to the sphere |x| = R, for q inside it.
double calcExitDistance(const Vec3& q, const Vec3& a, double R) {
    const double qa = q.dot(a);
    return -qa + std::sqrt(std::max(0.0, qa * qa - (q.squaredNorm() - R * R)));
}

// Closest distance between segments p0-p1 and q0-q1.
double calcSegmentDistance(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
    const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
    const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
    const double c = d1.dot(r), b = d1.dot(d2), denom = a * e - b * b;
    double s = denom > 0.0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
    double t = (b * s + f) / e;
    if (t < 0.0) {
        t = 0.0;
        s = std::clamp(-c / a, 0.0, 1.0);
    } else if (t > 1.0) {
        t = 1.0;
        s = std::clamp((b - c) / a, 0.0, 1.0);
    }
    return ((p0 + s * d1) - (q0 + t * d2)).norm();
}

// Opens bore `bore` in `mesh` (a tessellated sphere of radius R): see
// makeBowlingBall. False, with `mesh` untouched, when the tessellation has no
// triangle wholly inside the opening or the opening's boundary is not one loop.
bool openBore(TriangleMesh& mesh, const Bore& bore, double R) {
    const Vec3& a = bore.axis;
    Vec3 u, v;
    makeTangents(a, u, v);
    TriangleMesh out = mesh;

    // Vertices of the opening, moved onto the rim along their own direction.
    std::vector<bool> inside(out.vertices.size(), false);
    std::vector<Vec3> rimDirection(out.vertices.size(), u);
    for (std::size_t i = 0; i < out.vertices.size(); ++i) {
        const Vec3 rel = out.vertices[i] - bore.bottomCentre;
        const double s = rel.dot(a);
        const Vec3 perp = rel - s * a;
        const double d = perp.norm();
        if (!(s > 0.0) || !(d < bore.radius)) continue;
        inside[i] = true;
        if (d > kAxisRelTol * bore.radius) rimDirection[i] = perp / d;
        const Vec3 q = bore.bottomCentre + bore.radius * rimDirection[i];
        out.vertices[i] = q + calcExitDistance(q, a, R) * a;
    }
    std::vector<std::array<int, 3>> kept;
    for (const auto& t : out.triangles)
        if (!(inside[t[0]] && inside[t[1]] && inside[t[2]])) kept.push_back(t);
    if (kept.size() == out.triangles.size()) return false;
    out.triangles = kept;

    // The opening's boundary: directed edges of kept triangles with no twin.
    std::map<std::pair<int, int>, int> edges;
    for (const auto& t : out.triangles)
        for (int k = 0; k < 3; ++k) ++edges[{t[k], t[(k + 1) % 3]}];
    std::map<int, int> next;
    for (const auto& [e, count] : edges) {
        if (edges.count({e.second, e.first})) continue;
        if (!inside[e.first] || !inside[e.second] || next.count(e.first)) return false;
        next[e.first] = e.second;
    }
    if (next.size() < 3) return false;
    std::vector<int> loop{next.begin()->first};
    for (;;) {
        auto it = next.find(loop.back());
        if (it == next.end()) return false;
        if (it->second == loop.front()) break;
        if (loop.size() > next.size()) return false;
        loop.push_back(it->second);
    }
    if (loop.size() != next.size()) return false;  // more than one loop

    // Wall from each rim edge P_k -> P_k+1 down to the bottom ring, then the
    // bottom disc; each new edge is the twin of one already there.
    const int centre = static_cast<int>(out.vertices.size());
    out.vertices.push_back(bore.bottomCentre);
    std::vector<int> bottom;
    for (int p : loop) {
        bottom.push_back(static_cast<int>(out.vertices.size()));
        out.vertices.push_back(bore.bottomCentre + bore.radius * rimDirection[p]);
    }
    const std::size_t n = loop.size();
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t k1 = (k + 1) % n;
        out.triangles.push_back({loop[k1], loop[k], bottom[k]});
        out.triangles.push_back({loop[k1], bottom[k], bottom[k1]});
        out.triangles.push_back({centre, bottom[k1], bottom[k]});
    }
    mesh = std::move(out);
    return true;
}

}  // namespace

VolumeIntegrals calcSphereIntegrals(double radius, const Vec3& centre) {
    VolumeIntegrals s;
    s.volume = 4.0 / 3.0 * EIGEN_PI * radius * radius * radius;
    s.firstMoment = s.volume * centre;
    s.secondMoment = s.volume * radius * radius / 5.0 * Mat3::Identity() + s.volume * centre * centre.transpose();
    return s;
}

Solid makeSphere(double radius, int slices, int stacks) {
    if (!std::isfinite(radius) || !(radius > 0.0)) throw InputError("radius", "must be a finite number > 0, got " + formatNumber(radius));
    if (stacks < 2) throw InputError("stacks", "must be >= 2");
    std::vector<Vec2> profile;  // bottom pole up to the top pole
    for (int k = 0; k <= stacks; ++k) {
        const double theta = EIGEN_PI * k / stacks;
        profile.emplace_back(k == 0 || k == stacks ? 0.0 : radius * std::sin(theta), -radius * std::cos(theta));
    }
    Solid s = makeSurfaceOfRevolution(profile, slices);
    s.integrals = calcSphereIntegrals(radius);
    return s;
}

SurfacePoint getSphereSurfacePoint(double radius, const Vec3& direction) {
    if (!direction.allFinite() || !(direction.norm() > 0.0))
        throw InputError("direction", "must be a non-zero vector of finite numbers");
    const Vec3 n = direction.normalized();
    return {radius * n, n};
}

VolumeIntegrals calcBoreIntegrals(const Bore& bore, double R) {
    const Vec3 a = bore.axis.normalized();
    Vec3 u, v;
    makeTangents(a, u, v);
    std::vector<double> x, w;
    calcGaussLegendre(kBoreRadialPoints, x, w);

    VolumeIntegrals out;
    const double dPhi = 2.0 * EIGEN_PI / kBoreAngularPoints;
    for (int i = 0; i < kBoreRadialPoints; ++i) {
        const double rho = 0.5 * bore.radius * (x[i] + 1.0);
        const double wRho = 0.5 * bore.radius * w[i] * rho;  // dA = rho drho dphi
        for (int j = 0; j < kBoreAngularPoints; ++j) {
            const double phi = dPhi * j;
            const Vec3 q = bore.bottomCentre + rho * (std::cos(phi) * u + std::sin(phi) * v);
            const double L = calcExitDistance(q, a, R);
            const double weight = wRho * dPhi;
            // Along the column x = q + s a, s in [0, L].
            out.volume += weight * L;
            out.firstMoment += weight * (q * L + a * (L * L / 2.0));
            out.secondMoment += weight * (q * q.transpose() * L + (q * a.transpose() + a * q.transpose()) * (L * L / 2.0) +
                                          a * a.transpose() * (L * L * L / 3.0));
        }
    }
    return out;
}

Solid makeBowlingBall(double radius, const std::vector<Bore>& holesIn, int slices, int stacks) {
    if (!std::isfinite(radius) || !(radius > 0.0)) throw InputError("radius", "must be a finite number > 0, got " + formatNumber(radius));
    std::vector<Bore> holes = holesIn;
    std::vector<Vec3> axisEnd;
    for (std::size_t i = 0; i < holes.size(); ++i) {
        const std::string field = "holes[" + std::to_string(i) + "]";
        Bore& h = holes[i];
        if (!std::isfinite(h.radius) || !(h.radius > 0.0))
            throw InputError(field + ".radius", "must be a finite number > 0, got " + formatNumber(h.radius));
        if (!h.axis.allFinite() || !(h.axis.norm() > 0.0))
            throw InputError(field + ".axis", "must be a non-zero vector of finite numbers");
        if (!h.bottomCentre.allFinite()) throw InputError(field + ".bottom_centre", "must contain finite numbers");
        h.axis.normalize();
        // The bottom disc's farthest point from the ball's centre.
        const double along = h.bottomCentre.dot(h.axis);
        const double across = (h.bottomCentre - along * h.axis).norm() + h.radius;
        if (!(along * along + across * across < radius * radius * (1.0 - kBoreInsideMargin)))
            throw InputError(field, "its bottom must lie inside the ball (radius " + formatNumber(radius) + " m)");
        axisEnd.push_back(h.bottomCentre + calcExitDistance(h.bottomCentre, h.axis, radius) * h.axis);
        for (std::size_t j = 0; j < i; ++j) {
            if (calcSegmentDistance(holes[j].bottomCentre, axisEnd[j], h.bottomCentre, axisEnd[i]) < holes[j].radius + h.radius)
                throw InputError(field, "overlaps holes[" + std::to_string(j) + "]");
        }
    }
    Solid s = makeSphere(radius, slices, stacks);
    for (const Bore& h : holes) {
        s.integrals -= calcBoreIntegrals(h, radius);
        openBore(s.mesh, h, radius);
    }
    return s;
}

std::vector<Bore> getJiaWangBowlingBallHoles() {
    const Vec3 centre(0.0, 0.0, -kJiaWangBowlingBallRadius);
    const double finger = 0.0127, thumb = 0.0142875;
    return {
        {Vec3(0.03302, 0.067845, -0.126238) - centre, Vec3::UnitY(), finger},
        {Vec3(0.03302, 0.067845, -0.090678) - centre, Vec3::UnitY(), finger},
        {Vec3(-0.0381, 0.0676971, -0.108458) - centre, Vec3::UnitY(), thumb},
    };
}

}  // namespace impactlab::geometry
