#include "sim/CompliantExamples.h"

#include <cmath>
#include <limits>
#include <string>

namespace impactlab {

CompliantBrickSetup makeBrickOnVertexSetup(double mu) {
    CompliantBrickSetup s;
    const double pi = std::acos(-1.0);
    s.orientation = Quat(Eigen::AngleAxisd(pi / 4, Vec3::UnitX())) * Quat(Eigen::AngleAxisd(pi / 6, Vec3::UnitY()));
    s.velocity = Vec3(-5.0, 0.0, -5.74);
    s.material.dissipation = 0.26;  // Table A1
    s.friction = mu;
    return s;
}

CompliantBrickSetup makeBrickOnFourVerticesSetup() {
    CompliantBrickSetup s;
    s.velocity = Vec3(-2.0, 0.0, -8.84);
    s.material.dissipation = 0.15;  // Example 2 text
    s.friction = 0.2;
    return s;
}

CompliantSystem makeCompliantBrick(const CompliantBrickSetup& setup) {
    if (!(setup.sphereRadius > 0.0)) throw InputError("brick.sphere_radius", "must be > 0");
    if (!(setup.halfExtents.minCoeff() > 0.0)) throw InputError("brick.half_extents", "must be > 0");
    if (!(setup.proximity >= 0.0)) throw InputError("brick.proximity", "must be >= 0");
    CompliantSystem sys;
    RigidBody brick;
    brick.mass = setup.mass;
    brick.principalInertia = setup.principalInertia;
    brick.orientation = setup.orientation.normalized();
    brick.velocity = setup.velocity;
    brick.angularVelocity = setup.angularVelocity;
    brick.validate("brick");

    const Mat3 R = brick.orientation.toRotationMatrix();
    double lowest = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 8; ++i) {
        CompliantSphere sphere;
        sphere.body = 0;
        sphere.center = Vec3((i & 1) ? 1 : -1, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1).cwiseProduct(setup.halfExtents);
        sphere.radius = setup.sphereRadius;
        sphere.material = setup.material;
        sys.spheres.push_back(sphere);
        lowest = std::min(lowest, (R * sphere.center).z() - sphere.radius);
    }
    brick.position = Vec3(0.0, 0.0, -lowest);  // the lowest sphere bottom on z = 0
    sys.bodies.push_back(brick);

    CompliantPlane ground;
    ground.material = setup.material;
    sys.planes.push_back(ground);
    for (int i = 0; i < 8; ++i) {
        const CompliantSphere& sphere = sys.spheres[i];
        if ((R * sphere.center).z() - sphere.radius > lowest + setup.proximity) continue;
        CompliantPair pair;
        pair.kind = CompliantPairKind::SpherePlane;
        pair.sphere1 = i;
        pair.plane = 0;
        pair.friction = CompliantFriction::makeCoulomb(setup.friction);
        pair.friction.transitionSpeed = setup.frictionTransitionSpeed;
        auto sign = [&](int axis) { return sphere.center(axis) > 0 ? '+' : '-'; };
        pair.name = std::string("vertex (") + sign(0) + "x " + sign(1) + "y " + sign(2) + "z) / ground";
        sys.contacts.push_back(pair);
    }
    sys.validate();
    return sys;
}

CompliantSystem makeCompliantCradle(const CompliantCradleSetup& setup) {
    if (setup.balls < 2) throw InputError("cradle.balls", "must be >= 2, got " + std::to_string(setup.balls));
    if (!(setup.radius > 0.0)) throw InputError("cradle.radius", "must be > 0");
    if (!(setup.mass > 0.0)) throw InputError("cradle.mass", "must be > 0");
    if (!std::isfinite(setup.strikerSpeed)) throw InputError("cradle.striker_speed", "must be finite");
    CompliantSystem sys;
    for (int k = 0; k < setup.balls; ++k) {
        RigidBody ball;
        ball.mass = setup.mass;
        ball.principalInertia = Vec3::Constant(0.4 * setup.mass * setup.radius * setup.radius);
        ball.position = Vec3(-2.0 * setup.radius * k, 0.0, 0.0);
        if (k == 0) ball.velocity = Vec3(-setup.strikerSpeed, 0.0, 0.0);
        sys.bodies.push_back(ball);
        CompliantSphere sphere;
        sphere.body = k;
        sphere.radius = setup.radius;
        sphere.material = setup.material;
        sys.spheres.push_back(sphere);
    }
    for (int k = 0; k + 1 < setup.balls; ++k) {
        CompliantPair pair;
        pair.kind = CompliantPairKind::SphereSphere;
        pair.sphere1 = k;
        pair.sphere2 = k + 1;
        pair.friction = CompliantFriction::makeCoulomb(0.0);
        pair.name = "balls " + std::to_string(k + 1) + " and " + std::to_string(k + 2);
        sys.contacts.push_back(pair);
    }
    sys.validate();
    return sys;
}

}  // namespace impactlab
