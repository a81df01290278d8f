#pragma once
// A two-vehicle (or vehicle-barrier) collision in the ground plane, solved by
// the Kudlich-Slibar law (impact/vehicle/KudlichSlibar.h; paper eqs. 35-64)
// through the law registry, with the quantities accident reconstruction reads:
// delta-V, principal direction of force (PDOF), dissipated energy and EES.
//
// Geometry. The impulse centroid P (world x, y) and the contact-plane angle
// phi: the contact plane's normal is n = (cos phi, sin phi), pointing from
// vehicle 2 into vehicle 1 (the project's contact frame, ContactFrame.h), so
// the impulse on vehicle 1 has J.n > 0 and the vehicles must approach at P:
// v_n = (v1(P) - v2(P)).n < 0. The contact plane's tangent is
// tPlane = (-sin phi, cos phi) (n turned +90 deg); "impact offset" moves P
// along it.
//
// Body-level problem: each vehicle becomes a 3D RigidBody (Vehicle::makeRigidBody)
// with its CG in the plane z = 0 (the CG plane); a barrier is
// RigidBody::makeFixed() as body 2. Friction is mu_user, restitution is the
// paper's Newton-type epsilon (eq. 37), 0..1.
//
// Impact height. P lies at height h = impactHeight above the CG plane, so the
// lever arms are r_i = (P_x - x_i, P_y - y_i, h); the normal stays horizontal.
// h = 0 is the planar case: W couples nothing out of the plane and the law
// takes its closed form (eqs. 52-53, 62-64); the numbers are those of the
// planar model whatever the roll and pitch inertias. h != 0 makes W (the
// paper's general form, last equation of the appendix: the bracket
// (1/m_bar) 1 - (r1~ I1^-1 r1~ + r2~ I2^-1 r2~) with the inertia tensors
// I_i = R_i diag(roll, pitch, yaw) R_i^T) couple the vertical to the
// horizontal, and the law takes its general (3D) branch
// (impact/vehicle/KudlichSlibar.h). Then:
//   - the impulse may have a vertical part J_z (friction in the contact plane
//     along the vertical), reported as verticalImpulse;
//   - delta-V, PDOF, velocity after and the run-out use the horizontal part
//     of J only: the CGs' vertical velocity J_z/m_i is taken up by the
//     suspension and the ground, which the impact model does not contain;
//   - roll and pitch rates after the impact are reported (body axes), from
//     w+ = w- + I^-1 (r x J) (eq. 27 with the tensor); the yaw rate keeps
//     eq. 27's planar form exactly (z is a principal axis);
//   - energies count the vertical translation and the roll and pitch
//     rotation, so E_diss is the energy lost in the contact;
//   - the run-out (RunOut.h) stays planar: roll, pitch and the vertical
//     velocity after the impact are not carried into it.
//
// Reported per vehicle (i = 1, 2; J_1 = J, J_2 = -J, world):
//   velocity / yaw rate after:  v_i+ = v_i- + J_i/m_i,  w_i+ = w_i- + (r_i x J_i)/I_i  (eqs. 20, 27)
//   delta-V = |v_i+ - v_i-| = |J|/m_i (m/s and km/h), so m1 dV1 = m2 dV2     (eqs. 12-15)
//   PDOF: SAE J224 (CDC) sense, the direction the force COMES FROM, i.e. the
//     direction of -J_i, as an angle from the vehicle's forward axis in
//     degrees, positive clockwise seen from above, in (-180, 180]: a frontal
//     impact is 0 deg (12 o'clock), a rear impact 180 deg (6 o'clock), a hit
//     on the right side +90 deg (3 o'clock). The clock direction is
//     round(PDOF / 30 deg) on the dial, 12 for 0. (The impulse vector itself
//     points the opposite way: rearward in a frontal impact.)
//   energy: E_diss = T- - T+ >= 0 for the whole collision (translation + yaw).
//   EES_i = sqrt(2 E_i / m_i) with E_i the share of E_diss absorbed by vehicle i.
//     The split is options.energyShare1 (default 1/2): with equal and opposite
//     contact forces and linear crush stiffnesses k_i, the crush energies are
//     F^2/(2 k_i), so E_1/E_diss = k_2/(k_1 + k_2); 1/2 is the equal-stiffness
//     case, the usual assumption when no crush data are given. Against a rigid
//     barrier vehicle 1 absorbs everything (E_1 = E_diss), so a central,
//     perfectly plastic barrier impact gives EES_1 = impact speed.
//   mu~ (eq. 62) and the mu used (eq. 64: max(0, min(mu~, mu_user))).
//
// Known limits: the impact is instantaneous (no motion during contact), the
// ground forces are neglected during the contact (as in the paper, eqs. 6-11),
// and with eps > 0 and mu = mu~ the tangential slip reverses (paper, A.2.2).
#include <optional>
#include <string>
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"
#include "vehicle/Vehicle.h"

