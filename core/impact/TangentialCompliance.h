#pragma once
// One frictional contact with tangential compliance: a lumped-parameter
// (massless springs at the contact point) model after Stronge, Impact
// Mechanics (2000), ch. 8 (the lumped model of tangential compliance, its
// ratio eta^2 of normal to tangential frequency), Maw, Barber & Fawcett (1976)
// and Jia (WAFR 2010); docs/laws/tangential-compliance.md derives it.
//
//   normal spring, two slopes:  F_n = k_n delta                (loading)
//                               F_n = (k_n / e^2)(delta - delta_r),
//                               delta_r = delta_max (1 - e^2)   (unloading)
//   tangential spring:          F_t = -k_t u,  k_t = stiffness_ratio * k_n
//                               (loading; / e^2 while unloading, the force
//                               continuous: Mindlin's ratio on either branch)
//   Coulomb:                    |F_t| <= mu F_n
//   kinematics:                 d delta/dt = -v_n,  du/dt = v_t - s
//   bodies:                     dv/dt = W F,  v = v- + W I
//
// s is the slip velocity: zero while the contact sticks (inside the cone);
// along u while it slips on the cone, so the spring's force opposes it and
// slip dissipates. The impact ends when F_n returns to zero; the tangential
// spring is then empty (|F_t| <= mu F_n = 0): its energy has gone back to the
// bodies or been dissipated by slip on the shrinking cone.
//
// Everything is linear in the springs, so the impulse and the velocities after
// depend on stiffness_ratio, W, v-, mu and e only: the solver works in the
// time unit of the normal oscillation (k_n W_nn = 1). Stick phases are solved
// in closed form (three normal modes of K^1/2 W K^1/2); slip phases by RK4 in
// that time. Conventions as ImpactProblem.h: frame (t1, t2, n), impulse on
// body 1, v = v1(c) - v2(c), approach v_n < 0; SI units.
//
// Without friction the law is Newton's: v_n+ = -e v_n-. Energy is never
// created: the springs are conservative, unloading along the steeper line
// returns e^2 of the normal work, and slip dissipates. A contact that slides
// in a fixed direction throughout gives Stronge's energetic law exactly, and
// stiffness_ratio -> infinity gives Stronge's law with Coulomb friction.
// Valid input: W symmetric positive definite, mu >= 0, 0 <= e <= 1,
// stiffness_ratio finite and > 0.
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

// Mindlin's ratio of tangential to normal contact stiffness for two bodies of
// one material, 2 (1 - nu) / (2 - nu): Mindlin's k_t = 8 G* a over Hertz's
// k_n = 2 E* a (Johnson, Contact Mechanics, 1985, secs. 4.2 and 7.2; Maw,
// Barber & Fawcett 1976 use the same ratio).
inline constexpr double calcMindlinStiffnessRatio(double poisson) { return 2.0 * (1.0 - poisson) / (2.0 - poisson); }

// kt/kn = 4 G* / E* for two elastic materials (Young's moduli E_i > 0 in Pa,
// Poisson ratios nu_i in (-1, 0.5]): 1/E* = sum (1 - nu_i^2)/E_i and
// 1/G* = sum (2 - nu_i)/G_i with G_i = E_i / (2 (1 + nu_i)).
double calcStiffnessRatio(double youngs1, double poisson1, double youngs2, double poisson2);

// A typical solid's Poisson ratio: the default stiffness_ratio is
// calcMindlinStiffnessRatio(0.3) = 0.8235...
inline constexpr double kDefaultPoissonRatio = 0.3;

struct TangentialComplianceOptions {
    double stiffnessRatio = calcMindlinStiffnessRatio(kDefaultPoissonRatio);   // kt / kn, > 0
    // Limit on RK4 steps plus closed-form event-scan points plus bisections;
    // hitting it is reported as IterationLimit with the last state.
    int maxSteps = 2000000;
};

// Throws InputError("tangential-compliance.stiffness_ratio") for a ratio that
// is not finite and > 0, and the problem's own InputErrors.
ImpactResult solveTangentialCompliance(const ImpactProblem& problem, const TangentialComplianceOptions& options = {},
                                       ImpactTrace* trace = nullptr);

}  // namespace impactlab
