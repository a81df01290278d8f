#pragma once
// The Painleve rod of Preclik, Eibl & Ruede, sec. 4.2 (Fig. 8): a slender rod
// (mass m, length l) at angle theta0 in (0, pi/2) to a fixed half-space, its
// lower tip touching the plane, sliding with velocity -v0 e_x and no rotation,
// so the contact is grazing (v_n- = 0). World: n = e_y, the rod in z = 0.
//
// Contract frame: (t1, t2, n) = (e_x, -e_z, e_y). The paper's (n, t, o) =
// (e_y, e_x, e_z) is left-handed; o is decoupled, so only its sign differs.
// Reference values: mu*(theta0) = (cos theta0 + 1 / (3 cos theta0)) / sin theta0,
// the friction at which the conic is a parabola; Lambda0 = (m v0 / 8)
// (5 + 3 cos 2 theta0, 0, 3 sin 2 theta0) in (t1, t2, n), the sticking impulse.
// The paper's A(3,3) = 1 + 3 (cos^2 - sin^2)^2 is a misprint for 4 (reference
// notes C.4.4); W here comes from the bodies, so it is 4 / m.
#include "impact/ImpactProblem.h"
#include "mechanics/TwoBodyContact.h"

namespace impactlab {

struct PainleveRodParams {
    double theta0 = 0.7853981633974483;   // rad, angle to the plane, in (0, pi/2)
    double mu = 2.0;                       // friction coefficient >= 0
    double v0 = 1.0;                       // m/s, sliding speed (towards -x)
    double mass = 1.0;                     // kg
    double length = 1.0;                   // m
};

struct PainleveRodProblem {
    TwoBodyContact contact;     // body 1 the rod, body 2 the half-space (fixed)
    ImpactProblem problem;      // body level, grazing
    double muStar = 0.0;        // mu*(theta0)
    Vec3 lambda0 = Vec3::Zero();   // N s, contract frame: the sticking impulse
};

double calcPainleveMuStar(double theta0);
// Throws InputError naming theta0, mu, v0, mass or length when out of range.
PainleveRodProblem makePainleveRod(const PainleveRodParams& params);

}  // namespace impactlab
