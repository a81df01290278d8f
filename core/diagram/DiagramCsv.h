#pragma once
// The data behind the diagrams as CSV (every data series
// exportable): one row per point, in long form, so any plotting tool can
// filter by series. Quoting follows RFC 4180.
#include <string>
#include <vector>

#include "diagram/Figure.h"   // quoteCsvField
#include "diagram/Hodograph.h"
#include "diagram/ImpulseDiagram.h"
#include "mechanics/Types.h"

namespace impactlab {

// A named 2D series of a diagram.
struct CsvSeries {
    std::string name;
    std::vector<Vec2> points;
};

// "series,x,y" (with the given column names for x and y) then a row per point.
std::string toCsv(const std::vector<CsvSeries>& series, const std::string& xName, const std::string& yName);

// The impulse-space diagram: every line (friction, compression, Newton,
// sticking, energy ellipse) and every law's path, then each path's end of
// compression and final point as series of one point.
std::string toCsv(const ImpulseDiagram& diagram);

// The hodograph of the sliding velocity (gamma_1, gamma_2): the path, each
// invariant ray as a unit segment from the origin, and the labelled points.
std::string toCsv(const HodographDiagram& hodograph);
// Every path of a bundle, then the invariant rays.
std::string toCsv(const HodographBundle& bundle);
// The 3D impulse curve: "series,I_t1,I_t2,I_n" for the path and its marked points.
std::string toCsv(const ImpulseCurve3D& curve);
// Kinetic (and Stronge's potential) energy against the normal impulse.
std::string toCsv(const EnergyCurve& curve);

}  // namespace impactlab
