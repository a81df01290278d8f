#pragma once
// The velocity-dependent coefficient of restitution of PLUS (Uchida et al.
// 2015, sec. 2b and Fig. 2), as a function of the approach speed s = -v_n:
//   e(s) = 0                               s <  v_capture
//   e(s) = 1 - (1 - e_min) s / v_plastic   v_capture <= s < v_plastic
//   e(s) = e_min                           s >= v_plastic
// The boundary s = v_capture follows the paper ("vanishes for -v_z <
// v_capture"): e(v_capture) is on the line, not 0 (Simbody uses <=;
// reference note B.4.14).
#include "impact/ContactSpaceProblem.h"
#include "impact/plus/PlusOptions.h"

namespace impactlab {

double calcPlusRestitution(double approachSpeed, double eMin, const PlusOptions& options);
// The contact's e for an approach speed: its constant e, or e(s) above.
double calcPlusRestitution(double approachSpeed, const ContactParameters& contact, const PlusOptions& options);

}  // namespace impactlab
