#pragma once
// One contact of a planar system: its Jacobian [W] and the local mass matrix of
// Cataldo & Sampaio sec. 2.2 / 2.6.1 (the single-contact ImpactProblem it hands
// to any law is built in impact/planar/PlanarContactProblem.h: mechanics/ does
// not depend on impact/).
//
// Convention (docs/design.md; Cataldo & Sampaio sec. 2.6.1): the unit normal n
// points from body 2 (another body, a wall, the moving surface) into body 1;
// the tangent is t = (n_y, -n_x), so (t, n) is oriented like (x, y). The
// relative contact velocity is v = v1(P) - v2(P) = G qdot + w~ with
//   G = [t^T (Jp1 - Jp2); n^T (Jp1 - Jp2)]   (2 x n; rows W_T^T, W_N^T of sec. 2.1)
//   w~ = -(t . u, n . u) for a wall sliding with velocity u (sec. 2.9, w~_T = -v),
// the bodies approach when v_n < 0, and an impulse I = (I_t, I_n) acts on body 1
// (and -I on body 2): [M] dqdot = G^T I (sec. 2.1), dv = W2 I with
//   W2 = G M^-1 G^T = [[C, -B], [-B, A]] in (t, n) order,
// the inverse of the local mass matrix [M_L]; the paper writes the same matrix
// as [M~_L] = [[A, -B], [-B, C]] acting on (I_N, I_T) (eq. 2.2).
//
// Paper conventions converted here, once: sec. 2.1 defines D from P1 to P2
// (D = P2 - P1); sec. 2.6.1 and every model use body 1 minus body 2 with the
// impulse on body 1, which is the project's convention (reference note B4.1).
// The paper orders vectors (N, T); the problem orders them [t1, t2, n].
//
// The 3D problem: t1 = t, n = n and t2 = n x t1 = world +y (PlanarSystem.h maps
// the plane to world x-z). Planar motion never excites t2, so W is embedded
// with t2 decoupled: W(0,1) = W(1,2) = 0 and W(1,1) = trace(W2), a positive
// value of the same scale (the laws then never produce an impulse along t2).
#include <optional>

#include "mechanics/ContactFrame.h"
#include "mechanics/TwoBodyContact.h"
#include "mechanics/planar/PlanarSystem.h"

namespace impactlab {

struct PlanarContact {
    int body1 = 0;
    int body2 = -1;                // another body, or -1 for a wall
    int wall = -1;                 // when body2 < 0
    Vec2 point = Vec2::Zero();     // m, world
    Vec2 normal = Vec2::UnitY();   // unit, from body 2 into body 1

    Vec2 calcTangent() const { return Vec2(normal.y(), -normal.x()); }
};

// The local mass matrix of eq. 2.2 in the paper's notation.
struct LocalMassMatrix {
    double A = 0.0;   // 1/kg: dv_N / dI_N
    double B = 0.0;   // 1/kg: -dv_N / dI_T = -dv_T / dI_N
    double C = 0.0;   // 1/kg: dv_T / dI_T
};

struct PlanarContactKinematics {
    Mat2X G;                   // rows t, n (sec. 2.1: W_T^T, W_N^T)
    Vec2 wTilde = Vec2::Zero();   // m/s, (t, n)
};

PlanarContactKinematics calcContactKinematics(const PlanarSystem& system, const PlanarState& state,
                                              const PlanarContact& contact);
// (v_t, v_n) = G qdot + w~.
Vec2 calcContactVelocity(const PlanarSystem& system, const PlanarState& state, const PlanarContact& contact);
// W2 = G M^-1 G^T in (t, n) order.
Mat2 calcPlanarW(const PlanarSystem& system, const PlanarState& state, const PlanarContact& contact);
LocalMassMatrix calcLocalMassMatrix(const Mat2& W2);
// The 3x3 contact-frame W [t1, t2, n] with t2 decoupled (see above).
Mat3 embedPlanarW(const Mat2& W2);

// The world frame (t1, t2, n) of the 3D problem; ContactFrame's own
// construction, so t2 = n x t1 = world +y.
ContactFrame calcWorldContactFrame(const PlanarContact& contact);

// The same contact between the bodies' 3D images (PlanarSystem::makeRigidBody;
// a wall is a fixed body moving with the wall), when no pinned body takes part:
// ImpactProblem::makeBodyLevel of it has the same (t1, n) block of W and the
// same v- (tested), plus the bodies that laws with a moment impulse (Brach,
// C-S) and body-level reports need. nullopt when a body is pinned.
std::optional<TwoBodyContact> makePlanarTwoBodyContact(const PlanarSystem& system, const PlanarState& state,
                                                       const PlanarContact& contact);

// qdot += M^-1 G^T (I_t1, I_n): the jump equation of sec. 2.1. The impulse is
// in the contact frame [t1, t2, n]; its t2 part (zero for planar problems) is
// ignored.
void applyPlanarImpulse(const PlanarSystem& system, PlanarState& state, const PlanarContact& contact,
                        const Vec3& impulse);

}  // namespace impactlab
