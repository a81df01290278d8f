#pragma once
// A 3D view of triangle-mesh bodies meeting at a contact (the impact scenes of
// core/scene/ImpactScene.h), shown in a VtkView.
//
// Bodies are shaded with split normals (faces meeting at more than a feature
// angle keep their own normals, so polyhedra look faceted and smooth bodies
// smooth) and their sharp edges are outlined. The contact point is a yellow
// ball and the contact normal n an arrow from it into body 1; both are drawn in
// an overlay layer that shares the camera, so the bodies never hide them.
//
// No VTK type appears here (see SceneRenderer.h for why).
#include <Eigen/Core>

#include <memory>
#include <vector>

#include "geometry/TriangleMesh.h"

namespace impactlab {
struct ImpactScene;
}

namespace impactlab::ui {

class VtkView;

struct MeshVisual {
    impactlab::geometry::TriangleMesh mesh;                                // mesh frame
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();     // x_world = rotation x_mesh + translation
    Eigen::Vector3d translation = Eigen::Vector3d::Zero();
    Eigen::Vector3d color{0.8, 0.5, 0.2};                       // linear RGB in [0, 1]
    double opacity = 1.0;
    // A coarser tessellation of the same shape, drawn in reduced interactive
    // frames (VtkView::setInteractiveMapper); empty: `mesh` always.
    impactlab::geometry::TriangleMesh interactiveMesh;
};

/// An arrow from `point` along `vector` (world; its length is the arrow's).
struct ArrowVisual {
    Eigen::Vector3d point = Eigen::Vector3d::Zero();
    Eigen::Vector3d vector = Eigen::Vector3d::UnitZ();
    Eigen::Vector3d color{0.85, 0.1, 0.1};
};

class MeshRenderer {
public:
    /// Sets up background and lights in `view`'s renderer, adds the overlay
    /// layer and takes over the view's camera reset (double-click). If the view
    /// is destroyed first, this object becomes inert.
    explicit MeshRenderer(VtkView& view);
    ~MeshRenderer();

    MeshRenderer(const MeshRenderer&) = delete;
    MeshRenderer& operator=(const MeshRenderer&) = delete;

    /// Replaces all bodies. When the shapes are the ones on display (same
    /// meshes in the same order), only poses and colours are updated.
    void setMeshes(const std::vector<MeshVisual>& meshes);
    /// Moves body `index` (cheap: only its transform changes).
    void setPose(int index, const Eigen::Matrix3d& rotation, const Eigen::Vector3d& translation);
    /// Shows the contact point and the normal arrow (unit `normal`, pointing
    /// into body 1). Their size follows the bodies', so call after setMeshes.
    void setContact(const Eigen::Vector3d& point, const Eigen::Vector3d& normal);
    void clearContact();
    /// A legend in the view's lower left corner saying what the marker and
    /// the arrows are; empty hides it.
    void setLegend(const std::string& text);
    /// Replaces the extra arrows (impulses at several contacts), drawn over
    /// the bodies like the normal arrow.
    void setArrows(const std::vector<ArrowVisual>& arrows);
    /// A new scene or a reset: the view frames the bodies from an oblique view
    /// with +z up at the next frame (VtkView::resetCamera). Every change
    /// reports their extent to the view, which re-frames by its rule.
    void resetCamera();

    static Eigen::Vector3d contactMarkerColor();
    static Eigen::Vector3d normalArrowColor();

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

/// The two bodies of an impact scene, posed, in their scene colours.
std::vector<MeshVisual> makeMeshVisuals(const ImpactScene& scene);
/// setMeshes, setContact and resetCamera for `scene`.
void showImpactScene(MeshRenderer& renderer, const ImpactScene& scene);
// The same without a reset: the view re-frames only if the bodies' extent
// changed noticeably and the user has not moved the camera (VtkView).
void updateImpactScene(MeshRenderer& renderer, const ImpactScene& scene);

}  // namespace impactlab::ui
