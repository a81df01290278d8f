// Planar mechanics in generalized coordinates (Cataldo & Sampaio sec. 2): the
// contact Jacobians and local mass matrices of the paper's systems against
// their closed forms, agreement with the 3D contact code, the planar-to-3D
// mapping, and momentum balance of applied impulses.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "impact/planar/PlanarContactProblem.h"
#include "laws/LawRegistry.h"
#include "mechanics/TwoBodyContact.h"
#include "mechanics/planar/PlanarContact.h"
#include "mechanics/planar/PlanarContactGeometry.h"
#include "mechanics/planar/PlanarModels.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// Closed forms and the generalized-coordinate products are a handful of
// flops on O(1) numbers: they agree to round-off.
constexpr double kRoundOffTol = 1e-12;
// Published numbers are printed to six or seven significant digits.
constexpr double kPrintedTol = 5e-6;

// The planar W has structural zeros: exactly zero, not round-off.
constexpr double kStructuralZeroTol = 0.0;

PlanarState makeBarState(const PlanarSystem& s, const Vec2& c, double theta, const Vec2& v, double omega) {
    PlanarPose p;
    p.position = c;
    p.theta = theta;
    p.velocity = v;
    p.omega = omega;
    return s.makeState({p});
}

// The contact of a rod end of body 0 with the floor y = 0 (normal +y).
PlanarContact makeEndContact(const PlanarSystem& s, const PlanarState& st, int end) {
    PlanarContact c;
    c.body1 = 0;
    c.wall = 0;
    c.point = s.calcPose(st, 0).calcWorldPoint(s.bodies[0].calcRodEnd(end));
    c.normal = Vec2::UnitY();
    return c;
}


TEST(PlanarMechanics, BarLocalMassMatrixAtQuarterPi) {
    // Reference note B1.7: m = L = 1, theta = pi/4 gives A = 2.5, B = 1.5, C = 2.5 at either end.
    const PlanarSystem s = makeBarSystem(makeUniformRod("bar", 1.0, 1.0), Vec2(0, -9.81));
    const PlanarState st = makeBarState(s, Vec2(0, 1), kPi / 4, Vec2::Zero(), 0.0);
    for (int end = 0; end < 2; ++end) {
        const LocalMassMatrix L = calcLocalMassMatrix(calcPlanarW(s, st, makeEndContact(s, st, end)));
        EXPECT_NEAR(L.A, 2.5, kRoundOffTol) << "end " << end;
        EXPECT_NEAR(L.B, 1.5, kRoundOffTol) << "end " << end;
        EXPECT_NEAR(L.C, 2.5, kRoundOffTol) << "end " << end;
    }
}

TEST(PlanarMechanics, BarJacobianAndLocalMassMatrixFollowSection3) {
    // Sec. 3.2.2 / B1.7: left end W_N = (0, 1, -(L/2) cos), W_T = (1, 0, (L/2) sin);
    // right end the signs of the theta entries flip; A = (1 + 3 cos^2)/m,
    // B = 3 sin cos / m, C = (1 + 3 sin^2)/m for any L.
    for (double m : {0.5, 1.0, 3.0}) {
        for (double L : {0.4, 1.0, 2.5}) {
            for (double theta : {-1.1, -0.3, 0.2, kPi / 4, 1.4}) {
                const PlanarSystem s = makeBarSystem(makeUniformRod("bar", m, L), Vec2(0, -9.81));
                const PlanarState st = makeBarState(s, Vec2(0.3, 2.0), theta, Vec2::Zero(), 0.0);
                const double c = std::cos(theta), sn = std::sin(theta);
                for (int end = 0; end < 2; ++end) {
                    const double sign = end == 0 ? -1.0 : 1.0;
                    const PlanarContact ct = makeEndContact(s, st, end);
                    const Mat2X G = calcContactKinematics(s, st, ct).G;
                    EXPECT_NEAR((G.row(0) - Eigen::RowVector3d(1, 0, -sign * 0.5 * L * sn)).norm(), 0, kRoundOffTol);
                    EXPECT_NEAR((G.row(1) - Eigen::RowVector3d(0, 1, sign * 0.5 * L * c)).norm(), 0, kRoundOffTol);
                    const LocalMassMatrix LM = calcLocalMassMatrix(calcPlanarW(s, st, ct));
                    EXPECT_NEAR(LM.A, (1 + 3 * c * c) / m, kRoundOffTol);
                    EXPECT_NEAR(LM.B, 3 * sn * c / m, kRoundOffTol);
                    EXPECT_NEAR(LM.C, (1 + 3 * sn * sn) / m, kRoundOffTol);
                }
            }
        }
    }
}

