#include "impact/LawGuard.h"

#include <cmath>

#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

bool isFiniteResult(const ImpactResult& r) {
    bool finite = r.impulse.allFinite() && r.compressionImpulse.allFinite() && r.vPlus.allFinite() &&
                  std::isfinite(r.energyBefore) && std::isfinite(r.energyAfter) &&
                  std::isfinite(r.relativeEnergyChange.value_or(0.0));
    for (const auto& e : r.events) finite = finite && e.impulse.allFinite() && std::isfinite(e.normalImpulse);
    for (const auto& x : r.solutions) finite = finite && x.impulse.allFinite() && x.vPlus.allFinite() && std::isfinite(x.energyAfter);
    if (r.bodiesAfter) {
        for (const RigidBody* b : {&r.bodiesAfter->body1, &r.bodiesAfter->body2})
            finite = finite && b->velocity.allFinite() && b->angularVelocity.allFinite();
    }
    return finite;
}

bool isFiniteResult(const ContactSpaceResult& r) {
    bool finite = r.impulse.allFinite() && r.vPlus.allFinite() && std::isfinite(r.energyBefore) &&
                  std::isfinite(r.energyAfter);
    if (r.uPlus) finite = finite && r.uPlus->allFinite();
    if (r.bodiesAfter)
        for (const RigidBody& b : *r.bodiesAfter) finite = finite && b.velocity.allFinite() && b.angularVelocity.allFinite();
    return finite;
}

}  // namespace

ImpactResult guardLawResult(const std::string& id, const ImpactProblem& p, ImpactResult r) {
    if (!isFiniteResult(r)) {
        ImpactResult g;
        g.model = r.model.empty() ? id : r.model;
        g.status = SolveStatus::NoSolution;
        g.steps = r.steps;
        g.warnings = r.warnings;
        g.warnings.push_back("no solution: " + id +
                             " produced a non-finite impulse or velocity for this input (overflow in its "
                             "arithmetic); no impulse is applied");
        g.vPlus = p.vMinus;
        g.energyBefore = p.calcEnergyBefore();
        g.energyAfter = std::isfinite(g.energyBefore) ? g.energyBefore : 0.0;
        if (!std::isfinite(g.energyBefore)) g.energyBefore = 0.0;
        g.relativeEnergyChange = 0.0;
        if (p.bodies) g.bodiesAfter = *p.bodies;
        return g;
    }
    if (r.gainsEnergy(kEnergyGainRelTol)) {
        bool warned = false;
        for (const auto& w : r.warnings) warned = warned || w.find("energy") != std::string::npos;
        if (!warned)
            r.warnings.push_back("energy gained: " +
                                 formatNumber(r.relativeEnergyChange.value_or(r.energyAfter - r.energyBefore)) +
                                 " J (" + id + " does not guarantee dissipation with these options)");
    }
    return r;
}

ContactSpaceResult guardContactSpaceResult(const ContactSpaceProblem& problem, ContactSpaceResult r) {
    if (!isFiniteResult(r)) {
        ContactSpaceResult g;
        g.model = r.model;
        g.status = SolveStatus::NoSolution;
        g.warnings = r.warnings;
        g.warnings.push_back("no solution: " + r.model +
                             " produced a non-finite impulse or velocity for this input; no impulse is applied");
        g.impulse = Eigen::VectorXd::Zero(problem.vMinus.size());
        g.vPlus = problem.vMinus;
        g.energyBefore = std::isfinite(r.energyBefore) ? r.energyBefore : 0.0;
        g.energyAfter = g.energyBefore;
        return g;
    }
    if (r.gainsEnergy(kEnergyGainRelTol)) {
        bool warned = false;
        for (const auto& w : r.warnings) warned = warned || w.find("energ") != std::string::npos;
        if (!warned) r.warnings.push_back("energy gained: the impact ends with more kinetic energy than it began with");
    }
    return r;
}

}  // namespace impactlab
