#include "impact/LawRegistry.h"

namespace impactlab {

// The Kudlich-Slibar vehicle law (issue 4) registers here.
void appendVehicleLaws(std::vector<LawInfo>&) {}

}  // namespace impactlab
