#include "mechanics/RigidBody.h"

#include "mechanics/InputLimits.h"
#include "mechanics/NumberText.h"

#include <Eigen/Eigenvalues>
#include <algorithm>

namespace impactlab {

namespace {
}  // namespace

RigidBody RigidBody::makeFixed() {
    RigidBody b;
    b.fixed = true;
    b.mass = std::numeric_limits<double>::infinity();
    b.principalInertia = Vec3::Constant(std::numeric_limits<double>::infinity());
    return b;
}

RigidBody RigidBody::makeFromWorldInertia(double mass, const Mat3& worldInertia,
                                          const std::string& bodyField) {
    const std::string field = bodyField.empty() ? "inertia" : bodyField + ".inertia";
    if (!worldInertia.allFinite())
        throw InputError(field, "must contain finite numbers");
    const double scale = worldInertia.cwiseAbs().maxCoeff();
    if ((worldInertia - worldInertia.transpose()).cwiseAbs().maxCoeff() >
        kSymmetryRelTol * std::max(scale, std::numeric_limits<double>::min()))
        throw InputError(field, "must be symmetric");
    Eigen::SelfAdjointEigenSolver<Mat3> eig(worldInertia);
    if (eig.info() != Eigen::Success || eig.eigenvalues().minCoeff() <= 0.0)
        throw InputError(field, "must be positive definite (smallest principal moment " +
                                    formatNumber(eig.eigenvalues().minCoeff()) + ")");
    Mat3 axes = eig.eigenvectors();
    if (axes.determinant() < 0) axes.col(2) = -axes.col(2);  // keep a proper rotation
    RigidBody b;
    b.mass = mass;
    b.principalInertia = eig.eigenvalues();
    b.orientation = Quat(axes).normalized();
    b.validate(bodyField);
    return b;
}

void RigidBody::validate(const std::string& field) const {
    if (fixed) return;
    const std::string prefix = field.empty() ? "" : field + ".";
    if (!std::isfinite(mass)) throw InputError(prefix + "mass", "must be a finite number");
    if (mass <= 0.0) throw InputError(prefix + "mass", "must be > 0, got " + formatNumber(mass));
    if (!principalInertia.allFinite())
        throw InputError(prefix + "inertia", "must contain finite numbers");
    if (principalInertia.minCoeff() <= 0.0)
        throw InputError(prefix + "inertia", "is singular: every principal moment must be > 0");
    // The body's mass matrix diag(m, m, m, I1, I2, I3) in SI units must be
    // conditioned like any W (radii of gyration from 1e-6 m to 1e6 m).
    if (std::max(mass, principalInertia.maxCoeff()) >
        limits::kMaxConditionNumber * std::min(mass, principalInertia.minCoeff()))
        throw InputError(prefix + "inertia", "is out of scale with the mass: the ratio of the largest to the smallest of "
                                             "mass and principal moments (SI units) is above the limit of " +
                                             formatNumber(limits::kMaxConditionNumber));
    if (principalInertia.maxCoeff() > limits::kMaxConditionNumber * principalInertia.minCoeff())
        throw InputError(prefix + "inertia", "is nearly singular: the ratio of its largest to smallest principal moment is above "
                                             "the limit of " + formatNumber(limits::kMaxConditionNumber));
    for (int a = 0; a < 3; ++a) {
        const double others = principalInertia((a + 1) % 3) + principalInertia((a + 2) % 3);
        if (principalInertia(a) > others * (1.0 + kInertiaTriangleRelTol))
            throw InputError(prefix + "inertia",
                             "principal moments violate the triangle inequality (not a physical body)");
    }
    if (!position.allFinite()) throw InputError(prefix + "com", "must contain finite numbers");
    if (!velocity.allFinite()) throw InputError(prefix + "velocity", "must contain finite numbers");
    if (!angularVelocity.allFinite())
        throw InputError(prefix + "angular_velocity", "must contain finite numbers");
}

Mat3 RigidBody::calcWorldInertia() const {
    const Mat3 R = orientation.toRotationMatrix();
    return R * principalInertia.asDiagonal() * R.transpose();
}

Mat3 RigidBody::calcWorldInverseInertia() const {
    if (fixed) return Mat3::Zero();
    const Mat3 R = orientation.toRotationMatrix();
    return R * principalInertia.cwiseInverse().asDiagonal() * R.transpose();
}

Vec3 RigidBody::calcPointVelocity(const Vec3& worldPoint) const {
    return velocity + angularVelocity.cross(worldPoint - position);
}

double RigidBody::calcKineticEnergy() const {
    if (fixed) return 0.0;
    return 0.5 * mass * velocity.squaredNorm() +
           0.5 * angularVelocity.dot(calcWorldInertia() * angularVelocity);
}

Vec3 RigidBody::calcLinearMomentum() const {
    return fixed ? Vec3::Zero() : Vec3(mass * velocity);
}

Vec3 RigidBody::calcAngularMomentum(const Vec3& aboutPoint) const {
    if (fixed) return Vec3::Zero();
    return (position - aboutPoint).cross(mass * velocity) + calcWorldInertia() * angularVelocity;
}

void RigidBody::applyImpulse(const Vec3& impulse, const Vec3& worldPoint) {
    if (fixed) return;
    velocity += impulse / mass;
    angularVelocity += calcWorldInverseInertia() * (worldPoint - position).cross(impulse);
}

double calcNormalCompliance(const RigidBody& a, const RigidBody& b, const Vec3& worldPoint, const Vec3& n) {
    auto share = [&](const RigidBody& body) {
        if (body.fixed) return 0.0;
        const Vec3 rn = (worldPoint - body.position).cross(n);
        return body.calcInverseMass() + rn.dot(body.calcWorldInverseInertia() * rn);
    };
    return share(a) + share(b);
}

}  // namespace impactlab
