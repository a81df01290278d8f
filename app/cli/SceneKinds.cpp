#include "cli/SceneKinds.h"

#include <cmath>

#include "cli/Args.h"
#include "cli/Cli.h"
#include "io/JsonInput.h"
#include "scene/Scene.h"
#include "sim/SceneKinds.h"

namespace impactlab::cli {

using nlohmann::json;
using nlohmann::ordered_json;

json applySets(const json& document, const std::vector<std::string>& sets) {
    json doc = document;
    for (const std::string& assignment : sets) {
        const auto eq = assignment.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError("--set needs id=value, got '" + assignment + "'");
        const std::string id = assignment.substr(0, eq);
        const std::string text = assignment.substr(eq + 1);
        const std::string field = "--set " + id;
        const std::vector<SceneParameter> parameters = getSceneKindInfo(doc).readParameters(doc);
        const SceneParameter* p = nullptr;
        for (const SceneParameter& q : parameters)
            if (q.id == id) p = &q;
        if (!p) {
            std::string known;
            for (const auto& q : parameters) known += (known.empty() ? "" : ", ") + q.id;
            throw InputError(field, "no such parameter in this scene (known: " + known + ")");
        }
        if (p->kind == SceneParameter::Kind::Choice) {
            doc = setChoiceInDocument(parameters, doc, id, text);
            continue;
        }
        const std::optional<double> value = parseFiniteNumber(text);
        if (!value) throw InputError(field, "must be a finite number, got '" + text + "'");
        doc[json::json_pointer(p->target)] = *value;   // as given: not clamped to the slider
    }
    return doc;
}

ordered_json solveSceneDocument(const json& document, const std::optional<std::string>& law, bool withTrace) {
    return getSceneKindInfo(document).solve(document, law, withTrace);
}

}  // namespace impactlab::cli
