#include "impact/CoulombPath.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "impact/IllinoisBracket.h"

namespace impactlab {

namespace {
// Regula falsi iterations allowed when locating an event on a step. The
// safeguarded Illinois variant converges superlinearly (about ten trials for
// 1e-13) and never slower than bisection (about 45); the cap only guards
// against a stop function that is not continuous.
constexpr int kEventLocationIterations = 200;
// Step-size controller of the error-controlled mode: the usual safety factor
// on the optimal ratio (tol/err)^(1/5), and bounds on how fast h may change.
constexpr double kStepSafety = 0.9;
constexpr double kMinStepRatio = 0.2;
constexpr double kMaxStepRatio = 5.0;
// A post-impact normal velocity below -this x |v-| means the bodies still
// approach: far above the ~1e-13 with which events are located.
constexpr double kSeparationRelTol = 1e-9;
}  // namespace

CoulombPath::CoulombPath(const ImpactProblem& problem, const CoulombPathOptions& options,
                         ImpactTrace* trace)
    : problem_(problem), options_(options), trace_(trace) {
    const Mat3& W = problem.W;
    B_ = W.topLeftCorner<2, 2>();        // eq. 21
    d_ = W.topRightCorner<2, 1>();       // eq. 22
    stickRate_ = -B_.ldlt().solve(d_);   // eq. 34
    impulseScale_ = -problem.vMinus.z() / W(2, 2);
    stickSpeed_ = options_.stickSpeedRelTol * problem.vMinus.norm();
    energyBefore_ = problem.calcEnergyBefore();
    errorScale_ = options_.localErrorRelTol * impulseScale_ * Vec2(1.0, problem.vMinus.norm());
    proposedStep_ = impulseScale_ / options_.minStepsPerPhase;
    state_.mode = problem.friction == 0.0 ? ContactMode::Frictionless : ContactMode::Sliding;
    updateMode();
    record();
}

// d/dI_n of (I_t, w): the tangential rate of the contact mode, and v_n.
Vec3 CoulombPath::calcRate(const State& x) const {
    const Vec3 v = problem_.calcVelocityAfter(x.impulse());
    Vec2 dIt = Vec2::Zero();
    switch (x.mode) {
        case ContactMode::Frictionless: break;
        case ContactMode::Sticking: dIt = stickRate_; break;
        case ContactMode::ResumedSlip: dIt = -problem_.friction * resumedSlipDir_; break;
        case ContactMode::Sliding: {
            if (rayDir_) {   // on an invariant ray: a straight path (eq. 32)
                dIt = -problem_.friction * *rayDir_;
                break;
            }
            const double speed = v.head<2>().norm();
            if (speed > 0.0) dIt = -problem_.friction * v.head<2>() / speed;
            break;
        }
    }
    return Vec3(dIt.x(), dIt.y(), v.z());
}

// The state advanced by dh in I_n and dy in (I_t, w).
CoulombPath::State CoulombPath::advanced(const State& s, double dh, const Vec3& dy) {
    State r = s;
    r.In += dh;
    r.It += dy.head<2>();
    r.normalWork += dy.z();
    return r;
}

CoulombPath::State CoulombPath::step(const State& s, double h) const {
    if (options_.localErrorRelTol > 0.0) return stepDormandPrince(s, h, nullptr, nullptr, nullptr);
    // Classical Runge-Kutta.
    const Vec3 k1 = calcRate(s);
    const Vec3 k2 = calcRate(advanced(s, 0.5 * h, 0.5 * h * k1));
    const Vec3 k3 = calcRate(advanced(s, 0.5 * h, 0.5 * h * k2));
    const Vec3 k4 = calcRate(advanced(s, h, h * k3));
    return advanced(s, h, h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4));
}

