// Impulse-space diagram geometry (Cataldo & Sampaio Fig. 2.5): lines, energy
// ellipse and paths in the (I_t, I_n) plane.
#include <gtest/gtest.h>

#include "diagram/ImpulseDiagram.h"
#include "impact/Newton.h"
#include "impact/Stronge.h"
#include "impact/planar/WangMason.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {
constexpr double kGeomTol = 1e-9;   // lines and points are closed forms of the inputs

const DiagramPolyline* findLine(const ImpulseDiagram& d, const std::string& id) {
    for (const auto& l : d.lines)
        if (l.id == id) return &l;
    return nullptr;
}

ImpulseDiagram ballDiagram(double mu, LawOutcome* out = nullptr) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(Vec3(3.5, 3.5, 1.0).asDiagonal(), Vec3(1, 0, -1), mu, 0.5);
    LawOutcome o;
    o.result = solveStronge(p, {}, &o.trace);
    if (out) *out = o;
    return makeImpulseDiagram(p, {o});
}

TEST(ImpulseDiagram, BallOnHalfSpaceLinesAndPoints) {
    LawOutcome o;
    const ImpulseDiagram d = ballDiagram(0.2, &o);
    // Friction opposes sliding along +x, so the tangent axis is -x and I_t > 0.
    EXPECT_LE((d.tangentDirection - Vec3(-1, 0, 0)).norm(), kGeomTol);
    ASSERT_EQ(d.paths.size(), 1u);
    EXPECT_LE((d.paths[0].finalPoint - Vec2(1.0 / 3.5, 1.5)).norm(), kGeomTol);
    EXPECT_LE((d.paths[0].compressionPoint - Vec2(0.2, 1.0)).norm(), kGeomTol);
    // Central impact: maximum compression at I_n = 1, Newton termination at 1.5.
    const DiagramPolyline* c = findLine(d, "compression");
    const DiagramPolyline* n = findLine(d, "newton");
    ASSERT_TRUE(c && n);
    ASSERT_EQ(c->points.size(), 2u);
    for (const auto& p : c->points) EXPECT_NEAR(p.y(), 1.0, kGeomTol);
    for (const auto& p : n->points) EXPECT_NEAR(p.y(), 1.5, kGeomTol);
    // Friction lines through the origin with slope 1/mu in (I_t, I_n).
    const DiagramPolyline* f = findLine(d, "friction+");
    ASSERT_TRUE(f);
    EXPECT_LE(f->points.front().norm(), kGeomTol);
    EXPECT_NEAR(f->points.back().x(), 0.2 * f->points.back().y(), kGeomTol);
    // Sticking line: v_t = 0 where I_t = 1/3.5 (tangential velocity along s).
    const DiagramPolyline* s = findLine(d, "sticking");
    ASSERT_TRUE(s);
    for (const auto& p : s->points) EXPECT_NEAR(p.x(), 1.0 / 3.5, kGeomTol);
    // The path stays in the view box.
    for (const auto& p : d.paths[0].points) {
        EXPECT_TRUE((p.array() >= d.min.array()).all() && (p.array() <= d.max.array()).all());
    }
}

TEST(ImpulseDiagram, EnergyEllipseIsTheZeroWorkCurve) {
    const ImpactProblem p = ImpactProblem::makeContactLevel(Vec3(3.5, 3.5, 1.0).asDiagonal(), Vec3(1, 0, -1), 0.3, 0.8);
    LawOutcome o;
    o.result = solveStronge(p, {}, &o.trace);
    const ImpulseDiagram d = makeImpulseDiagram(p, {o});
    const DiagramPolyline* e = findLine(d, "energy-ellipse");
    ASSERT_TRUE(e);
    ASSERT_GT(e->points.size(), 100u);
    for (const auto& q : e->points) {
        const Vec3 I = q.x() * d.tangentDirection + q.y() * Vec3::UnitZ();
        EXPECT_NEAR(p.calcEnergyChange(I), 0.0, kGeomTol);
    }
    // Every dissipative end point lies inside: its energy change is negative.
    EXPECT_LT(o.result.energyAfter - o.result.energyBefore, 0.0);
}

