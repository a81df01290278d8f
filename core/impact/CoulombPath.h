#pragma once
// Integration of one frictional contact along the normal impulse I_n
// (Darboux-Keller; Jia & Wang sec. 4, eqs. 19-31). Shared by the restitution
// laws, which differ only in where they stop the path.
//
// With gamma = (v_t1, v_t2) the sliding velocity, B and d the blocks of W
// (Jia & Wang eqs. 21-22) the tangential impulse obeys
//   sliding:        dI_t/dI_n = -mu gamma^                     (eq. 28)
//   sticking:       dI_t/dI_n = -B^-1 d        if ||B^-1 d|| <= mu   (eq. 34)
//   resumed slip:   dI_t/dI_n = -mu s^, s^ the centrifugal invariant
//                   direction, if ||B^-1 d|| > mu              (Corollary 6)
// and v = v^- + W I. The normal work w = int v_n dI_n is integrated alongside,
// so Stronge's energetic restitution can be evaluated (eq. 11: E' = -v_n).
//
// Sticking or slip resumption is decided when |gamma| falls below
// stickSpeedRelTol times the pre-impact speed; steps shrink geometrically as
// gamma nears the origin so it is never stepped over, and stay below the
// stiffness of the sliding direction there. Steps are classical RK4 limited
// by the turn of gamma, or, with localErrorRelTol > 0, Dormand-Prince 5(4)
// under error control. Stops are located on a step by safeguarded regula falsi.
#include <functional>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "impact/InvariantDirections.h"

namespace impactlab {

struct CoulombPathOptions {
    // rad. Largest turn of the sliding direction in one step. RK4's local
    // error scales with its fifth power: 0.01 rad keeps the total impulse
    // within ~1e-9 relative on curved hodographs.
    double maxTurnPerStep = 0.01;
    // Fewest steps per phase, as a fraction of the frictionless compression
    // impulse; also the trace's sampling density for straight paths.
    int minStepsPerPhase = 64;
    // |gamma| below this fraction of |v^-| counts as zero sliding velocity.
    double stickSpeedRelTol = 1e-12;
    // At most this fraction of |gamma| is closed in one step near the origin.
    double maxApproachFraction = 0.5;
    // Largest step times the stiffness of the sliding direction (the rate at
    // which it relaxes onto an invariant ray, ~mu |B| / |gamma|). RK4 is
    // unstable above 2.78 and damps the fastest near 1.6; beyond it the
    // hodograph zig-zags about the ray near the origin.
    double maxStiffStep = 1.5;
    // Events (end of compression, end of impact) are located to this fraction
    // of the frictionless compression impulse.
    double eventImpulseRelTol = 1e-13;
    // > 0 switches to Dormand-Prince 5(4) steps whose estimated local error
    // stays below this fraction of the impulse scale |v_n^-| / W_nn (and of
    // that times |v^-| for the normal work); the limits above still cap each
    // step.
    double localErrorRelTol = 0.0;
    // Sliding whose direction is this close to an attracting centripetal
    // invariant ray (residual |f| of Jia & Wang eq. 33 relative to
    // mu ||B|| + ||d||, about the angle in rad) follows the ray exactly: the
    // path is then straight (eq. 32) and is taken in a few long steps, where
    // the stiffness limit would otherwise allow ever shorter ones as |gamma|
    // shrinks (a strong coupling d makes the rate along the ray tiny beside
    // mu |B|, and the approach to the origin would take millions of steps).
    double raySnapResidualRelTol = 1e-10;
    // On a straight stretch (sticking, resumed slip, a ray) whose dv_n/dI_n is
    // at most this fraction of W_nn while v_n <= 0, the bodies never separate
    // if the stop is not reached either kJamProbeFactor impulse scales ahead: a
    // mechanism or a Painleve-type jam, reported as no solution. Below the
    // 1 / kMaxConditionNumber an admitted W can give.
    double jamRateRelTol = 1e-13;
    double jamProbeFactor = 1e6;
    // Hard cap on integration steps; hitting it is reported as IterationLimit.
    int maxSteps = 200000;
    // Samples are recorded into the trace for every accepted step.
    bool recordTrace = true;
    // Samples also carry Stronge's contact potential energy E (Jia & Wang
    // eq. 11), reading problem.restitution as the energetic coefficient; only
    // the energetic laws should set it.
    bool recordStrongeEnergy = false;
};

class CoulombPath {
public:
    struct State {
        double In = 0.0;                 // N s, normal impulse
        Vec2 It = Vec2::Zero();          // N s, tangential impulse [t1, t2]
        double normalWork = 0.0;         // J, int v_n dI_n (negative in compression)
        double compressionWork = 0.0;    // J, normalWork at the end of compression (set with the phase)
        ContactMode mode = ContactMode::Sliding;
        ImpactPhase phase = ImpactPhase::Compression;
        Vec3 impulse() const { return Vec3(It.x(), It.y(), In); }
        // Stronge's contact potential E (eqs. 11-12): -w in compression; e^2 of
        // the stored energy, less the work since, in restitution.
        double calcStrongeEnergy(double e) const {
            return phase == ImpactPhase::Compression ? -normalWork
                                                     : -e * e * compressionWork - (normalWork - compressionWork);
        }
    };
    // An increasing function of the state along the path; the path stops where
    // it crosses zero.
    using StopFunction = std::function<double(const State&, const Vec3& velocity)>;

