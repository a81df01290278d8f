#pragma once
// RODAS, the stiffly accurate, L-stable Rosenbrock method of order 4 (embedded
// order 3) with six stages and a continuous extension of order 3 (Hairer &
// Wanner, Solving ODEs II, 2nd ed., sec. IV.7, coefficients of their code
// RODAS). Used for the compliant model when its regularised friction makes the
// system stiff: while a contact sticks, the friction law's slope
// 2 mu_s f_n / v_t damps the slip velocity on a time scale of 1e-7 s, which
// holds an explicit method at its stability limit for the whole stick.
//
// Each stage solves W u_i = f(y0 + sum_j a_ij u_j) + (1/h) sum_j c_ij u_j with
// W = I / (h gamma) - J and J = df/dy at the start of the step (eq. IV.7.4' in
// its autonomous form: f must not depend on t, which is only passed along).
//
// The state may end in components the right-hand side does not depend on
// (quadratures, as the compliant model's accumulated impulses): with
// `coupledSize` leading components, J = [[A, 0], [B, 0]] and only A (coupled x
// coupled) is factorised. J is found by forward differences, one evaluation
// per coupled component, once per start point (kept over rejected trials).
//
// The error of a trial step is measured as DormandPrince45's: the RMS over
// components of u_6 / (absTol + relTol max(|y_i|, |y_new,i|)).
#include <Eigen/Dense>
#include <functional>

namespace impactlab {

class Rodas4 {
public:
    using Vector = Eigen::VectorXd;
    using Rhs = std::function<void(double t, const Vector& y, Vector& dydt)>;

    // coupledSize in [0, size]: the leading components f depends on.
    Rodas4(Rhs rhs, int size, int coupledSize);

    // Tries one step of length h from (t, y), where dydt = f(t, y). Returns the
    // scaled error norm (infinity when the step is not finite).
    double tryStep(double t, const Vector& y, const Vector& dydt, double h, double absTol, double relTol);
    const Vector& yNew() const { return yNew_; }
    // f at yNew (evaluated on first use after a trial).
    const Vector& dydtNew();

    // The continuous extension on the last tried step at t0 + theta h, theta in [0, 1].
    void interpolate(double theta, Vector& out) const;

    double calcInitialStep(double t, const Vector& y, const Vector& dydt, double absTol, double relTol,
                           double hMax);

    int rhsEvaluations() const { return evaluations_; }

    // New step from the error norm of the last trial: 0.9 err^{-1/4} (the
    // error estimate is O(h^4)), clamped as DormandPrince45's.
    static double calcStepFactor(double errorNorm, bool afterRejection);

private:
    void calcJacobian(double t, const Vector& y, const Vector& dydt);
    // u = W^{-1} r with the block structure of J.
    void solve(const Vector& r, Vector& u) const;

    Rhs rhs_;
    int size_, coupled_;
    Eigen::MatrixXd jacobian_;            // size x coupled: [A; B]
    Eigen::PartialPivLU<Eigen::MatrixXd> lu_;  // of I/(h gamma) - A
    double hGamma_ = 0.0;
    Vector jacobianPoint_;
    double jacobianTime_ = 0.0;
    bool haveJacobian_ = false;
    Vector u_[6];
    Vector yStage_, f_, r_, yNew_, fNew_, y0_;
    Vector dense_[2];
    bool fNewValid_ = false;
    double tNew_ = 0.0;
    int evaluations_ = 0;
};

}  // namespace impactlab
