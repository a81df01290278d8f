#pragma once
// Smith's model: Newton's restitution with a tangential impulse set by a
// weighted average of the pre- and post-impact sliding velocities.
//
// Paper: Cataldo & Sampaio (2002) secs. 2.5.2 and 3.8 (first group, Table 3.1);
// Smith (1991). Reference notes B1.3, B1.8g, B2.6, errata B4.10.
//   D_NE = -e_n D_NA
//   I_T  = -mu I_N (|D_TA| D_TA + |D_TE| D_TE) / (|D_TA|^2 + |D_TE|^2)
// with D_E = D_A + [M~_L] I. Non-linear: Chatterjee (1997) proved a solution
// exists, uniqueness is open (sec. 3.8); the paper gives no numbers.
//
// Solution: with r = I_T / I_N, which the law keeps in [-mu, mu], the normal row
// gives I_N(r) = -(1 + e) D_NA / (W_nn + W_nt r) and the law becomes one scalar
// equation g(r) = r + mu sigma(D_TA, D_TE(r)) = 0. Every root with I_N > 0 lies
// in the compact interval [-mu, mu] (where W_nn + W_nt r > 0); it is scanned at
// kSmithScanSamples points and each sign change refined by bisection, so all
// roots are found except pairs closer than 2 mu / kSmithScanSamples.
//   one root:   reported.
//   several:    the most dissipative (least energy after) is reported and a
//               warning lists all of them (our choice: the reference found a
//               unique root in every case it tried, B2.6).
//   none:       SolveStatus::NoSolution.
// Direct impact (D_TA = 0, |D_TA| <= kSmithDirectSpeedRelTol |v^-|): the law
// reads 0/0 at D_TE = 0 and sign(D_TE) elsewhere; we take the set-valued limit
// (the weighted average in [-1, 1] at D_TE = 0), which is Coulomb applied to
// the final velocity, i.e. Kane's law with mu_0 = mu (reference B4.10 [R]).
//
// Sign convention: planar (t1, n) of the contact frame (impact/planar/PlanarProblem.h).
// Units SI. Valid ranges: 0 <= e <= 1, mu >= 0.
//
// Energy: Smith's law never creates energy. By eq. 2.4,
//   T_E - T_A = 1/2 I_N D_NA (1 - e) + 1/2 I_T (D_TA + D_TE),
// the first term is <= 0 and I_T (a + x) = -mu I_N (|a| a + |x| x)(a + x) /
// (a^2 + x^2) <= 0 because |a| a + |x| x has the sign of a + x (a = D_TA,
// x = D_TE). Kane's stick, by contrast, has x = 0 and I_T a > 0 possible.
// Known non-physical case: none. Every random planar problem tried (2e5) had a
// root; a problem without one would end with SolveStatus::NoSolution.
//
// Trace: the straight segment 0 -> I, split where v_n = 0.
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

// Scan resolution of g(r) on [-mu, mu]: 4000 brackets separate roots more
// than mu / 2000 apart; bisection then refines each to round-off.
inline constexpr int kSmithScanSamples = 4000;
// |D_TA| below this fraction of |v^-| is a direct impact (see above).
inline constexpr double kSmithDirectSpeedRelTol = 1e-12;

struct SmithOptions {};   // the law has no options beyond mu and e

struct SmithRoot {
    Vec2 impulse = Vec2::Zero();   // (I_t, I_n), N s
    double vtPlus = 0.0;           // D_TE, m/s
    double energyChange = 0.0;     // T_E - T_A, J
};

// Every root of Smith's law, sorted by I_t. Throws InputError("W" /
// "v_minus") for a non-planar problem.
std::vector<SmithRoot> findSmithRoots(const ImpactProblem& problem);

ImpactResult solveSmith(const ImpactProblem& problem, const SmithOptions& options = {},
                        ImpactTrace* trace = nullptr);

}  // namespace impactlab
