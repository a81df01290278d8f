#include "sim/CompliantCollision.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "sim/CompliantModel.h"
#include "sim/DormandPrince.h"

namespace impactlab {

namespace {

std::string str(double x) {
    std::ostringstream os;
    os.precision(6);
    os << x;
    return os.str();
}

// Bisection steps that locate an event inside an accepted step: 2^-50 of a
// step is below the integrator's own time resolution.
constexpr int kEventBisections = 50;

void requirePositive(double v, const std::string& field) {
    if (!(v > 0.0) || !std::isfinite(v)) throw InputError(field, "must be a finite number > 0, got " + str(v));
}

}  // namespace

const char* toString(CompliantStatus status) {
    switch (status) {
        case CompliantStatus::Separated: return "separated";
        case CompliantStatus::StepBudgetExceeded: return "step budget exceeded";
        case CompliantStatus::TimeBudgetExceeded: return "time budget exceeded";
        case CompliantStatus::StepSizeUnderflow: return "step size underflow";
        case CompliantStatus::NonFinite: return "non-finite state";
    }
    return "?";
}

const char* toString(CompliantEventKind kind) {
    switch (kind) {
        case CompliantEventKind::Touch: return "touch";
        case CompliantEventKind::EndOfCompression: return "end of compression";
        case CompliantEventKind::SlideToRoll: return "slide to roll";
        case CompliantEventKind::RollToSlide: return "roll to slide";
        case CompliantEventKind::Separation: return "separation";
    }
    return "?";
}

void CompliantSystem::validate() const {
    const int nb = static_cast<int>(bodies.size());
    for (int b = 0; b < nb; ++b) {
        const std::string f = "bodies[" + std::to_string(b) + "]";
        bodies[b].validate(f);
        const double qn = bodies[b].orientation.coeffs().norm();
        if (!std::isfinite(qn) || !(qn > 0.0))
            throw InputError(f + ".orientation", "must be a finite non-zero quaternion");
    }
    for (size_t i = 0; i < spheres.size(); ++i) {
        const std::string f = "spheres[" + std::to_string(i) + "]";
        if (spheres[i].body < 0 || spheres[i].body >= nb)
            throw InputError(f + ".body", "must index one of the " + std::to_string(nb) + " bodies");
        if (!spheres[i].center.allFinite()) throw InputError(f + ".center", "must contain finite numbers");
        requirePositive(spheres[i].radius, f + ".radius");
        spheres[i].material.validate(f + ".material");
    }
    for (size_t i = 0; i < planes.size(); ++i) {
        const std::string f = "planes[" + std::to_string(i) + "]";
        if (!planes[i].point.allFinite()) throw InputError(f + ".point", "must contain finite numbers");
        if (!planes[i].normal.allFinite() || !(planes[i].normal.norm() > 0.0))
            throw InputError(f + ".normal", "must be a finite non-zero vector");
        planes[i].material.validate(f + ".material");
    }
    const int ns = static_cast<int>(spheres.size()), np = static_cast<int>(planes.size());
    for (size_t i = 0; i < contacts.size(); ++i) {
        const std::string f = "contacts[" + std::to_string(i) + "]";
        const CompliantPair& c = contacts[i];
        if (c.sphere1 < 0 || c.sphere1 >= ns) throw InputError(f + ".sphere1", "must index one of the spheres");
        if (c.kind == CompliantPairKind::SpherePlane) {
            if (c.plane < 0 || c.plane >= np) throw InputError(f + ".plane", "must index one of the planes");
            if (bodies[spheres[c.sphere1].body].fixed)
                throw InputError(f + ".sphere1", "belongs to a fixed body: a plane contact needs a free body");
        } else {
            if (c.sphere2 < 0 || c.sphere2 >= ns) throw InputError(f + ".sphere2", "must index one of the spheres");
            const int b1 = spheres[c.sphere1].body, b2 = spheres[c.sphere2].body;
            if (b1 == b2) throw InputError(f + ".sphere2", "is on the same body as sphere1");
            if (bodies[b1].fixed && bodies[b2].fixed)
                throw InputError(f, "joins two fixed bodies");
        }
        c.friction.validate(f + ".friction");
    }
    if (!gravity.allFinite()) throw InputError("gravity", "must contain finite numbers");
}

void CompliantOptions::validate() const {
    requirePositive(relativeTolerance, "options.relative_tolerance");
    requirePositive(absoluteTolerance, "options.absolute_tolerance");
    if (!(initialStep >= 0.0) || !std::isfinite(initialStep))
        throw InputError("options.initial_step", "must be a finite number >= 0, got " + str(initialStep));
    requirePositive(maxStep, "options.max_step");
    requirePositive(entryDepth, "options.entry_depth");
    if (!(separationSpeed >= 0.0) || !std::isfinite(separationSpeed))
        throw InputError("options.separation_speed", "must be a finite number >= 0, got " + str(separationSpeed));
    requirePositive(slideToRollSpeed, "options.slide_to_roll_speed");
    if (interpolatedSamplesPerStep < 0)
        throw InputError("options.interpolated_samples_per_step",
                         "must be >= 0, got " + std::to_string(interpolatedSamplesPerStep));
    if (maxSteps < 1) throw InputError("options.max_steps", "must be >= 1, got " + std::to_string(maxSteps));
    requirePositive(maxDuration, "options.max_duration");
    requirePositive(minStep, "options.min_step");
    if (!(sampleInterval >= 0.0) || !std::isfinite(sampleInterval))
        throw InputError("options.sample_interval", "must be a finite number >= 0, got " + str(sampleInterval));
}

namespace {

// The quantities whose sign changes mark the events of one contact.
struct EventSigns {
    double penetration, rate, slipExcess;  // slipExcess = |v_t| - slideToRollSpeed
    double normalForce;
};

class Run {
public:
    Run(const CompliantSystem& system, const CompliantOptions& options)
        : system_(system), options_(options), model_(system),
          stepper_([this](double, const Eigen::VectorXd& y, Eigen::VectorXd& dydt) { model_.calcDerivative(y, dydt); },
                   model_.size()) {}

