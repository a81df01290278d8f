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
// gamma nears the origin so it is never stepped over.
#include <functional>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

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
    // Events (end of compression, end of impact) are located to this fraction
    // of the frictionless compression impulse.
    double eventImpulseRelTol = 1e-13;
    // Hard cap on integration steps; hitting it is reported as IterationLimit.
    int maxSteps = 200000;
    // Samples are recorded into the trace for every accepted step.
    bool recordTrace = true;
};

class CoulombPath {
public:
    struct State {
        double In = 0.0;                 // N s, normal impulse
        Vec2 It = Vec2::Zero();          // N s, tangential impulse [t1, t2]
        double normalWork = 0.0;         // J, int v_n dI_n (negative in compression)
        ContactMode mode = ContactMode::Sliding;
        ImpactPhase phase = ImpactPhase::Compression;
        Vec3 impulse() const { return Vec3(It.x(), It.y(), In); }
    };
    // An increasing function of the state along the path; the path stops where
    // it crosses zero.
    using StopFunction = std::function<double(const State&, const Vec3& velocity)>;

    CoulombPath(const ImpactProblem& problem, const CoulombPathOptions& options,
                ImpactTrace* trace);

    // Advances until stop(...) >= 0. Returns false when the step limit is hit.
    bool advanceUntil(const StopFunction& stop);
    // Marks the end of compression at the current state (events and phase).
    void beginRestitution();

    const State& state() const { return state_; }
    Vec3 velocity() const { return problem_.calcVelocityAfter(state_.impulse()); }
    const std::vector<ImpactEvent>& events() const { return events_; }
    int steps() const { return steps_; }
    // The frictionless compression impulse |v_n^-| / W_nn: the path's natural scale.
    double impulseScale() const { return impulseScale_; }

private:
    Vec2 calcTangentRate(const State& s) const;
    State step(const State& s, double h) const;
    double calcMaxStep(const State& s) const;
    void updateMode();
    void record();

    const ImpactProblem& problem_;
    CoulombPathOptions options_;
    ImpactTrace* trace_;
    Mat2 B_;
    Vec2 d_;
    Vec2 stickRate_;         // -B^-1 d
    Vec2 resumedSlipDir_;    // centrifugal invariant direction (when ||B^-1 d|| > mu)
    double impulseScale_;
    double stickSpeed_;
    State state_;
    std::vector<ImpactEvent> events_;
    int steps_ = 0;
};

// The unique centrifugal invariant direction s^ of Jia & Wang Theorem 5(iv):
// s^ x (-mu B s^ + d) = 0 with s^.(-mu B s^ + d) > 0. Exists when
// ||B^-1 d|| > mu; returns nullopt otherwise.
std::optional<Vec2> findCentrifugalDirection(const Mat2& B, const Vec2& d, double mu);

// Fills the parts of an ImpactResult every law shares: v+, energies, the bodies
// after the impact and an energy-gain warning.
void completeResult(const ImpactProblem& problem, ImpactResult& result);

}  // namespace impactlab

namespace impactlab {

// Runs compression (to v_n = 0) and then restitution until `restitutionStop`,
// built from the end-of-compression state, crosses zero. The shared body of the
// Newton, Poisson and Stronge laws; status, events and warnings are filled in.
using RestitutionStopFactory =
    std::function<CoulombPath::StopFunction(const CoulombPath::State& endOfCompression)>;
ImpactResult solveTwoPhaseImpact(const ImpactProblem& problem, const std::string& model,
                                 const CoulombPathOptions& options, ImpactTrace* trace,
                                 const RestitutionStopFactory& restitutionStop);

}  // namespace impactlab
