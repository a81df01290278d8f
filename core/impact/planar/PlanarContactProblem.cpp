#include "impact/planar/PlanarContactProblem.h"

#include <cassert>

namespace impactlab {

ImpactProblem makePlanarImpactProblem(const PlanarSystem& system, const PlanarState& state,
                                      const PlanarContact& c, double friction, double restitution) {
    const PlanarContactKinematics k = calcContactKinematics(system, state, c);
    const Vec2 v = k.G * state.qdot + k.wTilde;
    assert(v.y() < 0.0);
    ImpactProblem p;
    const Mat2 W2 = k.G * system.calcInverseMassMatrix() * k.G.transpose();
    p.W = embedPlanarW(0.5 * (W2 + W2.transpose()));
    p.vMinus = Vec3(v.x(), 0.0, v.y());
    p.friction = friction;
    p.restitution = restitution;
    p.systemKineticEnergy = 0.5 * state.qdot.dot(system.calcMassMatrix() * state.qdot);
    if (!k.wTilde.isZero()) p.obstacleVelocity = Vec3(-k.wTilde.x(), 0.0, -k.wTilde.y());   // v = G q' - u2
    return p;
}

}  // namespace impactlab
