// The shaded admissible region is the energy ellipse clipped to the friction
// cone and to the far side of the maximum compression line (plane geometry on
// the core's lines; no mechanics in the UI).
#include <gtest/gtest.h>

#include <cmath>

#include "impulse/DiagramShapes.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// Clipped vertices lie on the clipping lines up to round-off of a few
// operations on O(1) coordinates; 1e-12 N s is far above that and far below
// anything visible.
constexpr double kGeometryTol = 1e-12;
constexpr double kMu = 0.3;

ImpulseDiagram makeDiagram() {
    ImpulseDiagram d;
    d.lines.push_back({"friction+", "", {Vec2(0, 0), Vec2(kMu * 2.5, 2.5)}});
    d.lines.push_back({"friction-", "", {Vec2(0, 0), Vec2(-kMu * 2.5, 2.5)}});
    d.lines.push_back({"compression", "", {Vec2(-1, 0.8), Vec2(1, 0.8)}});  // I_n = 0.8
    DiagramPolyline ellipse{"energy-ellipse", "", {}};
    for (int i = 0; i <= 360; ++i) {  // closed: last point repeats the first
        const double a = 2.0 * kPi * i / 360;
        ellipse.points.emplace_back(0.8 * std::sin(a), 1.0 - std::cos(a));
    }
    d.lines.push_back(ellipse);
    d.min = Vec2(-1, -0.2);
    d.max = Vec2(1, 2.2);
    return d;
}

TEST(DiagramShapes, AdmissibleRegionRespectsEveryBound) {
    const std::vector<Vec2> region = calcAdmissibleRegion(makeDiagram());
    ASSERT_GE(region.size(), 3u);
    bool touchesCone = false, touchesCompression = false;
    for (const Vec2& p : region) {
        ASSERT_TRUE(p.allFinite());
        const double ellipse = std::pow(p.x() / 0.8, 2) + std::pow(p.y() - 1.0, 2);
        EXPECT_LE(ellipse, 1.0 + kGeometryTol);
        EXPECT_LE(std::abs(p.x()), kMu * p.y() + kGeometryTol);
        EXPECT_GE(p.y(), 0.8 - kGeometryTol);
        touchesCone |= std::abs(std::abs(p.x()) - kMu * p.y()) < kGeometryTol;
        touchesCompression |= std::abs(p.y() - 0.8) < kGeometryTol;
    }
    EXPECT_TRUE(touchesCone);
    EXPECT_TRUE(touchesCompression);
}

TEST(DiagramShapes, RegionGivenByTheCoreIsUsedAsIs) {
    ImpulseDiagram d = makeDiagram();
    d.lines.push_back({"admissible-region", "", {Vec2(0, 1), Vec2(0.1, 1.2), Vec2(-0.1, 1.2)}});
    EXPECT_EQ(calcAdmissibleRegion(d).size(), 3u);
}

TEST(DiagramShapes, FrictionlessConeHasNoArea) {
    ImpulseDiagram d = makeDiagram();
    d.lines[0].points = {Vec2(0, 0), Vec2(0, 2.5)};
    d.lines[1].points = {Vec2(0, 0), Vec2(0, 2.5)};
    EXPECT_TRUE(calcAdmissibleRegion(d).empty());
}

TEST(DiagramShapes, NoEllipseNoRegion) {
    ImpulseDiagram d = makeDiagram();
    d.lines.pop_back();
    EXPECT_TRUE(calcAdmissibleRegion(d).empty());
}

TEST(DiagramShapes, HalfPlaneClipOfASquare) {
    const std::vector<Vec2> square = {Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)};
    // Keep x <= 0.5.
    const std::vector<Vec2> half = clipPolygonToHalfPlane(square, Vec2(0.5, -1), Vec2(0.5, 2), Vec2(0, 0), kGeometryTol);
    ASSERT_EQ(half.size(), 4u);
    double area = 0.0;
    for (std::size_t i = 0; i < half.size(); ++i) {
        const Vec2& p = half[i];
        const Vec2& q = half[(i + 1) % half.size()];
        area += 0.5 * (p.x() * q.y() - q.x() * p.y());
    }
    EXPECT_NEAR(std::abs(area), 0.5, kGeometryTol);
}

}}  // namespace
}  // namespace impactlab::ui
