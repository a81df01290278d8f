#pragma once
// The side panel's summary of a simulated scene: the selected impact of a run
// as the scene's law resolved it, its events and warnings, and the compared
// laws that refuse it. A pure function of the core's results, so the page
// and the tests (which recompute the results from the document) build the
// same text.
#include <QString>

#include "sim/SceneComparison.h"
#include "sim/Simulation.h"

namespace impactlab::ui {

// Empty when the run has no impact (comparison.event < 0).
// ", 4 contacts: 5 rounds, 5 intervals, 1 moving -> 1 moving" for an impact
// a several-contact law resolved (its rounds and intervals) and a jointed
// run's moving bodies (a cradle's balls in and out); empty otherwise.
QString describeImpactResolution(const ImpactEventRecord& impact);

QString describeSelectedImpact(const SimulatedScene& scene, const SimulationRun& run, const SceneLawComparison& comparison);
// The summary of a document the core refuses to run (a law option a slider
// took out of the law's range): the core's message, `what` of its exception.
QString describeRunError(const QString& what);

}  // namespace impactlab::ui
