#include "impact/LawRegistry.h"

namespace impactlab {

// The Jia & Wang law (issue 5) registers here.
void appendJiaWangLaws(std::vector<LawInfo>&) {}

}  // namespace impactlab
