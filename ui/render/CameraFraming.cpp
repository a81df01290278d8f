#include "CameraFraming.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace impactlab::ui::render {

namespace {
constexpr double kRadiansPerDegree = EIGEN_PI / 180.0;
// Smallest radius framed (m or N s): a single point still gets a view.
constexpr double kMinFramedRadius = 1e-6;
}  // namespace

void frameBox(vtkRenderer* renderer, const Eigen::AlignedBox3d& box, double aspect, double azimuthDegrees,
              double elevationDegrees) {
    if (box.isEmpty()) return;
    const Eigen::Vector3d focal = box.center();
    const double radius = std::max(box.diagonal().norm() / 2.0, kMinFramedRadius);
    vtkCamera* camera = renderer->GetActiveCamera();
    const double halfVertical = camera->GetViewAngle() * kRadiansPerDegree / 2.0;
    const double halfHorizontal = std::atan(std::tan(halfVertical) * std::max(aspect, 1e-3));
    const double distance = kFramingMargin * radius / std::sin(std::min(halfVertical, halfHorizontal));
    const double az = azimuthDegrees * kRadiansPerDegree, el = elevationDegrees * kRadiansPerDegree;
    const Eigen::Vector3d toCamera(std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el));
    const Eigen::Vector3d position = focal + distance * toCamera;
    camera->SetFocalPoint(focal.data());
    camera->SetPosition(position.data());
    camera->SetViewUp(0.0, 0.0, 1.0);
    renderer->ResetCameraClippingRange();
}

}  // namespace impactlab::ui::render
