#pragma once
// The single-contact impact problem shared by every law (docs/design.md, "The
// impulse-space contract").
//
// Contact frame (t1, t2, n), n from body 2 into body 1; the impulse I acts on
// body 1; v = v1(c) - v2(c); the bodies approach when v_n < 0. W maps an impulse
// to the change of relative contact velocity, dv = W I (Jia & Wang eq. 4).
#include <optional>

#include "mechanics/TwoBodyContact.h"

namespace impactlab {

// Which pre-impact normal velocities a law defines (docs/problem-format.md, "Errors").
enum class ApproachRequirement {
    Approaching,   // v_n- < 0 only: laws with a compression phase to restore
    Any,           // also grazing (v_n- = 0) and separating (v_n- > 0): the inelastic
                   // single-contact laws (max-dissipation, coulomb-inelastic)
};

struct ImpactProblem {
    Mat3 W = Mat3::Identity();      // (kg)^-1, contact frame, symmetric positive definite
    Vec3 vMinus = Vec3::Zero();     // m/s, pre-impact relative contact velocity [t1, t2, n]
    double friction = 0.0;          // Coulomb coefficient mu >= 0
    double restitution = 1.0;       // 0 <= e <= 1; its meaning (Newton, Poisson, energetic) is the law's
    std::optional<TwoBodyContact> bodies;  // set for body-level input
    // Kinetic energy of the mechanical system behind a contact-level problem
    // built from generalized coordinates (J). There W = G M^-1 G^T may be
    // singular (a pinned pendulum has one degree of freedom), so the energy of
    // relative motion 1/2 v^T W^-1 v does not exist; this one does.
    std::optional<double> systemKineticEnergy;
    // Contact-frame velocity of body 2's contact point when body 2 is a moving
    // obstacle of infinite mass given at contact level (a belt under a
    // pendulum). It moves the system's energy but not the relative motion.
    std::optional<Vec3> obstacleVelocity;

    // Contact-level problem; validates (see validate()).
    static ImpactProblem makeContactLevel(const Mat3& W, const Vec3& vMinus, double friction,
                                          double restitution,
                                          ApproachRequirement approach = ApproachRequirement::Approaching);
    // Body-level problem: W and vMinus are computed from the bodies.
    static ImpactProblem makeBodyLevel(const TwoBodyContact& contact, double friction,
                                       double restitution,
                                       ApproachRequirement approach = ApproachRequirement::Approaching);

    // Throws InputError naming the field ("W", "v_minus", "friction",
    // "restitution") when the problem is not a valid impact; v_minus must be
    // approaching unless `approach` is Any.
    void validate(ApproachRequirement approach = ApproachRequirement::Approaching) const;

    double calcEnergyBefore() const;                   // J: bodies' kinetic energy, or 1/2 v^T W^-1 v
    // J: change of the system's kinetic energy, I.(v- + u2) + 1/2 I^T W I, with
    // u2 the velocity of a moving obstacle of infinite mass (zero otherwise).
    double calcEnergyChange(const Vec3& impulse) const {
        return impulse.dot(calcObstacleVelocity()) + calcRelativeEnergyChange(impulse);
    }
    // J: change of the kinetic energy of relative motion, I.v- + 1/2 I^T W I:
    // the frame-independent measure of what the contact dissipates.
    double calcRelativeEnergyChange(const Vec3& impulse) const {
        return impulse.dot(vMinus) + 0.5 * impulse.dot(W * impulse);
    }
    Vec3 calcObstacleVelocity() const;
    Vec3 calcVelocityAfter(const Vec3& impulse) const { return vMinus + W * impulse; }
    bool isCentral(double relTol = 1e-12) const;       // no normal-tangential coupling: W13 = W23 = 0
};

// Relative asymmetry of W accepted at input: printed matrices are rounded to
// about six significant digits (Jia & Wang print eq. 13 with such a mismatch).
// W is symmetrised after the check.
inline constexpr double kWSymmetryRelTol = 1e-5;

}  // namespace impactlab
