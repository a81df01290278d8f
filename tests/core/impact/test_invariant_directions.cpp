// Invariant directions of sliding (Jia & Wang eq. 33, Theorem 5, Appendix A):
// the reference table A2.3, the special cases, and Theorem 5 on random inputs.
#include <gtest/gtest.h>

#include <cmath>

#include "impact/InvariantDirections.h"
#include "support/TestSupport.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

constexpr double kDeg = 180.0 / kPi;
// Reference A2.3 prints angles to 1e-4 deg, lambda to 1e-5 and the quartic to
// 1e-6, computed from the same B and d: the brief's tolerances leave a factor
// of ten for rounding.
constexpr double kAngleTolDeg = 1e-3;
constexpr double kLambdaTol = 1e-4;
constexpr double kQuarticTol = 1e-5;
// |f| of a polished root, relative to mu |B| + |d|: the solver's own bound.
constexpr double kResidualRelTol = kInvariantResidualRelTol;
// Unit vectors, angles (rad) and lambdas (relative to mu |B| + |d|) recomputed
// from the same numbers, or by Newton from another start: a few hundred ulps.
constexpr double kRoundOffTol = 1e-12;

// Averaging the printed W's b12 and b21 moves the coefficient by 3.5e-9.
constexpr double kAveragedWTol = 1e-8;
// Printed to four digits: half a unit in the last place.
constexpr double kFourDigitTol = 5e-5;

// B and d of eq. 13 as printed (upper triangle), which A2.3 uses.
Mat2 paperB() { return (Mat2() << 11.5984, -0.910367, -0.910367, 9.90134).finished(); }
Vec2 paperD() { return Vec2(2.44236, 1.95747); }

struct Ray {
    double angleDeg, lambda;
};
struct TableRow {
    double mu;
    InvariantQuartic quartic;
    std::vector<Ray> rays;
};

std::vector<TableRow> referenceTable() {
    auto q = [](double a4, double a3, double a2, double a1, double a0) {
        return (InvariantQuartic() << a4, a3, a2, a1, a0).finished();
    };
    return {
        {0.8, q(-1.229176, -7.600016, -4.369762, -2.169424, 2.685764), {{49.1435, -4.70312}, {200.1840, -11.61315}}},
        {0.4, q(-1.593323, -6.242368, -2.184881, -3.527072, 2.321617), {{44.9484, -0.82496}, {209.9596, -7.24851}}},
        {0.25, q(-1.729878, -5.733250, -1.365551, -4.036190, 2.185062), {{42.8935, 0.64558}, {213.5016, -5.67790}}},
        {3.0, q(0.773631, -15.067080, -16.386606, 5.297640, 4.688571),
         {{58.3220, -25.71854}, {174.4125, -37.51640}, {265.2253, -31.44018}, {308.0132, -34.32331}}},
        {0.35, q(-1.638842, -6.072662, -1.911771, -3.696778, 2.276098), {{44.2977, -0.33608}, {211.1660, -6.72105}}},
        {0.55, q(-1.456768, -6.751486, -3.004211, -3.017954, 2.458172), {{46.7160, -2.28520}, {206.2564, -8.85548}}},
    };
}

void expectRaysValid(const Mat2& B, const Vec2& d, double mu, const InvariantDirectionSet& set) {
    const double scale = mu * B.norm() + d.norm();
    for (const auto& r : set.rays) {
        EXPECT_NEAR(r.direction.norm(), 1.0, kRoundOffTol);
        EXPECT_NEAR(std::atan2(r.direction.y(), r.direction.x()), std::remainder(r.angle, 2 * kPi), kRoundOffTol);
        EXPECT_LE(std::abs(calcInvariantResidual(B, d, mu, r.direction)), kResidualRelTol * scale);
        EXPECT_NEAR(r.lambda, r.direction.dot(-mu * B * r.direction + d), kRoundOffTol * scale);
    }
}


