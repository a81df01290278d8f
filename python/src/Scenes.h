#pragma once
// impactlab.Scene's native half, figures() and the measurement sweep
// (docs/python.md): a scene document of any kind, its parameters, its run as
// `impactlab-cli simulate` runs it.
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

namespace impactlab::python {

namespace py = pybind11;

// A scene document, read and checked by its kind's reader; immutable.
struct SceneDocument {
    nlohmann::json document;   // unified format (scene/SceneDocument.h)
};

void registerScenes(py::module_& m);

// The document of a Scene, a dict or anything else Python hands in.
const nlohmann::json& getSceneDocument(const SceneDocument& scene);

}  // namespace impactlab::python
