#pragma once
// The scene kinds every command takes: a scene document
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

// `solve` on a scene: its kind's descriptor answers (sim/SceneKinds.h):
// impact and plus scenes give their result; a simulated scene gives the
// result of each impact of its run ("results"); a granular scene refuses.
nlohmann::ordered_json solveSceneDocument(const nlohmann::json& document, const std::optional<std::string>& law,
                                          bool withTrace);

}  // namespace impactlab::cli
