#include "impact/plus/PlusSingleContact.h"

#include <sstream>

#include "impact/ContactSpaceAdapter.h"
#include "impact/Poisson.h"
#include "impact/plus/Plus.h"
#include "impact/plus/PlusRestitution.h"

namespace impactlab {

ImpactResult solvePlusSingleContact(const ImpactProblem& p, const PlusOptions& options, ImpactTrace* t) {
    ContactSpaceTrace trace;
    const ContactSpaceResult r = solvePlus(toContactSpace(p), options, t ? &trace : nullptr);
    if (r.status != SolveStatus::IterationLimit) {
        if (t) *t = toSingleContact(trace);
        return toSingleContact(r, p);
    }
    ImpactProblem poisson = p;
    poisson.restitution = calcPlusRestitution(-p.vMinus.z(), p.restitution, options);
    ImpactTrace pathTrace;
    ImpactResult f = solvePoisson(poisson, {}, t ? &pathTrace : nullptr);
    if (f.status != SolveStatus::Converged) {
        if (t) *t = toSingleContact(trace);
        return toSingleContact(r, p);
    }
    if (t) *t = pathTrace;
    std::ostringstream os;
    os << "PLUS stopped at a limit (" << (r.warnings.empty() ? std::string("iteration limit") : r.warnings.front())
       << "); this single contact was solved by the continuous path PLUS discretises: Poisson restitution with e = "
       << poisson.restitution << " (PLUS's COR for the approach speed) and Coulomb friction";
    f.warnings.insert(f.warnings.begin(), os.str());
    f.model = "plus";
    return f;
}

}  // namespace impactlab
