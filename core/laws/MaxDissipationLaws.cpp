// Registers max-dissipation and coulomb-inelastic (Preclik, Eibl & Ruede).
#include <nlohmann/json.hpp>

#include "impact/CoulombInelastic.h"
#include "impact/MaxDissipation.h"
#include "laws/LawOptionReader.h"
#include "laws/LawRegistry.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

// Neither law takes options: an options object must be empty.
void rejectOptions(const std::string& law, const nlohmann::json& o) {
    LawOptionReader(law, o).rejectUnknownKeys({}, "unknown option (the law takes none)");
}

}  // namespace

void appendMaxDissipationLaws(std::vector<LawInfo>& laws) {
    LawInfo mdp{toString(LawId::MaxDissipation),
                "Maximum dissipation, purely inelastic, friction cone: the analytic single-contact solver "
                "(accepts grazing and separating contacts)",
                "Preclik, Eibl & Ruede, eq. (3), Fig. 5, eqs. (6)-(9), Appendix A",
                {},
                false,
                [](const ImpactProblem& p, const nlohmann::json& o, ImpactTrace* t) {
                    rejectOptions("max-dissipation", o);
                    return solveMaxDissipation(p, t);
                },
                ApproachRequirement::Any};
    LawInfo coulomb{toString(LawId::CoulombInelastic),
                    "Every purely inelastic Coulomb-friction solution of the single contact (\"solutions\"); "
                    "impulse: the maximum-dissipation one if it is among them, else the least energy",
                    "Preclik, Eibl & Ruede, Fig. 1 (impulse level), sec. 4.1 Table 1, sec. 4.2",
                    {},
                    false,
                    [](const ImpactProblem& p, const nlohmann::json& o, ImpactTrace* t) {
                        rejectOptions("coulomb-inelastic", o);
                        return solveCoulombInelastic(p, t);
                    },
                    ApproachRequirement::Any};
    laws.push_back(std::move(mdp));
    laws.push_back(std::move(coulomb));
}

}  // namespace impactlab
