// The max-dissipation law (Preclik, Eibl & Ruede): Table 1 of the academic
// problem, Appendix A's constants, one test per branch of Fig. 5 (reference
// notes C.2.3) and the Painleve rod on both sides of mu* (C.2.2).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "impact/PainleveRod.h"
#include "support/MaxDissipationTestSupport.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// The reference's derived columns carry ten significant digits (half a unit
// in the last is <= 5e-11); the required bound is 1e-8.
constexpr double kTable1Tol = 1e-8;
// Appendix A evaluated verbatim vs the expanded eq. (8): the reference found
// 1e-15 relative; sums of ~20 products of O(1) terms leave a few 1e-15.
constexpr double kIdentityRelTol = 1e-12;
// Closed forms evaluated in double against the law (a Cholesky solve and a
// few products): round-off only.
constexpr double kClosedFormRelTol = 1e-12;
// The paper's A entries are printed with twelve decimals in the reference.
constexpr double kPrintedMatrixTol = 1e-11;

// Table 1 prints x* to one decimal: half a unit in the last place.
constexpr double kTable1PrintedTol = 0.05;
// Table 1 prints the objective to three decimals: half a unit in the last place.
constexpr double kTable1ObjectiveTol = 5e-4;
// Printed to seven decimals: half a unit in the last place.
constexpr double kSevenDecimalsTol = 5e-8;
// rad: the law keeps the exact rays, ~sqrt(2e-16) = 1.5e-8 rad from alpha0 + pi.
constexpr double kRayAngleTol = 1e-7;
// The reference prints mu* to ten significant digits.
constexpr double kMuStarTol = 1e-10;

void expectVecNear(const Vec3& a, const Vec3& e, double tol, const std::string& what) {
    ASSERT_TRUE(a.allFinite()) << what;
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(a(i), e(i), tol) << what << "[" << i << "]";
}

Vec3 solvePaper(const PaperFrameProblem& p, MaxDissipationSolution* s = nullptr) {
    MaxDissipationSolution local;
    return calcMaxDissipationPaper(p, s ? s : &local);
}

// Coulomb solutions in the paper's frame, lowest objective first.
std::vector<Vec3> coulombPaper(const PaperFrameProblem& p, CoulombSolutionSet* out = nullptr) {
    Mat3 W;
    Vec3 v;
    toContractFrame(p, W, v);
    const CoulombSolutionSet set = findCoulombInelasticSolutions(W, v, p.mu);
    if (out) *out = set;
    std::vector<Vec3> xs;
    for (const CoulombSolution& c : set.solutions) xs.push_back(toPaperOrder(c.impulse));
    return xs;
}


TEST(MaxDissipationTable1, AcademicProblemIsBuiltAsPrinted) {
    const PaperFrameProblem p = test::makeAcademicTable1();
    Mat3 A;
    A << 0.861990700792, 0.067283787288, 0.214186224567, 0.067283787288, 0.720423648536, 0.016803312597,
        0.214186224567, 0.016803312597, 0.057566013870;
    EXPECT_LT((p.A - A).cwiseAbs().maxCoeff(), kPrintedMatrixTol);
    expectVecNear(p.b, Vec3(0.059937099052, -0.712052736734, -0.045031433989), kPrintedMatrixTol, "b");
    EXPECT_EQ(CompressionPlane::make(p).conic, ConicType::Ellipse);   // caption of Fig. 7
}

TEST(MaxDissipationTable1, MaximumDissipationImpulse) {
    const PaperFrameProblem p = test::makeAcademicTable1();
    MaxDissipationSolution s;
    const Vec3 x = solvePaper(p, &s);
    expectVecNear(x, Vec3(1.6030977637, -1.0818613451, -5.8319648689), kTable1Tol, "x*");
    expectVecNear(p.A * x - p.b, Vec3(0.0, -0.0574796006, 0.0344910667), kTable1Tol, "A x* - b");
    EXPECT_NEAR(test::calcPaperObjective(p, x), -0.6340074167, kTable1Tol);
    EXPECT_NEAR(s.objective, -0.6340074167, kTable1Tol);
    EXPECT_EQ(s.branch, MaxDissipationBranch::ConicBoundary);
    EXPECT_NEAR(s.alpha, -1.7542167851, kTable1Tol);
    // Printed Table 1: (1.6, -1.1, -5.8), objective -0.634 (half a unit in the last digit).
    EXPECT_NEAR(x(0), 1.6, kTable1PrintedTol); EXPECT_NEAR(x(1), -1.1, kTable1PrintedTol); EXPECT_NEAR(x(2), -5.8, kTable1PrintedTol);
    EXPECT_NEAR(s.objective, -0.634, kTable1ObjectiveTol);
}

