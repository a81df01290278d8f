#pragma once
// The tangential-compliance law's options as its registry entry reads them,
// for callers that run its compliant reference beside it with the same
// stiffness ratio (diagram/MeasurementSweep.h).
#include <nlohmann/json.hpp>

#include "impact/TangentialCompliance.h"

namespace impactlab {

// Throws InputError naming "tangential-compliance.<option>" for a bad option.
TangentialComplianceOptions readTangentialComplianceOptions(const nlohmann::json& options);

}  // namespace impactlab
