#include "sim/CompliantCollision.h"

#include <cmath>

#include "mechanics/InputChecks.h"
#include "sim/CompliantModel.h"
#include "sim/CompliantRun.h"

namespace impactlab {

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

const char* toString(CompliantIntegrator integrator) {
    switch (integrator) {
        case CompliantIntegrator::Automatic: return "automatic";
        case CompliantIntegrator::DormandPrince45: return "dormand-prince-45";
        case CompliantIntegrator::Rodas4: return "rodas4";
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
        throw InputError("options.initial_step", "must be a finite number >= 0, got " + formatNumber(initialStep));
    requirePositive(maxStep, "options.max_step");
    requirePositive(entryDepth, "options.entry_depth");
    if (!(separationSpeed >= 0.0) || !std::isfinite(separationSpeed))
        throw InputError("options.separation_speed", "must be a finite number >= 0, got " + formatNumber(separationSpeed));
    requirePositive(slideToRollSpeed, "options.slide_to_roll_speed");
    if (interpolatedSamplesPerStep < 0)
        throw InputError("options.interpolated_samples_per_step",
                         "must be >= 0, got " + std::to_string(interpolatedSamplesPerStep));
    if (maxSteps < 1) throw InputError("options.max_steps", "must be >= 1, got " + std::to_string(maxSteps));
    requirePositive(maxDuration, "options.max_duration");
    requirePositive(minStep, "options.min_step");
    if (!(sampleInterval >= 0.0) || !std::isfinite(sampleInterval))
        throw InputError("options.sample_interval", "must be a finite number >= 0, got " + formatNumber(sampleInterval));
}

CompliantResult simulateCompliantCollision(const CompliantSystem& system, const CompliantOptions& options) {
    system.validate();
    options.validate();
    const compliant::Model model(system);
    return compliant::CompliantRun<compliant::Model>(model, options).run();
}

}  // namespace impactlab
