#include "DiagramShapes.h"

#include <algorithm>
#include <cmath>

namespace impactlab::ui {
namespace {

// z of (b - a) x (p - a): positive left of a->b, negative right.
double calcSide(const Vec2& a, const Vec2& b, const Vec2& p) {
    const Vec2 d = b - a;
    const Vec2 r = p - a;
    return d.x() * r.y() - d.y() * r.x();
}

// The two points of a straight polyline farthest apart, defining its line.
bool findLineEnds(const DiagramPolyline& line, Vec2& a, Vec2& b) {
    if (line.points.size() < 2) return false;
    a = line.points.front();
    b = line.points.back();
    return (b - a).norm() > 0.0;
}

}  // namespace

const DiagramPolyline* findLine(const ImpulseDiagram& diagram, const std::string& id) {
    for (const DiagramPolyline& line : diagram.lines)
        if (line.id == id) return &line;
    return nullptr;
}

std::vector<Vec2> clipPolygonToHalfPlane(const std::vector<Vec2>& polygon, const Vec2& a, const Vec2& b,
                                         const Vec2& inside, double onLineTol) {
    const double length = (b - a).norm();
    if (polygon.empty() || !(length > 0.0)) return {};
    // Signed distance, positive on the side of `inside`.
    const double insideSide = calcSide(a, b, inside) / length;
    if (!(std::abs(insideSide) > onLineTol)) return {};
    const double sign = insideSide > 0.0 ? 1.0 : -1.0;
    auto distance = [&](const Vec2& p) { return sign * calcSide(a, b, p) / length; };

    std::vector<Vec2> out;
    out.reserve(polygon.size() + 2);
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Vec2& p = polygon[i];
        const Vec2& q = polygon[(i + 1) % polygon.size()];
        const double dp = distance(p);
        const double dq = distance(q);
        if (dp >= 0.0) out.push_back(p);
        if ((dp >= 0.0) != (dq >= 0.0)) {
            const double s = dp / (dp - dq);  // where the edge crosses the line
            out.push_back(p + s * (q - p));
        }
    }
    return out;
}

std::vector<Vec2> calcAdmissibleRegion(const ImpulseDiagram& diagram) {
    if (const DiagramPolyline* given = findLine(diagram, kAdmissibleRegionId)) return given->points;

    const DiagramPolyline* ellipse = findLine(diagram, kEnergyEllipseId);
    if (!ellipse || ellipse->points.size() < 3) return {};
    std::vector<Vec2> region = ellipse->points;
    if ((region.front() - region.back()).norm() == 0.0) region.pop_back();  // closed polyline

    const double diagonal = std::max((diagram.max - diagram.min).norm(), 1e-300);
    const double tol = kOnLineRelTol * diagonal;

    // Friction cone: its axis is the mean direction of the two lines' far ends
    // (the +I_n axis for the planar cone |I_t| = mu I_n).
    const DiagramPolyline* frictionLines[] = {findLine(diagram, kFrictionPlusId),
                                              findLine(diagram, kFrictionMinusId)};
    Vec2 axisPoint = Vec2(0.0, std::max(std::abs(diagram.max.y()), std::abs(diagram.min.y())));
    if (frictionLines[0] && frictionLines[1] && !frictionLines[0]->points.empty() &&
        !frictionLines[1]->points.empty()) {
        auto farEnd = [](const DiagramPolyline& l) {
            return l.points.front().norm() > l.points.back().norm() ? l.points.front() : l.points.back();
        };
        const Vec2 u = farEnd(*frictionLines[0]).normalized();
        const Vec2 v = farEnd(*frictionLines[1]).normalized();
        if ((u + v).norm() > 0.0) axisPoint = (u + v).normalized() * diagonal;
    }
    for (const DiagramPolyline* line : frictionLines) {
        Vec2 a, b;
        if (!line || !findLineEnds(*line, a, b)) continue;
        region = clipPolygonToHalfPlane(region, a, b, axisPoint, tol);
    }

    // Beyond maximum compression: the side away from the origin.
    if (const DiagramPolyline* compression = findLine(diagram, kCompressionId)) {
        Vec2 a, b;
        if (findLineEnds(*compression, a, b)) {
            const double originSide = calcSide(a, b, Vec2::Zero());
            if (std::abs(originSide) / (b - a).norm() > tol) {
                // A point mirrored through the line from the origin lies on the far side.
                const Vec2 d = (b - a).normalized();
                const Vec2 foot = a + d * (-a).dot(d);
                region = clipPolygonToHalfPlane(region, a, b, 2.0 * foot, tol);
            }
        }
    }
    if (region.size() < 3) return {};
    return region;
}

}  // namespace impactlab::ui
