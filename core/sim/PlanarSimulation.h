#pragma once
// Event-driven simulation of a planar scene (Cataldo & Sampaio sec. 3.2.3 to
// 3.6.5 and 4.1): flight under gravity, contact detection, impact by the
// scene's law, repeated until the end time.
//
//  - Flight: free bodies in closed form (x, y parabolic, theta linear: sec. 3.1,
//    m x'' = 0, m y'' = -m g, J theta'' = 0); pinned bodies (the pendulum of
//    sec. 2.9) by classical RK4 with steps of at most options.maxStep.
//  - Detection: the gap functions of PlanarContactGeometry.h (bar ends at
//    y -/+ (L/2) sin theta against the ground, the pendulum's tip against the
//    moving surface, the ball's surface against both walls, body against body)
//    are watched for a sign change within each step; the first crossing is
//    bisected to options.eventTimeTol and the step stops just before it.
//  - Impact: a touching contact approaching faster than options.restSpeed is an
//    impact event, solved by getLaw(scene.contact.law).solve(problem, options,
//    &trace) and recorded. The problem is body level (the bodies' 3D images)
//    when only free bodies and walls take part, so laws with a moment impulse
//    (Brach, C-S) have the bodies they need, and contact level (W = G M^-1 G^T)
//    when a pinned body does. The post-impact velocities are the result's
//    bodies after the impact (body level, which includes a moment impulse) or
//    qdot + M^-1 G^T I (contact level).
//  - Rest and Zeno guard: a touching contact approaching more slowly than
//    restSpeed is resting contact, resolved as in the spatial simulation by a
//    perfectly plastic Coulomb impulse (Poisson, e = 0) plus a position
//    correction, so a sequence of ever smaller bounces ends instead of
//    accumulating. A run ends "at rest" when every body touches something and
//    the kinetic energy is below restSpecificEnergy per kg; "impact limit" when
//    maxImpacts or maxImpactsPerInstant is reached; "no solution" when a law
//    reports NoSolution or IterationLimit for an impact (the pendulum's jam of
//    Table 2.1): the impact is recorded but not applied.
//
// Rod ends crossing another rod's side (two-sided contacts) are always impacts,
// whatever their speed: there is no resting contact on a line without inside.
//
// Output: SimulationRun with the 3D images of the bodies (PlanarSystem.h) per
// sample and the channels listed at addPlanarChannels.
#include "sim/Simulation.h"

namespace impactlab {

// Throws InputError when the law rejects its options (the law's field,
// "glocker-pfeiffer.e_t").
SimulationRun simulatePlanar(const PlanarScene& scene, const SimulationOptions& options = {});

}  // namespace impactlab
