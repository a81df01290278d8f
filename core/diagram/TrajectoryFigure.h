#pragma once
// The picture of a simulated run in one plane, as data (diagram/Figure.h),
// the way Cataldo & Sampaio (2002) draw their runs:
//   - the stroboscopic picture (the animations of Figs. 3.4-3.20): the first
//     body's outline at kStroboscopeInstants evenly spaced instants and at
//     each of its impacts (those in purple), earlier instants lighter. A rod is the segment
//     between its ends, a sphere a circle with a radius that turns with the
//     body (so spin shows), a box the outline of its projection;
//   - the path of the first body's centre of mass (Figs. 4.2, 4.3, 4.5: the
//     ball between two walls, x horizontal, y vertical);
//   - the surfaces as lines, hatched on their solid side;
//   - for a sphere, the superball cone at each impact on a surface (Fig.
//     4.4, diagram/SuperballCone.h): rays from the contact point along v-
//     and n (the cone's edges) and along v+, green when v+ lies in the cone,
//     vermilion when it does not.
//
// The plane: a planar scene's own (x, y) (world x-z); a spatial scene's x-z
// plane, the side view in which gravity (-z) and the bounces read as in the
// paper's figures; a vehicle scene's x-y plane (the cars move on the ground,
// seen from above). One unit of x is one of y (Figure::equalScales), so a
// bar keeps its length and a ball stays round.
#include <vector>

#include "diagram/Figure.h"
#include "mechanics/Types.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"

namespace impactlab {

// Evenly spaced instants of the stroboscopic picture, the first at 0 and the
// last at the run's end; the impacts come on top. Twelve, as many as Cataldo
// & Sampaio's animations show before the bar's outlines overlap to a blur.
inline constexpr int kStroboscopeInstants = 12;

enum class TrajectoryPlane {
    XZ,   // side view: world (x, z); a planar scene's (x, y)
    XY,   // top view: world (x, y)
};

TrajectoryPlane getTrajectoryPlane(const SimulatedScene& scene);
Vec2 projectToTrajectoryPlane(const Vec3& p, TrajectoryPlane plane);

// The instants of the snapshots, increasing: the evenly spaced ones and the
// impacts of body 0; an impact closer than a quarter of the even spacing to
// an even instant replaces it.
std::vector<double> calcStroboscopeTimes(const SimulationRun& run);

// The outline of a body of `shape` at `state`, projected on `plane`: a rod's
// two ends, a sphere's circle from the end of its body-x radius round to it
// and in to the centre, a box's convex outline (closed).
std::vector<Vec2> calcBodyOutline(const Shape& shape, const BodyState& state, TrajectoryPlane plane);

// `selectedImpact` (an index into run.impacts, -1: none) keeps its cone when
// the run has more impacts than the figure draws cones for.
Figure makeTrajectoryFigure(const SimulatedScene& scene, const SimulationRun& run, int selectedImpact = -1);

}  // namespace impactlab
