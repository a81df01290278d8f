#pragma once
// The unit a parameter is shown in, wherever the ui shows it (the parameter
// panel's spin boxes, the report's parameter table): the core's display unit
// (scene/DisplayUnit.h) for the parameter's SI unit.
#include <QString>

#include "scene/DisplayUnit.h"
#include "scene/Scene.h"

namespace impactlab::ui {

struct ParameterDisplayUnit {
    QString unit;          // "deg", "GPa", else the scene's own unit
    double scale = 1.0;    // displayed = SI * scale
};

inline ParameterDisplayUnit getParameterDisplayUnit(const SceneParameter& parameter) {
    const DisplayUnit d = getDisplayUnit(parameter.unit);
    return {QString::fromStdString(d.unit), d.scale};
}

}  // namespace impactlab::ui
