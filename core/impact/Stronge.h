#pragma once
// Stronge's energetic restitution with Coulomb friction (Jia & Wang sec. 2.2,
// eqs. 10-12; Cataldo & Sampaio's "energetic" law of Beghin-Boulanger).
//
// The work of the normal impulse w = int v_n dI_n decreases during compression
// to w_c < 0; restitution releases e^2 |w_c|, so the impact ends where
// w - w_c = -e^2 w_c. Units SI; 0 <= e <= 1, mu >= 0. Energy is never created
// (the normal work released is at most that stored, and friction dissipates).
//
// With friction and without a trace the impact is solved as jia-wang solves
// it (the same model: the sliding stretch integrated in the angle of gamma,
// then Jia & Wang's closed forms, 1e-8 relative), when condition (18) holds
// and the path options below keep their defaults; otherwise, and for traces,
// the path is integrated along I_n to its end (CoulombPath).
#include "impact/CoulombPath.h"

namespace impactlab {

struct StrongeOptions {
    CoulombPathOptions path;
};

ImpactResult solveStronge(const ImpactProblem& problem, const StrongeOptions& options = {},
                          ImpactTrace* trace = nullptr);

}  // namespace impactlab
