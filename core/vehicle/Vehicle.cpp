#include "vehicle/Vehicle.h"

#include "mechanics/InputChecks.h"

namespace impactlab {

Vehicle Vehicle::makeWithSpeed(double mass, double yawInertia, const Vec2& position, double heading, double speed,
                               double yawRate, double length, double width) {
    Vehicle v;
    v.mass = mass;
    v.yawInertia = yawInertia;
    v.position = position;
    v.heading = heading;
    v.velocity = speed * makeDirection(heading);
    v.yawRate = yawRate;
    v.length = length;
    v.width = width;
    return v;
}

void Vehicle::validate(const std::string& field) const {
    requirePositive(mass, field + ".mass");
    requirePositive(yawInertia, field + ".yaw_inertia");
    if (!isFinite(position)) throw InputError(field + ".position", "must be finite numbers");
    requireFinite(heading, field + ".heading");
    requirePositive(length, field + ".length");
    requirePositive(width, field + ".width");
    if (!isFinite(velocity)) throw InputError(field + ".velocity", "must be finite numbers");
    requireFinite(yawRate, field + ".yaw_rate");
}

Vec2 Vehicle::calcForward() const { return makeDirection(heading); }

Vec2 Vehicle::calcPointVelocity(const Vec2& worldPoint) const {
    const Vec2 r = worldPoint - position;
    return velocity + yawRate * Vec2(-r.y(), r.x());
}

double Vehicle::calcKineticEnergy() const {
    return 0.5 * mass * velocity.squaredNorm() + 0.5 * yawInertia * yawRate * yawRate;
}

RigidBody Vehicle::makeRigidBody() const {
    RigidBody b;
    b.mass = mass;
    b.principalInertia = Vec3(yawInertia, yawInertia, yawInertia);
    b.orientation = Quat(Eigen::AngleAxisd(heading, Vec3::UnitZ()));
    b.position = liftToPlane(position);
    b.velocity = liftToPlane(velocity);
    b.angularVelocity = Vec3(0.0, 0.0, yawRate);
    return b;
}

}  // namespace impactlab
