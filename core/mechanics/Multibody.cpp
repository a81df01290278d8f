#include "mechanics/Multibody.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace impactlab {

namespace {

using MultibodyJointType = MultibodyJoint::Type;

int countJointPositions(MultibodyJointType t) {
    switch (t) {
    case MultibodyJointType::Free: return 7;
    case MultibodyJointType::Revolute: return 1;
    case MultibodyJointType::Spherical: return 4;
    case MultibodyJointType::Weld: return 0;
    }
    return 0;
}

int countJointVelocities(MultibodyJointType t) {
    switch (t) {
    case MultibodyJointType::Free: return 6;
    case MultibodyJointType::Revolute: return 1;
    case MultibodyJointType::Spherical: return 3;
    case MultibodyJointType::Weld: return 0;
    }
    return 0;
}

// Quaternions are stored (w, x, y, z) in q.
Quat readJointQuat(const Eigen::VectorXd& q, int at) { return Quat(q[at], q[at + 1], q[at + 2], q[at + 3]); }
void writeJointQuat(Eigen::VectorXd& q, int at, const Quat& r) { q.segment<4>(at) << r.w(), r.x(), r.y(), r.z(); }

// d/dt of a unit quaternion turning with angular velocity w, expressed in the
// frame the quaternion maps into: q' = 1/2 (0, w) q.
Eigen::Vector4d calcJointQuatRate(const Quat& r, const Vec3& w) {
    const Quat d = Quat(0.0, w.x(), w.y(), w.z()) * r;
    return 0.5 * Eigen::Vector4d(d.w(), d.x(), d.y(), d.z());
}

// exp of a rotation vector, as a unit quaternion.
Quat makeRotationFromVector(const Vec3& v) {
    const double angle = v.norm();
    if (angle == 0.0) return Quat::Identity();
    return Quat(Eigen::AngleAxisd(angle, v / angle));
}

}  // namespace

Multibody::Multibody(std::vector<RigidBody> bodies, std::vector<MultibodyJoint> joints)
    : bodies_(std::move(bodies)), joints_(std::move(joints)) {
    const int n = static_cast<int>(bodies_.size());
    if (static_cast<int>(joints_.size()) != n) throw InputError("joints", "one joint per body is needed");
    // Parents before children: depth-first from the world, a cycle never reached.
    std::vector<int> state(n, 0);   // 0 unvisited, 1 on the path, 2 done
    roots_.assign(n, -1);
    for (int i = 0; i < n; ++i) {
        const MultibodyJoint& j = joints_[i];
        if (j.parent < -1 || j.parent >= n || j.parent == i)
            throw InputError("joints", "body " + std::to_string(i) + " has no valid parent");
        if (j.type == MultibodyJointType::Free && j.parent != -1)
            throw InputError("joints", "a free body (" + std::to_string(i) + ") has no parent");
    }
    for (int i = 0; i < n; ++i) {
        std::vector<int> path;
        int b = i;
        while (b >= 0 && state[b] == 0) {
            state[b] = 1;
            path.push_back(b);
            b = joints_[b].parent;
        }
        if (b >= 0 && state[b] == 1)
            throw InputError("joints", "the joints of body " + std::to_string(b) + " form a loop");
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            state[*it] = 2;
            order_.push_back(*it);
            const int parent = joints_[*it].parent;
            roots_[*it] = parent < 0 ? *it : roots_[parent];
        }
    }
    // One tree after another (each keeps its parents-first order), so a
    // tree's coordinates are contiguous.
    std::vector<int> firstSeen(n, n);
    for (int k = 0; k < n; ++k) firstSeen[roots_[order_[k]]] = std::min(firstSeen[roots_[order_[k]]], k);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](int a, int b) { return firstSeen[roots_[a]] < firstSeen[roots_[b]]; });
    positionStart_.assign(n, 0);
    velocityStart_.assign(n, 0);
    treeStart_.assign(n, 0);
    treeCount_.assign(n, 0);
    for (int i : order_) {
        if (roots_[i] == i) {
            treeRoots_.push_back(i);
            treeStart_[i] = velocityCount_;
        }
        positionStart_[i] = positionCount_;
        velocityStart_[i] = velocityCount_;
        positionCount_ += countJointPositions(joints_[i].type);
        velocityCount_ += countJointVelocities(joints_[i].type);
        treeCount_[roots_[i]] = velocityCount_ - treeStart_[roots_[i]];
    }
    for (int i = 0; i < n; ++i) {
        treeStart_[i] = treeStart_[roots_[i]];
        treeCount_[i] = treeCount_[roots_[i]];
    }
}

