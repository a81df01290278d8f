#pragma once
// Plane geometry on the core's diagram lines, for drawing only: the polygon to
// shade as the admissible region. Nothing here knows the mechanics; it clips
// the core's energy-ellipse polygon by the half-planes of the core's lines.
#include <string>
#include <vector>

#include "diagram/ImpulseDiagram.h"

namespace impactlab::ui {

/// Polyline ids of core/diagram/ImpulseDiagram.h this file relies on.
inline constexpr const char* kEnergyEllipseId = "energy-ellipse";
inline constexpr const char* kCompressionId = "compression";
inline constexpr const char* kFrictionPlusId = "friction+";
inline constexpr const char* kFrictionMinusId = "friction-";
inline constexpr const char* kReverseSlidingId = "reverse-sliding";
/// One Poisson termination line per path: "poisson:<model>".
inline constexpr const char* kPoissonIdPrefix = "poisson:";
/// When the core provides the region itself it is used as given.
inline constexpr const char* kAdmissibleRegionId = "admissible-region";

/// A point is treated as lying on a line when its distance to it is below this
/// fraction of the view box diagonal: far above round-off in the core's
/// coordinates (~1e-16 relative), far below one pixel of any export.
inline constexpr double kOnLineRelTol = 1e-9;

/// Keeps the part of `polygon` on the side of the line through a and b where
/// `inside` lies (Sutherland-Hodgman, one edge). Empty when `inside` is on the
/// line within `onLineTol` (no side can be chosen).
std::vector<Vec2> clipPolygonToHalfPlane(const std::vector<Vec2>& polygon, const Vec2& a, const Vec2& b,
                                         const Vec2& inside, double onLineTol);

/// The polygon to shade: the diagram's "admissible-region" polyline if present,
/// otherwise the energy ellipse's interior (energy not gained) clipped to
///   - the friction cone: the side of each friction line holding the cone's axis,
///   - the far side of the maximum compression line from the origin (the origin
///     is the pre-impact state, still approaching; final impulses lie beyond).
/// Lines missing from the diagram are not used to clip. Empty when there is no
/// ellipse or the region degenerates (mu = 0 gives a segment, not an area).
std::vector<Vec2> calcAdmissibleRegion(const ImpulseDiagram& diagram);

/// The polyline with this id, or nullptr.
const DiagramPolyline* findLine(const ImpulseDiagram& diagram, const std::string& id);

}  // namespace impactlab::ui
