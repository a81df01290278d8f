#pragma once
// A parameter overlay (scene/SceneOverlay.h) on the single-impact page: each
// value's scene solved as the page solves its own (the scene's law first,
// then every compared law), and the geometry of the views that draw every
// value. The core solves and builds the geometry; this only gathers it per
// value so the page can draw and export it.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagram/Figure.h"
#include "diagram/Hodograph.h"
#include "diagram/ImpulseDiagram.h"
#include "diagram/MaxDissipationDiagram.h"
#include "laws/LawComparison.h"
#include "scene/ImpactScene.h"

namespace impactlab::ui {

struct ImpactOverlayValue {
    std::string label;                     // "friction = 0.3"
    ImpactScene scene;
    std::vector<ComparedLaw> comparison;   // the scene's law first
    LawOutcome outcome;                    // the scene's law's
    HodographDiagram hodograph;
    ImpulseCurve3D curve;
    EnergyCurve energy;
    MdpFobjCurve fobj;                     // the maximum-dissipation objective on the cone boundary
};

// One value per overlay value whose scene law takes the impact (a value the
// law refuses draws nothing, as the page's own refusal shows nothing new);
// none without an overlay. Throws InputError as readOverlayCases does.
std::vector<ImpactOverlayValue> solveImpactOverlay(const nlohmann::json& document);

// Rows between two values' chains in the event-sequence figure (whose
// chain is drawn at height 0): one, so the markers of neighbours stay apart.
inline constexpr double kOverlaySequenceRowGap = 1.0;

// The overlay's figures and tables, one series or row block per value; the
// event sequence draws value i's chain at height -i kOverlaySequenceRowGap.
// `tangent`: the impulse diagram's plane (the scene's own value's), so the
// values' paths compare.
ImpulseDiagram makeOverlayImpulseDiagram(const std::vector<ImpactOverlayValue>& values, const Vec3& tangent);
Figure makeOverlaySequenceFigure(const std::vector<ImpactOverlayValue>& values);
FigureTable makeOverlayComparisonTable(const std::vector<ImpactOverlayValue>& values, const std::string& parameter);
FigureTable makeOverlaySolutionsTable(const std::vector<ImpactOverlayValue>& values, const std::string& parameter);

// Long-form CSVs ("series,..." then rows) of one view per value merged: the
// header once, each row's series named with its value ("hodograph γ
// (friction = 0.3)").
std::string mergeOverlayCsv(const std::vector<std::string>& csvs, const std::vector<std::string>& labels);

}  // namespace impactlab::ui
