#pragma once
// The built-in scenes as the readers of their kinds see them, for the suites
// that check a field every kind takes (an overlay, measurements).
#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "sim/SceneKinds.h"
#include "support/SceneTestSupport.h"

namespace impactlab::test {

// The reader of the document's kind, as the app and the CLI call it.
inline void readAsItsKind(const nlohmann::json& doc) { getSceneKindInfo(doc).read(doc); }

// Calls f(file name, document, its parameters, its first numeric parameter)
// for every built-in scene that has a numeric parameter; returns the kinds
// those scenes are of.
inline std::set<SceneKind> forEachSceneWithANumericParameter(
    const std::function<void(const std::string&, const nlohmann::json&, const std::vector<SceneParameter>&,
                             const SceneParameter&)>& f) {
    std::set<SceneKind> kinds;
    for (const auto& entry : std::filesystem::directory_iterator(IMPACTLAB_SCENES_DIR)) {
        if (entry.path().extension() != ".json") continue;   // scenes/data/ holds the files scenes name
        const std::string name = entry.path().filename().string();
        const nlohmann::json doc = loadSceneDocument(name);
        const std::vector<SceneParameter> parameters = getSceneKindInfo(doc).readParameters(doc);
        const auto p = std::find_if(parameters.begin(), parameters.end(),
                                    [](const SceneParameter& q) { return q.kind == SceneParameter::Kind::Number; });
        if (p == parameters.end()) continue;
        f(name, doc, parameters, *p);
        kinds.insert(getSceneKind(doc));
    }
    return kinds;
}

}  // namespace impactlab::test
