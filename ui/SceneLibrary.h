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
// Reads a scene document (JSON) from a file or a resource path. Throws InputError.
nlohmann::json readSceneDocument(const QString& path);
// Reads a simulation scene from a file or a resource path. Throws InputError.
Scene readScene(const QString& path);
// True for a single-impact scene (format impactlab.impact-scene/1).
bool isImpactSceneDocument(const nlohmann::json& document);

}  // namespace impactlab::ui
