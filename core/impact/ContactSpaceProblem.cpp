#include "impact/ContactSpaceProblem.h"

#include "mechanics/InputLimits.h"
#include "mechanics/NumberText.h"

#include <Eigen/Eigenvalues>

namespace impactlab {

namespace {
std::string contactField(int k, const char* key) {
    return "contacts[" + std::to_string(k) + "]." + key;
}
}  // namespace

ContactSpaceProblem ContactSpaceProblem::makeContactLevel(std::vector<ContactParameters> contacts,
                                                          const Eigen::MatrixXd& A,
                                                          const Eigen::VectorXd& vMinus) {
    ContactSpaceProblem p;
    p.contacts = std::move(contacts);
    p.A = A;
    p.vMinus = vMinus;
    p.validate();
    p.A = 0.5 * (A + A.transpose());
    return p;
}

ContactSpaceProblem ContactSpaceProblem::makeFromSystem(std::vector<ContactParameters> contacts,
                                                        const ContactSystem& system) {
    ContactSpaceProblem p;
    p.contacts = std::move(contacts);
    p.system = system;
    p.A = system.calcDelassus();
    p.vMinus = system.calcContactVelocity();
    p.validate();
    return p;
}

ContactSpaceProblem ContactSpaceProblem::makeBodyLevel(std::vector<ContactParameters> contacts,
                                                       const BodyContacts& bodies) {
    bodies.validate();
    for (std::size_t k = 0; k < contacts.size() && k < bodies.contacts.size(); ++k)
        if (contacts[k].name.empty()) contacts[k].name = bodies.contacts[k].name;
    ContactSpaceProblem p = makeFromSystem(std::move(contacts), bodies.calcContactSystem());
    p.bodies = bodies;
    return p;
}

void ContactSpaceProblem::validate() const {
    const int nc = getContactCount();
    if (nc == 0) throw InputError("contacts", "must list at least one contact");
    for (int k = 0; k < nc; ++k) {
        const ContactParameters& c = contacts[k];
        if (!std::isfinite(c.friction) || c.friction < 0.0 || c.friction > limits::kMaxFriction)
            throw InputError(contactField(k, "friction"), "must be a finite number in [0, " + formatNumber(limits::kMaxFriction) +
                                                              "], got " + formatNumber(c.friction));
        const char* key = c.restitutionKind == RestitutionKind::Constant ? "restitution" : "restitution_min";
        if (!std::isfinite(c.restitution) || c.restitution < 0.0 || c.restitution > 1.0)
            throw InputError(contactField(k, key), "must be in [0, 1], got " + formatNumber(c.restitution));
    }
    if (A.rows() != 3 * nc || A.cols() != 3 * nc)
        throw InputError("A", "must be " + std::to_string(3 * nc) + " x " + std::to_string(3 * nc) +
                                  " for " + std::to_string(nc) + " contacts, got " + std::to_string(A.rows()) +
                                  " x " + std::to_string(A.cols()));
    if (!A.allFinite()) throw InputError("A", "must contain finite numbers");
    const double scale = A.cwiseAbs().maxCoeff();
    if (!(scale > 0.0)) throw InputError("A", "must not be zero");
    if ((A - A.transpose()).cwiseAbs().maxCoeff() > kASymmetryRelTol * scale)
        throw InputError("A", "must be symmetric");
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(0.5 * (A + A.transpose()), Eigen::EigenvaluesOnly);
    if (eig.info() != Eigen::Success || eig.eigenvalues().minCoeff() < -kAPsdRelTol * scale)
        throw InputError("A", "must be positive semidefinite (smallest eigenvalue " +
                                  formatNumber(eig.eigenvalues().minCoeff()) + ")");
    for (int k = 0; k < nc; ++k)
        if (!(A(3 * k + 2, 3 * k + 2) > kAPsdRelTol * scale))
            throw InputError("A", "normal diagonal entry of contact " + std::to_string(k) +
                                      " must be > 0 (an impulse there must move the contact)");
    if (vMinus.size() != 3 * nc)
        throw InputError("v_minus", "must have " + std::to_string(3 * nc) + " entries (3 per contact), got " +
                                        std::to_string(vMinus.size()));
    if (!vMinus.allFinite()) throw InputError("v_minus", "must contain finite numbers");
    bool approaching = false;
    for (int k = 0; k < nc; ++k) approaching = approaching || vMinus(3 * k + 2) < 0.0;
    if (!approaching)
        throw InputError("v_minus", "no contact is approaching: at least one normal component must be < 0");
    if (!std::isfinite(vMinus.squaredNorm()) || !std::isfinite(scale * vMinus.squaredNorm()))
        throw InputError("v_minus", "is too large: the quantities the law forms from it overflow a double");
}

double ContactSpaceProblem::calcEnergyBefore() const {
    if (bodies) return bodies->calcKineticEnergy();
    if (system) return system->calcKineticEnergy();
    const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(A);
    return 0.5 * vMinus.dot(cod.solve(vMinus));
}

}  // namespace impactlab
