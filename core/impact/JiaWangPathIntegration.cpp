// The Default method of jia-wang: the hodograph is integrated by CoulombPath
// in its error-controlled mode (Dormand-Prince 5(4) along I_n, events located
// by regula falsi) until the first of
//   s  gamma vanishes (CoulombPath switches to stick or resumed slip),
//   l  gamma and gamma' are collinear within lAngleTol (eq. 33),
//   r  Stronge's E returns to zero in restitution (eq. 11),
// passing c (v_n = 0) on the way. From s or l the impulse is linear and the
// closed forms finish the impact. At l the direction is snapped onto the exact
// invariant ray near gamma, so the closed form continues the true path.
#include <algorithm>
#include <cmath>

#include "impact/CoulombPath.h"
#include "impact/JiaWangModel.h"

namespace impactlab {

namespace {

// Fewest steps per phase, as a fraction of the frictionless compression
// impulse: only an upper bound on h here, since the error estimate governs.
constexpr int kMinStepsPerPhase = 4;
// Fraction of |gamma| closed in one step while heading for the origin: the
// error estimate keeps such steps accurate, this only stops one from jumping
// past the origin. 0.9 lets a straight approach shrink |gamma| tenfold a step.
constexpr double kApproachFraction = 0.9;

// The invariant ray the hodograph has reached near gamma: Newton from gamma's
// angle, or the nearest of all rays if that wanders off; gamma's own direction
// when every direction is invariant (Theorem 5(i)).
InvariantDirection snapToRay(const JiaWangModel& m, const Vec2& gamma) {
    if (auto ray = polishInvariantDirection(m.B, m.d, m.mu, std::atan2(gamma.y(), gamma.x()))) return *ray;
    const InvariantDirectionSet set = findInvariantDirections(m.B, m.d, m.mu);
    if (auto ray = set.findNearest(gamma)) return *ray;
    InvariantDirection own;
    own.direction = gamma.normalized();
    own.angle = std::atan2(own.direction.y(), own.direction.x());
    own.lambda = own.direction.dot(m.calcHodographRate(gamma));
    return own;
}

}  // namespace

NumericOutcome finishAtZeroSliding(const JiaWangModel& m, const PathState& state, int steps) {
    // Event s, declared where |gamma| fell below the capture speed: take the
    // last bit to the closest approach of the origin as straight, with I_s
    // polished by gamma = 0 in eq. 26 (sec. 6.2); v_n is linear on it, so E
    // follows by the trapezoid rule. The error left is the capture radius
    // times the turn of gamma on that bit.
    NumericOutcome out;
    out.steps = steps;
    out.state = state;
    const Vec3 v = m.problem.calcVelocityAfter(state.I);
    const Vec2 gamma = v.head<2>();
    const Vec2 rate = m.calcHodographRate(gamma);
    const double toOrigin = rate.squaredNorm() > 0.0 ? std::max(0.0, -gamma.dot(rate) / rate.squaredNorm()) : 0.0;
    out.state.I = m.calcImpulse(state.I.z() + toOrigin, Vec2::Zero());
    out.state.E -= 0.5 * toOrigin * (v.z() + m.calcNormalVelocity(out.state.I));
    // Slip resumes along the centrifugal ray when the contact cannot stick (sec. 5.2).
    const Vec2 resumed = m.sticks() ? Vec2::Zero() : findCentrifugalDirection(m.B, m.d, m.mu).value_or(Vec2::Zero());
    out.stretches = {makeStretchAfterZeroSliding(m, resumed)};
    return out;
}

NumericOutcome finishOnRay(const JiaWangModel& m, const PathState& state, const Vec2& gamma, int steps) {
    NumericOutcome out;
    out.steps = steps;
    out.state = state;
    const InvariantDirection ray = snapToRay(m, gamma);
    out.stretches = makeStretchesAlongRay(m, state.I.z(), std::max(0.0, gamma.dot(ray.direction)), ray.direction,
                                          ray.lambda);
    return out;
}

NumericOutcome integrateAlongPath(const JiaWangModel& m, const JiaWangOptions& options, ImpactResult& result,
                                  ImpactTrace* trace) {
    CoulombPathOptions po;
    po.maxTurnPerStep = options.maxTurnPerStep;
    po.localErrorRelTol = options.localErrorTol;
    po.minStepsPerPhase = kMinStepsPerPhase;
    // When the contact will stick, the impulse after s depends on the path
    // before it only through E_s + int_0^I_zs v_n(L_s) dI_n (eqs. 40-41 run
    // along the line of sticking, which does not depend on I_zs), and the
    // straight last bit below gets that right to second order in |gamma|: the
    // capture radius can be the square root of the tolerance. Resumed slip
    // starts where s is declared, so there the error is first order.
    po.stickSpeedRelTol = m.sticks() ? std::sqrt(options.stickSpeedRelTol) : options.stickSpeedRelTol;
    po.maxApproachFraction = kApproachFraction;
    po.maxSteps = options.maxSteps;
    po.recordStrongeEnergy = true;
    CoulombPath path(m.problem, po, trace);

    const double sinTol = std::sin(options.lAngleTol);
    // Crosses zero at the first of c or r (whichever the phase awaits), s, l.
    auto stop = [&](const CoulombPath::State& s, const Vec3& v) {
        if (s.mode != ContactMode::Sliding) return 1.0;
        const double phaseEnd = s.phase == ImpactPhase::Compression ? v.z() : -s.calcStrongeEnergy(m.e);
        const Vec2 gamma = v.head<2>();
        return std::max(phaseEnd, calcCollinearityMargin(gamma, m.calcHodographRate(gamma), sinTol));
    };

    NumericOutcome out;
    for (;;) {
        const bool ok = path.advanceUntil(stop);
        const CoulombPath::State& s = path.state();
        const Vec3 v = path.velocity();
        out.steps = path.steps();
        out.state = {s.impulse(), s.calcStrongeEnergy(m.e), s.phase};
        if (!ok) {
            out.stepLimitHit = true;
            return out;
        }
        if (s.mode != ContactMode::Sliding) return finishAtZeroSliding(m, out.state, out.steps);   // event s
        if (s.phase == ImpactPhase::Compression && v.z() >= 0.0) {   // event c
            result.events.push_back({ImpactEventKind::EndOfCompression, s.In, s.impulse()});
            result.compressionImpulse = s.impulse();
            path.beginRestitution();
            continue;
        }
        if (s.phase == ImpactPhase::Restitution && s.calcStrongeEnergy(m.e) <= 0.0) {   // event r
            out.state.E = 0.0;
            result.impulse = s.impulse();
            result.events.push_back({ImpactEventKind::EndOfImpact, s.In, s.impulse()});
            return out;
        }
        return finishOnRay(m, out.state, v.head<2>(), out.steps);   // event l
    }
}

}  // namespace impactlab
