#include "impact/LawGuard.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

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

// The layout of the JSON library's number output (its format_buffer: fixed
// notation for decimal exponents n in (-4, 15], else d.ddde+NN with at least
// two exponent digits), from the shortest round-trip digits of std::to_chars.
std::string formatNumberAsJson(double x) {
    if (!std::isfinite(x)) return "null";
    if (x == 0.0) return std::signbit(x) ? "-0.0" : "0.0";
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, std::fabs(x), std::chars_format::scientific);
    const std::string sci(buf, res.ptr);   // "d.ddde+XX" or "de+XX"
    const std::size_t ePos = sci.find('e');
    std::string digits;
    for (std::size_t i = 0; i < ePos; ++i)
        if (sci[i] != '.') digits += sci[i];
    const int k = static_cast<int>(digits.size());
    const int n = std::atoi(sci.c_str() + ePos + 1) + 1;   // x = 0.digits * 10^n
    constexpr int kMinExp = -4;
    constexpr int kMaxExp = 15;   // std::numeric_limits<double>::digits10
    std::string out = x < 0.0 ? "-" : "";
    if (k <= n && n <= kMaxExp) {
        out += digits + std::string(static_cast<std::size_t>(n - k), '0') + ".0";
    } else if (0 < n && n <= kMaxExp) {
        out += digits.substr(0, static_cast<std::size_t>(n)) + "." + digits.substr(static_cast<std::size_t>(n));
    } else if (kMinExp < n && n <= 0) {
        out += "0." + std::string(static_cast<std::size_t>(-n), '0') + digits;
    } else {
        out += digits.substr(0, 1);
        if (k > 1) out += "." + digits.substr(1);
        const int e = n - 1;
        out += e < 0 ? "e-" : "e+";
        const int a = std::abs(e);
        if (a < 10) out += "0";
        out += std::to_string(a);
    }
    return out;
}

ImpactResult guardLawResult(const std::string& id, const ImpactProblem& p, ImpactResult r, GuardNumberText numberText) {
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
                                 numberText(r.relativeEnergyChange.value_or(r.energyAfter - r.energyBefore)) +
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
