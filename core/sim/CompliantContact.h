#pragma once
// The compliant reference contact model of Uchida, Sherman & Delp (2015, §4),
// used to draw the "solid" curves PLUS's dashed ones are compared with.
//
// Normal force: Hertz (4.1) f_Hz = (4/3) sqrt(R) E* delta^{3/2} with Hunt &
// Crossley's dissipation (4.2) f_HC = f_Hz (1 + (3/2) c d(delta)/dt), clamped at
// zero so the contact never pulls (the bracket goes negative only while the
// surfaces part faster than 2/(3c)). delta is the overlap (m), R the relative
// radius of curvature, E* the effective modulus of the pair, c the dissipation
// coefficient (s/m).
// Friction: a regularised Coulomb / Stribeck law acting at the contact point,
// opposing the tangential slip velocity: |f_t| = mu(|v_t|) f_n (see
// calcFrictionCoefficient). The paper uses equal static and dynamic
// coefficients, no viscous term and a transition speed of 0.01 m/s.
//
// Conventions: SI units. The normal n points from body 2 into body 1; the force
// acts on body 1 at the contact point and its opposite on body 2. The tangent
// axes (t1, t2) are ContactFrame::makeFromNormal(n) of the current normal, so a
// ground contact (n = +z) reports (x, y) like the PLUS reference.
#include <string>

#include "mechanics/ContactFrame.h"
#include "mechanics/Types.h"

namespace impactlab {

// The surface material of one compliant feature.
struct CompliantMaterial {
    // Pa. Young's modulus E (Table A1 "stiffness E", 10 GPa). With the default
    // Poisson ratio 0 it is the plane-strain modulus E/(1 - nu^2) the paper's
    // E denotes.
    double youngsModulus = 10e9;
    // Poisson ratio nu, in (-1, 0.5].
    double poissonRatio = 0.0;
    // s/m. Hunt-Crossley dissipation coefficient c of eq. (4.2) (Table A1: 0.26).
    double dissipation = 0.26;

    // Throws InputError naming `field`.youngs_modulus / .poisson_ratio / .dissipation.
    void validate(const std::string& field) const;
};

// Regularised Coulomb friction with an optional Stribeck peak (Sherman et al.
// 2011, fig. 5, in our own smooth form; see calcFrictionCoefficient).
struct CompliantFriction {
    double staticCoefficient = 0.325;   // mu_s (Example 1's third case; the builders set each case's)
    double dynamicCoefficient = 0.325;  // mu_d; the paper uses mu_s = mu_d
    double viscousCoefficient = 0.0;    // s/m, mu_v: adds mu_v |v_t| (paper: none)
    double transitionSpeed = 0.01;      // m/s, v_t: slip speed of the static peak (paper §4: 0.01 m/s)

    static CompliantFriction makeCoulomb(double mu);  // mu_s = mu_d = mu, the paper's setting
    void validate(const std::string& field) const;
};

// Hertz effective modulus of two surfaces: 1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2.
double calcEffectiveModulus(const CompliantMaterial& m1, const CompliantMaterial& m2);
// Effective dissipation of the pair: each surface's c weighted by its share of
// the deformation, (1 - nu_i^2)/E_i over the sum (in Hertz theory each body's
// approach is proportional to its compliance). Equal materials give c.
double calcEffectiveDissipation(const CompliantMaterial& m1, const CompliantMaterial& m2);
// Relative radius of curvature 1/R = 1/R1 + 1/R2 (R2 = infinity for a plane).
double calcRelativeRadius(double r1, double r2);

// Hertz stiffness K of f_Hz = K delta^{3/2}: K = (4/3) sqrt(R) E*, eq. (4.1).
double calcHertzStiffness(double relativeRadius, double effectiveModulus);
// Hunt-Crossley normal force, eq. (4.2): K delta^{3/2} (1 + 1.5 c rate),
// clamped at zero; 0 when delta <= 0. rate = d(delta)/dt, positive while
// the surfaces approach.
double calcHuntCrossleyForce(double stiffness, double dissipation, double delta, double rate);
// Elastic energy stored by the Hertz spring: (2/5) K delta^{5/2} (0 when delta <= 0).
double calcHertzEnergy(double stiffness, double delta);

// Friction coefficient at slip speed v >= 0, with r = v / v_t:
//   r <= 1:      mu_s (2r - r^2)                      rises from 0, peaks at v_t with zero slope
//   1 < r < 3:   mu_s + (mu_d - mu_s) (3s^2 - 2s^3),  s = (r - 1)/2   (smooth step to mu_d)
//   r >= 3:      mu_d
// plus mu_v v throughout. C1 everywhere, so the error-controlled integrator
// meets no kink; slope 2 mu_s / v_t at rest (a stiff viscous stick).
double calcFrictionCoefficient(const CompliantFriction& friction, double slipSpeed);

// The state of one contact pair at one instant.
struct CompliantContactState {
    Vec3 point = Vec3::Zero();        // world; midway through the overlap
    ContactFrame frame;               // (t1, t2, n), n from body 2 into body 1
    double penetration = 0.0;         // m, delta (negative: the gap)
    double penetrationRate = 0.0;     // m/s, d(delta)/dt = -v_n
    Vec3 relativeVelocity = Vec3::Zero();  // (t1, t2, n) components of v1(p) - v2(p)
    double normalForce = 0.0;         // N, f_HC >= 0
    Vec2 frictionForce = Vec2::Zero();  // N, (t1, t2) components on body 1
    double elasticEnergy = 0.0;       // J, calcHertzEnergy

    Vec3 calcWorldForce() const {     // on body 1
        return frame.toWorld(Vec3(frictionForce.x(), frictionForce.y(), normalForce));
    }
    Vec2 tangentialVelocity() const { return relativeVelocity.head<2>(); }
};

// Fills the forces of `state` from its kinematics (penetration, rate,
// relative velocity) and the pair's constants.
void calcCompliantForces(double stiffness, double dissipation, const CompliantFriction& friction,
                         CompliantContactState& state);

}  // namespace impactlab
