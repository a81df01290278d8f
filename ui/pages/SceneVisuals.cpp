#include "pages/SceneVisuals.h"

#include <cmath>

namespace impactlab::ui {

namespace {

// m: a plane this close to the ground height, facing up, is the ground.
constexpr double kGroundMatchTol = 1e-9;
// m: half size of a wall drawn without a size of its own.
constexpr double kDefaultPlaneHalfSize = 1.0;
// The scene's planes (walls), blue-grey.
const Eigen::Vector3d kScenePlaneColor(0.55, 0.6, 0.7);

}  // namespace

BodyVisual makeBodyVisual(const SceneBody& b, bool headingMarker) {
    BodyVisual v;
    v.headingMarker = headingMarker;
    v.shape = b.shape.type == Shape::Type::Sphere ? BodyVisual::Shape::Sphere : BodyVisual::Shape::Box;
    v.radius = b.shape.radius;
    if (b.shape.type == Shape::Type::Rod && b.shape.length > 0.0) {
        v.shape = BodyVisual::Shape::Cylinder;
        v.radius = 0.5 * b.shape.thickness;
        v.length = b.shape.length;
    }
    v.halfExtents = b.shape.halfExtents;
    v.color = b.color;
    return v;
}

std::vector<PlaneVisual> makePlaneVisuals(const Scene& scene) {
    std::vector<PlaneVisual> planes;
    for (const ScenePlane& sp : scene.planes) {
        const bool isGround =
            sp.normal.isApprox(Vec3::UnitZ()) && std::abs(sp.point.z() - scene.groundHeight) < kGroundMatchTol;
        if (isGround) continue;
        planes.push_back({sp.point, sp.normal, sp.size > 0.0 ? sp.size : kDefaultPlaneHalfSize, kScenePlaneColor});
    }
    return planes;
}

std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>> calcStringSegments(const Scene& scene,
                                                                           const std::vector<BodyState>& states) {
    std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>> out;
    if (states.size() != scene.bodies.size()) return out;
    auto toWorld = [&](int body, const Vec3& local) { return Vec3(states[body].position + states[body].orientation * local); };
    for (const SceneString& s : scene.strings) {
        const Vec3 anchor = s.parent < 0 ? s.parentPoint : toWorld(s.parent, s.parentPoint);
        out.emplace_back(anchor, toWorld(s.body, s.bodyPoint));
    }
    return out;
}

}  // namespace impactlab::ui
