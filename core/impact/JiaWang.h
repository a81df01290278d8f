#pragma once
// Jia & Wang, "Analysis and Computation of Two Body Impact in Three
// Dimensions" (the paper's equation numbers throughout): Coulomb friction with
// Stronge's energetic restitution, solved along the normal impulse I_n.
//
// Model. With B, d the tangential blocks of W (eqs. 21-22) and
// gamma = (v_t1, v_t2) the sliding velocity, the impulse follows gamma (eq. 26)
//   I = I_n n + (t1, t2) B^-1 (gamma - gamma^- - I_n d),
// gamma obeys the hodograph ODE gamma' = -mu B gamma^ + d while sliding (31),
// and the contact potential E obeys E' = -v_n (11), dropping to e^2 E_c at the
// end of compression. Once gamma reaches an invariant ray (event l, eq. 33) or
// zero (event s: stick when ||B^-1 d|| <= mu (35), otherwise slip resumes along
// the unique centrifugal ray, sec. 5.2), the impulse grows linearly and the
// remaining events c and r follow in closed form (secs. 6.2-6.3): every event
// sequence of Fig. 9. The paper's errata are applied (reference notes A4):
// the larger root in sec. 6.2, Delta I_z = +inf in eq. 42, gamma^- in
// Algorithm 1 line 21, ||gamma|| in the denominator of eq. 37.
//
// Conventions: contact frame (t1, t2, n), n into body 1, impulse on body 1,
// v = v1 - v2, approach v_n < 0 (the paper's z^ is n). SI units;
// 0 <= e <= 1 (energetic), mu >= 0.
//
// Validity. Termination is guaranteed by the impact solution condition (18),
// W_nn - mu ||(W_13, W_23)|| > 0; when it fails a warning says so and the
// solve proceeds (footnote 2). Every closed-form stretch ends anyway: with
// sigma its dI/dI_n, v_n' = n.W sigma is W_nn - d.B^-1 d > 0 when sticking,
// and on a ray s^ with lambda >= 0 (resumed slip included) lambda >= 0 gives
// mu d.s^ <= (d.s^)^2 / s^.B s^ <= d.B^-1 d < W_nn, so
// v_n' = W_nn - mu d.s^ > 0 (Cauchy-Schwarz in the B metric; W is SPD).
// NoSolution ("compression never ends") is therefore only a guard, and the
// step limit bounds the integration. Energy is never created (friction
// dissipates, restitution returns at most what was stored).
// Event l is approached only asymptotically in exact arithmetic, so it is
// declared within lAngleTol (reference A1.14); sequence labels depend on it,
// the impulse hardly does.
#include <string>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "impact/JiaWangOptions.h"

namespace impactlab {

ImpactResult solveJiaWang(const ImpactProblem& problem, const JiaWangOptions& options = {},
                          ImpactTrace* trace = nullptr);

// The event sequence of Fig. 9 ("cr", "scr", "lcsr", ...) from result.events:
// l = InvariantDirection, s = Stick or ResumedSlip, c = EndOfCompression,
// r = EndOfImpact.
std::string calcEventSequence(const ImpactResult& result);

// Margin of the impact solution condition (18), W_nn - mu ||(W_13, W_23)||
// (its minimum over tangent directions, footnote 3); > 0 guarantees the
// impact ends (Theorem 3).
double calcImpactSolutionMargin(const ImpactProblem& problem);

}  // namespace impactlab
