#pragma once
// A time-integrated Hertz-Mindlin contact: the compliant reference drawn
// dashed beside the tangential-compliance law (TangentialCompliance.h), as
// the Hertz + Hunt-Crossley reference is beside PLUS.
//
//   normal (Hertz; Johnson, Contact Mechanics, 1985, sec. 4.2):
//     loading    F_n = (4/3) E* sqrt(R*) delta^3/2
//     unloading  F_n = F_m ((delta - delta_p) / (delta_m - delta_p))^3/2,
//                delta_p = delta_m (1 - e^2)
//     The unloading curve gives back (2/5) F_m (delta_m - delta_p) of the
//     (2/5) F_m delta_m stored: e^2 of it, so without friction v_n+ = -e v_n-
//     (a power-law unloading branch, as Thornton's for elastic-plastic spheres).
//   tangential (Mindlin no-slip, incremental; Mindlin & Deresiewicz 1953 in
//   the simplified form of Di Renzo & Di Maio 2004):
//     dF_t/dt = -k_t v_t,  k_t = stiffness_ratio * dF_n/ddelta
//     (loading: k_t = 8 G* a with a = sqrt(R* delta) and ratio = 4 G*/E*),
//     capped by Coulomb, |F_t| <= mu F_n, by radial return after each step.
//
// With dv/dt = W F and d delta/dt = -v_n the impact is self-similar: the
// impulse and velocities after depend on stiffness_ratio, W, v-, mu and e
// only, not on E* or R*. The solver takes R* = 1 and E* such that the
// frictionless compression would reach delta = 1 (units where the normal
// effective mass is 1/W_nn and the approach speed |v_n-|). Fixed-step RK4.
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "impact/TangentialCompliance.h"

namespace impactlab {

struct HertzMindlinOptions {
    double stiffnessRatio = calcMindlinStiffnessRatio(kDefaultPoissonRatio);   // kt / kn, > 0
    // RK4 steps per frictionless contact duration (~3.2 delta_m / |v_n-|);
    // the Coulomb cap's radial return is first order, so e_t is good to about
    // 1 / stepsPerContact.
    int stepsPerContact = 20000;
    // Trace samples: one every this many steps.
    int stepsPerSample = 20;
    int maxSteps = 10000000;   // reported as IterationLimit when hit
};

// Throws InputError("stiffness_ratio") for a ratio that is not finite and > 0.
ImpactResult solveHertzMindlinReference(const ImpactProblem& problem, const HertzMindlinOptions& options = {},
                                        ImpactTrace* trace = nullptr);

}  // namespace impactlab