TEST(PlanarMechanics, TwoFreeBodiesFollowEquation2_2) {
    // Sec. 2.6.1, Fig. 2.4: contact at the origin, u_T = x, u_N = y;
    // W_T = (1, 0, y1, -1, 0, -y2), W_N = (0, 1, -x1, 0, -1, x2).
    PlanarSystem s;
    s.gravity = Vec2::Zero();
    s.bodies = {makeUniformRod("one", 2.0, 1.3), makeUniformBall("two", 0.7, 0.4)};
    s.bodies[1].inertia = 0.09;
    const double x1 = 0.35, y1 = 0.52, x2 = -0.21, y2 = -0.4;
    PlanarPose p1, p2;
    p1.position = Vec2(x1, y1);
    p1.theta = 0.7;
    p2.position = Vec2(x2, y2);
    const PlanarState st = s.makeState({p1, p2});
    PlanarContact c;
    c.body1 = 0;
    c.body2 = 1;
    c.point = Vec2::Zero();
    c.normal = Vec2::UnitY();
    const Mat2X G = calcContactKinematics(s, st, c).G;
    Eigen::Matrix<double, 1, 6> WT, WN;
    WT << 1, 0, y1, -1, 0, -y2;
    WN << 0, 1, -x1, 0, -1, x2;
    EXPECT_NEAR((G.row(0) - WT).norm(), 0.0, kRoundOffTol);
    EXPECT_NEAR((G.row(1) - WN).norm(), 0.0, kRoundOffTol);
    const double m1 = s.bodies[0].mass, m2 = s.bodies[1].mass, J1 = s.bodies[0].inertia, J2 = s.bodies[1].inertia;
    const LocalMassMatrix L = calcLocalMassMatrix(calcPlanarW(s, st, c));
    EXPECT_NEAR(L.A, 1 / m1 + 1 / m2 + x1 * x1 / J1 + x2 * x2 / J2, kRoundOffTol);
    EXPECT_NEAR(L.B, x1 * y1 / J1 + x2 * y2 / J2, kRoundOffTol);
    EXPECT_NEAR(L.C, 1 / m1 + 1 / m2 + y1 * y1 / J1 + y2 * y2 / J2, kRoundOffTol);
}

TEST(PlanarMechanics, PendulumOnMovingSurfaceFollowsSection2_9) {
    // Sec. 2.9 / B1.6: [W]^T = [[0 0 L sin], [0 0 L cos]] reduces to (L sin, L cos)
    // for the single coordinate, w~ = (0, -v); [M~_L] = (L^2/J)[[s^2, sc], [sc, c^2]]
    // with J = mL^2/3, singular; D_N = L thetadot sin, D_T = L thetadot cos - v.
    const double m = 1.3, L = 0.8, v = 0.6, thetaDot = -2.0;
    for (double theta0 : {kPi / 6, 0.3, 1.1}) {
        const PlanarSystem s = makePendulumSystem(makeUniformRod("pendulum", m, L), theta0, v, Vec2(0, -9.81));
        PlanarPose p;
        p.theta = calcPendulumBodyAngle(theta0);
        p.omega = thetaDot;
        const PlanarState st = s.makeState({p});
        EXPECT_NEAR(s.calcSwingAngle(st, 0), theta0, kRoundOffTol);
        // The tip touches the surface y = 0 at theta0.
        const auto candidates = listContactCandidates(s);
        ASSERT_EQ(candidates.size(), 1u) << "only the free end can touch";
        const PlanarGap gap = calcGap(s, st, candidates[0]);
        EXPECT_NEAR(gap.gap, 0.0, kRoundOffTol);
        const PlanarContact& c = gap.contact;
        const PlanarContactKinematics k = calcContactKinematics(s, st, c);
        const double sn = std::sin(theta0), cs = std::cos(theta0), J = m * L * L / 3;
        EXPECT_NEAR(k.G(0, 0), L * cs, kRoundOffTol);
        EXPECT_NEAR(k.G(1, 0), L * sn, kRoundOffTol);
        EXPECT_NEAR(k.wTilde.x(), -v, kRoundOffTol);
        EXPECT_NEAR(k.wTilde.y(), 0.0, kRoundOffTol);
        const Vec2 vel = calcContactVelocity(s, st, c);
        EXPECT_NEAR(vel.x(), L * thetaDot * cs - v, kRoundOffTol);
        EXPECT_NEAR(vel.y(), L * thetaDot * sn, kRoundOffTol);
        const Mat2 W2 = calcPlanarW(s, st, c);
        const LocalMassMatrix LM = calcLocalMassMatrix(W2);
        EXPECT_NEAR(LM.A, L * L / J * sn * sn, kRoundOffTol);
        EXPECT_NEAR(LM.B, -L * L / J * sn * cs, kRoundOffTol);
        EXPECT_NEAR(LM.C, L * L / J * cs * cs, kRoundOffTol);
        EXPECT_NEAR(W2.determinant(), 0.0, kRoundOffTol) << "a one-degree-of-freedom contact is singular";
        EXPECT_NEAR(LM.B / LM.C, -std::tan(theta0), kRoundOffTol) << "mu_s = tan theta0";
    }
}

