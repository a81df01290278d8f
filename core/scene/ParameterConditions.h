#pragma once
// Parameters that act only in some modes of a scene. A parameter may say
// when it applies: "applies_when": {"pose": "impact"} (or a list of choices)
// names a choice parameter of the same scene and the choices under which the
// parameter changes anything. In other modes the panel shows the row disabled
// with the reason, instead of a slider that marks the document modified and
// changes nothing.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab {

struct ParameterCondition {
    std::string parameter;                 // the conditioned row's id
    std::string choiceParameter;           // the choice it depends on
    std::vector<std::string> choices;      // where it applies
};

// Reads every parameters[i].applies_when of `document`. Throws InputError
// naming the field ("parameters[4].applies_when.pose: ...") for a condition
// on an unknown parameter, on a number, on a choice the parameter does not
// offer, or of the wrong shape.
std::vector<ParameterCondition> readParameterConditions(const nlohmann::json& document,
                                                        const std::vector<SceneParameter>& parameters);

// Why parameter `id` changes nothing under the current choices
// ("applies only when Pose is impact; it is release"), or empty when it applies.
std::string findInapplicableReason(const std::vector<ParameterCondition>& conditions,
                                   const std::vector<SceneParameter>& parameters, const std::string& id);

}  // namespace impactlab
