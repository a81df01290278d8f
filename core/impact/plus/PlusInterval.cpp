#include "impact/plus/PlusInterval.h"

#include <algorithm>
#include <cmath>

#include "impact/plus/PlusStepLength.h"

namespace impactlab {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// The active set of Algorithm 1 and the sliding directions s_k.
struct WorkingSet {
    std::vector<bool> carries;        // the contact's normal row is active
    std::vector<ContactSlip> slip;
    std::vector<Vec2> direction;      // s_k of sliding and impending-slip contacts
};

// B pi = w of Table 1 for the current working set.
void assemble(const ContactSpaceProblem& p, const VectorXd& v, const std::vector<PlusContactState>& states,
              const WorkingSet& ws, MatrixXd& B, VectorXd& w) {
    const int n = static_cast<int>(v.size());
    B.setZero(n, n);
    w.setZero(n);
    for (int k = 0; k < p.getContactCount(); ++k) {
        const int r = 3 * k;
        if (!ws.carries[k]) {   // pi_k = 0
            B.block<3, 3>(r, r).setIdentity();
            continue;
        }
        if (states[k].phase == ContactPhase::Compressing) {   // eq. 2.3
            B.row(r + 2) = p.A.row(r + 2);
            w(r + 2) = -v(r + 2);
        } else {   // expanding: pi_n = pi_exp (eq. 2.4, Table 1)
            B(r + 2, r + 2) = 1.0;
            w(r + 2) = states[k].expansionImpulse;
        }
        const double mu = p.contacts[k].friction;
        if (ws.slip[k] == ContactSlip::Rolling) {   // eq. 2.7
            B.middleRows(r, 2) = p.A.middleRows(r, 2);
            w.segment<2>(r) = -v.segment<2>(r);
        } else {   // eqs. 2.8, 2.11: pi_xy + mu pi_n s = 0
            B.block<2, 2>(r, r).setIdentity();
            B.block<2, 1>(r, r + 2) = mu * ws.direction[k];
        }
    }
}

// The minimum-norm least-squares solution of B x = w over the unknowns and
// rows of the contacts that carry an impulse; the others stay exactly zero
// (their rows pi_k = 0 must not compete in the least-squares sense).
VectorXd solveMinNorm(const MatrixXd& B, const VectorXd& w, const std::vector<bool>& carries) {
    std::vector<int> idx;
    for (std::size_t k = 0; k < carries.size(); ++k)
        if (carries[k])
            for (int i = 0; i < 3; ++i) idx.push_back(3 * static_cast<int>(k) + i);
    VectorXd x = VectorXd::Zero(w.size());
    if (idx.empty()) return x;
    const int m = static_cast<int>(idx.size());
    MatrixXd Br(m, m);
    VectorXd wr(m);
    for (int i = 0; i < m; ++i) {
        wr(i) = w(idx[i]);
        for (int j = 0; j < m; ++j) Br(i, j) = B(idx[i], idx[j]);
    }
    const VectorXd xr = Eigen::CompleteOrthogonalDecomposition<MatrixXd>(Br).solve(wr);
    for (int i = 0; i < m; ++i) x(idx[i]) = xr(i);
    return x;
}

// The residual B(s(pi)) pi - w of the impending-slip system, updating the
// directions s_k = (v + A pi)_xy,k / |.| (eq. 2.9b) and their speeds |.|.
VectorXd calcImpendingResidual(const ContactSpaceProblem& p, const VectorXd& v,
                               const std::vector<PlusContactState>& states, WorkingSet& ws, const VectorXd& pi,
                               std::vector<double>& speed, MatrixXd& B) {
    const VectorXd vEnd = v + p.A * pi;
    speed.assign(p.getContactCount(), 0.0);
    for (int k = 0; k < p.getContactCount(); ++k) {
        if (!ws.carries[k] || ws.slip[k] != ContactSlip::ImpendingSlip) continue;
        const Vec2 u = vEnd.segment<2>(3 * k);
        speed[k] = u.norm();
        if (speed[k] > kPlusMinDirectionSpeed) ws.direction[k] = u / speed[k];   // else keep (B.4.8)
    }
    VectorXd w;
    assemble(p, v, states, ws, B, w);
    VectorXd F = B * pi - w;
    for (int k = 0; k < p.getContactCount(); ++k)
        if (!ws.carries[k]) F.segment<3>(3 * k).setZero();
    return F;
}

// Newton's method on B(s(pi)) pi = w for the impending-slip contacts, with
// d s / d pi = (E2 - s s^T) / |u| A_xy,k, and step halving while the
// residual grows (the direction is not smooth where |u| is small). It gives
// up when the residual stalls (kPlusNewtonStallIterations).
bool solveImpendingSlip(const ContactSpaceProblem& p, const VectorXd& v,
                        const std::vector<PlusContactState>& states, WorkingSet& ws, VectorXd& pi,
                        int maxIterations) {
    MatrixXd B;
    std::vector<double> speed;
    VectorXd F = calcImpendingResidual(p, v, states, ws, pi, speed, B);
    double best = F.norm();
    int sinceBest = 0;
    for (int it = 0; it < maxIterations && sinceBest < kPlusNewtonStallIterations; ++it) {
        MatrixXd J = B;
        for (int k = 0; k < p.getContactCount(); ++k) {
            if (!ws.carries[k] || ws.slip[k] != ContactSlip::ImpendingSlip || !(speed[k] > kPlusMinDirectionSpeed))
                continue;
            const Vec2& s = ws.direction[k];
            const Mat2 dS = (Mat2::Identity() - s * s.transpose()) / speed[k];
            J.middleRows(3 * k, 2) += p.contacts[k].friction * pi(3 * k + 2) * dS * p.A.middleRows(3 * k, 2);
        }
        const VectorXd step = solveMinNorm(J, F, ws.carries);
        // Converged when the step is negligible, or the residual is: near
        // zero slip the Jacobian grows like 1/|u| and steps stay large while
        // the residual (impulse rows pi_xy + mu pi_n s) vanishes.
        const double scale = std::max(pi.norm(), std::numeric_limits<double>::min());
        if (step.norm() <= kPlusNewtonRelTol * scale || F.norm() <= kPlusNewtonRelTol * scale) return true;
        const WorkingSet before = ws;
        double lambda = 1.0;
        for (int halving = 0;; ++halving) {
            ws = before;
            const VectorXd trial = pi - lambda * step;
            std::vector<double> trialSpeed;
            MatrixXd trialB;
            const VectorXd trialF = calcImpendingResidual(p, v, states, ws, trial, trialSpeed, trialB);
            if (trialF.norm() < F.norm() || halving == kPlusNewtonMaxHalvings) {
                pi = trial;
                F = trialF;
                speed = trialSpeed;
                B = trialB;
                if (F.norm() < (1.0 - kPlusNewtonStallDecrease) * best) {
                    best = F.norm();
                    sinceBest = 0;
                } else {
                    ++sinceBest;
                }
                break;
            }
            lambda *= 0.5;
        }
    }
    return false;
}

// The largest end-of-interval slip speed of the impending-slip contacts when
// their directions are held fixed; pi is the min-norm solution for them.
double calcEndSlip(const ContactSpaceProblem& p, const VectorXd& v, const std::vector<PlusContactState>& states,
                   const WorkingSet& ws, VectorXd& pi) {
    MatrixXd B;
    VectorXd w;
    assemble(p, v, states, ws, B, w);
    pi = solveMinNorm(B, w, ws.carries);
    const VectorXd vEnd = v + p.A * pi;
    double slip = 0.0;
    for (int k = 0; k < p.getContactCount(); ++k)
        if (ws.carries[k] && ws.slip[k] == ContactSlip::ImpendingSlip)
            slip = std::max(slip, vEnd.segment<2>(3 * k).norm());
    return slip;
}

// When eq. 2.9b has no root with non-zero slip, the contacts may end at rest
// on the cone's edge (B.2.7's trailing points), where any direction is
// consistent: search each impending contact's direction angle for zero end
// slip (a scan, then golden-section refinement). A second sweep over the
// contacts runs only when the first leaves them slipping (each contact's
// direction was searched with the others' still at their guesses).
bool searchZeroSlipDirections(const ContactSpaceProblem& p, const VectorXd& v,
                              const std::vector<PlusContactState>& states, WorkingSet& ws, VectorXd& pi,
                              int scanPoints) {
    constexpr int kRefine = 40;        // golden-section steps: 10 deg * 0.618^40 ~ 1e-9 rad
    constexpr int kSweeps = 2;
    const double golden = 0.5 * (std::sqrt(5.0) - 1.0);
    for (int sweep = 0; sweep < kSweeps; ++sweep) {
        if (sweep > 0 && calcEndSlip(p, v, states, ws, pi) <= kPlusZeroSlipSpeed) return true;
        for (int k = 0; k < p.getContactCount(); ++k) {
            if (!ws.carries[k] || ws.slip[k] != ContactSlip::ImpendingSlip) continue;
            auto slipAt = [&](double angle) {
                ws.direction[k] = Vec2(std::cos(angle), std::sin(angle));
                VectorXd trial;
                return calcEndSlip(p, v, states, ws, trial);
            };
            const double step = 2.0 * M_PI / scanPoints;
            double best = 0.0, bestSlip = std::numeric_limits<double>::infinity();
            for (int i = 0; i < scanPoints; ++i) {
                const double f = slipAt(i * step);
                if (f < bestSlip) {
                    bestSlip = f;
                    best = i * step;
                }
            }
            // Golden section: each step keeps one inner point and its slip.
            double lo = best - step, hi = best + step;
            double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
            double fa = slipAt(a), fb = slipAt(b);
            for (int i = 0; i < kRefine; ++i) {
                if (fa < fb) {
                    hi = b;
                    b = a;
                    fb = fa;
                    a = hi - golden * (hi - lo);
                    fa = slipAt(a);
                } else {
                    lo = a;
                    a = b;
                    fa = fb;
                    b = lo + golden * (hi - lo);
                    fb = slipAt(b);
                }
            }
            slipAt(0.5 * (lo + hi));
        }
    }
    return calcEndSlip(p, v, states, ws, pi) <= kPlusZeroSlipSpeed;
}

}  // namespace