TEST(MaxDissipationTable1, ThreeCoulombSolutions) {
    const PaperFrameProblem p = test::makeAcademicTable1();
    CoulombSolutionSet set;
    const std::vector<Vec3> xs = coulombPaper(p, &set);
    ASSERT_EQ(xs.size(), 3u) << "exactly three, no sticking and no zero solution (Table 1)";
    // Lowest objective first: x3, x2, x1.
    const Vec3 expected[3] = {{1.5581245739, -0.9929110890, -5.6789131902},
                              {0.2919727865, -0.8870891268, -0.6165383044},
                              {0.1199453812, -0.4390162558, -0.0649716284}};
    const Vec3 residual[3] = {{0, 0.0061480762, 0.0351636630}, {0, 0.0822579005, 0.0571702943},
                              {0, 0.4027536849, 0.0596049973}};
    const double objective[3] = {-0.6309600061, -0.3925678058, -0.2517028593};
    for (int k = 0; k < 3; ++k) {
        const std::string name = "x" + std::to_string(3 - k);
        expectVecNear(xs[k], expected[k], kTable1Tol, name);
        expectVecNear(p.A * xs[k] - p.b, residual[k], kTable1Tol, name + " residual");
        EXPECT_NEAR(set.solutions[k].objective, objective[k], kTable1Tol) << name;
        EXPECT_EQ(set.solutions[k].kind, CoulombSolutionKind::Slide) << name;
    }
    // The maximum-dissipation impulse is none of them and dissipates more.
    const Vec3 xStar = solvePaper(p);
    for (const Vec3& x : xs) EXPECT_GT((x - xStar).norm(), 0.05);
    EXPECT_LT(test::calcPaperObjective(p, xStar), set.solutions.front().objective);
}

TEST(MaxDissipationTable1, AppendixAConstantsAndQuartic) {
    const PaperFrameProblem p = test::makeAcademicTable1();
    const AppendixAConstants k = calcAppendixAConstants(p);
    EXPECT_NEAR(k.c0, -0.7151291307, kTable1Tol);
    EXPECT_NEAR(k.c1, 0.9950050661, kTable1Tol);
    EXPECT_NEAR(k.c2, 0.2803514712, kTable1Tol);
    EXPECT_NEAR(k.phi1, 1.7925580748, kTable1Tol);
    EXPECT_NEAR(k.phi2, 0.4596600455, kTable1Tol);
    // All four roots of eq. (8) lie on the unit circle: four stationary angles.
    const CompressionPlane plane = CompressionPlane::make(p);
    const TrigRoots roots = findTrigPoly2Roots(plane.calcStationarity(), plane.calcPolynomialScale());
    const double expected[4] = {-2.3992397558, -1.9848190967, -1.7542167851, -1.0642297605};
    const double fobj[4] = {-0.4123346, 0.1319204, -0.6319236, 0.2762409};
    ASSERT_EQ(roots.count, 4);
    std::array<double, 4> found = roots.alpha;
    std::sort(found.begin(), found.end());
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(found[i], expected[i], kTable1Tol);
        EXPECT_NEAR(plane.calcFobj(found[i]), fobj[i], kSevenDecimalsTol);   // printed to 7 decimals
    }
}

TEST(MaxDissipationAppendixA, ConstantsEqualTheExpandedStationarityCondition) {
    // Random SPD problems, both signs of b_n: c0 + c1 cos(a + phi1) + c2 cos(2a + phi2)
    // is the polynomial the law solves, at every angle.
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int trial = 0; trial < 500; ++trial) {
        Mat3 L;
        for (int i = 0; i < 9; ++i) L(i / 3, i % 3) = u(rng);
        PaperFrameProblem p;
        p.A = L * L.transpose() + 0.1 * Mat3::Identity();
        p.b = Vec3(u(rng), u(rng), u(rng));
        p.mu = 2.0 * std::abs(u(rng));
        const CompressionPlane plane = CompressionPlane::make(p);
        const TrigPoly2 g = plane.calcStationarity();
        const AppendixAConstants k = calcAppendixAConstants(p);
        const double scale = std::abs(k.c0) + k.c1 + k.c2;
        for (int j = 0; j < 16; ++j) {
            const double alpha = -3.0 + 0.4 * j;
            EXPECT_NEAR(g.eval(alpha), k.eval(alpha), kIdentityRelTol * scale) << "trial " << trial;
        }
    }
}

