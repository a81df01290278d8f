#include "sim/BodyFlight.h"

#include <Eigen/Geometry>

namespace impactlab {

namespace {

// Torque-free rotation over h, Euler's equations in body axes with RK4.
void rotate(const Vec3& J, BodyState& s, double h) {
    if (s.angularVelocity.isZero()) return;
    if ((J.array() == J.x()).all()) {   // spherical inertia: w is constant
        const double angle = s.angularVelocity.norm() * h;
        s.orientation = (Quat(Eigen::AngleAxisd(angle, s.angularVelocity.normalized())) * s.orientation).normalized();
        return;
    }
    auto f = [&](const Quat& q, const Vec3& wb, Quat& dq, Vec3& dwb) {
        dwb = (J.asDiagonal() * wb).cross(wb).cwiseQuotient(J);
        const Quat omega(0.0, wb.x(), wb.y(), wb.z());
        dq.coeffs() = 0.5 * (q * omega).coeffs();
    };
    auto add = [](const Quat& q, const Quat& dq, double k) {
        Quat r;
        r.coeffs() = q.coeffs() + k * dq.coeffs();
        return r;
    };
    const Quat q0 = s.orientation;
    const Vec3 w0 = q0.conjugate() * s.angularVelocity;
    Quat k1q, k2q, k3q, k4q;
    Vec3 k1w, k2w, k3w, k4w;
    f(q0, w0, k1q, k1w);
    f(add(q0, k1q, 0.5 * h), w0 + 0.5 * h * k1w, k2q, k2w);
    f(add(q0, k2q, 0.5 * h), w0 + 0.5 * h * k2w, k3q, k3w);
    f(add(q0, k3q, h), w0 + h * k3w, k4q, k4w);
    Quat q;
    q.coeffs() = q0.coeffs() + h / 6.0 * (k1q.coeffs() + 2 * k2q.coeffs() + 2 * k3q.coeffs() + k4q.coeffs());
    q.normalize();
    const Vec3 wb = w0 + h / 6.0 * (k1w + 2 * k2w + 2 * k3w + k4w);
    s.orientation = q;
    s.angularVelocity = q * wb;
}

}  // namespace

BodyState calcFlightState(const Vec3& J, const BodyState& s, const Vec3& g, double h) {
    BodyState r = s;
    r.position += s.velocity * h + 0.5 * g * h * h;
    r.velocity += g * h;
    rotate(J, r, h);
    return r;
}

}  // namespace impactlab
