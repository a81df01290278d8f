#include "laws/LawIds.h"

namespace impactlab {

const char* toString(LawId law) {
    switch (law) {
        case LawId::Newton: return "newton";
        case LawId::Poisson: return "poisson";
        case LawId::Stronge: return "stronge";
        case LawId::Kane: return "kane";
        case LawId::Brach: return "brach";
        case LawId::GlockerPfeiffer: return "glocker-pfeiffer";
        case LawId::WangMason: return "wang-mason";
        case LawId::Smith: return "smith";
        case LawId::CataldoSampaio: return "cs";
        case LawId::JiaWang: return "jia-wang";
        case LawId::KudlichSlibar: return "kudlich-slibar";
        case LawId::MaxDissipation: return "max-dissipation";
        case LawId::CoulombInelastic: return "coulomb-inelastic";
        case LawId::Plus: return "plus";
        case LawId::TangentialCompliance: return "tangential-compliance";
    }
    return "";   // not reached: every enumerator is a case above
}

std::optional<LawId> findLawId(std::string_view id) {
    for (LawId law : kAllLawIds)
        if (id == toString(law)) return law;
    return std::nullopt;
}

bool isLaw(std::string_view id, LawId law) { return id == toString(law); }

}  // namespace impactlab
