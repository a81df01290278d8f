#include "scene/SceneOverlay.h"

#include <algorithm>
#include <cmath>

#include "io/JsonInput.h"
#include "mechanics/NumberText.h"

namespace impactlab {

using nlohmann::json;

namespace {

const SceneParameter& findOverlayParameter(const std::vector<SceneParameter>& parameters, const json& id) {
    if (!id.is_string()) throw InputError("overlay.parameter", "must be a parameter id (a string), got " + describeJsonType(id));
    const std::string name = id.get<std::string>();
    for (const SceneParameter& p : parameters)
        if (p.id == name) return p;
    std::string known;
    for (const SceneParameter& p : parameters) known += (known.empty() ? "" : ", ") + p.id;
    throw InputError("overlay.parameter",
                     "names no parameter of this scene: \"" + name + "\"" + (known.empty() ? " (it has none)" : " (known: " + known + ")"));
}

// A numeric value as the parameter's row would take it: in [min, max], on
// its steps when it has a step.
double readOverlayNumber(const SceneParameter& p, const json& value, const std::string& field) {
    const double x = readNumber(value, field);
    if (x < p.min || x > p.max)
        throw InputError(field, "must be in [" + formatNumber(p.min) + ", " + formatNumber(p.max) + "], the range of parameter " +
                                    p.id + ", got " + formatNumber(x));
    if (p.step > 0.0) {
        const double k = (x - p.min) / p.step;
        if (std::abs(k - std::round(k)) > kOverlayStepRelTol * std::max(1.0, std::abs(k)))
            throw InputError(field, "must be on the steps of parameter " + p.id + " (" + formatNumber(p.min) + " + k " +
                                        formatNumber(p.step) + "), got " + formatNumber(x));
    }
    return x;
}

std::string readOverlayChoice(const SceneParameter& p, const json& value, const std::string& field) {
    if (!value.is_string()) throw InputError(field, "must be one of the choices of parameter " + p.id + " (a string), got " + describeJsonType(value));
    const std::string c = value.get<std::string>();
    if (std::find(p.choices.begin(), p.choices.end(), c) == p.choices.end()) {
        std::string known;
        for (const std::string& q : p.choices) known += (known.empty() ? "" : ", ") + q;
        throw InputError(field, "\"" + c + "\" is not a choice of parameter " + p.id + " (" + known + ")");
    }
    return c;
}

// The index of the first earlier value equal to values[i], or -1.
template <class T>
int findRepeat(const std::vector<T>& values, std::size_t i) {
    for (std::size_t j = 0; j < i; ++j)
        if (values[j] == values[i]) return static_cast<int>(j);
    return -1;
}

}  // namespace

json SceneOverlay::toJson() const {
    json values = json::array();
    if (kind == SceneParameter::Kind::Number)
        for (double x : numbers) values.push_back(x);
    else
        for (const std::string& c : choices) values.push_back(c);
    return json{{"parameter", parameter}, {"values", values}};
}

std::optional<SceneOverlay> readSceneOverlay(const json& document, const std::vector<SceneParameter>& parameters) {
    const json* field = findMember(document, kOverlayKey);
    if (!field) return std::nullopt;
    requireObject(*field, "overlay");
    rejectUnknownKeys(*field, {"parameter", "values"}, "overlay");
    const SceneParameter& p = findOverlayParameter(parameters, getMember(*field, "parameter", "overlay"));
    const json& values = getMember(*field, "values", "overlay");
    if (!values.is_array() || values.size() < kMinOverlayValues || values.size() > kMaxOverlayValues)
        throw InputError("overlay.values", "must be an array of " + std::to_string(kMinOverlayValues) + " to " +
                                               std::to_string(kMaxOverlayValues) + " values, got " +
                                               (values.is_array() ? std::to_string(values.size()) + " values" : describeJsonType(values)));
    SceneOverlay overlay;
    overlay.parameter = p.id;
    overlay.kind = p.kind;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::string f = indexField("overlay.values", i);
        int repeat = -1;
        if (p.kind == SceneParameter::Kind::Number) {
            overlay.numbers.push_back(readOverlayNumber(p, values[i], f));
            repeat = findRepeat(overlay.numbers, i);
        } else {
            overlay.choices.push_back(readOverlayChoice(p, values[i], f));
            repeat = findRepeat(overlay.choices, i);
        }
        if (repeat >= 0) throw InputError(f, "repeats overlay.values[" + std::to_string(repeat) + "]");
    }
    return overlay;
}

json setSceneOverlay(const json& document, const std::optional<SceneOverlay>& overlay) {
    json out = document;
    if (!overlay) {
        out.erase(kOverlayKey);
        return out;
    }
    out[kOverlayKey] = overlay->toJson();
    readSceneOverlay(out, parseSceneParameters(document));   // the same checks as a file's
    return out;
}

std::string makeOverlayLabel(const SceneParameter& parameter, double siValue) {
    if (parameter.unit == "rad") return parameter.id + " = " + formatNumber(siValue * 180.0 / kPi, kOverlayLabelDigits) + " deg";
    return parameter.id + " = " + formatNumber(siValue, kOverlayLabelDigits) + (parameter.unit.empty() ? "" : " " + parameter.unit);
}

std::string makeOverlayLabel(const SceneParameter& parameter, const std::string& choice) { return parameter.id + " = " + choice; }

std::vector<OverlayCase> expandSceneOverlay(const json& document) {
    // Most documents have none: their parameters are not read for it.
    if (!document.is_object() || !document.contains(kOverlayKey)) return {};
    const std::vector<SceneParameter> parameters = parseSceneParameters(document);
    const std::optional<SceneOverlay> overlay = readSceneOverlay(document, parameters);
    std::vector<OverlayCase> cases;
    if (!overlay) return cases;
    json base = document;
    base.erase(kOverlayKey);
    const SceneParameter& p = *std::find_if(parameters.begin(), parameters.end(),
                                            [&](const SceneParameter& q) { return q.id == overlay->parameter; });
    for (std::size_t i = 0; i < overlay->getValueCount(); ++i) {
        if (overlay->kind == SceneParameter::Kind::Number)
            cases.push_back({makeOverlayLabel(p, overlay->numbers[i]), setParameterInDocument(parameters, base, p.id, overlay->numbers[i])});
        else
            cases.push_back({makeOverlayLabel(p, overlay->choices[i]), setChoiceInDocument(parameters, base, p.id, overlay->choices[i])});
    }
    return cases;
}

}  // namespace impactlab
