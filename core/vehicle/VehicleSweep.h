#pragma once
// Sensitivity of a vehicle collision (VehicleCollision.h) to one or two of its
// inputs: a grid of one reported quantity, for plotting.
//
// Inputs by name (SI):
//   "epsilon", "mu_user"         the law's parameters
//   "impact_offset"              m, P moved along the contact plane's tangent
//                                (VehicleCollisionInput::calcPlaneTangent) from the base P
//   "normal_angle"               rad, the contact-plane normal's world angle (absolute)
//   "normal_angle_offset"        rad, added to the base angle
//   "speed1", "speed2"           m/s, speed along the heading (sets the velocity
//                                to speed * forward; the yaw rate is kept)
// Outputs by name: see getVehicleSweepOutputs() ("delta_v1" by default).
// A grid point whose input is rejected (for example the vehicles no longer
// approach at P) holds NaN and is counted in `invalidPoints`, with the first
// error message kept in `warnings`; bad axis or output names throw InputError.
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "vehicle/VehicleCollision.h"

namespace impactlab {

struct SweepAxis {
    std::string input;     // one of the input names above
    double from = 0.0;
    double to = 1.0;
    int count = 11;        // >= 1; 1 gives `from` only
};

struct SweepGrid {
    std::string output;
    SweepAxis axis1;
    std::optional<SweepAxis> axis2;
    std::vector<double> values1;       // axis1 samples, size axis1.count
    std::vector<double> values2;       // axis2 samples (empty for a 1D sweep)
    Eigen::MatrixXd values;            // (axis1.count, axis2 ? axis2.count : 1); NaN: invalid input
    int invalidPoints = 0;
    std::vector<std::string> warnings;
};

// The range an input is swept over by default (the app's sensitivity map): SI,
// m for the offset along the contact plane, rad for the turn of the normal,
// m/s for speeds; `count` points per axis.
const std::vector<SweepAxis>& getVehicleSweepInputs();
// The default axis of `input`; InputError("sweep.input") for an unknown name.
SweepAxis getVehicleSweepAxis(const std::string& input);

// The output names with units, in display order.
const std::vector<std::pair<std::string, std::string>>& getVehicleSweepOutputs();

// Reads output `name` from a result; throws InputError("sweep.output") for an unknown name.
double getVehicleCollisionOutput(const VehicleCollisionResult& result, const std::string& name);

// Sets input `name` of `input` to `value` (relative to `base` for the offsets);
// throws InputError("sweep.input") for an unknown name or a "speed2" without vehicle 2.
void setVehicleCollisionInput(VehicleCollisionInput& input, const VehicleCollisionInput& base,
                              const std::string& name, double value);

SweepGrid sweep(const VehicleCollisionInput& base, const SweepAxis& axis1,
                const std::optional<SweepAxis>& axis2 = std::nullopt, const std::string& output = "delta_v1",
                const VehicleCollisionOptions& options = {});

}  // namespace impactlab
