#pragma once
// The figures of a parameter overlay (scene/SceneOverlay.h) merged into one:
// the same figure computed for each overlay value, drawn together. Every
// series of every value is kept, coloured by its value (colorIndex = the
// value's index, so one colour per value across all views) and named with
// it ("PLUS contact 1 (friction = 0.125)", the CSV's label); its dashes,
// markers and highlight are kept, so PLUS stays dashed beside the compliant
// model's solid line. A series that is the same for every value (a
// reference line that does not depend on the parameter) keeps its own colour.
//
// The legend is factored as the papers' overlaid figures have it: a key per
// value in its colour ("friction = 0.125"), then a key per quantity in black
// with its line style ("PLUS contact 1" dashed), instead of an entry per
// value and quantity (four contacts at three values would be twelve).
// The keys are legendOnly series with no points. A table gets a leading
// column naming the value.
#include <string>
#include <vector>

#include "diagram/Figure.h"

namespace impactlab {

// `figures[i]` computed for the value labelled `labels[i]` (same size, at
// least one). Title and axes are the first figure's.
Figure mergeOverlayFigures(const std::vector<Figure>& figures, const std::vector<std::string>& labels);

// The tables' rows one value after the other, each row led by the value's
// label under the heading `valueHeader` (the parameter's id). The header is
// the first table's.
FigureTable mergeOverlayTables(const std::vector<FigureTable>& tables, const std::vector<std::string>& labels,
                               const std::string& valueHeader);

// "name (label)": a series' name for one overlay value.
std::string makeOverlaySeriesName(const std::string& name, const std::string& label);

}  // namespace impactlab
