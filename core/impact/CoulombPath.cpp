#include "impact/CoulombPath.h"

#include <cmath>
#include <sstream>

namespace impactlab {

namespace {
constexpr double kPi = 3.14159265358979323846;
// Angle samples used to bracket the roots of the invariant-direction equation
// (Jia & Wang eq. 33 has at most four roots on the circle, so 720 brackets
// separate them unless two lie within half a degree; bisection then refines).
constexpr int kDirectionScanSamples = 720;
constexpr int kBisectionIterations = 100;
// A post-impact normal velocity below -this x |v-| means the bodies still
// approach: far above the ~1e-13 with which events are located.
constexpr double kSeparationRelTol = 1e-9;
}  // namespace

std::optional<Vec2> findCentrifugalDirection(const Mat2& B, const Vec2& d, double mu) {
    if (B.ldlt().solve(d).norm() <= mu) return std::nullopt;
    auto rate = [&](double phi) {
        const Vec2 s(std::cos(phi), std::sin(phi));
        const Vec2 g = -mu * B * s + d;
        return std::pair<double, double>{s.x() * g.y() - s.y() * g.x(), s.dot(g)};
    };
    std::optional<Vec2> best;
    double bestLambda = 0.0;
    double phi0 = 0.0;
    double f0 = rate(phi0).first;
    for (int k = 1; k <= kDirectionScanSamples; ++k) {
        const double phi1 = 2.0 * kPi * k / kDirectionScanSamples;
        const double f1 = rate(phi1).first;
        if (f0 == 0.0 || f0 * f1 < 0.0) {
            double lo = phi0, hi = phi1, flo = f0;
            for (int it = 0; it < kBisectionIterations && f0 != 0.0; ++it) {
                const double mid = 0.5 * (lo + hi);
                const double fm = rate(mid).first;
                if ((fm < 0.0) == (flo < 0.0)) { lo = mid; flo = fm; } else { hi = mid; }
            }
            const double root = f0 == 0.0 ? phi0 : 0.5 * (lo + hi);
            const double lambda = rate(root).second;
            if (lambda > bestLambda) {
                bestLambda = lambda;
                best = Vec2(std::cos(root), std::sin(root));
            }
        }
        phi0 = phi1;
        f0 = f1;
    }
    return best;
}

CoulombPath::CoulombPath(const ImpactProblem& problem, const CoulombPathOptions& options,
                         ImpactTrace* trace)
    : problem_(problem), options_(options), trace_(trace) {
    const Mat3& W = problem.W;
    B_ = W.topLeftCorner<2, 2>();        // eq. 21
    d_ = W.topRightCorner<2, 1>();       // eq. 22
    stickRate_ = -B_.ldlt().solve(d_);   // eq. 34
    const auto cf = findCentrifugalDirection(B_, d_, problem.friction);
    resumedSlipDir_ = cf.value_or(Vec2::Zero());
    impulseScale_ = -problem.vMinus.z() / W(2, 2);
    stickSpeed_ = options_.stickSpeedRelTol * problem.vMinus.norm();
    state_.mode = problem.friction == 0.0 ? ContactMode::Frictionless : ContactMode::Sliding;
    updateMode();
    record();
}

Vec2 CoulombPath::calcTangentRate(const State& s) const {
    switch (s.mode) {
        case ContactMode::Frictionless: return Vec2::Zero();
        case ContactMode::Sticking: return stickRate_;
        case ContactMode::ResumedSlip: return -problem_.friction * resumedSlipDir_;
        case ContactMode::Sliding: {
            const Vec3 v = problem_.calcVelocityAfter(s.impulse());
            const Vec2 gamma = v.head<2>();
            const double speed = gamma.norm();
            return speed > 0.0 ? Vec2(-problem_.friction * gamma / speed) : Vec2::Zero();
        }
    }
    return Vec2::Zero();
}

// One classical Runge-Kutta step of (I_t, w) over I_n.
CoulombPath::State CoulombPath::step(const State& s, double h) const {
    auto deriv = [&](const State& x, Vec2& dIt, double& dw) {
        dIt = calcTangentRate(x);
        dw = problem_.calcVelocityAfter(x.impulse()).z();
    };
    auto shifted = [&](const State& base, double dh, const Vec2& dIt, double dw) {
        State r = base;
        r.In += dh;
        r.It += dh * dIt;
        r.normalWork += dh * dw;
        return r;
    };
    Vec2 k1, k2, k3, k4;
    double w1, w2, w3, w4;
    deriv(s, k1, w1);
    deriv(shifted(s, 0.5 * h, k1, w1), k2, w2);
    deriv(shifted(s, 0.5 * h, k2, w2), k3, w3);
    deriv(shifted(s, h, k3, w3), k4, w4);
    State r = s;
    r.In += h;
    r.It += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    r.normalWork += h / 6.0 * (w1 + 2.0 * w2 + 2.0 * w3 + w4);
    return r;
}

double CoulombPath::calcMaxStep(const State& s) const {
    double h = impulseScale_ / options_.minStepsPerPhase;
    if (s.mode != ContactMode::Sliding) return h;
    const Vec2 gamma = problem_.calcVelocityAfter(s.impulse()).head<2>();
    const double speed = gamma.norm();
    const Vec2 rate = -problem_.friction * B_ * gamma / speed + d_;   // eq. 31
    const double rateNorm = rate.norm();
    if (rateNorm > 0.0) {
        const double turnRate = std::abs(gamma.x() * rate.y() - gamma.y() * rate.x()) / (speed * speed);
        if (turnRate > 0.0) h = std::min(h, options_.maxTurnPerStep / turnRate);
        const double approach = -gamma.dot(rate) / speed;  // rate at which |gamma| shrinks
        if (approach > 0.0) h = std::min(h, options_.maxApproachFraction * speed / approach);
    }
    return h;
}

void CoulombPath::updateMode() {
    if (state_.mode != ContactMode::Sliding) return;
    const Vec3 v = velocity();
    if (v.head<2>().norm() > stickSpeed_) return;
    // Sliding velocity vanished (Jia & Wang sec. 5): stick or resume slip.
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
    s.energy = problem_.calcEnergyBefore() + problem_.calcEnergyChange(s.impulse);
    s.mode = state_.mode;
    s.phase = state_.phase;
    trace_->samples.push_back(s);
}

bool CoulombPath::advanceUntil(const StopFunction& stop) {
    const double eventTol = options_.eventImpulseRelTol * impulseScale_;
    while (stop(state_, velocity()) < 0.0) {
        if (steps_ >= options_.maxSteps) return false;
        const double h = calcMaxStep(state_);
        State next = step(state_, h);
        ++steps_;
        if (stop(next, problem_.calcVelocityAfter(next.impulse())) >= 0.0) {
            // Locate the crossing on this step by bisection on the step length.
            double lo = 0.0, hi = h;
            while (hi - lo > eventTol) {
                const double mid = 0.5 * (lo + hi);
                const State m = step(state_, mid);
                if (stop(m, problem_.calcVelocityAfter(m.impulse())) >= 0.0) hi = mid; else lo = mid;
            }
            next = step(state_, hi);
            state_ = next;
            record();
            return true;
        }
        state_ = next;
        updateMode();
        record();
    }
    return true;
}

void CoulombPath::beginRestitution() {
    events_.push_back({ImpactEventKind::EndOfCompression, state_.In, state_.impulse()});
    state_.phase = ImpactPhase::Restitution;
    if (trace_ && options_.recordTrace && !trace_->samples.empty())
        trace_->samples.back().phase = ImpactPhase::Restitution;
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
    if (!ok) {
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

}  // namespace impactlab
