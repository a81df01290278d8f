// Geometry of the maximum-dissipation views (core/diagram/MaxDissipationDiagram.h)
// and the scene builders: what is drawn agrees with what the laws compute.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "diagram/MaxDissipationDiagram.h"
#include "impact/MaxDissipation.h"
#include "impact/PainleveRod.h"
#include "support/MaxDissipationTestSupport.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Polylines sample the conic at 720 points: the chord of an arc of 2 pi / 720
// rad sags by r dalpha^2 / 8 ~ 1e-5 of the radius; 1e-3 of the view is ample
// yet far below the distance to any wrong point.
constexpr double kOnPolylineRelTol = 1e-3;
// Values recomputed from the same closed forms: round-off only.
constexpr double kSameValueRelTol = 1e-12;

// Table 1's and Fig. 7's values carry ten significant digits; the required bound is 1e-8.
constexpr double kTable1Tol = 1e-8;
// Contour ends are interpolated linearly between grid nodes: within 5 % of the range of levels.
constexpr double kContourLevelShare = 0.05;
// The reference prints f_obj,min to seven decimals: half a unit in the last place.
constexpr double kPrintedObjectiveTol = 5e-8;
// C.2.1 prints six decimals: half a unit in the last place.
constexpr double kPrintedSixDecimalsTol = 5e-7;
// |t| = |o| is printed to nine decimals.
constexpr double kPrintedNineDecimalsTol = 1e-9;
// Mu* and W33 / |W13| are the same quotient of O(1) entries: round-off of one division.
constexpr double kOneDivisionTol = 1e-14;

double distanceToPolyline(const Vec2& q, const std::vector<Vec2>& line) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const Vec2 a = line[i], d = line[i + 1] - a;
        const double t = std::clamp(d.dot(q - a) / std::max(d.squaredNorm(), 1e-300), 0.0, 1.0);
        best = std::min(best, (a + t * d - q).norm());
    }
    if (line.size() == 1) best = (line[0] - q).norm();
    return best;
}

double distanceToBoundary(const MdpPlaneView& v, const Vec2& q) {
    double best = std::numeric_limits<double>::infinity();
    for (const auto& l : v.feasibleBoundary) best = std::min(best, distanceToPolyline(q, l));
    return best;
}

ImpactProblem contactProblem(const PaperFrameProblem& p) {
    Mat3 W;
    Vec3 v;
    toContractFrame(p, W, v);
    return ImpactProblem::makeContactLevel(W, v, p.mu, 0.0, ApproachRequirement::Any);
}

std::vector<std::string> ids(const MdpDecisionPath& path) {
    std::vector<std::string> out;
    for (const MdpTreeStep& s : path.steps) out.push_back(s.id + (s.outcome ? "+" : "-"));
    return out;
}


