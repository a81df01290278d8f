#pragma once
// Newton's kinematic restitution with Coulomb friction, integrated along the
// normal impulse (Routh's incremental process; Cataldo & Sampaio sec. 3.7 in
// the plane, Jia & Wang eq. 31 for the sliding direction in 3D).
//
// Terminates when v_n = -e v_n^-. Units SI; 0 <= e <= 1, mu >= 0.
// Without friction, or for central impacts (W13 = W23 = 0), Newton, Poisson and
// Stronge coincide: I_n = -(1 + e) v_n^- / W_nn.
// Known non-physical case: with friction and normal-tangential coupling
// (eccentric impacts) Newton's rule can create energy; the result then carries
// a warning. The impact solution condition (Jia & Wang eq. 18) is assumed; if
// v_n stops rising the step limit is reported.
#include "impact/CoulombPath.h"

namespace impactlab {

struct NewtonOptions {
    CoulombPathOptions path;
};

ImpactResult solveNewton(const ImpactProblem& problem, const NewtonOptions& options = {},
                         ImpactTrace* trace = nullptr);

}  // namespace impactlab
