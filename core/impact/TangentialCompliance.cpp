#include "impact/TangentialCompliance.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "impact/CoulombPath.h"   // completeResult

namespace impactlab {

namespace tangential_compliance_detail {

using Vec6 = Eigen::Matrix<double, 6, 1>;

// Tolerances. Times are in the unit of the normal oscillation (k_n W_nn = 1),
// forces relative to k_n |v_n-| (the frictionless peak normal force there).

// rad: an RK4 step in slip advances the normal oscillation by this phase.
// RK4's phase error per step is (h w)^5 / 120 ~ 1e-12 and its amplitude error
// (h w)^6 / 144 ~ 1e-14, so impulses are good to ~1e-10 relative per phase.
constexpr double kSlipStepAngle = 0.01;
// rad: in stick the closed-form solution is scanned for events at this phase
// of its fastest mode, so no event function (a sum of the modes) can cross zero
// and back between two scan points unless it merely grazes zero.
constexpr double kScanAngle = 0.1;
// rad of the normal oscillation between two trace samples in a stick phase.
constexpr double kTraceAngle = 0.02;
// Events are bisected until their time bracket is below this fraction of the
// time since the stretch began (stick; at least one time unit) or of the RK4
// step (slip): the state then agrees with the exact event to round-off.
constexpr double kEventTimeTol = 1e-13;
// In slip the spring's direction relaxes onto the slip velocity at the rate
// k_t |v_t| / (mu F_n), unbounded as F_n -> 0. When a step times that rate
// exceeds this, the direction is taken equal to the sliding direction for the
// step (the relaxed limit: Stronge's rigid sliding, Jia & Wang eq. 28), which
// explicit RK4 could not follow stably beyond ~2.8.
constexpr double kRelaxStepLimit = 1.0;
// Relative margins of the stick/slip switches (cone |F_t| <= mu F_n and the
// slip rate sigma >= 0), against round-off chatter at a switch.
constexpr double kConeRelTol = 1e-12;
// |v_t| below this fraction of |v-| has no direction.
constexpr double kSpeedRelTol = 1e-14;

// The constants of one impact in the solver's units.
struct Contact {
    Mat3 W;
    Vec3 vMinus;
    double mu = 0.0;
    double e = 1.0;
    double kn = 1.0;            // loading normal stiffness: 1 / W_nn (normal frequency 1)
    double kt = 1.0;            // loading tangential stiffness: stiffness_ratio * k_n
    double ku = 1.0;            // unloading normal stiffness: k_n / e^2 (Newton's e without friction)
    double forceTol = 0.0;      // kConeRelTol * mu * k_n |v_n-|
    double speedTol = 0.0;      // kConeRelTol * |v-|
    double directionSpeed = 0.0;   // kSpeedRelTol * |v-|
};

struct State {
    double t = 0.0;
    Vec3 P = Vec3::Zero();      // accumulated impulse on body 1
    double delta = 0.0;         // normal spring compression (>= 0 while loaded)
    Vec2 u = Vec2::Zero();      // tangential spring deflection; F_t = -k_t u
    Vec2 dir = Vec2::Zero();    // in slip: unit direction of u (u = mu F_n / k_t dir)
    ContactMode mode = ContactMode::Sticking;
    ImpactPhase phase = ImpactPhase::Compression;
};

class Solver {
public:
    Solver(const ImpactProblem& problem, const TangentialComplianceOptions& options, ImpactTrace* trace);
    ImpactResult solve();

private:
    // Physical quantities of a state.
    Vec3 velocity(const State& s) const { return c_.vMinus + c_.W * s.P; }
    double normalStiffness(ImpactPhase phase) const { return phase == ImpactPhase::Compression ? c_.kn : c_.ku; }
    // The tangential spring keeps stiffness_ratio to the normal one on either
    // branch (Mindlin's k_t / k_n = 4 G*/E* at any contact radius).
    double tangentialStiffness(ImpactPhase phase) const {
        return phase == ImpactPhase::Compression ? c_.kt : c_.kt * c_.ku / c_.kn;
    }
    double normalForce(const State& s) const {
        return s.phase == ImpactPhase::Compression ? c_.kn * s.delta : c_.ku * (s.delta - deltaR_);
    }
    Vec2 tangentialForce(const State& s) const {
        if (s.mode == ContactMode::Sticking) return -tangentialStiffness(s.phase) * s.u;
        return -c_.mu * std::max(normalForce(s), 0.0) * s.dir;
    }
    // The slip rate along dir the cone requires: sigma = v_t.dir - (mu/k_t) dF_n/dt
    // (d|u|/dt = (mu/k_t) dF_n/dt on the cone); slip stops when it turns negative.
    double slipRate(const State& s) const {
        const Vec3 v = velocity(s);
        return v.head<2>().dot(s.dir) + c_.mu / tangentialStiffness(s.phase) * normalStiffness(s.phase) * v.z();
    }

