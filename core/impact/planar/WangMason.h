#pragma once
// Wang & Mason's use of Routh's incremental process: Coulomb friction along the
// impulse path, ended by Newton's or Poisson's restitution, with the contact
// modes of Table 3.2.
//
// Paper: Cataldo & Sampaio (2002) sec. 3.7 (Figs. 3.21-3.23, Table 3.2);
// Wang & Mason (1992); Routh (1891). Reference notes B1.5, B1.8f, B2.3-B2.4,
// errata B4.4-B4.7. The process (sec. 3.7.2): the impulse point starts at the
// origin and moves along the friction line I_T = -s mu I_N (s = sign D_TA); on
// reaching the sticking line Ad (D_T = 0) it follows Ad when mu >= mu_s = |B/C|,
// else the reverse-sliding line DR; it ends on the Newton termination line
// (D_N = -e D_NA) or at I_N = (1 + e) I_NC (Poisson).
//
// Implementation: the process IS the existing path integrator; this law
// delegates to solveNewton / solvePoisson (impact/Newton.h, impact/Poisson.h)
// on the planar copy of the problem and adds:
//  - the mode classification of Table 3.2 from the path's events
//    (classifyWangMasonMode): forward sliding; stick (C- or E-: the sliding
//    velocity vanishes during compression or expansion and stays zero); reverse
//    sliding (C- or E-: it vanishes and changes sign). An event within
//    kModeTieRelTol of the end of compression is a tie, labelled E- as the
//    reference labels the pendulum's (B2.7, B1.8f).
//  - jams of mechanisms (singular in-plane W, e.g. the rigid pendulum of sec.
//    2.9): where the path's mode has dv_n/dI_n <= 0 the process cannot end and
//    the integrator runs to its step limit; that is reported as
//    SolveStatus::NoSolution with the impulse where the jam began. A tie in
//    stick (D_T and D_N vanish together, sec. 2.9 with v = 0, mu >= tan theta0)
//    ends the compression there and keeps sticking (B1.8f [R]): Poisson then
//    adds e I_NC along Ad (theta_E = 0); Newton cannot reach D_NE = -e D_NA
//    and has no solution, as the paper says.
// Direct impacts (D_TA = 0) stick at once if mu >= mu_s and otherwise slide
// with s = -sign(B), which is Table 3.2's C-reverse row (B2.3; the paper's
// worked example prints the forward-sliding formula, errata B4.4).
//
// Sign convention: planar (t1, n) of the contact frame (impact/planar/PlanarProblem.h);
// the path itself would work in 3D, the law and its modes are planar.
// Units SI. Valid ranges: 0 <= e <= 1, mu >= 0.
//
// Known non-physical cases: Newton termination CAN CREATE ENERGY (the bar with
// D_A = (-1, 0.6), mu >= 0.6, e = 1: +0.1125 J, Fig. 3.23). With Poisson
// termination no gain was found on 2e5 random planar problems (in the plane a
// reversal lowers dv_n/dI_n from A + mu|B| to A - mu|B|, so restitution releases
// less normal work, not more); not proven here. Gains are reported as warnings.
//
// Paper vs. existing laws: `newton` and `poisson` are this process without the
// planarity requirement and the mode; Cataldo & Sampaio's "Poisson with
// Coulomb friction" is this law with termination "poisson", not a separate law.
#include "impact/CoulombPath.h"

namespace impactlab {

// An event closer than this fraction of the compression impulse to the end of
// compression is a tie: the integrator finds the sliding velocity at
// 1e-12 |v^-| (CoulombPath's stickSpeedRelTol), so a tie is within ~1e-12 and
// a genuine C-mode of the paper's examples at least 1e-3 away.
inline constexpr double kModeTieRelTol = 1e-9;
// A mode whose dv_n/dI_n is at most this fraction of W_nn cannot raise the
// normal velocity: a jam (mechanisms only; a regular W keeps it >= det/W_tt).
inline constexpr double kJamRateRelTol = 1e-9;
// |v_n| below this fraction of |v^-| where a mechanism sticks is a tie with the
// end of compression (the stick is detected at 1e-12 |v^-|).
inline constexpr double kTieSpeedRelTol = 1e-9;

enum class WangMasonTermination { Newton, Poisson };

struct WangMasonOptions {
    WangMasonTermination termination = WangMasonTermination::Poisson;
    CoulombPathOptions path;
};

enum class WangMasonMode {
    Frictionless,      // mu = 0
    ForwardSliding,    // the sliding velocity keeps its sign
    CStick,            // it vanishes during compression and stays zero
    EStick,            // ... during expansion
    CReverseSliding,   // it vanishes during compression and changes sign
    EReverseSliding,   // ... during expansion
    NoSolution,        // a jam: the process cannot end
};
const char* toString(WangMasonMode mode);   // "forward-sliding", "C-stick", ...

// The mode of a result of this law (or of `newton` / `poisson` on a planar
// problem), read from its events and status.
WangMasonMode classifyWangMasonMode(const ImpactProblem& problem, const ImpactResult& result);

// Throws InputError("W" / "v_minus") for a non-planar problem.
ImpactResult solveWangMason(const ImpactProblem& problem, const WangMasonOptions& options = {},
                            ImpactTrace* trace = nullptr);

}  // namespace impactlab
