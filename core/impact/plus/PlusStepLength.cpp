#include "impact/plus/PlusStepLength.h"

#include <algorithm>
#include <cmath>

namespace impactlab {

double calcClosestPointStep(const Vec2& a, const Vec2& d) {
    const double dd = d.squaredNorm();
    if (!(dd > 0.0)) return 1.0;
    return std::clamp(-a.dot(d) / dd, 0.0, 1.0);   // eq. 2.13
}

double calcDirectionChangeStep(const Vec2& a, const Vec2& d, double thetaMax) {
    const double na = a.norm();
    if (!(na > 0.0) || !(d.squaredNorm() > 0.0)) return 1.0;
    const Vec2 e1 = a / na;
    const double dPar = d.dot(e1);
    const double dPerp = std::abs(e1.x() * d.y() - e1.y() * d.x());
    const double t = std::tan(thetaMax);
    const double denom = dPerp - dPar * t;
    if (!(denom > 0.0)) return 1.0;            // the direction never turns by thetaMax
    return std::min(1.0, na * t / denom);       // eq. 2.14
}

SlidingStep calcSlidingStep(const Vec2& a, const Vec2& d, double vTransition, double thetaMax, double alphaMin) {
    SlidingStep s;
    if ((a + d).norm() < vTransition) {   // eq. 2.12 at alpha = 1: no tiny last interval
        s.alpha = 1.0;
        s.reachesRolling = true;
        return s;
    }
    const double alphaCP = calcClosestPointStep(a, d);
    if ((a + alphaCP * d).norm() < vTransition) {   // eq. 2.13
        s.alpha = alphaCP;
        s.reachesRolling = true;
        return s;
    }
    // alpha_min floors the step (B.4.1), but never past the closest point of
    // the slip line: on a strongly coupled contact alpha_min d can be far
    // longer than a, and the floor would step over the origin of the sliding
    // velocity, missing the roll and reversing the slip with energy gained.
    double floor = std::min(alphaMin, 1.0);
    if (alphaCP > 0.0 && alphaCP < floor) floor = alphaCP;
    s.alpha = std::clamp(calcDirectionChangeStep(a, d, thetaMax), floor, 1.0);
    return s;
}

}  // namespace impactlab
