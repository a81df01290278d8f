// The Rosenbrock method RODAS (sim/Rodas4.h): its order on a smooth problem,
// its continuous extension, L-stability on a stiff one, and the block solve of
// quadrature components, each against a closed-form solution.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/DormandPrince.h"
#include "sim/Rodas4.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Coupling z or not changes the result by round-off only.
constexpr double kRoundOffTol = 1e-13;
// After the transient u = v + O(1 / lambda), to the integrator's tolerance.
constexpr double kStiffLimitTol = 1e-7;
// The estimate h |lambda| = 1e-4 * 2e4 is a Rayleigh quotient: round-off of a difference quotient.
constexpr double kStiffnessTol = 1e-9;
// The estimate h |lambda| = 1e-4 of the slow mode: round-off only.
constexpr double kSlowModeTol = 1e-12;

using Vector = Eigen::VectorXd;

// y'' = -y as (y, y'), with a third, quadrature component z' = y^2 (so
// z(t) = t/2 - sin(2t)/4 from y = sin t).
void oscillator(double, const Vector& y, Vector& dydt) {
    dydt.resize(3);
    dydt << y[1], -y[0], y[0] * y[0];
}

Vector exactOscillator(double t) {
    Vector y(3);
    y << std::sin(t), std::cos(t), 0.5 * t - 0.25 * std::sin(2 * t);
    return y;
}

// Fixed steps over [0, T]; returns the error at T (max norm).
double integrateFixed(int steps, int coupled) {
    const double T = 2.0;
    Rodas4 stepper(oscillator, 3, coupled);
    Vector y = exactOscillator(0.0), dydt(3);
    const double h = T / steps;
    double t = 0.0;
    for (int i = 0; i < steps; ++i) {
        oscillator(t, y, dydt);
        stepper.tryStep(t, y, dydt, h, 1e-6, 1e-6);
        y = stepper.yNew();
        t += h;
    }
    return (y - exactOscillator(T)).lpNorm<Eigen::Infinity>();
}


TEST(Rodas4, GlobalErrorFallsWithTheFourthPowerOfTheStep) {
    // Halving h divides a fourth-order method's error by 16 (15 to 17 here).
    const double e1 = integrateFixed(40, 3), e2 = integrateFixed(80, 3);
    EXPECT_GT(e1 / e2, 14.0);
    EXPECT_LT(e1 / e2, 18.0);
    EXPECT_LT(e2, 1e-7);
}

TEST(Rodas4, QuadratureComponentsNeedNoJacobianColumns) {
    // z does not feed back: taking only (y, y') as coupled changes nothing but
    // round-off, and saves one evaluation per Jacobian.
    EXPECT_NEAR(integrateFixed(40, 2), integrateFixed(40, 3), kRoundOffTol);
    Rodas4 a(oscillator, 3, 2), b(oscillator, 3, 3);
    Vector y = exactOscillator(0.0), dydt(3);
    oscillator(0.0, y, dydt);
    a.tryStep(0.0, y, dydt, 0.1, 1e-6, 1e-6);
    b.tryStep(0.0, y, dydt, 0.1, 1e-6, 1e-6);
    EXPECT_LT((a.yNew() - b.yNew()).lpNorm<Eigen::Infinity>(), 1e-14);
    EXPECT_EQ(a.rhsEvaluations() + 1, b.rhsEvaluations());
}

