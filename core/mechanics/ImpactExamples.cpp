#include "mechanics/ImpactExamples.h"

#include <cmath>

namespace impactlab {

BodyContacts makeBrickOnGround(const Quat& orientation, const Vec3& velocity, const Vec3& angularVelocity,
                               double proximity, const BrickSpec& spec) {
    RigidBody brick;
    brick.mass = spec.mass;
    brick.principalInertia = spec.principalInertia;
    brick.orientation = orientation.normalized();
    brick.velocity = velocity;
    brick.angularVelocity = angularVelocity;
    const Mat3 R = brick.orientation.toRotationMatrix();

    // Sphere bottoms relative to the centre of mass (world).
    std::vector<Vec3> bottoms;
    for (int i = 0; i < 8; ++i) {
        const Vec3 corner((i & 1 ? 1 : -1) * spec.halfSize.x(), (i & 2 ? 1 : -1) * spec.halfSize.y(),
                          (i & 4 ? 1 : -1) * spec.halfSize.z());
        bottoms.push_back(R * corner - spec.sphereRadius * Vec3::UnitZ());
    }
    double lowest = bottoms.front().z();
    for (const Vec3& b : bottoms) lowest = std::min(lowest, b.z());
    brick.position = Vec3(0.0, 0.0, -lowest);   // the lowest bottom touches z = 0

    BodyContacts s;
    s.bodies = {brick, RigidBody::makeFixed()};
    for (int i = 0; i < 8; ++i) {
        if (bottoms[i].z() > lowest + proximity) continue;
        BodyContactPoint c = makeGroundContact(0, 1, brick.position + bottoms[i]);
        c.point.z() = 0.0;
        c.name = "vertex " + std::to_string(i);
        s.contacts.push_back(c);
    }
    return s;
}

BodyContacts makeBrickOnVertex() {
    const Quat R = Quat(Eigen::AngleAxisd(M_PI / 4.0, Vec3::UnitX())) * Quat(Eigen::AngleAxisd(M_PI / 6.0, Vec3::UnitY()));
    return makeBrickOnGround(R, Vec3(-5.0, 0.0, -5.74), Vec3::Zero(), kExampleProximity);
}

BodyContacts makeBrickOnFourVertices() {
    return makeBrickOnGround(Quat::Identity(), Vec3(-2.0, 0.0, -8.84), Vec3::Zero(), kExampleProximity);
}

BodyContacts makeNewtonsCradle(int balls, double radius, double mass, double strikerSpeed) {
    BodyContacts s;
    for (int i = 0; i < balls; ++i) {
        RigidBody b;
        b.mass = mass;
        b.principalInertia = Vec3::Constant(0.4 * mass * radius * radius);   // solid sphere
        b.position = Vec3(2.0 * radius * (balls - 1 - i), 0.0, 0.0);
        if (i == 0) b.velocity = Vec3(-strikerSpeed, 0.0, 0.0);
        s.bodies.push_back(b);
    }
    for (int i = 0; i + 1 < balls; ++i) {
        BodyContactPoint c =
            makeSphereSphereContact(i, s.bodies[i].position, radius, i + 1, s.bodies[i + 1].position);
        c.name = "balls " + std::to_string(i + 1) + "-" + std::to_string(i + 2);
        s.contacts.push_back(c);
    }
    return s;
}

}  // namespace impactlab
