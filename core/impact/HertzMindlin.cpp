#include "impact/HertzMindlin.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "impact/CoulombPath.h"   // completeResult

namespace impactlab {

namespace hertz_mindlin_detail {

using Vec6 = Eigen::Matrix<double, 6, 1>;

// Frictionless Hertz contact from first touch to separation lasts 2 x 1.47
// delta_m / |v_n-| (Hertz impact: Johnson, Contact Mechanics, ch. 11); the
// step is this over stepsPerContact.
constexpr double kContactDurationScale = 3.2;
// Steps in unloading shrink with e (the unloading curve spans e^2 delta_m at
// the speed e |v_n-|); never below this fraction of the loading step.
constexpr double kMinUnloadingStepFraction = 1e-3;
// The end of the impact (F_n = 0) is bisected to this fraction of a step.
constexpr double kEndStepRelTol = 1e-12;
// |F_t| within this fraction of mu F_n counts as slipping in the trace.
constexpr double kOnConeRelTol = 1e-9;

class HertzMindlinSolver {
public:
    HertzMindlinSolver(const ImpactProblem& p, const HertzMindlinOptions& o, ImpactTrace* trace)
        : problem_(p), options_(o), trace_(trace) {
        const double mass = 1.0 / p.W(2, 2);
        const double v0 = -p.vMinus.z();
        // (1/2) m v0^2 = (2/5) K_h delta_m^5/2 with delta_m = 1.
        kHertz_ = 1.25 * mass * v0 * v0;
        dt_ = kContactDurationScale / v0 / o.stepsPerContact;
        energyBefore_ = p.calcEnergyBefore();
    }

