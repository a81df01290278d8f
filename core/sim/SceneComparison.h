#pragma once
// Laws compared on a simulated scene: the one function
// behind the impulse-space overlay, the time plots and the comparison table
// of a simulation or vehicle scene.
//
// For the selected impact event, each law (the scene's own first) solves the
// event's problem with its own options from the scene (contact.options keyed
// by law id), through compareLaws. Where the scene's run is simulated with
// its contact law (spatial and planar scenes), each accepting law also gets
// the whole scene simulated with it, for the time histories; a vehicle
// collision's run is Kudlich-Slibar's impulse-momentum reconstruction with
// its run-out, so there the other laws are compared on the collision's
// impact only and `runNote` says so.
#include <optional>
#include <string>
#include <vector>

#include "laws/LawComparison.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"

namespace impactlab {

struct SceneLawComparison {
    int event = -1;                    // the impact compared (-1: the run has none)
    std::vector<ComparedLaw> laws;     // the scene's law first, then the compared ones
    // Per law (same order): the scene simulated with it; empty for a law that
    // refuses the event or when runs were not asked for or do not apply.
    std::vector<std::optional<SimulationRun>> runs;
    std::string runNote;               // why other laws have no runs, if they have none
    // With runs, a spatial scene with joints: the compliant reference through
    // the same joints (sim/JointedSimulation.h), for the time histories.
    std::optional<SimulationRun> compliantRun;
};

// Whether the scene's run uses its contact law, so another law gives another run.
bool isRunByContactLaw(const SimulatedScene& scene);

// The options `law` takes on this scene.
nlohmann::json getSceneLawOptions(const Scene& scene, const std::string& law);

// Compares `compared` (ids; the scene's own law and duplicates are skipped)
// with the scene's law on impact `event` of `run`; with `simulateRuns`, also
// simulates the scene with each accepting law (options as given). Errors of
// another law's run are reported in that run's warnings, never thrown.
SceneLawComparison compareLawsOnScene(const SimulatedScene& scene, const SimulationRun& run, int event,
                                      const std::vector<std::string>& compared, bool simulateRuns,
                                      const SimulationOptions& options = {});

// Which registered laws take impact `event` of the run (all of them when the
// run has no impact), with the reason for the others.
std::vector<LawAcceptance> checkSceneLawAcceptance(const Scene& scene, const SimulationRun& run, int event);

}  // namespace impactlab