// Dormand & Prince's 5(4) pair (J. Comput. Appl. Math. 6, 1980): the fifth-order
// solution, and in `error` its difference from the embedded fourth-order one.
// The last stage is the rate at the new state ("first same as last"): given
// `rateAtStart`, a step after an accepted one costs six rates, not seven.
CoulombPath::State CoulombPath::stepDormandPrince(const State& s, double h, const Vec3* rateAtStart, Vec3* error,
                                                  Vec3* rateAtEnd) const {
    const Vec3 k1 = rateAtStart ? *rateAtStart : calcRate(s);
    const Vec3 k2 = calcRate(advanced(s, h / 5.0, h * (k1 / 5.0)));
    const Vec3 k3 = calcRate(advanced(s, 0.3 * h, h * (3.0 / 40.0 * k1 + 9.0 / 40.0 * k2)));
    const Vec3 k4 = calcRate(advanced(s, 0.8 * h, h * (44.0 / 45.0 * k1 - 56.0 / 15.0 * k2 + 32.0 / 9.0 * k3)));
    const Vec3 k5 = calcRate(advanced(s, 8.0 / 9.0 * h,
                                      h * (19372.0 / 6561.0 * k1 - 25360.0 / 2187.0 * k2 + 64448.0 / 6561.0 * k3 -
                                           212.0 / 729.0 * k4)));
    const Vec3 k6 = calcRate(advanced(s, h,
                                      h * (9017.0 / 3168.0 * k1 - 355.0 / 33.0 * k2 + 46732.0 / 5247.0 * k3 +
                                           49.0 / 176.0 * k4 - 5103.0 / 18656.0 * k5)));
    const State next = advanced(s, h,
                                h * (35.0 / 384.0 * k1 + 500.0 / 1113.0 * k3 + 125.0 / 192.0 * k4 -
                                     2187.0 / 6784.0 * k5 + 11.0 / 84.0 * k6));
    if (error) {
        const Vec3 k7 = calcRate(next);
        *error = h * (71.0 / 57600.0 * k1 - 71.0 / 16695.0 * k3 + 71.0 / 1920.0 * k4 - 17253.0 / 339200.0 * k5 +
                      22.0 / 525.0 * k6 - 1.0 / 40.0 * k7);
        if (rateAtEnd) *rateAtEnd = k7;
    }
    return next;
}

double CoulombPath::calcMaxStep(const State& s) const {
    double h = impulseScale_ / options_.minStepsPerPhase;
    // Sticking, resumed slip and frictionless paths are straight: the rates are
    // constant, v is affine and the work quadratic in I_n, so RK4 is exact on
    // any step and only the trace's density limits it (without a trace, one
    // impulse scale per step). Steps then grow with the impulse reached, so a
    // phase that needs many times the frictionless impulse (a stiff
    // tangential coupling, W_nn >> 1 / (W^-1)_nn) ends in a few hundred steps
    // instead of exhausting maxSteps.
    if (s.mode != ContactMode::Sliding) {
        const double steps = options_.recordTrace ? options_.minStepsPerPhase : 1.0;
        return std::max(impulseScale_, s.In) / steps;
    }
    // Sliding grows its base step the same way; the turn, approach and
    // stiffness limits below keep curved stretches accurate. (A grazing
    // approach, |v_n-| << |v_t-|, has a tiny frictionless impulse scale yet
    // may need millions of it.)
    h = std::max(h, s.In / options_.minStepsPerPhase);
    const Vec2 gamma = problem_.calcVelocityAfter(s.impulse()).head<2>();
    if (rayDir_) {
        // Straight as well, up to where gamma reaches the origin on a centripetal ray.
        if (rayRate_ >= 0.0) return std::max(h, s.In / options_.minStepsPerPhase);
        const double toOrigin = gamma.dot(*rayDir_) / -rayRate_;
        return std::max(0.0, std::min(std::max(h, s.In / options_.minStepsPerPhase), toOrigin));
    }
    const double speed = gamma.norm();
    const Vec2 rate = -problem_.friction * B_ * gamma / speed + d_;   // eq. 31
    const double rateNorm = rate.norm();
    if (rateNorm > 0.0) {
        const double turnRate = std::abs(gamma.x() * rate.y() - gamma.y() * rate.x()) / (speed * speed);
        if (turnRate > 0.0) h = std::min(h, options_.maxTurnPerStep / turnRate);
        const double approach = -gamma.dot(rate) / speed;  // rate at which |gamma| shrinks
        if (approach > 0.0) h = std::min(h, options_.maxApproachFraction * speed / approach);
    }
    // The direction of gamma relaxes towards an invariant ray at the rate
    // mu g^perp.B g^perp / |gamma| (the nonzero eigenvalue of the Jacobian of
    // eq. 31): stiff near the origin, where explicit steps must stay below it.
    // An error estimate alone does not keep them there, since the direction
    // hardly moves the impulse when |gamma| is small.
    const Vec2 perp(-gamma.y() / speed, gamma.x() / speed);
    const double stiffness = problem_.friction * perp.dot(B_ * perp) / speed;
    if (stiffness > 0.0) h = std::min(h, options_.maxStiffStep / stiffness);
    return h;
}

