#pragma once
// How much of an interval's impulse a sliding contact lets the solver apply
// (Uchida et al. 2015, sec. 2d, eqs. 2.12-2.14). a = v_xy at the start of the
// interval, d = A_xy pi its change under the full impulse; the tangential
// velocity moves along a + alpha d, 0 < alpha <= 1.
#include "mechanics/Types.h"

namespace impactlab {

// Eq. 2.13: the alpha of the point of a + alpha d closest to the origin,
// clipped to [0, 1] (reference note B.4.10); 1 when d = 0.
double calcClosestPointStep(const Vec2& a, const Vec2& d);

// Eq. 2.14: the alpha at which the direction of a + alpha d has turned by
// thetaMax from a; 1 when it never turns that far within the interval.
// Solved in the frame of a, where tan(theta) = alpha d_perp / (|a| + alpha d_par);
// the same root as the squared quadratic of note B.1.5 without its spurious
// pi - theta branch.
double calcDirectionChangeStep(const Vec2& a, const Vec2& d, double thetaMax);

struct SlidingStep {
    double alpha = 1.0;
    bool reachesRolling = false;   // the step ends inside the transition circle
};

// A sliding contact's step (eqs. 2.12-2.14): alpha = 1 when the full step ends
// inside the circle |v| < vTransition, alpha_CP when the closest point is
// inside it, else alpha_DC clipped to [alphaMin, 1].
SlidingStep calcSlidingStep(const Vec2& a, const Vec2& d, double vTransition, double thetaMax, double alphaMin);

}  // namespace impactlab
