#pragma once
// Internal to ui/render: what the 3D view's mouse does to its camera (turn,
// pan, dolly), kept apart from the view's drawing. Each is one step of a drag
// or one wheel turn; the view notes afterwards that the user moved the camera
// (render/CameraFraming.h). Includes VTK; .cpp files only.
#include <QPointF>
#include <QVector3D>

class vtkCamera;

namespace impactlab::ui::render {

// Turns the camera about its focal point by `azimuthDegrees` about the
// vertical and tilts it by `elevationDegrees`. With a non-null `worldUp` it
// is a turntable: the horizon never rolls and the camera stops short of the
// poles; a null `worldUp` gives a free trackball about the camera's view-up.
void rotateCamera(vtkCamera* camera, double azimuthDegrees, double elevationDegrees, const QVector3D& worldUp);
// Moves camera and focal point across the view so that the point under the
// cursor stays under it: `deltaPixels` in widget pixels (y down) of a view
// `heightPixels` tall.
void panCamera(vtkCamera* camera, const QPointF& deltaPixels, int heightPixels);
// Moves the camera towards the focal point by `factor` (> 1 closer), or
// zooms a parallel projection.
void dollyCamera(vtkCamera* camera, double factor);

}  // namespace impactlab::ui::render
