#include "impact/plus/Plus.h"

#include <sstream>

#include "impact/plus/PlusInterval.h"
#include "impact/plus/PlusRestitution.h"

namespace impactlab {

namespace {

using Eigen::VectorXd;

ContactSpaceSample makeSample(const ContactSpaceProblem& p, int round, int interval, double alpha,
                              const VectorXd& impulse, const VectorXd& v, double energy,
                              const std::vector<PlusContactState>& states, const PlusIntervalResult* step) {
    ContactSpaceSample s;
    s.round = round;
    s.interval = interval;
    s.alpha = alpha;
    s.energy = energy;
    for (int k = 0; k < p.getContactCount(); ++k) {
        ContactSample c;
        c.impulse = impulse.segment<3>(3 * k);
        c.velocity = v.segment<3>(3 * k);
        c.phase = states[k].phase;
        c.slip = step ? step->slip[k] : ContactSlip::Sliding;
        c.active = step && step->active[k];
        s.contacts.push_back(c);
    }
    return s;
}

ContactEvent makeEvent(ContactEventKind kind, int contact, int round, int interval, const VectorXd& impulse) {
    ContactEvent e;
    e.kind = kind;
    e.contact = contact;
    e.round = round;
    e.interval = interval;
    e.impulse = impulse;
    return e;
}

std::string where(int round, int interval) {
    std::ostringstream os;
    os << " (round " << round << ", interval " << interval << ")";
    return os.str();
}

}  // namespace

const char* toString(PlusImpactModel model) {
    return model == PlusImpactModel::Sequential ? "sequential" : "simultaneous";
}

ContactSpaceResult solvePlus(const ContactSpaceProblem& p, const PlusOptions& o, ContactSpaceTrace* trace) {
    const int nc = p.getContactCount();
    const double tolV = o.velocityTolerance;
    ContactSpaceResult r;
    r.model = "plus";
    r.energyBefore = p.calcEnergyBefore();

    VectorXd total = VectorXd::Zero(3 * nc);
    VectorXd v = p.vMinus;
    std::vector<PlusContactState> states(nc);
    VectorXd pending = VectorXd::Zero(nc);   // pi_acc of Algorithm 2: e * pi_n of the compression just ended
    VectorXd compression = VectorXd::Zero(nc);   // pi_n of a compression still going on (a jam)
    std::vector<ContactSlip> lastSlip(nc, ContactSlip::Sliding);
    if (trace) {
        trace->samples.clear();
        trace->samples.push_back(makeSample(p, 0, 0, 0.0, total, v, r.energyBefore, states, nullptr));
    }

    auto approaching = [&] {
        for (int k = 0; k < nc; ++k)
            if (v(3 * k + 2) < -tolV) return true;
        return false;
    };
    while (approaching() || pending.maxCoeff() > 0.0) {
        if (r.rounds == o.maxRounds) {
            r.status = SolveStatus::IterationLimit;
            r.warnings.push_back("stopped at the round limit (" + std::to_string(o.maxRounds) +
                                 ") with contacts still approaching or expanding");
            break;
        }
        ++r.rounds;
        // Label the contacts for the round (sec. 3b) and fix each e (Fig. 2).
        const double touching = o.impactModel == PlusImpactModel::Simultaneous ? tolV : -tolV;
        std::vector<double> e(nc, 0.0);
        for (int k = 0; k < nc; ++k) {
            const double vn = v(3 * k + 2);
            if (pending(k) > 0.0) {
                states[k].phase = ContactPhase::Expanding;
                states[k].expansionImpulse = pending(k);
            } else if (vn < touching) {
                states[k].phase = ContactPhase::Compressing;
                e[k] = calcPlusRestitution(-vn, p.contacts[k], o);
            } else {
                states[k].phase = ContactPhase::Observing;
            }
        }
        pending.setZero();
        VectorXd roundImpulse = VectorXd::Zero(3 * nc);

        double alpha = 0.0;
        while (alpha < 1.0) {
            if (r.intervals == o.maxIntervals) break;
            const PlusIntervalResult step = solvePlusInterval(p, v, states, o);
            ++r.intervals;
            alpha = step.alpha;
            if (!step.newtonConverged && r.status == SolveStatus::Converged) {
                r.status = SolveStatus::IterationLimit;
                r.warnings.push_back("no impending-slip direction found: Newton stalled or reached " +
                                     std::to_string(o.maxNewtonIterations) +
                                     " iterations, and no direction ends the slip" + where(r.rounds, r.intervals));
            }
            if (!step.activeSetConverged && r.status == SolveStatus::Converged) {
                r.status = SolveStatus::IterationLimit;
                r.warnings.push_back("the active-set loop left a cone or sign violation" +
                                     where(r.rounds, r.intervals));
            }
            const VectorXd applied = alpha * step.impulse;
            const VectorXd vStart = v;
            total += applied;
            roundImpulse += applied;
            v = p.vMinus + p.A * total;
            for (int k = 0; k < nc; ++k) {
                if (states[k].phase == ContactPhase::Expanding) states[k].expansionImpulse *= 1.0 - alpha;
                if (!step.active[k]) continue;
                if (step.slip[k] == ContactSlip::ImpendingSlip) states[k].lastDirection = step.directions[k];
                const bool wasSliding = vStart.segment<2>(3 * k).norm() >= o.vTransition;
                if (step.slip[k] == ContactSlip::Sliding && wasSliding && p.contacts[k].friction > 0.0 &&
                    v.segment<2>(3 * k).norm() < o.vTransition)
                    r.events.push_back(makeEvent(ContactEventKind::SlideToRoll, k, r.rounds, r.intervals, total));
                if (step.slip[k] == ContactSlip::ImpendingSlip && lastSlip[k] == ContactSlip::Rolling)
                    r.events.push_back(makeEvent(ContactEventKind::RollToSlip, k, r.rounds, r.intervals, total));
                lastSlip[k] = step.slip[k];
            }
            if (trace)
                trace->samples.push_back(makeSample(p, r.rounds, r.intervals, alpha, total, v,
                                                    r.energyBefore + p.calcEnergyChange(total), states, &step));
        }
        if (alpha < 1.0) {
            r.status = SolveStatus::IterationLimit;
            r.warnings.push_back("stopped at the interval limit (" + std::to_string(o.maxIntervals) +
                                 ") inside round " + std::to_string(r.rounds));
            break;
        }

        // End of the round: compressing contacts that pushed have v_n = 0 now
        // and owe e times their compression impulse (Algorithm 2, B.1.9).
        // A jammed contact still approaches: its compression goes on next round.
        bool anyImpulse = false;
        for (int k = 0; k < nc; ++k) {
            const double pn = roundImpulse(3 * k + 2);
            anyImpulse = anyImpulse || pn > 0.0;
            if (states[k].phase != ContactPhase::Compressing || !(pn > 0.0)) continue;
            compression(k) += pn;
            if (v(3 * k + 2) < -tolV) continue;
            r.events.push_back(makeEvent(ContactEventKind::EndOfCompression, k, r.rounds, r.intervals, total));
            pending(k) = e[k] * compression(k);
            compression(k) = 0.0;
        }
        r.events.push_back(makeEvent(ContactEventKind::EndOfRound, -1, r.rounds, r.intervals, total));
        if (!anyImpulse && approaching() && pending.maxCoeff() <= 0.0) {
            r.status = SolveStatus::NoSolution;
            r.warnings.push_back("a contact still approaches but none can push" + where(r.rounds, r.intervals) +
                                 ": a sliding contact would need a pulling normal impulse (a Painleve-type "
                                 "jam PLUS does not resolve) or v_minus is outside the range of A");
            break;
        }
    }
    r.events.push_back(makeEvent(ContactEventKind::EndOfImpact, -1, r.rounds, r.intervals, total));

    r.impulse = total;
    r.vPlus = p.calcVelocityAfter(total);
    if (p.bodies) {
        r.bodiesAfter = p.bodies->calcBodiesAfter(total);
        double T = 0.0;
        for (const RigidBody& b : *r.bodiesAfter) T += b.calcKineticEnergy();
        r.energyAfter = T;
    } else if (p.system) {
        r.energyAfter = p.system->calcKineticEnergy(p.system->calcVelocityAfter(total));
    } else {
        r.energyAfter = r.energyBefore + p.calcEnergyChange(total);
    }
    if (p.system) r.uPlus = p.system->calcVelocityAfter(total);
    if (r.gainsEnergy(kEnergyGainRelTol))
        r.warnings.push_back("the impact gained kinetic energy (" + std::to_string(r.energyAfter - r.energyBefore) +
                             " J)");
    return r;
}

}  // namespace impactlab
