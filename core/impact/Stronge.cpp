#include "impact/Stronge.h"

#include <algorithm>

#include "impact/JiaWang.h"

namespace impactlab {

namespace {

// Without a trace, the same model solved by Jia & Wang's method: the sliding
// stretch integrated in the angle of gamma, then closed forms (JiaWang.h).
// Taken when condition (18) guarantees the impact ends (a jam is left to the
// path, which reports it) and the path's accuracy options are the defaults.
bool takesClosedForms(const ImpactProblem& problem, const StrongeOptions& options, const ImpactTrace* trace) {
    const CoulombPathOptions defaults;
    return problem.friction > 0.0 && !(trace && options.path.recordTrace) &&
           options.path.maxTurnPerStep == defaults.maxTurnPerStep &&
           options.path.localErrorRelTol == defaults.localErrorRelTol && calcImpactSolutionMargin(problem) > 0.0;
}

}  // namespace

ImpactResult solveStronge(const ImpactProblem& problem, const StrongeOptions& options,
                          ImpactTrace* trace) {
    if (takesClosedForms(problem, options, trace)) {
        JiaWangOptions o;
        o.maxSteps = options.path.maxSteps;
        ImpactResult r = solveJiaWang(problem, o);
        r.model = "stronge";
        // The law reports c, stick or resumed slip, and r; reaching a ray is
        // Jia & Wang's bookkeeping.
        r.events.erase(std::remove_if(r.events.begin(), r.events.end(),
                                      [](const ImpactEvent& e) { return e.kind == ImpactEventKind::InvariantDirection; }),
                       r.events.end());
        return r;
    }
    const double e2 = problem.restitution * problem.restitution;
    return solveTwoPhaseImpact(problem, "stronge", options.path, trace, [e2](const CoulombPath::State& c) {
        const double wc = c.normalWork;  // <= 0: energy stored at maximum compression (eq. 12)
        return [wc, e2](const CoulombPath::State& s, const Vec3&) {
            return (s.normalWork - wc) + e2 * wc;  // released work reaches e^2 of the stored
        };
    });
}

}  // namespace impactlab
