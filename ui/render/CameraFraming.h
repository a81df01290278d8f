#pragma once
// Internal to ui/render: the one camera-framing rule of the 3D views.
//
// A scene's renderers report what they draw that the camera must show (bodies,
// trails, finite walls; the ground only where it helps) as boxes, one per
// renderer. The camera frames the union of the boxes from the scene's viewing
// angles, with +z up, at the distance where every corner of the union fits the
// view with a margin:
//   - when a scene is opened or the camera reset (requestFraming()),
//   - when the union, or the view's shape, changes by more than
//     kReframeShare, unless the user has moved the camera (noteUserMove())
//     since the last framing; then it stays until the next reset or scene.
// The rule is applied before a frame is drawn (apply()), so a burst of
// changes (a slider drag adds balls, then their trails) is framed once, at
// the view's real size. Includes VTK; .cpp files only.
#include <Eigen/Geometry>

#include <utility>
#include <vector>

class vtkRenderer;

namespace impactlab::ui::render {

// Room around the framed box: its corners stay this far inside the border,
// as a share of the half view (8 %: bodies never touch the edge, and an
// extent that grows by less than kReframeShare still fits).
inline constexpr double kFramingMargin = 1.08;
// A change of the framed extent smaller than this share of its size (each
// face's shift over the box diagonal), or of the view's aspect ratio, keeps
// the camera: a slider drag then re-frames every few percent of growth
// instead of at every step, and playback (bodies moving along their trails)
// never does.
inline constexpr double kReframeShare = 0.05;
// The usual oblique "engineering" view: from the front-right, a little above.
inline constexpr double kDefaultAzimuthDegrees = -60.0;
inline constexpr double kDefaultElevationDegrees = 22.0;

// Points `renderer`'s camera at `box` from the given angles (azimuth about +z
// from +x, elevation above the ground), centred on the box's projection and
// as close as lets every corner fit with kFramingMargin. `aspect` is the
// view's width over its height.
void frameBox(vtkRenderer* renderer, const Eigen::AlignedBox3d& box, double aspect,
              double azimuthDegrees = kDefaultAzimuthDegrees, double elevationDegrees = kDefaultElevationDegrees);

class FramingRule {
public:
    // The extent `source` (a renderer) asks to be framed; an empty box
    // withdraws it.
    void setExtent(const void* source, const Eigen::AlignedBox3d& box);
    void setAngles(double azimuthDegrees, double elevationDegrees);
    // A new scene or a camera reset: frame at the next apply(), whatever the
    // user did before.
    void requestFraming();
    // The user turned, panned or zoomed the camera.
    void noteUserMove() { userMoved_ = true; }
    bool userMoved() const { return userMoved_; }
    // The union of the extents; empty when nothing is reported.
    Eigen::AlignedBox3d calcExtent() const;
    // Frames `renderer`'s camera if the rule says so (see the file comment).
    // Returns whether it did. Cheap: a union of a few boxes.
    bool apply(vtkRenderer* renderer, double aspect);

private:
    std::vector<std::pair<const void*, Eigen::AlignedBox3d>> extents_;
    double azimuthDegrees_ = kDefaultAzimuthDegrees;
    double elevationDegrees_ = kDefaultElevationDegrees;
    Eigen::AlignedBox3d framed_;   // the union at the last framing
    double framedAspect_ = 0.0;
    bool requested_ = true;        // frame at the next apply()
    bool userMoved_ = false;
};

}  // namespace impactlab::ui::render
