#include "SceneLibrary.h"

#include <QDir>
#include <QFile>

// The scenes are compiled into the static ui library, whose resource
// initialiser the linker would drop: register it explicitly (outside any
// namespace, as Q_INIT_RESOURCE requires).
static void initSceneResources() { Q_INIT_RESOURCE(scenes); }

namespace impactlab::ui {

namespace {
void ensureResources() {
    static const bool done = (initSceneResources(), true);
    (void)done;
}
}  // namespace

QStringList listBuiltInScenes() {
    ensureResources();
    QStringList out;
    for (const QString& name : QDir(":/scenes").entryList({"*.json"}, QDir::Files, QDir::Name))
        out << ":/scenes/" + name;
    return out;
}

QString defaultScenePath() { return ":/scenes/superball.json"; }

Scene readScene(const QString& path) { return parseScene(readSceneDocument(path)); }

bool isImpactSceneDocument(const nlohmann::json& document) {
    return document.is_object() && document.value("format", "") == "impactlab.impact-scene/1";
}

nlohmann::json readSceneDocument(const QString& path) {
    ensureResources();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw InputError(path.toStdString(), "cannot be opened");
    const QByteArray bytes = f.readAll();
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(bytes.begin(), bytes.end());
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(path.toStdString(), std::string("is not valid JSON: ") + e.what());
    }
    return doc;
}

}  // namespace impactlab::ui
