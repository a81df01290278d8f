#pragma once
// The several-contact impact problem (docs/design.md, "Several contacts"): nc
// contacts, each with its friction and restitution, the Delassus operator A
// (3nc x 3nc) and the pre-impact contact velocity v- (3nc), both stacked per
// contact in that contact's frame (t1, t2, n). dv = A pi for the stacked
// impulse pi (Uchida et al. 2015, eq. 2.2). A is symmetric positive
// semidefinite and may be rank-deficient. The single-contact ImpactProblem is
// the nc = 1 case (impact/ContactSpaceAdapter.h converts both ways).
//
// Where known, the system behind A is kept so body velocities and the
// system's energy can be reported: `system` (M, G, u; A = G M^-1 G^T) and, for
// body-level input, `bodies` (from which `system` is derived).
#include <optional>
#include <string>
#include <vector>

#include "mechanics/BodyContacts.h"
#include "mechanics/ContactSystem.h"

namespace impactlab {

// How a contact's coefficient of restitution is given.
enum class RestitutionKind {
    Constant,          // e, whatever the approach speed ("restitution")
    VelocityDependent, // PLUS's e(s) of Fig. 2 with e_min = restitution ("restitution_min")
};

struct ContactParameters {
    std::string name;                  // optional, for reports
    double friction = 0.0;             // Coulomb mu >= 0
    double restitution = 1.0;          // e or e_min, in [0, 1]
    RestitutionKind restitutionKind = RestitutionKind::Constant;
};

struct ContactSpaceProblem {
    std::vector<ContactParameters> contacts;
    Eigen::MatrixXd A;                 // 1/kg, 3nc x 3nc, stacked (t1, t2, n)
    Eigen::VectorXd vMinus;            // m/s, 3nc
    std::optional<ContactSystem> system;   // M, G, u behind A
    std::optional<BodyContacts> bodies;    // body-level input

    int getContactCount() const { return static_cast<int>(contacts.size()); }
    Mat3 getBlock(int k, int l) const { return A.block<3, 3>(3 * k, 3 * l); }
    Vec3 getVelocity(int k) const { return vMinus.segment<3>(3 * k); }

    // Contact-level problem; validates, then symmetrises A.
    static ContactSpaceProblem makeContactLevel(std::vector<ContactParameters> contacts,
                                                const Eigen::MatrixXd& A, const Eigen::VectorXd& vMinus);
    // A and v- from a mechanical system (v- = G u + w).
    static ContactSpaceProblem makeFromSystem(std::vector<ContactParameters> contacts,
                                              const ContactSystem& system);
    // A, v- and the system from bodies and contact points; validates the bodies too.
    static ContactSpaceProblem makeBodyLevel(std::vector<ContactParameters> contacts,
                                             const BodyContacts& bodies);

    // Throws InputError naming the field: "contacts" (none, or a count that
    // does not match A), "contacts[k].friction", "contacts[k].restitution",
    // "A" (size, finite, symmetric, positive semidefinite, a zero normal
    // diagonal entry), "v_minus" (size, finite, no contact approaching).
    void validate() const;

    // J: the system's kinetic energy, or 1/2 v-^T A^+ v- at contact level
    // (the energy of relative motion; exact when v- lies in the range of A).
    double calcEnergyBefore() const;
    // J: I.v- + 1/2 pi^T A pi, the change of kinetic energy for v = G u.
    double calcEnergyChange(const Eigen::VectorXd& impulse) const {
        return impulse.dot(vMinus) + 0.5 * impulse.dot(A * impulse);
    }
    Eigen::VectorXd calcVelocityAfter(const Eigen::VectorXd& impulse) const { return vMinus + A * impulse; }
};

// Tolerances of the validation, relative to the largest entry of A.
// Printed matrices carry about six significant digits (as W does).
inline constexpr double kASymmetryRelTol = 1e-5;
// A negative eigenvalue of A down to this (relative) is round-off of a
// rank-deficient G M^-1 G^T, not an indefinite operator.
inline constexpr double kAPsdRelTol = 1e-9;

}  // namespace impactlab