TEST(PlanarMechanics, BallBetweenWallsFollowsSection4) {
    // Sec. 4: lower wall D_N = ydot, D_T = xdot + r thetadot; upper wall
    // D_N = -ydot, D_T = -xdot + r thetadot; B = 0, C = 1/m + r^2/J.
    const double m = 1.0, r = 0.1;
    const PlanarSystem s = makeBallBetweenWallsSystem(makeUniformBall("ball", m, r), 1.01, Vec2::Zero());
    PlanarPose p;
    p.position = Vec2(0.2, 0.5);
    const PlanarState st = s.makeState({p});
    const auto candidates = listContactCandidates(s);
    ASSERT_EQ(candidates.size(), 2u);
    const Eigen::RowVector3d WN[2] = {{0, 1, 0}, {0, -1, 0}};
    const Eigen::RowVector3d WT[2] = {{1, 0, r}, {-1, 0, r}};
    for (int w = 0; w < 2; ++w) {
        const PlanarGap g = calcGap(s, st, candidates[w]);
        EXPECT_NEAR(g.gap, w == 0 ? 0.5 - r : 1.01 - 0.5 - r, kRoundOffTol);
        const Mat2X G = calcContactKinematics(s, st, g.contact).G;
        EXPECT_NEAR((G.row(0) - WT[w]).norm(), 0.0, kRoundOffTol) << "wall " << w;
        EXPECT_NEAR((G.row(1) - WN[w]).norm(), 0.0, kRoundOffTol) << "wall " << w;
        const LocalMassMatrix L = calcLocalMassMatrix(calcPlanarW(s, st, g.contact));
        EXPECT_NEAR(L.A, 1 / m, kRoundOffTol);
        EXPECT_NEAR(L.B, 0.0, kRoundOffTol);
        EXPECT_NEAR(L.C, 1 / m + r * r / (0.4 * m * r * r), kRoundOffTol);
    }
}