TEST(ImpulseDiagram, EnergyGainIsFlaggedInThePathLabel) {
    // The bar of Cataldo & Sampaio at pi/4 (A = 2.5, B = 1.5, C = 2.5) with
    // D_NA = -1, D_TA = 0.6, mu = 1, e = 1: Newton's rule sticks and gains 0.1125 J.
    Mat3 W;
    W << 2.5, 0.0, -1.5, 0.0, 1.0, 0.0, -1.5, 0.0, 2.5;
    const ImpactProblem p = ImpactProblem::makeContactLevel(W, Vec3(0.6, 0, -1), 1.0, 1.0);
    LawOutcome n;
    n.result = solveNewton(p, {}, &n.trace);
    ASSERT_GT(n.result.energyAfter, n.result.energyBefore) << "test case must gain energy";
    const ImpulseDiagram d = makeImpulseDiagram(p, {n});
    ASSERT_EQ(d.paths.size(), 1u);
    EXPECT_TRUE(d.paths[0].gainsEnergy);
    EXPECT_NE(d.paths[0].label.find("ENERGY GAINED"), std::string::npos);
}

TEST(ImpulseDiagram, LegendPrintsRoundOffEnergyChangeAsZero) {
    // An energy change of 1.767e-13 J out of 16 J is round-off (kDisplayZeroRelTol
    // = 1e-7 relative): the legend must not read as a gain "+1.767e-13 J".
    const ImpactProblem p = ImpactProblem::makeContactLevel(Vec3(3.5, 3.5, 1.0).asDiagonal(), Vec3(1, 0, -1), 0.2, 0.5);
    LawOutcome o;
    o.result.model = "newton";
    o.result.impulse = Vec3(0.0, 0.0, 1.0);
    o.result.energyBefore = 16.0;
    o.result.energyAfter = 16.0 + 1.767e-13;
    const ImpulseDiagram d = makeImpulseDiagram(p, {o});
    ASSERT_EQ(d.paths.size(), 1u);
    EXPECT_EQ(d.paths[0].label, "Newton (dE 0 J)");
}
// The bar of Cataldo & Sampaio at pi/4 (A = 2.5, B = 1.5, C = 2.5) in the
// contact frame (t1, t2, n): W_tt = C, W_nn = A, W_tn = -B (reference B1.4).
Mat3 makeBarW() {
    Mat3 W;
    W << 2.5, 0.0, -1.5, 0.0, 1.0, 0.0, -1.5, 0.0, 2.5;
    return W;
}

// The printed reference values (B2.4, B2.5) have six digits.
constexpr double kPrintedTol = 1e-6;

TEST(ImpulseDiagram, RouthDiagramDrawsTheReverseSlidingLineAndPoissonTermination) {
    // Fig. 3.21 on Kane's data D_A = (D_TA, D_NA) = (0.6, -1), mu = 0.4, e = 1:
    // Wang-Mason with Poisson slides, reaches Ad at I_n1 = 0.6 / (1.5 + 2.5 mu)
    // and reverses along DR: I_t = mu (I_n - 1.2 / (1.5 + 2.5 mu)) (B2.5),
    // ending at I_N = (1 + e) I_NC = 0.749474, I_T = 0.107789 (B2.4).
    const double mu = 0.4, e = 1.0;
    const ImpactProblem p = ImpactProblem::makeContactLevel(makeBarW(), Vec3(0.6, 0, -1), mu, e);
    LawOutcome o;
    o.result = solveWangMason(p, {}, &o.trace);
    const ImpulseDiagram d = makeImpulseDiagram(p, {o});
    ASSERT_EQ(d.paths.size(), 1u);
    EXPECT_NEAR(d.paths[0].finalPoint.x(), 0.107789, kPrintedTol);
    EXPECT_NEAR(d.paths[0].finalPoint.y(), 0.749474, kPrintedTol);

    const DiagramPolyline* dr = findLine(d, "reverse-sliding");
    ASSERT_TRUE(dr);
    ASSERT_EQ(dr->points.size(), 2u);
    const double In1 = 0.6 / (1.5 + 2.5 * mu);
    EXPECT_NEAR(dr->points.front().y(), In1, kGeomTol);
    EXPECT_NEAR(dr->points.front().x(), -mu * In1, kGeomTol);   // on the friction line I_t = -mu I_n
    EXPECT_GT(dr->points.back().y(), In1);
    for (const Vec2& q : dr->points) EXPECT_NEAR(q.x(), mu * (q.y() - 1.2 / (1.5 + 2.5 * mu)), kGeomTol);
    // The process ends on DR.
    const Vec2 f = d.paths[0].finalPoint;
    EXPECT_NEAR(f.x(), mu * (f.y() - 2.0 * In1), kPrintedTol);

    const DiagramPolyline* poisson = findLine(d, "poisson:" + o.result.model);
    ASSERT_TRUE(poisson);
    ASSERT_EQ(poisson->points.size(), 2u);
    EXPECT_GT(d.paths[0].compressionPoint.y(), 0.0);
    for (const Vec2& q : poisson->points) {
        EXPECT_NEAR(q.y(), (1.0 + e) * d.paths[0].compressionPoint.y(), kGeomTol);
        EXPECT_NEAR(q.y(), 0.749474, kPrintedTol);   // Poisson ends on its own line
    }
    EXPECT_LT(poisson->points.front().x(), poisson->points.back().x());
    EXPECT_NE(poisson->label.find("Poisson"), std::string::npos);
    EXPECT_NE(dr->label.find("DR"), std::string::npos);
}

