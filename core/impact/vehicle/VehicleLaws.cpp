// Registration of the vehicle collision laws with their JSON options
// (docs/problem-format.md, "Law options").
#include <nlohmann/json.hpp>

#include "impact/LawRegistry.h"
#include "impact/vehicle/KudlichSlibar.h"

namespace impactlab {

namespace {

using nlohmann::json;

KudlichSlibarOptions readKudlichSlibarOptions(const json& o) {
    KudlichSlibarOptions k;
    if (o.is_null()) return k;
    if (!o.is_object()) throw InputError("kudlich-slibar", "options must be a JSON object");
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string field = "kudlich-slibar." + it.key();
        if (it.key() == "mu_bound") {
            if (!it->is_boolean()) throw InputError(field, "must be true or false");
            k.muBound = it->get<bool>();
        } else {
            throw InputError(field, "unknown option");
        }
    }
    return k;
}

LawInfo makeKudlichSlibar() {
    const KudlichSlibarOptions d;
    LawInfo law{"kudlich-slibar",
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
