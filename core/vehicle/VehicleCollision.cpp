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
    c.point = liftToPlane(input.impactPoint);
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

VehicleImpactOutcome makeOutcome(const Vehicle& before, const Vehicle& after, const Vec2& J) {
    VehicleImpactOutcome o;
    o.velocityAfter = after.velocity;
    o.yawRateAfter = after.yawRate;
    o.impulse = J;
    o.deltaV = (after.velocity - before.velocity).norm();
    o.deltaVKmh = kMpsToKmh * o.deltaV;
    o.pdofDeg = calcPdofDeg(J, before.heading);
    o.pdofClock = calcPdofClock(o.pdofDeg);
    o.kineticEnergyBefore = before.calcKineticEnergy();
    o.kineticEnergyAfter = after.calcKineticEnergy();
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

    // World impulse on vehicle 1; the z part is zero up to round-off (planar data).
    const Vec3 J3 = r.problem.bodies->frame.toWorld(r.impact.impulse);
    const Vec2 J(J3.x(), J3.y());
    const Vec2& P = input.impactPoint;

    r.vehicle1After = applyCollisionImpulse(input.vehicle1, J, P);
    r.vehicle1 = makeOutcome(input.vehicle1, r.vehicle1After, J);
    r.energyBefore = r.vehicle1.kineticEnergyBefore;
    r.energyAfter = r.vehicle1.kineticEnergyAfter;
    if (input.vehicle2) {
        r.vehicle2After = applyCollisionImpulse(*input.vehicle2, -J, P);
        r.vehicle2 = makeOutcome(*input.vehicle2, *r.vehicle2After, -J);
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
