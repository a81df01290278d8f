#include "CameraFraming.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace impactlab::ui::render {

namespace {
constexpr double kRadiansPerDegree = EIGEN_PI / 180.0;
// Smallest radius framed (m or N s): a single point still gets a view.
constexpr double kMinFramedRadius = 1e-6;
// Narrowest aspect ratio framed: a view squeezed to a sliver still gets a
// finite distance.
constexpr double kMinAspect = 1e-3;
// The focal point is moved to the middle of the box's projection this many
// times: perspective makes the near half of a long box look larger, and two
// passes centre it to well under a percent of the view.
constexpr int kCentringPasses = 2;

// A change from `before` to `after` as a share of the larger's diagonal: the
// farthest any face moved. Infinite when exactly one is empty.
double calcChangeShare(const Eigen::AlignedBox3d& before, const Eigen::AlignedBox3d& after) {
    if (before.isEmpty() || after.isEmpty()) return before.isEmpty() == after.isEmpty() ? 0.0 : INFINITY;
    const double size = std::max({before.diagonal().norm(), after.diagonal().norm(), kMinFramedRadius});
    const double shift = std::max((after.min() - before.min()).cwiseAbs().maxCoeff(),
                                  (after.max() - before.max()).cwiseAbs().maxCoeff());
    return shift / size;
}
}  // namespace

void frameBox(vtkRenderer* renderer, const Eigen::AlignedBox3d& box, double aspect, double azimuthDegrees,
              double elevationDegrees) {
    if (box.isEmpty()) return;
    vtkCamera* camera = renderer->GetActiveCamera();
    // VTK's view angle is the vertical one; the horizontal follows the aspect.
    const double tanVertical = std::tan(camera->GetViewAngle() * kRadiansPerDegree / 2.0);
    const double tanHorizontal = tanVertical * std::max(aspect, kMinAspect);
    const double az = azimuthDegrees * kRadiansPerDegree, el = elevationDegrees * kRadiansPerDegree;
    const Eigen::Vector3d toCamera(std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el));
    // The camera's axes: forward, right, and up (z projected into the view).
    const Eigen::Vector3d forward = -toCamera;
    Eigen::Vector3d right = forward.cross(Eigen::Vector3d::UnitZ());
    right = right.norm() > kMinAspect ? right.normalized() : Eigen::Vector3d::UnitX();   // looking straight down
    const Eigen::Vector3d up = right.cross(forward);

    std::array<Eigen::Vector3d, 8> corners;
    for (int k = 0; k < 8; ++k) corners[k] = box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(k));
    // Never inside the box's bounding sphere, so the near plane cuts nothing.
    const double minDistance = std::max(box.diagonal().norm() / 2.0, kMinFramedRadius);
    Eigen::Vector3d focal = box.center();
    double distance = minDistance;
    for (int pass = 0; pass <= kCentringPasses; ++pass) {
        // The distance at which every corner is within the margin: a corner
        // at (x, y) across and z deeper than the focal point shows at
        // x / (distance + z) of the view's half-width tangent.
        distance = minDistance;
        for (const Eigen::Vector3d& c : corners) {
            const Eigen::Vector3d d = c - focal;
            const double depth = d.dot(forward);
            distance = std::max({distance, kFramingMargin * std::abs(d.dot(right)) / tanHorizontal - depth,
                                 kFramingMargin * std::abs(d.dot(up)) / tanVertical - depth});
        }
        if (pass == kCentringPasses) break;
        // Centre the projection: the middle of its extent moves to the middle
        // of the view (a screen offset s is s * distance across at the focal point).
        Eigen::Vector2d lo = Eigen::Vector2d::Constant(INFINITY), hi = -lo;
        for (const Eigen::Vector3d& c : corners) {
            const Eigen::Vector3d d = c - focal;
            const Eigen::Vector2d s(d.dot(right), d.dot(up));
            const Eigen::Vector2d onScreen = s / (distance + d.dot(forward));
            lo = lo.cwiseMin(onScreen);
            hi = hi.cwiseMax(onScreen);
        }
        const Eigen::Vector2d middle = 0.5 * (lo + hi);
        focal += distance * (middle.x() * right + middle.y() * up);
    }
    const Eigen::Vector3d position = focal + distance * toCamera;
    camera->SetFocalPoint(focal.data());
    camera->SetPosition(position.data());
    camera->SetViewUp(0.0, 0.0, 1.0);
    renderer->ResetCameraClippingRange();
}

void FramingRule::setExtent(const void* source, const Eigen::AlignedBox3d& box) {
    auto it = std::find_if(extents_.begin(), extents_.end(), [source](const auto& e) { return e.first == source; });
    if (box.isEmpty()) {
        if (it != extents_.end()) extents_.erase(it);
    } else if (it != extents_.end()) {
        it->second = box;
    } else {
        extents_.emplace_back(source, box);
    }
}

void FramingRule::setAngles(double azimuthDegrees, double elevationDegrees) {
    if (azimuthDegrees == azimuthDegrees_ && elevationDegrees == elevationDegrees_) return;
    azimuthDegrees_ = azimuthDegrees;
    elevationDegrees_ = elevationDegrees;
    framedAspect_ = 0.0;   // a new direction is a change: framed unless the user moved
}

void FramingRule::requestFraming() {
    requested_ = true;
    userMoved_ = false;
}

Eigen::AlignedBox3d FramingRule::calcExtent() const {
    Eigen::AlignedBox3d all;
    for (const auto& e : extents_) all.extend(e.second);
    return all;
}

bool FramingRule::apply(vtkRenderer* renderer, double aspect) {
    if (!renderer) return false;
    const Eigen::AlignedBox3d extent = calcExtent();
    if (extent.isEmpty()) return false;   // nothing to frame yet: keep asking
    if (!requested_) {
        if (userMoved_) return false;
        const double aspectChange = framedAspect_ > 0.0 ? std::abs(aspect / framedAspect_ - 1.0) : INFINITY;
        if (calcChangeShare(framed_, extent) <= kReframeShare && aspectChange <= kReframeShare) return false;
    }
    frameBox(renderer, extent, aspect, azimuthDegrees_, elevationDegrees_);
    framed_ = extent;
    framedAspect_ = aspect;
    requested_ = false;
    return true;
}

}  // namespace impactlab::ui::render
