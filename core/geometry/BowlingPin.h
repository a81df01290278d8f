#pragma once
// A ten-pin bowling pin after the USBC specification (Jia & Wang Fig. 11 cite
// the pin specification page of bowlingball.com, which summarises USBC's).
//
// The paper prints no profile, so the outline is rebuilt from USBC's table of
// diameters at heights above the base, in inches (kBowlingPinStations). Each
// number below is either quoted on the cited page or taken from the USBC
// table as remembered; the provenance is given per station in BowlingPin.cpp.
// Between stations the radius follows a monotone cubic (Fritsch-Carlson
// PCHIP), which keeps the belly (4.5 in), neck (10 in) and head (13.5 in) as
// the extremes the table puts there; above the head station an elliptic cap
// closes the top at the full height of 15 in. The base is a flat disc: the
// 3/4 in recess ("cup") in the base is left out, and the pin is a uniform solid
// (real pins are hollowed to set their centre of gravity).
//
// Mesh frame: the axis is +z, the base is the disc z = 0, the top is at
// z = kBowlingPinHeight. Units: m (the table is converted once, here).
#include <vector>

#include "geometry/Solid.h"

namespace impactlab::geometry {

struct PinStation {
    double heightInch;     // above the base
    double diameterInch;
};

inline constexpr double kMetresPerInch = 0.0254;
inline constexpr double kBowlingPinHeight = 15.0 * kMetresPerInch;   // m, USBC: 15 in +- 1/32

// USBC stations from the base to the head's widest point.
const std::vector<PinStation>& getBowlingPinStations();

// The pin's outline as a dense (r, z) profile in metres, from the base centre
// up the outside to the top: `pointsPerInch` samples per inch of height between
// stations plus every station, and the elliptic cap.
std::vector<Vec2> makeBowlingPinProfile(int pointsPerInch = 8);

// The pin as a solid of revolution (see Revolution.h) with `segments` around.
Solid makeBowlingPin(int segments = 64);

}  // namespace impactlab::geometry
