#include "sim/CompliantModel.h"

#include <limits>

namespace impactlab::compliant {

namespace {

// Centres closer than this (m) have no defined normal; the world z axis is used
// (only reachable by bodies passing through each other).
constexpr double kMinCentreDistance = 1e-300;

}  // namespace

CompliantContactSample makeContactSample(const CompliantContactState& s, const Vec3& impulse) {
    CompliantContactSample cs;
    cs.penetration = s.penetration;
    cs.penetrationRate = s.penetrationRate;
    cs.normalForce = s.normalForce;
    cs.frictionForce = s.frictionForce;
    cs.tangentialVelocity = s.tangentialVelocity();
    cs.normalVelocity = s.relativeVelocity.z();
    cs.impulse = impulse;
    cs.point = s.point;
    cs.normal = s.frame.n();
    return cs;
}

Model::Model(const CompliantSystem& system) : system_(system) {
    int offset = 0;
    for (const RigidBody& b : system.bodies) {
        bodyOffset_.push_back(b.fixed ? -1 : offset);
        if (!b.fixed) offset += kBodyStateSize;
    }
    contactOffset_ = offset;
    size_ = offset + kContactStateSize * static_cast<int>(system.contacts.size());
    for (const CompliantPlane& p : system.planes) {
        planeNormal_.push_back(p.normal.normalized());
        planeFrame_.push_back(ContactFrame::makeFromNormal(p.normal));
    }
    for (const CompliantPair& c : system.contacts) {
        const CompliantSphere& s1 = system.spheres[c.sphere1];
        const bool plane = c.kind == CompliantPairKind::SpherePlane;
        const CompliantMaterial& m2 = plane ? system.planes[c.plane].material : system.spheres[c.sphere2].material;
        const double r2 = plane ? std::numeric_limits<double>::infinity() : system.spheres[c.sphere2].radius;
        stiffness_.push_back(calcHertzStiffness(calcRelativeRadius(s1.radius, r2),
                                                calcEffectiveModulus(s1.material, m2)));
        dissipation_.push_back(calcEffectiveDissipation(s1.material, m2));
    }
    poses_.resize(system.bodies.size());
    force_.resize(system.bodies.size());
    torque_.resize(system.bodies.size());
}

Eigen::VectorXd Model::makeInitialState() const {
    Eigen::VectorXd y = Eigen::VectorXd::Zero(size_);
    for (size_t b = 0; b < system_.bodies.size(); ++b) {
        const int o = bodyOffset_[b];
        if (o < 0) continue;
        const RigidBody& body = system_.bodies[b];
        const Quat q = body.orientation.normalized();
        y.segment<4>(o + 3) << q.w(), q.x(), q.y(), q.z();
        y.segment<3>(o + 7) = body.velocity;
        y.segment<3>(o + 10) = body.angularVelocity;
    }
    return y;
}

void Model::calcPoses(const Eigen::VectorXd& y, std::vector<Pose>& poses) const {
    poses.resize(system_.bodies.size());
    for (size_t b = 0; b < system_.bodies.size(); ++b) {
        const RigidBody& body = system_.bodies[b];
        Pose& p = poses[b];
        const int o = bodyOffset_[b];
        if (o < 0) {
            p.x = body.position;
            p.q = body.orientation.normalized();
            p.R = p.q.toRotationMatrix();
            p.v.setZero();
            p.w.setZero();
            continue;
        }
        p.x = body.position + y.segment<3>(o);
        p.q = Quat(y[o + 3], y[o + 4], y[o + 5], y[o + 6]).normalized();
        p.R = p.q.toRotationMatrix();
        p.v = y.segment<3>(o + 7);
        p.w = y.segment<3>(o + 10);
    }
}

double Model::calcPenetration(const std::vector<Pose>& poses, int c) const {
    const CompliantPair& pair = system_.contacts[c];
    const CompliantSphere& s1 = system_.spheres[pair.sphere1];
    const Pose& p1 = poses[s1.body];
    const Vec3 c1 = p1.x + p1.R * s1.center;
    if (pair.kind == CompliantPairKind::SpherePlane)
        return s1.radius - planeNormal_[pair.plane].dot(c1 - system_.planes[pair.plane].point);
    const CompliantSphere& s2 = system_.spheres[pair.sphere2];
    const Pose& p2 = poses[s2.body];
    return s1.radius + s2.radius - (c1 - (p2.x + p2.R * s2.center)).norm();
}

void Model::calcContact(const std::vector<Pose>& poses, int c, CompliantContactState& s) const {
    const CompliantPair& pair = system_.contacts[c];
    const CompliantSphere& s1 = system_.spheres[pair.sphere1];
    const Pose& p1 = poses[s1.body];
    const Vec3 c1 = p1.x + p1.R * s1.center;
    Vec3 v2 = Vec3::Zero();
    if (pair.kind == CompliantPairKind::SpherePlane) {
        const Vec3& n = planeNormal_[pair.plane];
        const double distance = n.dot(c1 - system_.planes[pair.plane].point);
        s.penetration = s1.radius - distance;
        s.point = c1 - (s1.radius - 0.5 * s.penetration) * n;
        s.frame = planeFrame_[pair.plane];
    } else {
        const CompliantSphere& s2 = system_.spheres[pair.sphere2];
        const Pose& p2 = poses[s2.body];
        const Vec3 c2 = p2.x + p2.R * s2.center;
        const Vec3 d = c1 - c2;
        const double len = d.norm();
        const Vec3 n = len > kMinCentreDistance ? Vec3(d / len) : Vec3(Vec3::UnitZ());
        s.penetration = s1.radius + s2.radius - len;
        s.point = c2 + (s2.radius - 0.5 * s.penetration) * n;
        s.frame = ContactFrame::makeFromUnitNormal(n);
        v2 = p2.v + p2.w.cross(s.point - p2.x);
    }
    const Vec3 v1 = p1.v + p1.w.cross(s.point - p1.x);
    s.relativeVelocity = s.frame.toLocal(v1 - v2);
    s.penetrationRate = -s.relativeVelocity.z();
    calcCompliantForces(stiffness_[c], dissipation_[c], pair.friction, s);
}

void Model::calcContacts(const Eigen::VectorXd& y, std::vector<CompliantContactState>& out) const {
    calcPoses(y, poses_);
    out.resize(system_.contacts.size());
    for (int c = 0; c < getContactCount(); ++c) calcContact(poses_, c, out[c]);
}

void Model::calcContactAt(const Eigen::VectorXd& y, int c, CompliantContactState& out) const {
    calcPoses(y, poses_);
    calcContact(poses_, c, out);
}

void Model::calcDerivative(const Eigen::VectorXd& y, Eigen::VectorXd& dydt) const {
    calcPoses(y, poses_);
    for (size_t b = 0; b < system_.bodies.size(); ++b) {
        force_[b].setZero();
        torque_[b].setZero();
    }
    CompliantContactState s;
    for (int c = 0; c < static_cast<int>(system_.contacts.size()); ++c) {
        const int o = contactOffset(c);
        // A pair apart carries no force (eq. 4.2 and the friction bound are
        // zero at zero penetration): most of a row's pairs at any instant.
        if (!(calcPenetration(poses_, c) > 0.0)) {
            dydt.segment<6>(o).setZero();
            continue;
        }
        calcContact(poses_, c, s);
        const Vec3 f = s.calcWorldForce();
        dydt.segment<3>(o) << s.frictionForce.x(), s.frictionForce.y(), s.normalForce;
        dydt.segment<3>(o + 3) = f;
        const CompliantPair& pair = system_.contacts[c];
        const int b1 = system_.spheres[pair.sphere1].body;
        force_[b1] += f;
        torque_[b1] += (s.point - poses_[b1].x).cross(f);
        if (pair.kind == CompliantPairKind::SphereSphere) {
            const int b2 = system_.spheres[pair.sphere2].body;
            force_[b2] -= f;
            torque_[b2] -= (s.point - poses_[b2].x).cross(f);
        }
    }
    for (size_t b = 0; b < system_.bodies.size(); ++b) {
        const int o = bodyOffset_[b];
        if (o < 0) continue;
        const RigidBody& body = system_.bodies[b];
        const Pose& p = poses_[b];
        dydt.segment<3>(o) = p.v;
        // dq/dt = 1/2 (0, omega) q with omega in the world frame.
        const Eigen::Vector4d q = y.segment<4>(o + 3);
        const Vec3 qv = q.tail<3>();
        dydt[o + 3] = -0.5 * p.w.dot(qv);
        dydt.segment<3>(o + 4) = 0.5 * (q[0] * p.w + p.w.cross(qv));
        dydt.segment<3>(o + 7) = force_[b] / body.mass + system_.gravity;
        // Euler's equations in the world frame with I_w = R diag(I) R^T.
        const Vec3 wBody = p.R.transpose() * p.w;
        const Vec3 hBody = body.principalInertia.cwiseProduct(wBody);
        const Vec3 rhsBody = p.R.transpose() * torque_[b] - wBody.cross(hBody);
        dydt.segment<3>(o + 10) = p.R * rhsBody.cwiseQuotient(body.principalInertia);
    }
}

double Model::calcKineticEnergy(const std::vector<Pose>& poses) const {
    double e = 0.0;
    for (size_t b = 0; b < system_.bodies.size(); ++b) {
        if (bodyOffset_[b] < 0) continue;
        const RigidBody& body = system_.bodies[b];
        const Vec3 wBody = poses[b].R.transpose() * poses[b].w;
        e += 0.5 * body.mass * poses[b].v.squaredNorm() + 0.5 * wBody.dot(body.principalInertia.cwiseProduct(wBody));
    }
    return e;
}

CompliantSample Model::makeSample(double t, const Eigen::VectorXd& y, bool withBodies) const {
    std::vector<Pose>& poses = poses_;
    calcPoses(y, poses);
    CompliantSample sample;
    sample.time = t;
    sample.kineticEnergy = calcKineticEnergy(poses);
    CompliantContactState s;
    sample.contacts.reserve(system_.contacts.size());
    for (int c = 0; c < static_cast<int>(system_.contacts.size()); ++c) {
        calcContact(poses, c, s);
        sample.contacts.push_back(makeContactSample(s, y.segment<3>(contactOffset(c))));
        sample.elasticEnergy += s.elasticEnergy;
    }
    if (withBodies) {
        for (const Pose& p : poses) sample.bodies.push_back(BodyState{p.x, p.q, p.v, p.w});
    }
    return sample;
}

std::vector<RigidBody> Model::makeBodies(const Eigen::VectorXd& y) const {
    std::vector<Pose> poses;
    calcPoses(y, poses);
    std::vector<RigidBody> bodies = system_.bodies;
    for (size_t b = 0; b < bodies.size(); ++b) {
        if (bodies[b].fixed) continue;
        bodies[b].position = poses[b].x;
        bodies[b].orientation = poses[b].q;
        bodies[b].velocity = poses[b].v;
        bodies[b].angularVelocity = poses[b].w;
    }
    return bodies;
}

}  // namespace impactlab::compliant