namespace impactlab {

struct VehicleCollisionInput {
    Vehicle vehicle1;                  // the normal points into vehicle 1
    std::optional<Vehicle> vehicle2;   // empty: a fixed rigid barrier
    Vec2 impactPoint = Vec2::Zero();   // m, impulse centroid P, world
    double normalAngle = 0.0;          // rad, world angle of n (from vehicle 2 into vehicle 1)
    double muUser = 0.5;               // mu_user >= 0, the paper's "maximum preferred mu"
    double epsilon = 0.1;              // Newton-type coefficient of restitution, 0..1 (eq. 37)
    double impactHeight = 0.0;         // m, height of P above the CG plane (z = 0 of both CGs)

    Vec2 calcNormal() const { return makeDirection(normalAngle); }
    // P in 3D: (impactPoint, impactHeight), world, CG plane at z = 0.
    Vec3 calcImpactPoint3() const { return Vec3(impactPoint.x(), impactPoint.y(), impactHeight); }
    Vec2 calcPlaneTangent() const { return Vec2(-std::sin(normalAngle), std::cos(normalAngle)); }
    // Throws InputError: "vehicles[0|1].<field>" (Vehicle::validate),
    // "collision.impact_point", "collision.impact_height", "collision.normal_angle",
    // "collision.mu_user", "collision.epsilon", and "collision.approach" when
    // v_n >= 0 at P.
    void validate() const;
};

struct VehicleCollisionOptions {
    // Share of the dissipated energy absorbed by vehicle 1: k2/(k1 + k2) for
    // crush stiffnesses k_i; 1/2 = equal stiffness. Ignored against a barrier.
    double energyShare1 = 0.5;
    bool recordTrace = true;
};

struct VehicleImpactOutcome {
    Vec2 velocityAfter = Vec2::Zero();   // m/s, CG, world
    double yawRateAfter = 0.0;           // rad/s
    // rad/s, body axes, after the impact (zero before it and whenever P is on
    // the CG plane): roll about the forward axis (> 0 lifts the left side),
    // pitch about the left axis (> 0 lowers the nose).
    double rollRateAfter = 0.0;
    double pitchRateAfter = 0.0;
    Vec2 impulse = Vec2::Zero();         // N s, world, acting on this vehicle (horizontal part)
    double verticalImpulse = 0.0;        // N s, world z part of the impulse on this vehicle
    double deltaV = 0.0;                 // m/s, |v+ - v-| of the CG
    double deltaVKmh = 0.0;              // km/h
    double pdofDeg = 0.0;                // deg, SAE sense (see header), clockwise from forward, (-180, 180]
    int pdofClock = 12;                  // 1..12 o'clock
    double absorbedEnergy = 0.0;         // J, this vehicle's share of the dissipated energy
    double ees = 0.0;                    // m/s, equivalent energy speed sqrt(2 E_i / m_i)
    double eesKmh = 0.0;                 // km/h
    double kineticEnergyBefore = 0.0;    // J
    double kineticEnergyAfter = 0.0;     // J, with the vertical, roll and pitch motion after the impact
};

struct VehicleCollisionResult {
    VehicleImpactOutcome vehicle1;
    std::optional<VehicleImpactOutcome> vehicle2;   // empty against a barrier
    Vehicle vehicle1After;                           // the input state with the post-impact planar velocities
    std::optional<Vehicle> vehicle2After;
    double energyBefore = 0.0;       // J, both vehicles
    double energyAfter = 0.0;        // J
    double energyDissipated = 0.0;   // J, energyBefore - energyAfter (>= 0 with the mu bound on)
    double closingSpeed = 0.0;       // m/s, -v_n at P before the impact
    double muTilde = 0.0;            // eq. 62 (+inf: no bound)
    double mu = 0.0;                 // the mu used (eq. 64)
    ImpactProblem problem;           // body level, for the views
    ImpactResult impact;             // the law's result: status, warnings, events
    ImpactTrace trace;               // impulse-space path (when recorded)
};

// Throws InputError as VehicleCollisionInput::validate, and
// "collision.energy_share1" unless options.energyShare1 is in [0, 1].
// Validates, builds the body-level problem, solves it with
// getLaw("kudlich-slibar") and reports the quantities above. Numerical trouble
// (status, warnings) is in result.impact.
VehicleCollisionResult solveVehicleCollision(const VehicleCollisionInput& input,
                                             const VehicleCollisionOptions& options = {});

// The body-level ImpactProblem of the collision (validates the input).
ImpactProblem makeVehicleImpactProblem(const VehicleCollisionInput& input);

// PDOF (deg, SAE sense) of an impulse `impulseOnVehicle` (world) on a vehicle
// with heading `heading` (rad), and its clock direction.
double calcPdofDeg(const Vec2& impulseOnVehicle, double heading);
int calcPdofClock(double pdofDeg);

inline constexpr double kMpsToKmh = 3.6;

}  // namespace impactlab
