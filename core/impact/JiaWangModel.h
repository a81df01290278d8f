#pragma once
// Internals of the jia-wang law shared by its integrators and closed forms
// (see JiaWang.h for the model and the paper's equations).
#include <limits>
#include <optional>
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "impact/JiaWangOptions.h"

namespace impactlab {

// The fixed quantities of one problem (Jia & Wang secs. 3-5).
struct JiaWangModel {
    const ImpactProblem& problem;
    double mu;
    double e;                 // energetic coefficient of restitution
    Mat2 B;                   // eq. 21
    Vec2 d;                   // eq. 22
    Mat2 Binv;
    Vec2 gammaMinus;          // pre-impact sliding velocity
    Vec2 stickRate;           // dI_t/dI_n = -B^-1 d while sticking (eq. 34)
    double impulseScale;      // N s, frictionless compression impulse -v_n^- / W_nn
    double stickSpeed;        // m/s, |gamma| below this is zero (event s)

    JiaWangModel(const ImpactProblem& problem, double stickSpeedRelTol);

    bool sticks() const { return stickRate.norm() <= mu; }                // sec. 5.1 vs 5.2
    Vec2 calcHodographRate(const Vec2& gamma) const;                     // eq. 31
    Vec3 calcImpulse(double In, const Vec2& gamma) const;                // eq. 26
    double calcNormalVelocity(const Vec3& I) const { return problem.vMinus.z() + problem.W.row(2).dot(I); }  // eq. 10
    // A trace sample at I (its kinetic energy from the energy before, computed
    // on the first sample: an untraced solve needs no W^-1).
    TraceSample makeSample(const Vec3& I, double E, ContactMode mode, ImpactPhase phase) const;

private:
    mutable std::optional<double> energyBefore_;   // J
};

// Along a straight piece of the path v_n = vn + k x, so E = E0 - vn x - k x^2/2
// (eq. 11 integrated; eqs. 41, 46). Its first zero x > 0 (the "larger root"
// of sec. 6.2, reference A1.12), written so that it does not cancel; +inf if
// E never returns to zero, 0 if nothing is stored.
double calcFirstEnergyZero(double E0, double vn, double k);

// sin(tol) |gamma| |gamma'| - |gamma x gamma'|: >= 0 once gamma and its rate
// are collinear within the angle tol (event l, eq. 33); continuous, so event l
// can be located on a step. A vanishing rate counts as collinear (lambda = 0).
double calcCollinearityMargin(const Vec2& gamma, const Vec2& rate, double sinTol);

// Where the path stands when closed forms take over.
struct PathState {
    Vec3 I = Vec3::Zero();   // N s; I.z() is I_n
    double E = 0.0;          // J, contact potential (eq. 11)
    ImpactPhase phase = ImpactPhase::Compression;
};

// A stretch of linear impulse growth, I' = sigma with sigma_n = 1, from where
// the previous one ended to endIn (or to the end of the impact).
struct LinearStretch {
    Vec3 sigma = Vec3::UnitZ();
    ContactMode mode = ContactMode::Sliding;
    std::optional<ImpactEventKind> startEvent;   // pushed where the stretch begins
    double endIn = std::numeric_limits<double>::infinity();   // N s
};

// After gamma vanishes: stick along the line of sticking, sigma = n - B^-1 d,
// or slip along the centrifugal ray, sigma = n - mu s^ (eq. 38).
LinearStretch makeStretchAfterZeroSliding(const JiaWangModel& model, const Vec2& resumedSlipDirection);
// Along an invariant ray from event l at I_n = In with |gamma| = speed: sliding
// with delta = n - mu g^_l (eq. 44) until gamma reaches zero at
// In + speed / -lambda if the ray is centripetal (eq. 42, +inf otherwise), then
// the stretch after zero sliding.
std::vector<LinearStretch> makeStretchesAlongRay(const JiaWangModel& model, double In, double speed,
                                                 const Vec2& direction, double lambda);

// Runs the stretches, locating c and r in closed form (eqs. 39-47 with the
// errata); fills events, compressionImpulse and impulse, appends samples.
// Returns NoSolution (with a warning) when compression or restitution never ends.
SolveStatus continueInClosedForm(const JiaWangModel& model, PathState state,
                                 const std::vector<LinearStretch>& stretches, ImpactResult& result,
                                 ImpactTrace* trace);

// What an integrator hands over: the state where it stopped and, unless the
// impact ended or the step limit was hit, the stretches that finish it.
struct NumericOutcome {
    PathState state;
    std::vector<LinearStretch> stretches;
    bool stepLimitHit = false;
    int steps = 0;
};

// The Default method: CoulombPath's RK4 until event l, s or r.
NumericOutcome integrateAlongPath(const JiaWangModel& model, const JiaWangOptions& options,
                                  ImpactResult& result, ImpactTrace* trace);
// The Default method without a trace: the sliding stretch integrated in the
// angle of gamma (JiaWangAngleIntegration.cpp) until event l, s or r, far
// fewer steps than along I_n. nullopt where it does not apply (condition (18)
// violated, or no simple invariant direction ahead of gamma): the caller then
// integrates along I_n.
std::optional<NumericOutcome> integrateInAngle(const JiaWangModel& model, const JiaWangOptions& options,
                                               ImpactResult& result);
// Hand-overs to the closed forms shared by the integrators. At event s, where
// |gamma| fell below the capture speed at `state`: the last bit to the
// closest approach of the origin is taken as straight (sec. 6.2), then stick
// or resumed slip. At event l, with gamma the sliding velocity at `state`:
// along the exact invariant ray nearest gamma (eqs. 42-44).
NumericOutcome finishAtZeroSliding(const JiaWangModel& model, const PathState& state, int steps);
NumericOutcome finishOnRay(const JiaWangModel& model, const PathState& state, const Vec2& gamma, int steps);
// Table 1's NI, FS and VS: Algorithm 1 with explicit Euler steps (sec. 6.1).
NumericOutcome integrateWithEuler(const JiaWangModel& model, const JiaWangOptions& options,
                                  ImpactResult& result, ImpactTrace* trace);

}  // namespace impactlab
