#pragma once
// Brach's model: Newton's restitution, a tangential impulse ratio and a moment
// coefficient for a couple (moment impulse) at the contact.
//
// Paper: Cataldo & Sampaio (2002) sec. 3.3 (second group, sec. 2.4.2, eq. 2.1;
// Table 3.1); Brach (1989). Reference notes B1.8b, B2.8, errata B4.3.
//   D_NE = -e_n D_NA                                  (Newton)
//   I_T  = r I_N                                      (r: signed impulse ratio, "mu" in the paper)
//   e_m I_theta = -(1 + e_m) J D_thetaE,  J = J1 J2 / (J1 + J2)     (sec. 3.3.2)
// with (D_T, D_N, D_theta)_E = (D_T, D_N, D_theta)_A + W3 (I_T, I_N, I_theta),
// W3 the planar mobility including the couple row (eq. 2.1). For the bar this is
// the paper's system (A - B mu) I_N + D I_theta = -(e_n + 1) D_NA,
// (B - C mu) I_N + E I_theta + D_TE = +D_TA (printed -D_TA: B4.3),
// (D - E mu) I_N + ((1 + 2 e_m)/J) I_theta = -(1 + e_m) D_thetaA (the printed
// third row multiplied by 1 + e_m, so e_m = -1 is not singular).
// Solved in closed form: I_theta = -f J X with f = (1 + e_m)/(1 + 2 e_m) and X
// the relative angular velocity the force impulse alone leaves
// (calcMomentLawFactor), so D_thetaE = X e_m / (1 + 2 e_m).
//
// What Brach needs beyond W, v^-, mu, e: when e_m != -1, the couple row of W3
// (W_t,theta, W_n,theta, W_theta,theta = 1/J1 + 1/J2 = 1/J) and D_thetaA =
// (omega_1 - omega_2) . k about the plane normal k = t1 x n. Body-level input
// gives them (and k must be a principal axis of each free body); contact-level
// input does not, and is rejected with InputError("bodies", ...). e_m = -1
// (no moment impulse) works at both levels. The two J of the paper (1/J in the
// third row, J1 J2/(J1+J2) in the law) are the same number for two bodies
// under an equal and opposite couple; the reference's remark that they differ
// unless the barrier is fixed concerns a couple on one body only.
// Sign convention: ours is +I_theta k on body 1; the paper's bar uses
// D_theta = -theta at its left end, so its I_theta there is minus ours
// (B2.8 prints I_theta = -0.576161 v0 for e_m = 0.1; we report +0.576161 v0).
//
// Impulse ratio: given as an option, r is used as is (the paper's law). Unset,
// Brach's critical-ratio rule (Brach 1989) applies: r = mu_0, the ratio that
// leaves D_TE = 0, when |mu_0| <= mu, else mu with the sign that opposes the
// final slip. Because D_TE increases with r, that is Kane's stick-or-slide
// selection applied to the system with the couple eliminated; so Brach with
// e_m = -1 and no ratio equals Kane (tested).
//
// Valid ranges: 0 <= e <= 1, mu >= 0; e_m = -1 or e_m >= 0 (e_m = -1/2 is
// singular and (-1, 0) reverses or amplifies the relative rotation); any finite
// r with W_nn + W_nt r > 0 (else the normal impulse would be negative:
// SolveStatus::NoSolution).
//
// Known non-physical cases: Newton's restitution with coupling CAN CREATE
// ENERGY (as Kane's; so can the moment law), and an impulse ratio given by hand
// need not oppose the slip; a gain is reported as a warning. When the couple
// alone would separate the bodies faster than Newton's rule allows, the normal
// impulse would be negative: SolveStatus::NoSolution.
//
// Trace: the straight segment 0 -> (I, I_theta), split where v_n = 0.
// ImpactResult has no field for the couple: solveBrachWithCouple returns it;
// the bodies after the impact and the energies include it.
#include <optional>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

struct BrachOptions {
    std::optional<double> impulseRatio;   // r = I_t / I_n, signed; unset: the critical-ratio rule
    double momentCoefficient = -1.0;      // e_m; -1: no moment impulse (the paper's Fig. 3.5)
};

struct BrachSolution {
    ImpactResult result;
    double coupleImpulse = 0.0;   // N m s, I_theta about k = t1 x n on body 1 (-I_theta on body 2)
};

// Throws InputError("W" / "v_minus") for a non-planar problem,
// InputError("brach.e_m") / ("brach.impulse_ratio") for invalid options and
// InputError("bodies") when e_m != -1 and the problem has no bodies.
BrachSolution solveBrachWithCouple(const ImpactProblem& problem, const BrachOptions& options = {},
                                   ImpactTrace* trace = nullptr);
ImpactResult solveBrach(const ImpactProblem& problem, const BrachOptions& options = {},
                        ImpactTrace* trace = nullptr);

}  // namespace impactlab
