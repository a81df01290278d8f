// The tangential-compliance entry of the law registry: its options read into
// TangentialComplianceOptions (impact/TangentialCompliance.h), with defaults
// and units for `impactlab-cli models --verbose`.
#include <nlohmann/json.hpp>

#include "laws/TangentialComplianceLaw.h"
#include "laws/LawOptionReader.h"
#include "laws/LawRegistry.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

using nlohmann::json;

std::vector<LawOptionInfo> makeTangentialComplianceOptionInfo() {
    const TangentialComplianceOptions d;
    return {
        {"stiffness_ratio", json(d.stiffnessRatio).dump(),
         "kt/kn, tangential over normal contact stiffness, > 0: 4 G*/E* for two materials "
         "(2 (1 - nu)/(2 - nu) for one; the default is nu = 0.3)"},
        {"max_steps", json(d.maxSteps).dump(), "integration steps, event-scan points and bisections; reported when hit"},
    };
}

}  // namespace

TangentialComplianceOptions readTangentialComplianceOptions(const json& o) {
    TangentialComplianceOptions options;
    const LawOptionReader r("tangential-compliance", o);
    for (const std::string& key : r.keys()) {
        if (key == "stiffness_ratio") options.stiffnessRatio = r.readPositive(key);
        else if (key == "max_steps") options.maxSteps = r.readCount(key);
        else r.rejectKey(key);
    }
    return options;
}

void appendTangentialComplianceLaws(std::vector<LawInfo>& laws) {
    laws.push_back({toString(LawId::TangentialCompliance),
                    "Tangential compliance: normal and tangential contact springs (two-slope normal, e as Newton's "
                    "without friction) with Coulomb's cap; stick, slip and slip reversal",
                    "Stronge, Impact Mechanics (2000) ch. 8; Maw, Barber & Fawcett (1976); Jia, WAFR (2010); "
                    "docs/laws/tangential-compliance.md",
                    makeTangentialComplianceOptionInfo(), false,
                    [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
                        return solveTangentialCompliance(p, readTangentialComplianceOptions(o), t);
                    }});
}

}  // namespace impactlab
