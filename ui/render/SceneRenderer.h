#pragma once

// A small 3D scene of primitive rigid bodies shown in a VtkView.
//
// World convention: z is up, the ground is the plane z = groundHeight.
// No VTK type appears here so that simulation-facing UI code can include it
// without VTK headers.

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace impactlab::ui {

class VtkView;

struct BodyVisual {
    enum class Shape { Sphere, Box, Cylinder };
    Shape shape = Shape::Sphere;
    double radius = 0;                            // spheres, cylinders
    double length = 0;                            // cylinders: along the body x axis, centred
    Eigen::Vector3d halfExtents{0, 0, 0};         // boxes, in the body frame
    Eigen::Vector3d color{0.8, 0.3, 0.2};         // linear RGB in [0, 1]
    bool headingMarker = false;                   // boxes: a light bar across the top at the +x end (a vehicle's front)
};

// A fixed surface other than the ground (a wall, a moving belt), drawn as a
// translucent square panel.
struct PlaneVisual {
    Eigen::Vector3d point = Eigen::Vector3d::Zero();
    Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();
    double halfSize = 1.0;
    Eigen::Vector3d color{0.55, 0.6, 0.7};
};

struct BodyPose {
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
    Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
};

class SceneRenderer {
public:
    /// Sets up background, lights and the default ground in `view`'s renderer
    /// and takes over the view's camera reset (double-click). If the view is
    /// destroyed first, this object becomes inert.
    explicit SceneRenderer(VtkView& view);
    ~SceneRenderer();

    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    /// Ground plane at z = height, a square of side 2 * halfSize, with a grid.
    /// Nothing is rebuilt when both are unchanged.
    void setGround(double height, double halfSize);
    /// Replaces all bodies (rebuilds their actors); poses reset to identity.
    void setBodies(const std::vector<BodyVisual>& bodies);
    void setPlanes(const std::vector<PlaneVisual>& planes);
    // Small dark spheres at the points pinned bodies turn about.
    void setPivots(const std::vector<Eigen::Vector3d>& points, double radius);
    /// Strings (a cradle's, a chain's): thin dark line segments between world
    /// points, replaced every frame; empty hides them.
    void setStrings(const std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>>& segments);
    /// The strings drawn now (what setStrings was last given).
    const std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>>& strings() const;
    /// Moves the bodies; cheap enough for every frame. Extra entries are ignored.
    void setPoses(const std::vector<BodyPose>& poses);
    /// Path taken by `body`, drawn as a thin polyline; fewer than 2 points hides it.
    void setTrail(int body, const std::vector<Eigen::Vector3d>& points);
    /// A small highlighted marker (e.g. a contact point); nullopt hides it.
    void setMarker(const std::optional<Eigen::Vector3d>& point);
    /// A new scene or a reset: the view frames the bodies, their trails, the
    /// walls and the near ground at the next frame (VtkView::resetCamera).
    /// Every change reports that extent to the view, which re-frames by its rule.
    void resetCamera();
    // Direction the framed camera looks from (degrees; azimuth about +z from +x,
    // elevation above the ground). Planar scenes are viewed square-on from -y.
    void setViewAngles(double azimuthDegrees, double elevationDegrees);

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

}  // namespace impactlab::ui
