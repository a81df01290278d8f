#pragma once
// The laws against measurements drawn (sim/MeasurementSweep.h): a derived
// quantity against the swept parameter per law with the measured points on
// top, the residual table, and the CSV of both. Display units throughout
// (scene/DisplayUnit.h: degrees for angles).
#include <optional>
#include <string>

#include "diagram/Figure.h"
#include "sim/MeasurementSweep.h"

namespace impactlab {

// Significant digits of the residual table's errors: the data are good to
// their digitisation (about 1 %), no better.
inline constexpr int kResidualDigits = 3;

// A sweep law's name as views show it (the law's display name, or the
// reference's).
std::string getSweepLawDisplayName(const MeasurementSweepLaw& law);

// One quantity against the parameter: a line per law (the reference dashed,
// the way PLUS draws its compliant reference), the measured points of every
// series of the quantity as black circles on top with a bar of one sigma
// either side where the series gives sigma_y, and a dashed vertical line at
// `current` (the scene's own value) when given.
Figure makeMeasurementFigure(const MeasurementSweep& sweep, const std::string& quantity,
                             std::optional<double> current = std::nullopt);

// A heading row per series and range (the whole range, then the named
// ones) naming its unit and the points compared, then a row per law:
// the RMS of law - measured in the quantity's display unit, the RMS in
// sigmas where every point has sigma_y, and the law's one value where it
// gives the same over the whole range (a rigid law's sticking plateau).
// Long rather than wide, so it reads in a narrow pane.
FigureTable makeResidualTable(const MeasurementSweep& sweep);

// Every curve and measured point, one row each (quantity, unit, series, x,
// value in display units), then a blank line and the residual table.
std::string toCsv(const MeasurementSweep& sweep);

}  // namespace impactlab