// Follows the invariant ray gamma has reached, centripetal or centrifugal,
// when it is attracting (d phi / dI_n = f(phi) / |gamma| with f' <= 0, so nearby
// directions close onto it as |gamma| shrinks).
bool CoulombPath::trySnapToRay() {
    const Vec2 gamma = velocity().head<2>();
    const double speed = gamma.norm();
    if (!(speed > 0.0) || problem_.friction == 0.0) return false;
    const double mu = problem_.friction;
    const double scale = mu * B_.norm() + d_.norm();
    const Vec2 g = gamma / speed;
    const double residual = calcInvariantResidual(B_, d_, mu, g);
    if (std::abs(residual) > options_.raySnapResidualRelTol * scale) return false;
    // Exactly on a ray (a planar problem's sliding), gamma stays on it whether
    // or not the ray attracts: there is no deviation to grow.
    if (residual == 0.0) {
        const Vec2 rate = -mu * B_ * g + d_;
        rayDir_ = g;
        rayRate_ = g.dot(rate);
        return true;
    }
    const auto ray = polishInvariantDirection(B_, d_, mu, std::atan2(g.y(), g.x()));
    if (!ray || ray->direction.dot(g) <= 0.0) return false;
    // f'(phi) by a central difference: attracting or neutral rays only.
    const double dphi = std::sqrt(options_.raySnapResidualRelTol);
    const Vec2 plus(std::cos(ray->angle + dphi), std::sin(ray->angle + dphi));
    const Vec2 minus(std::cos(ray->angle - dphi), std::sin(ray->angle - dphi));
    const double slope = (calcInvariantResidual(B_, d_, mu, plus) - calcInvariantResidual(B_, d_, mu, minus)) / (2 * dphi);
    if (slope > options_.raySnapResidualRelTol * scale) return false;
    rayDir_ = ray->direction;
    rayRate_ = ray->lambda;
    return true;
}

void CoulombPath::updateMode() {
    if (state_.mode != ContactMode::Sliding) return;
    const Vec3 v = velocity();
    const bool reachedOrigin = rayDir_ && v.head<2>().dot(*rayDir_) <= stickSpeed_;
    if (!reachedOrigin && v.head<2>().norm() > stickSpeed_) {
        if (!rayDir_) trySnapToRay();
        return;
    }
    rayDir_.reset();
    // Sliding velocity vanished (Jia & Wang sec. 5): stick or resume slip along
    // the centrifugal direction, found only now since most paths never get here.
    resumedSlipDir_ = findCentrifugalDirection(B_, d_, problem_.friction).value_or(Vec2::Zero());
    if (resumedSlipDir_.isZero()) {
        state_.mode = ContactMode::Sticking;
        events_.push_back({ImpactEventKind::Stick, state_.In, state_.impulse()});
    } else {
        state_.mode = ContactMode::ResumedSlip;
        events_.push_back({ImpactEventKind::ResumedSlip, state_.In, state_.impulse()});
    }
}

void CoulombPath::record() {
    if (!trace_ || !options_.recordTrace) return;
    TraceSample s;
    s.normalImpulse = state_.In;
    s.impulse = state_.impulse();
    s.velocity = velocity();
    s.energy = energyBefore_ + problem_.calcEnergyChange(s.impulse);
    if (options_.recordStrongeEnergy) s.contactEnergy = state_.calcStrongeEnergy(problem_.restitution);
    s.mode = state_.mode;
    s.phase = state_.phase;
    trace_->samples.push_back(s);
}

