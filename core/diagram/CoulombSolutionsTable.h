#pragma once
// Preclik, Eibl & Ruede Table 1 for any single contact: every inelastic
// Coulomb solution and the maximally dissipative impulse, each with its
// residual A x - b and objective 1/2 x^T A x - x^T b.
//
// The paper's problem (eq. 3) in the contact frame: A = W and b = -v^- with
// the components in the paper's order (n, t, o) = (n, t1, t2), so that
//   A x - b = W I + v^- = v^+   (the post-impact contact velocity; m/s)
//   1/2 x^T A x - x^T b = 1/2 I^T W I + I . v^-   (the change of kinetic energy; J)
// A Coulomb solution has (A x - b)_n = 0 and its tangential residual opposite
// to x_t (Fig. 1); the maximally dissipative impulse has the least objective
// on the plane of maximum compression inside the cone, which need not be any
// Coulomb solution (Table 1: x* is not x3). Restitution is not used: the
// table is the purely inelastic problem of sec. 4.1, as the paper's.
//
// Rows: x1, x2, ... in increasing normal impulse (the paper numbers them so),
// then x*. Columns: solution, kind, x (n, t, o) [N s], A x - b (n, t, o) [m/s],
// ||A x - b|| [m/s], objective [J].
#include "diagram/Figure.h"
#include "impact/ImpactProblem.h"

namespace impactlab {

FigureTable makeCoulombSolutionsTable(const ImpactProblem& problem);

}  // namespace impactlab