TEST(MaxDissipationDiagram, AcademicPlaneOfMaximumCompression) {
    const PaperFrameProblem p = test::makeAcademicTable1();
    const MdpDiagram d = makeMdpDiagram(contactProblem(p));
    const MdpPlaneView& v = d.plane;
    const double size = (v.max - v.min).maxCoeff();
    EXPECT_EQ(v.conic, ConicType::Ellipse);
    ASSERT_EQ(v.feasibleBoundary.size(), 1u);
    EXPECT_TRUE(v.infeasibleBranch.empty());
    // The red cross of Fig. 7 at x_to = (-1.0818613, -5.8319649), on the ellipse.
    EXPECT_NEAR(v.maxDissipation.point.x(), -1.0818613451, kTable1Tol);
    EXPECT_NEAR(v.maxDissipation.point.y(), -5.8319648689, kTable1Tol);
    EXPECT_LT(distanceToBoundary(v, v.maxDissipation.point), kOnPolylineRelTol * size);
    // The plane's coordinates reproduce the impulse.
    const Vec3 lifted = v.origin + v.maxDissipation.point.x() * v.basisT + v.maxDissipation.point.y() * v.basisO;
    EXPECT_LT((lifted - d.solution.impulse).norm(), kSameValueRelTol * d.solution.impulse.norm());
    // The three circles of Fig. 7, on the ellipse.
    ASSERT_EQ(v.coulombSolutions.size(), 3u);
    const Vec2 circles[3] = {{-0.9929110890, -5.6789131902}, {-0.8870891268, -0.6165383044}, {-0.4390162558, -0.0649716284}};
    for (int k = 0; k < 3; ++k) {
        EXPECT_LT((v.coulombSolutions[k].point - circles[k]).norm(), 1e-8) << k;
        EXPECT_LT(distanceToBoundary(v, v.coulombSolutions[k].point), kOnPolylineRelTol * size) << k;
        EXPECT_TRUE(v.coulombSolutions[k].onPlane);
    }
    // The unconstrained minimum (black cross) lies outside the cone.
    EXPECT_FALSE(v.unconstrainedFeasible);
    EXPECT_NEAR(v.unconstrainedMinimum.point.x(), -1.000548984, kTable1Tol);
    EXPECT_NEAR(v.unconstrainedMinimum.point.y(), -13.771061618, kTable1Tol);
    // Every marker inside the suggested box; the grid holds the reduced objective.
    for (const Vec2& q : {v.maxDissipation.point, v.unconstrainedMinimum.point}) {
        EXPECT_TRUE((q.array() >= v.min.array()).all() && (q.array() <= v.max.array()).all());
    }
    ASSERT_EQ(v.gridValues.size(), static_cast<std::size_t>(v.gridSize * v.gridSize));
    const CompressionPlane plane = CompressionPlane::make(p);
    const double dx = (v.max.x() - v.min.x()) / (v.gridSize - 1);
    EXPECT_NEAR(v.gridValues[3 * v.gridSize + 5],
                plane.calcReducedObjective(Vec2(v.min.x() + 3 * dx, v.min.y() + 5 * (v.max.y() - v.min.y()) / (v.gridSize - 1))),
                kSameValueRelTol);
    // Contours: segment ends carry their level.
    bool zero = false;
    for (const MdpContour& c : v.contours) {
        zero = zero || c.isZero;
        EXPECT_FALSE(c.segments.empty()) << c.level;
        for (const auto& s : c.segments)
            for (const Vec2& q : s)
                EXPECT_NEAR(plane.calcReducedObjective(q), c.level, kContourLevelShare * std::abs(v.contours.front().level - v.contours.back().level));
    }
    EXPECT_TRUE(zero);
}

TEST(MaxDissipationDiagram, FobjCurveMinimumIsTheSolversObjective) {
    const PaperFrameProblem p = test::makeAcademicTable1();
    const MdpDiagram d = makeMdpDiagram(contactProblem(p));
    const MdpFobjCurve& f = d.fobj;
    ASSERT_TRUE(f.available);
    EXPECT_TRUE(f.minimumIsSolution);
    EXPECT_TRUE(f.poles.empty());            // an ellipse: feasible everywhere
    EXPECT_TRUE(f.infeasibleArcs.empty());
    const double bn = p.b(0), Ann = p.A(0, 0);
    EXPECT_NEAR(f.fobjMin - bn * bn / (2.0 * Ann), d.solution.objective, kSameValueRelTol);   // C.4.7
    EXPECT_NEAR(f.fobjMin, -0.6319236, kPrintedObjectiveTol);
    EXPECT_NEAR(f.alphaMin, -1.7542167851 + 2.0 * 3.14159265358979323846, kTable1Tol);
    ASSERT_EQ(f.stationary.size(), 4u);
    int minima = 0;
    for (const auto& s : f.stationary) minima += s.minimum;
    EXPECT_EQ(minima, 2);
    // No sample is below the minimum.
    for (std::size_t i = 0; i < f.alpha.size(); ++i)
        if (f.feasible[i]) {
            EXPECT_GE(f.fobj[i], f.fobjMin - 1e-12) << f.alpha[i];
        }
    EXPECT_EQ(ids(d.path), (std::vector<std::string>{"bn-negative-", "mu-zero-", "p1-", "bn-zero-",
                                                     "conic-boundary+", "final-block+"}));
}

