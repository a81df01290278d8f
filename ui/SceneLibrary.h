#pragma once
// Built-in scenes (compiled in as Qt resources) and scene files on disk.
#include <QString>
#include <QStringList>

#include "scene/Scene.h"

namespace impactlab::ui {

// Resource paths of the built-in scenes, e.g. ":/scenes/superball.json".
QStringList listBuiltInScenes();
// The scene the app opens by default.
QString defaultScenePath();
// Reads a scene from a file or a resource path. Throws InputError.
Scene readScene(const QString& path);

}  // namespace impactlab::ui
