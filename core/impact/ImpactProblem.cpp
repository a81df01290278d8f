#include "impact/ImpactProblem.h"

#include "mechanics/InputLimits.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <sstream>

namespace impactlab {

ImpactProblem ImpactProblem::makeContactLevel(const Mat3& W, const Vec3& vMinus, double friction,
                                              double restitution, ApproachRequirement approach) {
    ImpactProblem p;
    p.W = W;
    p.vMinus = vMinus;
    p.friction = friction;
    p.restitution = restitution;
    p.validate(approach);
    p.W = 0.5 * (W + W.transpose());
    return p;
}

ImpactProblem ImpactProblem::makeBodyLevel(const TwoBodyContact& contact, double friction,
                                           double restitution, ApproachRequirement approach) {
    if (contact.body1.fixed && contact.body2.fixed)
        throw InputError("bodies", "at least one body must be free");
    ImpactProblem p;
    p.bodies = contact;
    p.W = contact.calcContactW();
    p.vMinus = contact.calcContactRelativeVelocity();
    p.friction = friction;
    p.restitution = restitution;
    p.validate(approach);
    return p;
}

void ImpactProblem::validate(ApproachRequirement approach) const {
    if (!std::isfinite(friction)) throw InputError("friction", "must be a finite number");
    if (friction < 0.0) {
        std::ostringstream os;
        os << "must be >= 0, got " << friction;
        throw InputError("friction", os.str());
    }
    if (friction > limits::kMaxFriction) {
        std::ostringstream os;
        os << "must be at most " << limits::kMaxFriction << " (input limit; beyond it every law sticks), got " << friction;
        throw InputError("friction", os.str());
    }
    if (!std::isfinite(restitution)) throw InputError("restitution", "must be a finite number");
    if (restitution < 0.0 || restitution > 1.0) {
        std::ostringstream os;
        os << "must be in [0, 1], got " << restitution;
        throw InputError("restitution", os.str());
    }
    if (!W.allFinite()) throw InputError("W", "must contain finite numbers");
    const double scale = W.cwiseAbs().maxCoeff();
    if ((W - W.transpose()).cwiseAbs().maxCoeff() > kWSymmetryRelTol * scale)
        throw InputError("W", "must be symmetric");
    Eigen::LLT<Mat3> llt(0.5 * (W + W.transpose()));
    if (!(scale > 0.0) || llt.info() != Eigen::Success)
        throw InputError("W", "must be positive definite");
    // Conditioning (mechanics/InputLimits.h): beyond it the solve of a W-system
    // in double precision keeps no digit of the stiff direction.
    // The 3x3 eigenvalues in closed form (the cubic's trigonometric roots):
    // an absolute error of ~eps lambda_max, so the ratio is good to 1e-3 at
    // the limit, where QR iterations took most of a body-level solve.
    Eigen::SelfAdjointEigenSolver<Mat3> eig;
    eig.computeDirect(0.5 * (W + W.transpose()), Eigen::EigenvaluesOnly);
    const double condition = eig.eigenvalues().maxCoeff() / eig.eigenvalues().minCoeff();
    if (!(eig.eigenvalues().minCoeff() > 0.0) || !(condition <= limits::kMaxConditionNumber)) {
        std::ostringstream os;
        os << "is too close to singular: the ratio of its largest to smallest eigenvalue is " << condition
           << ", above the limit of " << limits::kMaxConditionNumber;
        throw InputError("W", os.str());
    }
    if (!vMinus.allFinite()) throw InputError("v_minus", "must contain finite numbers");
    if (approach == ApproachRequirement::Approaching && !(vMinus.z() < 0.0)) {
        std::ostringstream os;
        os << "normal component must be < 0 (bodies approaching), got " << vMinus.z();
        throw InputError("v_minus", os.str());
    }
    // Derived quantities must stay representable: the kinetic energy of the
    // relative motion, v^T W^-1 v / 2, is the largest the laws form.
    if (!std::isfinite(0.5 * vMinus.dot(W.ldlt().solve(vMinus))) || !std::isfinite(vMinus.squaredNorm()))
        throw InputError("v_minus", "is too large: the kinetic energy it gives overflows a double");
}

double ImpactProblem::calcEnergyBefore() const {
    if (bodies) return bodies->calcKineticEnergy();
    if (systemKineticEnergy) return *systemKineticEnergy;
    return 0.5 * vMinus.dot(W.ldlt().solve(vMinus));
}

Vec3 ImpactProblem::calcObstacleVelocity() const {
    if (bodies && bodies->body2.fixed) return bodies->frame.toLocal(bodies->body2.calcPointVelocity(bodies->point));
    return obstacleVelocity.value_or(Vec3::Zero());
}

bool ImpactProblem::isCentral(double relTol) const {
    return std::abs(W(0, 2)) <= relTol * W(2, 2) && std::abs(W(1, 2)) <= relTol * W(2, 2);
}

}  // namespace impactlab
