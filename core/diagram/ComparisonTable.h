#pragma once
// The comparison table of several laws on one impact: one
// row per law with its status, impulse (contact frame), energy before, after
// and change, post-impact contact velocity, events and warnings. A law that
// refuses the problem gets a row with status "refused" and its reason.
#include <vector>

#include "diagram/Figure.h"
#include "laws/LawComparison.h"

namespace impactlab {

FigureTable makeComparisonTable(const std::vector<ComparedLaw>& laws);

}  // namespace impactlab
