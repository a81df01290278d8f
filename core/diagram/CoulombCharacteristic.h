#pragma once
// The set-valued Coulomb characteristics of one planar impact, I_T against D_T
// (Cataldo & Sampaio Figs. 3.12, 3.17, 3.18; reference notes B1.8d-e), as a
// Figure with no drawing.
//
// Glocker & Pfeiffer apply Coulomb's law algebraically at the end of each
// phase (sec. 3.5), so each phase has its graph in the plane (D_T, I_T):
//   compression  vertical segment D_T = 0, -mu I_NC <= I_T <= mu I_NC, and the
//                branches I_T = +mu I_NC for D_T < 0, -mu I_NC for D_T > 0 (Fig. 3.12)
//   expansion    the same with I_NE, shifted by 2 I_TS (sec. 3.6.3):
//                I_TC >= 0: -mu I_NE + 2 I_TS <= I_TE <= mu I_NE   (Fig. 3.17)
//                I_TC <= 0: -mu I_NE <= I_TE <= mu I_NE + 2 I_TS   (Fig. 3.18)
//                (calcGlockerPfeifferBounds); 2 I_TS = 0 for every other law
//                and for the first case (e_t = nu = 0)
// with the impact's phase-end points (D_TC, I_TC) and (D_TE, I_TE) marked:
// I_C is the impulse at the end of compression, I_E = I - I_C the expansion's,
// D_TC and D_TE the tangential (t1) velocities there. A law that integrates
// friction along the path (wang-mason, poisson) or Kane's need not put its
// points on these graphs; Glocker-Pfeiffer always does.
//
// Sign convention: planar (t1, n) of the contact frame, impulse on body 1,
// D = v1 - v2 (impact/planar/PlanarProblem.h). Units: I_T in N s, D_T in m/s.
#include "diagram/Figure.h"
#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "laws/LawComparison.h"

namespace impactlab {

// The phase values the figure is drawn from (for tests and tables).
struct CoulombPhasePoints {
    double InC = 0.0, ItC = 0.0, DtC = 0.0;   // end of compression
    double InE = 0.0, ItE = 0.0, DtE = 0.0;   // expansion phase impulses, final velocity
    double twoIts = 0.0;                      // 2 I_TS, the expansion graph's shift
    double lo = 0.0, hi = 0.0;                // the expansion interval of I_TE
};

// `law` must be accepted (its result is used). Glocker-Pfeiffer's e_t and nu
// are read from law.options; other laws get the unshifted graphs.
CoulombPhasePoints calcCoulombPhasePoints(const ImpactProblem& problem, const ComparedLaw& law);

Figure makeCoulombCharacteristicFigure(const ImpactProblem& problem, const ComparedLaw& law);

}  // namespace impactlab
