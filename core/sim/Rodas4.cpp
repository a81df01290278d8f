#include "sim/Rodas4.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/DormandPrince.h"

namespace impactlab {

namespace {

// RODAS (Hairer & Wanner, Solving ODEs II, sec. IV.7, their code's method 1).
constexpr double gamma = 0.25;
constexpr double a21 = 1.544;
constexpr double a31 = 0.9466785280815826, a32 = 0.2557011698983284;
constexpr double a41 = 3.314825187068521, a42 = 2.896124015972201, a43 = 0.9986419139977817;
constexpr double a51 = 1.221224509226641, a52 = 6.019134481288629, a53 = 12.53708332932087,
                 a54 = -0.6878860361058950;
constexpr double c21 = -5.6688;
constexpr double c31 = -2.430093356833875, c32 = -0.2063599157091915;
constexpr double c41 = -0.1073529058151375, c42 = -9.594562251023355, c43 = -20.47028614809616;
constexpr double c51 = 7.496443313967647, c52 = -10.24680431464352, c53 = -33.99990352819905,
                 c54 = 11.70890893206160;
constexpr double c61 = 8.083246795921522, c62 = -7.981132988064893, c63 = -31.52159432874371,
                 c64 = 16.31930543123136, c65 = -6.058818238834054;
constexpr double cStage2 = 0.386, cStage3 = 0.21, cStage4 = 0.63;
// Continuous extension: y(t0 + s h) = (1 - s) y0 + s (y1 + (1 - s) (D2 + s D3)),
// D2 = sum d2j u_j, D3 = sum d3j u_j.
constexpr double d21 = 10.12623508344586, d22 = -7.487995877610167, d23 = -34.80091861555747,
                 d24 = -7.992771707568823, d25 = 1.025137723295662;
constexpr double d31 = -0.6762803392801253, d32 = 6.087714651680015, d33 = 16.43084320892478,
                 d34 = 24.76722511418386, d35 = -6.594389125716872;

// Forward-difference increment of component j: sqrt(eps max(floor, |y_j|))
// (the increment of Hairer & Wanner's codes).
constexpr double kJacobianIncrementFloor = 1e-5;

}  // namespace

Rodas4::Rodas4(Rhs rhs, int size, int coupledSize)
    : rhs_(std::move(rhs)), size_(size), coupled_(std::clamp(coupledSize, 0, size)) {
    jacobian_.resize(size_, coupled_);
    for (auto& u : u_) u.resize(size_);
    yStage_.resize(size_);
    f_.resize(size_);
    r_.resize(size_);
    yNew_.resize(size_);
    fNew_.resize(size_);
    y0_.resize(size_);
    for (auto& d : dense_) d.resize(size_);
}

void Rodas4::calcJacobian(double t, const Vector& y, const Vector& dydt) {
    yStage_ = y;
    for (int j = 0; j < coupled_; ++j) {
        const double delta = std::sqrt(std::numeric_limits<double>::epsilon() *
                                       std::max(kJacobianIncrementFloor, std::abs(y[j])));
        yStage_[j] = y[j] + delta;
        rhs_(t, yStage_, f_);
        jacobian_.col(j) = (f_ - dydt) / delta;
        yStage_[j] = y[j];
    }
    evaluations_ += coupled_;
    jacobianPoint_ = y;
    jacobianTime_ = t;
    haveJacobian_ = true;
    hGamma_ = 0.0;   // the factorisation belongs to the old J
}

void Rodas4::solve(const Vector& r, Vector& u) const {
    const int n1 = coupled_;
    if (n1 > 0) u.head(n1) = lu_.solve(r.head(n1));
    const int n2 = size_ - n1;
    if (n2 > 0) {
        u.tail(n2) = r.tail(n2);
        if (n1 > 0) u.tail(n2).noalias() += jacobian_.bottomRows(n2) * u.head(n1);
        u.tail(n2) *= hGamma_;
    }
}

double Rodas4::tryStep(double t, const Vector& y, const Vector& dydt, double h, double absTol, double relTol) {
    if (!haveJacobian_ || t != jacobianTime_ || y != jacobianPoint_) calcJacobian(t, y, dydt);
    if (h * gamma != hGamma_) {
        hGamma_ = h * gamma;
        if (coupled_ > 0) {
            Eigen::MatrixXd w = -jacobian_.topRows(coupled_);
            w.diagonal().array() += 1.0 / hGamma_;
            lu_.compute(w);
        }
    }
    const double invH = 1.0 / h;
    Vector* u = u_;
    // Stage 1: W u1 = f(y0).
    solve(dydt, u[0]);
    // Stage 2.
    yStage_ = y + a21 * u[0];
    rhs_(t + cStage2 * h, yStage_, f_);
    r_ = f_ + (c21 * invH) * u[0];
    solve(r_, u[1]);
    // Stage 3.
    yStage_ = y + a31 * u[0] + a32 * u[1];
    rhs_(t + cStage3 * h, yStage_, f_);
    r_ = f_ + invH * (c31 * u[0] + c32 * u[1]);
    solve(r_, u[2]);
    // Stage 4.
    yStage_ = y + a41 * u[0] + a42 * u[1] + a43 * u[2];
    rhs_(t + cStage4 * h, yStage_, f_);
    r_ = f_ + invH * (c41 * u[0] + c42 * u[1] + c43 * u[2]);
    solve(r_, u[3]);
    // Stage 5, at the end of the step.
    yStage_ = y + a51 * u[0] + a52 * u[1] + a53 * u[2] + a54 * u[3];
    rhs_(t + h, yStage_, f_);
    r_ = f_ + invH * (c51 * u[0] + c52 * u[1] + c53 * u[2] + c54 * u[3]);
    solve(r_, u[4]);
    // Stage 6 from the embedded (order 3) solution; u6 is the error estimate.
    yStage_ += u[4];
    rhs_(t + h, yStage_, f_);
    r_ = f_ + invH * (c61 * u[0] + c62 * u[1] + c63 * u[2] + c64 * u[3] + c65 * u[4]);
    solve(r_, u[5]);
    yNew_ = yStage_ + u[5];
    evaluations_ += 5;
    fNewValid_ = false;
    tNew_ = t + h;

    double sum = 0.0;
    for (int i = 0; i < size_; ++i) {
        const double scale = absTol + relTol * std::max(std::abs(y[i]), std::abs(yNew_[i]));
        const double e = u[5][i] / scale;
        sum += e * e;
    }
    const double norm = size_ > 0 ? std::sqrt(sum / size_) : 0.0;

    y0_ = y;
    dense_[0] = d21 * u[0] + d22 * u[1] + d23 * u[2] + d24 * u[3] + d25 * u[4];
    dense_[1] = d31 * u[0] + d32 * u[1] + d33 * u[2] + d34 * u[3] + d35 * u[4];
    return std::isfinite(norm) ? norm : std::numeric_limits<double>::infinity();
}

const Rodas4::Vector& Rodas4::dydtNew() {
    if (!fNewValid_) {
        rhs_(tNew_, yNew_, fNew_);
        ++evaluations_;
        fNewValid_ = true;
    }
    return fNew_;
}

void Rodas4::interpolate(double theta, Vector& out) const {
    const double theta1 = 1.0 - theta;
    out = theta1 * y0_ + theta * (yNew_ + theta1 * (dense_[0] + theta * dense_[1]));
}

double Rodas4::calcInitialStep(double t, const Vector& y, const Vector& dydt, double absTol, double relTol,
                               double hMax) {
    return calcHairerInitialStep(rhs_, t, y, dydt, absTol, relTol, hMax, evaluations_);
}

double Rodas4::calcStepFactor(double errorNorm, bool afterRejection) {
    return impactlab::calcStepFactor(errorNorm, afterRejection, 4);
}

}  // namespace impactlab
