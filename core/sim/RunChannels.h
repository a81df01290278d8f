#pragma once
// Time histories (SimulationRun::channels) derived from a run's samples.
#include "sim/Simulation.h"

namespace impactlab {

// Per body of a spatial run: position x, y, z (m), orientation quaternion qw,
// qx, qy, qz (1), velocity vx, vy, vz (m/s), angular velocity wx, wy, wz
// (rad/s); then kinetic_energy, potential_energy and energy (J) of all bodies.
// Names are "<body name>.<quantity>".
void addSpatialChannels(const Scene& scene, SimulationRun& run);

// Appends an empty channel sized for the run's samples and returns it.
RunChannel& addChannel(SimulationRun& run, const std::string& name, const std::string& unit);

}  // namespace impactlab