TEST(PlanarMechanics, PlanarProblemEqualsThe3DProblemOfTheSameBodies) {
    // The free bar (and two free bodies) as 3D rigid bodies in the x-z plane:
    // TwoBodyContact's W (Jia & Wang eq. 5) and relative velocity must equal the
    // planar G M^-1 G^T and G qdot in the (t1, n) block, with t2 decoupled; and
    // the same impulse must give the same body velocities.
    // The ground slides along x, as the pendulum's surface does (w~ != 0).
    PlanarWall ground = makeGround();
    ground.velocity = Vec2(0.7, 0.0);
    const PlanarSystem bar = makeBarSystem(makeUniformRod("bar", 1.7, 0.9), Vec2(0, -9.81), {ground});
    const PlanarState st = makeBarState(bar, Vec2(0.4, 0.5), 0.63, Vec2(0.8, -2.1), 3.7);
    for (int end = 0; end < 2; ++end) {
        const PlanarContact c = makeEndContact(bar, st, end);
        const std::optional<TwoBodyContact> image = makePlanarTwoBodyContact(bar, st, c);
        ASSERT_TRUE(image.has_value());
        const TwoBodyContact& c3 = *image;
        const Mat3 W3 = c3.calcContactW();
        const Mat3 W = embedPlanarW(calcPlanarW(bar, st, c));
        EXPECT_NEAR(W3(0, 0), W(0, 0), kRoundOffTol);
        EXPECT_NEAR(W3(0, 2), W(0, 2), kRoundOffTol);
        EXPECT_NEAR(W3(2, 2), W(2, 2), kRoundOffTol);
        EXPECT_NEAR(W3(0, 1), 0.0, kRoundOffTol) << "t2 is decoupled in 3D too";
        EXPECT_NEAR(W3(1, 2), 0.0, kRoundOffTol);
        EXPECT_NEAR(W(0, 1), 0.0, kStructuralZeroTol);
        EXPECT_NEAR(W(1, 2), 0.0, kStructuralZeroTol);
        EXPECT_GT(W(1, 1), 0.0);
        const Vec2 v = calcContactVelocity(bar, st, c);
        EXPECT_NEAR((c3.calcContactRelativeVelocity() - Vec3(v.x(), 0, v.y())).norm(), 0.0, kRoundOffTol);

        const Vec3 I(0.31, 0.0, 1.2);
        PlanarState after = st;
        applyPlanarImpulse(bar, after, c, I);
        const RigidBody b2 = bar.makeRigidBody(after, 0);
        const RigidBody b3 = c3.calcAfterImpulse(I).body1;
        EXPECT_NEAR((b2.velocity - b3.velocity).norm(), 0.0, kRoundOffTol);
        EXPECT_NEAR((b2.angularVelocity - b3.angularVelocity).norm(), 0.0, kRoundOffTol);
        // ...and the inverse mapping reads the 3D image back.
        PlanarState back = st;
        bar.setVelocitiesFromRigidBody(back, 0, b3);
        EXPECT_NEAR((back.qdot - after.qdot).norm(), 0.0, kRoundOffTol);
        // The contact-level problem the sim uses for pinned bodies is the same problem.
        ASSERT_LT(v.y(), 0.0) << "both ends approach in this state";
        {
            const ImpactProblem contactLevel = makePlanarImpactProblem(bar, st, c, 0.5, 0.5);
            const ImpactProblem bodyLevel = ImpactProblem::makeBodyLevel(c3, 0.5, 0.5);
            EXPECT_NEAR((bodyLevel.vMinus - contactLevel.vMinus).norm(), 0.0, kRoundOffTol);
        }
    }
    const PlanarSystem pendulum = makePendulumSystem(makeUniformRod("p", 1.0, 1.0), 0.5, 0.0, Vec2(0, -9.81));
    EXPECT_FALSE(makePlanarTwoBodyContact(pendulum, pendulum.makeState({PlanarPose{}}), PlanarContact{}).has_value())
        << "a pinned body has no free 3D image";

    // Two free bodies, both moving.
    PlanarSystem two;
    two.bodies = {makeUniformRod("a", 1.2, 1.0), makeUniformBall("b", 0.6, 0.25)};
    PlanarPose pa, pb;
    pa.position = Vec2(0.1, 0.6);
    pa.theta = -0.4;
    pa.velocity = Vec2(0.3, -1.0);
    pa.omega = 2.0;
    pb.position = Vec2(-0.5, 0.2);
    pb.velocity = Vec2(1.1, 0.4);
    pb.omega = -5.0;
    const PlanarState s2 = two.makeState({pa, pb});
    PlanarContact c;
    c.body1 = 0;
    c.body2 = 1;
    c.point = Vec2(-0.3, 0.35);
    c.normal = Vec2(0.6, 0.8);
    TwoBodyContact c3;
    c3.body1 = two.makeRigidBody(s2, 0);
    c3.body2 = two.makeRigidBody(s2, 1);
    c3.point = toWorld3(c.point);
    c3.frame = calcWorldContactFrame(c);
    const Mat3 W3 = c3.calcContactW();
    const Mat3 W = embedPlanarW(calcPlanarW(two, s2, c));
    EXPECT_NEAR(W3(0, 0), W(0, 0), kRoundOffTol);
    EXPECT_NEAR(W3(0, 2), W(0, 2), kRoundOffTol);
    EXPECT_NEAR(W3(2, 2), W(2, 2), kRoundOffTol);
    const Vec2 v = calcContactVelocity(two, s2, c);
    EXPECT_NEAR((c3.calcContactRelativeVelocity() - Vec3(v.x(), 0, v.y())).norm(), 0.0, kRoundOffTol);
}

