#include "impact/Newton.h"

namespace impactlab {

ImpactResult solveNewton(const ImpactProblem& problem, const NewtonOptions& options,
                         ImpactTrace* trace) {
    const double targetVn = -problem.restitution * problem.vMinus.z();  // v_n+ = -e v_n-
    return solveTwoPhaseImpact(problem, "newton", options.path, trace, [&](const CoulombPath::State&) {
        return [targetVn](const CoulombPath::State&, const Vec3& v) { return v.z() - targetVn; };
    });
}

}  // namespace impactlab
