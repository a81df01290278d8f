#include "sim/JointedTouches.h"

#include "sim/Simulation.h"

namespace impactlab::jointed {

TouchFinder::TouchFinder(const SpatialScene& scene, const Multibody& system, const Vec3& up)
    : scene_(scene), system_(system), up_(up) {
    planes_.push_back({"ground", scene.groundHeight * up, up, Vec3::Zero(), 0.0});
    for (const ScenePlane& w : scene.walls) planes_.push_back(w);
    for (size_t i = 0; i < scene.bodies.size(); ++i)
        if (scene.bodies[i].shape.type == Shape::Type::Sphere) spheres_.push_back(static_cast<int>(i));
}

Touch TouchFinder::makePlaneTouch(const Multibody::Kinematics& k, int body, int plane, int feature, const Vec3& p) const {
    const ScenePlane& pl = planes_[plane];
    const RigidBody& b = k.bodies[body];
    return {body, -1, plane, feature, (p - pl.point).dot(pl.normal), p, pl.normal, b.calcPointVelocity(p).dot(pl.normal)};
}

Touch TouchFinder::makePairTouch(const Multibody::Kinematics& k, int i, int j) const {
    const RigidBody& a = k.bodies[i];
    const RigidBody& b = k.bodies[j];
    const SpherePairTouch p = calcSpherePairTouch(
        a.position, scene_.bodies[i].shape.radius, b.position, scene_.bodies[j].shape.radius, up_,
        [&](int which, const Vec3& x) { return (which == 0 ? a : b).calcPointVelocity(x); });
    return {i, j, -1, 0, p.gap, p.point, p.normal, p.normalVelocity};
}

std::vector<Touch> TouchFinder::find(const Multibody::Kinematics& k, double maxGap) const {
    std::vector<Touch> out;
    for (int i = 0; i < system_.getBodyCount(); ++i) {
        for (int p = 0; p < static_cast<int>(planes_.size()); ++p) {
            const SupportPoints f = calcSupportPoints(scene_.bodies[i].shape, makeBodyState(k.bodies[i]), planes_[p].normal);
            for (int m = 0; m < f.count; ++m) {
                const Touch c = makePlaneTouch(k, i, p, m, f.points[m]);
                if (c.gap <= maxGap) out.push_back(c);
            }
        }
    }
    for (size_t a = 0; a < spheres_.size(); ++a) {
        for (size_t b = a + 1; b < spheres_.size(); ++b) {
            if (system_.areJoined(spheres_[a], spheres_[b])) continue;
            const Touch c = makePairTouch(k, spheres_[a], spheres_[b]);
            if (c.gap <= maxGap) out.push_back(c);
        }
    }
    return out;
}

Touch TouchFinder::refind(const Touch& c, const Multibody::Kinematics& k) const {
    if (c.other >= 0) return makePairTouch(k, c.body, c.other);
    const SupportPoints f = calcSupportPoints(scene_.bodies[c.body].shape, makeBodyState(k.bodies[c.body]), planes_[c.plane].normal);
    return makePlaneTouch(k, c.body, c.plane, c.feature, f.points[c.feature]);
}

}  // namespace impactlab::jointed
