#pragma once
// The compliant reference for a pin-jointed chain (the triple pendulum of
// Uchida, Sherman & Delp 2015, Example 4): the chain in generalized
// coordinates, its end sphere meeting the ground z = 0 through the same
// Hertz / Hunt-Crossley / smooth Coulomb contact as the free bodies
// (CompliantContact.h, the paper's section 4), integrated through the contact
// by the same error-controlled Dormand-Prince run (CompliantRun.h), so its
// curves overlay PLUS's like the brick's and the cradle's.
//
// Equations: M(q) q'' = M(q) a_free(q, q', g) + J_p(q)^T f, with a_free the
// free chain's acceleration (PendulumChain::calcAcceleration), J_p the
// Jacobian of the sphere's material point at the contact and f the contact
// force on the sphere (world). The contact frame is t1 = x, t2 = y, n = z, as
// PendulumChain::calcGroundContactSystem gives PLUS.
#include <Eigen/Dense>

#include "mechanics/PendulumChain.h"
#include "sim/CompliantCollision.h"

namespace impactlab {

struct CompliantChainSystem {
    PendulumChain chain;
    Eigen::VectorXd q;        // rad, initial angles (PendulumChain's convention)
    Eigen::VectorXd qdot;     // rad/s
    CompliantMaterial sphereMaterial;
    CompliantMaterial groundMaterial;
    CompliantFriction friction;
    Vec3 gravity = Vec3::Zero();   // m/s^2; zero to compare with an impact law (impulses only)

    // Throws InputError naming the field ("q", "qdot", "chain.end_radius", ...).
    void validate() const;
};

// One contact ("end sphere / ground"). CompliantResult::bodies is empty: the
// chain's final state is in `finalRates` (rad/s) and `finalCoordinates` (rad).
struct CompliantChainResult {
    CompliantResult run;
    Eigen::VectorXd finalCoordinates;
    Eigen::VectorXd finalRates;
};

CompliantChainResult simulateCompliantChainImpact(const CompliantChainSystem& system, const CompliantOptions& options = {});

}  // namespace impactlab
