#include "impact/Stronge.h"

namespace impactlab {

ImpactResult solveStronge(const ImpactProblem& problem, const StrongeOptions& options,
                          ImpactTrace* trace) {
    const double e2 = problem.restitution * problem.restitution;
    return solveTwoPhaseImpact(problem, "stronge", options.path, trace, [e2](const CoulombPath::State& c) {
        const double wc = c.normalWork;  // <= 0: energy stored at maximum compression (eq. 12)
        return [wc, e2](const CoulombPath::State& s, const Vec3&) {
            return (s.normalWork - wc) + e2 * wc;  // released work reaches e^2 of the stored
        };
    });
}

}  // namespace impactlab
