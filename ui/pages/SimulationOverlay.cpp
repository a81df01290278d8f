#include "pages/SimulationOverlay.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <variant>

#include "compare/DisplayText.h"
#include "diagram/ComparisonTable.h"
#include "diagram/CoulombCharacteristic.h"
#include "diagram/FigureOverlay.h"
#include "diagram/TrajectoryFigure.h"
#include "plus/FigureView.h"
#include "scene/Scene.h"
#include "scene/SceneOverlay.h"

namespace impactlab::ui {

namespace {
// s: the least end time a run's share of the progress divides by (a scene
// that ends at 0).
constexpr double kMinProgressEndTime = 1e-12;

Figure makeNoImpactFigure(const std::string& title) {
    Figure f;
    f.title = title;
    return f;
}
}  // namespace

SimulationOverlay readSimulationOverlay(const nlohmann::json& document) {
    SimulationOverlay overlay;
    if (!document.is_object() || !document.contains(kOverlayKey)) return overlay;   // the common case: free
    const std::vector<OverlayCase> cases = expandSceneOverlay(document);
    overlay.scenes = readOverlayCases(cases, [](const nlohmann::json& d) { return readSimulatedScene(d); });
    for (const OverlayCase& c : cases) overlay.labels.push_back(c.label);
    if (!cases.empty()) overlay.parameter = document[kOverlayKey].value("parameter", "");
    return overlay;
}

SimulationRuns simulateWithOverlay(const SimulatedScene& scene, SimulationOverlay overlay, SimulationOptions options,
                                   RunTask& task) {
    // Each run's simulated time is an equal share of the bar.
    const double shares = 1.0 + static_cast<double>(overlay.scenes.size());
    const auto run = [&](const SimulatedScene& s, double done) {
        const double end = std::max(getScene(s).endTime, kMinProgressEndTime);
        options.progress = [&task, end, done, shares](double t) {
            task.setProgress((done + std::min(t / end, 1.0)) / shares);
            return !task.isCancelled();
        };
        return simulate(s, options);
    };
    SimulationRuns out;
    out.base = run(scene, 0.0);
    for (std::size_t i = 0; i < overlay.scenes.size() && !task.isCancelled(); ++i)
        overlay.runs.push_back(run(overlay.scenes[i], 1.0 + static_cast<double>(i)));
    // Cancelled: the views show what was computed, the values run so far
    // (the last one's end reason "cancelled", in the summary).
    const auto done = static_cast<std::ptrdiff_t>(overlay.runs.size());
    overlay.scenes.erase(overlay.scenes.begin() + done, overlay.scenes.end());
    overlay.labels.erase(overlay.labels.begin() + done, overlay.labels.end());
    out.overlay = std::move(overlay);
    return out;
}

int findOverlayImpact(const SimulationRun& run, int selectedImpact) {
    if (run.impacts.empty() || selectedImpact < 0) return -1;
    return std::min(selectedImpact, static_cast<int>(run.impacts.size()) - 1);
}

void compareOverlayLaws(SimulationOverlay& overlay, int selectedImpact, const std::vector<std::string>& compared,
                        const SimulationOptions& options) {
    overlay.comparisons.clear();
    for (std::size_t i = 0; i < overlay.runs.size(); ++i)
        overlay.comparisons.push_back(compareLawsOnScene(overlay.scenes[i], overlay.runs[i],
                                                         findOverlayImpact(overlay.runs[i], selectedImpact), compared,
                                                         false, options));
}

QColor getOverlayColor(int value) { return FigureView::paletteColor(value); }

Figure makeOverlayTrajectoryFigure(const SimulationOverlay& overlay, int selectedImpact) {
    std::vector<Figure> figures;
    for (std::size_t i = 0; i < overlay.runs.size(); ++i)
        figures.push_back(makeTrajectoryFigure(overlay.scenes[i], overlay.runs[i],
                                               findOverlayImpact(overlay.runs[i], selectedImpact)));
    Figure merged = mergeOverlayFigures(figures, overlay.labels);
    // The surfaces are the same for every value (the parameter moves no
    // plane, or each value's own plane is drawn): only their drawn length,
    // fitted to each run's extent, differs. They keep their own colours, so
    // the picture has one ground, not one per value.
    const Scene& scene = getScene(overlay.scenes.front());
    for (std::size_t i = 0; i < figures.size(); ++i)
        for (const FigureSeries& original : figures[i].series) {
            const bool surface = std::any_of(scene.planes.begin(), scene.planes.end(), [&](const ScenePlane& p) {
                return original.name == p.name || original.name == p.name + " (hatching)";
            });
            if (!surface) continue;
            const std::string name = makeOverlaySeriesName(original.name, overlay.labels[i]);
            for (FigureSeries& s : merged.series)
                if (!s.legendOnly && s.name == name) s.colorIndex = original.colorIndex;
        }
    // The first value's title would count its own instants and impacts.
    if (!scene.bodies.empty() && !merged.series.empty())
        merged.title = "The " + scene.bodies[0].name + " at each " + overlay.parameter +
                       " value, earlier lighter";
    return merged;
}

Figure makeOverlayCoulombFigure(const SimulationOverlay& overlay) {
    std::vector<Figure> figures;
    for (std::size_t i = 0; i < overlay.comparisons.size(); ++i) {
        const SceneLawComparison& c = overlay.comparisons[i];
        // The scene's law is the comparison's first (SceneComparison.h).
        if (c.event < 0 || c.laws.empty() || !c.laws.front().accepted)
            figures.push_back(makeNoImpactFigure("Coulomb characteristic: no impact at " + overlay.labels[i]));
        else
            figures.push_back(makeCoulombCharacteristicFigure(overlay.runs[i].impacts[c.event].problem, c.laws.front()));
    }
    return mergeOverlayFigures(figures, overlay.labels);
}

FigureTable makeOverlayComparisonTable(const SimulationOverlay& overlay) {
    std::vector<FigureTable> tables;
    for (const SceneLawComparison& c : overlay.comparisons) tables.push_back(makeComparisonTable(c.laws));
    return mergeOverlayTables(tables, overlay.labels, overlay.parameter);
}

QString describeOverlayRuns(const SimulationOverlay& overlay) {
    QString text;
    for (std::size_t i = 0; i < overlay.runs.size() && i < overlay.comparisons.size(); ++i) {
        const SimulationRun& run = overlay.runs[i];
        const SceneLawComparison& c = overlay.comparisons[i];
        text += QString("<br><b>overlay</b> %1: %2, %3")
                    .arg(QString::fromStdString(overlay.labels[i]).toHtmlEscaped())
                    .arg(countOf(static_cast<long long>(run.impacts.size()), QStringLiteral("impact"), QStringLiteral("impacts")))
                    .arg(QString::fromStdString(run.endReason).toHtmlEscaped());
        if (c.event >= 0) {
            const ImpactResult& r = run.impacts[c.event].result;
            text += QString("; impact %1: impulse %2 N s, kinetic energy %3 J -> %4 J")
                        .arg(c.event + 1)
                        .arg(displayVector(r.impulse), displayNumber(r.energyBefore),
                             displayNumber(r.energyAfter, r.energyBefore));
        }
    }
    return text;
}

}  // namespace impactlab::ui
