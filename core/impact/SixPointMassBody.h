#pragma once
// The academic single-contact problem of Preclik, Eibl & Ruede, sec. 4.1
// (Fig. 6, Table 1): a rigid body of six point masses at +-dx e_x, +-dy e_y,
// +-dz e_z (masses mx, my, mz on each axis, joined by massless rods), whose
// +x mass touches an inclined plane with unit normal n (world, from the plane
// into the body), with the friction coefficient mu.
//
// The paper builds its frame as t = n x e_x, o = n x t and does NOT normalise t
// and o (|t| = |o| = 0.968 for its normal). Table 1 is reproduced only with that
// literal frame (reference notes C.2.1, C.4.1): `literalPaperFrame` switches it
// on. The problem is then not a problem in an orthonormal contact frame (its
// A and b are those of a scaled frame) and exists only at contact level. With
// the switch off, t and o are normalised, (t1, t2, n) = (t, o, n), and the
// problem is also available at body level.
#include "impact/CompressionPlane.h"
#include "impact/ImpactProblem.h"
#include "mechanics/TwoBodyContact.h"

namespace impactlab {

struct SixPointMassParams {
    double dx = 10.0, dy = 1.0, dz = 1.0;          // m, distance of each mass from the centre
    double mx = 0.03, my = 65.0, mz = 50.0;        // kg, each of the two masses on the axis
    Vec3 normal = Vec3(0.25, 0.36, -0.9);          // plane normal (world), normalised here
    // m/s, pre-impact velocity of the contact point (world); the paper's
    // b = Q^T (0.06, 0.7, 0.23) is -Q^T of this velocity.
    Vec3 contactVelocity = Vec3(-0.06, -0.7, -0.23);
    double mu = 3.7;
    bool literalPaperFrame = false;                 // t, o unnormalised as printed (Table 1)
};

struct SixPointMassProblem {
    Mat3 Q = Mat3::Identity();        // columns n, t, o (world) as used, normalised or not
    PaperFrameProblem paper;          // A = Q^T A_world Q, b = -Q^T v, mu (the paper's eq. in sec. 4.1)
    ImpactProblem problem;            // contract frame (t1, t2, n) = (t, o, n); body level unless literal
    TwoBodyContact contact;           // the body (at rest but for its velocity) and the fixed plane
};

// Throws InputError for non-positive masses or distances, a zero normal, a
// normal parallel to e_x (t = n x e_x vanishes) or mu < 0.
SixPointMassProblem makeSixPointMassProblem(const SixPointMassParams& params);

}  // namespace impactlab
