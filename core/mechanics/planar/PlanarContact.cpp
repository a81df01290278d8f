#include "mechanics/planar/PlanarContact.h"

namespace impactlab {

PlanarContactKinematics calcContactKinematics(const PlanarSystem& system, const PlanarState& state,
                                              const PlanarContact& c) {
    Mat2X dJ = system.calcPointJacobian(state, c.body1, c.point);
    Vec2 u = Vec2::Zero();   // velocity of body 2's material point not carried by qdot
    if (c.body2 >= 0) dJ -= system.calcPointJacobian(state, c.body2, c.point);
    else u = system.walls[c.wall].velocity;
    const Vec2 t = c.calcTangent();
    PlanarContactKinematics k;
    k.G.resize(2, dJ.cols());
    k.G.row(0) = t.transpose() * dJ;
    k.G.row(1) = c.normal.transpose() * dJ;
    k.wTilde = -Vec2(t.dot(u), c.normal.dot(u));
    return k;
}

Vec2 calcContactVelocity(const PlanarSystem& system, const PlanarState& state, const PlanarContact& c) {
    const PlanarContactKinematics k = calcContactKinematics(system, state, c);
    return k.G * state.qdot + k.wTilde;
}

Mat2 calcPlanarW(const PlanarSystem& system, const PlanarState& state, const PlanarContact& c) {
    const Mat2X G = calcContactKinematics(system, state, c).G;
    const Mat2 W = G * system.calcInverseMassMatrix() * G.transpose();
    return 0.5 * (W + W.transpose());   // exact symmetry despite round-off
}

// Eq. 2.2: [M~_L] = [[A, -B], [-B, C]] on (I_N, I_T); W2 is the same matrix on (I_T, I_N).
LocalMassMatrix calcLocalMassMatrix(const Mat2& W2) { return {W2(1, 1), -W2(0, 1), W2(0, 0)}; }

Mat3 embedPlanarW(const Mat2& W2) {
    Mat3 W = Mat3::Zero();
    W(0, 0) = W2(0, 0);
    W(0, 2) = W(2, 0) = W2(0, 1);
    W(2, 2) = W2(1, 1);
    W(1, 1) = W2.trace();
    return W;
}

ContactFrame calcWorldContactFrame(const PlanarContact& c) {
    return ContactFrame::makeFromNormalAndTangent(toWorld3(c.normal), toWorld3(c.calcTangent()));
}

std::optional<TwoBodyContact> makePlanarTwoBodyContact(const PlanarSystem& system, const PlanarState& state,
                                                       const PlanarContact& c) {
    if (system.bodies[c.body1].pinned || (c.body2 >= 0 && system.bodies[c.body2].pinned)) return std::nullopt;
    TwoBodyContact tbc;
    tbc.body1 = system.makeRigidBody(state, c.body1);
    if (c.body2 >= 0) {
        tbc.body2 = system.makeRigidBody(state, c.body2);
    } else {
        tbc.body2 = RigidBody::makeFixed();
        tbc.body2.velocity = toWorld3(system.walls[c.wall].velocity);
    }
    tbc.point = toWorld3(c.point);
    tbc.frame = calcWorldContactFrame(c);
    return tbc;
}

void applyPlanarImpulse(const PlanarSystem& system, PlanarState& state, const PlanarContact& c,
                        const Vec3& impulse) {
    const Mat2X G = calcContactKinematics(system, state, c).G;
    state.qdot += system.calcInverseMassMatrix() * G.transpose() * Vec2(impulse.x(), impulse.z());
}

}  // namespace impactlab
