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
// PlusRestitution.h and PlusStepLength.h), with three additions:
// - a contact with mu = 0 slides frictionlessly (pi_xy = 0) rather than
//   entering the rolling/impending-slip loop, which would reach the same
//   impulse after an extra pass;
// - a jam, where no contact can push although a sliding one approaches
//   (its normal row with friction substituted, A_nn - mu A_n,xy s <= 0, asks
//   for a pulling impulse: a Painleve-type coupling the paper does not
//   treat), is followed Darboux-Keller style: the contact slides with its
//   normal impulse growing until its slip is closest to zero, and its
//   compression continues over rounds until it stops approaching
//   (PlusInterval.h). If even that step is impossible (or v- lies outside
//   the range of A at contact level), the solve stops with no-solution;
// - when Newton finds no root of the impending-slip direction (eq. 2.9b),
//   directions that end the slip at rest are searched (B.2.7's trailing
//   points); failing that the B.4.8 direction (opposite the rolling impulse)
//   is kept and status is iteration-limit with a warning.
// Every result stays within the cones and the sign; on random several-contact
// problems with mu up to 1.2 about 2 % end flagged
// (tests/core/impact/plus/test_plus_invariants.cpp).
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
