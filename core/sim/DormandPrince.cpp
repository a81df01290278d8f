#include "sim/DormandPrince.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace impactlab {

namespace {

// Butcher tableau of RK5(4)7M (Dormand & Prince 1980, table 2).
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                 a65 = -5103.0 / 18656;
constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
// Error weights: fifth- minus fourth-order weights.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                 e6 = 22.0 / 525, e7 = -1.0 / 40;
// Shampine's dense output (Hairer, Norsett & Wanner, II.6).
constexpr double d1 = -12715105075.0 / 11282082432, d3 = 87487479700.0 / 32700410799,
                 d4 = -10690763975.0 / 1880347072, d5 = 701980252875.0 / 199316789632,
                 d6 = -1453857185.0 / 822651844, d7 = 69997945.0 / 29380423;

}  // namespace

DormandPrince45::DormandPrince45(Rhs rhs, int size) : rhs_(std::move(rhs)) {
    for (auto& k : k_) k.resize(size);
    for (auto& d : dense_) d.resize(size);
    yStage_.resize(size);
    yNew_.resize(size);
    y0_.resize(size);
}

double DormandPrince45::tryStep(double t, const Vector& y, const Vector& dydt, double h, double absTol,
                                double relTol) {
    h_ = h;
    k_[0] = dydt;
    yStage_ = y + h * a21 * k_[0];
    rhs_(t + c2 * h, yStage_, k_[1]);
    yStage_ = y + h * (a31 * k_[0] + a32 * k_[1]);
    rhs_(t + c3 * h, yStage_, k_[2]);
    yStage_ = y + h * (a41 * k_[0] + a42 * k_[1] + a43 * k_[2]);
    rhs_(t + c4 * h, yStage_, k_[3]);
    yStage_ = y + h * (a51 * k_[0] + a52 * k_[1] + a53 * k_[2] + a54 * k_[3]);
    rhs_(t + c5 * h, yStage_, k_[4]);
    yStage_ = y + h * (a61 * k_[0] + a62 * k_[1] + a63 * k_[2] + a64 * k_[3] + a65 * k_[4]);
    rhs_(t + h, yStage_, k_[5]);
    yNew_ = y + h * (b1 * k_[0] + b3 * k_[2] + b4 * k_[3] + b5 * k_[4] + b6 * k_[5]);
    rhs_(t + h, yNew_, k_[6]);
    evaluations_ += 6;

    double sum = 0.0;
    const Eigen::Index n = y.size();
    for (Eigen::Index i = 0; i < n; ++i) {
        const double err =
            h * (e1 * k_[0][i] + e3 * k_[2][i] + e4 * k_[3][i] + e5 * k_[4][i] + e6 * k_[5][i] + e7 * k_[6][i]);
        const double scale = absTol + relTol * std::max(std::abs(y[i]), std::abs(yNew_[i]));
        sum += (err / scale) * (err / scale);
    }
    const double norm = n > 0 ? std::sqrt(sum / static_cast<double>(n)) : 0.0;

    // Continuous extension coefficients of this step.
    y0_ = y;
    dense_[0] = y;
    dense_[1] = yNew_ - y;
    dense_[2] = h * k_[0] - dense_[1];
    dense_[3] = dense_[1] - h * k_[6] - dense_[2];
    dense_[4] = h * (d1 * k_[0] + d3 * k_[2] + d4 * k_[3] + d5 * k_[4] + d6 * k_[5] + d7 * k_[6]);
    return std::isfinite(norm) ? norm : std::numeric_limits<double>::infinity();
}

double DormandPrince45::estimateStiffness() const {
    const double dy = (yNew_ - yStage_).norm();
    return dy > 0.0 ? h_ * (k_[6] - k_[5]).norm() / dy : 0.0;
}

void DormandPrince45::interpolate(double theta, Vector& out) const {
    const double theta1 = 1.0 - theta;
    out = dense_[0] + theta * (dense_[1] + theta1 * (dense_[2] + theta * (dense_[3] + theta1 * dense_[4])));
}

double calcHairerInitialStep(const std::function<void(double, const Eigen::VectorXd&, Eigen::VectorXd&)>& rhs,
                             double t, const Eigen::VectorXd& y, const Eigen::VectorXd& dydt, double absTol,
                             double relTol, double hMax, int& evaluations) {
    using Vector = Eigen::VectorXd;
    const Eigen::Index n = y.size();
    if (n == 0) return hMax;
    const Vector scale = (absTol + relTol * y.array().abs()).matrix();
    const double d0 = (y.array() / scale.array()).matrix().norm() / std::sqrt(double(n));
    const double d1n = (dydt.array() / scale.array()).matrix().norm() / std::sqrt(double(n));
    double h0 = (d0 < 1e-5 || d1n < 1e-5) ? 1e-6 : 0.01 * d0 / d1n;
    h0 = std::min(h0, hMax);
    // Second derivative from one explicit Euler step.
    Vector y1 = y + h0 * dydt;
    Vector f1(n);
    rhs(t + h0, y1, f1);
    ++evaluations;
    const double d2 = ((f1 - dydt).array() / scale.array()).matrix().norm() / std::sqrt(double(n)) / h0;
    const double dmax = std::max(d1n, d2);
    const double h1 = dmax <= 1e-15 ? std::max(1e-6, h0 * 1e-3) : std::pow(0.01 / dmax, 1.0 / 5.0);
    return std::min({100.0 * h0, h1, hMax});
}

double DormandPrince45::calcInitialStep(double t, const Vector& y, const Vector& dydt, double absTol,
                                        double relTol, double hMax) {
    return calcHairerInitialStep(rhs_, t, y, dydt, absTol, relTol, hMax, evaluations_);
}

double calcStepFactor(double errorNorm, bool afterRejection, int errorOrder) {
    const double maxFactor = afterRejection ? 1.0 : kMaxStepFactor;
    if (errorNorm <= 0.0) return maxFactor;
    return std::clamp(kStepSafety * std::pow(errorNorm, -1.0 / errorOrder), kMinStepFactor, maxFactor);
}

double DormandPrince45::calcStepFactor(double errorNorm, bool afterRejection) {
    return impactlab::calcStepFactor(errorNorm, afterRejection, 5);
}

}  // namespace impactlab
