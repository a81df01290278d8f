// Geometry of the Jia & Wang views (core/diagram/Hodograph.h): the hodograph
// plane of one impact, the bundles of Figs. 6 and 8, the impulse curve of
// Fig. 5 with its plane of compression and line of sticking, and the energy
// curve.
#include <gtest/gtest.h>

#include <cmath>

#include "diagram/Hodograph.h"
#include "impact/JiaWang.h"
#include "impact/Stronge.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Geometry computed from the same numbers: round-off of O(1) sums only.
constexpr double kExactTol = 1e-12;
// deg. Reference A2.3 prints ray angles to 1e-4 deg.
constexpr double kPrintedAngleTolDeg = 1e-3;
// J. E_c printed to seven digits; the seven-digit v_minus moves it by 2e-9.
constexpr double kPrintedEnergyTol = 5e-9;

// deg: a path ends at the end of the impact, still drifting towards the ray; 5 deg tells 42.89 from any other ray.
constexpr double kDriftToRayTolDeg = 5.0;

Mat3 paperW() {   // Jia & Wang eq. 13, symmetrised as ImpactProblem stores it
    Mat3 W;
    W << 11.5984, -0.910367, 2.442355, -0.910367, 9.90134, 1.957465, 2.442355, 1.957465, 2.59042;
    return W;
}

struct Solved {
    ImpactProblem problem;
    ImpactResult result;
    ImpactTrace trace;
};

Solved solve(const ImpactProblem& p) {
    Solved s{p, {}, {}};
    s.result = solveJiaWang(p, {}, &s.trace);
    return s;
}

double angleDeg(const Vec2& v) { return std::atan2(v.y(), v.x()) * 180.0 / kPi; }


TEST(Hodograph, DiagramOfTheIcosahedronImpact) {
    // Fig. 4(a): csr; two centripetal rays; the path from gamma^- to the origin.
    const Solved s = solve(ImpactProblem::makeContactLevel(paperW(), Vec3(-0.2619763, 0.3863287, -0.0768555), 0.8, 0.95));
    const HodographDiagram d = makeHodographDiagram(s.problem, s.result, s.trace);
    ASSERT_GE(d.path.size(), 10u);
    EXPECT_LE((d.path.front() - s.problem.vMinus.head<2>()).norm(), kExactTol);
    EXPECT_LE((d.path.back() - s.result.vPlus.head<2>()).norm(), kExactTol);
    EXPECT_EQ(d.sequence, "csr");
    EXPECT_FALSE(d.everyDirectionInvariant);
    ASSERT_EQ(d.rays.size(), 2u);
    for (const InvariantRay& r : d.rays) {
        EXPECT_NEAR(r.direction.norm(), 1.0, kExactTol);
        EXPECT_EQ(r.centrifugal, r.lambda > 0.0);
        EXPECT_NEAR(std::remainder(angleDeg(r.direction) - r.angleDeg, 360.0), 0.0, kExactTol * 360.0);
    }
    EXPECT_NEAR(d.rays[0].angleDeg, 49.1435, kPrintedAngleTolDeg);   // reference A2.3
    ASSERT_EQ(d.points.size(), 4u);
    EXPECT_EQ(d.points[0].label, "g_0");
    EXPECT_EQ(d.points[1].label, "g_c");
    EXPECT_EQ(d.points[2].label, "stick");
    EXPECT_EQ(d.points[3].label, "g_r");
    EXPECT_LE(d.points[2].gamma.norm(), kExactTol) << "the contact sticks at the origin";
    // g_c is the sliding velocity where the trace switches phase.
    for (std::size_t i = 1; i < s.trace.samples.size(); ++i) {
        if (s.trace.samples[i].phase != s.trace.samples[i - 1].phase) {
            EXPECT_LE((s.trace.samples[i].velocity.head<2>() - d.points[1].gamma).norm(), kExactTol);
        }
    }
    for (const Vec2& g : d.path) {
        EXPECT_TRUE((g.array() >= d.min.array()).all() && (g.array() <= d.max.array()).all());
    }
    EXPECT_TRUE((d.min.array() <= 0.0).all() && (d.max.array() >= 0.0).all()) << "the origin is in view";
}

