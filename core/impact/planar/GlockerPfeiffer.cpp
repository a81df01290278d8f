#include "impact/planar/GlockerPfeiffer.h"

#include "impact/planar/PlanarProblem.h"
#include "mechanics/InputChecks.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

double sign(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

}  // namespace

TangentBounds calcGlockerPfeifferBounds(double ItC, double InE, double mu, double e, double et, double nu) {
    const double twoIts = mu * nu * InE * sign(ItC) + e * et * ItC;   // 2 I_TS, sec. 3.6.3
    if (ItC >= 0.0) return {-mu * InE + twoIts, mu * InE};           // case 1, Fig. 3.17
    return {-mu * InE, mu * InE + twoIts};                           // case 2, Fig. 3.18
}

ImpactResult solveGlockerPfeiffer(const ImpactProblem& problem, const GlockerPfeifferOptions& options,
                                  ImpactTrace* trace) {
    const PlanarProblem planar = makePlanarProblem(problem, "glocker-pfeiffer");
    requireUnitInterval(options.tangentialRestitution, "glocker-pfeiffer.e_t");
    requireUnitInterval(options.nu, "glocker-pfeiffer.nu");
    const ImpactProblem p = makePlanarCopy(problem);
    const PlanarMobility mobility = makePlanarMobility(planar);
    const double mu = planar.friction;
    const double e = planar.restitution;

    ImpactResult result;
    result.model = "glocker-pfeiffer";
    result.steps = 1;

    // Compression: D_NC = 0 with Coulomb on (I_TC, D_TC).
    const std::optional<PlanarCoulombSolution> compression =
        solveCoulombCompression(p, mobility, planar.W, planar.vMinus, mu, result, trace);
    if (!compression) return result;
    const PlanarCoulombSolution& c = *compression;
    const Vec2 vC = planar.vMinus + planar.W * c.impulse;

    // Expansion: I_NE = e I_NC (Poisson), I_TE in the (shifted) Coulomb interval.
    const double InE = e * c.impulse.y();
    const TangentBounds bounds =
        calcGlockerPfeifferBounds(c.impulse.x(), InE, mu, e, options.tangentialRestitution, options.nu);
    PlanarCoulombSolution x = solveBoundedTangent(planar.W, vC, InE, bounds.lo, bounds.hi);
    if (mu == 0.0) x.branch = CoulombBranch::Frictionless;

    const Vec3 Gc(c.impulse.x(), c.impulse.y(), 0.0);
    const Vec3 G = Gc + Vec3(x.impulse.x(), x.impulse.y(), 0.0);
    finishTwoPhaseResult(p, mobility, Gc, c.branch, G, x.branch, trace, result);
    return result;
}

}  // namespace impactlab
