#pragma once
// Reading a several-contact problem in the CLI contract (docs/problem-format.md,
// "Several contacts"; the fields are listed in io/ContactSpaceJson.h, which
// writes the result). Beside the problem's fields a document may hold one
// options object per model id of the registry, hence this floor.
#include <nlohmann/json.hpp>

#include "impact/ContactSpaceProblem.h"

namespace impactlab {

// Whether the document describes several contacts ("contacts" or "A").
bool isContactSpaceDocument(const nlohmann::json& document);
// Throws InputError naming the JSON path of the offending field.
ContactSpaceProblem parseContactSpaceProblem(const nlohmann::json& document);

}  // namespace impactlab
