#pragma once
// The embedded Runge-Kutta pair of Dormand & Prince, RK5(4)7M (J. Comput. Appl.
// Math. 6, 1980), with the first-same-as-last property and Shampine's
// fourth-order continuous extension (Hairer, Norsett & Wanner, Solving ODEs I,
// sec. II.5 and II.6). Used to integrate the compliant model through a
// collision with error control.
//
// The error of a trial step is the RMS over components of
// (y5 - y4)_i / (absTol + relTol max(|y_i|, |y_new,i|)); a step is accepted
// when it is <= 1.
#include <Eigen/Dense>
#include <functional>

namespace impactlab {

class DormandPrince45 {
public:
    using Vector = Eigen::VectorXd;
    // dydt = f(t, y); dydt is sized by the caller.
    using Rhs = std::function<void(double t, const Vector& y, Vector& dydt)>;

    DormandPrince45(Rhs rhs, int size);

    // Tries one step of length h from (t, y), where dydt = f(t, y). Returns the
    // scaled error norm. The fifth-order solution, its derivative (for the next
    // step, FSAL) and the dense-output coefficients are kept until the next call.
    double tryStep(double t, const Vector& y, const Vector& dydt, double h, double absTol, double relTol);
    const Vector& yNew() const { return yNew_; }
    const Vector& dydtNew() const { return k_[6]; }

    // The continuous extension on the last tried step at t0 + theta h, theta in [0, 1].
    void interpolate(double theta, Vector& out) const;

    // Hairer's starting step (Solving ODEs I, II.4): h such that an explicit
    // Euler step would change y by about the tolerance, bounded by hMax.
    double calcInitialStep(double t, const Vector& y, const Vector& dydt, double absTol, double relTol,
                           double hMax);

    int rhsEvaluations() const { return evaluations_; }

    // h |lambda| of the last tried step, lambda the dominant eigenvalue of the
    // Jacobian estimated from its last two stages (both at t + h):
    // h |f(y_new) - f(y_6)| / |y_new - y_6| (Hairer & Wanner, Solving ODEs II,
    // sec. IV.2). Near 3.3 the step is held by stability, not accuracy.
    double estimateStiffness() const;

    // New step from the error norm of the last trial: 0.9 err^{-1/5}, clamped
    // to [kMinStepFactor, kMaxStepFactor] (no growth right after a rejection).
    static double calcStepFactor(double errorNorm, bool afterRejection);

private:
    Rhs rhs_;
    Vector k_[7];
    Vector yStage_, yNew_, y0_;
    Vector dense_[5];
    int evaluations_ = 0;
    double h_ = 0.0;
};

// Hairer's starting step (Solving ODEs I, II.4) for a method whose error is
// O(h^5): h such that an explicit Euler step would change y by about the
// tolerance, bounded by hMax. Counts its one evaluation of rhs in evaluations.
double calcHairerInitialStep(const std::function<void(double, const Eigen::VectorXd&, Eigen::VectorXd&)>& rhs,
                             double t, const Eigen::VectorXd& y, const Eigen::VectorXd& dydt, double absTol,
                             double relTol, double hMax, int& evaluations);

// A step never shrinks to less than a fifth, nor grows beyond five times, the
// previous one: the usual safety band that keeps the controller from
// oscillating on a sudden change of the force law (contact onset).
inline constexpr double kMinStepFactor = 0.2;
inline constexpr double kMaxStepFactor = 5.0;
// Safety factor on the optimal step predicted from the error estimate.
inline constexpr double kStepSafety = 0.9;

// The next step's factor for an error estimate that is O(h^errorOrder):
// kStepSafety err^{-1/errorOrder}, clamped to [kMinStepFactor,
// kMaxStepFactor] (no growth right after a rejection).
double calcStepFactor(double errorNorm, bool afterRejection, int errorOrder);

}  // namespace impactlab
