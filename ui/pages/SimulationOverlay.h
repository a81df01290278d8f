#pragma once
// A parameter overlay (scene/SceneOverlay.h) on a simulated scene's page
// (spatial, planar, vehicles): each value's document read
// as a scene and simulated in the same worker job as the scene's own run, so
// a long run still shows progress and can be cancelled; then, for the views
// that draw every value, each value's selected impact compared as the scene's
// is, and the merged figures (diagram/FigureOverlay.h): the trajectory, the
// Coulomb characteristic, the comparison table with a column naming the
// value, and the summary's line per value. The time histories take the
// values' runs as labelled runs (pages/SimulationTimePlots.h).
//
// A document without an overlay costs a key lookup: no case is read, run or
// compared.
#include <QColor>
#include <QString>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/RunWorker.h"
#include "diagram/Figure.h"
#include "sim/SceneComparison.h"
#include "sim/Simulation.h"

namespace impactlab::ui {

struct SimulationOverlay {
    std::string parameter;                        // the overlaid parameter's id
    std::vector<std::string> labels;              // "friction = 0.1", one per value
    std::vector<SimulatedScene> scenes;           // the document at each value, without the overlay
    std::vector<SimulationRun> runs;              // each scene's run (the worker's), same order
    std::vector<SceneLawComparison> comparisons;  // each run's selected impact (compareOverlayLaws)

    bool isEmpty() const { return labels.empty(); }
};

// What one worker job computes: the scene's own run, then the overlay's.
struct SimulationRuns {
    SimulationRun base;
    SimulationOverlay overlay;
};

// The overlay of `document` with its scenes read (no runs); empty when the
// document has none. Throws InputError naming the value a reader refuses.
SimulationOverlay readSimulationOverlay(const nlohmann::json& document);

// The scene's run, then each value's (`overlay.runs`), with `options`. The
// task's progress is the share of the runs' simulated time done; a cancelled
// task stops the run it is in and starts no other, and the overlay keeps the
// values run so far (none when the scene's own run was cancelled).
SimulationRuns simulateWithOverlay(const SimulatedScene& scene, SimulationOverlay overlay, SimulationOptions options,
                                   RunTask& task);

// The impact of a value's run that stands for the scene's selected impact:
// the same index, or the run's last when it has fewer (-1: none).
int findOverlayImpact(const SimulationRun& run, int selectedImpact);

// Each value's selected impact compared with `compared` laws (no runs).
void compareOverlayLaws(SimulationOverlay& overlay, int selectedImpact, const std::vector<std::string>& compared,
                        const SimulationOptions& options);

// A value's colour in every view, the FigureView palette's entry for it
// (mergeOverlayFigures gives value i colour index i).
QColor getOverlayColor(int value);

// The merged figures of every value (after compareOverlayLaws).
Figure makeOverlayTrajectoryFigure(const SimulationOverlay& overlay, int selectedImpact);
Figure makeOverlayCoulombFigure(const SimulationOverlay& overlay);
FigureTable makeOverlayComparisonTable(const SimulationOverlay& overlay);

// The summary's lines, one per value: its run and its selected impact.
QString describeOverlayRuns(const SimulationOverlay& overlay);

}  // namespace impactlab::ui
