#include "diagram/DisplayNames.h"

namespace impactlab {

namespace {

struct NamePair {
    const char* id;
    const char* name;
};

// Every id in LawRegistry (impact/, impact/planar, impact/vehicle,
// impact/plus): the author or the paper's own name for the law.
constexpr NamePair kLawNames[] = {
    {"newton", "Newton"},
    {"poisson", "Poisson"},
    {"stronge", "Stronge"},
    {"kane", "Kane"},
    {"brach", "Brach"},
    {"glocker-pfeiffer", "Glocker-Pfeiffer"},
    {"wang-mason", "Wang-Mason"},
    {"smith", "Smith"},
    {"cs", "Cataldo-Sampaio"},
    {"jia-wang", "Jia & Wang"},
    {"kudlich-slibar", "Kudlich-Slibar"},
    {"max-dissipation", "Maximum dissipation"},
    // The purely inelastic Coulomb solutions, the most dissipative one applied
    // (Preclik, Eibl & Ruede sec. 4.2); the granular "coulomb" model is it.
    {"coulomb-inelastic", "Coulomb (most dissipative)"},
    {"plus", "PLUS"},
    {"tangential-compliance", "Tangential compliance"},
};

// Granular friction model -> the law id it runs per contact.
constexpr NamePair kFrictionModelLaws[] = {
    {"max-dissipation", "max-dissipation"},
    {"coulomb", "coulomb-inelastic"},
};

// Views whose id means the same view on every page that has one.
constexpr NamePair kViewNames[] = {
    {"hodograph", "Hodograph"},
    {"bundle", "Bundle"},
    {"curve", "Curve 3D"},
    {"energy", "Energy"},
    {"diagram", "Impulse space"},
    {"coulomb", "Coulomb characteristic"},
    {"sequence", "Event sequence"},
    {"sequences", "Event sequences"},
    {"methods", "Methods (Table 1)"},
    {"solutions", "Coulomb solutions"},
    {"plane", "Compression plane"},
    {"fobj", "Objective"},
    {"tree", "Decision tree"},
    {"plots", "Time histories"},
    {"comparison", "Comparison"},
    {"trajectory", "Trajectory"},
    {"cputime", "CPU time"},
    {"measured", "Measured"},
    {"residuals", "Residuals"},
    {"equations", "Equations"},
};

template <std::size_t N>
const char* findIn(const NamePair (&table)[N], const std::string& id) {
    for (const NamePair& p : table)
        if (id == p.id) return p.name;
    return nullptr;
}

}  // namespace

std::string findLawDisplayName(const std::string& lawId) {
    const char* name = findIn(kLawNames, lawId);
    return name ? name : std::string();
}

std::string getLawDisplayName(const std::string& lawId) {
    const char* name = findIn(kLawNames, lawId);
    return name ? name : lawId;
}

std::string getFrictionModelDisplayName(const std::string& model) {
    const char* law = findIn(kFrictionModelLaws, model);
    return law ? getLawDisplayName(law) : model;
}

std::string findViewDisplayName(const std::string& viewId) {
    const char* name = findIn(kViewNames, viewId);
    return name ? name : std::string();
}

}  // namespace impactlab
