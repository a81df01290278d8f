#pragma once
// Built-in scenes (compiled in as Qt resources) and scene files on disk.
#include <QString>
#include <QStringList>

#include <exception>
#include <vector>

#include "scene/Scene.h"

namespace impactlab::ui {

// Resource paths of the built-in scenes, e.g. ":/scenes/superball.json".
QStringList listBuiltInScenes();
// A built-in scene as the File menu lists it: its own name and description
// (from the file) under the paper it belongs to.
struct BuiltInScene {
    QString path;          // ":/scenes/<file>.json"
    QString name;          // the scene's "name"
    QString description;   // the scene's "description" (the menu's tooltip)
    QString group;         // the paper, or "Simulations" for the app's own scenes
};
// Every built-in scene, grouped in the order of kBuiltInGroups, by name within
// a group. A file that cannot be read is listed under its file name.
std::vector<BuiltInScene> listBuiltInSceneEntries();
// The group of a built-in scene by its file stem ("impact-painleve-rod"), from
// the one table of them; empty for a stem the table lacks.
QString findBuiltInSceneGroup(const QString& stem);
// The group titles in menu order.
QStringList listBuiltInSceneGroups();

// The resource path of the built-in scene called `name`, its file name with
// or without ".json" ("superball", "superball.json"); empty when there is none.
QString findBuiltInScenePath(const QString& name);

// A scene named on a command line (the app's, impactlab-report's): a file
// when there is one, else a built-in scene by name (compiled in, so an
// installed program needs no scene files on disk). Anything else is returned
// as given, for opening to report.
QString resolveSceneArgument(const QString& arg);

// The scene the app opens by default.
QString defaultScenePath();
// An exception's message for the user: its what(), without the JSON library's
// "[json.exception.type_error.302]" prefix (InputError names the field).
QString describeError(const std::exception& e);
// Reads a scene document (JSON) from a file or a resource path. Throws InputError.
nlohmann::json readSceneDocument(const QString& path);
// Reads a simulated scene (spatial, planar or vehicles) from a file or a
// resource path. Throws InputError.
SimulatedScene readScene(const QString& path);

}  // namespace impactlab::ui
