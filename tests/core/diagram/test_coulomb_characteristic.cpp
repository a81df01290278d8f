// The set-valued Coulomb characteristics of Cataldo & Sampaio Figs. 3.12,
// 3.17 and 3.18 (diagram/CoulombCharacteristic.h): Glocker-Pfeiffer's phase
// ends lie on their graphs, on the bar's first impact (reference B2.8).
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "diagram/CoulombCharacteristic.h"
#include "impact/planar/GlockerPfeiffer.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The dropped bar at pi/4 (A = 2.5, B = 1.5, C = 2.5) hits with
// D_A = (0, -v0), v0 = sqrt(2 g 0.8464466) = 4.075203 m/s (B2.8, g = 9.81).
constexpr double kV0 = 4.075203;
// The reference prints six significant digits of impulses near 5 N s.
constexpr double kPrintedTol = 1e-5;
// Glocker-Pfeiffer's phases are closed forms: a point is on its graph to
// round-off, far below this (N s and m/s alike, values of order 1-10).
constexpr double kOnGraphTol = 1e-9;

ImpactProblem makeBarProblem(double mu) {
    Mat3 W;
    W << 2.5, 0.0, -1.5, 0.0, 1.0, 0.0, -1.5, 0.0, 2.5;
    return ImpactProblem::makeContactLevel(W, Vec3(0, 0, -kV0), mu, 1.0);
}

ComparedLaw solveGp(const ImpactProblem& p, double et, double nu) {
    ComparedLaw law;
    law.id = "glocker-pfeiffer";
    law.options = {{"e_t", et}, {"nu", nu}};
    law.accepted = true;
    GlockerPfeifferOptions o;
    o.tangentialRestitution = et;
    o.nu = nu;
    law.result = solveGlockerPfeiffer(p, o);
    return law;
}

double distanceToSegment(const Vec2& q, const Vec2& a, const Vec2& b) {
    const Vec2 ab = b - a;
    const double t = ab.squaredNorm() > 0.0 ? std::clamp((q - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
    return (q - (a + t * ab)).norm();
}

double distanceToPolyline(const Vec2& q, const std::vector<Vec2>& line) {
    double d = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < line.size(); ++i) d = std::min(d, distanceToSegment(q, line[i - 1], line[i]));
    return d;
}

const FigureSeries* findSeries(const Figure& f, const std::string& prefix) {
    for (const FigureSeries& s : f.series)
        if (s.name.rfind(prefix, 0) == 0) return &s;
    return nullptr;
}

// Both phase ends on their graphs, and the total impulse the reference prints.
void expectPointsOnGraphs(const ImpactProblem& p, const ComparedLaw& law, double InTotal, double ItTotal) {
    EXPECT_NEAR(law.result.impulse.z(), InTotal, kPrintedTol);
    EXPECT_NEAR(law.result.impulse.x(), ItTotal, kPrintedTol);
    const Figure f = makeCoulombCharacteristicFigure(p, law);
    const FigureSeries* cGraph = findSeries(f, "compression:");
    const FigureSeries* eGraph = findSeries(f, "expansion:");
    const FigureSeries* cPoint = findSeries(f, "end of compression");
    const FigureSeries* ePoint = findSeries(f, "end of impact");
    ASSERT_TRUE(cGraph && eGraph && cPoint && ePoint);
    ASSERT_EQ(ePoint->points.size(), 1u);
    ASSERT_EQ(cPoint->points.size(), 1u);
    EXPECT_LE(distanceToPolyline(cPoint->points[0], cGraph->points), kOnGraphTol);
    EXPECT_LE(distanceToPolyline(ePoint->points[0], eGraph->points), kOnGraphTol);
    // The vertical segment is the set [-mu I_N, mu I_N] (shifted) of that phase.
    const CoulombPhasePoints q = calcCoulombPhasePoints(p, law);
    EXPECT_NEAR(cGraph->points[1].y(), p.friction * q.InC, kOnGraphTol);
    EXPECT_NEAR(cGraph->points[2].y(), -p.friction * q.InC, kOnGraphTol);
    EXPECT_GT(q.InE, 0.0);
}

TEST(CoulombCharacteristic, GlockerPfeifferFirstCaseStickingBarLiesOnTheGraph) {
    // mu = 1 > B/C = 0.6: both phases stick, I = (I_N, I_T) = (5.09400, 3.05640).
    const ImpactProblem p = makeBarProblem(1.0);
    const ComparedLaw law = solveGp(p, 0.0, 0.0);
    expectPointsOnGraphs(p, law, 5.09400, 3.05640);
    const CoulombPhasePoints q = calcCoulombPhasePoints(p, law);
    EXPECT_NEAR(q.DtE, 0.0, kOnGraphTol);
    EXPECT_EQ(q.twoIts, 0.0);
}

TEST(CoulombCharacteristic, GlockerPfeifferSlidingBarLiesOnTheGraph) {
    // mu = 0.4: compression slides on I_TC = +mu I_NC; I = (4.28969, 1.71588).
    const ImpactProblem p = makeBarProblem(0.4);
    const ComparedLaw law = solveGp(p, 0.0, 0.0);
    expectPointsOnGraphs(p, law, 4.28969, 1.71588);
    const CoulombPhasePoints q = calcCoulombPhasePoints(p, law);
    EXPECT_NEAR(q.ItC, 0.4 * q.InC, kOnGraphTol);
    EXPECT_LT(q.DtC, 0.0);
}

TEST(CoulombCharacteristic, SecondCaseShiftsTheExpansionGraph) {
    // Fig. 3.19's superball e_t = nu = 1, mu = 0.4: I_TC = mu I_NC, so the
    // interval of I_TE collapses to the point 0.210526 v0 (B2.8) and the
    // totals equal the first case's.
    const ImpactProblem p = makeBarProblem(0.4);
    const ComparedLaw law = solveGp(p, 1.0, 1.0);
    expectPointsOnGraphs(p, law, 4.28969, 1.71588);
    const CoulombPhasePoints q = calcCoulombPhasePoints(p, law);
    EXPECT_GT(q.twoIts, 0.0);
    EXPECT_NEAR(q.lo, q.hi, kOnGraphTol);
    EXPECT_NEAR(q.ItE, 0.210526 * kV0, kPrintedTol);
    const Figure f = makeCoulombCharacteristicFigure(p, law);
    ASSERT_TRUE(findSeries(f, "expansion unshifted"));
    EXPECT_NE(findSeries(f, "expansion:")->name.find("3.17"), std::string::npos);   // I_TC >= 0
}

}}  // namespace
