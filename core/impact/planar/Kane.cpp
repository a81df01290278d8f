#include "impact/planar/Kane.h"

#include "impact/planar/PlanarProblem.h"

namespace impactlab {

ImpactResult solveKane(const ImpactProblem& problem, const KaneOptions& options, ImpactTrace* trace) {
    const PlanarProblem planar = makePlanarProblem(problem, "kane");
    const double mu = planar.friction;
    const double mu0 = options.muStatic.value_or(mu);
    if (!std::isfinite(mu0) || mu0 < 0.0)
        throw InputError("kane.mu_static", "must be a finite number >= 0, got " + std::to_string(mu0));
    const ImpactProblem p = makePlanarCopy(problem);
    const PlanarMobility mobility = makePlanarMobility(planar);

    ImpactResult result;
    result.model = "kane";
    result.steps = 1;
    // eq. 3.2: D_NE = -e D_NA, with Coulomb on the final tangential velocity.
    const double targetVn = -planar.restitution * planar.vMinus.y();
    const std::vector<PlanarCoulombSolution> solutions =
        findCoulombSolutions(planar.W, planar.vMinus, targetVn, mu0, mu);
    if (solutions.empty()) {
        result.status = SolveStatus::NoSolution;
        result.warnings.push_back("no solution: " + explainNoCoulombSolution(planar.vMinus, targetVn) +
                                  " (mu_0 = " + std::to_string(mu0) +
                                  "); Newton's restitution cannot end this impact (Cataldo & Sampaio sec. 2.9)");
        appendPlanarSegment(trace, p, mobility, Vec3::Zero(), Vec3::Zero(), ContactMode::Sliding, ImpactPhase::Compression);
        completePlanarResult(p, mobility, 0.0, result);
        return result;
    }
    if (solutions.size() > 1)
        result.warnings.push_back("Kane's law has " + std::to_string(solutions.size()) +
                                  " consistent solutions: " + describeSolutions(solutions) +
                                  "; the first in the order stick, +mu, -mu is reported");
    const PlanarCoulombSolution& s = solutions.front();
    finishStraightPathResult(p, mobility, Vec3(s.impulse.x(), s.impulse.y(), 0.0), s.branch, trace, result);
    return result;
}

}  // namespace impactlab
