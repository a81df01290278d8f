#include "impact/JiaWangModel.h"

#include <cmath>
#include <limits>

namespace impactlab {

JiaWangModel::JiaWangModel(const ImpactProblem& p, double stickSpeedRelTol)
    : problem(p),
      mu(p.friction),
      e(p.restitution),
      B(p.W.topLeftCorner<2, 2>()),
      d(p.W.topRightCorner<2, 1>()),
      Binv(B.inverse()),   // B is SPD (Proposition 4); 2x2 cofactor inverse
      gammaMinus(p.vMinus.head<2>()),
      stickRate(-Binv * d),
      impulseScale(-p.vMinus.z() / p.W(2, 2)),
      stickSpeed(stickSpeedRelTol * p.vMinus.norm()) {}

Vec2 JiaWangModel::calcHodographRate(const Vec2& gamma) const {
    const double speed = gamma.norm();
    if (speed == 0.0) return d;   // no sliding direction: only the coupling term acts
    return -mu * B * gamma / speed + d;
}

Vec3 JiaWangModel::calcImpulse(double In, const Vec2& gamma) const {
    const Vec2 It = Binv * (gamma - gammaMinus - In * d);
    return Vec3(It.x(), It.y(), In);
}

TraceSample JiaWangModel::makeSample(const Vec3& I, double E, ContactMode mode, ImpactPhase phase) const {
    TraceSample s;
    s.normalImpulse = I.z();
    s.impulse = I;
    s.velocity = problem.calcVelocityAfter(I);
    if (!energyBefore_) energyBefore_ = problem.calcEnergyBefore();
    s.energy = *energyBefore_ + problem.calcEnergyChange(I);
    s.contactEnergy = E;
    s.mode = mode;
    s.phase = phase;
    return s;
}

double calcFirstEnergyZero(double E0, double vn, double k) {
    if (!(E0 > 0.0)) return 0.0;
    const double disc = vn * vn + 2.0 * k * E0;
    if (disc < 0.0 || vn + std::sqrt(disc) <= 0.0) return std::numeric_limits<double>::infinity();
    return 2.0 * E0 / (vn + std::sqrt(disc));
}

double calcCollinearityMargin(const Vec2& gamma, const Vec2& rate, double sinTol) {
    const double cross = gamma.x() * rate.y() - gamma.y() * rate.x();
    return sinTol * gamma.norm() * rate.norm() - std::abs(cross);
}

}  // namespace impactlab