    CoulombPath(const ImpactProblem& problem, const CoulombPathOptions& options,
                ImpactTrace* trace);

    // Advances until stop(...) >= 0. Returns false when the step limit is hit
    // or the path jams (jammed() then says so).
    bool advanceUntil(const StopFunction& stop);
    // Whether the last advanceUntil stopped on a straight stretch that can
    // never reach its stop (see CoulombPathOptions::jamRateRelTol); jamRate()
    // is its dv_n/dI_n.
    bool jammed() const { return jammed_; }
    double jamRate() const { return jamRate_; }
    // Marks the end of compression at the current state (events and phase).
    void beginRestitution();

    const State& state() const { return state_; }
    Vec3 velocity() const { return problem_.calcVelocityAfter(state_.impulse()); }
    const std::vector<ImpactEvent>& events() const { return events_; }
    int steps() const { return steps_; }
    // The unit direction of resumed slip (Jia & Wang Corollary 6); zero until
    // the mode becomes ResumedSlip.
    const Vec2& resumedSlipDirection() const { return resumedSlipDir_; }
    // The frictionless compression impulse |v_n^-| / W_nn: the path's natural scale.
    double impulseScale() const { return impulseScale_; }

private:
    Vec3 calcRate(const State& s) const;
    static State advanced(const State& s, double dh, const Vec3& dy);
    State step(const State& s, double h) const;
    State stepDormandPrince(const State& s, double h, const Vec3* rateAtStart, Vec3* error, Vec3* rateAtEnd) const;
    double calcMaxStep(const State& s) const;
    void updateMode();
    void record();

    const ImpactProblem& problem_;
    CoulombPathOptions options_;
    ImpactTrace* trace_;
    Mat2 B_;
    Vec2 d_;
    Vec2 stickRate_;         // -B^-1 d
    Vec2 resumedSlipDir_ = Vec2::Zero();   // centrifugal invariant direction, once slip resumes
    // Centripetal invariant ray the sliding velocity has reached, and the rate
    // lambda < 0 at which |gamma| shrinks along it (eq. 32).
    std::optional<Vec2> rayDir_;
    double rayRate_ = 0.0;
    bool trySnapToRay();
    bool isStraight(const State& s) const;
    bool isJammed(const StopFunction& stop);
    bool jammed_ = false;
    double jamRate_ = 0.0;
    double impulseScale_;
    double stickSpeed_;
    double energyBefore_;    // J, cached for the trace
    Vec2 errorScale_;        // local error allowed in (N s, J) when error-controlled
    double proposedStep_;    // N s, the controller's next step when error-controlled
    std::optional<Vec3> rateAtState_;   // calcRate(state_) when the last accepted step computed it
    State state_;
    std::vector<ImpactEvent> events_;
    int steps_ = 0;
};

// Fills the parts of an ImpactResult every law shares: v+, energies, the bodies
// after the impact and an energy-gain warning.
void completeResult(const ImpactProblem& problem, ImpactResult& result);

}  // namespace impactlab

namespace impactlab {

// Runs compression (to v_n = 0) and then restitution until `restitutionStop`,
// built from the end-of-compression state, crosses zero. The shared body of the
// Newton, Poisson and Stronge laws; status, events and warnings are filled in.
// Without friction and without a trace to record, the path is the straight
// line I = (0, 0, I_n) and each of the three laws stops at (1 + e) I_nc
// (solveFrictionlessTwoPhase): that closed form is taken instead (no steps).
using RestitutionStopFactory =
    std::function<CoulombPath::StopFunction(const CoulombPath::State& endOfCompression)>;
ImpactResult solveTwoPhaseImpact(const ImpactProblem& problem, const std::string& model,
                                 const CoulombPathOptions& options, ImpactTrace* trace,
                                 const RestitutionStopFactory& restitutionStop);

// The frictionless two-phase impact in closed form: compression ends at
// I_nc = -v_n- / W_nn (v_n = v_n- + W_nn I_n, Jia & Wang eq. 19 with I_t = 0),
// and Newton's stop (v_n+ = -e v_n-), Poisson's (I_n = (1 + e) I_nc) and
// Stronge's (released work e^2 of the stored, the work quadratic in I_n:
// Stronge's eq. for w(I_n), Jia & Wang eq. 12) all fall at (1 + e) I_nc.
// problem.friction must be 0.
ImpactResult solveFrictionlessTwoPhase(const ImpactProblem& problem, const std::string& model);

}  // namespace impactlab
