#include "impact/planar/Brach.h"

#include "impact/planar/PlanarProblem.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {
}  // namespace

BrachSolution solveBrachWithCouple(const ImpactProblem& problem, const BrachOptions& options, ImpactTrace* trace) {
    const PlanarProblem planar = makePlanarProblem(problem, "brach");
    const double em = options.momentCoefficient;
    if (!isValidMomentCoefficient(em))
        throw InputError("brach.e_m", "must be -1 (no moment impulse) or >= 0, got " + formatNumber(em) +
                                          " (e_m = -1/2 makes Brach's moment law singular; (-1, 0) reverses or "
                                          "amplifies the relative rotation)");
    if (options.impulseRatio && !std::isfinite(*options.impulseRatio))
        throw InputError("brach.impulse_ratio", "must be a finite number");
    const ImpactProblem p = makePlanarCopy(problem);
    const double f = calcMomentLawFactor(em);
    const PlanarMobility mobility =
        f == 0.0 ? makePlanarMobility(planar)
                 : makePlanarMobilityWithCouple(
                       problem, planar,
                       "brach with e_m = " + formatNumber(em) +
                           " needs the moment row of the mobility (W_t,theta, W_n,theta, 1/J) and the relative "
                           "angular velocity about the plane normal (use e_m = -1 for no moment impulse)");
    // The couple eliminated by its law: a force-impulse problem (W', v').
    const PlanarPhase phase = makePlanarPhase(mobility, mobility.vMinus, f);
    const double targetVn = -planar.restitution * planar.vMinus.y();   // Newton

    BrachSolution out;
    ImpactResult& result = out.result;
    result.model = "brach";
    result.steps = 1;
    PlanarCoulombSolution s;
    if (options.impulseRatio) {
        const double r = *options.impulseRatio;
        const double rate = phase.W(1, 1) + phase.W(1, 0) * r;   // dv_n/dI_n along I_t = r I_n
        if (!(rate > 0.0) || !(targetVn - phase.v.y() > 0.0)) {
            result.status = SolveStatus::NoSolution;
            result.warnings.push_back("no solution: the impulse ratio r = " + formatNumber(r) +
                                      " gives no positive normal impulse (W_nn + W_nt r = " + formatNumber(rate) +
                                      ", normal velocity to add " + formatNumber(targetVn - phase.v.y()) + " m/s)");
            appendPlanarSegment(trace, p, mobility, Vec3::Zero(), Vec3::Zero(), ContactMode::Sliding,
                                ImpactPhase::Compression);
            completePlanarResult(p, mobility, 0.0, result);
            return out;
        }
        const double In = (targetVn - phase.v.y()) / rate;
        const double vtEnd = phase.v.x() + (phase.W(0, 1) + phase.W(0, 0) * r) * In;
        s.impulse = Vec2(r * In, In);
        s.branch = r == 0.0 ? CoulombBranch::Frictionless
                            : (vtEnd <= 0.0 ? CoulombBranch::SlidePositive : CoulombBranch::SlideNegative);
    } else {
        // Brach's critical ratio mu_0 (v_t+ = 0), capped at the friction coefficient.
        const std::vector<PlanarCoulombSolution> solutions =
            findCoulombSolutions(phase.W, phase.v, targetVn, planar.friction, planar.friction);
        if (solutions.empty()) {
            result.status = SolveStatus::NoSolution;
            result.warnings.push_back("no solution: " + explainNoCoulombSolution(phase.v, targetVn) +
                                      " (Brach's critical-ratio rule with |r| <= mu)");
            appendPlanarSegment(trace, p, mobility, Vec3::Zero(), Vec3::Zero(), ContactMode::Sliding,
                                ImpactPhase::Compression);
            completePlanarResult(p, mobility, 0.0, result);
            return out;
        }
        if (solutions.size() > 1)
            result.warnings.push_back("the critical-ratio rule has " + std::to_string(solutions.size()) +
                                      " consistent solutions: " + describeSolutions(solutions) +
                                      "; the first is reported");
        s = solutions.front();
    }
    out.coupleImpulse = calcCoupleImpulse(mobility, mobility.vMinus, s.impulse, f);
    finishStraightPathResult(p, mobility, Vec3(s.impulse.x(), s.impulse.y(), out.coupleImpulse), s.branch, trace,
                             result);
    return out;
}

ImpactResult solveBrach(const ImpactProblem& problem, const BrachOptions& options, ImpactTrace* trace) {
    return solveBrachWithCouple(problem, options, trace).result;
}

}  // namespace impactlab
