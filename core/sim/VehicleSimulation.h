#pragma once
// A vehicle scene as a run (docs/vehicles.md): the approach at constant
// velocity for VehicleScene::approachTime, the collision (Kudlich-Slibar) at
// that instant as the run's one impact event, then each vehicle's run-out to
// rest. Poses are (x, y, half the drawn height) with the heading about +z.
#include "sim/Simulation.h"

namespace impactlab {

SimulationRun simulateVehicles(const Scene& scene);

}  // namespace impactlab