// --- One test per branch of Fig. 5 (reference notes C.2.3) ---------------

TEST(MaxDissipationBranches, SeparatingGivesZero) {
    PaperFrameProblem p = test::makeAcademicTable1();
    p.b = Vec3(-0.1, 1.0, 1.0);
    p.mu = 1.0;
    MaxDissipationSolution s;
    EXPECT_EQ(solvePaper(p, &s), Vec3::Zero());
    EXPECT_EQ(s.branch, MaxDissipationBranch::Separating);
}

TEST(MaxDissipationBranches, FrictionlessIsAlongTheNormal) {
    PaperFrameProblem p = test::makeAcademicTable1();
    p.mu = 0.0;
    MaxDissipationSolution s;
    const Vec3 x = solvePaper(p, &s);
    expectVecNear(x, Vec3(0.0695333476, 0.0, 0.0), kTable1Tol, "x*");
    EXPECT_NEAR(x(0), p.b(0) / p.A(0, 0), kClosedFormRelTol * x(0));
    EXPECT_EQ(s.branch, MaxDissipationBranch::Frictionless);
}

TEST(MaxDissipationBranches, PainleveAboveMuStarSticks) {
    // P1: theta0 = pi/4, mu = 2 > mu* = 5/3: x* = Lambda0 = (0.375, 0.625, 0) in (n, t, o).
    const PainleveRodProblem rod = makePainleveRod({0.7853981633974483, 2.0, 1.0, 1.0, 1.0});
    const MaxDissipationSolution s = calcMaxDissipationImpulse(rod.problem.W, rod.problem.vMinus, 2.0);
    expectVecNear(s.impulse, Vec3(0.625, 0.0, 0.375), kClosedFormRelTol, "Lambda0");
    EXPECT_EQ(s.branch, MaxDissipationBranch::Sticking);
}

TEST(MaxDissipationBranches, PainleveBelowMuStarGrazesTheApex) {
    // b_n = 0 with P2 (A_nn > mu ||a||): the plane meets the cone in its apex.
    const PainleveRodProblem rod = makePainleveRod({0.7853981633974483, 1.0, 1.0, 1.0, 1.0});
    const MaxDissipationSolution s = calcMaxDissipationImpulse(rod.problem.W, rod.problem.vMinus, 1.0);
    EXPECT_EQ(s.impulse, Vec3::Zero());
    EXPECT_EQ(s.branch, MaxDissipationBranch::GrazingPoint);
    EXPECT_TRUE(s.grazing);
    EXPECT_EQ(s.conic, ConicType::Ellipse);
}

// b_n = 0, a hyperbola (A_nn = 1 < mu ||a|| = 1.6), and b_to chosen so that x0 is outside the wedge.
PaperFrameProblem makeGrazingHyperbola(const Vec3& b) {
    PaperFrameProblem p;
    p.A << 1.0, 0.8, 0.0, 0.8, 2.0, 0.3, 0.0, 0.3, 1.5;
    p.b = b;
    p.mu = 2.0;
    return p;
}

