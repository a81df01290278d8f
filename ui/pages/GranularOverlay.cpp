#include "pages/GranularOverlay.h"

#include <cassert>
#include <cstddef>
#include <utility>

#include "diagram/DisplayNames.h"
#include "diagram/FigureOverlay.h"
#include "diagram/GranularFigures.h"
#include "sim/granular/GranularAnalysis.h"

namespace impactlab::ui {

granular::GranularModelSummary summarizeModelRun(const GranularPage::ModelRun& run, const std::string& name,
                                                 const granular::GranularViewWindows& windows, double tBegin,
                                                 double tEnd) {
    granular::GranularModelSummary s;
    s.model = name;
    s.table = granular::calcTableStatistics(run.steps, run.frames, windows.solidFractionWindow, tBegin, tEnd);
    s.totals = run.totals;
    s.wallSeconds = run.wallSeconds;
    s.endReason = run.endReason.empty() ? "running" : run.endReason;
    return s;
}

GranularOverlayViews makeGranularOverlayViews(const std::vector<GranularPage::ModelRun>& runs,
                                              const std::vector<granular::GranularViewWindows>& windows,
                                              const std::vector<std::string>& labels, const std::string& parameter,
                                              double windowShare) {
    assert(runs.size() == windows.size() && runs.size() == labels.size());
    std::vector<Figure> rdfs, contacts;
    std::vector<FigureTable> tables;
    std::vector<std::string> shown;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const GranularPage::ModelRun& r = runs[i];
        if (r.frames.empty()) continue;
        const granular::GranularViewWindows& w = windows[i];
        const double tEnd = r.frames.back().time;
        const double tBegin = tEnd * (1.0 - windowShare);
        const std::string name = getFrictionModelDisplayName(r.model);
        const granular::RadialDistribution rdf =
            granular::calcRadialDistribution(r.frames, w.rdfWindow, w.rdfMaxDistance, w.rdfBins, tBegin, tEnd);
        rdfs.push_back(granular::makeRadialDistributionFigure({{name, rdf}}, w.diameter));
        contacts.push_back(granular::makeContactHistoryFigure({{name, &r.steps}}));
        tables.push_back(granular::makeGranularStatisticsTable({summarizeModelRun(r, name, w, tBegin, tEnd)}, 0.5 * w.diameter));
        shown.push_back(labels[i]);
    }
    GranularOverlayViews views;
    if (shown.empty()) return views;
    views.rdf = mergeOverlayFigures(rdfs, shown);
    views.contacts = mergeOverlayFigures(contacts, shown);
    views.table = mergeOverlayTables(tables, shown, parameter);
    return views;
}

}  // namespace impactlab::ui
