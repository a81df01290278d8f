#include "diagram/CoulombCharacteristic.h"

#include <algorithm>
#include <cmath>

#include "diagram/DisplayNames.h"
#include "impact/planar/GlockerPfeiffer.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

// The horizontal branches reach this factor beyond the largest |D_T| shown
// (the phase-end velocities and the initial one), so the marked points sit
// inside the plot, not on its edge.
constexpr double kBranchReach = 1.5;
// Shortest branch, as a fraction of |v^-|: a sticking impact (every D_T = 0)
// still shows that its branches exist.
constexpr double kMinBranchRel = 0.5;
// Palette entries of FigureView: the compression graph and point, the
// expansion's, and grey (-2) for the unshifted reference.
constexpr int kCompressionColour = 0;
constexpr int kExpansionColour = 1;
constexpr int kReferenceColour = -2;

// Coulomb's graph with the set [lo, hi] at D_T = 0 (sec. 3.5, Fig. 3.12):
// I_T = hi while D_T < 0, lo while D_T > 0.
std::vector<Vec2> makeGraph(double lo, double hi, double reach) {
    return {Vec2(-reach, hi), Vec2(0.0, hi), Vec2(0.0, lo), Vec2(reach, lo)};
}

double readOption(const ComparedLaw& law, const char* key) {
    const auto it = law.options.find(key);
    return it != law.options.end() && it->is_number() ? it->get<double>() : 0.0;
}

}  // namespace

CoulombPhasePoints calcCoulombPhasePoints(const ImpactProblem& problem, const ComparedLaw& law) {
    const ImpactResult& r = law.result;
    const Vec3 IC = r.compressionImpulse;
    const Vec3 IE = r.impulse - IC;
    CoulombPhasePoints pts;
    pts.InC = IC.z();
    pts.ItC = IC.x();
    pts.DtC = (problem.vMinus + problem.W * IC).x();
    pts.InE = IE.z();
    pts.ItE = IE.x();
    pts.DtE = r.vPlus.x();
    const double mu = problem.friction;
    // The reversible tangential impulse of the second case (sec. 3.6.3).
    const bool gp = isLaw(law.id, LawId::GlockerPfeiffer);
    const double et = gp ? readOption(law, "e_t") : 0.0;
    const double nu = gp ? readOption(law, "nu") : 0.0;
    const TangentBounds b = calcGlockerPfeifferBounds(pts.ItC, pts.InE, mu, problem.restitution, et, nu);
    pts.lo = b.lo;
    pts.hi = b.hi;
    pts.twoIts = b.lo + b.hi;   // the interval [-mu I_NE, mu I_NE] shifted by 2 I_TS at one end
    return pts;
}

Figure makeCoulombCharacteristicFigure(const ImpactProblem& problem, const ComparedLaw& law) {
    Figure fig;
    fig.title = "Coulomb characteristic (" + getLawDisplayName(law.id) + ")";
    fig.xLabel = "tangential velocity D_T [m/s]";
    fig.yLabel = "tangential impulse I_T [N s]";
    if (!law.accepted) return fig;
    const CoulombPhasePoints p = calcCoulombPhasePoints(problem, law);
    const double mu = problem.friction;
    const double reach = kBranchReach * std::max({std::abs(p.DtC), std::abs(p.DtE), std::abs(problem.vMinus.x()),
                                                  kMinBranchRel * problem.vMinus.norm()});

    FigureSeries compression{"compression: Coulomb with I_NC (Fig. 3.12)",
                             makeGraph(-mu * p.InC, mu * p.InC, reach), kCompressionColour};
    fig.series.push_back(std::move(compression));
    if (p.twoIts != 0.0) {
        FigureSeries plain{"expansion unshifted (first case)",
                           makeGraph(-mu * p.InE, mu * p.InE, reach), kReferenceColour, true};
        fig.series.push_back(std::move(plain));
    }
    const std::string expansionName =
        p.twoIts == 0.0 ? "expansion: Coulomb with I_NE"
                        : std::string("expansion: shifted by 2 I_TS (Fig. ") + (p.ItC >= 0.0 ? "3.17" : "3.18") + ")";
    FigureSeries expansion{expansionName, makeGraph(p.lo, p.hi, reach), kExpansionColour, true};
    fig.series.push_back(std::move(expansion));

    FigureSeries c{"end of compression (D_TC, I_TC)", {Vec2(p.DtC, p.ItC)}, kCompressionColour};
    c.marker = FigureMarker::Circle;
    fig.series.push_back(std::move(c));
    FigureSeries e{"end of impact (D_TE, I_TE)", {Vec2(p.DtE, p.ItE)}, kExpansionColour};
    e.marker = FigureMarker::Star;
    e.highlight = true;
    fig.series.push_back(std::move(e));
    return fig;
}

}  // namespace impactlab