Eigen::VectorXd Multibody::makeReferencePositions() const {
    Eigen::VectorXd q = Eigen::VectorXd::Zero(positionCount_);
    for (int i : order_) {
        const int at = positionStart_[i];
        switch (joints_[i].type) {
        case MultibodyJointType::Free:
            q.segment<3>(at) = bodies_[i].position;
            writeJointQuat(q, at + 3, bodies_[i].orientation.normalized());
            break;
        case MultibodyJointType::Spherical: writeJointQuat(q, at, joints_[i].reference.normalized()); break;
        case MultibodyJointType::Revolute:
        case MultibodyJointType::Weld: break;
        }
    }
    return q;
}

void Multibody::setJointAngle(Eigen::VectorXd& q, int body, double angle) const {
    const MultibodyJoint& j = joints_[body];
    const int at = positionStart_[body];
    if (j.type == MultibodyJointType::Revolute) {
        q[at] = angle;
    } else if (j.type == MultibodyJointType::Spherical) {
        writeJointQuat(q, at, Quat(Eigen::AngleAxisd(angle, j.axis.normalized())) * j.reference.normalized());
    } else {
        throw InputError("joints", "body " + std::to_string(body) + "'s joint has no angle");
    }
}

Eigen::VectorXd Multibody::makeVelocities(const std::vector<RigidBody>& bodies) const {
    Eigen::VectorXd u = Eigen::VectorXd::Zero(velocityCount_);
    for (int i : order_) {
        if (joints_[i].type != MultibodyJointType::Free) continue;
        u.segment<3>(velocityStart_[i]) = bodies[i].velocity;
        u.segment<3>(velocityStart_[i] + 3) = bodies[i].angularVelocity;
    }
    return u;
}

Multibody::Kinematics Multibody::calcKinematics(const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
    Kinematics k;
    calcKinematics(q, u, k);
    return k;
}

