#pragma once
// Real roots of a trigonometric polynomial of degree two,
//   g(alpha) = k0 + k1c cos(alpha) + k1s sin(alpha) + k2c cos(2 alpha) + k2s sin(2 alpha),
// the form of the maximum-dissipation stationarity condition (Preclik, Eibl &
// Ruede eq. 8) and of the Coulomb sliding condition of the same plane.
//
// Method: with u = tan((alpha - beta) / 2), (1 + u^2)^2 g is a real quartic in
// u (the reference's tan-half-angle quartic, rotated by beta). beta is chosen
// among five equally spaced angles so that |g(beta + pi)|, the quartic's
// leading coefficient, is largest: no root then sits at u = infinity, and a
// non-zero g cannot vanish at all five. The quartic is solved in closed form
// (Ferrari), a complex pair contributes its real part (a near-double root),
// and every candidate is polished by Newton's method on the quartic (whose
// real roots are exactly the roots of g; no trigonometric call per step).
// Candidates
// are a superset of the roots: callers that minimise over them lose nothing
// by the extra points. No allocation.
#include <array>

namespace impactlab {

struct TrigPoly2 {
    double k0 = 0.0, k1c = 0.0, k1s = 0.0, k2c = 0.0, k2s = 0.0;

    double eval(double alpha) const;
    double calcDerivative(double alpha) const;
    double calcScale() const;   // largest |coefficient|
};

struct TrigRoots {
    std::array<double, 4> alpha{};   // rad, in (-pi, pi]
    std::array<double, 4> cosAlpha{}, sinAlpha{};   // of alpha, computed without trigonometry
    int count = 0;
    int newtonIterations = 0;        // total over the candidates
};

// |Newton step| below this (times 1 + |u|) ends the polish: a few ulps.
inline constexpr double kTrigRootAngleTol = 1e-14;
// Newton steps per candidate; quadratic convergence from the closed form's
// start (~1e-8 at worst, near double roots) needs two or three.
inline constexpr int kTrigRootMaxNewton = 8;
// g whose coefficients are all below this fraction of `reference` is treated
// as identically zero (no isolated roots).
inline constexpr double kTrigPolyZeroRelTol = 1e-14;

// Candidate roots of g (see above); count = 0 when g is identically zero
// relative to `referenceScale` (pass the scale of the terms that built g).
TrigRoots findTrigPoly2Roots(const TrigPoly2& g, double referenceScale);

// Real roots of c4 u^4 + c3 u^3 + c2 u^2 + c1 u + c0 (c4 != 0) by Ferrari's
// method; complex pairs give their real part. Returns the number written (4).
int solveQuarticCandidates(const std::array<double, 5>& c, std::array<double, 4>& roots);

}  // namespace impactlab
