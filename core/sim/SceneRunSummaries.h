#pragma once
// The JSON summaries of scene runs that the CLI prints (docs/problem-format.md,
// docs/scene-format.md), built from the runs as values. The descriptors of
// SceneKinds.h call them; the CLI's granular simulate calls
// summarizeGranularRun for its own runs. Members are written in a fixed order
// (ordered_json): the pins (tests/data/pins) compare the output byte for byte.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "impact/planar/PendulumTable21.h"
#include "sim/MeasurementSweep.h"
#include "scene/GranularScene.h"
#include "scene/Scene.h"
#include "sim/Simulation.h"
#include "sim/granular/GranularRun.h"
#include "sim/granular/GranularWorld.h"

namespace impactlab {

inline constexpr const char* kRunFormat = "impactlab.run/1";
inline constexpr const char* kGranularRunFormat = "impactlab.granular-run/1";

// A simulated scene's run ("kind" spatial, planar or vehicles): end reason,
// energies and every impact; `csvPath` is named when not empty.
nlohmann::ordered_json summarizeSimulationRun(const SimulatedScene& scene, const SimulationRun& run,
                                              const std::string& csvPath);

// Cataldo & Sampaio Table 2.1's cell of a pendulum's impact (sec. 2.9): the
// row and column the impact falls in and its outcome; nullopt for any other
// scene. The CLI's "table_2_1_cell" and the app's summary both come from it.
std::optional<PendulumTable21Cell> findSceneTable21Cell(const SimulatedScene& scene, const ImpactEventRecord& impact,
                                                        double* thetadotA = nullptr);

// A single-impact scene ("kind": "impact"): the scene's law (or `law`) on its
// problem, as a run with one impact. InputError("--law" or "contact.law") for
// an unknown law.
// When the scene carries measurements (and no `law` replaces its own), its
// laws swept against them: "measurements" {"parameter", "values", "laws",
// "residuals": [{"series", "range", "law", "points", "rms", ["rms_sigmas"],
// ["constant"]}] (SI), "warnings"} (sim/MeasurementSweep.h).
nlohmann::ordered_json summarizeImpactScene(const nlohmann::json& document, const std::optional<std::string>& law,
                                            bool withTrace);
nlohmann::ordered_json summarizeMeasurementSweep(const MeasurementSweep& sweep);

// A multi-point impact scene ("kind": "plus"): PLUS's contact-space result
// and the compliant reference's outcome.
nlohmann::ordered_json summarizePlusScene(const nlohmann::json& document, bool withTrace);

// A simulated scene solved by `solve`: the result of each impact of its run
// ("impactlab.result/1", "results"), with `law` (checked as "--model") for
// every impact when given.
nlohmann::ordered_json solveSimulatedScene(const nlohmann::json& document, const std::optional<std::string>& law,
                                           bool withTrace);

// A granular run ("impactlab.granular-run/1"): its totals, the last frame's
// statistics, `ranks` processes; `outputDir` is named when not empty.
nlohmann::ordered_json summarizeGranularRun(const GranularScene& scene, const granular::GranularWorld& world,
                                            const granular::GranularRunResult& result,
                                            const granular::GranularFrame& last, int ranks,
                                            const std::string& outputDir);

}  // namespace impactlab