TEST(ImpulseDiagram, DirectImpactHasNoReverseSlidingLine) {
    // The dropped bar hits with D_TA = 0 (B2.3): the slide starts at the origin,
    // so DR would coincide with a friction line and is left out; Poisson's line
    // is at (1 + e) I_NC = 2 * 0.526316 for mu = 0.4 (I_N = 1.052632, B2.3).
    const ImpactProblem p = ImpactProblem::makeContactLevel(makeBarW(), Vec3(0, 0, -1), 0.4, 1.0);
    LawOutcome o;
    o.result = solveWangMason(p, {}, &o.trace);
    const ImpulseDiagram d = makeImpulseDiagram(p, {o});
    EXPECT_EQ(findLine(d, "reverse-sliding"), nullptr);
    const DiagramPolyline* poisson = findLine(d, "poisson:" + o.result.model);
    ASSERT_TRUE(poisson);
    for (const Vec2& q : poisson->points) EXPECT_NEAR(q.y(), 1.052632, kPrintedTol);
}

// A friction overlay's diagrams merged: one path per value in
// order, named with it; the compression line (friction-free) once; each
// value's friction lines named with it; no admissible region (each value has
// its own); the view box covers every value's; the plane is the one given.
TEST(ImpulseDiagram, OverlayKeepsAPathPerValueAndSharedLinesOnce) {
    const std::vector<double> mus = {0.1, 0.3, 0.9};
    const std::vector<std::string> labels = {"friction = 0.1", "friction = 0.3", "friction = 0.9"};
    ImpulseDiagramOptions options;
    options.tangentDirection = Vec3(-1.0, 0.0, 0.0);
    // Every value in one box, as the page's overlay draws them.
    options.viewBox = std::make_pair(Vec2(-2.0, -0.5), Vec2(1.0, 2.0));
    std::vector<ImpulseDiagram> each;
    for (double mu : mus) {
        const ImpactProblem p = ImpactProblem::makeContactLevel(Vec3(3.5, 3.5, 1.0).asDiagonal(), Vec3(1, 0, -1), mu, 0.5);
        LawOutcome o;
        o.result = solveStronge(p, {}, &o.trace);
        each.push_back(makeImpulseDiagram(p, {o}, options));
        EXPECT_EQ(each.back().tangentDirection, options.tangentDirection.value());
    }
    const ImpulseDiagram merged = mergeOverlayImpulseDiagrams(each, labels);
    ASSERT_EQ(merged.paths.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(merged.paths[i].points, each[i].paths[0].points);
        EXPECT_NE(merged.paths[i].label.find("(" + labels[i] + ")"), std::string::npos) << merged.paths[i].label;
    }
    int compression = 0, frictionPlus = 0;
    for (const DiagramPolyline& l : merged.lines) {
        compression += l.id == "compression";
        frictionPlus += l.id == "friction+";
    }
    EXPECT_EQ(compression, 1);
    EXPECT_EQ(frictionPlus, 3);
    const DiagramPolyline* region = findLine(merged, kOverlayNoRegionId);
    ASSERT_TRUE(region);
    EXPECT_TRUE(region->points.empty());
    EXPECT_EQ(merged.min, options.viewBox->first);
    EXPECT_EQ(merged.max, options.viewBox->second);
}
}}  // namespace