bool CoulombPath::isStraight(const State& s) const {
    return s.mode != ContactMode::Sliding || (rayDir_ && rayRate_ >= 0.0);
}

// On a straight stretch v_n changes at the constant rate W_n . (dI_t, 1).
bool CoulombPath::isJammed(const StopFunction& stop) {
    if (!isStraight(state_) || velocity().z() > 0.0) return false;
    const Vec3 rate = calcRate(state_);
    const double dvn = problem_.W.row(2).dot(Vec3(rate.x(), rate.y(), 1.0));
    if (dvn > options_.jamRateRelTol * problem_.W(2, 2)) return false;
    // RK4 is exact on the straight stretch: probe far ahead in one step.
    const State far = step(state_, options_.jamProbeFactor * std::max(state_.In, impulseScale_));
    if (stop(far, problem_.calcVelocityAfter(far.impulse())) >= 0.0) return false;
    jammed_ = true;
    jamRate_ = dvn;
    return true;
}

bool CoulombPath::advanceUntil(const StopFunction& stop) {
    const double eventTol = options_.eventImpulseRelTol * impulseScale_;
    jammed_ = false;
    while (stop(state_, velocity()) < 0.0) {
        if (steps_ >= options_.maxSteps) return false;
        if (isJammed(stop)) return false;
        const bool errorControlled = options_.localErrorRelTol > 0.0;
        double h = calcMaxStep(state_);
        if (errorControlled) h = std::min(h, proposedStep_);
        Vec3 error, rateAtEnd;
        const State next = errorControlled
                               ? stepDormandPrince(state_, h, rateAtState_ ? &*rateAtState_ : nullptr, &error, &rateAtEnd)
                               : step(state_, h);
        ++steps_;
        if (errorControlled) {
            // Standard controller for a fifth-order step; a rejected step is
            // retried shorter (and counts towards maxSteps).
            const double ratio = std::max(error.head<2>().cwiseAbs().maxCoeff() / errorScale_.x(),
                                          std::abs(error.z()) / errorScale_.y());
            proposedStep_ = h * std::clamp(kStepSafety * std::pow(ratio, -0.2), kMinStepRatio, kMaxStepRatio);
            if (!(ratio <= 1.0)) continue;
        }
        const double stopNext = stop(next, problem_.calcVelocityAfter(next.impulse()));
        if (stopNext >= 0.0) {
            // Locate the crossing on this step: regula falsi on the step length
            // with the Illinois modification, each trial kept at least half the
            // tolerance inside the bracket so that the bracket itself closes,
            // and a bisection whenever two trials have not halved the bracket
            // (a stop function built with max() can be flat on one side).
            IllinoisBracket b{0.0, h, stop(state_, velocity()), stopNext};
            double widthBefore = 2.0 * h, width = h;
            for (int it = 0; it < kEventLocationIterations && b.hi - b.lo > eventTol; ++it) {
                double mid = b.calcChordZero();
                if (b.hi - b.lo > 0.5 * widthBefore) mid = 0.5 * (b.lo + b.hi);
                widthBefore = width;
                width = b.hi - b.lo;
                mid = std::clamp(mid, b.lo + 0.5 * eventTol, b.hi - 0.5 * eventTol);
                const State m = step(state_, mid);
                b.narrow(mid, stop(m, problem_.calcVelocityAfter(m.impulse())));
            }
            state_ = step(state_, b.hi);
            rateAtState_.reset();
            record();
            return true;
        }
        state_ = next;
        if (errorControlled) rateAtState_ = rateAtEnd;
        const ContactMode mode = state_.mode;
        updateMode();
        if (state_.mode != mode) rateAtState_.reset();
        record();
    }
    return true;
}

