#include "impact/LawRegistry.h"

namespace impactlab {

// The planar laws of Cataldo & Sampaio (issue 3) register here.
void appendPlanarLaws(std::vector<LawInfo>&) {}

}  // namespace impactlab
