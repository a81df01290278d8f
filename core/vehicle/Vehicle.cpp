#include "vehicle/Vehicle.h"

#include <cmath>
#include <sstream>

#include "mechanics/InputChecks.h"
#include "mechanics/NumberText.h"

namespace impactlab {

Vec3 getDefaultVehicleColor(int index) {
    // Red and blue: told apart by readers with the commoner colour deficiencies.
    static const Vec3 palette[] = {Vec3(0.80, 0.20, 0.15), Vec3(0.15, 0.35, 0.75)};
    return palette[index % 2];
}

namespace {

bool isFinitePositive(double x) { return std::isfinite(x) && x > 0.0; }

}  // namespace

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

// Each check builds its field's name only when it fails: a reconstruction
// validates vehicles millions of times, and building the names
// every time took a third of its time.
void Vehicle::validate(const std::string& field) const {
    if (!isFinitePositive(mass)) requirePositive(mass, field + ".mass");
    if (!isFinitePositive(yawInertia)) requirePositive(yawInertia, field + ".yaw_inertia");
    if (rollInertia && !isFinitePositive(*rollInertia)) requirePositive(*rollInertia, field + ".roll_inertia");
    if (pitchInertia && !isFinitePositive(*pitchInertia)) requirePositive(*pitchInertia, field + ".pitch_inertia");
    if (rollInertia || pitchInertia) {
        // Principal moments of a real body: each <= the sum of the other two.
        // The one given (roll first) is named: yaw was accepted before.
        const Vec3 I = calcPrincipalInertia();
        const char* names[3] = {"roll_inertia", "pitch_inertia", "yaw_inertia"};
        for (int a = 0; a < 3; ++a) {
            const double others = I.sum() - I(a);
            if (!(I(a) <= others * (1.0 + kInertiaTriangleRelTol))) {
                const std::string blamed = a == 2 ? (rollInertia ? "roll_inertia" : "pitch_inertia") : names[a];
                std::ostringstream os;
                os << "the principal inertias (roll " << formatNumber(I(0)) << ", pitch " << formatNumber(I(1))
                   << ", yaw " << formatNumber(I(2)) << " kg m^2) break the triangle inequality: " << names[a]
                   << " must be <= the sum of the other two";
                throw InputError(field + "." + blamed, os.str());
            }
        }
    }
    if (!isFinite(position)) throw InputError(field + ".position", "must be finite numbers");
    if (!std::isfinite(heading)) requireFinite(heading, field + ".heading");
    if (!isFinitePositive(length)) requirePositive(length, field + ".length");
    if (!isFinitePositive(width)) requirePositive(width, field + ".width");
    if (!isFinite(velocity)) throw InputError(field + ".velocity", "must be finite numbers");
    if (!std::isfinite(yawRate)) requireFinite(yawRate, field + ".yaw_rate");
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
    b.principalInertia = calcPrincipalInertia();
    b.orientation = Quat(Eigen::AngleAxisd(heading, Vec3::UnitZ()));
    b.position = liftToPlane(position);
    b.velocity = liftToPlane(velocity);
    b.angularVelocity = Vec3(0.0, 0.0, yawRate);
    return b;
}

}  // namespace impactlab