void CoulombPath::beginRestitution() {
    events_.push_back({ImpactEventKind::EndOfCompression, state_.In, state_.impulse()});
    state_.phase = ImpactPhase::Restitution;
    state_.compressionWork = state_.normalWork;
    if (trace_ && options_.recordTrace && !trace_->samples.empty()) {
        // With E recorded, a second sample at the same I_n shows its drop from
        // E_c to e^2 E_c (eq. 12); otherwise the last sample changes phase.
        if (options_.recordStrongeEnergy) record();
        else trace_->samples.back().phase = ImpactPhase::Restitution;
    }
}

void completeResult(const ImpactProblem& problem, ImpactResult& result) {
    result.vPlus = problem.calcVelocityAfter(result.impulse);
    result.energyBefore = problem.calcEnergyBefore();
    result.energyAfter = result.energyBefore + problem.calcEnergyChange(result.impulse);
    result.relativeEnergyChange = problem.calcRelativeEnergyChange(result.impulse);
    if (problem.bodies) result.bodiesAfter = problem.bodies->calcAfterImpulse(result.impulse);
    if (result.gainsEnergy(kEnergyGainRelTol)) {
        std::ostringstream os;
        os << "energy gained: " << *result.relativeEnergyChange
           << " J (the law does not guarantee dissipation for this input)";
        result.warnings.push_back(os.str());
    }
    if (result.vPlus.z() < -kSeparationRelTol * problem.vMinus.norm())
        result.warnings.push_back("bodies still approach after the impact (v_n+ < 0)");
}

}  // namespace impactlab

namespace impactlab {

ImpactResult solveTwoPhaseImpact(const ImpactProblem& problem, const std::string& model,
                                 const CoulombPathOptions& options, ImpactTrace* trace,
                                 const RestitutionStopFactory& restitutionStop) {
    if (problem.friction == 0.0 && !(trace && options.recordTrace)) return solveFrictionlessTwoPhase(problem, model);
    ImpactResult result;
    result.model = model;
    CoulombPath path(problem, options, trace);
    bool ok = path.advanceUntil([](const CoulombPath::State&, const Vec3& v) { return v.z(); });
    if (ok) {
        result.compressionImpulse = path.state().impulse();
        path.beginRestitution();
        ok = path.advanceUntil(restitutionStop(path.state()));
    }
    result.impulse = path.state().impulse();
    result.events = path.events();
    result.steps = path.steps();
    if (!ok && path.jammed()) {
        // A mechanism or a Painleve-type jam: v_n <= 0 and it cannot grow on
        // the straight stretch the path has reached.
        result.status = SolveStatus::NoSolution;
        std::ostringstream os;
        os << "no solution: the contact " << (path.state().mode == ContactMode::Sticking ? "sticks" : "slides")
           << " with v_n = " << path.velocity().z() << " m/s and dv_n/dI_n = " << path.jamRate()
           << " <= 0 (a mechanism, or a Painleve-type jam), so the bodies never separate; the impulse "
              "where the jam began is reported";
        result.warnings.push_back(os.str());
    } else if (!ok) {
        result.status = SolveStatus::IterationLimit;
        std::ostringstream os;
        os << "step limit of " << options.maxSteps << " reached at I_n = " << path.state().In
           << " N s before the impact ended";
        result.warnings.push_back(os.str());
    } else {
        result.events.push_back({ImpactEventKind::EndOfImpact, result.impulse.z(), result.impulse});
    }
    completeResult(problem, result);
    return result;
}

ImpactResult solveFrictionlessTwoPhase(const ImpactProblem& problem, const std::string& model) {
    ImpactResult result;
    result.model = model;
    const double compression = -problem.vMinus.z() / problem.W(2, 2);   // v_n- < 0: the problem checks it
    result.compressionImpulse = Vec3(0.0, 0.0, compression);
    result.impulse = Vec3(0.0, 0.0, (1.0 + problem.restitution) * compression);
    result.events.reserve(2);
    result.events.push_back({ImpactEventKind::EndOfCompression, compression, result.compressionImpulse});
    result.events.push_back({ImpactEventKind::EndOfImpact, result.impulse.z(), result.impulse});
    completeResult(problem, result);
    return result;
}

}  // namespace impactlab
