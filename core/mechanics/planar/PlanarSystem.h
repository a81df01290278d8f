#pragma once
// Planar rigid-body systems in generalized coordinates (Cataldo & Sampaio,
// sec. 2.1, 2.6.1, 2.9, 3.1 and 4): the mass matrix [M](q) and the velocity of
// body points, from which contacts build [W] (PlanarContact.h).
//
// Coordinates. A free body contributes q_i = (x, y, theta): its centre of mass
// and its orientation. A body pinned to the world at a fixed pivot
// contributes q_i = (theta) only. theta is the angle of the body's x axis,
// counter-clockwise from the world x axis (for a rod: its axis, pointing from
// its "left" end to its "right" end, as in Fig. 3.1); omega = theta-dot. The
// pendulum's angle of Fig. 2.6 (from the downward vertical) is
// calcSwingAngle(), not a coordinate. In these coordinates M is constant:
// diag(m, m, J) per free body (sec. 3.1) and J + m d^2 per pinned body
// (Steiner; J = mL^2/3 for the rod of sec. 2.9).
//
// Units: SI. Gravity is a planar vector (m/s^2).
//
// Mapping to the 3D world (z up, as the app draws it): planar (x, y) is world
// (x, 0, y); theta is a rotation by theta about world -y, and omega the angular
// velocity (0, -omega, 0). Seen from -y (x to the right, z up) the planar
// picture is not mirrored: counter-clockwise stays counter-clockwise.
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "mechanics/RigidBody.h"

namespace impactlab {

using VecX = Eigen::VectorXd;
using MatX = Eigen::MatrixXd;
using Mat2X = Eigen::Matrix<double, 2, Eigen::Dynamic>;

// The outline contacts are detected with. A rod is a segment (its thickness is
// only drawn, as the paper's bar ends touch at y -/+ (L/2) sin theta); a disc is
// a disc or a ball moving in its plane of symmetry.
struct PlanarGeometry {
    enum class Kind { Rod, Disc };
    Kind kind = Kind::Rod;
    double length = 1.0;   // m, rod
    double radius = 0.1;   // m, disc
};

struct PlanarBody {
    std::string name;
    double mass = 1.0;            // kg
    double inertia = 1.0 / 12.0;  // kg m^2, J about the centre of mass (out of plane)
    PlanarGeometry geometry;
    bool pinned = false;
    Vec2 pivot = Vec2::Zero();      // m, world; pinned bodies turn about it
    Vec2 pinOffset = Vec2::Zero();  // m, body frame: the pin relative to the centre of mass
    // kg m^2, about the body x axis: used only by the body's 3D image (a rod's
    // moment about its own axis, which planar motion never excites); 0: J.
    double axialInertia = 0.0;

    int calcDofCount() const { return pinned ? 1 : 3; }
    double calcPivotInertia() const { return inertia + mass * pinOffset.squaredNorm(); }
    // The ends of a rod in the body frame: (-L/2, 0) "left", (+L/2, 0) "right".
    Vec2 calcRodEnd(int side) const { return Vec2((side == 0 ? -0.5 : 0.5) * geometry.length, 0.0); }
};

// A straight boundary bodies cannot cross: the half-plane n . (p - point) >= 0
// is free. It may slide along itself (the moving surface of Fig. 2.6): its
// velocity is the explicit time dependence w~ of sec. 2.1.
struct PlanarWall {
    std::string name;
    Vec2 point = Vec2::Zero();        // m
    Vec2 normal = Vec2::UnitY();      // unit, into the free side
    Vec2 velocity = Vec2::Zero();     // m/s
};

// Pose and twist of one body, derived from the state.
struct PlanarPose {
    Vec2 position = Vec2::Zero();   // m, centre of mass
    double theta = 0.0;             // rad
    Vec2 velocity = Vec2::Zero();   // m/s
    double omega = 0.0;             // rad/s

    Vec2 calcWorldPoint(const Vec2& bodyPoint) const;
    Vec2 calcPointVelocity(const Vec2& worldPoint) const;   // v + omega x r
};

struct PlanarState {
    VecX q;      // generalized coordinates
    VecX qdot;   // generalized velocities
};

struct PlanarSystem {
    std::vector<PlanarBody> bodies;
    std::vector<PlanarWall> walls;
    Vec2 gravity = Vec2(0.0, -9.81);   // m/s^2

    int calcDofCount() const;
    int getFirstDof(int body) const;   // index of body's first coordinate in q
    MatX calcMassMatrix() const;       // [M]; constant in these coordinates
    MatX calcInverseMassMatrix() const;

    PlanarPose calcPose(const PlanarState& state, int body) const;
    // v_P = Jp qdot for the world point P moving with `body` (2 x n).
    Mat2X calcPointJacobian(const PlanarState& state, int body, const Vec2& worldPoint) const;
    // theta-double-dot of a pinned body under gravity (free flight).
    double calcPinnedAngularAcceleration(int body, double theta) const;
    // The angle of the line pivot -> centre of mass from the downward vertical,
    // counter-clockwise (theta of Fig. 2.6); pinned bodies only.
    double calcSwingAngle(const PlanarState& state, int body) const;

    double calcKineticEnergy(const PlanarState& state) const;    // J, 1/2 qdot^T M qdot
    double calcPotentialEnergy(const PlanarState& state) const;  // J, -sum m g . c (zero at the origin)

    // A state from the bodies' poses; pinned bodies read theta and omega only.
    PlanarState makeState(const std::vector<PlanarPose>& poses) const;

    // The body as a 3D rigid body in the world (see the mapping above), for
    // drawing and for the 3D contact code. Principal moments: body y (the
    // plane's normal) and body z are J, body x is axialInertia (J when 0).
    RigidBody makeRigidBody(const PlanarState& state, int body) const;
    // Sets a free body's velocities from its 3D image (the inverse mapping).
    void setVelocitiesFromRigidBody(PlanarState& state, int body, const RigidBody& image) const;
};

// The 3D images of planar vectors and rotations (see the mapping above).
inline Vec3 toWorld3(const Vec2& p) { return Vec3(p.x(), 0.0, p.y()); }
inline Vec2 fromWorld3(const Vec3& p) { return Vec2(p.x(), p.z()); }
Quat toWorldOrientation(double theta);
inline Vec3 toWorldAngularVelocity(double omega) { return Vec3(0.0, -omega, 0.0); }

// perp(v) = (-v_y, v_x): omega x r in the plane is omega perp(r).
inline Vec2 perp(const Vec2& v) { return Vec2(-v.y(), v.x()); }
inline double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }
inline Vec2 rotate2(double theta, const Vec2& v) {
    const double c = std::cos(theta), s = std::sin(theta);
    return Vec2(c * v.x() - s * v.y(), s * v.x() + c * v.y());
}

}  // namespace impactlab
