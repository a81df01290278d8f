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

namespace impactlab {

// How the hodograph is integrated before closed forms take over. The last three
// reproduce Table 1 ("NI", "FS", "VS"); their explicit Euler steps make them
// first order (3e-3 relative on the icosahedron at Table 1's settings).
enum class JiaWangMethod {
    Default,              // error-controlled Dormand-Prince 5(4) along I_n (CoulombPath), then closed forms
    FixedStep,            // NI: Euler on (31) with constant h to the end, no closed forms
    FixedStepClosedForm,  // FS: Algorithm 1, Euler with constant h, then closed forms
    PaperAdaptive,        // VS: Algorithm 1, Euler with the step of eq. 36, then closed forms
};
const char* toString(JiaWangMethod method);

struct JiaWangOptions {
    JiaWangMethod method = JiaWangMethod::Default;

    // Default method: Dormand-Prince 5(4) steps with this local error,
    // relative to the frictionless compression impulse |v_n^-| / W_nn. The
    // realised error of the total impulse is about this, relative (2e-8 at
    // worst on 300 random problems); 1e-8 leaves a factor of 50 under the
    // 1e-6 the law promises. bench/bench_jia_wang.cpp sweeps it.
    double localErrorTol = 1e-8;
    // rad: largest turn of the sliding direction in one step of the Default
    // method, so that the trace draws the hodograph smoothly.
    double maxTurnPerStep = 0.25;

    // FixedStep and FixedStepClosedForm. N s: the constant Euler step of I_n
    // (Table 1 uses 1e-3 for FS on the icosahedron, 2e-3 on the pin-ball).
    double h = 1e-3;

    // PaperAdaptive, eq. 36: h = eps h1/|gamma'| + (1 - eps) h2/(|kappa| |gamma'|).
    double h1 = 0.01;       // m/s, arc length of the hodograph per step (Table 1)
    double h2 = 0.01;       // rad, turn of its tangent per step (Table 1)
    double epsilon = 0.5;   // weight of the arc-length rule, in [0, 1] (Table 1)

    // rad. Event l: the angle between gamma and gamma' (mod pi) falls below
    // this. Exact rays are reached only asymptotically, so this must be > 0;
    // the Default method snaps onto the exact ray, so the impulse error is of
    // this order. The paper's iteration counts suggest ~0.05 (reference A2.7).
    double lAngleTol = 1e-9;
    // Event s: |gamma| below this fraction of |v^-| (its square root when the
    // contact will stick, where the error is second order). The rest of the
    // way to the origin is taken straight, so the error is about this times
    // the turn of the sliding direction on that last bit.
    double stickSpeedRelTol = 1e-8;
    // Integration steps allowed; hitting the cap is reported as IterationLimit.
    int maxSteps = 200000;
};

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
