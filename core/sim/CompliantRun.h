#pragma once
// Internal to the compliant models (CompliantCollision.cpp, CompliantChain.cpp):
// the error-controlled integration through a collision, with event location
// and sampling, for any model of the compliant contact. A Model provides
//   int size() const;  int getContactCount() const;  int contactOffset(int c) const;
//   int coupledSize() const;   // leading components the derivative depends on
//   Eigen::VectorXd makeInitialState() const;
//   void calcDerivative(const Eigen::VectorXd& y, Eigen::VectorXd& dydt) const;
//   void calcContacts(const Eigen::VectorXd& y, std::vector<CompliantContactState>& out) const;
//   void calcContactAt(const Eigen::VectorXd& y, int c, CompliantContactState& out) const;
//   CompliantSample makeSample(double t, const Eigen::VectorXd& y, bool withBodies) const;
//   std::vector<RigidBody> makeBodies(const Eigen::VectorXd& y) const;
// where the state ends, per contact at contactOffset(c), with the accumulated
// impulse (t1, t2, n) and the world impulse on body 1 (6 numbers).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "mechanics/NumberText.h"
#include "sim/CompliantCollision.h"
#include "sim/DormandPrince.h"
#include "sim/Rodas4.h"

namespace impactlab::compliant {

// An event inside an accepted step is located to this share of the step
// (below the integrator's own time resolution) by the Illinois variant of
// regula falsi, every kEventBisectEvery-th trial a bisection so the bracket
// halves at least that often whatever the function; kEventMaxTrials bounds
// the search (it ends with the bracket, which always holds the event).
inline constexpr double kEventTimeResolution = 0x1p-50;
inline constexpr int kEventBisectEvery = 3;
inline constexpr int kEventMaxTrials = 3 * 50;

// The quantities whose sign changes mark the events of one contact.
struct EventSigns {
    double penetration, rate, slipExcess;  // slipExcess = |v_t| - slideToRollSpeed
    double normalForce;
};

// Automatic integration: the explicit pair switches to RODAS for the rest of
// the run once kStiffStepsToSwitch accepted steps have shown h |lambda| above
// kStiffStepRatio (close to the edge of its stability region on the negative
// real axis, 3.3), the test of Hairer's DOPRI5 (Solving ODEs II, sec. IV.2);
// kNonStiffStepsToReset steps below it in a row clear the count.
inline constexpr double kStiffStepRatio = 3.25;
inline constexpr int kStiffStepsToSwitch = 15;
inline constexpr int kNonStiffStepsToReset = 6;

template <class Model>
class CompliantRun {
public:
    CompliantRun(const Model& model, const CompliantOptions& options)
        : options_(options), model_(model),
          explicit_(makeRhs(), model_.size()),
          implicit_(makeRhs(), model_.size(), model_.coupledSize()),
          stiff_(options.integrator == CompliantIntegrator::Rodas4) {}

    CompliantResult run();
    // The integrated state where run() ended (the model's layout).
    const Eigen::VectorXd& finalState() const { return finalState_; }

private:
    // The model's derivative, for either stepper.
    auto makeRhs() const {
        return [this](double, const Eigen::VectorXd& y, Eigen::VectorXd& dydt) { model_.calcDerivative(y, dydt); };
    }
    // Calls f with the stepper in use.
    template <class F>
    decltype(auto) withStepper(F&& f) {
        if (stiff_) return f(implicit_);
        return f(explicit_);
    }
    void interpolate(double theta, Eigen::VectorXd& y) {
        withStepper([&](auto& s) { s.interpolate(theta, y); });
    }
    // After an accepted explicit step under Automatic: count the stiff steps.
    void watchStiffness(double t);
    EventSigns calcSigns(const CompliantContactState& s) const {
        return {s.penetration, s.penetrationRate, s.tangentialVelocity().norm() - options_.slideToRollSpeed,
                s.normalForce};
    }
    void calcAllSigns(const Eigen::VectorXd& y, std::vector<EventSigns>& signs) const {
        model_.calcContacts(y, states_);
        signs.clear();
        for (const CompliantContactState& s : states_) signs.push_back(calcSigns(s));
    }
    double calcStepLimit(const Eigen::VectorXd& y) const;
    bool allSeparated(const std::vector<EventSigns>& signs, const Eigen::VectorXd& y) const;
    void findEvents(double t0, double h, const std::vector<EventSigns>& before, const std::vector<EventSigns>& after);
    void addDenseSamples(double t0, double h);

