#pragma once
// Kane's model: Newton's restitution with Coulomb friction applied
// algebraically to the final velocity (Whittaker's criterion).
//
// Paper: Cataldo & Sampaio (2002) sec. 3.4 (first group of equations, sec. 2.4.1;
// Table 3.1); Kane (1984). Reference notes B1.8c, B2.1.
//   D_NE = -e_n D_NA                                            (eq. 3.2)
//   |I_T| <= mu_0 I_N  => D_TE = 0       (stick; printed "<", B4.9)
//   I_T = +mu I_N      => D_TE <= 0
//   I_T = -mu I_N      => D_TE >= 0
// with D_E = D_A + [M~_L] I (eq. 2.2). Closed forms, Delta = AC - B^2:
//   stick:  I_N = -[C(1+e)D_NA + B D_TA]/Delta,  I_T = -[A D_TA + B(1+e)D_NA]/Delta
//   slide:  I_N = -(1+e) D_NA / (A -+ B mu),     I_T = +-mu I_N
// The branches are tried in that order (reference B1.8c [R]); when more than one
// is consistent (possible when mu_0 > mu) the first is reported and a warning
// lists the others. None consistent: SolveStatus::NoSolution (the pendulum of
// sec. 2.9 with e_n L thetadot_A cos(theta0) + v < 0 and mu > tan(theta0)).
//
// Sign convention: planar (t1, n) of the contact frame, W = [[C, 0, -B],
// [0, ., 0], [-B, 0, A]], v^- = (D_TA, 0, D_NA) (impact/planar/PlanarProblem.h).
// Units SI. Valid ranges: 0 <= e <= 1, mu >= 0, mu_0 >= 0 (mu_0 = mu unless set,
// reference B4.8).
//
// Known non-physical case: Kane's law CAN CREATE ENERGY for eccentric impacts
// (B != 0): the bar at pi/4 with D_A = (-1, 0.6), mu = 1 gains
// T_E - T_A = 0.3125 e^2 - 0.2 (> 0 for e > 0.8). The result then carries an
// "energy gained" warning.
//
// Trace: the straight segment 0 -> I, split where v_n = 0 (the law has no
// compression phase; that point is reported as the end of compression).
#include <optional>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

struct KaneOptions {
    // Static coefficient mu_0 of the stick test; unset: the problem's friction.
    std::optional<double> muStatic;
};

// Throws InputError("W" / "v_minus") for a non-planar problem and
// InputError("kane.mu_static") for a negative or non-finite mu_0.
ImpactResult solveKane(const ImpactProblem& problem, const KaneOptions& options = {},
                       ImpactTrace* trace = nullptr);

}  // namespace impactlab
