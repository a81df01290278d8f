#pragma once
// PLUS: the impact model of Uchida, Sherman & Delp 2015 (Proc. R. Soc. A
// 471:20140859) for simultaneous impacts at several contacts with Poisson
// restitution, Coulomb friction and a velocity-dependent COR.
//
// Input: a ContactSpaceProblem (A = G M^-1 G^T, eq. 2.2, stacked (t1, t2, n)
// per contact; v-; per-contact mu and e or e_min). Every contact given is
// proximal (the caller selected them with kPlusProximityTolerance).
// Units: SI; the impulse acts on body 1 of each contact, v = v1 - v2.
//
// Algorithm 2 (outer loop; reference note B.1.9, our reading of the garbled
// listing): impact rounds. At the start of a round each contact is
//   expanding   if it compressed in the previous round with a non-zero
//               impulse and a non-zero COR: it must now apply
//               pi_exp = e * (its normal impulse of that round) (eq. 2.4);
//   compressing if v_n < -tol_v (sequential model), or v_n < +tol_v, i.e.
//               touching and not separating (simultaneous model, Fig. 14 C);
//   observing   otherwise (no impulse; B.4.7).
// e = e(-v_n) at the start of the round (Fig. 2). A round is a sequence of
// intervals (Algorithm 1, PlusInterval.h), each applying alpha pi; it ends
// when alpha = 1. The impact ends when no contact approaches (v_n >= -tol_v,
// B.4.1) and no expansion is pending.
//
// Resolutions of the paper where it is silent or garbled follow reference
// note B.4 (items 1, 2, 6-10, 14 as stated in PlusOptions.h, PlusInterval.h,
// PlusRestitution.h and PlusStepLength.h), with two additions:
// - a contact with mu = 0 slides frictionlessly (pi_xy = 0) rather than
//   entering the rolling/impending-slip loop, which would reach the same
//   impulse after an extra pass;
// - a round in which no contact can carry an impulse while some still
//   approach ends the solve with status no-solution instead of looping.
//   This happens when a sliding contact's normal row, with its friction
//   substituted, has A_nn - mu A_n,xy s <= 0 (a Painleve-type jam: stopping
//   the approach would need a pulling impulse) or for a v- outside the range
//   of A at contact level. The paper does not treat it; the impulse up to
//   that point is returned (it satisfies the cone, the sign and energy).
//
// - when Newton finds no root of the impending-slip direction (eq. 2.9b)
//   under the current active set, the B.4.8 direction (opposite the rolling
//   impulse) is kept; if the contact then still slips, status is
//   iteration-limit with a warning. Both this and the jam above stay within
//   the cone and the sign; on random several-contact problems with mu up
//   to 1.2 they occur in ~3 % of cases (tests/core/test_plus_invariants.cpp).
//
// Known non-physical cases: Poisson restitution with friction can in
// principle gain energy when sliding reverses; the result then carries a
// warning (kEnergyGainRelTol), as every law does.
#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ContactSpaceTrace.h"
#include "impact/plus/PlusOptions.h"

namespace impactlab {

ContactSpaceResult solvePlus(const ContactSpaceProblem& problem, const PlusOptions& options = {},
                             ContactSpaceTrace* trace = nullptr);

}  // namespace impactlab