TEST(PlanarMechanics, MappingTo3DKeepsPointVelocitiesAndIsNotMirrored) {
    // A rod turning counter-clockwise in the plane (omega > 0) lifts its right
    // end: in 3D (planar y = world z) the right end must rise too.
    const PlanarSystem s = makeBarSystem(makeUniformRod("bar", 1.0, 1.0), Vec2(0, -9.81));
    const PlanarState st = makeBarState(s, Vec2(0.2, 0.7), 0.3, Vec2(0.5, -0.2), 2.5);
    const RigidBody b = s.makeRigidBody(st, 0);
    const PlanarPose p = s.calcPose(st, 0);
    for (int end = 0; end < 2; ++end) {
        const Vec2 P = p.calcWorldPoint(s.bodies[0].calcRodEnd(end));
        // The body x axis carries the rod: its ends are at c -/+ R e_x (L/2).
        const Vec3 P3 = b.position + b.orientation * Vec3(s.bodies[0].calcRodEnd(end).x(), 0, 0);
        EXPECT_NEAR((P3 - toWorld3(P)).norm(), 0.0, kRoundOffTol);
        EXPECT_NEAR((b.calcPointVelocity(P3) - toWorld3(p.calcPointVelocity(P))).norm(), 0.0, kRoundOffTol);
    }
    const Vec3 rightEndSpin = b.angularVelocity.cross(b.orientation * Vec3(0.5, 0, 0));
    EXPECT_GT(rightEndSpin.z(), 0.0);
    EXPECT_NEAR(b.calcKineticEnergy(), s.calcKineticEnergy(st), kRoundOffTol);
}

TEST(PlanarMechanics, ImpulsesKeepMomentumBalance) {
    // Free bodies: body 1 gains the impulse's linear momentum, body 2 loses it,
    // and each body's angular momentum about the contact point is unchanged.
    PlanarSystem two;
    two.gravity = Vec2::Zero();
    two.bodies = {makeUniformRod("a", 1.2, 1.0), makeUniformRod("b", 0.8, 0.6)};
    PlanarPose pa, pb;
    pa.position = Vec2(0.0, 0.5);
    pa.theta = 0.9;
    pa.velocity = Vec2(0.2, -1.0);
    pb.position = Vec2(0.3, -0.1);
    pb.theta = 0.1;
    pb.omega = 1.5;
    PlanarState st = two.makeState({pa, pb});
    PlanarContact c;
    c.body1 = 0;
    c.body2 = 1;
    c.point = Vec2(0.15, 0.05);
    c.normal = Vec2(0.28, 0.96);
    const Vec3 I(-0.4, 0.0, 2.3);
    const Vec2 Iw = I.x() * c.calcTangent() + I.z() * c.normal;
    auto momentum = [&](const PlanarState& x, int i) {
        const PlanarPose p = two.calcPose(x, i);
        const double m = two.bodies[i].mass;
        const double L = cross2(p.position - c.point, m * p.velocity) + two.bodies[i].inertia * p.omega;
        return std::make_pair(Vec2(m * p.velocity), L);
    };
    const auto a0 = momentum(st, 0), b0 = momentum(st, 1);
    applyPlanarImpulse(two, st, c, I);
    const auto a1 = momentum(st, 0), b1 = momentum(st, 1);
    EXPECT_NEAR((a1.first - a0.first - Iw).norm(), 0.0, kRoundOffTol);
    EXPECT_NEAR((b1.first - b0.first + Iw).norm(), 0.0, kRoundOffTol);
    EXPECT_NEAR(a1.second - a0.second, 0.0, kRoundOffTol);
    EXPECT_NEAR(b1.second - b0.second, 0.0, kRoundOffTol);

    // Pendulum: angular momentum about the pivot changes by (P - pivot) x I.
    const PlanarSystem pend = makePendulumSystem(makeUniformRod("p", 1.0, 1.0), kPi / 6, 0.5, Vec2(0, -9.81));
    PlanarPose pp;
    pp.theta = calcPendulumBodyAngle(kPi / 6);
    pp.omega = -2.0;
    PlanarState sp = pend.makeState({pp});
    const PlanarContact cp = calcGap(pend, sp, listContactCandidates(pend)[0]).contact;
    const double Jp = pend.bodies[0].calcPivotInertia();
    const double H0 = Jp * sp.qdot(0);
    const Vec3 Ip(0.3, 0.0, 0.9);
    applyPlanarImpulse(pend, sp, cp, Ip);
    const Vec2 Ipw = Ip.x() * cp.calcTangent() + Ip.z() * cp.normal;
    EXPECT_NEAR(Jp * sp.qdot(0) - H0, cross2(cp.point - pend.bodies[0].pivot, Ipw), kRoundOffTol);
}

