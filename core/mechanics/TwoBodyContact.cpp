#include "mechanics/TwoBodyContact.h"

namespace impactlab {

namespace {
// The contribution of one body to W: (1/m) U - P J^-1 P (eq. 5 with S split per body).
Mat3 calcBodyW(const RigidBody& b, const Vec3& point) {
    if (b.fixed) return Mat3::Zero();
    const Mat3 P = makeCrossMatrix(point - b.position);
    return b.calcInverseMass() * Mat3::Identity() - P * b.calcWorldInverseInertia() * P;
}
}  // namespace

Mat3 TwoBodyContact::calcWorldW() const {
    const Mat3 W = calcBodyW(body1, point) + calcBodyW(body2, point);
    return 0.5 * (W + W.transpose());  // exact symmetry despite round-off
}

Vec3 TwoBodyContact::calcWorldRelativeVelocity() const {
    return body1.calcPointVelocity(point) - body2.calcPointVelocity(point);
}

TwoBodyContact TwoBodyContact::calcAfterImpulse(const Vec3& contactImpulse) const {
    TwoBodyContact after = *this;
    const Vec3 I = frame.toWorld(contactImpulse);
    after.body1.applyImpulse(I, point);
    after.body2.applyImpulse(-I, point);
    return after;
}

}  // namespace impactlab
