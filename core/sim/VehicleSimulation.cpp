#include "sim/VehicleSimulation.h"

#include <algorithm>
#include <cmath>

#include "sim/RunChannels.h"

namespace impactlab {

namespace {

// A vehicle driven back along its pre-impact velocity and yaw rate: where it
// was `dt` seconds before the impact.
RunOutSample calcApproachState(const Vehicle& v, double dt) {
    RunOutSample s;
    s.position = v.position - dt * v.velocity;
    s.heading = v.heading - dt * v.yawRate;
    s.velocity = v.velocity;
    s.yawRate = v.yawRate;
    return s;
}

// The run-out state at time t after the impact: between samples the motion
// is linear to the drawing's precision; after the last sample it is at rest.
RunOutSample calcRunOutState(const RunOutResult& r, double t) {
    if (r.samples.empty()) return {};
    if (t >= r.samples.back().time) return r.samples.back();
    const auto it = std::upper_bound(r.samples.begin(), r.samples.end(), t,
                                     [](double x, const RunOutSample& s) { return x < s.time; });
    const RunOutSample& b = *it;
    const RunOutSample& a = *(it == r.samples.begin() ? it : it - 1);
    const double span = b.time - a.time;
    const double u = span > 0.0 ? (t - a.time) / span : 0.0;
    RunOutSample s = a;
    s.time = t;
    s.position = (1 - u) * a.position + u * b.position;
    s.heading = (1 - u) * a.heading + u * b.heading;
    s.velocity = (1 - u) * a.velocity + u * b.velocity;
    s.yawRate = (1 - u) * a.yawRate + u * b.yawRate;
    return s;
}

BodyState toBodyState(const RunOutSample& s, double height) {
    BodyState b = makeBodyState(s);
    b.position.z() = 0.5 * height;
    return b;
}

double calcKineticEnergy(const Vehicle& v, const RunOutSample& s) {
    return 0.5 * v.mass * s.velocity.squaredNorm() + 0.5 * v.yawInertia * s.yawRate * s.yawRate;
}

}  // namespace

SimulationRun simulateVehicles(const VehicleScene& scene) {
    const VehicleSetup& vs = scene.vehicles;
    VehicleCollisionOptions copts;
    const VehicleCollisionResult c = solveVehicleCollision(vs.collision, copts);
    RunOutOptions ropts = vs.runOut;
    ropts.sampleInterval = scene.sampleInterval;

    std::vector<Vehicle> before{vs.collision.vehicle1};
    std::vector<RunOutResult> runOuts{calcRunOut(c.vehicle1After, ropts, "vehicles[0]")};
    if (vs.collision.vehicle2) {
        before.push_back(*vs.collision.vehicle2);
        runOuts.push_back(calcRunOut(*c.vehicle2After, ropts, "vehicles[1]"));
    }
    std::vector<Vehicle> after{c.vehicle1After};
    if (c.vehicle2After) after.push_back(*c.vehicle2After);

    SimulationRun run;
    double restTime = 0.0;
    for (const auto& r : runOuts) {
        restTime = std::max(restTime, r.samples.empty() ? 0.0 : r.samples.back().time);
        for (const auto& w : r.warnings) run.warnings.push_back(w);
    }
    const double tImpact = vs.approachTime;
    // The run shows the approach, the collision and the run-out to rest, but
    // never beyond the scene's end time (its samples are bounded by the
    // reader: end_time / sample_interval <= limits::kMaxSamplesPerRun).
    const bool clipped = tImpact + restTime > scene.endTime;
    const double tEnd = clipped ? scene.endTime : tImpact + restTime;
    const auto count = static_cast<std::size_t>(std::ceil(tEnd / scene.sampleInterval)) + 1;
    for (std::size_t k = 0; k < count; ++k) {
        const double t = std::min(static_cast<double>(k) * scene.sampleInterval, tEnd);
        RunSample smp;
        smp.time = t;
        for (size_t i = 0; i < before.size(); ++i) {
            const RunOutSample s =
                t < tImpact ? calcApproachState(before[i], tImpact - t) : calcRunOutState(runOuts[i], t - tImpact);
            smp.bodies.push_back(toBodyState(s, vs.height));
            smp.kineticEnergy += calcKineticEnergy(before[i], s);
        }
        run.samples.push_back(std::move(smp));
    }

    ImpactEventRecord rec;
    rec.time = tImpact;
    rec.body = 0;
    rec.otherBody = vs.collision.vehicle2 ? 1 : -1;
    // The drawn boxes have their CGs at half their height: P sits impactHeight above that.
    rec.point = Vec3(vs.collision.impactPoint.x(), vs.collision.impactPoint.y(),
                     0.5 * vs.height + vs.collision.impactHeight);
    rec.problem = c.problem;
    rec.result = c.impact;
    rec.trace = c.trace;
    rec.contact = vs.collision.vehicle2 ? scene.bodies[0].name + " / " + scene.bodies[1].name
                                        : scene.bodies[0].name + " / barrier";
    if (c.problem.bodies) rec.frame = c.problem.bodies->frame;
    rec.kineticEnergyBefore = c.energyBefore;
    rec.kineticEnergyAfter = c.energyAfter;
    for (const auto& w : c.impact.warnings) run.warnings.push_back("collision: " + w);
    run.impacts.push_back(std::move(rec));
    run.vehicleCollision = c;
    run.endReason = clipped ? "end time" : "at rest";
    if (clipped && tImpact > scene.endTime)
        run.warnings.push_back("the collision at t = " + std::to_string(tImpact) +
                               " s (approach_time) lies after end_time; only the approach is shown");
    run.endTime = tEnd;
    addSpatialChannels(scene, run);
    return run;
}

BodyState makeBodyState(const RunOutSample& sample) {
    BodyState b;
    b.position = liftToPlane(sample.position);
    b.orientation = Quat(Eigen::AngleAxisd(sample.heading, Vec3::UnitZ()));
    b.velocity = liftToPlane(sample.velocity);
    b.angularVelocity = Vec3(0.0, 0.0, sample.yawRate);
    return b;
}

}  // namespace impactlab