    // The event that ends the current stretch at state s, if any.
    enum class Event { None, EndOfCompression, Separation, SlipStarts, StickStarts };
    Event findEvent(const State& s) const;

    void runStick();
    void runSlip();
    State stepSlip(const State& s, double h, bool relaxed) const;
    Vec6 slipRate6(const State& s, const Vec6& y, bool relaxed) const;
    void applyEvent(Event event, State& s);
    void record(const State& s);
    bool countStep();

    const ImpactProblem& problem_;
    TangentialComplianceOptions options_;
    ImpactTrace* trace_;
    Contact c_;
    double deltaR_ = 0.0;       // unloading line's zero-force compression, delta_max (1 - e^2)
    double energyBefore_ = 0.0;
    State state_;
    bool finished_ = false;
    ImpactResult result_;
};

Solver::Solver(const ImpactProblem& problem, const TangentialComplianceOptions& options, ImpactTrace* trace)
    : problem_(problem), options_(options), trace_(trace) {
    c_.W = problem.W;
    c_.vMinus = problem.vMinus;
    c_.mu = problem.friction;
    c_.e = problem.restitution;
    c_.kn = 1.0 / problem.W(2, 2);
    c_.kt = options.stiffnessRatio * c_.kn;
    c_.ku = c_.e > 0.0 ? c_.kn / (c_.e * c_.e) : 0.0;   // e = 0 ends the impact at maximum compression
    c_.forceTol = kConeRelTol * c_.mu * c_.kn * std::abs(problem.vMinus.z());
    c_.speedTol = kConeRelTol * problem.vMinus.norm();
    c_.directionSpeed = kSpeedRelTol * problem.vMinus.norm();
    energyBefore_ = problem.calcEnergyBefore();
    result_.model = "tangential-compliance";
}

ImpactResult Solver::solve() {
    // At first touch F_n = 0 and u = 0: the contact sticks if the spring's
    // tangential force would grow no faster than the cone, k_t |v_t| <= mu k_n |v_n|.
    const Vec3 v0 = c_.vMinus;
    const double vt = v0.head<2>().norm();
    if (c_.mu > 0.0 && c_.kt * vt <= c_.mu * c_.kn * -v0.z()) {
        state_.mode = ContactMode::Sticking;
    } else {
        state_.mode = c_.mu > 0.0 ? ContactMode::Sliding : ContactMode::Frictionless;
        state_.dir = vt > c_.directionSpeed ? Vec2(v0.head<2>() / vt) : Vec2::Zero();
    }
    record(state_);
    while (!finished_) {
        if (state_.mode == ContactMode::Sticking) runStick();
        else runSlip();
        if (result_.status == SolveStatus::IterationLimit) break;
    }
    if (!trace_ || trace_->samples.empty() || trace_->samples.back().normalImpulse != state_.P.z()) record(state_);
    result_.impulse = state_.P;
    if (result_.status == SolveStatus::Converged)
        result_.events.push_back({ImpactEventKind::EndOfImpact, state_.P.z(), state_.P});
    completeResult(problem_, result_);
    return result_;
}

bool Solver::countStep() {
    if (++result_.steps <= options_.maxSteps) return true;
    result_.status = SolveStatus::IterationLimit;
    std::ostringstream os;
    os << "step limit (max_steps = " << options_.maxSteps
       << ") reached before the bodies separated; the result is the last state";
    result_.warnings.push_back(os.str());
    return false;
}

Solver::Event Solver::findEvent(const State& s) const {
    const double fn = normalForce(s);
    if (s.phase == ImpactPhase::Compression && velocity(s).z() >= 0.0) return Event::EndOfCompression;
    if (s.phase == ImpactPhase::Restitution && fn <= 0.0) return Event::Separation;
    if (s.mode == ContactMode::Sticking && tangentialStiffness(s.phase) * s.u.norm() > c_.mu * fn + c_.forceTol)
        return Event::SlipStarts;
    if (s.mode == ContactMode::Sliding && slipRate(s) < -c_.speedTol) return Event::StickStarts;
    return Event::None;
}

void Solver::applyEvent(Event event, State& s) {
    const double fn = std::max(normalForce(s), 0.0);
    switch (event) {
        case Event::EndOfCompression:
            result_.compressionImpulse = s.P;
            result_.events.push_back({ImpactEventKind::EndOfCompression, s.P.z(), s.P});
            if (c_.e == 0.0) {   // an infinitely steep unloading line: F_n drops to zero at once
                finished_ = true;
                return;
            }
            deltaR_ = s.delta * (1.0 - c_.e * c_.e);   // F_n continuous: k_u (delta_m - delta_r) = k_n delta_m
            // Both springs stiffen by 1/e^2 with their forces continuous, so
            // each keeps e^2 of the energy it holds (the rest is lost).
            s.u *= c_.e * c_.e;
            s.phase = ImpactPhase::Restitution;
            return;
        case Event::Separation:
            finished_ = true;
            return;
        case Event::SlipStarts: {
            const double n = s.u.norm();
            s.dir = n > 0.0 ? Vec2(s.u / n) : s.dir;
            s.u = c_.mu * fn / tangentialStiffness(s.phase) * s.dir;   // onto the cone (the bisection left it within forceTol)
            s.mode = ContactMode::Sliding;
            result_.events.push_back({ImpactEventKind::ResumedSlip, s.P.z(), s.P});
            return;
        }
        case Event::StickStarts:
            s.u = c_.mu * fn / tangentialStiffness(s.phase) * s.dir;
            s.mode = ContactMode::Sticking;
            result_.events.push_back({ImpactEventKind::Stick, s.P.z(), s.P});
            return;
        case Event::None:
            return;
    }
}

// Stick: with y = (u, -delta) the spring deflections, F = -K y + F0 and
// dy/dt = v, so d^2y/dt^2 = -W K (y - y*), y* = K^-1 F0 (K = diag(k_t, k_t,
// k_phase); F0 = -k_u delta_r n while unloading). With z = K^1/2 (y - y*) this
// is z'' = -S z, S = K^1/2 W K^1/2 symmetric positive definite: three
// uncoupled oscillators in S's eigenvectors, solved exactly.
class StickFlow {
public:
    StickFlow(const Mat3& W, const Vec3& K, const Vec3& yStar, const Vec3& y0, const Vec3& v0, const Vec3& P0)
        : sqrtK_(K.cwiseSqrt()), yStar_(yStar), P0_(P0) {
        const Mat3 S = sqrtK_.asDiagonal() * W * sqrtK_.asDiagonal();
        Eigen::SelfAdjointEigenSolver<Mat3> eig(0.5 * (S + S.transpose()));
        Q_ = eig.eigenvectors();
        w_ = eig.eigenvalues().cwiseMax(0.0).cwiseSqrt();
        q0_ = Q_.transpose() * sqrtK_.cwiseProduct(y0 - yStar);
        qd0_ = Q_.transpose() * sqrtK_.cwiseProduct(v0);
    }
    double fastestRate() const { return w_.maxCoeff(); }
    // Bounds on |d/dtau| over the whole stretch of the normal velocity, the
    // normal force and the tangential force's magnitude: each is a sum of the
    // modes, mode i of amplitude A_i = |(q0, qd0 / w)| turning at w_i.
    struct RateBounds {
        double normalVelocity = 0.0, normalForce = 0.0, tangentialForce = 0.0;
    };
    RateBounds calcRateBounds() const {
        RateBounds b;
        const Mat3 M = sqrtK_.cwiseInverse().asDiagonal() * Q_;   // modes -> deflections
        const Mat3 N = sqrtK_.asDiagonal() * Q_;                  // modes -> forces (up to sign)
        for (int i = 0; i < 3; ++i) {
            const double w = w_(i);
            const double amplitude = w > 0.0 ? std::hypot(q0_(i), qd0_(i) / w) : std::abs(q0_(i));
            b.normalVelocity += std::abs(M(2, i)) * w * w * amplitude;
            b.normalForce += std::abs(N(2, i)) * w * amplitude;
            b.tangentialForce += N.block<2, 1>(0, i).norm() * w * amplitude;
        }
        return b;
    }
    // Deflections y and impulse P after time tau.
    void at(double tau, Vec3& y, Vec3& P) const {
        Vec3 q, intq;
        for (int i = 0; i < 3; ++i) {
            const double w = w_(i), c = std::cos(w * tau), s = std::sin(w * tau);
            // sin(w t)/w and (1 - cos(w t))/w^2 = 2 sin^2(w t / 2)/w^2, with their w -> 0 limits.
            const double sinc = w > 0.0 ? s / w : tau;
            const double half = w > 0.0 ? std::sin(0.5 * w * tau) / w : 0.5 * tau;
            q(i) = q0_(i) * c + qd0_(i) * sinc;
            intq(i) = q0_(i) * sinc + qd0_(i) * 2.0 * half * half;
        }
        y = (Q_ * q).cwiseQuotient(sqrtK_) + yStar_;
        P = P0_ - sqrtK_.cwiseProduct(Q_ * intq);   // integral of F = -K^1/2 z
    }

private:
    Vec3 sqrtK_, yStar_, P0_, w_, q0_, qd0_;
    Mat3 Q_;
};

void Solver::runStick() {
    const State start = state_;
    const double k = normalStiffness(start.phase);
    const double kt = tangentialStiffness(start.phase);
    const Vec3 K(kt, kt, k);
    const Vec3 yStar(0.0, 0.0, start.phase == ImpactPhase::Restitution ? -deltaR_ : 0.0);
    const Vec3 y0(start.u.x(), start.u.y(), -start.delta);
    const StickFlow flow(c_.W, K, yStar, y0, velocity(start), start.P);
    const auto stateAt = [&](double tau) {
        State s = start;
        Vec3 y;
        flow.at(tau, y, s.P);
        s.t = start.t + tau;
        s.u = y.head<2>();
        s.delta = -y.z();
        return s;
    };
    // Scan steps: as long as no event function can reach zero (its margin over
    // its rate bound), but at least the fine scan of the fastest mode and at
    // most the trace's spacing.
    const double minScan = kScanAngle / std::max(flow.fastestRate(), std::sqrt(k * c_.W(2, 2)));
    const double traceStep = kTraceAngle / std::sqrt(k * c_.W(2, 2));
    const StickFlow::RateBounds bound = flow.calcRateBounds();
    const auto calcScan = [&](const State& s) {
        double reach = traceStep;
        const auto limit = [&reach](double margin, double rate) {
            if (rate > 0.0) reach = std::min(reach, std::max(margin, 0.0) / rate);
        };
        if (s.phase == ImpactPhase::Compression) limit(-velocity(s).z(), bound.normalVelocity);
        else limit(normalForce(s), bound.normalForce);
        limit(c_.mu * normalForce(s) + c_.forceTol - kt * s.u.norm(), c_.mu * bound.normalForce + bound.tangentialForce);
        return std::max(reach, minScan);
    };
    double lo = 0.0, lastRecorded = 0.0;
    State s = start;
    for (;;) {
        if (!countStep()) return;
        const double hi = lo + calcScan(s);
        s = stateAt(hi);
        if (findEvent(s) == Event::None) {
            if (hi - lastRecorded >= traceStep * (1.0 - kConeRelTol)) {
                record(s);
                lastRecorded = hi;
            }
            state_ = s;
            lo = hi;
            continue;
        }
        // Bisect (lo, hi] for the first state with an event.
        double a = lo, b = hi;
        while (b - a > kEventTimeTol * std::max(1.0, b)) {
            if (!countStep()) return;
            const double m = 0.5 * (a + b);
            if (m <= a || m >= b) break;   // the bracket is down to adjacent doubles
            (findEvent(stateAt(m)) == Event::None ? a : b) = m;
        }
        state_ = stateAt(b);
        record(state_);
        applyEvent(findEvent(state_), state_);
        return;
    }
}

// Slip: y = (P, delta, dir); F = (-mu F_n dir, F_n), dP/dt = F, d delta/dt =
// -v_n, and the spring (u = mu F_n / k_t dir) turns towards the tangential
// velocity: d dir/dt = k_t / (mu F_n) (1 - dir dir^T) v_t (the part of
// du/dt = v_t - sigma dir normal to dir). `relaxed`: dir follows v_t at once.
Vec6 Solver::slipRate6(const State& s, const Vec6& y, bool relaxed) const {
    State at = s;
    at.P = y.head<3>();
    at.delta = y(3);
    const Vec3 v = velocity(at);
    const Vec2 vt = v.head<2>();
    // A unit direction and a non-negative force at every stage keep each
    // step's impulse inside the cone: |dI_t| <= mu dI_n.
    Vec2 dir = y.tail<2>().norm() > 0.0 ? Vec2(y.tail<2>().normalized()) : Vec2::Zero();
    if (relaxed && vt.norm() > c_.directionSpeed) dir = vt.normalized();
    const double fn = std::max(normalForce(at), 0.0);
    Vec6 rate;
    rate.head<2>() = -c_.mu * fn * dir;
    rate(2) = fn;
    rate(3) = -v.z();
    if (relaxed || c_.mu == 0.0 || fn <= 0.0) rate.tail<2>().setZero();
    else rate.tail<2>() = tangentialStiffness(s.phase) / (c_.mu * fn) * (vt - dir * dir.dot(vt));
    return rate;
}

State Solver::stepSlip(const State& s, double h, bool relaxed) const {
    Vec6 y;
    y << s.P, s.delta, s.dir;
    const Vec6 k1 = slipRate6(s, y, relaxed);
    const Vec6 k2 = slipRate6(s, y + 0.5 * h * k1, relaxed);
    const Vec6 k3 = slipRate6(s, y + 0.5 * h * k2, relaxed);
    const Vec6 k4 = slipRate6(s, y + h * k3, relaxed);
    y += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    State out = s;
    out.t = s.t + h;
    out.P = y.head<3>();
    out.delta = y(3);
    const Vec2 vt = velocity(out).head<2>();
    if (relaxed && vt.norm() > c_.directionSpeed) out.dir = vt.normalized();
    else if (y.tail<2>().norm() > 0.0) out.dir = y.tail<2>().normalized();
    out.u = c_.mu * std::max(normalForce(out), 0.0) / tangentialStiffness(out.phase) * out.dir;
    return out;
}

void Solver::runSlip() {
    for (;;) {
        if (!countStep()) return;
        const State& s = state_;
        const double k = normalStiffness(s.phase);
        // The normal oscillation while sliding: d^2 delta/dt^2 = -k (W_nn - mu W_nt.dir) F_n / k;
        // bound it with |W_nt| so a turning dir cannot outrun the step.
        const double rate = std::sqrt(k * (c_.W(2, 2) + c_.mu * c_.W.block<1, 2>(2, 0).norm()));
        const double h = kSlipStepAngle / rate;
        const double fn = normalForce(s);
        const double vt = velocity(s).head<2>().norm();
        const bool relaxed =
            c_.mu > 0.0 && (fn <= 0.0 || h * tangentialStiffness(s.phase) * vt > kRelaxStepLimit * c_.mu * fn);
        State next = stepSlip(s, h, relaxed);
        if (findEvent(next) == Event::None) {
            state_ = next;
            record(state_);
            continue;
        }
        double a = 0.0, b = h;
        while (b - a > kEventTimeTol * h) {
            if (!countStep()) return;
            const double m = 0.5 * (a + b);
            (findEvent(stepSlip(s, m, relaxed)) == Event::None ? a : b) = m;
        }
        next = stepSlip(s, b, relaxed);
        state_ = next;
        record(state_);
        applyEvent(findEvent(state_), state_);
        return;
    }
}

void Solver::record(const State& s) {
    if (!trace_) return;
    TraceSample sample;
    sample.normalImpulse = s.P.z();
    sample.impulse = s.P;
    sample.velocity = velocity(s);
    sample.energy = energyBefore_ + problem_.calcEnergyChange(s.P);
    const double fn = std::max(normalForce(s), 0.0);
    const double k = normalStiffness(s.phase);
    sample.contactEnergy = k > 0.0 ? 0.5 * fn * fn / k : 0.0;
    sample.tangentialEnergy = 0.5 * tangentialForce(s).squaredNorm() / tangentialStiffness(s.phase);
    sample.mode = s.mode;
    sample.phase = s.phase;
    trace_->samples.push_back(sample);
}

}  // namespace tangential_compliance_detail

double calcStiffnessRatio(double youngs1, double poisson1, double youngs2, double poisson2) {
    const double invE = (1.0 - poisson1 * poisson1) / youngs1 + (1.0 - poisson2 * poisson2) / youngs2;
    const double g1 = youngs1 / (2.0 * (1.0 + poisson1)), g2 = youngs2 / (2.0 * (1.0 + poisson2));
    const double invG = (2.0 - poisson1) / g1 + (2.0 - poisson2) / g2;
    return 4.0 * invE / invG;   // 4 G* / E*
}

ImpactResult solveTangentialCompliance(const ImpactProblem& problem, const TangentialComplianceOptions& options,
                                       ImpactTrace* trace) {
    if (!std::isfinite(options.stiffnessRatio) || !(options.stiffnessRatio > 0.0))
        throw InputError("tangential-compliance.stiffness_ratio", "must be a finite number > 0");
    problem.validate();
    if (trace) trace->samples.clear();
    return tangential_compliance_detail::Solver(problem, options, trace).solve();
}

}  // namespace impactlab
