#pragma once
// The registered laws as a type. Files, the CLI and results spell a law by
// its id ("wang-mason", LawRegistry.h); code outside laws/ and io/ that acts
// on one particular law names it here, so a misspelt id fails to compile
// instead of never matching.
#include <optional>
#include <string_view>

namespace impactlab {

enum class LawId {
    Newton,
    Poisson,
    Stronge,
    Kane,
    Brach,
    GlockerPfeiffer,
    WangMason,
    Smith,
    CataldoSampaio,
    JiaWang,
    KudlichSlibar,
    MaxDissipation,
    CoulombInelastic,
    Plus,
    TangentialCompliance,
};

// The id as the registry, files and the CLI spell it.
const char* toString(LawId law);
// The law `id` spells; nullopt for a spelling that is no law's.
std::optional<LawId> findLawId(std::string_view id);
// Whether `id` (a law's id, or the model an ImpactResult names) is `law`.
bool isLaw(std::string_view id, LawId law);

// Every LawId, in declaration order.
inline constexpr LawId kAllLawIds[] = {
    LawId::Newton,        LawId::Poisson,       LawId::Stronge,        LawId::Kane,
    LawId::Brach,         LawId::GlockerPfeiffer, LawId::WangMason,    LawId::Smith,
    LawId::CataldoSampaio, LawId::JiaWang,      LawId::KudlichSlibar,  LawId::MaxDissipation,
    LawId::CoulombInelastic, LawId::Plus,       LawId::TangentialCompliance,
};

}  // namespace impactlab
