#include "mechanics/planar/PlanarSystem.h"

#include <cassert>
#include <cmath>

namespace impactlab {

Vec2 PlanarPose::calcWorldPoint(const Vec2& bodyPoint) const { return position + rotate2(theta, bodyPoint); }

Vec2 PlanarPose::calcPointVelocity(const Vec2& worldPoint) const {
    return velocity + omega * perp(worldPoint - position);
}

Quat toWorldOrientation(double theta) { return Quat(Eigen::AngleAxisd(theta, -Vec3::UnitY())); }

int PlanarSystem::calcDofCount() const {
    int n = 0;
    for (const PlanarBody& b : bodies) n += b.calcDofCount();
    return n;
}

int PlanarSystem::getFirstDof(int body) const {
    int k = 0;
    for (int i = 0; i < body; ++i) k += bodies[i].calcDofCount();
    return k;
}

// Sec. 3.1: [M] = diag(m, m, J) for a free body; sec. 2.9: J_pivot for a pinned one.
MatX PlanarSystem::calcMassMatrix() const {
    MatX M = MatX::Zero(calcDofCount(), calcDofCount());
    int k = 0;
    for (const PlanarBody& b : bodies) {
        if (b.pinned) {
            M(k, k) = b.calcPivotInertia();
        } else {
            M(k, k) = M(k + 1, k + 1) = b.mass;
            M(k + 2, k + 2) = b.inertia;
        }
        k += b.calcDofCount();
    }
    return M;
}

MatX PlanarSystem::calcInverseMassMatrix() const {
    // M is diagonal in these coordinates.
    return calcMassMatrix().diagonal().cwiseInverse().asDiagonal();
}

PlanarPose PlanarSystem::calcPose(const PlanarState& s, int body) const {
    const PlanarBody& b = bodies[body];
    const int k = getFirstDof(body);
    PlanarPose p;
    if (b.pinned) {
        p.theta = s.q(k);
        p.omega = s.qdot(k);
        p.position = b.pivot - rotate2(p.theta, b.pinOffset);
        p.velocity = p.omega * perp(p.position - b.pivot);
    } else {
        p.position = s.q.segment<2>(k);
        p.theta = s.q(k + 2);
        p.velocity = s.qdot.segment<2>(k);
        p.omega = s.qdot(k + 2);
    }
    return p;
}

// v_P = v_c + omega perp(P - c) (free) or omega perp(P - pivot) (pinned):
// the rows of W_N and W_T of sec. 2.1 before projection on the contact axes.
Mat2X PlanarSystem::calcPointJacobian(const PlanarState& s, int body, const Vec2& P) const {
    Mat2X Jp = Mat2X::Zero(2, calcDofCount());
    const PlanarBody& b = bodies[body];
    const int k = getFirstDof(body);
    const PlanarPose pose = calcPose(s, body);
    if (b.pinned) {
        Jp.col(k) = perp(P - b.pivot);
    } else {
        Jp(0, k) = 1.0;
        Jp(1, k + 1) = 1.0;
        Jp.col(k + 2) = perp(P - pose.position);
    }
    return Jp;
}

// J_pivot theta'' = r x (m g), r = c - pivot (sec. 2.9: (mL^2/3) theta'' + mg(L/2) sin theta = 0).
double PlanarSystem::calcPinnedAngularAcceleration(int body, double theta) const {
    const PlanarBody& b = bodies[body];
    assert(b.pinned);
    const Vec2 r = -rotate2(theta, b.pinOffset);
    return b.mass * cross2(r, gravity) / b.calcPivotInertia();
}

double PlanarSystem::calcSwingAngle(const PlanarState& s, int body) const {
    const PlanarBody& b = bodies[body];
    assert(b.pinned);
    // The direction of r = -R(theta) pinOffset is theta + atan2(-pin_y, -pin_x);
    // the downward vertical is at -pi/2. Linear in theta, so never wrapped.
    return s.q(getFirstDof(body)) + std::atan2(-b.pinOffset.y(), -b.pinOffset.x()) + 0.5 * kPi;
}

double PlanarSystem::calcKineticEnergy(const PlanarState& s) const {
    return 0.5 * s.qdot.dot(calcMassMatrix() * s.qdot);
}

double PlanarSystem::calcPotentialEnergy(const PlanarState& s) const {
    double U = 0.0;
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i)
        U -= bodies[i].mass * gravity.dot(calcPose(s, i).position);
    return U;
}

PlanarState PlanarSystem::makeState(const std::vector<PlanarPose>& poses) const {
    assert(poses.size() == bodies.size());
    PlanarState s;
    s.q = VecX::Zero(calcDofCount());
    s.qdot = VecX::Zero(calcDofCount());
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        const int k = getFirstDof(i);
        if (bodies[i].pinned) {
            s.q(k) = poses[i].theta;
            s.qdot(k) = poses[i].omega;
        } else {
            s.q.segment<2>(k) = poses[i].position;
            s.q(k + 2) = poses[i].theta;
            s.qdot.segment<2>(k) = poses[i].velocity;
            s.qdot(k + 2) = poses[i].omega;
        }
    }
    return s;
}

RigidBody PlanarSystem::makeRigidBody(const PlanarState& s, int body) const {
    const PlanarBody& b = bodies[body];
    const PlanarPose p = calcPose(s, body);
    RigidBody r;
    r.mass = b.mass;
    r.principalInertia = Vec3(b.axialInertia > 0.0 ? b.axialInertia : b.inertia, b.inertia, b.inertia);
    r.position = toWorld3(p.position);
    r.orientation = toWorldOrientation(p.theta);
    r.velocity = toWorld3(p.velocity);
    r.angularVelocity = toWorldAngularVelocity(p.omega);
    return r;
}

void PlanarSystem::setVelocitiesFromRigidBody(PlanarState& s, int body, const RigidBody& image) const {
    assert(!bodies[body].pinned);
    const int k = getFirstDof(body);
    s.qdot.segment<2>(k) = fromWorld3(image.velocity);
    s.qdot(k + 2) = -image.angularVelocity.y();
}

}  // namespace impactlab
