#pragma once
// One impulse interval of PLUS: the active-set loop of Algorithm 1 (Uchida et
// al. 2015, sec. 3c, Table 1) and the step length of sec. 2d.
//
// Each contact k has a phase for the round (observing, compressing,
// expanding) and, if it is not observing, a tangential state: sliding when
// |v_xy| >= v_transition at the start of the interval, rolling otherwise,
// and rolling contacts whose impulse leaves the friction cone become
// impending slip. Rows of B pi = w per contact (eqs. 2.3, 2.7, 2.8-2.11):
//   observing, or compressing removed from the set: pi_k = 0
//   compressing:    A_n[k] pi = -v_n[k]          expanding: pi_n[k] = remaining expansion impulse
//   rolling:        A_xy[k] pi = -v_xy[k]
//   sliding:        pi_xy[k] + mu_k pi_n[k] s_k = 0, s_k = v_xy[k] / |v_xy[k]|            (eq. 2.9a)
//   impending slip: the same with s_k = (v_xy + A_xy pi)[k] / |.|  (end of interval, eq. 2.9b),
//                   solved by Newton's method with the analytic Jacobian
// pi = B^+ w, the minimum-norm least-squares solution by complete orthogonal
// decomposition (sec. 3c). The loop stops when every rolling contact is
// inside its cone and every compressing contact pushes (pi_n >= 0); otherwise
// the contacts with the largest violation (all within kPlusTieRelTol of it,
// reference note B.4.9, which keeps symmetric contacts symmetric) become
// impending slip (cone) or leave the compressing set (pi_n < 0). It ends
// after at most 2 nc changes.
#include <vector>

#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceTrace.h"
#include "impact/plus/PlusOptions.h"

namespace impactlab {

struct PlusContactState {
    ContactPhase phase = ContactPhase::Observing;
    double expansionImpulse = 0.0;   // N s, remaining pi_n to apply while expanding
    Vec2 lastDirection = Vec2::Zero();   // last impending-slip direction, fallback when |v_end| ~ 0 (B.4.8)
};

struct PlusIntervalResult {
    Eigen::VectorXd impulse;      // N s, the full interval impulse pi (apply alpha pi)
    double alpha = 1.0;
    std::vector<ContactSlip> slip;   // per contact, in this interval
    std::vector<bool> active;        // per contact: carries pi_n (not observing, not removed)
    std::vector<Vec2> directions;       // impending-slip directions found
    bool newtonConverged = true;
    bool activeSetConverged = true;
    bool jammed = false;             // the jam step below was taken
};

PlusIntervalResult solvePlusInterval(const ContactSpaceProblem& problem, const Eigen::VectorXd& v,
                                     const std::vector<PlusContactState>& states, const PlusOptions& options);

// Relative tolerances of the interval solver.
// Cone and sign checks accept violations up to this fraction of the largest
// impulse component: the least-squares solve is accurate to ~1e-14 relative.
inline constexpr double kPlusFeasibilityRelTol = 1e-10;
// Violations within this fraction of the largest are removed together (B.4.9).
inline constexpr double kPlusTieRelTol = 1e-9;
// m/s: an end-of-interval tangential speed below this has no direction; the
// impending-slip direction then stays as it was (B.4.8). Redundant rolling
// contacts on one body end at exactly zero in exact arithmetic and at
// ~1e-12 m/s in floating point, whose direction is noise; 1e-8 m/s is
// 1e-7 of the default v_transition, far below any sliding that matters.
inline constexpr double kPlusMinDirectionSpeed = 1e-8;
// Newton stops when its step is below this fraction of the impulse: the
// least-squares solve is accurate to ~1e-14 times the condition number.
inline constexpr double kPlusNewtonRelTol = 1e-10;
// m/s: an impending-slip contact whose end tangential speed is below this
// with the fallback directions of B.4.8 is at rest, and any direction is
// consistent (1e-6 of the default v_transition).
inline constexpr double kPlusZeroSlipSpeed = 1e-7;
// Newton halves a step at most this often while the residual grows.
inline constexpr int kPlusNewtonMaxHalvings = 10;
// Newton gives up when its residual has not fallen below (1 - decrease) times
// its best for this many iterations: where the end slip is zero the direction
// is 0/0 and Newton cycles (a period of 6 on a four-point brick landing on a
// tilted contact), and the zero-slip search takes over. A converging run
// lowers its residual at every accepted step; 8 steps without a 0.1 % gain
// are more than one period of such a cycle.
inline constexpr int kPlusNewtonStallIterations = 8;
inline constexpr double kPlusNewtonStallDecrease = 1e-3;
// The zero-slip search scans each impending contact's direction angle at
// this many points (every 10 degrees) before refining the best by golden
// section. A scan every 2.5 degrees resolved no more of the random
// rank-deficient problems (tests/core/impact/plus/test_plus_invariants.cpp).
inline constexpr int kPlusZeroSlipScanPoints = 36;

}  // namespace impactlab