TEST(MaxDissipationBranches, GrazingHyperbolaTakesTheBetterRay) {
    // Brute force over the wedge must not beat the law (relative 1e-9), on
    // several b_to around the circle, so both rays get chosen.
    int chosenA = 0, chosenB = 0;
    for (int k = 0; k < 24; ++k) {
        const double phi = 2.0 * 3.14159265358979323846 * k / 24;
        const PaperFrameProblem p = makeGrazingHyperbola(Vec3(0.0, std::cos(phi), std::sin(phi)));
        const Vec3 x0 = p.A.llt().solve(p.b);
        if (x0(0) >= 0.0 && x0.tail<2>().norm() <= p.mu * x0(0)) continue;   // P1 instead
        MaxDissipationSolution s;
        const Vec3 x = solvePaper(p, &s);
        ASSERT_EQ(s.branch, MaxDissipationBranch::GrazingRay) << k;
        EXPECT_EQ(s.conic, ConicType::Hyperbola);
        const double brute = test::findBruteForceMinimum(p);
        EXPECT_LE(s.objective, brute + 1e-9 * std::abs(brute)) << k;
        EXPECT_LE(x.tail<2>().norm(), p.mu * x(0) * (1.0 + 1e-12)) << k;
        EXPECT_NEAR(p.A.row(0).dot(x), 0.0, kClosedFormRelTol) << k;
        const CompressionPlane plane = CompressionPlane::make(p);
        if (s.hasAngle) (std::abs(std::remainder(s.alpha - plane.alpha0 + plane.deltaAlpha, 6.283185307179586)) < 1e-9 ? chosenA : chosenB)++;
    }
    EXPECT_GT(chosenA, 0);
    EXPECT_GT(chosenB, 0);
}

TEST(MaxDissipationBranches, GrazingParabolaUsesTheCorrectedRay) {
    // A_nn = mu ||a||: the feasible set is the ray alpha0 + pi (erratum C.4.2);
    // the printed ray alpha0 has x_n < 0.
    PaperFrameProblem p = makeGrazingHyperbola(Vec3(0.0, -1.0, 0.4));
    p.mu = p.A(0, 0) / Vec2(p.A(0, 1), p.A(0, 2)).norm();
    MaxDissipationSolution s;
    const Vec3 x = solvePaper(p, &s);
    ASSERT_EQ(s.conic, ConicType::Parabola);
    const Vec3 x0 = p.A.llt().solve(p.b);
    ASSERT_FALSE(x0(0) >= 0.0 && x0.tail<2>().norm() <= p.mu * x0(0));
    EXPECT_EQ(s.branch, MaxDissipationBranch::GrazingRay);
    const CompressionPlane plane = CompressionPlane::make(p);
    if (x.norm() > 0.0) {
        // mu = A_nn / ||a|| in double misses the parabola by ~1e-16 relative; the
        // law keeps the exact rays, ~sqrt(2e-16) = 1.5e-8 rad from alpha0 + pi.
        EXPECT_NEAR(std::remainder(s.alpha - plane.alpha0 - 3.14159265358979323846, 6.283185307179586), 0.0, kRayAngleTol);
        EXPECT_GT(x(0), 0.0);
    }
    const double brute = test::findBruteForceMinimum(p);
    EXPECT_LE(s.objective, brute + 1e-9 * std::abs(brute));
}

TEST(MaxDissipationBranches, EllipseIsTheAcademicProblem) {
    MaxDissipationSolution s;
    solvePaper(test::makeAcademicTable1(), &s);
    EXPECT_EQ(s.branch, MaxDissipationBranch::ConicBoundary);
    EXPECT_EQ(s.conic, ConicType::Ellipse);
}

TEST(MaxDissipationBranches, HyperbolaWithTwoLocalMinima) {
    // C.2.3 item 7, the stand-in for Figs. 2-4.
    PaperFrameProblem p;
    p.A << 0.36, 0.46, 0.36, 0.46, 1.73, 1.54, 0.36, 1.54, 1.6;
    p.b = Vec3(0.5, 0.0, -0.5);
    p.mu = 0.9;
    MaxDissipationSolution s;
    const Vec3 x = solvePaper(p, &s);
    EXPECT_EQ(s.branch, MaxDissipationBranch::ConicBoundary);
    EXPECT_EQ(s.conic, ConicType::Hyperbola);
    expectVecNear(x, Vec3(1.8755209867, 0.7875715650, -1.4929735420), kTable1Tol, "x*");
    EXPECT_NEAR(s.objective, -0.8707105330, kTable1Tol);
    EXPECT_NEAR(s.alpha, -1.085376835, kTable1Tol);
    // The three stationary angles on the arc, with their f_obj.
    const CompressionPlane plane = CompressionPlane::make(p);
    const TrigRoots roots = findTrigPoly2Roots(plane.calcStationarity(), plane.calcPolynomialScale());
    const double expected[3][2] = {{-1.085376835, -0.523488311}, {2.473747850, 0.460854375}, {1.296850106, 0.947662219}};
    for (const auto& e : expected) {
        bool found = false;
        for (int i = 0; i < roots.count; ++i)
            if (std::abs(roots.alpha[i] - e[0]) < 1e-8) {
                found = true;
                EXPECT_TRUE(plane.isFeasibleAngle(roots.alpha[i]));
                EXPECT_NEAR(plane.calcFobj(roots.alpha[i]), e[1], kTable1Tol);
            }
        EXPECT_TRUE(found) << e[0];
    }
}

