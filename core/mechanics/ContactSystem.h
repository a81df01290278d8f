#pragma once
// A mechanical system seen from its contacts: generalized velocities u, mass
// matrix M and the stacked contact Jacobian G, so that the contact velocities
// are v = G u + w and an impulse pi (stacked per contact) changes u by
// M^-1 G^T pi (Uchida et al. 2015, eq. 2.1a with no bilateral constraints left
// after choosing independent coordinates). The Delassus operator is
// A = G M^-1 G^T (eq. 2.2), 3nc x 3nc, positive semidefinite and possibly
// rank-deficient (four contacts on one rigid body give rank 6).
//
// Rows of G come in threes per contact, in that contact's frame (t1, t2, n),
// n from body 2 into body 1; pi acts on body 1 (docs/design.md). w is the part of
// the contact velocity not carried by u (a moving body of infinite mass).
#include <Eigen/Dense>
#include <functional>

#include "mechanics/Types.h"

namespace impactlab {

struct ContactSystem {
    Eigen::MatrixXd M;      // ndof x ndof, symmetric positive definite (kg, kg m^2)
    Eigen::MatrixXd G;      // 3nc x ndof
    Eigen::VectorXd u;      // ndof, pre-impact generalized velocity
    Eigen::VectorXd w;      // 3nc, contact velocity not carried by u (m/s); zero when empty
    // x -> M^-1 x where the system knows a cheaper way than a dense
    // factorization of M (a block-diagonal M, one block per tree); empty: M's
    // Cholesky factor.
    std::function<Eigen::MatrixXd(const Eigen::MatrixXd&)> solveMass;

    int getContactCount() const { return static_cast<int>(G.rows() / 3); }
    Eigen::MatrixXd calcInverseMassMatrix() const;
    Eigen::MatrixXd applyInverseMass(const Eigen::MatrixXd& x) const;   // M^-1 x
    Eigen::MatrixXd calcDelassus() const;                      // A = G M^-1 G^T, symmetrised
    Eigen::VectorXd calcContactVelocity() const;               // v = G u + w
    Eigen::VectorXd calcVelocityAfter(const Eigen::VectorXd& impulse) const;   // u + M^-1 G^T pi
    double calcKineticEnergy() const { return calcKineticEnergy(u); }
    double calcKineticEnergy(const Eigen::VectorXd& velocity) const { return 0.5 * velocity.dot(M * velocity); }
};

// One contact's W = G_k M^-1 G_k^T with the directions the system blocks
// completed: eigenvalues at or below kBlockedDirectionRelTol of the largest
// are set to the trace, as the planar scenes complete t2
// (mechanics/planar/PlanarContact.h). An impulse along such a direction moves
// nothing (G^T z = 0), so the completion only lets a single-contact law, which
// needs W positive definite, take the problem.
Mat3 completeBlockedDirections(const Mat3& W);
inline constexpr double kBlockedDirectionRelTol = 1e-12;

}  // namespace impactlab
