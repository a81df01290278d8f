#include "sim/granular/GranularRun.h"

#include <algorithm>
#include <chrono>

namespace impactlab::granular {

namespace {

// A frame is due once the time is within this share of a step of its
// multiple of the interval: the accumulated time carries round-off, and a
// frame must not slip to the next step because of it.
constexpr double kFrameTimeSlackSteps = 0.5;

double getSeconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

void addStepToTotals(GranularRunTotals& t, const StepStatistics& s) {
    ++t.steps;
    t.contacts += s.contacts;
    t.contactSolves += static_cast<double>(s.contacts) * s.iterations;
    t.iterations += s.iterations;
    t.particles += s.particles;
    t.maxPenetration = std::max(t.maxPenetration, s.maxPenetration);
    if (s.status == SolveStatus::IterationLimit) ++t.iterationLimitSteps;
    t.inserted += s.inserted;
    t.discharged += s.discharged;
    t.lost += s.lost;
    t.last = s;
}

GranularFrame makeGranularFrame(const GranularWorld& world, long long step) {
    GranularFrame f;
    f.step = step;
    f.time = world.time();
    const std::size_t n = world.spheres.size();
    f.ids.reserve(n);
    f.positions.reserve(n);
    f.velocities.reserve(n);
    f.angularVelocities.reserve(n);
    f.radii.reserve(n);
    for (const Sphere& s : world.spheres) appendToFrame(f, s);
    return f;
}

void appendToFrame(GranularFrame& f, const Sphere& s) {
    f.ids.push_back(s.id);
    f.positions.push_back(s.position);
    f.velocities.push_back(s.velocity);
    f.angularVelocities.push_back(s.angularVelocity);
    f.radii.push_back(s.radius);
}

bool isFrameDue(double time, double frameInterval, long long framesTaken, double timeStep) {
    return time >= static_cast<double>(framesTaken) * frameInterval - kFrameTimeSlackSteps * timeStep;
}

GranularRunSettings makeGranularRunSettings(const GranularScene& scene) {
    GranularRunSettings s;
    s.steps = scene.steps;
    s.frameInterval = scene.frameInterval;
    return s;
}

namespace {

class SerialStepper : public GranularStepper {
public:
    explicit SerialStepper(GranularWorld& world) : world_(world) {}
    StepStatistics step() override { return world_.step(); }
    double getTime() const override { return world_.time(); }
    double getTimeStep() const override { return world_.options.timeStep; }
    int countParticles() override { return static_cast<int>(world_.spheres.size()); }
    GranularFrame makeFrame(long long step) override { return makeGranularFrame(world_, step); }

private:
    GranularWorld& world_;
};

}  // namespace

GranularRunResult runGranular(GranularWorld& world, const GranularRunSettings& settings,
                              const GranularRunCallbacks& callbacks) {
    world.validate();
    SerialStepper stepper(world);
    return runGranularStepper(stepper, settings, callbacks);
}

GranularRunResult runGranularStepper(GranularStepper& stepper, const GranularRunSettings& settings,
                                     const GranularRunCallbacks& callbacks) {
    const bool reporter = stepper.isReporter();
    GranularRunResult result;
    result.initialParticles = stepper.countParticles();
    long long framesTaken = 0;
    auto takeFrame = [&](long long step) {
        GranularFrame frame = stepper.makeFrame(step);
        ++framesTaken;
        if (!reporter) return;
        if (callbacks.onFrame) callbacks.onFrame(frame);
        if (settings.keepFrames) result.frames.push_back(std::move(frame));
    };
    takeFrame(0);
    if (settings.keepSteps && reporter) result.steps.reserve(static_cast<std::size_t>(std::max(0LL, settings.steps)));
    const double dt = stepper.getTimeStep();
    long long lastFrameStep = 0;
    for (long long step = 1; step <= settings.steps; ++step) {
        const auto start = std::chrono::steady_clock::now();
        const StepStatistics stats = stepper.step();
        result.wallSeconds += getSeconds(start);
        addStepToTotals(result.totals, stats);
        const double time = stepper.getTime();
        if (settings.keepSteps && reporter) result.steps.push_back({step, time, stats});
        if (isFrameDue(time, settings.frameInterval, framesTaken, dt)) {
            takeFrame(step);
            lastFrameStep = step;
        }
        std::string reason;
        if (reporter && callbacks.onProgress) {
            const GranularProgress p{step, settings.steps, time, result.wallSeconds, &stats};
            if (!callbacks.onProgress(p)) reason = "cancelled";
        }
        if (reason.empty() && settings.maxRunSeconds > 0.0 && result.wallSeconds >= settings.maxRunSeconds &&
            step < settings.steps)
            reason = "time limit";
        // Every process stops where the reporter does.
        const bool stop = stepper.shareStop(!reason.empty());
        if (stop) result.endReason = reason.empty() ? "stopped by rank 0" : reason;
        if (stop || step == settings.steps) {
            if (lastFrameStep != step) takeFrame(step);   // the state the run ends in
            break;
        }
    }
    return result;
}

}  // namespace impactlab::granular
