#include "vehicle/RunOut.h"


#include <algorithm>
#include <cmath>
#include <sstream>

#include "mechanics/InputChecks.h"

namespace impactlab {

namespace {

// Distance travelled in time h from speed s at deceleration a (s - a h >= 0).
double calcSlideDistance(double s, double a, double h) { return s * h - 0.5 * a * h * h; }

}  // namespace

const char* toString(RunOutStatus status) {
    switch (status) {
        case RunOutStatus::AtRest: return "at rest";
        case RunOutStatus::StepLimit: return "step limit";
    }
    return "?";
}

double calcYawFrictionRadius(const Vehicle& vehicle, const RunOutOptions& options) {
    if (options.yawFrictionRadius > 0.0) return options.yawFrictionRadius;
    const double halfWheelbase = 0.5 * options.wheelbaseOverLength * vehicle.length;
    const double halfTrack = 0.5 * options.trackOverWidth * vehicle.width;
    return std::hypot(halfWheelbase, halfTrack);
}

RunOutResult calcRunOut(const Vehicle& vehicle, const RunOutOptions& options, const std::string& field) {
    vehicle.validate(field);
    requirePositive(options.dragFactor, "run_out.drag_factor");
    requirePositive(options.gravity, "run_out.gravity");
    requirePositive(options.wheelbaseOverLength, "run_out.wheelbase_over_length");
    requirePositive(options.trackOverWidth, "run_out.track_over_width");
    if (!std::isfinite(options.yawFrictionRadius) || options.yawFrictionRadius < 0.0)
        throw InputError("run_out.yaw_friction_radius", "must be >= 0 (0: from the outline)");
    requirePositive(options.sampleInterval, "run_out.sample_interval");
    requirePositive(options.restSpeed, "run_out.rest_speed");
    requirePositive(options.restYawRate, "run_out.rest_yaw_rate");
    if (options.maxSteps < 1) throw InputError("run_out.max_steps", "must be >= 1");

    RunOutResult r;
    const double a = options.dragFactor * options.gravity;                   // m/s^2
    const double k2 = vehicle.yawInertia / vehicle.mass;                      // m^2
    const double alpha = a * calcYawFrictionRadius(vehicle, options) / k2;   // rad/s^2
    r.linearDeceleration = a;
    r.yawDeceleration = alpha;

    // State: the direction of sliding is fixed (deceleration opposite v), so
    // speed s >= 0 along uHat, and yaw speed |w| with sign wSign.
    RunOutSample x;
    x.position = vehicle.position;
    x.heading = vehicle.heading;
    double s = vehicle.velocity.norm();
    const Vec2 uHat = s > 0.0 ? Vec2(vehicle.velocity / s) : Vec2::Zero();
    double w = std::abs(vehicle.yawRate);
    const double wSign = vehicle.yawRate < 0.0 ? -1.0 : 1.0;
    auto store = [&]() {
        x.velocity = s * uHat;
        x.yawRate = wSign * w;
        r.samples.push_back(x);
    };
    // Motion below the rest thresholds at the start is dropped; a motion above
    // them runs to its exact stop (no remnant below the thresholds is left).
    if (s < options.restSpeed) {
        r.residualSpeed = s;
        s = 0.0;
    }
    if (w < options.restYawRate) {
        r.residualYawRate = wSign * w;
        w = 0.0;
    }
    store();

    while (s > 0.0 || w > 0.0) {
        if (r.steps >= options.maxSteps) {
            r.status = RunOutStatus::StepLimit;
            std::ostringstream os;
            os << "run-out step limit (" << options.maxSteps << ") reached before rest: speed " << s
               << " m/s, yaw rate " << wSign * w << " rad/s";
            r.warnings.push_back(os.str());
            break;
        }
        // End the step where a motion stops, so stop times are sampled exactly.
        const double tS = s / a;       // time to the end of the slide
        const double tW = w / alpha;   // time to the end of the spin
        double h = options.sampleInterval;
        if (s > 0.0) h = std::min(h, tS);
        if (w > 0.0) h = std::min(h, tW);
        const double hs = std::min(h, tS);   // sliding time within the step
        const double hw = std::min(h, tW);   // spinning time within the step
        const double ds = calcSlideDistance(s, a, hs);
        x.position += ds * uHat;
        x.heading += wSign * calcSlideDistance(w, alpha, hw);
        r.distance += ds;
        // A motion that ends in this step ends exactly (no round-off remnant
        // that would force ever smaller steps).
        s = tS <= h ? 0.0 : s - a * hs;
        w = tW <= h ? 0.0 : w - alpha * hw;
        x.time += h;
        ++r.steps;
        store();
    }
    r.restTime = x.time;
    r.restPosition = x.position;
    r.restHeading = x.heading;
    return r;
}

}  // namespace impactlab
