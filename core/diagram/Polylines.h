#pragma once
// Joining line segments (such as marching-squares contour pieces) into
// polylines, so a view draws one line per contour branch instead of one per
// grid cell.
#include <array>
#include <vector>

#include "mechanics/Types.h"

namespace impactlab {

// Segments whose end points lie within `tol` of each other are chained; each
// polyline runs from one free end to the other (or round a closed loop, its
// first point repeated). The order of the result is deterministic.
std::vector<std::vector<Vec2>> joinSegments(const std::vector<std::array<Vec2, 2>>& segments, double tol);

}  // namespace impactlab
