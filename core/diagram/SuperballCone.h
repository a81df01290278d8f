#pragma once
// The superball cone of Cataldo & Sampaio (2002), sec. 4, Fig. 4.4: at an
// impact of a ball on a wall, the cone spanned by the ball's pre-impact
// velocity v- and the wall's normal n (pointing from the wall into the ball),
//     C(v-, n) = { a v- + b n : a >= 0, b >= 0 },
// and whether the post-impact velocity v+ of the centre of mass lies in it.
//
// Since v-.n < 0 the cone holds v- itself, the mirror image of v- in the wall
// and every direction between that mirror image and n: a v+ leaving the wall
// lies in C exactly when its tangential part keeps the sign of v-'s (a =
// v+_t / v-_t >= 0). A ball whose friction only slows the tangential motion
// (Wang-Mason, or Glocker-Pfeiffer with e_t = nu = 0, Figs. 4.2, 4.3: x-dot+
// = 5/7, then 3/7 of x-dot- on the ball between two walls) stays in the
// cone at every impact; a superball (Glocker-Pfeiffer, e_t = nu = 1, Fig.
// 4.5) leaves it at the impact where its stored spin turns it back (the
// second: x-dot from 0.428571 to -0.632653) and is in it at the others.
//
// Vectors are world-frame, m/s; the test is done on directions, so it is
// dimensionless.
#include <vector>

#include "mechanics/Types.h"
#include "sim/Simulation.h"

namespace impactlab {

// Relative tolerance of the cone test on unit directions: a and b may be this
// far below 0, and v+ this far out of the plane of v- and n, and still count
// as in the cone. The velocities come from closed-form laws (round-off ~1e-15);
// 1e-9 keeps a v+ that lies on an edge (a sticking ball's v+ along n) inside.
inline constexpr double kConeRelTol = 1e-9;

struct VelocityConeTest {
    double a = 0.0;          // coefficient of v-/|v-| in v+/|v+|
    double b = 0.0;          // coefficient of n
    double offPlane = 0.0;   // |v+/|v+| - (a v-/|v-| + b n)|: 0 in the plane of v- and n
    bool inCone = false;
};

// Whether `vPlus` lies in C(vMinus, normal). `normal` need not be of unit
// length. A v+ of zero lies in every cone; a v- along n (normal incidence)
// spans the line of n, which holds v+ when v+ is along it.
VelocityConeTest calcVelocityCone(const Vec3& vMinus, const Vec3& normal, const Vec3& vPlus);

// One impact of the first body on a fixed surface (a wall, the ground) with
// its centre-of-mass velocities.
struct ImpactCone {
    int impact = 0;          // index into SimulationRun::impacts
    Vec3 point = Vec3::Zero();    // world contact point, m
    Vec3 normal = Vec3::UnitZ();  // unit, from the surface into the body
    Vec3 vMinus = Vec3::Zero();   // centre of mass, m/s
    Vec3 vPlus = Vec3::Zero();
    VelocityConeTest test;
};

// Every impact of body 0 on a fixed surface whose problem carries the bodies
// (free bodies; a pinned body's contact-level problem has no centre-of-mass
// velocities), in the run's order.
std::vector<ImpactCone> findImpactCones(const SimulationRun& run);

}  // namespace impactlab
