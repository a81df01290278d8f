#pragma once
// Ballistic flight of one rigid body between contacts (the flight phase of
// the event-driven simulation, sim/Simulation.h). The centre of mass moves
// under uniform gravity in closed form,
//   x(h) = x + v h + 1/2 g h^2,   v(h) = v + g h,
// and the body turns by the torque-free Euler equations in body axes,
//   J w_b' = (J w_b) x w_b,   q' = 1/2 q (0, w_b),
// with J the principal inertia (kg m^2), w_b the angular velocity in body
// axes and q the orientation (body to world), integrated by one classical
// Runge-Kutta (RK4) step and the quaternion renormalised. RK4 keeps neither
// the angular momentum nor the rotational energy exactly: both drift by the
// step's O(h^5) error. A body with spherical inertia (J = j 1) keeps w
// constant and turns about it in closed form.
#include "mechanics/Types.h"
#include "sim/Simulation.h"

namespace impactlab {

// The state of a body with principal inertia `J` after `h` seconds (s) of
// free flight under gravity `g` (m/s^2).
BodyState calcFlightState(const Vec3& J, const BodyState& s, const Vec3& g, double h);

}  // namespace impactlab
