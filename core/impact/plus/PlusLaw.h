#pragma once
// The registry entries of PLUS: options read from the "plus" JSON object
// (docs/problem-format.md, "Law options"), the single-contact LawInfo (nc = 1
// through ContactSpaceAdapter) and the native contact-space solver.
#include <nlohmann/json_fwd.hpp>
#include <vector>

#include "impact/LawRegistry.h"
#include "impact/plus/PlusOptions.h"

namespace impactlab {

struct ContactSpaceLawInfo;

// Throws InputError("plus.<key>") for an unknown or invalid option.
PlusOptions readPlusOptions(const nlohmann::json& options);
std::vector<LawOptionInfo> getPlusOptionInfo();

void appendPlusLaws(std::vector<LawInfo>& laws);
ContactSpaceLawInfo makePlusContactSpaceLaw();

}  // namespace impactlab