TEST(InvariantDirections, ReferenceTableA23) {
    const Mat2 B = paperB();
    const Vec2 d = paperD();
    for (const TableRow& row : referenceTable()) {
        SCOPED_TRACE("mu = " + std::to_string(row.mu));
        const InvariantDirectionSet set = findInvariantDirections(B, d, row.mu);
        EXPECT_LE((set.quartic - row.quartic).cwiseAbs().maxCoeff(), kQuarticTol) << set.quartic.transpose();
        EXPECT_FALSE(set.everyDirectionInvariant);
        ASSERT_EQ(set.rays.size(), row.rays.size());
        for (std::size_t k = 0; k < row.rays.size(); ++k) {
            EXPECT_NEAR(set.rays[k].angle * kDeg, row.rays[k].angleDeg, kAngleTolDeg);
            EXPECT_NEAR(set.rays[k].lambda, row.rays[k].lambda, kLambdaTol);
            EXPECT_EQ(set.rays[k].isCentrifugal(), row.rays[k].lambda > 0.0);
        }
        expectRaysValid(B, d, row.mu, set);
    }
}

TEST(InvariantDirections, ReferenceCountsOfTheFigures) {
    // Fig. 4(b) two cp; 4(c) and Fig. 8 one cp + one cf; 4(d) four cp; Fig. 6 two cp.
    auto count = [](double mu) {
        const InvariantDirectionSet set = findInvariantDirections(paperB(), paperD(), mu);
        int cf = 0;
        for (const auto& r : set.rays) cf += r.isCentrifugal();
        return std::pair<int, int>{static_cast<int>(set.rays.size()) - cf, cf};
    };
    EXPECT_EQ(count(0.4), (std::pair<int, int>{2, 0}));
    EXPECT_EQ(count(0.25), (std::pair<int, int>{1, 1}));
    EXPECT_EQ(count(3.0), (std::pair<int, int>{4, 0}));
    EXPECT_EQ(count(0.8), (std::pair<int, int>{2, 0}));
}

TEST(InvariantDirections, PinBallNearlyDegenerateQuartic) {
    // Reference A2.6: (-1, 0) is almost invariant and one root sits near
    // eta = -3900; four centripetal rays. The eta^4 coefficient -mu b12 - d2 is
    // 0.0014622 (the reference prints 0.00146235, a digit dropped from
    // 0.001462235, the value with the upper-triangle b12).
    Mat3 W;
    W << 1.55465, 0.00238675, -0.360808, 0.00238676, 5.15191, -0.00313296, -0.360808, -0.00313296, 1.105;
    W = 0.5 * (W + W.transpose()).eval();   // as ImpactProblem stores it
    const Mat2 B = W.topLeftCorner<2, 2>();
    const Vec2 d = W.topRightCorner<2, 1>();
    const InvariantDirectionSet set = findInvariantDirections(B, d, 0.7);
    EXPECT_NEAR(set.quartic(0), -0.7 * B(0, 1) - d.y(), kRoundOffTol);
    // Averaging the printed W's b12 and b21 (5e-9 apart) moves it by 3.5e-9.
    EXPECT_NEAR(set.quartic(0), 0.001462235, kAveragedWTol);
    const std::vector<Ray> expected = {{81.7352, -3.60975}, {180.0291, -0.72745}, {278.2113, -3.60293}, {359.8724, -1.44906}};
    ASSERT_EQ(set.rays.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        EXPECT_NEAR(set.rays[k].angle * kDeg, expected[k].angleDeg, kAngleTolDeg);
        EXPECT_NEAR(set.rays[k].lambda, expected[k].lambda, kLambdaTol);
    }
    expectRaysValid(B, d, 0.7, set);
}