TEST(MaxDissipationDiagram, HyperbolaShowsPolesArcsAndBothBranches) {
    PaperFrameProblem p;
    p.A << 0.36, 0.46, 0.36, 0.46, 1.73, 1.54, 0.36, 1.54, 1.6;
    p.b = Vec3(0.5, 0.0, -0.5);
    p.mu = 0.9;
    const MdpDiagram d = makeMdpDiagram(contactProblem(p));
    EXPECT_EQ(d.plane.conic, ConicType::Hyperbola);
    EXPECT_FALSE(d.plane.feasibleBoundary.empty());
    EXPECT_FALSE(d.plane.infeasibleBranch.empty());
    const double size = (d.plane.max - d.plane.min).maxCoeff();
    EXPECT_LT(distanceToBoundary(d.plane, d.plane.maxDissipation.point), kOnPolylineRelTol * size);
    ASSERT_EQ(d.fobj.poles.size(), 2u);
    double shaded = 0.0;
    for (const auto& arc : d.fobj.infeasibleArcs) shaded += arc[1] - arc[0];
    const CompressionPlane plane = CompressionPlane::make(p);
    EXPECT_NEAR(shaded, 2.0 * (3.14159265358979323846 - plane.deltaAlpha), kSameValueRelTol);
    for (std::size_t i = 0; i < d.fobj.alpha.size(); ++i) {
        bool inArc = false;
        for (const auto& arc : d.fobj.infeasibleArcs) inArc = inArc || (d.fobj.alpha[i] > arc[0] && d.fobj.alpha[i] < arc[1]);
        EXPECT_EQ(inArc, !d.fobj.feasible[i]) << d.fobj.alpha[i];
    }
    int feasibleMinima = 0;
    for (const auto& s : d.fobj.stationary) feasibleMinima += s.feasible && s.minimum;
    EXPECT_EQ(feasibleMinima, 2) << "two local minima, one global (Fig. 4)";
    EXPECT_NEAR(d.fobj.fobjMin - p.b(0) * p.b(0) / (2.0 * p.A(0, 0)), d.solution.objective, kSameValueRelTol);
}

TEST(MaxDissipationDiagram, DecisionPathsAndTree) {
    std::set<std::string> known;
    for (const MdpTreeNode& n : getMdpDecisionTree()) known.insert(n.id);
    for (const MdpTreeNode& n : getMdpDecisionTree()) {
        if (!n.ifTrue.empty()) {
            EXPECT_TRUE(known.count(n.ifTrue)) << n.ifTrue;
        }
        if (!n.ifFalse.empty()) {
            EXPECT_TRUE(known.count(n.ifFalse)) << n.ifFalse;
        }
    }
    for (int b = 0; b < 6; ++b) EXPECT_TRUE(known.count(toString(static_cast<MaxDissipationBranch>(b))));

    const PainleveRodProblem stick = makePainleveRod({0.7853981633974483, 2.0, 1.0, 1.0, 1.0});
    const MdpDiagram ds = makeMdpDiagram(stick.problem);
    EXPECT_EQ(ids(ds.path), (std::vector<std::string>{"bn-negative-", "mu-zero-", "p1+", "sticking+"}));
    EXPECT_FALSE(ds.fobj.available);
    EXPECT_TRUE(ds.plane.grazing);
    EXPECT_EQ(ds.plane.feasibleBoundary.size(), 2u) << "two rays of the degenerate hyperbola";
    EXPECT_TRUE(ds.plane.unconstrainedFeasible);

    const PainleveRodProblem apex = makePainleveRod({0.7853981633974483, 1.0, 1.0, 1.0, 1.0});
    const MdpDiagram da = makeMdpDiagram(apex.problem);
    EXPECT_EQ(ids(da.path), (std::vector<std::string>{"bn-negative-", "mu-zero-", "p1-", "bn-zero+", "p2+", "grazing-point+"}));
    ASSERT_EQ(da.plane.feasibleBoundary.size(), 1u);
    EXPECT_EQ(da.plane.feasibleBoundary[0].size(), 1u) << "the apex";
}

TEST(SceneBuilders, SixPointMassBodyLevelMatchesItsContactLevel) {
    // Normalised frame: the body-level problem's W and v- are the paper's A and b reordered.
    const SixPointMassProblem s = makeSixPointMassProblem({});
    ASSERT_TRUE(s.problem.bodies.has_value());
    Mat3 W;
    Vec3 v;
    toContractFrame(s.paper, W, v);
    EXPECT_LT((s.problem.W - W).cwiseAbs().maxCoeff(), 1e-14);
    EXPECT_LT((s.problem.vMinus - v).cwiseAbs().maxCoeff(), 1e-14);
    EXPECT_LT((s.Q.transpose() * s.Q - Mat3::Identity()).cwiseAbs().maxCoeff(), 1e-14);
    // The reference's normalised-frame answer (C.2.1): (2.778287, -1.050903, -10.225803), objective -0.748317.
    MaxDissipationSolution m;
    const Vec3 x = calcMaxDissipationPaper(s.paper, &m);
    EXPECT_NEAR(x(0), 2.778287, kPrintedSixDecimalsTol);
    EXPECT_NEAR(x(1), -1.050903, kPrintedSixDecimalsTol);
    EXPECT_NEAR(x(2), -10.225803, kPrintedSixDecimalsTol);
    EXPECT_NEAR(m.objective, -0.748317, kPrintedSixDecimalsTol);
    // Literal frame: |t| = |o| = 0.968313469.
    SixPointMassParams literal;
    literal.literalPaperFrame = true;
    const SixPointMassProblem l = makeSixPointMassProblem(literal);
    EXPECT_NEAR(l.Q.col(1).norm(), 0.968313469, kPrintedNineDecimalsTol);
    EXPECT_FALSE(l.problem.bodies.has_value());
    EXPECT_THROW(makeSixPointMassProblem([] { SixPointMassParams q; q.normal = Vec3::UnitX(); return q; }()), InputError);
    EXPECT_THROW(makeSixPointMassProblem([] { SixPointMassParams q; q.my = 0.0; return q; }()), InputError);
}

