#include "impact/PainleveRod.h"

#include <cmath>

namespace impactlab {

namespace {
constexpr double kHalfPi = 1.57079632679489661923;
}

double calcPainleveMuStar(double theta0) {
    const double c = std::cos(theta0);
    return (c + 1.0 / (3.0 * c)) / std::sin(theta0);   // sec. 4.2
}

PainleveRodProblem makePainleveRod(const PainleveRodParams& p) {
    if (!(p.theta0 > 0.0 && p.theta0 < kHalfPi)) throw InputError("theta0", "must be in (0, pi/2) rad");
    if (!(p.mu >= 0.0) || !std::isfinite(p.mu)) throw InputError("mu", "must be a finite number >= 0");
    if (!std::isfinite(p.v0)) throw InputError("v0", "must be a finite number");
    if (!(p.mass > 0.0) || !std::isfinite(p.mass)) throw InputError("mass", "must be a finite number > 0");
    if (!(p.length > 0.0) || !std::isfinite(p.length)) throw InputError("length", "must be a finite number > 0");

    PainleveRodProblem out;
    RigidBody& rod = out.contact.body1;
    rod.mass = p.mass;
    // Slender rod: m l^2 / 12 across the axis. The axial moment does not enter
    // W (the contact lies on the axis); it is given the same value so that the
    // body is a valid rigid body (triangle inequality).
    const double J = p.mass * p.length * p.length / 12.0;
    rod.principalInertia = Vec3::Constant(J);
    rod.orientation = Quat(Eigen::AngleAxisd(p.theta0, Vec3::UnitZ()));
    rod.position = 0.5 * p.length * Vec3(std::cos(p.theta0), std::sin(p.theta0), 0.0);
    rod.velocity = -p.v0 * Vec3::UnitX();
    out.contact.body2 = RigidBody::makeFixed();
    out.contact.point = Vec3::Zero();
    out.contact.frame.axes.col(0) = Vec3::UnitX();
    out.contact.frame.axes.col(1) = -Vec3::UnitZ();
    out.contact.frame.axes.col(2) = Vec3::UnitY();
    out.problem = ImpactProblem::makeBodyLevel(out.contact, p.mu, 0.0, ApproachRequirement::Any);
    out.muStar = calcPainleveMuStar(p.theta0);
    const double s = p.mass * p.v0 / 8.0;
    out.lambda0 = Vec3(s * (5.0 + 3.0 * std::cos(2.0 * p.theta0)), 0.0, s * 3.0 * std::sin(2.0 * p.theta0));
    return out;
}

}  // namespace impactlab
