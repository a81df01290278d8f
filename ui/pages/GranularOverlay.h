#pragma once
// A parameter overlay (scene/SceneOverlay.h) on the granular page: each
// value's flow runs with the scene's friction model beside the page's own
// runs, and g(r), the contacts per step and Table 2 draw every value (one
// series or row block per value, diagram/FigureOverlay.h). The core analyses
// and lays out the figures; this gathers them per value.
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "diagram/GranularFigures.h"
#include "pages/GranularPage.h"
#include "sim/granular/GranularSetups.h"

namespace impactlab::ui {

struct GranularOverlayViews {
    Figure rdf;
    Figure contacts;
    FigureTable table;
};

// A model's run in Table 2's terms over [tBegin, tEnd]: its statistics in the
// solid-fraction window, totals, wall time and end ("running" while it runs);
// named `name` as the views name it.
granular::GranularModelSummary summarizeModelRun(const GranularPage::ModelRun& run, const std::string& name,
                                                 const granular::GranularViewWindows& windows, double tBegin,
                                                 double tEnd);

// The views of `runs[i]` (the run of the value labelled `labels[i]`, analysed
// in `windows[i]`, its scene's windows) over the last `windowShare` of each
// run's time, merged; runs with no frame yet are left out. The table's value
// column is headed `parameter`. Throws what the analyses throw (a window
// with no particle).
GranularOverlayViews makeGranularOverlayViews(const std::vector<GranularPage::ModelRun>& runs,
                                              const std::vector<granular::GranularViewWindows>& windows,
                                              const std::vector<std::string>& labels, const std::string& parameter,
                                              double windowShare);

}  // namespace impactlab::ui