TEST(SceneBuilders, PainleveRodMatchesThePapersMatrix) {
    // A(t0) of sec. 4.2 with the corrected (3,3) entry 4 (C.4.4), in (t1, t2, n) = (x, -z, y).
    for (double theta : {0.3, 0.7853981633974483, 1.2}) {
        const PainleveRodProblem rod = makePainleveRod({theta, 1.0, 1.0, 2.0, 0.5});
        const double s = std::sin(theta), c = std::cos(theta), m = 2.0;
        Mat3 W;
        W << 1 + 3 * s * s, 0, -3 * s * c, 0, 4, 0, -3 * s * c, 0, 1 + 3 * c * c;
        EXPECT_LT((rod.problem.W - W / m).cwiseAbs().maxCoeff(), 1e-14) << theta;
        EXPECT_EQ(rod.problem.vMinus, Vec3(-1.0, 0.0, 0.0));
        EXPECT_NEAR(rod.muStar, rod.problem.W(2, 2) / std::abs(rod.problem.W(0, 2)), kOneDivisionTol) << "mu* is the parabola";
    }
    EXPECT_THROW(makePainleveRod({0.0, 1.0, 1.0, 1.0, 1.0}), InputError);
    EXPECT_THROW(makePainleveRod({0.5, -1.0, 1.0, 1.0, 1.0}), InputError);
}

TEST(MaxDissipationDiagram, EveryBranchGivesFiniteGeometry) {
    // Random problems of every kind (colliding, grazing, separating,
    // frictionless, hyperbolas): nothing the UI draws may be NaN or infinite,
    // and the max-dissipation marker lies on the drawn boundary whenever the
    // impulse is on the cone's section.
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    MdpDiagramOptions coarse;
    coarse.gridSize = 21;
    coarse.conicSamples = 2000;
    for (int trial = 0; trial < 300; ++trial) {
        PaperFrameProblem p;
        Mat3 L;
        for (int i = 0; i < 9; ++i) L(i / 3, i % 3) = u(rng);
        p.A = L * L.transpose() + 0.05 * Mat3::Identity();
        p.b = Vec3(u(rng), u(rng), u(rng));
        if (trial % 5 == 0) p.b(0) = 0.0;
        p.mu = trial % 7 == 0 ? 0.0 : 3.0 * std::abs(u(rng));
        const MdpDiagram d = makeMdpDiagram(contactProblem(p), coarse);
        const std::string where = "trial " + std::to_string(trial);
        EXPECT_TRUE(d.plane.min.allFinite() && d.plane.max.allFinite()) << where;
        for (double g : d.plane.gridValues) ASSERT_TRUE(std::isfinite(g)) << where;
        for (const auto& c : d.plane.contours)
            for (const auto& s : c.segments) ASSERT_TRUE(s[0].allFinite() && s[1].allFinite()) << where;
        for (const auto& l : d.plane.feasibleBoundary)
            for (const Vec2& q : l) ASSERT_TRUE(q.allFinite()) << where;
        for (const auto& l : d.plane.infeasibleBranch)
            for (const Vec2& q : l) ASSERT_TRUE(q.allFinite()) << where;
        for (double f : d.fobj.fobj) ASSERT_TRUE(std::isfinite(f)) << where;
        EXPECT_TRUE(std::isfinite(d.fobj.yMin) && std::isfinite(d.fobj.yMax)) << where;
        EXPECT_FALSE(d.path.steps.empty());
        EXPECT_EQ(d.path.leaf, toString(d.solution.branch));
        if (d.solution.branch == MaxDissipationBranch::ConicBoundary) {
            const double size = (d.plane.max - d.plane.min).maxCoeff();
            EXPECT_LT(distanceToBoundary(d.plane, d.plane.maxDissipation.point), kOnPolylineRelTol * size) << where;
            EXPECT_NEAR(d.fobj.fobjMin - p.b(0) * p.b(0) / (2.0 * p.A(0, 0)), d.solution.objective,
                        kSameValueRelTol * (1.0 + std::abs(d.solution.objective))) << where;
        }
    }
}
}}  // namespace