PlusIntervalResult solvePlusInterval(const ContactSpaceProblem& p, const VectorXd& v,
                                     const std::vector<PlusContactState>& states, const PlusOptions& o) {
    const int nc = p.getContactCount();
    WorkingSet ws;
    for (int k = 0; k < nc; ++k) {
        const Vec2 vt = v.segment<2>(3 * k);
        const double mu = p.contacts[k].friction;
        ws.carries.push_back(states[k].phase != ContactPhase::Observing);
        const bool sliding = mu == 0.0 || vt.norm() >= o.vTransition;   // eq. 2.9
        ws.slip.push_back(sliding ? ContactSlip::Sliding : ContactSlip::Rolling);
        ws.direction.push_back(sliding && mu > 0.0 ? Vec2(vt / vt.norm()) : Vec2::Zero());
    }

    PlusIntervalResult r;
    MatrixXd B;
    VectorXd w;
    VectorXd pi = VectorXd::Zero(3 * nc);
    // Each pass turns a rolling contact into impending slip or drops a
    // compressing one, so 2 nc + 1 passes always suffice.
    const int maxPasses = 2 * nc + 1;
    int pass = 0;
    for (; pass < maxPasses; ++pass) {
        assemble(p, v, states, ws, B, w);
        pi = solveMinNorm(B, w, ws.carries);
        const bool anyImpending =
            std::find(ws.slip.begin(), ws.slip.end(), ContactSlip::ImpendingSlip) != ws.slip.end();
        if (anyImpending) {
            const WorkingSet guess = ws;
            if (!solveImpendingSlip(p, v, states, ws, pi, o.maxNewtonIterations)) {
                // No end direction found: redundant contacts on one body often
                // end at zero slip, where s is 0/0 and Newton's Jacobian blows
                // up (B.2.7). Search for directions that end at rest; failing
                // that, keep the initial directions (B.4.8) and report.
                // Failing that too, Newton may still finish from the
                // directions the search ended closest to rest with.
                ws = guess;
                if (!searchZeroSlipDirections(p, v, states, ws, pi, kPlusZeroSlipScanPoints) &&
                    !solveImpendingSlip(p, v, states, ws, pi, o.maxNewtonIterations)) {
                    ws = guess;
                    calcEndSlip(p, v, states, ws, pi);
                    r.newtonConverged = false;
                }
            }
        }

        // The largest violation of eq. 2.5 (pi_n >= 0) or eq. 2.6 (the cone).
        std::vector<double> violation(nc, 0.0);
        std::vector<bool> isCone(nc, false);
        double worst = 0.0;
        for (int k = 0; k < nc; ++k) {
            if (!ws.carries[k]) continue;
            const double pn = pi(3 * k + 2);
            if (states[k].phase == ContactPhase::Compressing) violation[k] = -pn;
            if (ws.slip[k] == ContactSlip::Rolling) {   // Algorithm 1: a rolling point becomes impending slip
                violation[k] = std::max(violation[k], pi.segment<2>(3 * k).norm() - p.contacts[k].friction * pn);
                isCone[k] = true;
            }
            worst = std::max(worst, violation[k]);
        }
        const double scale = std::max(pi.cwiseAbs().maxCoeff(), std::numeric_limits<double>::min());
        if (worst <= kPlusFeasibilityRelTol * scale) break;
        for (int k = 0; k < nc; ++k) {
            if (!ws.carries[k] || violation[k] < worst * (1.0 - kPlusTieRelTol)) continue;
            if (isCone[k]) {   // rolling -> impending slip, s from the rolling impulse (B.4.8)
                ws.slip[k] = ContactSlip::ImpendingSlip;
                const Vec2 pt = pi.segment<2>(3 * k);
                ws.direction[k] = pt.norm() > 0.0 ? Vec2(-pt / pt.norm()) : states[k].lastDirection;
            } else {           // no normal impulse at this contact
                ws.carries[k] = false;
            }
        }
    }
    r.activeSetConverged = pass < maxPasses;

    // A jam: no contact can push, yet a sliding contact approaches. Its
    // normal row with friction substituted, (A_nn - mu A_n,xy s) pi_n = -v_n,
    // asks for a pulling impulse (a Painleve-type coupling). Follow the
    // Darboux-Keller process instead: slide along s while the normal
    // impulse grows, until the slip is closest to zero (then it can roll).
    if (std::find(ws.carries.begin(), ws.carries.end(), true) == ws.carries.end()) {
        int jam = -1;
        for (int k = 0; k < nc; ++k)
            if (states[k].phase == ContactPhase::Compressing && ws.slip[k] == ContactSlip::Sliding &&
                p.contacts[k].friction > 0.0 && v(3 * k + 2) < 0.0 && (jam < 0 || v(3 * k + 2) < v(3 * jam + 2)))
                jam = k;
        if (jam >= 0) {
            const Vec2 sk = ws.direction[jam];
            const Vec3 unit(-p.contacts[jam].friction * sk.x(), -p.contacts[jam].friction * sk.y(), 1.0);
            const Vec2 d = (p.getBlock(jam, jam) * unit).head<2>();   // slip change per unit pi_n
            const double lambda = d.squaredNorm() > 0.0 ? -v.segment<2>(3 * jam).dot(d) / d.squaredNorm() : 0.0;
            if (lambda > 0.0 && std::isfinite(lambda)) {
                pi.setZero();
                pi.segment<3>(3 * jam) = lambda * unit;
                ws.carries[jam] = true;
                r.jammed = true;
            }
        }
    }

    // Step length (sec. 2d): only contacts sliding at the interval's start
    // limit alpha (B.4.10).
    r.alpha = 1.0;
    for (int k = 0; k < nc; ++k) {
        if (!ws.carries[k] || ws.slip[k] != ContactSlip::Sliding || p.contacts[k].friction == 0.0) continue;
        const Vec2 a = v.segment<2>(3 * k);
        const Vec2 d = (p.A.middleRows(3 * k, 2) * pi);
        r.alpha = std::min(r.alpha, calcSlidingStep(a, d, o.vTransition, o.thetaMax, o.alphaMin).alpha);
    }
    r.impulse = pi;
    r.slip = ws.slip;
    r.active = ws.carries;
    r.directions = ws.direction;
    return r;
}

}  // namespace impactlab
