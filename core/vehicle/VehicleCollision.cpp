#include "vehicle/VehicleCollision.h"

#include <cmath>
#include <sstream>

#include "impact/LawGuard.h"
#include "impact/vehicle/KudlichSlibar.h"
#include "mechanics/InputChecks.h"

namespace impactlab {

namespace {

constexpr double kDegPerRad = 180.0 / kPi;

TwoBodyContact makeCollisionContact(const VehicleCollisionInput& input) {
    TwoBodyContact c;
    c.body1 = input.vehicle1.makeRigidBody();
    c.body2 = input.vehicle2 ? input.vehicle2->makeRigidBody() : RigidBody::makeFixed();
    c.point = input.calcImpactPoint3();   // lever arms r_i = P - CG_i with z part impactHeight
    c.frame = ContactFrame::makeFromNormal(liftToPlane(input.calcNormal()), "collision.normal_angle");
    return c;
}

// z-component of r x J: the yaw moment of impulse J applied at lever arm r.
double calcYawMoment(const Vec2& r, const Vec2& J) { return r.x() * J.y() - r.y() * J.x(); }

// The vehicle after impulse J (world) at P: eqs. 20 and 27.
Vehicle applyCollisionImpulse(const Vehicle& v, const Vec2& J, const Vec2& P) {
    Vehicle after = v;
    after.velocity = v.velocity + J / v.mass;
    after.yawRate = v.yawRate + calcYawMoment(P - v.position, J) / v.yawInertia;
    return after;
}

// Roll and pitch rates after impulse J3 (world, 3D) at P3 on a vehicle with
// none before: eq. 27 with the inertia tensor, w+ = I^-1 (r x J), in body
// axes where I is diagonal (forward, left, up).
void setRollAndPitch(VehicleImpactOutcome& o, const Vehicle& v, const Vec3& J3, const Vec3& P3) {
    const Vec3 moment = (P3 - liftToPlane(v.position)).cross(J3);
    const Vec2 forward = v.calcForward();
    const Vec2 left(-forward.y(), forward.x());
    o.rollRateAfter = (forward.x() * moment.x() + forward.y() * moment.y()) / v.calcRollInertia();
    o.pitchRateAfter = (left.x() * moment.x() + left.y() * moment.y()) / v.calcPitchInertia();
}

// J: the kinetic energy of the motion the planar state does not hold
// (vertical CG velocity J_z/m, roll, pitch); exactly 0 on the CG plane.
double calcOutOfPlaneEnergy(const Vehicle& v, const VehicleImpactOutcome& o) {
    const double vz = o.verticalImpulse / v.mass;
    return 0.5 * v.mass * vz * vz + 0.5 * v.calcRollInertia() * o.rollRateAfter * o.rollRateAfter +
           0.5 * v.calcPitchInertia() * o.pitchRateAfter * o.pitchRateAfter;
}

VehicleImpactOutcome makeOutcome(const Vehicle& before, const Vehicle& after, const Vec3& J3, const Vec3& P3) {
    const Vec2 J(J3.x(), J3.y());
    VehicleImpactOutcome o;
    o.velocityAfter = after.velocity;
    o.yawRateAfter = after.yawRate;
    setRollAndPitch(o, before, J3, P3);
    o.impulse = J;
    o.verticalImpulse = J3.z();
    o.deltaV = (after.velocity - before.velocity).norm();
    o.deltaVKmh = kMpsToKmh * o.deltaV;
    o.pdofDeg = calcPdofDeg(J, before.heading);
    o.pdofClock = calcPdofClock(o.pdofDeg);
    o.kineticEnergyBefore = before.calcKineticEnergy();
    o.kineticEnergyAfter = after.calcKineticEnergy() + calcOutOfPlaneEnergy(before, o);
    return o;
}

void setAbsorbedEnergy(VehicleImpactOutcome& o, double energy, double mass) {
    o.absorbedEnergy = energy;
    o.ees = std::sqrt(2.0 * std::max(0.0, energy) / mass);
    o.eesKmh = kMpsToKmh * o.ees;
}

}  // namespace

void VehicleCollisionInput::validate() const {
    vehicle1.validate("vehicles[0]");
    if (vehicle2) vehicle2->validate("vehicles[1]");
    if (!isFinite(impactPoint)) throw InputError("collision.impact_point", "must be finite numbers");
    requireFinite(impactHeight, "collision.impact_height");
    requireFinite(normalAngle, "collision.normal_angle");
    requireFinite(muUser, "collision.mu_user");
    if (muUser < 0.0) {
        std::ostringstream os;
        os << "must be >= 0, got " << muUser;
        throw InputError("collision.mu_user", os.str());
    }
    requireFinite(epsilon, "collision.epsilon");
    if (epsilon < 0.0 || epsilon > 1.0) {
        std::ostringstream os;
        os << "must be in [0, 1], got " << epsilon;
        throw InputError("collision.epsilon", os.str());
    }
    const Vec2 v2 = vehicle2 ? vehicle2->calcPointVelocity(impactPoint) : Vec2::Zero();
    const double vn = (vehicle1.calcPointVelocity(impactPoint) - v2).dot(calcNormal());
    if (!(vn < 0.0)) {
        std::ostringstream os;
        os << "the vehicles do not approach at the impact point: (v1(P) - v2(P)).n = " << vn
           << " m/s must be < 0 (n points from vehicle 2 into vehicle 1)";
        throw InputError("collision.approach", os.str());
    }
}

ImpactProblem makeVehicleImpactProblem(const VehicleCollisionInput& input) {
    input.validate();
    return ImpactProblem::makeBodyLevel(makeCollisionContact(input), input.muUser, input.epsilon);
}

double calcPdofDeg(const Vec2& impulseOnVehicle, double heading) {
    // The force comes from -J; clockwise from forward is minus the
    // counter-clockwise angle.
    const Vec2 from = -impulseOnVehicle;
    const double ccw = std::atan2(from.y(), from.x()) - heading;
    double deg = -std::remainder(ccw, 2.0 * kPi) * kDegPerRad;   // (-180, 180]
    if (deg <= -180.0) deg += 360.0;
    return deg;
}

int calcPdofClock(double pdofDeg) {
    const int hour = static_cast<int>(std::lround(pdofDeg / 30.0));   // -6..6
    const int dial = ((hour % 12) + 12) % 12;
    return dial == 0 ? 12 : dial;
}

VehicleCollisionResult solveVehicleCollision(const VehicleCollisionInput& input,
                                             const VehicleCollisionOptions& options) {
    if (!std::isfinite(options.energyShare1) || options.energyShare1 < 0.0 || options.energyShare1 > 1.0)
        throw InputError("collision.energy_share1", "must be in [0, 1]");
    VehicleCollisionResult r;
    r.problem = makeVehicleImpactProblem(input);
    const KudlichSlibarTerms terms = calcKudlichSlibarTerms(r.problem);
    r.muTilde = terms.muTilde;
    r.mu = terms.mu;
    r.closingSpeed = -r.problem.vMinus.z();

    // The kudlich-slibar law with its paper's options, guarded as the law
    // registry guards every law (impact/LawGuard.h).
    r.impact = guardLawResult("kudlich-slibar", r.problem,
                              solveKudlichSlibar(r.problem, KudlichSlibarOptions{},
                                                 options.recordTrace ? &r.trace : nullptr));

    // World impulse on vehicle 1. Its z part is zero on the CG plane (the
    // contact frame's vertical tangent meets no velocity and no coupling);
    // off it, only the horizontal part enters the planar state (header).
    const Vec3 J3 = r.problem.bodies->frame.toWorld(r.impact.impulse);
    const Vec2 J(J3.x(), J3.y());
    const Vec2& P = input.impactPoint;
    const Vec3 P3 = input.calcImpactPoint3();

    r.vehicle1After = applyCollisionImpulse(input.vehicle1, J, P);
    r.vehicle1 = makeOutcome(input.vehicle1, r.vehicle1After, J3, P3);
    r.energyBefore = r.vehicle1.kineticEnergyBefore;
    r.energyAfter = r.vehicle1.kineticEnergyAfter;
    if (input.vehicle2) {
        r.vehicle2After = applyCollisionImpulse(*input.vehicle2, -J, P);
        r.vehicle2 = makeOutcome(*input.vehicle2, *r.vehicle2After, -J3, P3);
        r.energyBefore += r.vehicle2->kineticEnergyBefore;
        r.energyAfter += r.vehicle2->kineticEnergyAfter;
    }
    r.energyDissipated = r.energyBefore - r.energyAfter;

    if (input.vehicle2) {
        setAbsorbedEnergy(r.vehicle1, options.energyShare1 * r.energyDissipated, input.vehicle1.mass);
        setAbsorbedEnergy(*r.vehicle2, (1.0 - options.energyShare1) * r.energyDissipated, input.vehicle2->mass);
    } else {
        setAbsorbedEnergy(r.vehicle1, r.energyDissipated, input.vehicle1.mass);
    }
    return r;
}

}  // namespace impactlab
