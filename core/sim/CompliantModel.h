#pragma once
// Internal to the compliant collision (CompliantCollision.cpp): the layout of
// the integrated state and its time derivative, a model for CompliantRun.
//
// State: per free body [dx (3), q (w, x, y, z) (4), v (3), omega (3)], dx the
// displacement of the centre of mass from its initial position (so the error
// control does not depend on where the origin is); then per contact
// [impulse (t1, t2, n) (3), world impulse on body 1 (3)].
#include <vector>

#include "sim/CompliantCollision.h"

namespace impactlab::compliant {

inline constexpr int kBodyStateSize = 13;
inline constexpr int kContactStateSize = 6;

// The sample of one contact: its state and its accumulated impulse (t1, t2, n).
CompliantContactSample makeContactSample(const CompliantContactState& state, const Vec3& impulse);

struct Pose {
    Vec3 x = Vec3::Zero();
    Mat3 R = Mat3::Identity();
    Quat q = Quat::Identity();
    Vec3 v = Vec3::Zero();
    Vec3 w = Vec3::Zero();
};

class Model {
public:
    explicit Model(const CompliantSystem& system);

    int size() const { return size_; }
    Eigen::VectorXd makeInitialState() const;

    // dydt = f(t, y).
    void calcDerivative(const Eigen::VectorXd& y, Eigen::VectorXd& dydt) const;
    // Poses of all bodies, then the kinematics and forces of one contact.
    void calcPoses(const Eigen::VectorXd& y, std::vector<Pose>& poses) const;
    void calcContact(const std::vector<Pose>& poses, int c, CompliantContactState& out) const;
    // calcContact's penetration alone (m; negative is a gap).
    double calcPenetration(const std::vector<Pose>& poses, int c) const;
    // Every contact's kinematics and forces in state y.
    void calcContacts(const Eigen::VectorXd& y, std::vector<CompliantContactState>& out) const;
    // One contact's kinematics and forces in state y.
    void calcContactAt(const Eigen::VectorXd& y, int c, CompliantContactState& out) const;
    int getContactCount() const { return static_cast<int>(system_.contacts.size()); }

    CompliantSample makeSample(double t, const Eigen::VectorXd& y, bool withBodies) const;
    std::vector<RigidBody> makeBodies(const Eigen::VectorXd& y) const;
    double calcKineticEnergy(const std::vector<Pose>& poses) const;
    int contactOffset(int c) const { return contactOffset_ + kContactStateSize * c; }
    // The body states; the contacts' impulses after them are quadratures.
    int coupledSize() const { return contactOffset_; }

private:
    const CompliantSystem& system_;
    std::vector<int> bodyOffset_;       // -1 for a fixed body
    std::vector<double> stiffness_;     // per contact, K of eq. (4.1)
    std::vector<double> dissipation_;   // per contact, c
    std::vector<Vec3> planeNormal_;     // unit
    std::vector<ContactFrame> planeFrame_;
    int contactOffset_ = 0;
    int size_ = 0;
    // Scratch for calcDerivative (no allocation per evaluation).
    mutable std::vector<Pose> poses_;
    mutable std::vector<Vec3> force_, torque_;
};

}  // namespace impactlab::compliant
