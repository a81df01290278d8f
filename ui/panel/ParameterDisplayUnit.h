#pragma once
// The unit a parameter is shown in, wherever it is shown (the parameter
// panel's spin boxes, the report's parameter table): angles in degrees, as
// people read them, and stiffnesses in GPa, the papers' unit; the scene
// stores SI (rad, Pa). One place, so the report reads as the screen does.
#include <QString>

#include "scene/Scene.h"

namespace impactlab::ui {

inline constexpr double kDegreesPerRadian = 180.0 / 3.14159265358979323846;
inline constexpr double kGigaPascalPerPascal = 1e-9;

struct ParameterDisplayUnit {
    QString unit;          // "deg", "GPa", else the scene's own unit
    double scale = 1.0;    // displayed = SI * scale
};

inline ParameterDisplayUnit getParameterDisplayUnit(const SceneParameter& parameter) {
    if (parameter.unit == "rad") return {QStringLiteral("deg"), kDegreesPerRadian};
    if (parameter.unit == "Pa") return {QStringLiteral("GPa"), kGigaPascalPerPascal};
    return {QString::fromStdString(parameter.unit), 1.0};
}

}  // namespace impactlab::ui
