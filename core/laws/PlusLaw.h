#pragma once
// The registry entry of PLUS: options read from the "plus" JSON object
// (docs/problem-format.md, "Law options") into PlusOptions, one LawInfo with
// the single-contact solve (impact/plus/PlusSingleContact.h) and the native
// several-contact one (impact/plus/Plus.h).
#include <nlohmann/json_fwd.hpp>
#include <vector>

#include "impact/plus/PlusOptions.h"
#include "laws/LawRegistry.h"

namespace impactlab {

// Throws InputError("plus.<key>") for an unknown or invalid option.
PlusOptions readPlusOptions(const nlohmann::json& options);
std::vector<LawOptionInfo> getPlusOptionInfo();

void appendPlusLaws(std::vector<LawInfo>& laws);

}  // namespace impactlab