    const CompliantOptions& options_;
    const Model& model_;
    DormandPrince45 explicit_;
    Rodas4 implicit_;
    bool stiff_;                 // RODAS in use
    int stiffSteps_ = 0, nonStiffSteps_ = 0;
    CompliantResult result_;
    double nextSampleTime_ = 0.0;
    Eigen::VectorXd finalState_;
    // Scratch reused on every step (a fresh allocation per step and sample
    // was a quarter of the run's time).
    mutable std::vector<CompliantContactState> states_;
    Eigen::VectorXd yScratch_;
    std::vector<double> sampleTimes_;
};

template <class Model>
double CompliantRun<Model>::calcStepLimit(const Eigen::VectorXd& y) const {
    double limit = options_.maxStep;
    model_.calcContacts(y, states_);
    for (const CompliantContactState& s : states_) {
        if (s.penetration <= 0.0 && s.penetrationRate > 0.0)
            limit = std::min(limit, (options_.entryDepth - s.penetration) / s.penetrationRate);
    }
    return limit;
}

template <class Model>
bool CompliantRun<Model>::allSeparated(const std::vector<EventSigns>& signs, const Eigen::VectorXd&) const {
    for (const EventSigns& s : signs)
        if (s.penetration > 0.0 || s.rate > options_.separationSpeed) return false;
    return true;
}

template <class Model>
void CompliantRun<Model>::findEvents(double t0, double h, const std::vector<EventSigns>& before,
                     const std::vector<EventSigns>& after) {
    Eigen::VectorXd& y = yScratch_;
    CompliantContactState state;   // of the one contact a search follows
    auto signsAt = [&](double theta, int c) {
        interpolate(theta, y);
        model_.calcContactAt(y, c, state);
        return calcSigns(state);
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
            // The bracket [lo, hi] of theta: before the event at lo, after it at hi.
            double lo = 0.0, hi = 1.0, gLo = ga, gHi = gb;
            int keptLast = 0;   // the end kept by the last trial: -1 lo, +1 hi
            for (int i = 1; i <= kEventMaxTrials && hi - lo > kEventTimeResolution; ++i) {
                double mid = lo - gLo * (hi - lo) / (gHi - gLo);
                if (i % kEventBisectEvery == 0 || !(mid > lo && mid < hi)) mid = 0.5 * (lo + hi);
                const double g = signsAt(mid, c).*(x.g);
                const bool beforeEvent = x.falling ? g > 0.0 : g <= 0.0;
                if (beforeEvent) {
                    lo = mid;
                    gLo = g;
                    if (keptLast == 1) gHi *= 0.5;   // Illinois: the kept end's value halved
                    keptLast = 1;
                } else {
                    hi = mid;
                    gHi = g;
                    if (keptLast == -1) gLo *= 0.5;
                    keptLast = -1;
                }
            }
            interpolate(hi, y);
            model_.calcContactAt(y, c, state);
            if (x.touching && state.penetration <= 0.0) continue;
            CompliantEvent e;
            e.kind = x.kind;
            e.contact = c;
            e.time = t0 + hi * h;
            e.state = makeContactSample(state, y.segment<3>(model_.contactOffset(c)));
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

template <class Model>
void CompliantRun<Model>::addDenseSamples(double t0, double h) {
    std::vector<double>& times = sampleTimes_;
    times.clear();
    if (options_.sampleInterval > 0.0) {
        for (; nextSampleTime_ <= t0 + h; nextSampleTime_ += options_.sampleInterval) times.push_back(nextSampleTime_);
    }
    if (options_.recordSteps) {
        const int k = options_.interpolatedSamplesPerStep;
        for (int j = 1; j <= k; ++j) times.push_back(t0 + h * j / (k + 1));
    }
    std::sort(times.begin(), times.end());
    Eigen::VectorXd& y = yScratch_;
    for (double t : times) {
        interpolate(std::clamp((t - t0) / h, 0.0, 1.0), y);
        result_.samples.push_back(model_.makeSample(t, y, options_.recordBodies));
        result_.samples.back().interpolated = true;
    }
}

template <class Model>
void CompliantRun<Model>::watchStiffness(double t) {
    if (explicit_.estimateStiffness() > kStiffStepRatio) {
        nonStiffSteps_ = 0;
        if (++stiffSteps_ >= kStiffStepsToSwitch) {
            stiff_ = true;
            result_.stiffFrom = t;
        }
    } else if (++nonStiffSteps_ >= kNonStiffStepsToReset) {
        stiffSteps_ = 0;
    }
}

template <class Model>
CompliantResult CompliantRun<Model>::run() {
    const int nc = model_.getContactCount();
    const double relTol = options_.relativeTolerance, absTol = options_.absoluteTolerance;
    Eigen::VectorXd y = model_.makeInitialState(), dydt(model_.size());
    model_.calcDerivative(y, dydt);
    double t = 0.0;
    result_.contacts.resize(nc);
    const CompliantSample first = model_.makeSample(0.0, y, options_.recordBodies);
    result_.kineticEnergyBefore = first.kineticEnergy;
    if (options_.recordSteps || options_.sampleInterval > 0.0) result_.samples.push_back(first);
    nextSampleTime_ = options_.sampleInterval;
    yScratch_.resize(model_.size());
    std::vector<EventSigns> signs, next;
    calcAllSigns(y, signs);
    if (allSeparated(signs, y))
        result_.warnings.push_back("compliant: no contact is touching or closing at the start; nothing to integrate");

    double h = options_.initialStep > 0.0
                   ? options_.initialStep
                   : withStepper([&](auto& s) { return s.calcInitialStep(t, y, dydt, absTol, relTol, options_.maxStep); });
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
        const double err = withStepper([&](auto& s) { return s.tryStep(t, y, dydt, h, absTol, relTol); });
        auto stepFactor = [&](bool afterRejection) {
            return stiff_ ? Rodas4::calcStepFactor(err, afterRejection)
                          : DormandPrince45::calcStepFactor(err, afterRejection);
        };
        if (!(err <= 1.0)) {
            ++result_.rejectedSteps;
            h *= std::isfinite(err) ? stepFactor(true) : kMinStepFactor;
            rejectedLast = true;
            continue;
        }
        const Eigen::VectorXd& yNew = withStepper([](auto& s) -> const Eigen::VectorXd& { return s.yNew(); });
        if (!yNew.allFinite()) {
            result_.status = CompliantStatus::NonFinite;
            break;
        }
        ++result_.acceptedSteps;
        calcAllSigns(yNew, next);
        findEvents(t, h, signs, next);
        addDenseSamples(t, h);
        t += h;
        y = yNew;
        dydt = withStepper([](auto& s) -> const Eigen::VectorXd& { return s.dydtNew(); });
        signs.swap(next);
        if (options_.recordSteps) result_.samples.push_back(model_.makeSample(t, y, options_.recordBodies));
        for (int c = 0; c < nc; ++c) {
            CompliantContactSummary& s = result_.contacts[c];
            s.maxPenetration = std::max(s.maxPenetration, signs[c].penetration);
            s.maxNormalForce = std::max(s.maxNormalForce, signs[c].normalForce);
            if (signs[c].penetration > 0.0) s.touched = true;
        }
        h *= stepFactor(rejectedLast);
        rejectedLast = false;
        if (!stiff_ && options_.integrator == CompliantIntegrator::Automatic) watchStiffness(t);
    }

    result_.endTime = t;
    finalState_ = y;
    result_.rhsEvaluations = explicit_.rhsEvaluations() + implicit_.rhsEvaluations() + 1;
    result_.integrator = stiff_ ? CompliantIntegrator::Rodas4 : CompliantIntegrator::DormandPrince45;
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
        result_.warnings.push_back(std::string("compliant: ") + toString(result_.status) + " at t = " + formatNumber(t) +
                                   " s after " + std::to_string(result_.acceptedSteps) + " accepted and " +
                                   std::to_string(result_.rejectedSteps) +
                                   " rejected steps; contacts had not all separated, so the final "
                                   "velocities are those at that time");
    }
    return std::move(result_);
}

}  // namespace impactlab::compliant
