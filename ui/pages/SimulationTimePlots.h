#pragma once
// The time histories of a simulated scene's struck body (Cataldo & Sampaio
// Figs. 3.2-3.19), each panel titled with its name, as the panels
// TimePlotsView draws: height, horizontal
// position, both velocities, the angle (planar) or w_y (spatial), the angular
// velocity, a rod's end heights and the mechanical energy. One curve per
// labelled run in each panel: the compared laws' runs, or an overlay's
// values' runs (pages/SimulationOverlay.h). Plain data out of the runs'
// channels, no physics.
#include <QColor>
#include <QString>
#include <vector>

#include "plots/TimePlotsView.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"

namespace impactlab::ui {

// A run drawn in every panel, with its legend text and colour.
struct LabelledRun {
    const SimulationRun* run = nullptr;
    QString label;
    QColor color;
};

// More time-history panels than this go in four columns instead of three.
inline constexpr int kPanelsForFourColumns = 6;

// The body the panels follow: the one the first impact of the first run with
// an impact struck (body 1 of that impact: the sphere at a chain's end, whose
// strike and rebound its height shows), else the first body.
int findFollowedBody(const SimulatedScene& scene, const std::vector<LabelledRun>& runs);

// The panels of `scene`'s kind that some run has a channel for.
std::vector<PlotPanel> makeTimePlotPanels(const SimulatedScene& scene, const std::vector<LabelledRun>& runs);

}  // namespace impactlab::ui