void Multibody::calcKinematics(const Eigen::VectorXd& q, const Eigen::VectorXd& u, Kinematics& k,
                               bool jacobians) const {
    const int n = getBodyCount();
    k.bodies = bodies_;
    if (jacobians) {
        k.worldInertia.resize(n);
        k.linearJacobian.setZero(3 * n, velocityCount_);
        k.angularJacobian.setZero(3 * n, velocityCount_);
        k.linearBias.setZero(3, n);
        k.angularBias.setZero(3, n);
    } else {
        // Sized (the blocks below are views into them), never filled.
        k.linearJacobian.resize(3 * n, velocityCount_);
        k.angularJacobian.resize(3 * n, velocityCount_);
    }
    for (int i : order_) {
        const MultibodyJoint& j = joints_[i];
        RigidBody& b = k.bodies[i];
        const int qa = positionStart_[i], ua = velocityStart_[i];
        auto Jv = k.linearJacobian.middleRows<3>(3 * i);
        auto Jw = k.angularJacobian.middleRows<3>(3 * i);
        if (j.type == MultibodyJointType::Free) {
            b.position = q.segment<3>(qa);
            b.orientation = readJointQuat(q, qa + 3);
            b.velocity = u.segment<3>(ua);
            b.angularVelocity = u.segment<3>(ua + 3);
            if (!jacobians) continue;
            Jv.middleCols<3>(ua).setIdentity();
            Jw.middleCols<3>(ua + 3).setIdentity();
            k.worldInertia[i] = b.calcWorldInertia();
            continue;
        }
        // The parent's pose and twist (the world: at rest at the origin).
        const bool world = j.parent < 0;
        const RigidBody* p = world ? nullptr : &k.bodies[j.parent];
        const Quat Rp = world ? Quat::Identity() : p->orientation;
        const Vec3 xp = world ? Vec3::Zero() : p->position;
        const Vec3 wp = world ? Vec3::Zero() : p->angularVelocity;
        const Vec3 vp = world ? Vec3::Zero() : p->velocity;
        const Vec3 a = xp + Rp * j.parentPoint;   // the joint's point, world
        Quat relative = j.reference;
        Vec3 wRel = Vec3::Zero();                  // relative angular velocity, world
        if (j.type == MultibodyJointType::Revolute) {
            relative = Quat(Eigen::AngleAxisd(q[qa], j.axis)) * j.reference;
            const Vec3 axisWorld = Rp * j.axis;
            wRel = axisWorld * u[ua];
            if (jacobians) Jw.col(ua) = axisWorld;
        } else if (j.type == MultibodyJointType::Spherical) {
            relative = readJointQuat(q, qa);
            const Mat3 R = Rp.toRotationMatrix();
            wRel = R * u.segment<3>(ua);
            if (jacobians) Jw.middleCols<3>(ua) = R;
        }
        b.orientation = Rp * relative;
        b.position = a - b.orientation * j.childPoint;
        b.angularVelocity = wp + wRel;
        const Vec3 r1 = a - xp, r2 = b.position - a;
        b.velocity = vp + wp.cross(r1) + b.angularVelocity.cross(r2);
        if (!jacobians) continue;
        // Only the tree's columns: the rest stay zero.
        const int c0 = treeStart_[i], nc = treeCount_[i];
        auto JvTree = Jv.middleCols(c0, nc);
        auto JwTree = Jw.middleCols(c0, nc);
        if (!world) {
            JwTree += k.angularJacobian.block(3 * j.parent, c0, 3, nc);
            JvTree = k.linearJacobian.block(3 * j.parent, c0, 3, nc);
            JvTree.noalias() -= makeCrossMatrix(r1) * k.angularJacobian.block(3 * j.parent, c0, 3, nc);
        }
        JvTree.noalias() -= makeCrossMatrix(r2) * JwTree;
        // Velocity-product accelerations: the joint axis turns with the parent
        // (d/dt (R_p H) u = w_p x w_rel); r1 turns with the parent, r2 with the child.
        const Vec3 alphaP = world ? Vec3::Zero() : Vec3(k.angularBias.col(j.parent));
        const Vec3 accP = world ? Vec3::Zero() : Vec3(k.linearBias.col(j.parent));
        const Vec3 alpha = alphaP + wp.cross(wRel);
        const Vec3& w = b.angularVelocity;
        k.angularBias.col(i) = alpha;
        k.linearBias.col(i) = accP + alphaP.cross(r1) + wp.cross(wp.cross(r1)) + alpha.cross(r2) + w.cross(w.cross(r2));
        k.worldInertia[i] = b.calcWorldInertia();
    }
}

Eigen::MatrixXd Multibody::calcMassMatrix(const Kinematics& k) const {
    Eigen::MatrixXd M;
    assembleMassMatrix(k, M);
    return M;
}

Multibody::MassMatrixFactor Multibody::factorMassMatrix(const Kinematics& k, Factorization kind) const {
    return factorMassMatrix(calcMassMatrix(k), kind);
}

Multibody::MassMatrixFactor Multibody::factorMassMatrix(const Eigen::MatrixXd& M, Factorization kind) const {
    MassMatrixFactor f;
    f.kind_ = kind;
    f.size_ = velocityCount_;
    for (int root : treeRoots_) {
        const int c0 = treeStart_[root], nc = treeCount_[root];
        if (nc == 0) continue;   // a welded body alone has no columns
        MassMatrixFactor::Block b;
        b.start = c0;
        b.count = nc;
        bool ok = false;
        if (kind == Factorization::Cholesky) {
            b.cholesky.compute(M.block(c0, c0, nc, nc));
            ok = b.cholesky.info() == Eigen::Success;
        } else {
            b.ldlt.compute(M.block(c0, c0, nc, nc));
            ok = b.ldlt.info() == Eigen::Success && b.ldlt.isPositive() && b.ldlt.vectorD().minCoeff() > 0.0;
        }
        if (!ok)
            throw InputError("bodies", "the joints' mass matrix is not positive definite (a body without mass or inertia)");
        f.blocks_.push_back(std::move(b));
    }
    return f;
}