TEST(Rodas4, ContinuousExtensionIsThirdOrderInsideAStep) {
    // Local error of the interpolant at theta = 0.3 and 0.7 scales as h^4.
    auto interpolationError = [](double h) {
        Rodas4 stepper(oscillator, 3, 3);
        Vector y = exactOscillator(0.0), dydt(3), out(3);
        oscillator(0.0, y, dydt);
        stepper.tryStep(0.0, y, dydt, h, 1e-6, 1e-6);
        double e = 0.0;
        for (double theta : {0.3, 0.7}) {
            stepper.interpolate(theta, out);
            e = std::max(e, (out - exactOscillator(theta * h)).lpNorm<Eigen::Infinity>());
        }
        // Both ends are the step's own values.
        stepper.interpolate(0.0, out);
        EXPECT_LT((out - y).lpNorm<Eigen::Infinity>(), 1e-15);
        stepper.interpolate(1.0, out);
        EXPECT_LT((out - stepper.yNew()).lpNorm<Eigen::Infinity>(), 1e-15);
        return e;
    };
    // At least 16 for an error O(h^4); this smooth problem shows about 2^5.
    EXPECT_GT(interpolationError(0.2) / interpolationError(0.1), 14.0);
    EXPECT_LT(interpolationError(0.1), 1e-6);
}

TEST(Rodas4, StiffDecayIsDampedInOneStepAndTheSlowModeFollowed) {
    // u' = -1e8 (u - v), v' = -v: u locks onto v within 1e-8 s and then both
    // decay as e^-t. An explicit method would need steps below 3e-8 s.
    const double lambda = 1e8;
    auto rhs = [lambda](double, const Vector& y, Vector& dydt) {
        dydt.resize(2);
        dydt << -lambda * (y[0] - y[1]), -y[1];
    };
    // L-stability: one step with h lambda = 1e7 leaves nothing of the fast mode.
    {
        Rodas4 stepper(rhs, 2, 2);
        Vector y(2), dydt(2);
        y << 1.0, 0.0;
        rhs(0.0, y, dydt);
        stepper.tryStep(0.0, y, dydt, 0.1, 1e-6, 1e-6);
        EXPECT_LT(std::abs(stepper.yNew()[0]), 1e-6);
    }
    // Adaptive over [0, 2] from u = 0, v = 1.
    Rodas4 stepper(rhs, 2, 2);
    Vector y(2), dydt(2);
    y << 0.0, 1.0;
    rhs(0.0, y, dydt);
    const double tol = 1e-8, T = 2.0;
    double t = 0.0, h = stepper.calcInitialStep(t, y, dydt, tol, tol, 0.1);
    int steps = 0;
    bool rejected = false;
    while (t < T && steps < 10000) {
        h = std::min(h, T - t);
        const double err = stepper.tryStep(t, y, dydt, h, tol, tol);
        ++steps;
        if (err > 1.0) {
            h *= Rodas4::calcStepFactor(err, true);
            rejected = true;
            continue;
        }
        t += h;
        y = stepper.yNew();
        dydt = stepper.dydtNew();
        h *= Rodas4::calcStepFactor(err, rejected);
        rejected = false;
    }
    EXPECT_LT(steps, 400);
    // Exact: v = e^-t, u = v + O(1/lambda) after the transient.
    EXPECT_NEAR(y[1], std::exp(-T), kStiffLimitTol);
    EXPECT_NEAR(y[0], std::exp(-T), kStiffLimitTol);
}

TEST(DormandPrince45, StiffnessEstimateIsHLambdaOnALinearProblem) {
    // On y' = A y the estimate's quotient is a Rayleigh quotient of A; with one
    // mode excited it is exactly that mode's h |lambda|, the figure the
    // compliant run compares with the explicit pair's stability limit (3.3).
    auto rhs = [](double, const Vector& y, Vector& dydt) {
        dydt.resize(2);
        dydt << -2e4 * y[0], -1.0 * y[1];
    };
    DormandPrince45 stepper(rhs, 2);
    Vector y(2), dydt(2);
    y << 1.0, 0.0;
    rhs(0.0, y, dydt);
    stepper.tryStep(0.0, y, dydt, 1e-4, 1e-6, 1e-6);
    EXPECT_NEAR(stepper.estimateStiffness(), 2.0, kStiffnessTol);
    y << 0.0, 1.0;
    rhs(0.0, y, dydt);
    stepper.tryStep(0.0, y, dydt, 1e-4, 1e-6, 1e-6);
    EXPECT_NEAR(stepper.estimateStiffness(), 1e-4, kSlowModeTol);
}
}}  // namespace
