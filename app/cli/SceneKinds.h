#pragma once
// The scene kinds every command takes (issue 10, item 5): a scene document
// of any kind (SceneDocument.h) is read here, its parameters set from
// `--set id=value` exactly as given, and its impacts solved as the app's
// page of that kind shows them.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace impactlab::cli {

// `document` with each "id=value" of `sets` applied to its parameters: a
// number taken as given (the scene's own validation still applies), a
// choice one of its choices. Works for every kind. Throws InputError naming
// "--set <id>" for an unknown parameter or a malformed value.
nlohmann::json applySets(const nlohmann::json& document, const std::vector<std::string>& sets);

// The summary `simulate` prints for a single-impact scene ("kind": "impact"):
// the scene's law (or `law`) on its problem, as a run with one impact.
nlohmann::ordered_json summarizeImpactScene(const nlohmann::json& document, const std::optional<std::string>& law,
                                            bool withTrace);
// The summary for a multi-point impact scene ("kind": "plus"): PLUS's
// contact-space result and the compliant reference's outcome.
nlohmann::ordered_json summarizePlusScene(const nlohmann::json& document, bool withTrace);
// `solve` on a scene: impact and plus scenes give their result; a simulated
// scene gives the result of each impact of its run ("results").
nlohmann::ordered_json solveSceneDocument(const nlohmann::json& document, const std::optional<std::string>& law,
                                          bool withTrace);

}  // namespace impactlab::cli