TEST(InvariantDirections, MinusXIsFoundWhenExactlyInvariant) {
    // mu b12 + d2 = 0 makes (-1, 0) invariant and the quartic lose its eta^4
    // term: the paper checks this direction first.
    const Mat2 B = (Mat2() << 2.0, 0.5, 0.5, 1.0).finished();
    const Vec2 d(0.3, -0.5);
    const InvariantDirectionSet set = findInvariantDirections(B, d, 1.0);
    EXPECT_EQ(set.quartic(0), 0.0);
    bool found = false;
    for (const auto& r : set.rays) found |= std::abs(r.angle - kPi) < 1e-9;
    EXPECT_TRUE(found);
    EXPECT_GE(set.rays.size(), 2u);
    EXPECT_LE(set.rays.size(), 4u);
    expectRaysValid(B, d, 1.0, set);
}

TEST(InvariantDirections, EveryDirectionWhenIsotropicAndCentral) {
    // Theorem 5(i): the ball on a half-space, B = 3.5 U, d = 0.
    const InvariantDirectionSet ball = findInvariantDirections(3.5 * Mat2::Identity(), Vec2::Zero(), 0.2);
    EXPECT_TRUE(ball.everyDirectionInvariant);
    EXPECT_TRUE(ball.rays.empty());
    // Without friction and coupling gamma does not move at all.
    EXPECT_TRUE(findInvariantDirections((Mat2() << 2, 1, 1, 3).finished(), Vec2::Zero(), 0.0).everyDirectionInvariant);
}

TEST(InvariantDirections, DiagonalCaseOfTheoremEight) {
    // Theorem 8(ii) with B = diag(3, 1), mu = 1, d = (0, 1): cos phi (2 sin phi + 1) = 0
    // gives 90 and 270 deg, and sin phi = -1/2: 210 and 330 deg.
    const InvariantDirectionSet set = findInvariantDirections(Vec2(3.0, 1.0).asDiagonal(), Vec2(0.0, 1.0), 1.0);
    ASSERT_EQ(set.rays.size(), 4u);
    const double expected[] = {90.0, 210.0, 270.0, 330.0};
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(set.rays[k].angle, expected[k] / kDeg, kRoundOffTol);
}

TEST(InvariantDirections, FrictionlessRaysAreAlongD) {
    // mu = 0: gamma' = d, so the rays are +-d^, and +d^ is centrifugal
    // (||B^-1 d|| > 0 = mu, Theorem 5(iv)).
    const Vec2 d(0.6, -0.8);
    const InvariantDirectionSet set = findInvariantDirections((Mat2() << 2, 0.3, 0.3, 1).finished(), d, 0.0);
    ASSERT_EQ(set.rays.size(), 2u);
    const auto cf = set.findCentrifugal();
    ASSERT_TRUE(cf.has_value());
    EXPECT_LE((cf->direction - d.normalized()).norm(), kRoundOffTol);
    EXPECT_NEAR(cf->lambda, d.norm(), kRoundOffTol);
}

TEST(InvariantDirections, CentrifugalDirectionOfResumedSlip) {
    // mu = 0.25 < ||B^-1 d|| = 0.3157: the unique cf ray at 42.8935 deg (A2.3);
    // mu = 0.8: none, the contact sticks.
    const auto cf = findCentrifugalDirection(paperB(), paperD(), 0.25);
    ASSERT_TRUE(cf.has_value());
    EXPECT_NEAR(std::atan2(cf->y(), cf->x()) * kDeg, 42.8935, kAngleTolDeg);
    EXPECT_FALSE(findCentrifugalDirection(paperB(), paperD(), 0.8).has_value());
}

TEST(InvariantDirections, PolishConvergesToTheNearbyRay) {
    const InvariantDirectionSet set = findInvariantDirections(paperB(), paperD(), 3.0);
    for (const auto& r : set.rays) {
        const auto p = polishInvariantDirection(paperB(), paperD(), 3.0, r.angle + 0.01);
        ASSERT_TRUE(p.has_value());
        EXPECT_NEAR(p->angle, r.angle, kRoundOffTol);
        EXPECT_NEAR(p->lambda, r.lambda, kRoundOffTol * (3.0 * paperB().norm() + paperD().norm()));
    }
}

