// The paper's own integration (Jia & Wang sec. 6.1, Algorithm 1 lines 4-15),
// kept to reproduce Table 1: explicit Euler on the hodograph ODE (31), the
// impulse from gamma by eq. 26 and E by eq. 11 integrated along each straight
// Euler step (v_n is linear on it, so this is exact for the Euler polygon and
// the scheme's error is that of gamma alone).
//   FixedStep (NI)            constant h, no events l or s: integrates to r
//   FixedStepClosedForm (FS)  constant h until l or s, then closed forms
//   PaperAdaptive (VS)        step (36) until l or s, then closed forms
// Each step ends early at the first event on its straight Euler segment: c
// where v_n = 0, r where E = 0 (v_n is linear and E quadratic on it, so both
// are located exactly), and s where the segment passes the origin. As in the paper, event l
// continues along gamma's current direction, which is only nearly invariant at
// a loose tolerance; the Default method snaps onto the exact ray instead.
#include <algorithm>
#include <cmath>

#include "impact/InvariantDirections.h"
#include "impact/JiaWangModel.h"

namespace impactlab {

namespace {

// A straight Euler step that passes the origin closer than this fraction of
// its own length is taken to reach it (event s): the step cannot resolve the
// hodograph at that distance, and sliding through the origin would only make
// gamma^ flip (reference A1.14, "near miss").
constexpr double kOriginPassFraction = 0.5;
// Largest step of eq. 36, as a fraction of the frictionless compression
// impulse: the curvature term h2 / |kappa| grows without bound on a straight
// hodograph (reference A1.11 asks for a clamp).
constexpr double kMaxPaperStepFraction = 0.1;

// Eq. 36 with the curvature of eq. 37, whose denominator is corrected to
// |gamma| |gamma'|^3 (reference A1.11):
//   kappa = (g^ x g') (g' x (-mu B g^perp)) / (|gamma| |gamma'|^3).
double calcPaperStep(const JiaWangModel& m, const JiaWangOptions& o, const Vec2& gamma, const Vec2& rate) {
    const double hMax = kMaxPaperStepFraction * m.impulseScale;
    const double speed = rate.norm();
    const double g = gamma.norm();
    if (speed == 0.0 || g == 0.0) return hMax;
    auto cross = [](const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); };
    const Vec2 dir = gamma / g;
    const Vec2 perp(-dir.y(), dir.x());
    const double kappa = cross(dir, rate) * cross(rate, -m.mu * m.B * perp) / (g * speed * speed * speed);
    const double arcTerm = o.epsilon * o.h1 / speed;
    const double turnTerm = std::abs(kappa) > 0.0 ? (1.0 - o.epsilon) * o.h2 / (std::abs(kappa) * speed) : hMax;
    return std::min(arcTerm + turnTerm, hMax);
}

}  // namespace

NumericOutcome integrateWithEuler(const JiaWangModel& m, const JiaWangOptions& o, ImpactResult& result,
                                  ImpactTrace* trace) {
    const bool closedForms = o.method != JiaWangMethod::FixedStep;
    const double sinTol = std::sin(o.lAngleTol);
    NumericOutcome out;
    double In = 0.0;
    Vec2 gamma = m.gammaMinus;
    PathState& s = out.state;   // I follows gamma by eq. 26, E by eq. 11
    auto record = [&] {
        if (trace) trace->samples.push_back(m.makeSample(s.I, s.E, ContactMode::Sliding, s.phase));
    };
    record();

    for (;;) {
        const Vec2 rate = m.calcHodographRate(gamma);   // eq. 31
        if (closedForms && gamma.norm() <= m.stickSpeed) {   // event s (Algorithm 1 line 21: gamma^-)
            s.I = m.calcImpulse(In, Vec2::Zero());
            const Vec2 resumed = m.sticks() ? Vec2::Zero()
                                            : findCentrifugalDirection(m.B, m.d, m.mu).value_or(Vec2::Zero());
            out.stretches = {makeStretchAfterZeroSliding(m, resumed)};
            return out;
        }
        if (closedForms && calcCollinearityMargin(gamma, rate, sinTol) >= 0.0) {   // event l
            const double g = gamma.norm();
            out.stretches = makeStretchesAlongRay(m, In, g, gamma / g, gamma.dot(rate) / g);
            return out;
        }
        if (out.steps >= o.maxSteps) {
            out.stepLimitHit = true;
            return out;
        }

        double h = o.method == JiaWangMethod::PaperAdaptive ? calcPaperStep(m, o, gamma, rate) : o.h;
        // The earliest event on the segment gamma + t rate, t in [0, h].
        bool reachesOrigin = false, endsCompression = false, endsImpact = false;
        const double rate2 = rate.squaredNorm();
        if (closedForms && rate2 > 0.0) {
            const double t = -gamma.dot(rate) / rate2;   // closest approach to the origin
            if (t > 0.0 && t <= h && (gamma + t * rate).norm() <= kOriginPassFraction * h * std::sqrt(rate2)) {
                h = t;
                reachesOrigin = true;
            }
        }
        // On the segment I is linear in I_n (eq. 26), so is v_n, and E is exact.
        const double vn = m.calcNormalVelocity(s.I);
        const double slope = (m.calcNormalVelocity(m.calcImpulse(In + h, gamma + h * rate)) - vn) / h;
        if (s.phase == ImpactPhase::Compression && vn + slope * h >= 0.0) {   // c
            h = vn < 0.0 ? -vn / slope : 0.0;
            endsCompression = true;
            reachesOrigin = false;
        } else if (s.phase == ImpactPhase::Restitution) {   // r
            const double toR = calcFirstEnergyZero(s.E, vn, slope);
            if (toR <= h) {
                h = toR;
                endsImpact = true;
                reachesOrigin = false;
            }
        }

        // One Euler step (Algorithm 1 lines 6-9).
        gamma = reachesOrigin ? Vec2::Zero() : Vec2(gamma + h * rate);
        In += h;
        s.E -= vn * h + 0.5 * slope * h * h;
        s.I = m.calcImpulse(In, gamma);
        ++out.steps;
        record();
        if (endsCompression) {   // lines 10-13
            result.events.push_back({ImpactEventKind::EndOfCompression, In, s.I});
            result.compressionImpulse = s.I;
            s.E *= m.e * m.e;
            s.phase = ImpactPhase::Restitution;
            record();
        }
        if (endsImpact) {
            s.E = 0.0;
            result.impulse = s.I;
            result.events.push_back({ImpactEventKind::EndOfImpact, In, s.I});
            return out;
        }
    }
}

}  // namespace impactlab