// --- The Painleve rod on both sides of mu* (C.2.2) ------------------------

TEST(MaxDissipationPainleve, MuStarSeparatesZeroFromLambda0) {
    const double thetas[3] = {0.7853981633974483, std::atan(2.0), 0.5235987755982988};
    const double muStars[3] = {5.0 / 3.0, 4.0 / 3.0, 2.5018511665};
    const Vec3 lambda0[3] = {{0.625, 0.0, 0.375}, {0.4, 0.0, 0.3}, {0.8125, 0.0, 0.3247595264}};
    for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(calcPainleveMuStar(thetas[k]), muStars[k], kMuStarTol);
        for (double factor : {0.5, 1.0 - 1e-3, 1.0 + 1e-3, 2.0}) {
            const double mu = factor * calcPainleveMuStar(thetas[k]);
            const PainleveRodProblem rod = makePainleveRod({thetas[k], mu, 1.0, 1.0, 1.0});
            expectVecNear(rod.lambda0, lambda0[k], 1e-10, "Lambda0");
            const MaxDissipationSolution s = calcMaxDissipationImpulse(rod.problem.W, rod.problem.vMinus, mu);
            const CoulombSolutionSet c = findCoulombInelasticSolutions(rod.problem.W, rod.problem.vMinus, mu);
            const std::string where = "theta0 " + std::to_string(thetas[k]) + " mu/mu* " + std::to_string(factor);
            EXPECT_FALSE(c.continuum) << where;
            if (factor > 1.0) {
                expectVecNear(s.impulse, lambda0[k], 1e-10, where);
                EXPECT_EQ(s.branch, MaxDissipationBranch::Sticking) << where;
                ASSERT_EQ(c.solutions.size(), 2u) << where << ": 0 and Lambda0";
                expectVecNear(c.solutions[0].impulse, lambda0[k], 1e-10, where);
                EXPECT_EQ(c.solutions[1].impulse, Vec3::Zero()) << where;
            } else {
                EXPECT_EQ(s.impulse, Vec3::Zero()) << where;
                EXPECT_EQ(s.branch, MaxDissipationBranch::GrazingPoint) << where;
                ASSERT_EQ(c.solutions.size(), 1u) << where << ": 0 only";
                EXPECT_EQ(c.solutions[0].impulse, Vec3::Zero()) << where;
            }
        }
    }
}

TEST(MaxDissipationPainleve, AtMuStarTheCoulombSolutionsAreASegment) {
    for (double theta : {0.7853981633974483, std::atan(2.0), 0.5235987755982988, 1.2}) {
        const double mu = calcPainleveMuStar(theta);
        const PainleveRodProblem rod = makePainleveRod({theta, mu, 1.0, 1.0, 1.0});
        const CoulombSolutionSet c = findCoulombInelasticSolutions(rod.problem.W, rod.problem.vMinus, mu);
        EXPECT_TRUE(c.continuum) << theta;
        EXPECT_EQ(c.conic, ConicType::Parabola) << theta;
        ASSERT_EQ(c.solutions.size(), 2u) << theta;
        expectVecNear(c.solutions[0].impulse, rod.lambda0, 1e-10, "end Lambda0");
        EXPECT_EQ(c.solutions[1].impulse, Vec3::Zero());
        for (const CoulombSolution& s : c.solutions) EXPECT_EQ(s.kind, CoulombSolutionKind::ContinuumEnd);
        // The max-dissipation impulse is the Lambda0 end (it is the unconstrained minimum).
        const MaxDissipationSolution s = calcMaxDissipationImpulse(rod.problem.W, rod.problem.vMinus, mu);
        expectVecNear(s.impulse, rod.lambda0, 1e-10, "x*");
    }
}
}}  // namespace
