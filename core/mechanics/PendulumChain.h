#pragma once
// A chain of rigid links joined by pins, hanging from a fixed pivot and
// swinging in the world x-z plane (z up), in generalized coordinates: the
// triple pendulum of Uchida et al. 2015, Example 4 (Fig. 15a; reference note
// B.2.9). Link i's angle theta_i is absolute, measured from the downward
// vertical, counter-clockwise seen from -y: its axis is
// e(theta) = (sin theta, 0, -cos theta) and its angular velocity
// (0, -theta_i', 0). Link i starts where link i-1 ends; its centre of mass is
// at mid-length. A sphere may be welded to the free end of the last link,
// its centre on the link's end.
//
// M(q) = sum_i m_i J_i^T J_i + I_i e_i e_i^T (J_i the Jacobian of link i's
// centre of mass, e_i the i-th unit vector), and a contact of the end sphere
// with the ground z = 0 has the Jacobian of the sphere's lowest material
// point: G = [t1; t2; n] J_point with t1 = x, t2 = y, n = z. Its t2 row is
// zero (planar motion), so A = G M^-1 G^T has rank at most 2.
#include <optional>
#include <vector>

#include "mechanics/ContactSystem.h"

namespace impactlab {

struct ChainLink {
    double length = 1.0;   // m
    double mass = 1.0;     // kg
    double inertia = 1.0 / 12.0;   // kg m^2 about the centre of mass, about the pin axis (y)
};

struct PendulumChain {
    Vec3 pivot = Vec3(0.0, 0.0, 2.0);   // m, world
    std::vector<ChainLink> links;
    double endMass = 0.0;        // kg, sphere welded at the free end (0: none)
    double endRadius = 0.0;      // m
    double endInertia = 0.0;     // kg m^2 about its centre

    int getDofCount() const { return static_cast<int>(links.size()); }
    // m: where link i starts (i = links.size() gives the free end).
    Vec3 calcJointPosition(const Eigen::VectorXd& q, int i) const;
    Eigen::MatrixXd calcMassMatrix(const Eigen::VectorXd& q) const;
    // 3 x n: d(point velocity)/d(qdot) for a point fixed to link `link` at
    // world position `point` (configuration q).
    Eigen::MatrixXd calcPointJacobian(const Eigen::VectorXd& q, int link, const Vec3& point) const;
    Vec3 calcEndCentre(const Eigen::VectorXd& q) const { return calcJointPosition(q, getDofCount()); }
    // The pose whose end sphere touches the ground z = 0, given every angle
    // but the last: cos theta_n = (pivot_z - r - sum_{i<n} L_i cos theta_i) / L_n,
    // theta_n in [0, pi]. Empty when no last angle reaches the ground.
    std::optional<Eigen::VectorXd> calcTouchingPose(const Eigen::VectorXd& leadingAngles) const;
    // The end sphere touching the ground z = 0 at its lowest point: M, G, u.
    ContactSystem calcGroundContactSystem(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot) const;
    // rad/s^2: qddot of the free chain under `gravity` (m/s^2), from
    // M(q) qddot = sum_p m_p J_p^T (g - Jdot_p qdot) over the links' centres of
    // mass and the end sphere; Jdot_p qdot = -sum_j s_j theta_j'^2 e(theta_j)
    // is the centripetal acceleration of the point (s_j the lever along link j).
    // The links' and sphere's spin inertias are constant about y: no product terms.
    Eigen::VectorXd calcAcceleration(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot, const Vec3& gravity) const;
    // J: gravity's potential of the links and the end sphere (zero at z = 0).
    double calcPotentialEnergy(const Eigen::VectorXd& q, const Vec3& gravity) const;
    double calcKineticEnergy(const Eigen::VectorXd& q, const Eigen::VectorXd& qdot) const {
        return 0.5 * qdot.dot(calcMassMatrix(q) * qdot);
    }
};

// Example 4: three cylinders of 1 m, 1 kg, radius 0.1 m, a 1 kg sphere of
// radius 0.25 m at the end, pivot 2 m above the ground.
PendulumChain makeTriplePendulum();

}  // namespace impactlab
