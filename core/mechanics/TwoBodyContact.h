#pragma once
// Two bodies meeting at one contact point: the inverse inertia matrix W and the
// relative contact velocity (Jia & Wang, eqs. 1-5; the matrix the general form of
// Kudlich-Slibar inverts).
//
//   v  = v1(c) - v2(c)                                          (eq. 2)
//   W  = (1/m1 + 1/m2) U - P1 J1^-1 P1 - P2 J2^-1 P2,  P_i u = r_i x u  (eqs. 3-5)
//   dv = W I  for an impulse I on body 1 and -I on body 2      (eq. 4)
//
// W is symmetric positive definite unless both bodies are fixed. Everything here
// is in the world frame; `calcContactW` expresses W in a contact frame.
#include "mechanics/ContactFrame.h"
#include "mechanics/RigidBody.h"

namespace impactlab {

struct TwoBodyContact {
    RigidBody body1;   // the normal points into body 1
    RigidBody body2;   // may be fixed
    Vec3 point = Vec3::Zero();
    ContactFrame frame;

    Mat3 calcWorldW() const;
    Mat3 calcContactW() const { return frame.axes.transpose() * calcWorldW() * frame.axes; }
    Vec3 calcWorldRelativeVelocity() const;
    Vec3 calcContactRelativeVelocity() const { return frame.toLocal(calcWorldRelativeVelocity()); }
    double calcKineticEnergy() const { return body1.calcKineticEnergy() + body2.calcKineticEnergy(); }

    // The bodies after impulse `contactImpulse` (contact frame) acts on body 1
    // and its opposite on body 2.
    TwoBodyContact calcAfterImpulse(const Vec3& contactImpulse) const;
};

}  // namespace impactlab