TEST(PlanarMechanics, NewtonBarFirstImpactMatchesTheReference) {
    // B2.8: left end at pi/4, v_N = -v0, v_T = 0. Frictionless Newton:
    // I_N = (1 + e) v0 / A; post (xdot, ydot, thetadot) in units of v0:
    // e = 1: (0, -0.2, -3.394113); e = 0.8: (0, -0.28, -3.054701) (the paper's
    // printed (3.5) has 3/(mL) for 6/(mL): B4.2).
    const PlanarSystem s = makeBarSystem(makeUniformRod("bar", 1.0, 1.0), Vec2(0, -9.81));
    const double v0 = 1.0;
    const PlanarState st = makeBarState(s, Vec2(0, 0.5 * std::sin(kPi / 4)), kPi / 4, Vec2(0, -v0), 0.0);
    const PlanarContact c = makeEndContact(s, st, 0);
    const LawInfo& newton = getLaw("newton");
    const struct {
        double e, IN, ydot, thetadot, energyRatio;
    } cases[] = {{1.0, 0.8, -0.2, -3.394113, 1.0}, {0.8, 0.72, -0.28, -3.054701, 0.856}};
    for (const auto& k : cases) {
        const ImpactProblem p = makePlanarImpactProblem(s, st, c, 0.0, k.e);
        EXPECT_NEAR(p.vMinus.z(), -v0, kRoundOffTol);
        EXPECT_NEAR(p.vMinus.x(), 0.0, kRoundOffTol);
        const ImpactResult r = newton.solve(p, nlohmann::json::object(), nullptr);
        ASSERT_EQ(r.status, SolveStatus::Converged);
        EXPECT_NEAR(r.impulse.z(), k.IN, kPrintedTol);
        EXPECT_NEAR(r.impulse.x(), 0.0, kPrintedTol);
        PlanarState after = st;
        applyPlanarImpulse(s, after, c, r.impulse);
        EXPECT_NEAR(after.qdot(0), 0.0, kPrintedTol);
        EXPECT_NEAR(after.qdot(1), k.ydot, kPrintedTol);
        EXPECT_NEAR(after.qdot(2), k.thetadot, kPrintedTol);
        EXPECT_NEAR(s.calcKineticEnergy(after) / s.calcKineticEnergy(st), k.energyRatio, kPrintedTol);
        // The impulse-space energy change (eq. 2.3) is the bodies' energy change.
        EXPECT_NEAR(p.calcEnergyChange(r.impulse), s.calcKineticEnergy(after) - s.calcKineticEnergy(st), kRoundOffTol);
    }
}

TEST(PlanarMechanics, PendulumWithPoissonMatchesTable2_1) {
    // B2.7 (derived from Table 2.1): m = L = 1, theta0 = pi/6, thetadot_A = -2,
    // e_np = 0.5. The registry's Poisson law with Coulomb friction on the
    // singular pendulum W must land in the table's cells.
    const LawInfo& poisson = getLaw("poisson");
    const struct {
        double v, mu, thetaDotE;
        const char* cell;
    } rows[] = {{1.5, 0.3, 1.0, "forward sliding"},
                {1.5, 0.8, 1.0, "forward sliding"},
                {0.5, 0.3, 0.710959, "E-reverse"},
                {0.5, 0.8, 0.577350, "E-stick, v / (L cos theta0)"},
                {-0.5, 0.3, 0.513541, "C-reverse"}};
    for (const auto& row : rows) {
        const PlanarSystem s = makePendulumSystem(makeUniformRod("p", 1.0, 1.0), kPi / 6, row.v, Vec2(0, -9.81));
        PlanarPose pp;
        pp.theta = calcPendulumBodyAngle(kPi / 6);
        pp.omega = -2.0;
        PlanarState st = s.makeState({pp});
        const PlanarContact c = calcGap(s, st, listContactCandidates(s)[0]).contact;
        const ImpactProblem p = makePlanarImpactProblem(s, st, c, row.mu, 0.5);
        const ImpactResult r = poisson.solve(p, nlohmann::json::object(), nullptr);
        ASSERT_EQ(r.status, SolveStatus::Converged) << row.cell;
        applyPlanarImpulse(s, st, c, r.impulse);
        EXPECT_NEAR(st.qdot(0), row.thetaDotE, kPrintedTol) << row.cell << ", v = " << row.v << ", mu = " << row.mu;
    }
}
}}  // namespace
