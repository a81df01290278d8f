#pragma once
// A vehicle scene as a run (docs/vehicles.md): the approach at constant
// velocity for VehicleSetup::approachTime, the collision (Kudlich-Slibar) at
// that instant as the run's one impact event, then each vehicle's run-out to
// rest. Poses are (x, y, half the drawn height) with the heading about +z.
#include "sim/Simulation.h"
#include "vehicle/RunOut.h"

namespace impactlab {

SimulationRun simulateVehicles(const VehicleScene& scene);

// A run-out sample as the 3D pose of a SimulationRun: (x, y, 0), rotation
// `heading` about +z, velocity (vx, vy, 0), angular velocity (0, 0, yaw rate).
// Here rather than in vehicle/, which must not depend on sim/.
BodyState makeBodyState(const RunOutSample& sample);

}  // namespace impactlab
