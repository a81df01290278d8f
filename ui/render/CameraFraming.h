#pragma once
// Internal to ui/render: points a VTK camera at a box from an oblique
// direction with +z up, at the distance where the box's bounding sphere fits
// the narrower of the two view angles. Includes VTK; .cpp files only.
#include <Eigen/Geometry>

class vtkRenderer;

namespace impactlab::ui::render {

// Extra room around the framed sphere so bodies do not touch the border.
inline constexpr double kFramingMargin = 1.08;
// The usual oblique "engineering" view: from the front-right, a little above.
inline constexpr double kDefaultAzimuthDegrees = -60.0;
inline constexpr double kDefaultElevationDegrees = 22.0;

void frameBox(vtkRenderer* renderer, const Eigen::AlignedBox3d& box, double aspect,
              double azimuthDegrees = kDefaultAzimuthDegrees, double elevationDegrees = kDefaultElevationDegrees);

}  // namespace impactlab::ui::render
