#include "mechanics/planar/PlanarModels.h"

#include <cmath>

namespace impactlab {

PlanarBody makeUniformRod(const std::string& name, double mass, double length) {
    PlanarBody b;
    b.name = name;
    b.mass = mass;
    b.inertia = mass * length * length / 12.0;
    b.geometry.kind = PlanarGeometry::Kind::Rod;
    b.geometry.length = length;
    return b;
}

PlanarBody makeUniformBall(const std::string& name, double mass, double radius) {
    PlanarBody b;
    b.name = name;
    b.mass = mass;
    b.inertia = 0.4 * mass * radius * radius;
    b.geometry.kind = PlanarGeometry::Kind::Disc;
    b.geometry.radius = radius;
    return b;
}

PlanarWall makeGround(const std::string& name) {
    PlanarWall w;
    w.name = name;
    return w;
}

PlanarSystem makeBarSystem(const PlanarBody& rod, const Vec2& gravity, const std::vector<PlanarWall>& walls) {
    PlanarSystem s;
    s.bodies = {rod};
    s.walls = walls;
    s.gravity = gravity;
    return s;
}

PlanarSystem makePendulumSystem(const PlanarBody& rod, double contactAngle, double surfaceSpeed,
                                const Vec2& gravity) {
    PlanarBody b = rod;
    b.pinned = true;
    b.pinOffset = b.calcRodEnd(0);
    b.pivot = Vec2(0.0, b.geometry.length * std::cos(contactAngle));
    PlanarWall surface = makeGround("surface");
    surface.velocity = Vec2(surfaceSpeed, 0.0);
    PlanarSystem s;
    s.bodies = {b};
    s.walls = {surface};
    s.gravity = gravity;
    return s;
}

double calcPendulumBodyAngle(double swingAngle) { return swingAngle - 0.5 * kPi; }

PlanarSystem makeBallBetweenWallsSystem(const PlanarBody& ball, double height, const Vec2& gravity) {
    PlanarWall lower = makeGround("lower wall");
    PlanarWall upper;
    upper.name = "upper wall";
    upper.point = Vec2(0.0, height);
    upper.normal = -Vec2::UnitY();
    PlanarSystem s;
    s.bodies = {ball};
    s.walls = {lower, upper};
    s.gravity = gravity;
    return s;
}

}  // namespace impactlab
