#include "impact/planar/WangMason.h"

#include <limits>

#include "impact/Newton.h"
#include "impact/Poisson.h"
#include "impact/planar/PlanarProblem.h"
#include "mechanics/NumberText.h"

namespace impactlab {

const char* toString(WangMasonMode mode) {
    switch (mode) {
        case WangMasonMode::Frictionless: return "frictionless";
        case WangMasonMode::ForwardSliding: return "forward-sliding";
        case WangMasonMode::CStick: return "C-stick";
        case WangMasonMode::EStick: return "E-stick";
        case WangMasonMode::CReverseSliding: return "C-reverse-sliding";
        case WangMasonMode::EReverseSliding: return "E-reverse-sliding";
        case WangMasonMode::NoSolution: return "no-solution";
    }
    return "?";
}

WangMasonMode classifyWangMasonMode(const ImpactProblem& problem, const ImpactResult& result) {
    if (result.status == SolveStatus::NoSolution) return WangMasonMode::NoSolution;
    if (problem.friction == 0.0) return WangMasonMode::Frictionless;
    double compressionEnd = std::numeric_limits<double>::infinity();
    for (const ImpactEvent& e : result.events)
        if (e.kind == ImpactEventKind::EndOfCompression) compressionEnd = e.normalImpulse;
    for (const ImpactEvent& e : result.events) {
        if (e.kind != ImpactEventKind::Stick && e.kind != ImpactEventKind::ResumedSlip) continue;
        // A tie (the event at the end of compression within round-off) counts as expansion.
        const bool inCompression = e.normalImpulse < compressionEnd * (1.0 - kModeTieRelTol);
        if (e.kind == ImpactEventKind::Stick) return inCompression ? WangMasonMode::CStick : WangMasonMode::EStick;
        return inCompression ? WangMasonMode::CReverseSliding : WangMasonMode::EReverseSliding;
    }
    return WangMasonMode::ForwardSliding;
}

namespace {

// Drops the events and trace samples the integrator added beyond normal
// impulse `In` (where a mechanism's process stopped making progress).
void truncatePath(ImpactResult& r, ImpactTrace* trace, std::size_t traceStart, double In) {
    const double cut = In * (1.0 + kModeTieRelTol);
    std::vector<ImpactEvent> kept;
    for (const ImpactEvent& e : r.events)
        if (e.normalImpulse <= cut && e.kind != ImpactEventKind::EndOfImpact) kept.push_back(e);
    r.events = kept;
    if (trace) {
        auto& s = trace->samples;
        std::size_t n = traceStart;
        while (n < s.size() && s[n].normalImpulse <= cut) ++n;
        s.resize(n);
    }
    r.warnings.clear();   // they described the stalled or drifting state
}

void reportNoSolution(const ImpactProblem& p, const Vec3& impulse, const std::string& why, ImpactResult& r) {
    r.status = SolveStatus::NoSolution;
    r.impulse = impulse;
    r.warnings.push_back("no solution: " + why);
    completeResult(p, r);
}

// A mechanism (singular in-plane W) sticks with dv_n/dI_n = det / W_tt = 0:
// once it sticks the normal velocity is frozen (the integrator only drifts by
// round-off), and where sliding has dv_n/dI_n <= 0 it never rises. Settles
// what the delegated path cannot (WangMason.h). `p` is the planar copy solved.
void resolveMechanism(const ImpactProblem& p, const PlanarProblem& planar, WangMasonTermination termination,
                      ImpactResult& r, ImpactTrace* trace, std::size_t traceStart) {
    const ImpactEvent* stick = nullptr;
    const ImpactEvent* compressionEnd = nullptr;
    const ImpactEvent* lastChange = nullptr;
    for (const ImpactEvent& e : r.events) {
        if (e.kind == ImpactEventKind::Stick && !stick) stick = &e;
        if (e.kind == ImpactEventKind::EndOfCompression && !compressionEnd) compressionEnd = &e;
        if (e.kind == ImpactEventKind::Stick || e.kind == ImpactEventKind::ResumedSlip) lastChange = &e;
    }
    const double e = planar.restitution;
    const double tieSpeed = kTieSpeedRelTol * planar.vMinus.norm();
    const double targetVn = -e * planar.vMinus.y();
    const bool poisson = termination == WangMasonTermination::Poisson;

    if (stick) {
        const Vec3 Is = stick->impulse;
        const double vn = p.calcVelocityAfter(Is).z();
        const double kStick = -planar.W(0, 1) / planar.W(0, 0);   // slope of the sticking line Ad
        const bool inCompression = !compressionEnd || compressionEnd->normalImpulse > Is.z() * (1.0 + kModeTieRelTol);
        if (inCompression) {
            truncatePath(r, trace, traceStart, Is.z());   // invalidates `stick`
            if (std::abs(vn) > tieSpeed) {
                r.compressionImpulse = Vec3::Zero();   // the drifting path's "end of compression" was not one
                reportNoSolution(p, Is, "the contact jams in stick during compression (a mechanism: dv_n/dI_n = "
                                        "det W / W_tt = 0 holds v_n at " + formatNumber(vn, 3) +
                                        " m/s, as the rigid pendulum of Cataldo & Sampaio sec. 2.9), so compression "
                                        "never ends; the impulse where the jam began is reported", r);
                return;
            }
            // Tie: D_T and D_N vanished together; compression ends here and sticking goes on.
            r.events.push_back({ImpactEventKind::EndOfCompression, Is.z(), Is});
            r.compressionImpulse = Is;
            if (trace && trace->samples.size() > traceStart) trace->samples.back().phase = ImpactPhase::Restitution;
            if (!poisson && targetVn > tieSpeed) {
                reportNoSolution(p, Is, "sticking holds the normal velocity at 0 (a mechanism), so Newton's "
                                        "termination v_n = -e v_n^- is never reached (Cataldo & Sampaio sec. 2.9)", r);
                return;
            }
            const Vec3 IE = poisson ? Vec3(Is + e * Is.z() * Vec3(kStick, 0.0, 1.0)) : Is;   // along Ad
            appendPlanarSegment(trace, p, makePlanarMobility(planar), Vec3(Is.x(), Is.z(), 0.0),
                                Vec3(IE.x(), IE.z(), 0.0), ContactMode::Sticking, ImpactPhase::Restitution);
            r.impulse = IE;
            r.status = SolveStatus::Converged;
            r.events.push_back({ImpactEventKind::EndOfImpact, IE.z(), IE});
            completeResult(p, r);
            return;
        }
        if (!poisson && vn < targetVn - tieSpeed) {
            truncatePath(r, trace, traceStart, Is.z());   // invalidates `stick`
            reportNoSolution(p, Is, "the contact sticks during expansion with v_n = " + formatNumber(vn, 3) +
                                    " m/s frozen (a mechanism), so Newton's termination v_n = -e v_n^- = " +
                                    formatNumber(targetVn, 3) + " m/s is never reached (Cataldo & Sampaio sec. 2.9)", r);
        }
        return;   // Poisson ends at (1 + e) I_nc whatever v_n does: the delegated result stands
    }
    if (r.status == SolveStatus::Converged) return;
    // Sliding that never raises v_n: the path jammed or ran to its step limit.
    const double vt = p.calcVelocityAfter(r.impulse).x();
    const double rate = planar.W(1, 1) - planar.W(1, 0) * planar.friction * (vt > 0.0 ? 1.0 : -1.0);
    if (rate > kJamRateRelTol * planar.W(1, 1)) return;   // a genuine step limit: leave it reported
    const Vec3 Is = lastChange ? lastChange->impulse : Vec3::Zero();
    const bool compressed = compressionEnd != nullptr;
    truncatePath(r, trace, traceStart, Is.z());
    reportNoSolution(p, Is, std::string("the contact jams in sliding during ") +
                                (compressed ? "expansion" : "compression") + " (dv_n/dI_n = " + formatNumber(rate, 3) +
                                " <= 0: a mechanism, as the rigid pendulum of Cataldo & Sampaio sec. 2.9), so " +
                                (compressed ? "Newton's termination is never reached" : "compression never ends") +
                                "; the impulse where the jam began is reported", r);
}

}  // namespace

ImpactResult solveWangMason(const ImpactProblem& problem, const WangMasonOptions& options, ImpactTrace* trace) {
    const PlanarProblem planar = makePlanarProblem(problem, "wang-mason");
    const ImpactProblem p = makePlanarCopy(problem);
    const std::size_t traceStart = trace ? trace->samples.size() : 0;
    ImpactResult r = options.termination == WangMasonTermination::Newton ? solveNewton(p, {options.path}, trace)
                                                                          : solvePoisson(p, {options.path}, trace);
    r.model = "wang-mason";
    if (planar.isMechanism()) resolveMechanism(p, planar, options.termination, r, trace, traceStart);
    return r;
}

}  // namespace impactlab