TEST(Hodograph, DiagramWhenEveryDirectionIsInvariant) {
    // Ball on a half-space (Theorem 5(i)): no rays to draw; the path is straight.
    const Solved s = solve(ImpactProblem::makeContactLevel(Vec3(3.5, 3.5, 1.0).asDiagonal(), Vec3(1, 0, -1), 0.2, 0.5));
    const HodographDiagram d = makeHodographDiagram(s.problem, s.result, s.trace);
    EXPECT_TRUE(d.everyDirectionInvariant);
    EXPECT_TRUE(d.rays.empty());
    for (const Vec2& g : d.path) EXPECT_NEAR(g.y(), 0.0, kExactTol);
    EXPECT_EQ(d.sequence, "lcsr");
    EXPECT_EQ(d.points[1].label, "g_l");
}

TEST(Hodograph, DiagramOfAResumedSlip) {
    // ||B^-1 d|| = 0.3157 > mu = 0.25 and no initial sliding: slip starts at
    // once along the centrifugal ray, and the path runs along it.
    const Solved s = solve(ImpactProblem::makeContactLevel(paperW(), Vec3(0, 0, -1), 0.25, 0.5));
    const HodographDiagram d = makeHodographDiagram(s.problem, s.result, s.trace);
    ASSERT_GE(d.points.size(), 2u);
    EXPECT_EQ(d.points[1].label, "g_s");
    const auto cf = std::find_if(d.rays.begin(), d.rays.end(), [](const InvariantRay& r) { return r.centrifugal; });
    ASSERT_NE(cf, d.rays.end());
    for (const Vec2& g : d.path) EXPECT_NEAR(g.x() * cf->direction.y() - g.y() * cf->direction.x(), 0.0, kExactTol);
}

TEST(Hodograph, ImpulseCurveWithPlaneOfCompressionAndLineOfSticking) {
    // Fig. 5: I_c on the plane n^T W I + v_n^- = 0, I_s and I_r on L_s (eq. 35).
    const Solved s = solve(ImpactProblem::makeContactLevel(paperW(), Vec3(-0.2619763, 0.3863287, -0.0768555), 0.8, 0.95));
    const ImpulseCurve3D c = makeImpulseCurve3D(s.problem, s.result, s.trace);
    ASSERT_TRUE(c.compressionPoint && c.stickPoint && c.finalPoint);
    EXPECT_EQ(*c.finalPoint, s.result.impulse);
    EXPECT_LE((c.points.front()).norm(), 0.0);
    EXPECT_LE((c.points.back() - s.result.impulse).norm(), kExactTol);
    EXPECT_NEAR(c.planeNormal.norm(), 1.0, kExactTol);
    EXPECT_NEAR(c.lineDirection.norm(), 1.0, kExactTol);
    const double planeScale = s.problem.W.row(2).norm();
    auto planeDistance = [&](const Vec3& I) { return (c.planeNormal.dot(I - c.planePoint)); };
    auto lineDistance = [&](const Vec3& I) {
        const Vec3 r = I - c.linePoint;
        return (r - r.dot(c.lineDirection) * c.lineDirection).norm();
    };
    EXPECT_NEAR(planeDistance(*c.compressionPoint), 0.0, kExactTol);
    EXPECT_NEAR(s.problem.W.row(2).dot(*c.compressionPoint) + s.problem.vMinus.z(), 0.0, kExactTol * planeScale);
    EXPECT_NEAR(lineDistance(*c.stickPoint), 0.0, kExactTol);
    EXPECT_NEAR(lineDistance(*c.finalPoint), 0.0, kExactTol);
    // Points on L_s have no sliding velocity, by definition of the line.
    EXPECT_LE(s.problem.calcVelocityAfter(c.linePoint + 0.05 * c.lineDirection).head<2>().norm(), kExactTol);
    EXPECT_GT(c.lineDirection.z(), 0.0);
}

