#include "impact/Poisson.h"

namespace impactlab {

ImpactResult solvePoisson(const ImpactProblem& problem, const PoissonOptions& options,
                          ImpactTrace* trace) {
    const double e = problem.restitution;
    return solveTwoPhaseImpact(problem, "poisson", options.path, trace, [e](const CoulombPath::State& c) {
        const double target = (1.0 + e) * c.In;  // I_nr = (1 + e) I_nc
        return [target](const CoulombPath::State& s, const Vec3&) { return s.In - target; };
    });
}

}  // namespace impactlab
