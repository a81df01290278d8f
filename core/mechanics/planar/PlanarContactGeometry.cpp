#include "mechanics/planar/PlanarContactGeometry.h"

#include <algorithm>

namespace impactlab {

namespace {

using Kind = PlanarContactCandidate::Kind;
using Geometry = PlanarGeometry::Kind;

// A rod end closer to the pin than this fraction of the rod's length is the
// pinned end: it stays on its pivot and is not a contact feature.
constexpr double kPinnedEndRelTol = 1e-9;

const char* endName(int end) { return end == 0 ? "left end" : "right end"; }

bool isPinnedEnd(const PlanarBody& b, int end) {
    return b.pinned && (b.calcRodEnd(end) - b.pinOffset).norm() <= kPinnedEndRelTol * b.geometry.length;
}

// The point of segment [a, b] nearest to p.
Vec2 calcNearestOnSegment(const Vec2& a, const Vec2& b, const Vec2& p) {
    const Vec2 ab = b - a;
    const double len2 = ab.squaredNorm();
    const double u = len2 > 0.0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    return a + u * ab;
}

}  // namespace

std::vector<PlanarContactCandidate> listContactCandidates(const PlanarSystem& system) {
    std::vector<PlanarContactCandidate> out;
    const int nb = static_cast<int>(system.bodies.size());
    for (int i = 0; i < nb; ++i) {
        const PlanarBody& b = system.bodies[i];
        for (int w = 0; w < static_cast<int>(system.walls.size()); ++w) {
            const std::string wall = system.walls[w].name;
            if (b.geometry.kind == Geometry::Disc) {
                out.push_back({Kind::DiscOnWall, i, -1, -1, w, b.name + " / " + wall});
                continue;
            }
            for (int end = 0; end < 2; ++end)
                if (!isPinnedEnd(b, end))
                    out.push_back({Kind::RodEndOnWall, i, end, -1, w, b.name + " " + endName(end) + " / " + wall});
        }
    }
    for (int i = 0; i < nb; ++i) {
        for (int j = i + 1; j < nb; ++j) {
            const PlanarBody& a = system.bodies[i];
            const PlanarBody& b = system.bodies[j];
            const bool discA = a.geometry.kind == Geometry::Disc, discB = b.geometry.kind == Geometry::Disc;
            if (discA && discB) {
                out.push_back({Kind::DiscOnDisc, i, -1, j, -1, a.name + " / " + b.name});
            } else if (discA || discB) {
                const int disc = discA ? i : j, rod = discA ? j : i;
                out.push_back({Kind::DiscOnRod, disc, -1, rod, -1,
                               system.bodies[disc].name + " / " + system.bodies[rod].name});
            } else {
                for (int end = 0; end < 2; ++end) {
                    if (!isPinnedEnd(a, end))
                        out.push_back({Kind::RodEndOnRod, i, end, j, -1, a.name + " " + endName(end) + " / " + b.name});
                    if (!isPinnedEnd(b, end))
                        out.push_back({Kind::RodEndOnRod, j, end, i, -1, b.name + " " + endName(end) + " / " + a.name});
                }
            }
        }
    }
    return out;
}

PlanarGap calcGap(const PlanarSystem& system, const PlanarState& state, const PlanarContactCandidate& c,
                  double side) {
    PlanarGap g;
    g.contact.body1 = c.body1;
    g.contact.body2 = c.body2;
    g.contact.wall = c.wall;
    const PlanarBody& b1 = system.bodies[c.body1];
    const PlanarPose p1 = system.calcPose(state, c.body1);
    switch (c.kind) {
        case Kind::RodEndOnWall:
        case Kind::DiscOnWall: {
            const PlanarWall& w = system.walls[c.wall];
            const Vec2 P = c.kind == Kind::RodEndOnWall ? p1.calcWorldPoint(b1.calcRodEnd(c.end1))
                                                        : Vec2(p1.position - b1.geometry.radius * w.normal);
            g.gap = w.normal.dot(P - w.point);
            g.contact.point = P;
            g.contact.normal = w.normal;
            break;
        }
        case Kind::DiscOnDisc: {
            const PlanarPose p2 = system.calcPose(state, c.body2);
            const Vec2 d = p1.position - p2.position;
            const double dist = d.norm();
            const Vec2 n = dist > 0.0 ? Vec2(d / dist) : Vec2::UnitY();
            g.gap = dist - b1.geometry.radius - system.bodies[c.body2].geometry.radius;
            g.contact.normal = n;
            g.contact.point = p2.position + system.bodies[c.body2].geometry.radius * n;
            break;
        }
        case Kind::DiscOnRod: {
            const PlanarBody& rod = system.bodies[c.body2];
            const PlanarPose p2 = system.calcPose(state, c.body2);
            const Vec2 Q = calcNearestOnSegment(p2.calcWorldPoint(rod.calcRodEnd(0)),
                                                p2.calcWorldPoint(rod.calcRodEnd(1)), p1.position);
            const Vec2 d = p1.position - Q;
            const double dist = d.norm();
            g.gap = dist - b1.geometry.radius;
            g.contact.normal = dist > 0.0 ? Vec2(d / dist) : rotate2(p2.theta, Vec2::UnitY());
            g.contact.point = Q;
            break;
        }
        case Kind::RodEndOnRod: {
            const PlanarBody& rod = system.bodies[c.body2];
            const PlanarPose p2 = system.calcPose(state, c.body2);
            const Vec2 P = p1.calcWorldPoint(b1.calcRodEnd(c.end1));
            const Vec2 axis = rotate2(p2.theta, Vec2::UnitX());
            const Vec2 m = perp(axis);
            const double s = m.dot(P - p2.position);
            g.side = side != 0.0 ? side : (s >= 0.0 ? 1.0 : -1.0);
            g.gap = g.side * s;
            g.inRange = std::abs(axis.dot(P - p2.position)) <= 0.5 * rod.geometry.length;
            g.contact.normal = g.side * m;
            g.contact.point = P;
            break;
        }
    }
    return g;
}

}  // namespace impactlab