    CompliantResult run();

private:
    EventSigns calcSigns(const std::vector<compliant::Pose>& poses, int c) const {
        CompliantContactState s;
        model_.calcContact(poses, c, s);
        return {s.penetration, s.penetrationRate, s.tangentialVelocity().norm() - options_.slideToRollSpeed,
                s.normalForce};
    }
    std::vector<EventSigns> calcAllSigns(const Eigen::VectorXd& y) const {
        std::vector<compliant::Pose> poses;
        model_.calcPoses(y, poses);
        std::vector<EventSigns> signs;
        for (int c = 0; c < static_cast<int>(system_.contacts.size()); ++c) signs.push_back(calcSigns(poses, c));
        return signs;
    }
    double calcStepLimit(const Eigen::VectorXd& y) const;
    bool allSeparated(const std::vector<EventSigns>& signs, const Eigen::VectorXd& y) const;
    void findEvents(double t0, double h, const std::vector<EventSigns>& before, const std::vector<EventSigns>& after);
    void addDenseSamples(double t0, double h);

    const CompliantSystem& system_;
    const CompliantOptions& options_;
    compliant::Model model_;
    DormandPrince45 stepper_;
    CompliantResult result_;
    double nextSampleTime_ = 0.0;
};

double Run::calcStepLimit(const Eigen::VectorXd& y) const {
    double limit = options_.maxStep;
    std::vector<compliant::Pose> poses;
    model_.calcPoses(y, poses);
    CompliantContactState s;
    for (int c = 0; c < static_cast<int>(system_.contacts.size()); ++c) {
        model_.calcContact(poses, c, s);
        if (s.penetration <= 0.0 && s.penetrationRate > 0.0)
            limit = std::min(limit, (options_.entryDepth - s.penetration) / s.penetrationRate);
    }
    return limit;
}

bool Run::allSeparated(const std::vector<EventSigns>& signs, const Eigen::VectorXd&) const {
    for (const EventSigns& s : signs)
        if (s.penetration > 0.0 || s.rate > options_.separationSpeed) return false;
    return true;
}

void Run::findEvents(double t0, double h, const std::vector<EventSigns>& before,
                     const std::vector<EventSigns>& after) {
    Eigen::VectorXd y(model_.size());
    std::vector<compliant::Pose> poses;
    auto signsAt = [&](double theta, int c) {
        stepper_.interpolate(theta, y);
        model_.calcPoses(y, poses);
        return calcSigns(poses, c);
    };
    std::vector<CompliantEvent> found;
    for (int c = 0; c < static_cast<int>(before.size()); ++c) {
        const EventSigns& a = before[c];
        const EventSigns& b = after[c];
        // (kind, which function, falling through zero?, requires touching at the event)
        struct Crossing {
            CompliantEventKind kind;
            double EventSigns::*g;
            bool falling;
            bool touching;
        };
        const Crossing crossings[] = {
            {CompliantEventKind::Touch, &EventSigns::penetration, false, false},
            {CompliantEventKind::Separation, &EventSigns::penetration, true, false},
            {CompliantEventKind::EndOfCompression, &EventSigns::rate, true, true},
            {CompliantEventKind::SlideToRoll, &EventSigns::slipExcess, true, true},
            {CompliantEventKind::RollToSlide, &EventSigns::slipExcess, false, true},
        };
        for (const Crossing& x : crossings) {
            const double ga = a.*(x.g), gb = b.*(x.g);
            const bool crosses = x.falling ? (ga > 0.0 && gb <= 0.0) : (ga <= 0.0 && gb > 0.0);
            if (!crosses) continue;
            double lo = 0.0, hi = 1.0;
            for (int i = 0; i < kEventBisections; ++i) {
                const double mid = 0.5 * (lo + hi);
                const double g = signsAt(mid, c).*(x.g);
                const bool beforeEvent = x.falling ? g > 0.0 : g <= 0.0;
                (beforeEvent ? lo : hi) = mid;
            }
            stepper_.interpolate(hi, y);
            if (x.touching) {
                model_.calcPoses(y, poses);
                if (calcSigns(poses, c).penetration <= 0.0) continue;
            }
            CompliantEvent e;
            e.kind = x.kind;
            e.contact = c;
            e.time = t0 + hi * h;
            e.state = model_.makeSample(e.time, y, false).contacts[c];
            found.push_back(e);
        }
    }
    std::sort(found.begin(), found.end(), [](const CompliantEvent& l, const CompliantEvent& r) { return l.time < r.time; });
    for (const CompliantEvent& e : found) {
        CompliantContactSummary& s = result_.contacts[e.contact];
        s.maxPenetration = std::max(s.maxPenetration, e.state.penetration);
        result_.events.push_back(e);
    }
}

void Run::addDenseSamples(double t0, double h) {
    std::vector<double> times;
    if (options_.sampleInterval > 0.0) {
        for (; nextSampleTime_ <= t0 + h; nextSampleTime_ += options_.sampleInterval) times.push_back(nextSampleTime_);
    }
    if (options_.recordSteps) {
        const int k = options_.interpolatedSamplesPerStep;
        for (int j = 1; j <= k; ++j) times.push_back(t0 + h * j / (k + 1));
    }
    std::sort(times.begin(), times.end());
    Eigen::VectorXd y(model_.size());
    for (double t : times) {
        stepper_.interpolate(std::clamp((t - t0) / h, 0.0, 1.0), y);
        result_.samples.push_back(model_.makeSample(t, y, options_.recordBodies));
        result_.samples.back().interpolated = true;
    }
}

CompliantResult Run::run() {
    const int nc = static_cast<int>(system_.contacts.size());
    const double relTol = options_.relativeTolerance, absTol = options_.absoluteTolerance;
    Eigen::VectorXd y = model_.makeInitialState(), dydt(model_.size());
    model_.calcDerivative(y, dydt);
    double t = 0.0;
    result_.contacts.resize(nc);
    const CompliantSample first = model_.makeSample(0.0, y, options_.recordBodies);
    result_.kineticEnergyBefore = first.kineticEnergy;
    if (options_.recordSteps || options_.sampleInterval > 0.0) result_.samples.push_back(first);
    nextSampleTime_ = options_.sampleInterval;
    std::vector<EventSigns> signs = calcAllSigns(y);
    if (allSeparated(signs, y))
        result_.warnings.push_back("compliant: no contact is touching or closing at the start; nothing to integrate");

    double h = options_.initialStep > 0.0
                   ? options_.initialStep
                   : stepper_.calcInitialStep(t, y, dydt, absTol, relTol, options_.maxStep);
    bool rejectedLast = false;
    int attempts = 0;
    result_.status = CompliantStatus::Separated;
    while (!allSeparated(signs, y)) {
        if (attempts >= options_.maxSteps) {
            result_.status = CompliantStatus::StepBudgetExceeded;
            break;
        }
        if (t >= options_.maxDuration) {
            result_.status = CompliantStatus::TimeBudgetExceeded;
            break;
        }
        h = std::min({h, calcStepLimit(y), options_.maxDuration - t + options_.minStep});
        if (h < options_.minStep || t + h == t) {
            result_.status = CompliantStatus::StepSizeUnderflow;
            break;
        }
        ++attempts;
        const double err = stepper_.tryStep(t, y, dydt, h, absTol, relTol);
        if (!(err <= 1.0)) {
            ++result_.rejectedSteps;
            h *= std::isfinite(err) ? DormandPrince45::calcStepFactor(err, true) : kMinStepFactor;
            rejectedLast = true;
            continue;
        }
        if (!stepper_.yNew().allFinite()) {
            result_.status = CompliantStatus::NonFinite;
            break;
        }
        ++result_.acceptedSteps;
        const std::vector<EventSigns> next = calcAllSigns(stepper_.yNew());
        findEvents(t, h, signs, next);
        addDenseSamples(t, h);
        t += h;
        y = stepper_.yNew();
        dydt = stepper_.dydtNew();
        signs = next;
        if (options_.recordSteps) result_.samples.push_back(model_.makeSample(t, y, options_.recordBodies));
        for (int c = 0; c < nc; ++c) {
            CompliantContactSummary& s = result_.contacts[c];
            s.maxPenetration = std::max(s.maxPenetration, signs[c].penetration);
            s.maxNormalForce = std::max(s.maxNormalForce, signs[c].normalForce);
            if (signs[c].penetration > 0.0) s.touched = true;
        }
        h *= DormandPrince45::calcStepFactor(err, rejectedLast);
        rejectedLast = false;
    }

    result_.endTime = t;
    result_.rhsEvaluations = stepper_.rhsEvaluations() + 1;
    result_.bodies = model_.makeBodies(y);
    const CompliantSample last = model_.makeSample(t, y, false);
    result_.kineticEnergyAfter = last.kineticEnergy;
    result_.elasticEnergyAfter = last.elasticEnergy;
    for (int c = 0; c < nc; ++c) {
        const int o = model_.contactOffset(c);
        result_.contacts[c].impulse = y.segment<3>(o);
        result_.contacts[c].worldImpulse = y.segment<3>(o + 3);
    }
    if (result_.status != CompliantStatus::Separated) {
        result_.warnings.push_back(std::string("compliant: ") + toString(result_.status) + " at t = " + str(t) +
                                   " s after " + std::to_string(result_.acceptedSteps) + " accepted and " +
                                   std::to_string(result_.rejectedSteps) +
                                   " rejected steps; contacts had not all separated, so the final "
                                   "velocities are those at that time");
    }
    return result_;
}

}  // namespace

CompliantResult simulateCompliantCollision(const CompliantSystem& system, const CompliantOptions& options) {
    system.validate();
    options.validate();
    Run run(system, options);
    return run.run();
}

}  // namespace impactlab
