#pragma once
// Glocker & Pfeiffer's model: Poisson's restitution with Coulomb friction
// applied algebraically to the end of each phase, optionally with a reversible
// tangential impulse (the "superball").
//
// Paper: Cataldo & Sampaio (2002) secs. 3.5 (first case) and 3.6 (second case),
// third group of equations (sec. 2.4.3; Table 3.1); Glocker & Pfeiffer (1995),
// Pfeiffer & Glocker (1996). Reference notes B1.8d-e, B2.2, B2.9.
// Phase impulses: compression (I_NC, I_TC) from A to C, expansion (I_NE, I_TE)
// from C to E; total I = I_C + I_E.
//   compression:  D_NC = 0;  |I_TC| <= mu I_NC => D_TC = 0;  I_TC = +mu I_NC => D_TC <= 0;
//                 I_TC = -mu I_NC => D_TC >= 0                                   (Fig. 3.12)
//   expansion:    I_NE = e I_NC (Poisson); I_TE in [lo, hi] with
//                 interior => D_TE = 0, I_TE = hi => D_TE <= 0, I_TE = lo => D_TE >= 0
//   first case:   [lo, hi] = [-mu I_NE, +mu I_NE]   (printed "| I_TE | =>", B4.11)
//   second case:  2 I_TS = mu nu I_NE sign(I_TC) + e e_t I_TC               (sec. 3.6.3)
//                 I_TC >= 0: [lo, hi] = [-mu I_NE + 2 I_TS, mu I_NE]   (Fig. 3.17)
//                 I_TC <= 0: [lo, hi] = [-mu I_NE, mu I_NE + 2 I_TS]   (Fig. 3.18)
// e_t = nu = 0 is the first case. For 0 <= e_t, nu <= 1, I_TS has the sign of
// I_TC (the two cases are exhaustive) and lo <= hi; with e_t = nu = 1 and
// I_TC = +-mu I_NC the interval collapses to one point.
//
// Solution: the expansion is unique (v_t,E increases with I_TE: the stick value
// clamped to [lo, hi]). The compression branches are tried in the order stick,
// +mu, -mu; when several are consistent the first is reported with a warning,
// when none is the status is SolveStatus::NoSolution. A singular in-plane W (a
// mechanism) has no stick branch.
//
// Sign convention: planar (t1, n) of the contact frame (impact/planar/PlanarProblem.h).
// Units SI. Valid ranges: 0 <= e <= 1, mu >= 0, 0 <= e_t <= 1, 0 <= nu <= 1
// (the paper: "0 <= nu, e_t <= 1"; sec. 3.6.4 prints "nu >= 0, e_t <= 1").
//
// Energy: the bar example gives T_E - T_A = 0.128 e^2 - 0.2 < 0 (mu = 1). No
// gain was found on 2.2e5 random planar problems (both cases, random e_t, nu;
// tests/core/impact/planar/test_planar_invariants.cpp keeps a sample), but dissipation is not
// proven here for every coupled W; a gain would be reported as a warning.
//
// Not the same as the incremental Poisson law (`poisson`, `wang-mason`): here
// friction acts on the phase's end velocity, not along the path, so a slip that
// reverses within a phase is not resolved. They agree on central impacts
// (B = 0; e.g. the ball between two walls, B2.9) and when no reversal occurs
// within a phase.
//
// Trace: straight segments 0 -> I_C (compression) -> I_C + I_E (restitution).
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

struct GlockerPfeifferOptions {
    double tangentialRestitution = 0.0;   // e_t; 0 with nu = 0: the first case (sec. 3.5)
    double nu = 0.0;                      // nu
};

// The expansion interval [lo, hi] of I_TE (secs. 3.6.2-3.6.4).
struct TangentBounds {
    double lo = 0.0;
    double hi = 0.0;
};
TangentBounds calcGlockerPfeifferBounds(double ItC, double InE, double mu, double e, double et, double nu);

// Throws InputError("W" / "v_minus") for a non-planar problem and
// InputError("glocker-pfeiffer.e_t") / ("glocker-pfeiffer.nu") outside [0, 1].
ImpactResult solveGlockerPfeiffer(const ImpactProblem& problem, const GlockerPfeifferOptions& options = {},
                                  ImpactTrace* trace = nullptr);

}  // namespace impactlab
