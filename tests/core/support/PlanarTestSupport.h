#pragma once
// The planar examples of Cataldo & Sampaio (2002) as problems, shared by the
// impact/planar/test_planar_*.cpp suites: the bar of sec. 3.1 at body level, the rigid
// pendulum of sec. 2.9 in generalized coordinates, the ball of sec. 4.
#include <cmath>
#include <string>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"

namespace impactlab::test {

// The bar of Fig. 3.1: m, L, J = m L^2 / 12, at angle theta, touching the fixed
// floor y = 0 at its left end (x_c - L/2 cos, y_c - L/2 sin), or its right end.
// A 3D RigidBody whose axial inertia is tiny but positive: the contact impulse
// and the couple about z never excite it (r is along the bar axis).
struct Bar {
    double mass = 1.0;
    double length = 1.0;
    double angle = kPi / 4;
    bool rightEnd = false;
    Vec3 velocity = Vec3::Zero();   // of the centre of mass, world (x, y, 0)
    double angularVelocity = 0.0;   // thetadot about z

    TwoBodyContact makeContact() const {
        const double J = mass * length * length / 12.0;
        RigidBody bar;
        bar.mass = mass;
        bar.principalInertia = Vec3(1e-9 * J, J, J);   // body x along the bar
        bar.orientation = Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ()));
        const Vec3 axis(std::cos(angle), std::sin(angle), 0.0);
        const Vec3 contactPoint = Vec3::Zero();
        bar.position = contactPoint + (rightEnd ? -1.0 : 1.0) * 0.5 * length * axis;
        bar.velocity = velocity;
        bar.angularVelocity = Vec3(0.0, 0.0, angularVelocity);
        TwoBodyContact c;
        c.body1 = bar;
        c.body2 = RigidBody::makeFixed();
        c.point = contactPoint;
        c.frame = ContactFrame::makeFromNormal(Vec3::UnitY());   // t1 = x, t2 = -z, n = y
        return c;
    }
    ImpactProblem makeProblem(double friction, double restitution) const {
        return ImpactProblem::makeBodyLevel(makeContact(), friction, restitution);
    }
};

// The contact-level bar of B2.1-B2.4: W = [[C, 0, -B], [0, 1, 0], [-B, 0, A]]
// with A = 2.5, B = 1.5, C = 2.5, v^- = (D_TA, 0, D_NA).
inline ImpactProblem makeBarContactProblem(double vt, double vn, double friction, double restitution) {
    Mat3 W;
    W << 2.5, 0.0, -1.5, 0.0, 1.0, 0.0, -1.5, 0.0, 2.5;
    return ImpactProblem::makeContactLevel(W, Vec3(vt, 0.0, vn), friction, restitution);
}

// The rigid pendulum of sec. 2.9 (reference B1.6): mass m, length L, pivoted at
// the top, J = m L^2 / 3, its tip meeting a floor that moves at v, at angle
// theta0 from the downward vertical. In generalized coordinates
//   D_N = L thetadot sin(theta0),  D_T = L thetadot cos(theta0) - v,
//   [M~_L] = (L^2 / J) [[s^2, s c], [s c, c^2]]   (singular),
// so in the contact frame W_nn = (L^2/J) s^2, W_tt = (L^2/J) c^2,
// W_tn = (L^2/J) s c (W_t2t2 = 1 is arbitrary: nothing acts along t2).
// Built directly: ImpactProblem::validate() rejects a singular W.
struct Pendulum {
    double mass = 1.0;
    double length = 1.0;
    double theta0 = kPi / 6;
    double thetadotA = -2.0;
    double floorSpeed = 0.0;   // v

    double J() const { return mass * length * length / 3.0; }
    ImpactProblem makeProblem(double friction, double restitution) const {
        const double k = length * length / J(), s = std::sin(theta0), c = std::cos(theta0);
        ImpactProblem p;
        p.W << k * c * c, 0.0, k * s * c, 0.0, 1.0, 0.0, k * s * c, 0.0, k * s * s;
        p.vMinus = Vec3(length * thetadotA * c - floorSpeed, 0.0, length * thetadotA * s);
        p.friction = friction;
        p.restitution = restitution;
        return p;
    }
    // thetadot after an impulse (I_t, I_n) at the tip: J dthetadot = L (s I_n + c I_t).
    double calcThetadotAfter(const Vec3& impulse) const {
        return thetadotA + length * (std::sin(theta0) * impulse.z() + std::cos(theta0) * impulse.x()) / J();
    }
};

// The ball of sec. 4 (B1.9) at the lower wall: m = 1, r = 0.1, J = 2/5 m r^2
// (the reference's assumption; the paper does not state J): W_nn = 1/m,
// W_tt = 1/m + r^2/J = 3.5, no coupling.
inline ImpactProblem makeBallProblem(double vt, double vn, double friction, double restitution) {
    const Mat3 W = Vec3(3.5, 3.5, 1.0).asDiagonal();
    return ImpactProblem::makeContactLevel(W, Vec3(vt, 0.0, vn), friction, restitution);
}

inline bool hasWarning(const ImpactResult& r, const std::string& text) {
    for (const std::string& w : r.warnings)
        if (w.find(text) != std::string::npos) return true;
    return false;
}

inline double energyChange(const ImpactResult& r) { return r.energyAfter - r.energyBefore; }

}  // namespace impactlab::test
