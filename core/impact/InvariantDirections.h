#pragma once
// Invariant directions of sliding (Jia & Wang sec. 4, eq. 33, Theorem 5,
// Appendix A).
//
// While the contact slides, the sliding velocity gamma = (v_t1, v_t2) obeys the
// hodograph ODE (31)  gamma' = -mu B gamma^ + d  (' = d/dI_n), with B and d the
// tangential blocks of W (eqs. 21-22). A unit vector s^ is an invariant
// direction when the rate is collinear with it (eq. 33):
//   f(s^) = s^ x (-mu B s^ + d) = 0,   lambda = s^ . (-mu B s^ + d).
// Once gamma lies on such a ray it stays there, gamma' = lambda s^ (eq. 32):
// lambda <= 0 is centripetal (|gamma| shrinks), lambda > 0 centrifugal.
// Theorem 5: every direction is invariant when B is isotropic and d = 0;
// otherwise there are two to four; all are centripetal when ||B^-1 d|| <= mu and
// exactly one is centrifugal when ||B^-1 d|| > mu.
//
// With s^ = (cos phi, sin phi), f is a trigonometric polynomial of degree 2,
//   f(phi) = -mu b12 cos 2phi + mu (b11 - b22)/2 sin 2phi + d2 cos phi - d1 sin phi,
// and eta = tan(phi/2) turns f = 0 into the paper's quartic (reference A1.8).
// Depends only on B, d and mu, not on the pre-impact velocity. B must be
// symmetric (Proposition 4); only its upper triangle is read.
#include <optional>
#include <vector>

#include "mechanics/Types.h"

namespace impactlab {

struct InvariantDirection {
    Vec2 direction = Vec2::UnitX();  // unit s^
    double angle = 0.0;              // rad, polar angle of s^ in [0, 2 pi)
    double lambda = 0.0;             // s^ . (-mu B s^ + d), the rate along the ray (eq. 32)
    bool isCentrifugal() const { return lambda > 0.0; }
};

// Coefficients of the invariant-direction quartic in eta = tan(phi/2), from
// eta^4 down to eta^0 (eq. 33 times (1 + eta^2)^2; reference A1.8):
//   [-mu b12 - d2, -2 mu (b11 - b22) - 2 d1, 6 mu b12, 2 mu (b11 - b22) - 2 d1, -mu b12 + d2]
using InvariantQuartic = Eigen::Matrix<double, 5, 1>;

struct InvariantDirectionSet {
    std::vector<InvariantDirection> rays;   // distinct directions, by increasing angle
    bool everyDirectionInvariant = false;   // Theorem 5(i): isotropic B and d = 0 (or mu = 0 and d = 0)
    InvariantQuartic quartic = InvariantQuartic::Zero();   // in the given frame, eta^4 first

    // The unique centrifugal ray of Theorem 5(iv), if any.
    std::optional<InvariantDirection> findCentrifugal() const;
    // The ray closest in angle to `gamma` (nullopt when there are no rays).
    std::optional<InvariantDirection> findNearest(const Vec2& gamma) const;
};

InvariantQuartic calcInvariantQuartic(const Mat2& B, const Vec2& d, double mu);

// f(s^) = s^ x (-mu B s^ + d) of eq. 33 for any (not necessarily unit) s.
double calcInvariantResidual(const Mat2& B, const Vec2& d, double mu, const Vec2& s);

// All invariant directions: real roots of the quartic (Eigen's companion-matrix
// solver), each polished by Newton's method on f(phi) and deduplicated.
InvariantDirectionSet findInvariantDirections(const Mat2& B, const Vec2& d, double mu);

// The invariant direction Newton's method on f(phi) reaches from `angleGuess`
// (rad); nullopt if it does not converge within kPolishMaxAngleStep of the
// guess. Cheap: used to snap the hodograph onto the ray it has reached.
std::optional<InvariantDirection> polishInvariantDirection(const Mat2& B, const Vec2& d, double mu,
                                                           double angleGuess);

// The unique centrifugal invariant direction s^ of Theorem 5(iv), along which
// slip resumes after the sliding velocity vanishes (Corollary 6). Exists when
// ||B^-1 d|| > mu; nullopt otherwise.
std::optional<Vec2> findCentrifugalDirection(const Mat2& B, const Vec2& d, double mu);

// ||B^-1 d|| of a contact-frame W (eqs. 21-22): when sliding stops the contact
// sticks if this is <= mu and resumes slip otherwise (Jia & Wang sec. 5).
double calcStickThreshold(const Mat3& W);

// Tolerances of the solver, relative to the size mu ||B|| + ||d|| of f.
// Residual |f| accepted for a polished root: a few hundred ulps of the terms,
// since f sums four products of O(scale) numbers.
inline constexpr double kInvariantResidualRelTol = 1e-12;
// f with all four Fourier coefficients below this is identically zero
// (Theorem 5(i)); exact inputs such as diag(3.5, 3.5, 1) give exact zeros and
// body-level W carries round-off of ~1e-15.
inline constexpr double kEveryDirectionRelTol = 1e-12;
// rad. Two roots closer than this are one direction: a double root (a ray the
// hodograph touches) comes out of the companion matrix as a pair ~sqrt(eps)
// apart, 1e-8; distinct rays are never this close in practice.
inline constexpr double kDuplicateAngleTol = 1e-6;
// rad. Newton's step limit: a polish that wanders farther than this from its
// start has left the root it was meant to refine.
inline constexpr double kPolishMaxAngleStep = 0.5;

}  // namespace impactlab
