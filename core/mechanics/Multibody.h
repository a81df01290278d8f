#pragma once
// Rigid bodies joined into trees by joints, in joint coordinates
// (docs/design.md, "Jointed bodies"). Every body has one joint to its parent (a
// body earlier in the tree, or the world):
//  - Free: six degrees of freedom; q = (x, quaternion), u = (v, w), world;
//  - Revolute: a pin about an axis fixed in the parent; q = u' = the angle;
//  - Spherical: a ball joint (a ball on one string); q = the orientation
//    relative to the parent (quaternion), u = the relative angular velocity in
//    the parent's axes;
//  - Weld: no freedom (a sphere fixed to a link's end).
// The joints hold by construction: poses and velocities of the bodies are
// computed from (q, u) by the tree's forward kinematics, so a string keeps its
// length to round-off whatever the integrator does.
//
// Velocities are linear in u: body i's twist is J_i u (J_i 6 x n, linear rows
// first) plus nothing; the equations of motion are Kane's (projection of
// Newton-Euler on the partial velocities):
//   M u' = sum_i J_v,i^T m_i (g - a_i^b) - J_w,i^T (I_i alpha_i^b + w_i x I_i w_i),
//   M = sum_i J_v,i^T m_i J_v,i + J_w,i^T I_i J_w,i,
// with a_i^b, alpha_i^b the accelerations at u' = 0 (the velocity-product
// terms), propagated from parent to child.
#include <Eigen/Dense>
#include <functional>
#include <vector>

#include "mechanics/RigidBody.h"
#include "mechanics/Types.h"

namespace impactlab {

struct MultibodyJoint {
    enum class Type { Free, Revolute, Spherical, Weld };
    Type type = Type::Free;
    int parent = -1;                  // body index, -1: the world
    // The joint's point in the parent's axes about its centre of mass (world
    // when the parent is the world) and in the child's axes, at the reference
    // pose (the bodies as given).
    Vec3 parentPoint = Vec3::Zero();
    Vec3 childPoint = Vec3::Zero();
    // Revolute: unit axis in the parent's axes; spherical: the axis an initial
    // angle turns about (setJointAngle)
    Vec3 axis = Vec3::UnitY();
    // The child's orientation relative to the parent at the reference pose
    // (parent^-1 child), so q = 0 (angle 0, identity rotation) is the pose given.
    Quat reference = Quat::Identity();
};

class Multibody {
public:
    // `bodies` at the reference pose (their velocities ignored) and one joint
    // per body. Throws InputError("joints") when the parents do not form a
    // forest (a cycle, a parent out of range) or a free joint has a parent.
    Multibody(std::vector<RigidBody> bodies, std::vector<MultibodyJoint> joints);

    int getBodyCount() const { return static_cast<int>(bodies_.size()); }
    int getPositionCount() const { return positionCount_; }
    int getVelocityCount() const { return velocityCount_; }
    const MultibodyJoint& getJoint(int body) const { return joints_[body]; }
    // The body whose tree holds `body` (a body joined to the world, or free).
    int getRoot(int body) const { return roots_[body]; }
    // The velocity columns of `body`'s tree (contiguous; its Jacobians are
    // zero outside them).
    int getTreeVelocityStart(int body) const { return treeStart_[body]; }
    int getTreeVelocityCount(int body) const { return treeCount_[body]; }
    // True when a joint joins a and b directly.
    bool areJoined(int a, int b) const {
        return joints_[a].parent == b || joints_[b].parent == a;
    }

    // q at the reference pose: angles 0, identity relative rotations; free
    // bodies where given.
    Eigen::VectorXd makeReferencePositions() const;
    // Turns `body`'s joint by `angle` (rad) from the reference pose: about a
    // revolute joint's axis, or a spherical joint's about its `axis` (the
    // direction it is pulled back in). Free and weld joints: InputError.
    void setJointAngle(Eigen::VectorXd& q, int body, double angle) const;
    // u with free bodies' velocities set from `bodies` (joints at rest).
    Eigen::VectorXd makeVelocities(const std::vector<RigidBody>& bodies) const;