    ImpactResult solve() {
        ImpactResult r;
        r.model = "hertz-mindlin";
        Vec6 y = Vec6::Zero();   // (P, delta, F_t)
        record(y);
        int sinceSample = 0;
        for (;;) {
            if (++r.steps > options_.maxSteps) {
                r.status = SolveStatus::IterationLimit;
                r.warnings.push_back("step limit reached before the bodies separated; the result is the last state");
                break;
            }
            const double h = loading_ ? dt_ : dt_ * std::max(problem_.restitution, kMinUnloadingStepFraction);
            Vec6 next = step(y, h);
            if (!loading_ && normalForce(next(3)) <= 0.0) {
                // Bisect the last step for F_n = 0.
                double a = 0.0, b = h;
                while (b - a > kEndStepRelTol * h) {
                    const double m = 0.5 * (a + b);
                    (normalForce(step(y, m)(3)) > 0.0 ? a : b) = m;
                }
                y = step(y, b);
                y.tail<2>().setZero();   // the cap is zero at separation
                record(y);
                r.events.push_back({ImpactEventKind::EndOfImpact, y(2), y.head<3>()});
                break;
            }
            y = next;
            if (++sinceSample >= options_.stepsPerSample) {
                record(y);
                sinceSample = 0;
            }
            if (loading_ && velocity(y).z() >= 0.0) {
                record(y);
                r.compressionImpulse = y.head<3>();
                r.events.push_back({ImpactEventKind::EndOfCompression, y(2), y.head<3>()});
                if (problem_.restitution == 0.0) {
                    r.events.push_back({ImpactEventKind::EndOfImpact, y(2), y.head<3>()});
                    break;
                }
                deltaMax_ = y(3);
                forceMax_ = kHertz_ * std::pow(deltaMax_, 1.5);
                deltaP_ = deltaMax_ * (1.0 - problem_.restitution * problem_.restitution);
                loading_ = false;
            }
        }
        r.impulse = y.head<3>();
        completeResult(problem_, r);
        return r;
    }

private:
    Vec3 velocity(const Vec6& y) const { return problem_.vMinus + problem_.W * y.head<3>(); }
    double normalForce(double delta) const {
        if (loading_) return delta > 0.0 ? kHertz_ * std::pow(delta, 1.5) : 0.0;
        const double x = delta - deltaP_;
        return x > 0.0 ? forceMax_ * std::pow(x / (deltaMax_ - deltaP_), 1.5) : 0.0;
    }
    // Mindlin's k_t = stiffness_ratio * dF_n/ddelta (8 G* a while loading).
    double tangentialStiffness(double delta) const {
        if (loading_) return delta > 0.0 ? options_.stiffnessRatio * 1.5 * kHertz_ * std::sqrt(delta) : 0.0;
        const double x = delta - deltaP_;
        const double span = deltaMax_ - deltaP_;
        return x > 0.0 ? options_.stiffnessRatio * 1.5 * forceMax_ * std::sqrt(x) / (span * std::sqrt(span)) : 0.0;
    }
    // The tangential force capped by Coulomb's cone.
    Vec2 capped(const Vec2& ft, double fn) const {
        const double cap = problem_.friction * fn, n = ft.norm();
        return n > cap && n > 0.0 ? Vec2(ft * (cap / n)) : ft;
    }
    Vec6 rate(const Vec6& y) const {
        const Vec3 v = velocity(y);
        const double fn = normalForce(y(3));
        Vec6 d;
        d.head<2>() = capped(y.tail<2>(), fn);
        d(2) = fn;
        d(3) = -v.z();
        d.tail<2>() = -tangentialStiffness(y(3)) * v.head<2>();
        return d;
    }
    Vec6 step(const Vec6& y, double h) const {
        const Vec6 k1 = rate(y), k2 = rate(y + 0.5 * h * k1), k3 = rate(y + 0.5 * h * k2), k4 = rate(y + h * k3);
        Vec6 out = y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        out.tail<2>() = capped(out.tail<2>(), normalForce(out(3)));   // radial return onto the cone
        return out;
    }
    void record(const Vec6& y) const {
        if (!trace_) return;
        TraceSample s;
        s.normalImpulse = y(2);
        s.impulse = y.head<3>();
        s.velocity = velocity(y);
        s.energy = energyBefore_ + problem_.calcEnergyChange(s.impulse);
        const double fn = normalForce(y(3));
        s.contactEnergy = 0.4 * fn * std::max(loading_ ? y(3) : y(3) - deltaP_, 0.0);
        const double kt = tangentialStiffness(y(3));
        const Vec2 ft = capped(y.tail<2>(), fn);
        s.tangentialEnergy = kt > 0.0 ? 0.5 * ft.squaredNorm() / kt : 0.0;
        s.mode = problem_.friction == 0.0                                   ? ContactMode::Frictionless
                 : ft.norm() >= (1.0 - kOnConeRelTol) * problem_.friction * fn ? ContactMode::Sliding
                                                                             : ContactMode::Sticking;
        s.phase = loading_ ? ImpactPhase::Compression : ImpactPhase::Restitution;
        trace_->samples.push_back(s);
    }

    const ImpactProblem& problem_;
    HertzMindlinOptions options_;
    ImpactTrace* trace_;
    double kHertz_ = 1.0;     // (4/3) E* sqrt(R*)
    double dt_ = 1.0;
    double energyBefore_ = 0.0;
    bool loading_ = true;
    double deltaMax_ = 0.0, forceMax_ = 0.0, deltaP_ = 0.0;
};

}  // namespace hertz_mindlin_detail

ImpactResult solveHertzMindlinReference(const ImpactProblem& problem, const HertzMindlinOptions& options,
                                        ImpactTrace* trace) {
    if (!std::isfinite(options.stiffnessRatio) || !(options.stiffnessRatio > 0.0))
        throw InputError("stiffness_ratio", "must be a finite number > 0");
    if (options.stepsPerContact < 1 || options.stepsPerSample < 1 || options.maxSteps < 1)
        throw InputError("steps", "step counts must be >= 1");
    problem.validate();
    if (trace) trace->samples.clear();
    return hertz_mindlin_detail::HertzMindlinSolver(problem, options, trace).solve();
}

}  // namespace impactlab
