#pragma once
// Run-out of a vehicle from its post-impact state to rest: a function from a
// Vehicle (position, heading, velocity, yaw rate) to a sampled trajectory.
//
// Tyre model (stated, deliberately simple; docs/vehicles.md):
//   - Translation: all wheels slide (locked or side-slipping after the impact);
//     the CG decelerates at a = f g opposite its velocity, f = drag factor
//     (mu_tyre times the fraction of braked / sliding wheels, 0.7 on dry
//     asphalt), g = 9.81 m/s^2. The velocity keeps its direction while it
//     shrinks, so the CG slides on a straight line and stops after
//     v^2 / (2 f g) metres at time v / (f g).
//   - Yaw: the tyre friction about the CG decelerates the yaw rate at
//     alpha = f g r_eff / k^2, k^2 = I_z / m, with r_eff the distance of a
//     wheel's contact patch from the CG: r_eff = sqrt((wheelbase/2)^2 + (track/2)^2),
//     wheelbase = 0.6 length, track = 0.85 width (CG centred in the outline),
//     unless options.yawFrictionRadius is given. The yaw rate stops at w / alpha.
//   - The two are decoupled: each uses the full friction. A sliding tyre
//     shares its friction between translation and rotation, so this
//     overestimates the deceleration when both are large (run-out distances
//     and rotations come out somewhat short); for a pure slide or a pure spin
//     it is exact for the model's friction.
// Integration: constant decelerations per step, integrated exactly; a step
// ends early at the instant the speed or the yaw rate reaches zero, so stop
// times and distances carry round-off only. A speed below restSpeed or a yaw
// rate below restYawRate in the input counts as none (dropped, reported as
// residual); a motion above them runs to its exact stop. The run ends when
// both have stopped (status AtRest) or at maxSteps (status StepLimit, a
// warning, the last sample still moving).
#include <string>
#include <vector>

#include "vehicle/Vehicle.h"

namespace impactlab {


struct RunOutOptions {
    double dragFactor = 0.7;        // f, tyre-road drag factor (dimensionless, > 0)
    double gravity = 9.81;          // m/s^2
    double wheelbaseOverLength = 0.6;   // wheelbase / outline length for r_eff
    double trackOverWidth = 0.85;       // track / outline width for r_eff
    double yawFrictionRadius = 0.0;     // m; > 0 overrides r_eff
    double sampleInterval = 0.02;   // s, longest step (one sample per step)
    // m/s. Below this the vehicle counts as stopped: 1 cm/s moves it less than
    // 0.1 mm more before friction stops it (v^2 / 2fg at f = 0.7).
    double restSpeed = 0.01;
    // rad/s. Likewise, 1e-3 rad/s turns it by less than 1e-3 deg more.
    double restYawRate = 1e-3;
    int maxSteps = 100000;          // 2000 s at the default interval
};

enum class RunOutStatus { AtRest, StepLimit };
const char* toString(RunOutStatus status);

struct RunOutSample {
    double time = 0.0;              // s from the end of the impact
    Vec2 position = Vec2::Zero();   // m, CG
    double heading = 0.0;           // rad
    Vec2 velocity = Vec2::Zero();   // m/s
    double yawRate = 0.0;           // rad/s
};

struct RunOutResult {
    std::vector<RunOutSample> samples;   // first: the input state at t = 0; last: the rest state
    RunOutStatus status = RunOutStatus::AtRest;
    int steps = 0;
    double restTime = 0.0;          // s, time of the last sample
    Vec2 restPosition = Vec2::Zero();
    double restHeading = 0.0;       // rad
    double distance = 0.0;          // m, length of the CG path
    double linearDeceleration = 0.0;   // m/s^2, f g
    double yawDeceleration = 0.0;      // rad/s^2, f g r_eff / k^2
    double residualSpeed = 0.0;     // m/s, input speed dropped as below restSpeed
    double residualYawRate = 0.0;   // rad/s, input yaw rate dropped as below restYawRate
    std::vector<std::string> warnings;
};

// Throws InputError("<field>.<...>") for an invalid vehicle (Vehicle::validate)
// and "run_out.<option>" for an invalid option.
RunOutResult calcRunOut(const Vehicle& vehicle, const RunOutOptions& options = {},
                        const std::string& field = "vehicle");

// r_eff of the yaw model (m).
double calcYawFrictionRadius(const Vehicle& vehicle, const RunOutOptions& options);

}  // namespace impactlab
