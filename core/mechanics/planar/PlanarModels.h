#pragma once
// The model systems of Cataldo & Sampaio, built on PlanarSystem: the bar over
// a fixed barrier (sec. 3.1, Fig. 3.1), the rigid pendulum striking a moving
// surface (sec. 2.9, Fig. 2.6) and the ball between two walls (sec. 4,
// Fig. 4.1). Two free bodies (Fig. 2.4) need no builder: two free bodies in one
// PlanarSystem.
//
// Assumptions the paper leaves open (reference note B2.8, B2.9, B4.14):
//  - the barrier of sec. 3 is the ground y = 0;
//  - the pendulum's surface is the line y = 0, so the pivot is at height
//    L cos(theta0) above it; the surface slides along +x at speed v;
//  - the ball is a solid sphere, J = 2/5 m r^2; the walls are y = 0 and y = h
//    and contacts are radius-aware (the centre touches at y = r and h - r).
#include "mechanics/planar/PlanarSystem.h"

namespace impactlab {

// A uniform thin rod, J = m L^2 / 12 (sec. 3.1).
PlanarBody makeUniformRod(const std::string& name, double mass, double length);
// A solid ball rolling in the plane, J = 2/5 m r^2 (B2.9 assumption).
PlanarBody makeUniformBall(const std::string& name, double mass, double radius);

// The floor y = 0, normal +y.
PlanarWall makeGround(const std::string& name = "ground");

// `rod` free over the walls (by default the ground).
PlanarSystem makeBarSystem(const PlanarBody& rod, const Vec2& gravity,
                           const std::vector<PlanarWall>& walls = {makeGround()});

// `rod` pinned at its left end to the pivot (0, L cos(contactAngle)) above the
// surface y = 0, which slides with velocity (surfaceSpeed, 0). Its tip touches
// the surface at the swing angle theta = contactAngle (Fig. 2.6).
PlanarSystem makePendulumSystem(const PlanarBody& rod, double contactAngle, double surfaceSpeed,
                                const Vec2& gravity);
// The body orientation of the pendulum rod (axis from pivot to tip) at the
// paper's swing angle theta, measured from the downward vertical: theta - pi/2.
double calcPendulumBodyAngle(double swingAngle);

// `ball` between the walls y = 0 (normal +y) and y = height (normal -y).
PlanarSystem makeBallBetweenWallsSystem(const PlanarBody& ball, double height, const Vec2& gravity);

}  // namespace impactlab
