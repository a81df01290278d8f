#include "scene/ParameterConditions.h"

#include <algorithm>

#include "io/JsonInput.h"

namespace impactlab {

namespace {

const SceneParameter* findParameter(const std::vector<SceneParameter>& parameters, const std::string& id) {
    for (const SceneParameter& p : parameters)
        if (p.id == id) return &p;
    return nullptr;
}

std::string joinChoices(const std::vector<std::string>& choices) {
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i) out += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    return out;
}

}  // namespace

std::vector<ParameterCondition> readParameterConditions(const nlohmann::json& document,
                                                        const std::vector<SceneParameter>& parameters) {
    std::vector<ParameterCondition> out;
    const auto list = document.find("parameters");
    if (list == document.end() || !list->is_array()) return out;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const nlohmann::json& entry = (*list)[i];
        if (!entry.is_object() || !entry.contains("applies_when")) continue;
        const std::string field = "parameters[" + std::to_string(i) + "].applies_when";
        const nlohmann::json& when = entry["applies_when"];
        if (!when.is_object() || when.size() != 1)
            throw InputError(field, "must be an object naming one choice parameter, e.g. {\"pose\": \"impact\"}");
        ParameterCondition c;
        c.parameter = entry.value("id", std::string());
        c.choiceParameter = when.begin().key();
        const std::string at = field + "." + c.choiceParameter;
        const SceneParameter* choice = findParameter(parameters, c.choiceParameter);
        if (!choice) throw InputError(at, "names no parameter of the scene");
        if (choice->kind != SceneParameter::Kind::Choice) throw InputError(at, "must name a choice parameter");
        if (c.choiceParameter == c.parameter) throw InputError(at, "a parameter cannot depend on itself");
        const nlohmann::json& values = when.begin().value();
        if (values.is_string()) c.choices.push_back(values.get<std::string>());
        else if (values.is_array() && !values.empty())
            for (const auto& v : values) {
                if (!v.is_string()) throw InputError(at, "must be a choice or a non-empty list of choices");
                c.choices.push_back(v.get<std::string>());
            }
        else throw InputError(at, "must be a choice or a non-empty list of choices");
        for (const std::string& v : c.choices)
            if (std::find(choice->choices.begin(), choice->choices.end(), v) == choice->choices.end())
                throw InputError(at, "\"" + v + "\" is not one of the choices of " + c.choiceParameter);
        out.push_back(std::move(c));
    }
    return out;
}

std::string findInapplicableReason(const std::vector<ParameterCondition>& conditions,
                                   const std::vector<SceneParameter>& parameters, const std::string& id) {
    for (const ParameterCondition& c : conditions) {
        if (c.parameter != id) continue;
        const SceneParameter* choice = findParameter(parameters, c.choiceParameter);
        if (!choice || std::find(c.choices.begin(), c.choices.end(), choice->choice) != c.choices.end()) continue;
        const std::string name = choice->label.empty() ? choice->id : choice->label;
        return "Applies only when " + name + " is " + joinChoices(c.choices) + " (now " + choice->choice + ")";
    }
    return {};
}

}  // namespace impactlab
