// Closed-form end of the impact once the impulse grows linearly (Jia & Wang
// secs. 6.2-6.3). Along a stretch I = I_0 + (I_n - I_n0) sigma, so
// v_n = v_n0 + k (I_n - I_n0) with k = n^T W sigma (= 1/m_sigma, eq. 40) and
//   E = E_0 - v_n0 x - k x^2 / 2,   x = I_n - I_n0            (eqs. 41, 46)
// which places c (v_n = 0) and r (E = 0) without integration. Written in this
// local form, every case of secs. 6.2-6.3 (scr, csr, lscr, lcsr, lcr, clsr,
// clr) is the same two tests per stretch, and the errata of the reference notes
// (A1.12-A1.13) cannot arise: r is the first zero of E after the stretch
// begins (the "larger root"), and a ray that is not centripetal never reaches s.
#include <cassert>
#include <cmath>
#include <sstream>

#include "impact/InvariantDirections.h"
#include "impact/JiaWangModel.h"

namespace impactlab {

namespace {

// Samples per stretch in the trace: E is quadratic along a stretch, and eight
// chords draw it within 2% of its height; the impulse path itself is straight.
constexpr int kSamplesPerStretch = 8;

}  // namespace

LinearStretch makeStretchAfterZeroSliding(const JiaWangModel& model, const Vec2& resumedSlipDirection) {
    LinearStretch s;
    if (model.sticks()) {   // sec. 5.1, eqs. 34-35
        s.sigma << model.stickRate, 1.0;
        s.mode = ContactMode::Sticking;
        s.startEvent = ImpactEventKind::Stick;
    } else {                // sec. 5.2, Corollary 6
        s.sigma << -model.mu * resumedSlipDirection, 1.0;
        s.mode = ContactMode::ResumedSlip;
        s.startEvent = ImpactEventKind::ResumedSlip;
    }
    return s;
}

std::vector<LinearStretch> makeStretchesAlongRay(const JiaWangModel& model, double In, double speed,
                                                 const Vec2& direction, double lambda) {
    LinearStretch ray;
    ray.sigma << -model.mu * direction, 1.0;   // eq. 44
    ray.mode = ContactMode::Sliding;
    ray.startEvent = ImpactEventKind::InvariantDirection;
    if (!(lambda < 0.0)) return {ray};         // eq. 42 with +inf: s never happens
    ray.endIn = In + speed / -lambda;
    const Vec2 resumed = model.sticks() ? Vec2::Zero()
                                        : findCentrifugalDirection(model.B, model.d, model.mu).value_or(Vec2::Zero());
    return {ray, makeStretchAfterZeroSliding(model, resumed)};
}

SolveStatus continueInClosedForm(const JiaWangModel& model, PathState state,
                                 const std::vector<LinearStretch>& stretches, ImpactResult& result,
                                 ImpactTrace* trace) {
    const double e2 = model.e * model.e;
    for (const LinearStretch& stretch : stretches) {
        if (stretch.startEvent) result.events.push_back({*stretch.startEvent, state.I.z(), state.I});
        double vn = model.calcNormalVelocity(state.I);
        const double k = model.problem.W.row(2).dot(stretch.sigma);   // v_n' along the stretch (eq. 40)
        const double length = std::max(0.0, stretch.endIn - state.I.z());   // inf when open-ended

        // Moves x along the stretch, sampling the trace on the way.
        auto advance = [&](double x) {
            const PathState from = state;
            const double vnFrom = vn;
            for (int i = 1; i <= kSamplesPerStretch && trace; ++i) {
                const double xi = x * i / kSamplesPerStretch;
                trace->samples.push_back(model.makeSample(from.I + xi * stretch.sigma,
                                                          from.E - vnFrom * xi - 0.5 * k * xi * xi,
                                                          stretch.mode, from.phase));
            }
            state.I += x * stretch.sigma;
            state.E -= vn * x + 0.5 * k * x * x;
            vn += k * x;
        };

        double used = 0.0;   // N s of this stretch already run
        if (state.phase == ImpactPhase::Compression) {
            // Event c: v_n reaches 0 (first step of sec. 6.2 Case 1; zeta_c of 6.3).
            double toC = vn >= 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
            if (vn < 0.0 && k > 0.0) toC = -vn / k;
            if (toC > length || std::isinf(toC)) {
                if (std::isinf(length)) {
                    std::ostringstream os;
                    os << "compression never ends: v_n' = " << k << " <= 0 along the final stretch at I_n = "
                       << state.I.z() << " N s (impact solution condition (18) violated)";
                    result.warnings.push_back(os.str());
                    result.impulse = state.I;
                    return SolveStatus::NoSolution;
                }
                advance(length);
                continue;
            }
            advance(toC);
            used = toC;
            vn = std::max(vn, 0.0);
            result.events.push_back({ImpactEventKind::EndOfCompression, state.I.z(), state.I});
            result.compressionImpulse = state.I;
            state.E *= e2;   // restitution returns e^2 of the stored energy (eq. 12)
            state.phase = ImpactPhase::Restitution;
            if (trace) trace->samples.push_back(model.makeSample(state.I, state.E, stretch.mode, state.phase));
        }

        // Event r: the first zero of E (with nothing stored, e = 0, c = r).
        const double toR = calcFirstEnergyZero(state.E, vn, k);
        if (toR > length - used || std::isinf(toR)) {
            if (std::isinf(length)) {
                std::ostringstream os;
                os << "restitution never ends: E stays above " << state.E + vn * vn / (2.0 * k)
                   << " J along the final stretch (impact solution condition (18) violated)";
                result.warnings.push_back(os.str());
                result.impulse = state.I;
                return SolveStatus::NoSolution;
            }
            advance(length - used);
            continue;
        }
        advance(toR);
        state.E = 0.0;
        result.impulse = state.I;
        result.events.push_back({ImpactEventKind::EndOfImpact, state.I.z(), state.I});
        return SolveStatus::Converged;
    }
    // The builders always end with an open-ended stretch, which returns above.
    assert(false && "closed-form stretches ended before the impact");
    result.impulse = state.I;
    return SolveStatus::NoSolution;
}

}  // namespace impactlab