TEST(Hodograph, BundleOfFigure6) {
    // mu = 0.8, v_n = -0.2, unit gamma^- (reference A2.5): no centrifugal ray;
    // starts between about 195 and 270 deg end before the origin, the others
    // stick there; the two paths starting on the centripetal rays are straight.
    const ImpactProblem p = ImpactProblem::makeContactLevel(paperW(), Vec3(1, 0, -0.2), 0.8, 0.95);
    const HodographBundle b = makeHodographBundle(p, 16);
    ASSERT_EQ(b.rays.size(), 2u);
    ASSERT_EQ(b.paths.size(), 18u);
    int stuck = 0;
    double lastStart = -1e9;
    for (const auto& path : b.paths) {
        ASSERT_GE(path.size(), 2u);
        EXPECT_NEAR(path.front().norm(), 1.0, kExactTol);
        double start = angleDeg(path.front());
        if (start < 0) start += 360.0;
        EXPECT_GT(start, lastStart) << "paths come by increasing start angle";
        lastStart = start;
        const bool reachesOrigin = path.back().norm() < 1e-9;
        stuck += reachesOrigin;
        if (start > 200.0 && start < 250.0) {
            EXPECT_FALSE(reachesOrigin) << start;
        }
        if (start < 180.0 || start > 280.0) {
            EXPECT_TRUE(reachesOrigin) << start;
        }
        for (const InvariantRay& r : b.rays) {
            if (std::abs(std::remainder(start - r.angleDeg, 360.0)) > 1e-9) continue;
            for (const Vec2& g : path) EXPECT_NEAR(g.x() * r.direction.y() - g.y() * r.direction.x(), 0.0, kExactTol);
        }
    }
    EXPECT_EQ(stuck, 13);
}

TEST(Hodograph, BundleOfFigure8) {
    // mu = 0.25, v_n = -0.8 (reference A2.5): every path drifts to the
    // centrifugal ray at 42.89 deg; none stops at the origin.
    const ImpactProblem p = ImpactProblem::makeContactLevel(paperW(), Vec3(1, 0, -0.8), 0.25, 0.95);
    const HodographBundle b = makeHodographBundle(p, 16);
    ASSERT_EQ(b.paths.size(), 18u);
    for (const auto& path : b.paths) {
        EXPECT_GT(path.back().norm(), 0.2);
        EXPECT_NEAR(angleDeg(path.back()), 42.89, kDriftToRayTolDeg);
    }
}

TEST(Hodograph, EnergyCurves) {
    // Kinetic energy from E_before to E_after; Stronge's E from 0 up to E_c and
    // back to 0 (eq. 11), drawn only for a law that tracks it.
    const Solved s = solve(ImpactProblem::makeContactLevel(paperW(), Vec3(-0.2619763, 0.3863287, -0.0768555), 0.8, 0.95));
    const EnergyCurve e = makeEnergyCurve(s.trace);
    ASSERT_EQ(e.kinetic.size(), s.trace.samples.size());
    ASSERT_EQ(e.potential.size(), s.trace.samples.size());
    EXPECT_NEAR(e.kinetic.front().y(), s.result.energyBefore, kExactTol);
    EXPECT_NEAR(e.kinetic.back().y(), s.result.energyAfter, kExactTol);
    EXPECT_EQ(e.potential.front().y(), 0.0);
    EXPECT_NEAR(e.potential.back().y(), 0.0, kExactTol);
    double peak = 0.0, peakAt = 0.0;
    for (const Vec2& q : e.potential) {
        if (q.y() > peak) {
            peak = q.y();
            peakAt = q.x();
        }
    }
    EXPECT_NEAR(peakAt, s.result.compressionImpulse.z(), kExactTol);
    EXPECT_NEAR(peak, 0.001449838, kPrintedEnergyTol);   // E_c, reference A2.2

    ImpactTrace strongeTrace;
    solveStronge(s.problem, {}, &strongeTrace);
    const EnergyCurve k = makeEnergyCurve(strongeTrace);
    EXPECT_FALSE(k.kinetic.empty());
    EXPECT_TRUE(k.potential.empty());
}
}}  // namespace
