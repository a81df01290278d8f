// Registration of the vehicle collision laws with their JSON options
// (docs/problem-format.md, "Law options").
#include <nlohmann/json.hpp>

#include "impact/vehicle/KudlichSlibar.h"
#include "laws/LawOptionReader.h"
#include "laws/LawRegistry.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

using nlohmann::json;

KudlichSlibarOptions readKudlichSlibarOptions(const json& o) {
    KudlichSlibarOptions k;
    const LawOptionReader r("kudlich-slibar", o);
    for (const std::string& key : r.keys()) {
        if (key == "mu_bound") k.muBound = r.readBool(key);
        else r.rejectKey(key);
    }
    return k;
}

LawInfo makeKudlichSlibar() {
    const KudlichSlibarOptions d;
    LawInfo law{toString(LawId::KudlichSlibar),
                "Kudlich-Slibar: vehicle impulse-momentum, Newton eps, friction bounded by common tangential velocity",
                "Kudlich-Slibar (Virtual CRASH Appendix 1) eqs. 35-64 and the general 3D form; Slibar (1966), "
                "Kudlich (1966)",
                {{"mu_bound", json(d.muBound).dump(),
                  "true: mu = max(0, min(mu~, mu_user)) (eqs. 62-64, common tangential velocity at the end of "
                  "compression); false: mu = mu_user (eqs. 52-53 alone, can gain energy)"}},
                false, nullptr};
    law.solve = [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
        return solveKudlichSlibar(p, readKudlichSlibarOptions(o), t);
    };
    return law;
}

}  // namespace

void appendVehicleLaws(std::vector<LawInfo>& laws) { laws.push_back(makeKudlichSlibar()); }

}  // namespace impactlab