Eigen::MatrixXd Multibody::MassMatrixFactor::solve(const Eigen::MatrixXd& rhs) const {
    Eigen::MatrixXd x(size_, rhs.cols());
    x.setZero();
    for (const Block& b : blocks_)
        x.middleRows(b.start, b.count) = kind_ == Factorization::Cholesky ? Eigen::MatrixXd(b.cholesky.solve(rhs.middleRows(b.start, b.count)))
                                                                           : Eigen::MatrixXd(b.ldlt.solve(rhs.middleRows(b.start, b.count)));
    return x;
}

// M = sum_i J_v,i^T m_i J_v,i + J_w,i^T I_i J_w,i, each body adding to its
// tree's diagonal block only (its Jacobians are zero elsewhere). The blocks
// are 3 x (a few) columns: plain loops over the upper triangle, mirrored,
// cost a fraction of a general matrix product's packing.
void Multibody::assembleMassMatrix(const Kinematics& k, Eigen::MatrixXd& M) const {
    M.setZero(velocityCount_, velocityCount_);
    for (int i = 0; i < getBodyCount(); ++i) {
        const int c0 = treeStart_[i], nc = treeCount_[i];
        const double m = k.bodies[i].mass;
        const Mat3& I = k.worldInertia[i];
        // Column c of body i's 3-row Jacobian blocks.
        const auto Jv = [&](int c) { return Eigen::Map<const Vec3>(&k.linearJacobian(3 * i, c0 + c)); };
        const auto Jw = [&](int c) { return Eigen::Map<const Vec3>(&k.angularJacobian(3 * i, c0 + c)); };
        for (int b = 0; b < nc; ++b) {
            const Vec3 vb = m * Jv(b);
            const Vec3 wb = I * Jw(b);
            for (int a = 0; a <= b; ++a) M(c0 + a, c0 + b) += Jv(a).dot(vb) + Jw(a).dot(wb);
        }
    }
    M.triangularView<Eigen::StrictlyLower>() = M.transpose();
}

Eigen::VectorXd Multibody::calcAcceleration(const Eigen::VectorXd& q, const Eigen::VectorXd& u, const Vec3& g,
                                            const ForceFunction& addForces) const {
    Workspace& w = work_;
    Kinematics& k = w.kinematics;
    calcKinematics(q, u, k);
    const int n = getBodyCount();
    w.linearForce.resize(3, n);
    w.angularForce.resize(3, n);
    for (int i = 0; i < n; ++i) {
        const RigidBody& b = k.bodies[i];
        const Mat3& I = k.worldInertia[i];
        const Vec3& omega = b.angularVelocity;
        w.linearForce.col(i) = b.mass * (g - k.linearBias.col(i));
        w.angularForce.col(i) = -(I * k.angularBias.col(i) + omega.cross(I * omega));
    }
    // f = sum_i J_v,i^T F_i + J_w,i^T T_i over each body's tree columns.
    w.force.setZero(velocityCount_);
    for (int i = 0; i < n; ++i) {
        const int c0 = treeStart_[i], nc = treeCount_[i];
        const Vec3 F = w.linearForce.col(i), T = w.angularForce.col(i);
        for (int c = 0; c < nc; ++c)
            w.force[c0 + c] += Eigen::Map<const Vec3>(&k.linearJacobian(3 * i, c0 + c)).dot(F) +
                               Eigen::Map<const Vec3>(&k.angularJacobian(3 * i, c0 + c)).dot(T);
    }
    if (addForces) addForces(k, w.force);
    assembleMassMatrix(k, w.M);
    // M is symmetric positive definite and block diagonal: one Cholesky
    // factor per tree, in place (its blocks are a few columns, where a
    // general factorization's bookkeeping costs more than its arithmetic).
    Eigen::VectorXd acceleration = w.force;
    for (int root : treeRoots_) solveTreeBlock(w.M, treeStart_[root], treeCount_[root], acceleration);
    return acceleration;
}

