#pragma once
// The standard granular benchmark "settling box", defined
// exactly so other engines can run it: N equal spheres of diameter 0.01 m,
// density 2650 kg/m^3, mu 0.4, purely inelastic, on a cubic lattice of
// spacing 1.1 d with nx = ny = ceil(cbrt(N)), the first N sites filled
// x-fastest from z = d, centred in x and y; velocities uniform in
// [-0.5, 0.5] m/s per component from a fixed seed (std::mt19937, drawn x, y, z
// per sphere in order); floor z = 0, side walls at +-(nx 1.1 d / 2 + d), open
// top; gravity 9.81 m/s^2 down; dt 1e-4 s; 10 solver iterations per step.
#include <cstdint>

#include "sim/granular/GranularWorld.h"

namespace impactlab::granular {

// Bounds above the open top of a box or a hopper (m): thrown spheres come back
// long before they get there.
inline constexpr double kOpenTopHeadroom = 1e3;

inline constexpr double kSettlingBoxDiameter = 0.01;      // m
inline constexpr double kSettlingBoxDensity = 2650.0;     // kg/m^3
inline constexpr double kSettlingBoxSpacing = 1.1;        // lattice spacing in diameters
inline constexpr std::uint32_t kSettlingBoxSeed = 20261124;

// The side walls' distance from the box's axis (m), nx 1.1 d / 2 + d, and the
// top of the initial lattice (m).
double calcSettlingBoxWallDistance(int particles);
double calcSettlingBoxLatticeTop(int particles);

// Throws InputError("particles") unless 1 <= particles <= 10,000,000. Sphere
// k has id k; the bounds are the walls, the floor and 1 km above it (a
// sphere whose centre passes a wall is lost).
GranularWorld makeSettlingBox(int particles, FrictionModel model = FrictionModel::MaxDissipation,
                              std::uint32_t seed = kSettlingBoxSeed);

}  // namespace impactlab::granular