TEST(InvariantDirections, TheoremFiveOnRandomInputs) {
    // Two to four directions; none centrifugal when ||B^-1 d|| <= mu and exactly
    // one otherwise; and no root missed: a fine scan of f finds as many sign
    // changes as there are simple roots.
    test::RandomBodies rnd(51);
    int withCentrifugal = 0, withFour = 0;
    const int trials = test::getTrialCount(400);
    for (int k = 0; k < trials; ++k) {
        Mat2 A;
        A << rnd.uniform(-1, 1), rnd.uniform(-1, 1), rnd.uniform(-1, 1), rnd.uniform(-1, 1);
        const Mat2 B = A * A.transpose() + 0.05 * Mat2::Identity();
        const Vec2 d(rnd.uniform(-1, 1), rnd.uniform(-1, 1));
        const double mu = rnd.uniform(0.0, 2.0);
        const InvariantDirectionSet set = findInvariantDirections(B, d, mu);
        ASSERT_FALSE(set.everyDirectionInvariant);
        ASSERT_GE(set.rays.size(), 2u) << k;
        ASSERT_LE(set.rays.size(), 4u) << k;
        int cf = 0;
        for (const auto& r : set.rays) cf += r.isCentrifugal();
        const bool slips = (B.inverse() * d).norm() > mu;
        EXPECT_EQ(cf, slips ? 1 : 0) << k;
        withCentrifugal += slips;
        withFour += set.rays.size() == 4;
        expectRaysValid(B, d, mu, set);

        constexpr int kScan = 20000;
        int signChanges = 0;
        auto f = [&](int i) {
            const double phi = 2 * kPi * (i + 0.5) / kScan;   // off the roots found exactly
            return calcInvariantResidual(B, d, mu, Vec2(std::cos(phi), std::sin(phi)));
        };
        for (int i = 0; i < kScan; ++i) signChanges += (f(i) < 0) != (f((i + 1) % kScan) < 0);
        EXPECT_EQ(signChanges, static_cast<int>(set.rays.size())) << k;
    }
    // The sample must exercise both halves of Theorem 5 and the four-ray case.
    EXPECT_GT(withCentrifugal, trials / 10);
    EXPECT_GT(withFour, trials / 10);
}

TEST(InvariantDirections, RaysTurnWithTheFrame) {
    // Rotating the tangent frame by a rotates every ray by a and keeps lambda.
    const Mat2 B = paperB();
    const Vec2 d = paperD();
    for (double mu : {0.25, 0.8, 3.0}) {
        const double a = 0.7;
        const Mat2 R = Eigen::Rotation2Dd(a).toRotationMatrix();
        const InvariantDirectionSet p = findInvariantDirections(B, d, mu);
        const InvariantDirectionSet q = findInvariantDirections(R.transpose() * B * R, R.transpose() * d, mu);
        ASSERT_EQ(p.rays.size(), q.rays.size());
        for (const auto& r : q.rays) {
            const auto match = p.findNearest(R * r.direction);
            ASSERT_TRUE(match.has_value());
            EXPECT_LE((match->direction - R * r.direction).norm(), kRoundOffTol);
            EXPECT_NEAR(match->lambda, r.lambda, kRoundOffTol * (mu * B.norm() + d.norm()));
        }
    }
}

TEST(InvariantDirections, StickThresholdOfTheIcosahedron) {
    // Jia & Wang sec. 5 / reference A2.2: ||B^-1 d|| = 0.3157 for W of eq. 13
    // (0.3157003 with the block of eq. 13); printed to four digits.
    Mat3 W;
    W << 11.5984, -0.910367, 2.44236, -0.910367, 9.90134, 1.95747, 2.44236, 1.95747, 2.59042;
    EXPECT_NEAR(calcStickThreshold(W), 0.3157, kFourDigitTol);
    // A central impact (d = 0) always sticks: the threshold is zero.
    EXPECT_EQ(calcStickThreshold(Vec3(3.5, 3.5, 1.0).asDiagonal()), 0.0);
}
}}  // namespace
