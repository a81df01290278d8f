#pragma once
// Poisson's kinetic restitution with Coulomb friction: the normal impulse of
// restitution is e times that of compression, I_n = (1 + e) I_nc (Cataldo &
// Sampaio sec. 3.7; Uchida et al. use it in PLUS). Integrated along the normal
// impulse with the Coulomb sliding law (Jia & Wang eq. 31).
//
// Units SI; 0 <= e <= 1, mu >= 0. Poisson's rule never creates energy when the
// sliding direction does not reverse during restitution; an energy gain, if
// any, is reported as a warning.
#include "impact/CoulombPath.h"

namespace impactlab {

struct PoissonOptions {
    CoulombPathOptions path;
};

ImpactResult solvePoisson(const ImpactProblem& problem, const PoissonOptions& options = {},
                          ImpactTrace* trace = nullptr);

}  // namespace impactlab
