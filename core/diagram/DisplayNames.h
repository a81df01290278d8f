#pragma once
// The names people read for what the code names by id: the
// impact laws ("newton" -> "Newton"), the granular friction models and the
// views shared by several pages. One table, so the compare box, the tables,
// the summaries, the legends and the parameter panel all say the same thing.
// Ids stay the contract: scenes, the CLI's JSON, --tab, --compare and export
// file names keep them; the UI shows the id in a tooltip.
#include <string>

namespace impactlab {

// The display name of a registered law id; empty when the table has none
// (a test walks getLaws() so that never happens for a registered law).
std::string findLawDisplayName(const std::string& lawId);
// The display name of a law id, or the id itself when it has none.
std::string getLawDisplayName(const std::string& lawId);

// The granular friction models of GranularScene ("max-dissipation",
// "coulomb"): each one is the law of the same name in the table above, so a
// model reads as the law the compare box ticks. Unknown: the id itself.
std::string getFrictionModelDisplayName(const std::string& model);

// A tab's title by its stable view id ("plane" -> "Compression plane"), for
// the views whose id means one view on every page that has it; empty for an
// id the table does not hold (a page-specific view keeps its own title).
std::string findViewDisplayName(const std::string& viewId);

}  // namespace impactlab
