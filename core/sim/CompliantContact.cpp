#include "sim/CompliantContact.h"

#include <cmath>
#include <limits>

#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

double compliance(const CompliantMaterial& m) {
    return (1.0 - m.poissonRatio * m.poissonRatio) / m.youngsModulus;
}

}  // namespace

void CompliantMaterial::validate(const std::string& field) const {
    if (!(youngsModulus > 0.0) || !std::isfinite(youngsModulus))
        throw InputError(field + ".youngs_modulus", "must be a finite number > 0, got " + formatNumber(youngsModulus));
    if (!(poissonRatio > -1.0 && poissonRatio <= 0.5))
        throw InputError(field + ".poisson_ratio", "must lie in (-1, 0.5], got " + formatNumber(poissonRatio));
    if (!(dissipation >= 0.0) || !std::isfinite(dissipation))
        throw InputError(field + ".dissipation", "must be a finite number >= 0, got " + formatNumber(dissipation));
}

CompliantFriction CompliantFriction::makeCoulomb(double mu) {
    CompliantFriction f;
    f.staticCoefficient = mu;
    f.dynamicCoefficient = mu;
    return f;
}

void CompliantFriction::validate(const std::string& field) const {
    auto check = [&](double v, const char* name) {
        if (!(v >= 0.0) || !std::isfinite(v))
            throw InputError(field + "." + name, "must be a finite number >= 0, got " + formatNumber(v));
    };
    check(staticCoefficient, "static_friction");
    check(dynamicCoefficient, "dynamic_friction");
    check(viscousCoefficient, "viscous_friction");
    if (!(transitionSpeed > 0.0) || !std::isfinite(transitionSpeed))
        throw InputError(field + ".transition_speed", "must be a finite number > 0, got " + formatNumber(transitionSpeed));
}

double calcEffectiveModulus(const CompliantMaterial& m1, const CompliantMaterial& m2) {
    return 1.0 / (compliance(m1) + compliance(m2));
}

double calcEffectiveDissipation(const CompliantMaterial& m1, const CompliantMaterial& m2) {
    const double s1 = compliance(m1), s2 = compliance(m2);
    return (m1.dissipation * s1 + m2.dissipation * s2) / (s1 + s2);
}

double calcRelativeRadius(double r1, double r2) {
    if (std::isinf(r2)) return r1;
    if (std::isinf(r1)) return r2;
    return r1 * r2 / (r1 + r2);
}

double calcHertzStiffness(double relativeRadius, double effectiveModulus) {
    return 4.0 / 3.0 * std::sqrt(relativeRadius) * effectiveModulus;  // eq. (4.1)
}

double calcHuntCrossleyForce(double stiffness, double dissipation, double delta, double rate) {
    if (!(delta > 0.0)) return 0.0;
    const double fHz = stiffness * delta * std::sqrt(delta);   // eq. (4.1)
    return std::max(0.0, fHz * (1.0 + 1.5 * dissipation * rate));  // eq. (4.2), never pulling
}

double calcHertzEnergy(double stiffness, double delta) {
    if (!(delta > 0.0)) return 0.0;
    return 0.4 * stiffness * delta * delta * std::sqrt(delta);
}

double calcFrictionCoefficient(const CompliantFriction& f, double slipSpeed) {
    const double r = slipSpeed / f.transitionSpeed;
    double mu;
    if (r <= 1.0) {
        mu = f.staticCoefficient * r * (2.0 - r);
    } else if (r < 3.0) {
        const double s = 0.5 * (r - 1.0);
        mu = f.staticCoefficient + (f.dynamicCoefficient - f.staticCoefficient) * s * s * (3.0 - 2.0 * s);
    } else {
        mu = f.dynamicCoefficient;
    }
    return mu + f.viscousCoefficient * slipSpeed;
}

void calcCompliantForces(double stiffness, double dissipation, const CompliantFriction& friction,
                         CompliantContactState& s) {
    s.normalForce = calcHuntCrossleyForce(stiffness, dissipation, s.penetration, s.penetrationRate);
    s.elasticEnergy = calcHertzEnergy(stiffness, s.penetration);
    const Vec2 vt = s.tangentialVelocity();
    const double speed = vt.norm();
    if (s.normalForce > 0.0 && speed > 0.0)
        s.frictionForce = -(calcFrictionCoefficient(friction, speed) * s.normalForce / speed) * vt;
    else
        s.frictionForce.setZero();
}

}  // namespace impactlab
