#pragma once
// The plane of maximum compression of a single inelastic contact and the
// polar description of its feasible set (Preclik, Eibl & Ruede, sec. 3.2),
// shared by the max-dissipation and coulomb-inelastic laws and by the
// diagrams (core/diagram/MaxDissipationDiagram.h).
//
// Frames. The paper orders a contact frame (n, t, o) and writes the problem as
//   x* = argmin 1/2 x^T A x - x^T b,  ||x_to|| <= mu x_n,  a_n^T x - b_n >= 0 _|_ x_n >= 0,  a_n^T x >= 0,
// with x the impulse, A the Delassus block and A x - b the post-impact
// relative contact velocity. The project's contract orders (t1, t2, n) with
// dv = W I (docs/problem-format.md). THE conversion, done here and only here:
//   t = t1, o = t2 (so (n, t, o) is right handed like (t1, t2, n)),
//   A = P W P^T, b = -P v-, x = P I,  with P picking rows (n, t1, t2).
// So b_n = -v_n-: b_n > 0 colliding, b_n = 0 grazing, b_n < 0 separating.
//
// On the plane a_n^T x = b_n, x_n = (b_n - a^T x_to) / A_nn with a = (A_nt, A_no),
// and the objective is 1/2 x_to^T Ahat x_to - x_to^T bhat - b_n^2 / (2 A_nn)
// (Ahat, bhat: sec. 3.2). The cone boundary in polar coordinates
// x_to = r (cos alpha, sin alpha) is r = rbar(alpha) = mu b_n / f_r(alpha) with
// f_r = A_nn + mu a^T (cos alpha, sin alpha); the feasible arc is f_r > 0 (eq. 6).
// The conic is an ellipse when A_nn > mu ||a||, a parabola when equal, a
// hyperbola when smaller; with b_n = 0 it degenerates to the apex (ellipse),
// one ray (parabola, direction alpha0 + pi: erratum C.4.2 of the reference
// notes) or two rays alpha0 +- delta alpha (hyperbola).
#include <cmath>

#include "impact/TrigPoly2.h"
#include "mechanics/Types.h"

namespace impactlab {

// The paper's single-contact problem, in the paper's (n, t, o) order.
struct PaperFrameProblem {
    Mat3 A = Mat3::Identity();
    Vec3 b = Vec3::Zero();
    double mu = 0.0;
};

PaperFrameProblem toPaperFrame(const Mat3& W, const Vec3& vMinus, double mu);
// The inverse: W and v- in (t1, t2, n) of a problem given in the paper's frame.
void toContractFrame(const PaperFrameProblem& p, Mat3& W, Vec3& vMinus);
inline Vec3 toPaperOrder(const Vec3& contract) { return {contract.z(), contract.x(), contract.y()}; }
inline Vec3 toContractOrder(const Vec3& paper) { return {paper.y(), paper.z(), paper.x()}; }

enum class ConicType { Ellipse, Parabola, Hyperbola };
const char* toString(ConicType conic);

// A_nn and mu ||a|| closer than this (relative to A_nn) make a parabola:
// mu*(theta0) of the Painleve rod is exactly the parabola, and evaluated in
// double it misses A_nn / ||a|| by a few ulps; 1e-12 keeps it a parabola while
// mu*(1 +- 1e-3), or any mu a user can set apart, classifies strictly.
inline constexpr double kParabolaRelTol = 1e-12;
// |b_n| at or below this fraction of ||b|| is grazing (b_n = 0): a contact
// velocity assembled from body velocities carries round-off of ~1e-16 ||v||,
// and the b_n = 0 branches are the continuous limits of the b_n != 0 ones
// (r = mu b_n / f_r scales with b_n), so nothing physical is lost.
inline constexpr double kGrazingRelTol = 1e-12;

struct CompressionPlane {
    double mu = 0.0;
    double bn = 0.0;            // m/s, -v_n-
    double Ann = 0.0;           // 1/kg
    Vec2 a = Vec2::Zero();      // (A_nt, A_no)
    double aNorm = 0.0;
    Mat2 Ahat = Mat2::Identity();   // Schur complement, symmetric positive definite
    Vec2 bhat = Vec2::Zero();
    ConicType conic = ConicType::Ellipse;
    bool grazing = false;       // |b_n| within kGrazingRelTol: b_n is taken as 0
    double alpha0 = 0.0;        // rad, atan2(A_no, A_nt): direction of least rbar
    double deltaAlpha = 0.0;    // rad, half-width of the feasible arc (eq. 6); pi for the ellipse
                                // (and a parabola with A_nn >= mu ||a||)

    static CompressionPlane make(const PaperFrameProblem& p);

    static Vec2 calcDirection(double alpha) { return {std::cos(alpha), std::sin(alpha)}; }
    double calcFr(double alpha) const { return Ann + mu * a.dot(calcDirection(alpha)); }
    bool isFeasibleAngle(double alpha) const { return calcFr(alpha) > 0.0; }
    // The cone boundary on the plane; requires isFeasibleAngle and b_n > 0.
    double calcRbar(double alpha) const { return mu * bn / calcFr(alpha); }
    Vec2 calcGamma(double alpha) const { return calcRbar(alpha) * calcDirection(alpha); }
    // 1/2 x^T Ahat x - x^T bhat: the paper's f_obj on gamma, and on any x_to.
    double calcReducedObjective(const Vec2& xto) const { return 0.5 * xto.dot(Ahat * xto) - xto.dot(bhat); }
    double calcFobj(double alpha) const { return calcReducedObjective(calcGamma(alpha)); }
    // The full objective 1/2 x^T A x - x^T b of the point of the plane above x_to.
    double calcObjective(const Vec2& xto) const { return calcReducedObjective(xto) - 0.5 * bn * bn / Ann; }
    // x_n of the point of the plane above x_to.
    double calcNormal(const Vec2& xto) const { return (bn - a.dot(xto)) / Ann; }
    Vec3 liftToPaper(const Vec2& xto) const { return {calcNormal(xto), xto.x(), xto.y()}; }
    Vec2 calcUnconstrainedMinimum() const { return Ahat.ldlt().solve(bhat); }

    // Eq. (8): (7) multiplied by mu^2 b_n^2 / rbar^3, as
    // (A_nn u_perp + mu a_perp)^T (mu (b_n Ahat - bhat a^T) u - A_nn bhat), which
    // expands to Appendix A's c0 + c1 cos(alpha + phi1) + c2 cos(2 alpha + phi2)
    // (tests/core/impact/test_max_dissipation.cpp checks the identity).
    TrigPoly2 calcStationarity() const;
    // Coulomb sliding on the cone boundary: the post-impact slip
    // Ahat x_to - bhat is parallel to x_to, u_perp^T (mu b_n Ahat u - f_r bhat) = 0.
    TrigPoly2 calcSlidingCondition() const;
    // Scale of the terms of the two polynomials above (for "identically zero").
    double calcPolynomialScale() const;
};

// Appendix A's constants, verbatim (for display and for the identity test).
struct AppendixAConstants {
    double c0 = 0.0, c1 = 0.0, c2 = 0.0, phi1 = 0.0, phi2 = 0.0;
    double eval(double alpha) const {
        return c0 + c1 * std::cos(alpha + phi1) + c2 * std::cos(2.0 * alpha + phi2);
    }
};
AppendixAConstants calcAppendixAConstants(const PaperFrameProblem& p);

}  // namespace impactlab
