#include "CameraMoves.h"

#include <vtkCamera.h>
#include <vtkMath.h>

#include <algorithm>
#include <cmath>

namespace impactlab::ui::render {

namespace {
// Turntable tilt stops this short of straight up or down: at the pole the
// world-up and the viewing direction are parallel and the azimuth is undefined.
constexpr double kMaxElevationDegrees = 89.0;
}  // namespace

void rotateCamera(vtkCamera* camera, double azimuthDegrees, double elevationDegrees, const QVector3D& worldUp) {
    double elevation = elevationDegrees;
    if (!worldUp.isNull()) {
        // Turntable: turning about the world's vertical keeps the horizon
        // level, where a trackball would slowly roll it.
        const QVector3D up = worldUp.normalized();
        camera->SetViewUp(up.x(), up.y(), up.z());
        double forward[3];
        camera->GetDirectionOfProjection(forward);
        const double sine = -(forward[0] * up.x() + forward[1] * up.y() + forward[2] * up.z());
        const double current = vtkMath::DegreesFromRadians(std::asin(std::clamp(sine, -1.0, 1.0)));
        elevation = std::clamp(current + elevation, -kMaxElevationDegrees, kMaxElevationDegrees) - current;
    }
    camera->Azimuth(azimuthDegrees);
    camera->Elevation(elevation);
    camera->OrthogonalizeViewUp();
}

void panCamera(vtkCamera* camera, const QPointF& deltaPixels, int heightPixels) {
    if (heightPixels <= 0) return;
    // World length of one pixel at the focal plane, so the point under the
    // cursor stays under it.
    double metresPerPixel = 0.0;
    if (camera->GetParallelProjection()) {
        metresPerPixel = 2.0 * camera->GetParallelScale() / heightPixels;
    } else {
        const double halfAngle = vtkMath::RadiansFromDegrees(camera->GetViewAngle()) / 2.0;
        metresPerPixel = 2.0 * camera->GetDistance() * std::tan(halfAngle) / heightPixels;
    }
    double forward[3];
    double up[3];
    double right[3];
    camera->GetDirectionOfProjection(forward);
    camera->GetViewUp(up);
    vtkMath::Cross(forward, up, right);
    vtkMath::Normalize(right);
    vtkMath::Cross(right, forward, up);  // up exactly orthogonal to forward

    double focal[3];
    double position[3];
    camera->GetFocalPoint(focal);
    camera->GetPosition(position);
    for (int i = 0; i < 3; ++i) {
        // Drag right moves the scene right, i.e. the camera left; Qt's y
        // grows downwards.
        const double shift = (-deltaPixels.x() * right[i] + deltaPixels.y() * up[i]) * metresPerPixel;
        focal[i] += shift;
        position[i] += shift;
    }
    camera->SetFocalPoint(focal);
    camera->SetPosition(position);
}

void dollyCamera(vtkCamera* camera, double factor) {
    if (camera->GetParallelProjection()) {
        camera->Zoom(factor);
    } else {
        camera->Dolly(factor);
    }
}

}  // namespace impactlab::ui::render
