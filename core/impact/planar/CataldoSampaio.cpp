#include "impact/planar/CataldoSampaio.h"

#include "impact/planar/GlockerPfeiffer.h"
#include "impact/planar/PlanarProblem.h"
#include "mechanics/InputChecks.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

void checkMomentCoefficient(double em, const std::string& field) {
    if (!isValidMomentCoefficient(em))
        throw InputError(field, "must be -1 (no moment impulse) or >= 0, got " + formatNumber(em) +
                                    " (e_m = -1/2 makes the moment law singular; (-1, 0) reverses or amplifies the "
                                    "relative rotation)");
}

}  // namespace

CataldoSampaioSolution solveCataldoSampaioWithCouple(const ImpactProblem& problem,
                                                     const CataldoSampaioOptions& options, ImpactTrace* trace) {
    const PlanarProblem planar = makePlanarProblem(problem, "cs");
    requireUnitInterval(options.tangentialRestitution, "cs.e_t");
    requireUnitInterval(options.nu, "cs.nu");
    checkMomentCoefficient(options.momentCoefficientCompression, "cs.e_m_c");
    checkMomentCoefficient(options.momentCoefficientExpansion, "cs.e_m_e");
    const ImpactProblem p = makePlanarCopy(problem);
    const double fC = calcMomentLawFactor(options.momentCoefficientCompression);
    const double fE = calcMomentLawFactor(options.momentCoefficientExpansion);
    const PlanarMobility mobility =
        fC == 0.0 && fE == 0.0
            ? makePlanarMobility(planar)
            : makePlanarMobilityWithCouple(problem, planar,
                                           "cs with e_m_c = " + formatNumber(options.momentCoefficientCompression) +
                                               ", e_m_e = " + formatNumber(options.momentCoefficientExpansion) +
                                               " needs the moment row of the mobility (W_t,theta, W_n,theta, 1/J) "
                                               "and the relative angular velocity about the plane normal (use "
                                               "e_m_c = e_m_e = -1 for no moment impulse)");
    const double mu = planar.friction;
    const double e = planar.restitution;

    CataldoSampaioSolution out;
    ImpactResult& result = out.result;
    result.model = "cs";
    result.steps = 2;

    // Compression (eqs. 5.1-5.3): D_NC = 0, Coulomb, I_thetaC by the e_mC law.
    const PlanarPhase compressionPhase = makePlanarPhase(mobility, mobility.vMinus, fC);
    const std::optional<PlanarCoulombSolution> compression =
        solveCoulombCompression(p, mobility, compressionPhase.W, compressionPhase.v, mu, result, trace);
    if (!compression) return out;
    const PlanarCoulombSolution& c = *compression;
    out.coupleImpulseCompression = calcCoupleImpulse(mobility, mobility.vMinus, c.impulse, fC);
    const Vec3 Gc(c.impulse.x(), c.impulse.y(), out.coupleImpulseCompression);
    const Vec3 vC = mobility.calcVelocityAfter(Gc);

    // Expansion (eqs. 5.4-5.7): I_NE = e I_NC, I_TE in the shifted interval,
    // I_thetaE by the e_mE law.
    const PlanarPhase expansionPhase = makePlanarPhase(mobility, vC, fE);
    const double InE = e * c.impulse.y();
    const TangentBounds bounds =
        calcGlockerPfeifferBounds(c.impulse.x(), InE, mu, e, options.tangentialRestitution, options.nu);
    PlanarCoulombSolution x = solveBoundedTangent(expansionPhase.W, expansionPhase.v, InE, bounds.lo, bounds.hi);
    if (mu == 0.0) x.branch = CoulombBranch::Frictionless;
    out.coupleImpulseExpansion = calcCoupleImpulse(mobility, vC, x.impulse, fE);

    const Vec3 G = Gc + Vec3(x.impulse.x(), x.impulse.y(), out.coupleImpulseExpansion);
    finishTwoPhaseResult(p, mobility, Gc, c.branch, G, x.branch, trace, result);
    return out;
}

ImpactResult solveCataldoSampaio(const ImpactProblem& problem, const CataldoSampaioOptions& options,
                                 ImpactTrace* trace) {
    return solveCataldoSampaioWithCouple(problem, options, trace).result;
}

}  // namespace impactlab