// x := A^-1 x on the diagonal block [c0, c0 + nc) of A, by Cholesky
// (A = L L^T, L left in the block's lower triangle).
void Multibody::solveTreeBlock(Eigen::MatrixXd& A, int c0, int nc, Eigen::VectorXd& x) {
    for (int j = c0; j < c0 + nc; ++j) {
        double d = A(j, j);
        for (int p = c0; p < j; ++p) d -= A(j, p) * A(j, p);
        if (!(d > 0.0)) throw InputError("bodies", "the joints' mass matrix is not positive definite (a body without mass or inertia)");
        A(j, j) = std::sqrt(d);
        for (int i = j + 1; i < c0 + nc; ++i) {
            double v = A(i, j);
            for (int p = c0; p < j; ++p) v -= A(i, p) * A(j, p);
            A(i, j) = v / A(j, j);
        }
    }
    for (int i = c0; i < c0 + nc; ++i) {   // L y = x
        for (int p = c0; p < i; ++p) x[i] -= A(i, p) * x[p];
        x[i] /= A(i, i);
    }
    for (int i = c0 + nc - 1; i >= c0; --i) {   // L^T z = y
        for (int p = i + 1; p < c0 + nc; ++p) x[i] -= A(p, i) * x[p];
        x[i] /= A(i, i);
    }
}

Eigen::VectorXd Multibody::calcPositionRate(const Eigen::VectorXd& q, const Eigen::VectorXd& u) const {
    Eigen::VectorXd qdot = Eigen::VectorXd::Zero(positionCount_);
    for (int i : order_) {
        const int qa = positionStart_[i], ua = velocityStart_[i];
        switch (joints_[i].type) {
        case MultibodyJointType::Free:
            qdot.segment<3>(qa) = u.segment<3>(ua);
            qdot.segment<4>(qa + 3) = calcJointQuatRate(readJointQuat(q, qa + 3), u.segment<3>(ua + 3));
            break;
        case MultibodyJointType::Revolute: qdot[qa] = u[ua]; break;
        case MultibodyJointType::Spherical: qdot.segment<4>(qa) = calcJointQuatRate(readJointQuat(q, qa), u.segment<3>(ua)); break;
        case MultibodyJointType::Weld: break;
        }
    }
    return qdot;
}

void Multibody::normalize(Eigen::VectorXd& q) const {
    for (int i : order_) {
        const MultibodyJointType t = joints_[i].type;
        if (t == MultibodyJointType::Free) writeJointQuat(q, positionStart_[i] + 3, readJointQuat(q, positionStart_[i] + 3).normalized());
        if (t == MultibodyJointType::Spherical) writeJointQuat(q, positionStart_[i], readJointQuat(q, positionStart_[i]).normalized());
    }
}

void Multibody::displace(Eigen::VectorXd& q, const Eigen::VectorXd& du) const {
    for (int i : order_) {
        const int qa = positionStart_[i], ua = velocityStart_[i];
        switch (joints_[i].type) {
        case MultibodyJointType::Free:
            q.segment<3>(qa) += du.segment<3>(ua);
            writeJointQuat(q, qa + 3, (makeRotationFromVector(du.segment<3>(ua + 3)) * readJointQuat(q, qa + 3)).normalized());
            break;
        case MultibodyJointType::Revolute: q[qa] += du[ua]; break;
        case MultibodyJointType::Spherical:
            writeJointQuat(q, qa, (makeRotationFromVector(du.segment<3>(ua)) * readJointQuat(q, qa)).normalized());
            break;
        case MultibodyJointType::Weld: break;
        }
    }
}

Eigen::MatrixXd Multibody::calcPointJacobian(const Kinematics& k, int body, const Vec3& point) const {
    return k.getLinearJacobian(body) - makeCrossMatrix(point - k.bodies[body].position) * k.getAngularJacobian(body);
}

double Multibody::calcKineticEnergy(const Kinematics& k, const Eigen::VectorXd& u) const {
    return 0.5 * u.dot(calcMassMatrix(k) * u);
}

}  // namespace impactlab