    struct Kinematics {
        std::vector<RigidBody> bodies;   // poses and twists (world)
        // Stacked 3 x n blocks, body i in rows 3i..3i+2: v_i = J_v,i u, w_i = J_w,i u.
        Eigen::MatrixXd linearJacobian, angularJacobian;
        Eigen::Matrix3Xd linearBias;     // column i: a_i at u' = 0
        Eigen::Matrix3Xd angularBias;    // column i: alpha_i at u' = 0
        std::vector<Mat3> worldInertia;  // kg m^2, about each centre of mass, world axes
        auto getLinearJacobian(int i) const { return linearJacobian.middleRows<3>(3 * i); }
        auto getAngularJacobian(int i) const { return angularJacobian.middleRows<3>(3 * i); }
    };
    Kinematics calcKinematics(const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;
    // The same into `k`, reusing its storage (the integrator's inner loop);
    // without `jacobians` only the bodies' poses and twists (the Jacobians,
    // biases and inertias left empty): what drawing and contact search need.
    void calcKinematics(const Eigen::VectorXd& q, const Eigen::VectorXd& u, Kinematics& k, bool jacobians = true) const;

    Eigen::MatrixXd calcMassMatrix(const Kinematics& k) const;
    // M^-1 applied tree by tree. M is block diagonal, one block per tree, so
    // its factor is one Cholesky factor per block: a solve costs the sum of
    // the blocks' work, where a dense factorization of all n columns costs n^3
    // (200 free bodies: 1200 columns, 0.6 GFlop a factorization).
    // Each block's factor does, operation for operation, what the same
    // factorization of the whole M does in that block's columns (the other
    // blocks only add exact zeros), so results do not depend on how many
    // other trees there are.
    enum class Factorization { Cholesky, PivotedLdlt };
    class MassMatrixFactor {
    public:
        // x = M^-1 rhs (rhs has n rows, any number of columns).
        Eigen::MatrixXd solve(const Eigen::MatrixXd& rhs) const;

    private:
        friend class Multibody;
        struct Block {
            int start = 0, count = 0;
            Eigen::LLT<Eigen::MatrixXd> cholesky;
            Eigen::LDLT<Eigen::MatrixXd> ldlt;
        };
        Factorization kind_ = Factorization::Cholesky;
        std::vector<Block> blocks_;
        int size_ = 0;
    };
    // Throws InputError("bodies") when a block is not positive definite (a
    // body without mass or inertia), as calcAcceleration does.
    MassMatrixFactor factorMassMatrix(const Kinematics& k, Factorization kind) const;
    // The same for an M already assembled from these kinematics.
    MassMatrixFactor factorMassMatrix(const Eigen::MatrixXd& M, Factorization kind) const;
    // u' from Kane's equations under uniform gravity `g` (m/s^2), plus the
    // generalized forces `addForces` adds to f from the kinematics (contact
    // forces J_p^T F of a compliant model; empty: none).
    using ForceFunction = std::function<void(const Kinematics&, Eigen::VectorXd& force)>;
    Eigen::VectorXd calcAcceleration(const Eigen::VectorXd& q, const Eigen::VectorXd& u, const Vec3& g,
                                     const ForceFunction& addForces = nullptr) const;
    // q' from u (quaternion rates for free and spherical joints).
    Eigen::VectorXd calcPositionRate(const Eigen::VectorXd& q, const Eigen::VectorXd& u) const;
    // Unit quaternions again after an integration step (the only projection
    // joint coordinates need).
    void normalize(Eigen::VectorXd& q) const;
    // q moved by the small generalized displacement du (as u for one second):
    // angles added, rotations composed (position corrections).
    void displace(Eigen::VectorXd& q, const Eigen::VectorXd& du) const;
    // 3 x n: the velocity of the material point of `body` at world `point`.
    Eigen::MatrixXd calcPointJacobian(const Kinematics& k, int body, const Vec3& point) const;

    double calcKineticEnergy(const Kinematics& k, const Eigen::VectorXd& u) const;

private:
    std::vector<RigidBody> bodies_;
    std::vector<MultibodyJoint> joints_;
    std::vector<int> order_;        // parents before children, one tree after another
    std::vector<int> roots_;
    std::vector<int> positionStart_, velocityStart_;
    int positionCount_ = 0, velocityCount_ = 0;
    // The trees' velocity columns are contiguous: body i's Jacobians are zero
    // outside its tree's [treeStart_[i], treeStart_[i] + treeCount_[i]), and M
    // is block diagonal, one block per tree (a cradle's five balls: five 1 x 1).
    std::vector<int> treeStart_, treeCount_;
    std::vector<int> treeRoots_;    // one body per tree, in column order
    // Storage calcAcceleration reuses from call to call (it runs several
    // times per integration step): a Multibody is for one thread at a time.
    struct Workspace {
        Kinematics kinematics;
        Eigen::MatrixXd M;
        Eigen::Matrix3Xd linearForce, angularForce;
        Eigen::VectorXd force;
    };
    mutable Workspace work_;
    void assembleMassMatrix(const Kinematics& k, Eigen::MatrixXd& M) const;
    static void solveTreeBlock(Eigen::MatrixXd& A, int c0, int nc, Eigen::VectorXd& x);
};

}  // namespace impactlab
