#pragma once
// The C-S model of Cataldo & Sampaio, RECONSTRUCTED: Poisson's restitution,
// Coulomb friction per phase with Glocker-Pfeiffer's reversible tangential
// impulse, and a Brach moment coefficient per phase.
//
// Paper: Cataldo & Sampaio (2002) sec. 5, eqs. 5.1-5.7, fourth group of
// equations (sec. 2.4.4; Tables 3.1 and 5.1). The available text ends inside
// eq. 5.7; the model is completed as in the reference notes B1.8h (errata B4.12):
//   compression (A -> C):
//     D_NC = 0                                                  (eqs. 5.1-5.2)
//     Coulomb on (I_TC, D_TC) as in Glocker-Pfeiffer             (eq. 5.3)
//     e_mC I_thetaC = -(1 + e_mC) J D_thetaC,  J = J1 J2/(J1 + J2)
//   expansion (C -> E):
//     I_NE = e I_NC (Poisson; the paper writes e_n in eq. 5.6)  (eqs. 5.4-5.5)
//     e_mE I_thetaE = -(1 + e_mE) J D_thetaE
//     I_TS = 1/2 [mu nu I_NE sign(I_TC) + e e_t I_TC]           (eq. 5.6)
//     I_TC >= 0, I_TS >= 0: -mu I_NE + 2 I_TS <= I_TE <= mu I_NE with the
//       three branches of Glocker-Pfeiffer case 1               (eq. 5.7, printed)
//     I_TC <= 0, I_TS <= 0: -mu I_NE <= I_TE <= mu I_NE + 2 I_TS, Glocker-
//       Pfeiffer case 2                                          [reconstructed]
//   each phase: a linear solve in (I_N, I_T, I_theta) per Coulomb branch, the
//   moment law eliminated in closed form (calcMomentLawFactor), the branches
//   selected as in Glocker-Pfeiffer                              [reconstructed]
// Reductions (tested): e_mC = e_mE = -1 is Glocker-Pfeiffer's second case
// (e_t, nu); with e_t = nu = 0 also its first case; with mu = 0 as well,
// Newton = Poisson without friction; on central impacts (B = 0, no couple)
// the incremental Wang-Mason / Poisson result; and with mu = 0, e_mC = e_mE = 0
// and no initial relative rotation, Brach's e_m = 0 (the relative rotation is
// stopped in both). Table 5.1 also counts Newton, Kane-Levinson, Wang-Mason and
// Brach as contained; the Newton-restitution ones are contained only where
// Newton and Poisson coincide (no friction, or central impacts).
//
// What it needs beyond W, v^-, mu, e: when e_mC or e_mE != -1, the couple row of
// the mobility and D_thetaA from body-level input, exactly as Brach (see
// impact/planar/Brach.h); contact-level input is then rejected with
// InputError("bodies", ...).
//
// Sign convention: planar (t1, n) of the contact frame; the couple +I_theta
// about k = t1 x n on body 1 (impact/planar/PlanarProblem.h). Units SI.
// Valid ranges: 0 <= e <= 1, mu >= 0, 0 <= e_t, nu <= 1, e_mC and e_mE = -1
// or >= 0.
//
// Known non-physical cases: with moment coefficients >= 0 the model CAN CREATE
// ENERGY (3 of 1e4 random planar body pairs did; Brach's law alone, 4 %); with
// e_mC = e_mE = -1 it is Glocker-Pfeiffer's (no gain found). When the couple of
// the compression law alone separates the bodies (v_n >= 0 after it), the
// compression has no solution with I_NC > 0: SolveStatus::NoSolution. Gains are
// reported as warnings.
//
// Trace: straight segments 0 -> G_C -> G_C + G_E of the force impulse (the
// couple enters the velocities and energies of the samples).
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

struct CataldoSampaioOptions {
    double tangentialRestitution = 0.0;          // e_t in [0, 1]
    double nu = 0.0;                             // nu in [0, 1]
    double momentCoefficientCompression = -1.0;  // e_mC; -1: no moment impulse
    double momentCoefficientExpansion = -1.0;    // e_mE; -1: no moment impulse
};

struct CataldoSampaioSolution {
    ImpactResult result;
    double coupleImpulseCompression = 0.0;   // N m s, I_thetaC
    double coupleImpulseExpansion = 0.0;     // N m s, I_thetaE
};

// Throws InputError("W" / "v_minus") for a non-planar problem, InputError("cs.<option>")
// for invalid options and InputError("bodies") when a moment coefficient is
// not -1 and the problem has no bodies.
CataldoSampaioSolution solveCataldoSampaioWithCouple(const ImpactProblem& problem,
                                                     const CataldoSampaioOptions& options = {},
                                                     ImpactTrace* trace = nullptr);
ImpactResult solveCataldoSampaio(const ImpactProblem& problem, const CataldoSampaioOptions& options = {},
                                 ImpactTrace* trace = nullptr);

}  // namespace impactlab
