#pragma once
// Where the bodies of a jointed scene touch (sim/JointedSimulation.h): the
// support points of each body on the ground and the walls, and pairs of
// spheres that no joint joins directly.
#include <vector>

#include "mechanics/Multibody.h"
#include "scene/Scene.h"

namespace impactlab::jointed {

// A touching (or nearly touching) feature: a point of `body` on plane `plane`
// (the ground is 0, walls follow), or sphere `body` on sphere `other`. The
// normal points into `body`; normalVelocity < 0 while approaching.
struct Touch {
    int body = -1;
    int other = -1;     // -1: a plane
    int plane = -1;     // -1: a sphere pair
    int feature = 0;    // which support point of the body
    double gap = 0.0;
    Vec3 point = Vec3::Zero();
    Vec3 normal = Vec3::UnitZ();
    double normalVelocity = 0.0;
};

class TouchFinder {
public:
    // `scene` and `system` are kept by reference; `up` is the ground's normal.
    TouchFinder(const SpatialScene& scene, const Multibody& system, const Vec3& up);

    // Every feature within maxGap of touching in the state of `k`.
    std::vector<Touch> find(const Multibody::Kinematics& k, double maxGap) const;
    // The same feature as `c` in another state.
    Touch refind(const Touch& c, const Multibody::Kinematics& k) const;
    const ScenePlane& getPlane(int plane) const { return planes_[plane]; }

private:
    Touch makePlaneTouch(const Multibody::Kinematics& k, int body, int plane, int feature, const Vec3& p) const;
    Touch makePairTouch(const Multibody::Kinematics& k, int i, int j) const;

    const SpatialScene& scene_;
    const Multibody& system_;
    Vec3 up_;
    std::vector<ScenePlane> planes_;   // the ground, then the walls
    std::vector<int> spheres_;
};

}  // namespace impactlab::jointed
